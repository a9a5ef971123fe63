"""What a Skin table records (the first ace, the bank, each card turned and who took it, bets
and side bets, the banker's choices), its options, the deal a replay builds (cards, pots,
centre, dead ranks, money moved), and the ``Table`` that :mod:`checks` and :mod:`text` ask of
the rules."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.banking import BankEvent
from companion.rules.banking import Limits as Limits  # re-exported: the games and forms use it
from companion.rules.cards import Card
from companion.rules.core import HandScore
from companion.rules.events import Event, Seat
from companion.rules.text import tr


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bank(BankEvent):
    kind = "bank"
    summary = tr(
        "Who banks the coming deal, the smallest and largest bet, and (if said) how much the "
        "banker can cover."
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class FirstAce(Event):
    kind = "first_ace"
    summary = tr(
        "Who banks first: the cards dealt face up, one to each player in turn, until the first "
        "ace; the player dealt that ace takes the bank."
    )
    seat: Seat
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Turn(Event):
    kind = "turn"
    summary = tr(
        "A card turned from the pack, and who took it and bet (nobody: it went to the centre, "
        "or the rules decided it: a match, a dead rank, the banker's rank)."
    )
    card: Card
    taker: Seat | None = None
    bet: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class BankerCard(Event):
    kind = "banker_card"
    summary = tr("The banker's own card: after the first player takes a card, or after losing.")
    card: Card


@dataclasses.dataclass(frozen=True, kw_only=True)
class TakeCentre(Event):
    kind = "take_centre"
    summary = tr("A player without a card takes one from the centre and bets on it.")
    seat: Seat
    card: Card
    bet: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bet(Event):
    kind = "bet"
    summary = tr("After the banker lost and took a new card: a player's fresh bet on their card.")
    seat: Seat
    amount: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class SideBet(Event):
    kind = "side_bet"
    summary = tr(
        "A side bet between two players who both have a bet with the banker: the bettor wins if "
        "the other player's card is matched first."
    )
    bettor: Seat
    target: Seat
    amount: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Decline(Event):
    kind = "decline"
    summary = tr(
        "After losing, the banker takes no new card: cards are dealt only to settle side bets."
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class Out(Event):
    kind = "out"
    summary = tr("The pack has run out: bets with the banker go back, side bets are void.")


@dataclasses.dataclass(frozen=True, kw_only=True)
class End(Event):
    kind = "end"
    summary = tr("The session ends (between deals).")


@dataclasses.dataclass(frozen=True)
class SkinOptions:
    dead_after_banker: str = "dead"  # the banker's rank after it is matched: "dead" or "live"
    dead_after_pair: str = "dead"  # the rank of a pair on the first two cards: "dead" or "live"
    centre_match: str = "discard"  # a card pairing an unbet centre card: "discard" both or "keep"
    rotation: str = "left"  # the bank passes "left" (source) or "right"
    cover: str = "warn"  # bets beyond the banker's stack: "warn" or "cap"
    cut: str = "off"  # the house's rake: "off" (the source's private game), "net" or "gross"


@dataclasses.dataclass(frozen=True)
class Move:
    """Money moved in a deal: ``winner`` takes ``amount`` from ``loser`` (seats), and why."""

    winner: int
    loser: int
    amount: int
    why: str  # "matched" "banker-lost" "side-bet"
    card: Card


@dataclasses.dataclass(frozen=True)
class DealState:
    limits: Limits
    cards: tuple[Card | None, ...]  # per seat
    pots: tuple[int, ...]  # per seat: the bet with the banker (0: none)
    pointer: int  # the next seat a card is offered to
    banker_card: Card | None = None
    started: bool = False  # a player has taken the deal's first card
    first: int | None = None  # that player, while the banker's first card is awaited
    lost: bool = False  # the banker's card was matched and no new one taken yet
    declined: bool = False
    centre: tuple[Card, ...] = ()
    dead: frozenset[int] = frozenset()
    seen: frozenset[Card] = frozenset()
    side: tuple[tuple[int, int, int], ...] = ()  # (bettor, target, amount)
    moves: tuple[Move, ...] = ()


@dataclasses.dataclass(frozen=True)
class Finished:
    number: int
    limits: Limits
    moves: tuple[Move, ...]
    money: tuple[int, ...]
    how: str  # "declined" "out"
    returned: tuple[int, ...]  # pots returned when the pack ran out, per seat
    voided: int  # side bets void
    cut: int = 0  # the house's rake, off the banker's side


@dataclasses.dataclass(frozen=True)
class SkinState:
    limits: Limits | None = None
    deal: DealState | None = None
    finished: tuple[Finished, ...] = ()
    #: Each settled deal as a scored hand, made once when it is settled (``banking.scored``).
    done: tuple[HandScore, ...] = ()
    next_banker: int | None = None
    #: The deal for the first banker: (seat, card) in dealing order, the last an ace.
    first_draw: tuple[tuple[int, Card], ...] = ()
    ended: bool = False


class Table(Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Skin`` has it all), so they never
    import the game module."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def options(self) -> SkinOptions: ...

    def expects(self, state: SkinState) -> frozenset[str]: ...

    def dealt_to(self, seat: int, n_cards: int) -> list[int]: ...

    def offered_to(self, deal: DealState) -> int | None: ...
