"""Ui77's events (what the table records), options, the state a replay builds from them, and
what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Protocol

from companion.rules.cards import Card
from companion.rules.core import HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr
from companion.rules.tricks import Failure, RulesView, TrickRecord

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr(
        "Who dealt, the three face-up cards (trump, slough, target) and who offered or "
        "accepted a cut; for the first deal, the cards dealt face up to find the first dealer "
        "may be listed."
    )
    dealer: Seat
    card_one: Card  # its suit is trump
    card_two: Card  # slough suit, the throw, when trump takes effect
    card_three: Card  # the target number of tricks
    cut: tuple[Seat, ...] = ()  # players penalised 1 point for offering or accepting a cut
    #: First deal only, optional (rule 2): the cards dealt face up one a player, from
    #: ``first_start`` (default: the first player), until the first club, which goes to the
    #: dealer. Without them the table's choice stands (a player named Carly may claim it).
    first_cards: tuple[Card, ...] | None = None
    first_start: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Swap(Event):
    kind = "swap"
    summary = tr(
        "All three face-up cards share a suit: a player puts a card of that suit from their "
        "hand in place of one face-up card (in turn from the dealer's left, once each)."
    )
    seat: Seat
    card: Card  # from the player's hand, face up now
    position: int  # 1, 2 or 3: the face-up card it replaces, which goes to the player's hand


@dataclasses.dataclass(frozen=True, kw_only=True)
class Discards(Event):
    kind = "discards"
    summary = tr("How many cards each player discarded face down, up to the throw.")
    counts: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = tr(
        "One trick: the cards in order from the leader. The winner of tricks 1 to 4 draws a card."
    )
    cards: tuple[Card, ...]
    leader: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Leftover(Event):
    kind = "leftover"
    summary = tr(
        "After the last trick: how many of each player's remaining cards are of the slough suit."
    )
    slough: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr(
        "Quick entry of a whole hand: cards discarded, tricks won, cards left and slough cards "
        "among them, for each player."
    )
    discards: PerSeat[int]
    tricks: PerSeat[int]
    left: PerSeat[int]
    slough: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Goal(Event):
    kind = "goal"
    summary = tr(
        "The game-ending score, a multiple of 11, chosen once every player has dealt once."
    )
    score: int


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Ui77Options:
    ace_low: bool = False  # U-1
    broken_by: str = "any"  # U-3: "any" trump played, or only an "effective" one
    nov_rounding: str = "half-up"  # U-7: "half-up", "floor" or "tenth" (one decimal kept)
    goal_above_totals: bool = True  # U-10
    cut_penalty: bool = True  # U-11
    ties: str = "share"  # U-13: equal lowest totals "share" the win, or "play-on"


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    faceup: tuple[Card, Card, Card]
    cut: tuple[int, ...] = ()
    swapped: tuple[int, ...] = ()  # seats that swapped, in order
    taken: tuple[tuple[int, Card], ...] = ()  # (seat, the face-up card they took) per swap
    discards: tuple[int, ...] | None = None  # None until recorded
    tricks: tuple[TrickRecord, ...] = ()
    draws: tuple[int, ...] = ()  # per seat, cards drawn so far
    broken: bool = False  # trump broken (U-3)
    broken_at: int = 0  # the trick that broke it
    unproven: tuple[Failure, ...] = ()


@dataclasses.dataclass(frozen=True)
class Ui77State:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None
    goal: int | None = None
    totals: tuple[int, ...] = ()  # after the hands done (Go Nov included)


class Table(RulesView[Ui77State, Ui77Options], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Ui77`` has it all), so they never
    import the game module."""

    @property
    def points_scale(self) -> int: ...

    def shown_points(self, value: int) -> int | Decimal: ...

    def expects(self, state: Ui77State) -> frozenset[str]: ...

    def phase(self, state: Ui77State) -> str: ...

    def leader(self, hand: Hand) -> int: ...

    def held(self, hand: Hand) -> list[int]: ...

    def won(self, hand: Hand) -> list[int]: ...

    def goal_due(self, state: Ui77State) -> bool: ...

    def record(self, hand: Hand, cards: tuple[Card, ...]) -> TrickRecord: ...
