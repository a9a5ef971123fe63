"""The Elusive 34's events (what the table records), options, and the state a replay builds."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.games.elusive_34.evidence import Evidence, Proof
from companion.rules.cards import Card, Suit
from companion.rules.core import HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr
from companion.rules.tricks import RulesView, TrickRecord

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class FirstDealer(Event):
    kind = "first-dealer"
    summary = tr(
        "Who deals first: the player who got the first Middle card (6 to 10) dealt face up; "
        "the cards may be listed, one a player from the start seat."
    )
    dealer: Seat
    cards: tuple[Card, ...] = ()
    start: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Goal(Event):
    kind = "goal"
    summary = tr(
        "The score goal: the ranks on top of the Low and Middle piles (0 when not noted) and "
        "the goal the table chose."
    )
    low: int = 0
    middle: int = 0
    goal: int
    #: Optional: every card turned in the ritual, in order (rule 3), to be checked.
    cards: tuple[Card, ...] | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who dealt, and the card turned face up (may be left out for quick entry).")
    dealer: Seat
    faceup: Card | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trump(Event):
    kind = "trump"
    summary = tr(
        "The Joker was turned up: the trump suit named by the player with the lowest score."
    )
    seat: Seat
    suit: str  # "S" "H" "D" "C"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = tr(
        "One trick: every card in the order played, round after round from the leader; "
        "'win' or 'lose' when the Joker is played."
    )
    cards: tuple[Card, ...]
    leader: Seat | None = None
    joker: str = ""  # "win" or "lose" when the Joker is among the cards


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trade(Event):
    kind = "trade"
    summary = tr(
        "After a trick, the loser's trade: 'none' (No trade) or the category declared, and "
        "the cards passed and returned when the table notes them."
    )
    declared: str  # "none" "low" "middle" "high"
    given: Card | None = None
    returned: Card | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Left(Event):
    kind = "left"
    summary = tr(
        "After a hand played card by card: the High, Middle and Low cards left in each hand, "
        "and who still holds the Joker."
    )
    high: PerSeat[int]
    middle: PerSeat[int]
    low: PerSeat[int]
    joker: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr(
        "Quick entry of a whole hand: the cards each player collected in tricks, the High, "
        "Middle and Low cards left in each hand, who still holds the Joker, and any revokes "
        "the table found."
    )
    collected: PerSeat[int]
    high: PerSeat[int]
    middle: PerSeat[int]
    low: PerSeat[int]
    joker: Seat | None = None
    #: Revokes the table found in the hand, per player (house rule E-18 charges each).
    revokes: PerSeat[int] | None = None


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Elusive34Options:
    #: Point values of a card left in hand, "High/Middle/Low/Joker", per player count (E-2).
    values_2p: str = "4/0/-4/-6"
    values_3p: str = "5/0/-5/-7"
    values_4p: str = "5/0/-5/-7"
    goal_ten: str = "zero"  # E-4: "zero" (2 and 10 make 20), "literal" (210), "redeal"
    strict_goal: bool = False  # E-6: the goal must be a multiple of the base
    trump_tie: str = "left"  # E-7: "left" (first from the dealer's left) or "any"
    joker_lead: bool = False  # E-9: the Joker may be led at any time
    self_loss: str = "both"  # E-10: "both" (wins and loses) or "others"
    joker_trade: str = "any"  # E-12: "any" non-Joker card, or "low" only
    ties: str = "share"  # E-16: "share" the win, or "play-on"
    revoke_penalty: int = 0  # E-18: points off per revoke (0: flagged only, no penalty)


@dataclasses.dataclass(frozen=True)
class Play:
    """One trick as the engine reads it: who played each card, who won and who lost."""

    record: TrickRecord  # seats: who played each card, in order
    loser: int
    joker: str = ""


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    faceup: Card | None
    allowance: tuple[int, ...]
    held: tuple[int, ...]  # cards in each hand (trades swap one for one)
    collected: tuple[int, ...]
    leader: int
    trump: Suit | None = None  # named when the Joker is turned up
    chooser: int | None = None  # who names it
    plays: tuple[Play, ...] = ()
    trade_due: bool = False  # the latest trick's loser may still trade
    trades: tuple[tuple[int, str], ...] = ()  # (trick number, declared)
    #: What the cards seen so far prove about the hidden hands (open claims, known cards).
    evidence: Evidence = Evidence()
    revokes: tuple[Proof, ...] = ()  # failures to follow proven so far, with the proving card
    gone: frozenset[Card] = frozenset()  # cards played in tricks (collected, out of hands)
    ended: bool = False  # play is over; the cards left are expected

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        return tuple(p.record for p in self.plays)


@dataclasses.dataclass(frozen=True)
class Elusive34State:
    first_dealer: int | None = None
    goal: int | None = None
    base: int | None = None  # the Low-Middle digit combination, when the piles were noted
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None


class Table(RulesView[Elusive34State, Elusive34Options], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Elusive34`` has it all), so they
    never import the game module."""

    @property
    def deal_size(self) -> int: ...

    def base_for(self, low: int, middle: int) -> int: ...

    def values(self) -> dict[str, int]: ...

    def dealer(self, state: Elusive34State) -> int | None: ...

    def needs_trump(self, hand: Hand) -> bool: ...

    def choosers(self, state: Elusive34State, hand: Hand) -> list[int]: ...

    def order(self, hand: Hand) -> list[int]: ...

    def read_trick(self, hand: Hand, trick: Trick) -> Play: ...

    def evidence_after_trick(self, hand: Hand, p: Play) -> tuple[Evidence, list[Proof]]: ...

    def evidence_after_trade(self, hand: Hand, trade: Trade) -> tuple[Evidence, list[Proof]]: ...
