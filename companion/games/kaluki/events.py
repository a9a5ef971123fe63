"""Kaluki's events (what the table records), options, the state a replay builds from them, and
what the helper modules may ask of the rules (:class:`Table`)."""

from __future__ import annotations

import dataclasses
from typing import Protocol

from companion.rules.cards import Card
from companion.rules.core import GameTable, HandScore
from companion.rules.events import Event, PerSeat, Seat
from companion.rules.text import tr

# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr(
        "Who deals the hand (fifteen cards each), and whether the cutter turned up a joker (they "
        "keep it and are dealt one card fewer)."
    )
    dealer: Seat
    cut_joker: bool = False


@dataclasses.dataclass(frozen=True, kw_only=True)
class LayOff:
    """Cards one player adds to a meld already on the table (numbered from 1, as shown)."""

    meld: int
    cards: tuple[Card, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Swap:
    """With the option ``joker_swap``: the natural card put in place of a joker in a meld on
    the table (numbered from 1); the joker goes to the player's hand."""

    meld: int
    card: Card


@dataclasses.dataclass(frozen=True, kw_only=True)
class Melds(Event):
    kind = "melds"
    summary = tr(
        "One player's melds in one turn, in the order they were laid: their own new melds, the "
        "cards laid off on melds on the table, and the discard they drew (it must be melded at "
        "once)."
    )
    player: Seat
    melds: tuple[tuple[Card, ...], ...] = ()
    layoffs: tuple[LayOff, ...] = ()
    took: Card | None = None
    swaps: tuple[Swap, ...] = ()


@dataclasses.dataclass(frozen=True, kw_only=True)
class Result(Event):
    kind = "result"
    summary = tr(
        "Quick entry of a hand: who went out, whether it was Kaluki, and how many cards (and of "
        "them jokers) each other player still holds."
    )
    out: Seat
    kaluki: bool = False
    cards: PerSeat[int]
    jokers: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Hands(Event):
    kind = "hands"
    summary = tr(
        "Full entry of a hand: who went out, whether it was Kaluki, and the cards each other "
        "player still holds; the app counts them and shows what they could have melded."
    )
    out: Seat
    kaluki: bool = False
    cards: PerSeat[tuple[Card, ...]]  # the winner's entry is empty

    def __post_init__(self) -> None:
        ordered = tuple(tuple(sorted(cards, key=Card.sort_key)) for cards in self.cards)
        object.__setattr__(self, "cards", ordered)


@dataclasses.dataclass(frozen=True, kw_only=True)
class StockOut(Event):
    kind = "stock-out"
    summary = tr(
        "The stock ran out before anyone went out: with the house rule to void the hand, nobody "
        "pays and the deal passes on."
    )


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class KalukiOptions:
    #: What a low ace (A-2-3) counts toward the first meld: 11 (ruling 3) or 1.
    low_ace: int = 11
    #: A joker in a meld may be taken back by putting the card it stands for in its place.
    joker_swap: bool = False
    #: When the stock runs out: "reshuffle" the discards but the top card, or "void" the hand.
    stock_out: str = "reshuffle"
    #: The session ends after this many hands (0: no fixed end).
    hands: int = 0


@dataclasses.dataclass(frozen=True)
class TableMeld:
    owner: int
    cards: tuple[Card, ...]  # in order: a run from its low end


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    cut_joker: bool = False
    melds: tuple[TableMeld, ...] = ()
    #: Per seat: turns with melds recorded, cards put down this hand, and the cards put down
    #: in the first of those turns.
    turns: tuple[int, ...] = ()
    put_down: tuple[int, ...] = ()
    first_turn: tuple[int, ...] = ()

    def opened(self, seat: int) -> bool:
        return self.turns[seat] > 0


@dataclasses.dataclass(frozen=True)
class KalukiState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None


class Table(GameTable[KalukiState, KalukiOptions], Protocol):
    """What :mod:`checks` and :mod:`text` need of the rules (``Kaluki`` has it all)."""
