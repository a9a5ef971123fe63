"""Jersey Gin's events (what the table records), options, the state a replay builds from them,
and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.cards import Card
from companion.rules.core import HandScore, Outcome
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who deals the hand (ten cards each, one card turned up).")
    dealer: Seat


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr(
        "Quick entry of a hand: how it ended (a knock, gin, or the stock run out after the "
        "break), who knocked, went gin or broke, and each player's deadwood after lay-offs."
    )
    end: str  # "knock", "gin" or "break"
    by: Seat  # the knocker, the player who went gin, or the breaker
    deadwood: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Show(Event):
    kind = "show"
    summary = tr(
        "Full entry, first step: the knocker's (or the gin player's) ten cards after the "
        "discard; the app finds the melds and the deadwood."
    )
    end: str  # "knock" or "gin"
    by: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=Card.sort_key)))


@dataclasses.dataclass(frozen=True, kw_only=True)
class LayOff(Event):
    kind = "layoff"
    summary = tr(
        "One card a defender lays off on one of the knocker's melds (numbered as shown), in "
        "turn from the knocker's left."
    )
    seat: Seat
    card: Card
    meld: int  # 1-based, as the knocker's melds are shown


@dataclasses.dataclass(frozen=True, kw_only=True)
class Rest(Event):
    kind = "rest"
    summary = tr(
        "Full entry, last step: the cards the two others still hold after laying off; the app "
        "finds their best arrangement and scores the hand."
    )
    cards: PerSeat[tuple[Card, ...]]  # the knocker's entry is empty

    def __post_init__(self) -> None:
        ordered = tuple(tuple(sorted(cards, key=Card.sort_key)) for cards in self.cards)
        object.__setattr__(self, "cards", ordered)


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class JerseyGinOptions:
    #: Who wins when the knocker and a defender have the same count: "defender" or "knocker".
    knock_tie: str = "defender"
    #: What an underknock scores against: "both" opponents (the source) or the "knocker" only.
    underknock: str = "both"
    #: The final settlement: "pairwise" differences of the final totals, or "none".
    settlement: str = "pairwise"
    #: A player who won no hand (no box) pays double in the settlement.
    shutout_double: bool = False


@dataclasses.dataclass(frozen=True)
class Shown:
    """The knocker's hand in a full entry: the melds the app found (lay-offs added in order)."""

    end: str
    by: int
    cards: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int
    layoffs: tuple[tuple[int, Card, int], ...] = ()  # (seat, card, meld index 0-based)


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    shown: Shown | None = None


@dataclasses.dataclass(frozen=True)
class JerseyGinState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None
    #: Hands won (boxes) per player.
    boxes: tuple[int, ...] = (0, 0, 0)
    #: Hand points per player, without the end-of-game bonuses.
    points: tuple[int, ...] = (0, 0, 0)
    #: The player who reached 100 first (the game is over), or None.
    winner: int | None = None


class Table(Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``JerseyGin`` has it all)."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> JerseyGinOptions: ...

    def outcome(self, state: JerseyGinState) -> Outcome | None: ...

    def winners_text(self, end: Outcome) -> str: ...

    def scores(self, state: JerseyGinState) -> tuple[int, ...]: ...
