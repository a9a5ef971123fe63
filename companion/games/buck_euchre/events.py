"""Buck Euchre's events (what the table records), options, the state a replay builds from
them, and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from companion.rules.cards import Card, Suit
from companion.rules.core import HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr
from companion.rules.tricks import Failure, RulesView, TrickRecord

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who dealt, and the card turned up (may be left out, but then no card-by-card).")
    dealer: Seat
    upcard: Card | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bid(Event):
    kind = "bid"
    summary = tr(
        "One call, in turn from the dealer's left: pass, order-up (round 1) or a suit (2)."
    )
    seat: Seat
    call: str  # "pass", "order-up" (round 1), or "S" "H" "D" "C" (round 2)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Drops(Event):
    kind = "drops"
    summary = tr("Who dropped out once trump was chosen; nobody listed means everyone stays in.")
    dropped: tuple[Seat, ...] = ()


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr("Quick entry of a whole hand: trump, declarer, who dropped, tricks per player.")
    trump: str  # "S" "H" "D" "C", or "none"
    declarer: Seat | None = None
    dropped: tuple[Seat, ...] = ()
    tricks: PerSeat[int]
    how: str = ""  # "ordered" "named" "clubs" "none": needed only when the upcard is unknown


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = tr("One trick: the cards of the players still in, in order from the leader.")
    cards: tuple[Card, ...]
    leader: Seat | None = None


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class BuckEuchreOptions:
    start_score: int = 25
    dirty_clubs_pickup: bool = False


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    upcard: Card | None
    calls: tuple[tuple[int, str], ...] = ()
    fixed: bool = False  # trump decided: a suit, or no trump
    trump: Suit | None = None
    how: str = ""  # "ordered" "named" "clubs" "none" ("chosen": quick entry, round unknown)
    declarer: int | None = None
    dropped: frozenset[int] = frozenset()
    drops_done: bool = False
    tricks: tuple[TrickRecord, ...] = ()
    unproven: tuple[Failure, ...] = ()  # failures to follow no later card has shown yet


@dataclasses.dataclass(frozen=True)
class BuckEuchreState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None
    sweeper: int | None = None  # took all five tricks: the game is theirs (ruling 8.2.6.1)


class Table(RulesView[BuckEuchreState, BuckEuchreOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``BuckEuchre`` has it all), so
    they never import the game module."""

    def expects(self, state: BuckEuchreState) -> frozenset[str]: ...

    def phase(self, hand: Hand) -> str: ...

    def bidder(self, hand: Hand) -> int: ...

    def first_to_drop(self, hand: Hand) -> int: ...

    def order(self, hand: Hand, first: int) -> list[int]: ...

    def leader(self, hand: Hand) -> int: ...

    def picked_up(self, hand: Hand) -> bool: ...

    def won(self, hand: Hand) -> list[int]: ...

    def trump_text(self, hand: Hand) -> str: ...

    def record(self, hand: Hand, cards: Sequence[Card]) -> TrickRecord: ...
