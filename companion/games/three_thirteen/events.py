"""Three Thirteen's events (what the table records), options, the state a replay builds from
them, and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.cards import Card
from companion.rules.core import GameTable, HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.melds import Arrangement
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who deals the hand; its number gives the cards dealt and the wild rank.")
    dealer: Seat


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr("Quick entry of a hand: who went out, and each player's deadwood in points.")
    out: Seat
    deadwood: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Hands(Event):
    kind = "hands"
    summary = tr(
        "Full entry of a hand: who went out, and each player's cards at the end; the app finds "
        "each player's best arrangement and counts the deadwood."
    )
    out: Seat
    cards: PerSeat[tuple[Card, ...]]
    #: Each player's melds as they laid them out: needed with the option ``arrangement =
    #: "declared"``, shown but not scored otherwise.
    melds: PerSeat[tuple[tuple[Card, ...], ...]] | None = None

    def __post_init__(self) -> None:
        # A hand has no order: each player's cards are kept sorted (suits S H D C, high to low),
        # so that the same hand is always the same entry, however it was typed or tapped.
        ordered = tuple(tuple(sorted(cards, key=Card.sort_key)) for cards in self.cards)
        object.__setattr__(self, "cards", ordered)


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ThreeThirteenOptions:
    #: Packs shuffled together; 0: by the number of players (1 for 2, 2 for 3-4, 3 for 5-6...).
    decks: int = 0
    #: Two identical cards (several packs) may be in one set; False: different suits only.
    identical_in_set: bool = True
    #: What a wild card left over costs: 0 its face value, or a fixed 20 or 25.
    wild_penalty: int = 0
    #: What an ace left over costs: 1, or 15.
    ace_value: int = 1
    #: Points for going out: 0, or -10.
    going_out_bonus: int = 0
    #: Which arrangement scores: "best" (the least deadwood, found by the app) or "declared"
    #: (the melds each player lays out).
    arrangement: str = "best"


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int  # 1..11
    dealer: int


@dataclasses.dataclass(frozen=True)
class ThreeThirteenState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None
    #: The best arrangement of each player's cards, per finished hand (None: quick entry).
    arrangements: tuple[tuple[Arrangement, ...] | None, ...] = ()


class Table(GameTable[ThreeThirteenState, ThreeThirteenOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``ThreeThirteen`` has it all)."""

    def decks(self) -> int: ...
