"""What a Ziginette table records (the bank, the deal of two board cards and the banker's, bets
on board cards, the cards turned), its options, the deal and session a replay builds, and the
``Table`` that :mod:`checks` and :mod:`text` ask of the rules."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.banking import BankEvent
from companion.rules.banking import Limits as Limits  # re-exported: the games and forms use it
from companion.rules.cards import Card
from companion.rules.core import HandScore
from companion.rules.events import Event, Seat
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bank(BankEvent):
    kind = "bank"
    summary = tr(
        "Who holds the bank and the limits for the coming deals (and, if said, how much the "
        "banker can cover): at the start, when the bank passes, or when the banker changes them."
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr(
        "The two board cards and the banker's card; a pair among the three is a playette and "
        "the cards are dealt again."
    )
    board: tuple[Card, ...]
    banker_card: Card


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bet(Event):
    kind = "bet"
    summary = tr("A bet on a board card (named by the card); a second bet adds to the first.")
    seat: Seat
    card: Card
    amount: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Draw(Event):
    kind = "draw"
    summary = tr(
        "The next card the banker turns: it matches a board card or the banker's, is of a "
        "dead rank, or joins the board."
    )
    card: Card


@dataclasses.dataclass(frozen=True, kw_only=True)
class Stop(Event):
    kind = "stop"
    summary = tr("The deal ends with no bet left on the board and nobody betting again.")


@dataclasses.dataclass(frozen=True, kw_only=True)
class End(Event):
    kind = "end"
    summary = tr("The session ends (between deals).")


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ZiginetteOptions:
    cut: str = (
        "net"  # "net": 10% of the banker's net win per deal; "gross": of each bet taken; "off"
    )
    targets: str = "any"  # "any" live board card, or the "newest" only
    cover: str = "warn"  # bets beyond the banker's stack: "warn" (flag) or "cap" (refuse)


@dataclasses.dataclass(frozen=True)
class Spot:
    """A live board card and the bets on it: (seat, amount), a seat at most once."""

    card: Card
    bets: tuple[tuple[int, int], ...] = ()


@dataclasses.dataclass(frozen=True)
class Move:
    """One amount of money moved during a deal, and why (for the explained lines)."""

    seat: int
    amount: int  # the player's side: + the bank paid them, - the bank took it
    card: Card  # the board card the bet was on
    why: str  # "matched" | "banker-lost"
    by: Card  # the card turned that decided it


@dataclasses.dataclass(frozen=True)
class DealState:
    limits: Limits
    banker_card: Card
    board: tuple[Spot, ...]
    dead: frozenset[int] = frozenset()
    seen: frozenset[Card] = frozenset()
    moves: tuple[Move, ...] = ()
    discarded: tuple[Card, ...] = ()  # dead cards turned


@dataclasses.dataclass(frozen=True)
class Finished:
    number: int
    limits: Limits
    banker_card: Card
    moves: tuple[Move, ...]
    banker_lost: bool
    money: tuple[int, ...]  # per seat, after the cut
    cut: int  # to the house
    playettes: int


@dataclasses.dataclass(frozen=True)
class ZiginetteState:
    limits: Limits | None = None
    deal: DealState | None = None
    finished: tuple[Finished, ...] = ()
    #: Each settled deal as a scored hand, made once when it is settled (``banking.scored``).
    done: tuple[HandScore, ...] = ()
    playettes: int = 0  # playettes since the last deal began
    #: The banker lost the last deal: the bank must pass to the right.
    must_pass: bool = False
    ended: bool = False


class Table(Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Ziginette`` has it all), so they
    never import the game module."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def options(self) -> ZiginetteOptions: ...

    def right_of(self, seat: int) -> int: ...

    def can_stop(self, deal: DealState) -> bool: ...
