"""Jersey Gin's events (what the table records), options, the state a replay builds from them,
and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.cards import Card
from companion.rules.core import GameTable, HandScore
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
        "discard, and if they like the melds as they laid them out; otherwise the app finds "
        "the best melds. The app counts the deadwood."
    )
    end: str  # "knock" or "gin"
    by: Seat
    cards: tuple[Card, ...]
    #: The melds as the knocker laid them out (ruling 6.2.4: binding, as they fix what the others
    #: may lay off on); None: the app's best arrangement.
    melds: tuple[tuple[Card, ...], ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=Card.sort_key)))


@dataclasses.dataclass(frozen=True, kw_only=True)
class LayOff(Event):
    kind = "layoff"
    summary = tr(
        "One card laid off on a meld (numbered as shown): after a knock, a defender's card on "
        "one of the knocker's melds, in turn from the knocker's left; after the break, the card "
        "of the player whose turn it is, on any meld on the table."
    )
    seat: Seat
    card: Card
    meld: int  # 1-based, as the knocker's melds (or the melds on the table) are shown


@dataclasses.dataclass(frozen=True, kw_only=True)
class Draw(Event):
    kind = "draw"
    summary = tr(
        "Play, optional: a player draws, from the stock or the discard pile, in turn from the "
        "dealer's left; the screen then counts the stock and names the breaker. After the "
        "break a card taken from the discard pile is named, as it must go into a meld at once."
    )
    seat: Seat
    source: str  # "stock" or "discard"
    card: Card | None = None  # the discard taken (needed after the break)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Meld(Event):
    kind = "meld"
    summary = tr("After the break: the player whose turn it is lays a meld face up on the table.")
    seat: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=Card.sort_key)))


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
    #: After a knock, the defenders lay off on the "knocker"'s melds only, or on "any"
    #: opponent's: the knocker's and the other defender's (ruling 6.3.1).
    layoff_targets: str = "knocker"


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
class Tabled:
    """A meld laid face up after the break, by ``seat``, with the cards laid off on it."""

    seat: int
    cards: tuple[Card, ...]


#: Cards in the stock after the deal: 52 - 3 x 10 dealt - 1 turned up.
STOCK = 21


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    shown: Shown | None = None
    #: The play, when draws are recorded: cards left in the stock, draws so far, who drew last.
    stock: int = STOCK
    draws: int = 0
    turn: int | None = None
    #: The break (ruling 6.2.8): the breaker, how many turns they have had since, the discard
    #: taken this turn (it must go into a meld), the melds on the table and the lay-offs on them
    #: as (seat, card, meld index 0-based).
    breaker: int | None = None
    breaker_turns: int = 0
    taken: Card | None = None
    tabled: tuple[Tabled, ...] = ()
    laid: tuple[tuple[int, Card, int], ...] = ()

    def put_down(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has put on the table: melds laid down (after the break, or a
        defender's after a knock) and lay-offs after the break."""
        others = {c for _, c, _ in (*self.laid, *(self.shown.layoffs if self.shown else ()))}
        mine = [c for t in self.tabled if t.seat == seat for c in t.cards if c not in others]
        return (*mine, *(c for s, c, _ in self.laid if s == seat))


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


class Table(GameTable[JerseyGinState, JerseyGinOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``JerseyGin`` has it all)."""
