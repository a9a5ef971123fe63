"""Jersey Gin's numbers and who scores a hand (rulings §6.2 and §6.3).

>>> options = JerseyGinOptions()
>>> hand_winner("knock", 0, (9, 11, 14), options)  # the source's example: Ann knocks with 9
(0, 'knock')
>>> points_for("knock", 0, 0, (9, 11, 14), options)
((2, 1), (5, 2))
>>> hand_winner("knock", 0, (9, 7, 14), options)  # Bob has less: an underknock
(1, 'underknock')
>>> points_for("underknock", 0, 1, (9, 7, 14), options)
((2, 0), (7, 2), (10, None))
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.jersey_gin.events import STOCK as STOCK  # 21 after the deal
from companion.games.jersey_gin.events import JerseyGinOptions
from companion.rules.cards import Card
from companion.rules.melds import Arrangement, MeldRules, classify, gin_value, solve

SEATS = 3
DEALT = 10
KNOCK_LIMIT = 10
UNDERKNOCK_BONUS = 10
GIN_BONUS = 40
GAME = 100
GAME_BONUS = 100
BOX_BONUS = 25
#: The most a hand of ten cards can leave unmelded: ten cards at 10.
MAX_DEADWOOD = DEALT * 10
BREAK_AT = 3


def left_of(seat: int, first: int) -> int:
    """How far ``seat`` sits to the left of ``first`` (1 = next), for tie-breaks."""
    return (seat - first) % SEATS


def hand_winner(
    end: str, by: int, deadwood: tuple[int, ...], options: JerseyGinOptions
) -> tuple[int, str]:
    """Who scores the hand and how: "gin", "knock", "underknock" or "break" (ruling 6.2.6-8)."""
    if end == "gin":
        return by, "gin"
    if end == "break":
        # the lowest count scores as if they had knocked; a tie with the breaker goes to the
        # breaker, a tie between the other two to the one on the breaker's left
        low = min(deadwood)
        tied = [s for s in range(SEATS) if deadwood[s] == low]
        if by in tied:
            return by, "break"
        return min(tied, key=lambda s: left_of(s, by)), "break"
    others = [s for s in range(SEATS) if s != by]
    low = min(deadwood[s] for s in others)
    knocker_wins = deadwood[by] < low or (deadwood[by] == low and options.knock_tie == "knocker")
    if knocker_wins:
        return by, "knock"
    tied = [s for s in others if deadwood[s] == low]
    return min(tied, key=lambda s: left_of(s, by)), "underknock"


def points_for(
    how: str, by: int, scorer: int, deadwood: tuple[int, ...], options: JerseyGinOptions
) -> tuple[tuple[int, int | None], ...]:
    """The scorer's points as (amount, against whom) pieces; ``None`` for a bonus."""
    others = [s for s in range(SEATS) if s != scorer]
    mine = deadwood[scorer]
    if how == "gin":
        return (*((deadwood[s], s) for s in others), (GIN_BONUS, None))
    if how == "underknock":
        against = [by] if options.underknock == "knocker" else others
        return (*((deadwood[s] - mine, s) for s in against), (UNDERKNOCK_BONUS, None))
    return tuple((deadwood[s] - mine, s) for s in others)


def settlement(
    totals: tuple[int, ...], boxes: tuple[int, ...], options: JerseyGinOptions
) -> list[tuple[int, int, int]]:
    """(payer, payee, points): each player pays every player with a higher total the
    difference (ruling 6.2.10), doubled for a player who won no box with ``shutout_double``."""
    if options.settlement == "none":
        return []
    out = []
    for payer in range(SEATS):
        for payee in range(SEATS):
            if totals[payee] > totals[payer]:
                amount = totals[payee] - totals[payer]
                if options.shutout_double and boxes[payer] == 0:
                    amount *= 2
                out.append((payer, payee, amount))
    return out


#: Jersey Gin's melds: sets of 3 or 4, runs with the ace low only, no wild card (ruling 6.2.3).
MELDS = MeldRules()


def arrange(cards: Sequence[Card]) -> Arrangement:
    """The arrangement with the least deadwood (ruling 6.2.4), exactly."""
    return solve(cards, MELDS)


def shown_arrangement(cards: Sequence[Card], melds: Sequence[Sequence[Card]] | None) -> Arrangement:
    """A knocker's arrangement: the melds as laid out if given, else the best one."""
    return arrange(cards) if melds is None else declared(cards, melds)


def declared(cards: Sequence[Card], melds: Sequence[Sequence[Card]]) -> Arrangement:
    """The arrangement a knocker laid out (ruling 6.2.4): their melds, each classified, and
    every other card as deadwood. Raises MeldError for a group that is no meld; the caller
    checks the cards are the knocker's, each once.

    >>> from companion.rules.cards import parse_cards
    >>> hand = parse_cards("6S 7S 8S 6C 7C 8C 8D 8H 2D 3D")
    >>> runs = [parse_cards("6S 7S 8S"), parse_cards("6C 7C 8C")]
    >>> declared(hand, runs).deadwood_value  # 8♦ 8♥ 2♦ 3♦ left: 8 + 8 + 2 + 3
    21
    >>> arrange(hand).deadwood_value  # 6♠ 7♠ 8♠ and 8♣ 8♦ 8♥ leave 6♣ 7♣ 2♦ 3♦: 18
    18
    """
    built = tuple(classify(list(meld), MELDS) for meld in melds)
    left = list(cards)
    for meld in melds:
        for card in meld:
            left.remove(card)
    return Arrangement(built, tuple(left), sum(gin_value(c) for c in left))
