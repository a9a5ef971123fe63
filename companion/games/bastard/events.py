"""Bastard's events (what the table records), options, the state a replay builds from them, and
what the helper modules may ask of the rules (:class:`Table`).

One *game* of Bastard is one hand here: it ends with a finishing order. The evening (the app's
game) is a series of them, with a tally of wins and bastards.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.games.bastard.play import Plan
from companion.rules.cards import Card
from companion.rules.core import GameTable, HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr(
        "Who dealt, the card turned up (needed for play by play) and, after a shared win, "
        "who starts."
    )
    dealer: Seat
    upcard: Card | None = None
    starter: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr(
        "Quick entry of a whole game: each player's finishing place (1 = first out; players "
        "who went out together share a place)."
    )
    places: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Play(Event):
    kind = "play"
    summary = tr("One play: a card, or several of one rank in alternating colours, in order.")
    seat: Seat
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Pass(Event):
    kind = "pass"
    summary = tr(
        "A pass (the player draws from the stock), by choice or because they cannot play; "
        "a player who cannot beat their own card takes the bastard rule's penalty instead."
    )
    seat: Seat
    by_choice: bool = False


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class BastardOptions:
    games: int = 0  # games in the evening; 0: no fixed end
    decks: int = 0  # 0: one pack up to six players, two above
    coloured_jokers: bool = False
    joker_pair: bool = False  # two jokers may go down together (ruling B-3)
    penalty_count: str = "start"  # "start": players at the start - 1; "still-in" (B-7)
    givers: str = "right"  # the order the others give in (B-8)
    gift: str = "giver"  # "giver" chooses the card, or "blind": the receiver draws (B-6)
    penalty_draw: bool = False  # the stuck player also draws the pass card (B-5)
    reshuffle: bool = False  # an empty stock is remade from the pile (B-11)
    next_dealer: str = "bastard"  # "bastard" or "left" (B-12)
    bastard_point: bool = False  # the bastard loses a point; else a tally only (B-13)


@dataclasses.dataclass(frozen=True)
class Penalty:
    """The bastard rule as applied: who took how many cards, from where."""

    seat: int
    owed: int
    from_stock: int
    givers: tuple[int, ...]
    went_out: tuple[int, ...]
    reshuffled: bool = False
    extra: int = 0  # the pass card as well (option penalty_draw)


@dataclasses.dataclass(frozen=True)
class Hand:
    """One game of Bastard being played."""

    number: int
    dealer: int
    starter: int
    upcard: Card | None
    counts: tuple[int, ...]  # cards in each hand
    stock: int
    pile: tuple[Card, ...] = ()  # every card on the table, the turned card first
    top: Card | None = None  # the card to beat; None: a fresh pile, anything goes
    down: bool = False  # after an ace, plays go lower (until a 2)
    turn: int = 0
    last_player: int | None = None  # who laid the card to beat (None: the turned card)
    passes: int = 0  # passes in a row since the last play or reset
    previous_passed: bool = False
    out: tuple[tuple[int, ...], ...] = ()  # who went out, in order; together in one group
    entries: int = 0  # plays and passes recorded (quick entry only before any)
    penalty: Penalty | None = None  # the latest bastard rule this game


@dataclasses.dataclass(frozen=True)
class BastardState:
    done: tuple[HandScore, ...] = ()
    #: Each finished game's finishing groups, first out first; the last group is the bastard.
    finishes: tuple[tuple[tuple[int, ...], ...], ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None
    #: Who may start the next game: one seat, or several after a shared win (a cut decides).
    starters: tuple[int, ...] = ()


class Table(GameTable[BastardState, BastardOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Bastard`` has it all), so they
    never import the game module."""

    @property
    def packs(self) -> int: ...

    def stuck_check(self, hand: Hand) -> bool: ...

    def free(self, hand: Hand) -> bool: ...

    def pass_banned(self, hand: Hand) -> str: ...

    def owed(self, hand: Hand) -> int: ...

    def penalty_plan(self, hand: Hand, seat: int) -> Plan: ...

    def tally(self, state: BastardState) -> tuple[list[int], list[int]]: ...
