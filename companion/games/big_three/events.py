"""Big Three's events (what the table records), options, the state a replay builds from them,
and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.games.big_three.play import Combo, in_order
from companion.rules.cards import Card
from companion.rules.core import GameTable, HandScore
from companion.rules.events import Event, Seat
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who dealt, and who opens the bidding (the holder of 4♥, or of the lowest heart).")
    dealer: Seat
    opener: Seat
    heart: Card | None = None  # the opener's lowest heart, when it is not 4♥ (or to check it)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bid(Event):
    kind = "bid"
    summary = tr("One call in the bidding: 1, 2 or 3 units, or 0 to pass (passing is final).")
    seat: Seat
    bid: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr(
        "Quick entry of a whole hand: the winning bid, the solo player, who went out first."
    )
    bid: int
    solo: Seat
    first_out: Seat
    bombs: int = 0  # quads played in the hand (option ``bomb_doubles``)
    spring: bool = False  # the losing side never played a card (option ``spring``)
    forced: bool = False  # the solo player dug by force (option ``forced_dig``): the bid is 3


@dataclasses.dataclass(frozen=True, kw_only=True)
class Dig(Event):
    kind = "dig"
    summary = tr(
        "A forced dig: a player shows three or four 3s, or two 3s and two 2s, and plays solo at 3."
    )
    seat: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", in_order(self.cards))


@dataclasses.dataclass(frozen=True, kw_only=True)
class Play(Event):
    kind = "play"
    summary = tr("One combination played, its cards in any order.")
    seat: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", in_order(self.cards))


@dataclasses.dataclass(frozen=True, kw_only=True)
class Pass(Event):
    kind = "pass"
    summary = tr("A pass in the play (the player may play again later).")
    seat: Seat


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class BigThreeOptions:
    hands: int = 0  # hands in the session; 0: no fixed end
    direction: str = "left"  # bidding and play go "left" (the source) or "right"
    bombs: bool = False  # quads beat any combination but higher quads
    bomb_doubles: bool = False  # each quads played doubles the stake
    spring: bool = False  # a side that never played doubles the stake
    next_dealer: str = "left"  # "left" or "winner"
    forced_dig: bool = False  # three 3s, four 3s, or two 3s and two 2s make their holder dig at 3


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    opener: int
    heart: Card | None = None
    calls: tuple[tuple[int, int], ...] = ()  # (seat, bid; 0 = pass)
    solo: int | None = None
    bid: int = 0
    counts: tuple[int, ...] = ()  # cards held, once the bidding is over
    played: frozenset[Card] = frozenset()
    current: Combo | None = None  # the combination to beat; None: a free lead
    current_cards: tuple[Card, ...] = ()
    last_player: int | None = None
    passes: int = 0
    turn: int = 0
    plays_by: tuple[int, ...] = (0, 0, 0)  # plays made by each seat (for the spring option)
    bombs: int = 0  # quads played (for the doubling option)
    free_leads: int = 0  # leads won back by two passes (for the screen)
    forced: bool = False  # the solo player dug by force (option ``forced_dig``)
    dug: tuple[Card, ...] = ()  # the cards shown for it, when recorded play by play
    sprung: bool = False  # quick entry: the table said the losing side never played
    #: 3s and 2s each seat has played this hand (a missed forced dig shows in them).
    high_played: tuple[tuple[int, int], ...] = ((0, 0), (0, 0), (0, 0))


@dataclasses.dataclass(frozen=True)
class BigThreeState:
    done: tuple[HandScore, ...] = ()
    #: Each finished hand's settlement: chips per seat (solo +2b or -2b, opponents ∓b).
    money: tuple[tuple[int, ...], ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None


class Table(GameTable[BigThreeState, BigThreeOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``BigThree`` has it all)."""

    @property
    def step(self) -> int: ...

    def bidder(self, hand: Hand) -> int | None: ...

    def high_bid(self, hand: Hand) -> int: ...

    def stake(self, hand: Hand) -> int: ...
