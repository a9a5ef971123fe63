"""Belote's events (what the table records), options, the state a replay builds from them,
and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.cards import Card, Suit
from companion.rules.core import HandScore
from companion.rules.events import Event, Record, Seat
from companion.rules.text import tr
from companion.rules.tricks import OpenPlay, Proof, RulesView, TrickRecord

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr(
        "Who dealt, and the upcard turned up for the bidding (needed to bid card by card)."
    )
    dealer: Seat
    upcard: Card | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bid(Event):
    kind = "bid"
    summary = tr(
        "One player's bid: take the upcard's suit (round 1), name a suit (round 2), or pass."
    )
    seat: Seat
    call: str  # "take" | "pass" | a suit letter S H D C


@dataclasses.dataclass(frozen=True, kw_only=True)
class Redeal(Event):
    kind = "redeal"
    summary = tr("Everybody passed in both rounds: the cards are thrown in, the next player deals.")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Declare(Event):
    kind = "declare"
    summary = tr("A carré or a sequence announced with the first trick, by its cards.")
    seat: Seat
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class BeloteCall(Event):
    kind = "belote"
    summary = tr("A player announces belote-rebelote (the king and queen of trumps).")
    seat: Seat


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = tr("One trick, card by card, in the order played from the leader.")
    cards: tuple[Card, ...]
    leader: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Declared(Record):
    """A declaration shown at the table: who and the cards (a carré or a sequence)."""

    seat: Seat
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr("Quick entry of a whole hand: contract, trick points, declarations and belote.")
    taker: Seat
    trump: str  # S H D C
    taker_points: int  # the taker's team's trick points, last trick included (or not: see docs)
    defender_points: int | None = None  # None: 162 minus the taker's team's points
    last_trick: Seat | None = None  # needed when the points were counted without the last 10
    capot: bool = False  # one team took every trick
    declarations: tuple[Declared, ...] = ()
    belote: Seat | None = None


# --- state ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Hand:
    dealer: int
    upcard: Card | None
    bids: tuple[tuple[int, str], ...] = ()
    taker: int | None = None
    trump: Suit | None = None
    round: int = 0  # the bidding round in which the taker took
    melds: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    belote: int | None = None  # who announced belote
    tricks: tuple[TrickRecord, ...] = ()
    #: Plays of this hand that may yet be flagged (see ``belote.play.prove``).
    pending: tuple[OpenPlay, ...] = ()


@dataclasses.dataclass(frozen=True)
class BeloteState:
    done: tuple[HandScore, ...] = ()
    totals: tuple[int, int] = (0, 0)  # the sum of ``done``, kept so no step adds them all up
    hand: Hand | None = None
    next_dealer: int | None = None
    pot: int = 0  # litige points waiting for the next hand
    redeals: int = 0


@dataclasses.dataclass(frozen=True)
class BeloteOptions:
    direction: str = "left"
    declarations: str = "all"
    belote_announced: bool = False
    contract: str = "tricks"
    ties: str = "fail"
    belote_on_failure: str = "kept"
    capot: int = 252
    trump_lead: str = "opponent"
    equal_sequences: str = "priority"
    shared_card: bool = True
    rounding: str = "half-up"
    target: int = 1000
    both_over: str = "tie"


class Table(RulesView[BeloteState, BeloteOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Belote`` has it all), so they
    never import the game module."""

    def bidder(self, hand: Hand) -> int: ...

    def leader(self, hand: Hand) -> int: ...

    def needed(self, hand: Hand) -> int: ...

    def played(
        self, hand: Hand, cards: tuple[Card, ...]
    ) -> tuple[TrickRecord, tuple[OpenPlay, ...], list[Proof]]: ...
