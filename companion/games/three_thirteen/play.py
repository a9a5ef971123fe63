"""Three Thirteen's numbers: the eleven hands, the wild rank, the cards' values, the melds, and
each player's best arrangement (rulings §3.2 and §3.3).

>>> from companion.rules.cards import parse_cards
>>> options = ThreeThirteenOptions()
>>> cards_dealt(1), wild_rank(1), cards_dealt(11), wild_rank(11)
(3, 3, 13, 13)
>>> best = arrange(parse_cards("7S 7H 7D 5H 6H"), options, 11)
>>> [str(m) for m in best.melds], [str(c) for c in best.deadwood], best.deadwood_value
(['7S 7H 7D'], ['5H', '6H'], 11)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.three_thirteen.events import ThreeThirteenOptions
from companion.rules.cards import ACE, Card
from companion.rules.melds import Arrangement, MeldRules, classify, solve

HANDS = 11


def cards_dealt(number: int) -> int:
    """Hand 1 deals 3 cards each, hand 11 deals 13 (ruling 3.2.1)."""
    return number + 2


def wild_rank(number: int) -> int:
    """The wild rank of hand ``number``: 3s in hand 1 ... jacks (11) in hand 9, kings in 11."""
    return number + 2


def decks_for(n_seats: int, option: int) -> int:
    """One pack for 2 players, two for 3-4, three for 5-6, and so on (ruling 3.2.1)."""
    return option or (n_seats + 1) // 2


def meld_rules(options: ThreeThirteenOptions, number: int) -> MeldRules:
    return MeldRules(
        wild_rank=wild_rank(number),
        ace="low",
        set_max=None,
        distinct_suits=not options.identical_in_set,
        all_wild=True,
    )


def face_value(card: Card, options: ThreeThirteenOptions) -> int:
    if card.rank == ACE:
        return options.ace_value
    return min(card.rank, 10)


def valuer(options: ThreeThirteenOptions, number: int) -> Callable[[Card], int]:
    """What each card left over costs in hand ``number`` (ruling 3.2.2, 3.3.2, 3.3.3)."""
    wild = wild_rank(number)

    def value(card: Card) -> int:
        if card.rank == wild and options.wild_penalty:
            return options.wild_penalty
        return face_value(card, options)

    return value


def card_top(options: ThreeThirteenOptions) -> int:
    """The most a single card can cost."""
    return max(10, options.ace_value, options.wild_penalty)


def max_deadwood(options: ThreeThirteenOptions, number: int) -> int:
    """The most a hand of ``number`` can cost a player: every card left over at the most a card
    can cost (a bound: no hand reaches it exactly when cards of one rank make a set)."""
    return cards_dealt(number) * card_top(options)


def arrange(cards: Sequence[Card], options: ThreeThirteenOptions, number: int) -> Arrangement:
    """The arrangement with the least deadwood (ruling 3.3.4: the engine's minimum counts)."""
    return solve(cards, meld_rules(options, number), valuer(options, number))


def declared(
    cards: Sequence[Card],
    melds: Sequence[Sequence[Card]],
    options: ThreeThirteenOptions,
    number: int,
) -> Arrangement:
    """The arrangement a player laid out (option ``arrangement = "declared"``, ruling 3.3.4):
    their melds, each checked, and every other card as deadwood. Raises MeldError for a group
    that is no meld; the caller checks the cards are the player's."""
    rules = meld_rules(options, number)
    built = tuple(classify(list(meld), rules) for meld in melds)
    left = list(cards)
    for meld in melds:
        for card in meld:
            left.remove(card)
    value = valuer(options, number)
    return Arrangement(built, tuple(left), sum(value(c) for c in left))
