"""What an Ace-Deuce-Jack table records (the draw for the bank, the bank, bets, the piles
turned, a whole hand at once), its options, the hands and banks a replay counts, and the
``Table`` that :mod:`checks` and :mod:`text` ask of the rules."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.banking import BankEvent
from companion.rules.banking import Limits as Limits  # re-exported: the games and forms use it
from companion.rules.cards import Card
from companion.rules.core import HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bank(BankEvent):
    kind = "bank"
    summary = tr(
        "Who holds the bank, the smallest and largest bet allowed, and (if said) how much the "
        "banker can cover; between hands, a new banker or new limits."
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class HighCard(Event):
    kind = "high_card"
    summary = tr(
        "Who banks first: one card dealt face up to a player; the highest card banks, and a tie "
        "is dealt again among the tied players."
    )
    seat: Seat
    card: Card


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bet(Event):
    kind = "bet"
    summary = tr("One player's bet for the coming hand, before any pile is turned.")
    seat: Seat
    amount: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Turn(Event):
    kind = "turn"
    summary = tr("The bottom card of one pile, as the banker turns it.")
    card: Card


@dataclasses.dataclass(frozen=True, kw_only=True)
class Round(Event):
    kind = "round"
    summary = tr(
        "Quick entry of a whole hand: every player's bet (0 for none, the banker 0) and the "
        "bottom cards turned, up to the first ace, deuce or jack."
    )
    bets: PerSeat[int]
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Misdeal(Event):
    kind = "misdeal"
    summary = tr("The hand under way is void (a pile with no card, a misdeal): bets go back.")


@dataclasses.dataclass(frozen=True, kw_only=True)
class End(Event):
    kind = "end"
    summary = tr("The session ends, once every player has held the bank equally often.")


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class AceDeuceJackOptions:
    hands_per_bank: int = 5
    cover: str = "warn"  # "warn": flag bets beyond the banker's stack; "cap": refuse them
    ace: str = "high"  # in the draw for the first banker the ace is "high" or "low"


@dataclasses.dataclass(frozen=True)
class Hand:
    """A hand under way: the bets placed (seat, amount) in order and the cards turned."""

    limits: Limits
    bets: tuple[tuple[int, int], ...] = ()
    cards: tuple[Card, ...] = ()


@dataclasses.dataclass(frozen=True)
class Played:
    """A settled hand."""

    number: int
    limits: Limits
    bets: tuple[tuple[int, int], ...]
    cards: tuple[Card, ...]
    banker_wins: bool
    money: tuple[int, ...]  # per seat, minor units


@dataclasses.dataclass(frozen=True)
class AceDeuceJackState:
    limits: Limits | None = None
    hand: Hand | None = None
    played: tuple[Played, ...] = ()
    #: Each settled deal as a scored hand, made once when it is settled (``banking.scored``).
    done: tuple[HandScore, ...] = ()
    #: Hands settled by the current banker since they took the bank.
    in_bank: int = 0
    #: Hands each seat has banked.
    banked: tuple[int, ...] = ()
    misdeals: int = 0
    #: The draw for the first banker: every card dealt (seat, card), in order.
    drawn: tuple[tuple[int, Card], ...] = ()
    #: Who still draws (everyone, then the tied players) and the cards of this round.
    drawing: tuple[int, ...] | None = None
    this_round: tuple[tuple[int, Card], ...] = ()
    #: The draw's winner, who must take the bank first.
    first_banker: int | None = None
    ended: bool = False
    #: The last hand was settled before its third pile was turned, and nothing has been recorded
    #: since: the banker may still show the other piles (ruling 4.2.3), which changes no money.
    showing: bool = False


class Table(Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``AceDeuceJack`` has it all), so
    they never import the game module."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def options(self) -> AceDeuceJackOptions: ...

    @property
    def house_edge(self) -> str: ...

    def rotation_due(self, state: AceDeuceJackState) -> bool: ...

    def next_banker(self, state: AceDeuceJackState) -> int | None: ...

    def whole_rotations(self, state: AceDeuceJackState) -> bool: ...

    def still_to_draw(self, state: AceDeuceJackState) -> list[int]: ...
