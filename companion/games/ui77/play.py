"""Ui77's cards: the hand determinations table (rulings §4.1) and what the three face-up cards
set, the rank order in tricks, and the trick winner with trump's timing.

>>> from companion.rules.cards import parse_card as c
>>> p = params((c("5S"), c("8H"), c("7D")))
>>> p.trump, p.slough, p.throw, p.effective_from, p.target
(<Suit.SPADES: 'S'>, <Suit.HEARTS: 'H'>, 3, 2, 4)
>>> from companion.rules.cards import parse_cards as cs
>>> winner(cs("9H 2S AH"), trump=Suit.SPADES, effective=False, ace_low=False)
2
>>> winner(cs("9H 2S AH"), trump=Suit.SPADES, effective=True, ace_low=False)
1
>>> winner(cs("9H 2S AH"), trump=Suit.SPADES, effective=False, ace_low=True)
0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.rules.cards import ACE, Card, Suit, deck
from companion.rules.tricks import winner_index

HAND_SIZE = 9
DRAW_DECK = 4  # the winners of tricks 1 to 4 each draw one
DECK = frozenset(deck(52))

# Rulings §4.1, by rank (Card ranks: 2..10, J 11, Q 12, K 13, A 14).
#: The most cards each player may discard (read from Card Two).
THROW = {14: 1, 13: 0, 12: 4, 11: 4, 10: 4, 9: 3, 8: 3, 7: 3, 6: 2, 5: 2, 4: 2, 3: 1, 2: 1}
#: The target number of tricks (read from Card Three).
TARGET = {14: 1, 13: 7, 12: 6, 11: 6, 10: 5, 9: 5, 8: 4, 7: 4, 6: 3, 5: 3, 4: 2, 3: 2, 2: 1}
#: The first trick in which trump has power (read from Card Two): 1 = immediately,
#: 2 = after the 1st trick, ... 5 = after the 4th trick.
EFFECTIVE_FROM = {
    14: 4, 13: 5, 12: 1, 11: 1, 10: 1, 9: 2, 8: 2, 7: 2, 6: 3, 5: 3, 4: 3, 3: 4, 2: 4,
}  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Params:
    """What the face-up cards set for the hand."""

    trump: Suit
    slough: Suit
    throw: int
    effective_from: int
    target: int


def params(faceup: Sequence[Card]) -> Params:
    one, two, three = faceup
    assert one.suit is not None and two.suit is not None
    return Params(
        trump=one.suit,
        slough=two.suit,
        throw=THROW[two.rank],
        effective_from=EFFECTIVE_FROM[two.rank],
        target=TARGET[three.rank],
    )


def same_suit(faceup: Sequence[Card]) -> Suit | None:
    """The suit of all three face-up cards, when they share one (the swap rule)."""
    suits = {c.suit for c in faceup}
    return faceup[0].suit if len(suits) == 1 else None


def strength(card: Card, ace_low: bool) -> int:
    """Ace high by default (U-1); with the house rule the ace is the lowest card."""
    return 1 if ace_low and card.rank == ACE else card.rank


def winner(cards: Sequence[Card], *, trump: Suit, effective: bool, ace_low: bool) -> int:
    """Index of the winning card: the best trump if trump has power in this trick and one was
    played, otherwise the best card of the suit led (rule 10)."""
    return winner_index(
        cards,
        lead=cards[0].suit,
        trump=trump if effective else None,
        strength=lambda c: strength(c, ace_low),
    )
