"""Recruit's events (what the table records), options, the state a replay builds from them,
and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from companion.rules.cards import Card
from companion.rules.core import HandScore
from companion.rules.events import Event, PerSeat, Record, Seat
from companion.rules.tricks import Failure, RulesView, TrickRecord

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = "Who dealt, the card turned up for trump, and the variants declared for the hand."
    dealer: Seat
    shown: Card
    variants: frozenset[str] = frozenset()


@dataclasses.dataclass(frozen=True, kw_only=True)
class Exchange(Event):
    kind = "exchange"
    summary = "How many cards each player swapped (2-3 players) or passed (4 players, Passer)."
    swapped: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Pile(Record):
    """What one player collected: the number of cards, the face cards among them, and (Match)
    how many have the rank of the card turned up."""

    cards: int
    jacks: int = 0
    queens: int = 0
    kings: int = 0
    matches: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Piles(Event):
    kind = "piles"
    summary = "Quick entry of a whole hand: what each player collected."
    piles: PerSeat[Pile]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = "One trick, card by card, in the order played from the leader."
    cards: tuple[Card, ...]
    leader: Seat | None = None


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RecruitOptions:
    joker_play: str = "void-only"
    joker_lead: str = "no-suit"
    match_scoring: str = "instead"
    ties: str = "share"


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    shown: Card
    variants: frozenset[str]
    exchanged: bool = False
    tricks: tuple[TrickRecord, ...] = ()
    unproven: tuple[Failure, ...] = ()  # failures to follow no later card has shown yet


@dataclasses.dataclass(frozen=True)
class RecruitState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None


@dataclasses.dataclass(frozen=True)
class Collected:
    """A pile reduced to what scoring needs."""

    cards: int
    faces: tuple[int, int, int]  # jacks, queens, kings
    matches: int


class Table(RulesView[RecruitState, RecruitOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Recruit`` has it all), so they
    never import the game module."""

    def leader(self, hand: Hand) -> int: ...

    def record(self, hand: Hand, cards: Sequence[Card]) -> TrickRecord: ...

    def follow_step(
        self, hand: Hand, record: TrickRecord
    ) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card | None]]]: ...
