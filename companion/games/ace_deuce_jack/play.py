"""Ace-Deuce-Jack's arithmetic: which cards lose for the players, the settlement of a hand and the
house edge, worked out from the deck (never typed in)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from companion.rules.cards import Card

#: The ranks that win for the banker: ace, deuce, jack (ruling 4.3.2).
LOSING_RANKS = frozenset({14, 2, 11})
DECK = 52
PILES = 3


def loses(card: Card) -> bool:
    """Whether this card, turned at the bottom of a pile, wins the hand for the banker."""
    return card.rank in LOSING_RANKS


def decided(cards: Sequence[Card]) -> bool:
    """The hand is settled: an ace, deuce or jack is showing, or three harmless cards are."""
    return any(loses(c) for c in cards) or len(cards) >= PILES


def settle(
    banker: int, n_seats: int, bets: Sequence[tuple[int, int]], banker_wins: bool
) -> tuple[int, ...]:
    """Money per seat: the banker takes every bet, or pays every bet at even money."""
    money = [0] * n_seats
    for seat, amount in bets:
        won = -amount if banker_wins else amount
        money[seat] += won
        money[banker] -= won
    return tuple(money)


def player_wins_chance() -> Fraction:
    """The chance that three distinct cards of the 52 are none of the 12 aces, deuces and jacks."""
    harmless = DECK - 4 * len(LOSING_RANKS)
    return Fraction(math.comb(harmless, PILES), math.comb(DECK, PILES))


def house_edge() -> Fraction:
    """The banker's expected gain per unit bet at even money: 1 − 2 × P(player wins)."""
    return 1 - 2 * player_wins_chance()


def percent(value: Fraction, places: int = 2) -> str:
    """A fraction as a percentage with ``places`` decimals, rounded half up: 9/85 -> "10.59"."""
    scaled = value * 100 * 10**places
    whole = math.floor(scaled + Fraction(1, 2))
    text = f"{whole:0{places + 1}d}"
    return f"{text[:-places]}.{text[-places:]}" if places else text
