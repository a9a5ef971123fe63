"""Kaluki's numbers: the pack, the melds (jokers wild, sets of different suits, ace high or
low), what a meld is worth toward the 51-point first meld, a joker taken back from a meld, and
what each loser pays (rulings §9.2 and §9.3).

>>> from companion.rules.cards import parse_cards
>>> options = KalukiOptions()
>>> meld_points(parse_cards("QH KH AH"), options), meld_points(parse_cards("AS 2S 3S"), options)
(31, 16)
>>> meld_points(parse_cards("AS 2S 3S"), KalukiOptions(low_ace=1))
6
>>> meld_points(parse_cards("9D 10D JK"), options)  # the joker stands for J♦ (the higher choice)
29
>>> meld_points(parse_cards("JK 2C 3C"), options)  # the joker as A♣ (11), not 4♣
16
>>> payment(cards=5, jokers=2, kaluki=False), payment(cards=5, jokers=2, kaluki=True)
(7, 14)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from companion.games.kaluki.events import KalukiOptions
from companion.rules.cards import ACE, Card
from companion.rules.melds import (
    Arrangement,
    Meld,
    MeldError,
    MeldRules,
    classify,
    meld_value,
    readings,
    solve,
)

DEALT = 15  # cards each player is dealt (the cutter who keeps a joker: 14 and the joker)
COPIES = 2  # two packs: two of each card
JOKERS = 4
OPENING = 51  # the least a first meld is worth

RULES = MeldRules(jokers_wild=True, ace="low-or-high", set_max=4, distinct_suits=True)


def meld(cards: Sequence[Card]) -> Meld:
    """The meld these cards make (jokers at a run's end standing high), or MeldError."""
    return classify(list(cards), RULES, prefer_high=True)


def value_of(found: Meld, options: KalukiOptions) -> int:
    """A meld's points, each joker counted as the card it stands for."""

    def value(position: int, in_run: bool) -> int:
        if position == ACE:  # an ace in a set, or high in a run
            return 11
        if position == 1:  # low in a run (ruling 3)
            return options.low_ace
        return min(position, 10)

    return meld_value(found, value)


def meld_points(cards: Sequence[Card], options: KalukiOptions) -> int:
    """What a meld is worth toward the 51: of every legal reading (a set, or a run with its
    jokers at either end and an ace low or high), the one worth most (ruling 6): ``7♣ JK JK`` is
    7-8-9 (24), not three sevens (21); ``2♣ JK JK`` is A-2-3 (16), not three twos (6). Raises
    MeldError for cards that make no meld."""
    return max(value_of(found, options) for found in readings(list(cards), RULES))


def swap_joker(cards: list[Card], card: Card) -> list[Card] | None:
    """The meld with ``card`` in place of a joker, if it stays a meld; None otherwise."""
    if card.is_joker:
        return None
    for i, old in enumerate(cards):
        if not old.is_joker:
            continue
        swapped = [*cards[:i], card, *cards[i + 1 :]]
        try:
            found: Meld = meld(swapped)
        except MeldError:
            continue
        return list(found.cards)
    return None


def layoff_points(before: Sequence[Card], after: Sequence[Card], options: KalukiOptions) -> int:
    """What a lay-off adds toward the 51: the cards it adds, at the places they take in the
    meld after it (read at its most), the meld before keeping a reading inside that one. So
    ``7♦`` laid off on ``7♣ JK JK`` adds 7 (a set of sevens), ``10♣`` adds 10 (7-8-9-10), and
    ``5♣`` on ``2♣ JK JK`` adds 5 (2-3-4-5: the jokers no longer stand for the ace and the
    three). Raises MeldError if ``after`` is no meld."""
    old = readings(list(before), RULES)
    best = 0
    for now in readings(list(after), RULES):
        places = {p for p, _ in now.stands_for}
        inside = [
            value_of(was, options)
            for was in old
            if was.kind == now.kind and {p for p, _ in was.stands_for} <= places
        ]
        if inside:
            best = max(best, value_of(now, options) - max(inside))
    return best


def payment(*, cards: int, jokers: int, kaluki: bool) -> int:
    """What a loser pays: 1 unit a card, a joker 1 more, all doubled for Kaluki (ruling 8)."""
    return (cards + jokers) * (2 if kaluki else 1)


def unit_cost(card: Card) -> int:
    """What a card left in hand costs: 2 for a joker, 1 for any other."""
    return 2 if card.is_joker else 1


def arrange(cards: Sequence[Card]) -> Arrangement:
    """What the cards left in a loser's hand could have melded (shown, not scored: a loser pays
    for every card they still hold)."""
    return solve(cards, RULES, unit_cost)


def over_copies(cards: Iterable[Card]) -> tuple[list[tuple[Card, int]], int]:
    """Natural cards seen more than twice, with their count; and the jokers seen."""
    cards = list(cards)
    seen = Counter(c for c in cards if not c.is_joker)
    jokers = sum(1 for c in cards if c.is_joker)
    return [(c, n) for c, n in seen.items() if n > COPIES], jokers
