"""Malilla's events (what the table records), options, the state a replay builds from them,
and what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.games.malilla.play import Flag
from companion.rules.cards import Card
from companion.rules.core import HandScore
from companion.rules.events import Event, Seat
from companion.rules.text import tr
from companion.rules.tricks import OpenPlay, Proof, RulesView, TrickRecord

Pair = tuple[int, int]  # one number per side: seats 1 & 3, then seats 2 & 4

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who dealt, and the last card, dealt face up to the dealer: it fixes trump.")
    dealer: Seat
    upcard: Card
    misdeal: bool = False  # the expected dealer misdealt: the next player deals instead


@dataclasses.dataclass(frozen=True, kw_only=True)
class Tally(Event):
    kind = "tally"
    summary = tr(
        "Quick entry of a whole hand: one side's card points and tricks (the rest follows)."
    )
    side: Seat  # any player of the side these figures are for
    card_points: int
    tricks: int
    other_card_points: int | None = None
    other_tricks: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = tr("One trick, card by card, in the order played from the leader.")
    cards: tuple[Card, ...]
    leader: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Forfeit(Event):
    kind = "forfeit"
    summary = tr(
        "The table confirms an irregularity: the player's side forfeits (note: what happened)."
    )
    player: Seat


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class MalillaOptions:
    trick_point: bool = True
    direction: str = "clockwise"
    penalty: str = "game"
    forfeit: str = "confirm"


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    upcard: Card
    held: bool = False  # the dealer's bonus waits until the hand is scored (ruling 3)
    tricks: tuple[TrickRecord, ...] = ()
    flags: tuple[Flag, ...] = ()  # irregular plays found so far, in the order found
    pending: tuple[OpenPlay, ...] = ()  # plays that may yet be flagged (see ``play.prove``)


@dataclasses.dataclass(frozen=True)
class Finished:
    """The hand scored last: a forfeit may still be confirmed for it until the next deal."""

    hand: Hand
    cards: Pair
    tricks: Pair
    forfeit: int | None = None  # the side that forfeited


@dataclasses.dataclass(frozen=True)
class MalillaState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    last: Finished | None = None
    next_dealer: int | None = None
    winner: int | None = None  # the side that won the game
    reason: str = ""  # "target-reached" | "capote" | "forfeit"


class Table(RulesView[MalillaState, MalillaOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Malilla`` has it all), so they
    never import the game module."""

    def next_seat(self, seat: int) -> int: ...

    def side_name(self, side: int) -> str: ...

    def side_points(self, cards: Pair, tricks: Pair) -> Pair: ...

    def leader(self, hand: Hand) -> int: ...

    def record(self, hand: Hand, cards: tuple[Card, ...]) -> TrickRecord: ...

    def prove(
        self, hand: Hand, record: TrickRecord
    ) -> tuple[tuple[OpenPlay, ...], list[Proof]]: ...
