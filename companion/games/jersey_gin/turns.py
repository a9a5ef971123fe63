"""The play of a Jersey Gin hand when the table records it: each draw (so the screen counts the
stock and names the breaker), and after the break the melds laid on the table and the cards laid
off on them (ruling 6.2.8). Pure changes of the hand's state; ``checks`` validates them first.

>>> from companion.rules.events import Seat
>>> hand = Hand(1, dealer=2, stock=4)
>>> hand = draw(hand, Draw(seat=Seat(0), source="stock"))
>>> hand.stock, hand.breaker  # three left: the next to draw breaks
(3, None)
>>> draw(hand, Draw(seat=Seat(1), source="stock")).breaker
1
"""

from __future__ import annotations

import dataclasses

from companion.games.jersey_gin import play
from companion.games.jersey_gin.events import Draw, Hand, LayOff, Meld, Tabled
from companion.rules.cards import Card
from companion.rules.melds import classify


def next_to_draw(hand: Hand) -> int:
    """Who draws next: the dealer's left first, then each player's left in turn."""
    last = hand.dealer if hand.turn is None else hand.turn
    return (last + 1) % play.SEATS


def breaking(hand: Hand) -> bool:
    """Whether the next draw is in the break: the breaker has drawn, or is about to."""
    return hand.breaker is not None or hand.stock == play.BREAK_AT


def draw(hand: Hand, event: Draw) -> Hand:
    seat = int(event.seat)
    breaker = hand.breaker
    if breaker is None and hand.stock == play.BREAK_AT:
        breaker = seat  # the stock holds three: this player breaks
    return dataclasses.replace(
        hand,
        stock=hand.stock - 1 if event.source == "stock" else hand.stock,
        draws=hand.draws + 1,
        turn=seat,
        breaker=breaker,
        breaker_turns=hand.breaker_turns + 1 if seat == breaker else hand.breaker_turns,
        taken=event.card if breaker is not None and event.source == "discard" else None,
    )


def meld(hand: Hand, event: Meld) -> Hand:
    laid_down = classify(event.cards, play.MELDS).cards  # in the meld's own order
    tabled = (*hand.tabled, Tabled(int(event.seat), laid_down))
    taken = None if hand.taken in event.cards else hand.taken
    return dataclasses.replace(hand, tabled=tabled, taken=taken)


def grow(hand: Hand, index: int, card: Card) -> Hand:
    """The meld on the table numbered ``index + 1`` with ``card`` laid off on it."""
    target = hand.tabled[index]
    grown = Tabled(target.seat, classify((*target.cards, card), play.MELDS).cards)
    return dataclasses.replace(
        hand, tabled=tuple(grown if i == index else t for i, t in enumerate(hand.tabled))
    )


def lay_off(hand: Hand, event: LayOff) -> Hand:
    """After the break: a card of the player whose turn it is laid off on a meld on the table."""
    index = event.meld - 1
    laid = (*hand.laid, (int(event.seat), event.card, index))
    taken = None if hand.taken == event.card else hand.taken
    return dataclasses.replace(grow(hand, index, event.card), laid=laid, taken=taken)
