"""The meld engine: sets and runs with wild cards, and the exact least-deadwood solver.

The solver is checked against brute force on thousands of small hands: every way to split the
hand into melds and deadwood, each meld judged by an independent definition written here
(a run is its cards placed in a window of consecutive positions inside A..K, or 2..A where the
ace may be high; a set is one rank), not by the module's own ``classify``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.cards import JOKER, Card, deck, parse_cards
from companion.rules.melds import (
    MeldError,
    MeldRules,
    classify,
    gin_value,
    meld_value,
    solve,
)

GIN = MeldRules()
THIRTEEN = MeldRules(wild_rank=5, set_max=None, all_wild=True)
THIRTEEN_DISTINCT = MeldRules(wild_rank=5, set_max=None, all_wild=True, distinct_suits=True)
KALUKI = MeldRules(jokers_wild=True, ace="low-or-high", set_max=4, distinct_suits=True)
ALL_RULES = (GIN, THIRTEEN, THIRTEEN_DISTINCT, KALUKI)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- an independent definition of a meld ----------------------------------------------------


def is_meld(group: Sequence[Card], rules: MeldRules) -> bool:
    if len(group) < 3:
        return False
    nat = [c for c in group if not rules.is_wild(c)]
    if not nat:
        return rules.all_wild
    n = len(group)
    # a set
    if len({c.rank for c in nat}) == 1:
        ok = rules.set_max is None or n <= rules.set_max
        if rules.distinct_suits and len({c.suit for c in nat}) < len(nat):
            ok = False
        if ok:
            return True
    # a run: a window of n consecutive positions, every natural card in its own position
    if len({c.suit for c in nat}) != 1 or n > 13:
        return False
    windows = [range(lo, lo + n) for lo in range(1, 14 - n + 1)]
    if rules.ace == "low-or-high":
        windows += [range(lo, lo + n) for lo in range(2, 15 - n + 1)]
    for window in windows:
        used: set[int] = set()
        for c in nat:
            spots = [p for p in window if p == c.rank or (c.rank == 14 and p == 1)]
            if not spots or spots[0] in used:
                break
            used.add(spots[0])
        else:
            return True
    return False


def brute_force(hand: Sequence[Card], rules: MeldRules, value=gin_value) -> int:  # type: ignore[no-untyped-def]
    best = [10**9]

    def go(rest: list[Card], cost: int) -> None:
        if cost >= best[0]:
            return
        if not rest:
            best[0] = cost
            return
        first, others = rest[0], rest[1:]
        go(others, cost + value(first))
        for k in range(2, len(others) + 1):
            for idx in itertools.combinations(range(len(others)), k):
                if is_meld([first] + [others[j] for j in idx], rules):
                    go([others[j] for j in range(len(others)) if j not in idx], cost)

    go(list(hand), 0)
    return best[0]


def check_arrangement(hand: Sequence[Card], rules: MeldRules, value=gin_value) -> int:  # type: ignore[no-untyped-def]
    """The solver's arrangement uses every card once, each meld is a meld, and the deadwood
    value is what it says."""
    found = solve(hand, rules, value)
    used = [c for m in found.melds for c in m.cards] + list(found.deadwood)
    assert Counter(used) == Counter(hand)
    for meld in found.melds:
        assert is_meld(meld.cards, rules), str(meld)
    assert found.deadwood_value == sum(value(c) for c in found.deadwood)
    return found.deadwood_value


# --- hypothesis: the solver against brute force ---------------------------------------------


def small_hands(rules: MeldRules) -> st.SearchStrategy[list[Card]]:
    """Crowded small hands: a few ranks, one to three decks, the rules' wild cards."""

    @st.composite
    def build(draw: st.DrawFn) -> list[Card]:
        copies = draw(st.integers(1, 3))
        ranks = draw(st.sets(st.sampled_from(range(2, 15)), min_size=2, max_size=5))
        pack = [c for c in deck(52, copies=copies) if c.rank in ranks or rules.is_wild(c)]
        if rules.jokers_wild:
            pack += [JOKER] * 4
        size = draw(st.integers(3, 8))
        picks = draw(
            st.lists(st.integers(0, len(pack) - 1), min_size=size, max_size=size, unique=True)
        )
        return [pack[i] for i in picks]

    return build()


@pytest.mark.parametrize("rules", ALL_RULES, ids=["gin", "thirteen", "thirteen-distinct", "kaluki"])
@settings(max_examples=600, deadline=None)
@given(data=st.data())
def test_solver_agrees_with_brute_force(rules: MeldRules, data: st.DataObject) -> None:
    hand = data.draw(small_hands(rules))
    assert check_arrangement(hand, rules) == brute_force(hand, rules)


def kaluki_count(card: Card) -> int:
    return 2 if card.is_joker else 1


@settings(max_examples=400, deadline=None)
@given(hand=small_hands(KALUKI))
def test_solver_agrees_with_brute_force_counting_cards(hand: list[Card]) -> None:
    """Kaluki pays per card left (a joker twice): the same search with another value."""
    assert check_arrangement(hand, KALUKI, kaluki_count) == brute_force(hand, KALUKI, kaluki_count)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_large_hands_are_arranged_consistently(data: st.DataObject) -> None:
    """Up to 16 cards (too many for brute force): cards conserved, every meld a meld, and no
    single card of the deadwood could join a meld."""
    rules = data.draw(st.sampled_from(ALL_RULES))
    copies = data.draw(st.integers(1, 3))
    pack = list(deck(52, copies=copies)) + ([JOKER] * 4 if rules.jokers_wild else [])
    size = data.draw(st.integers(3, 16))
    picks = data.draw(
        st.lists(st.integers(0, len(pack) - 1), min_size=size, max_size=size, unique=True)
    )
    hand = [pack[i] for i in picks]
    check_arrangement(hand, rules)


# --- examples worked by hand ------------------------------------------------------------------


def test_the_obvious_run_is_not_the_best() -> None:
    # 5-6-7 of hearts leaves 7S 7D (14); the three 7s leave 5H 6H (11)
    best = solve(cards("5H 6H 7H 7S 7D"), GIN)
    assert [str(m) for m in best.melds] == ["7S 7H 7D"]
    assert best.deadwood_value == 11


def test_wild_cards_fill_gaps_and_ends() -> None:
    # hand 3 of Three Thirteen: 5s wild. QH KH + 5C (as JH) is a run; 2S is left.
    best = solve(cards("5C QH KH 2S"), THIRTEEN)
    assert best.deadwood_value == 2
    assert best.melds[0].kind == "run"


def test_no_run_round_the_corner() -> None:
    assert solve(cards("QH KH AH"), GIN).deadwood_value == 21
    assert solve(cards("KH AH 2H"), KALUKI).deadwood_value == 13  # K 10, A 1, 2
    assert solve(cards("QH KH AH"), KALUKI).deadwood_value == 0
    with pytest.raises(MeldError):
        classify(cards("KH AH 2H"), KALUKI)


def test_duplicate_cards_in_a_set() -> None:
    two_decks = cards("9H 9H 9S")
    assert solve(two_decks, THIRTEEN).deadwood_value == 0
    assert solve(two_decks, THIRTEEN_DISTINCT).deadwood_value == 27
    with pytest.raises(MeldError) as err:
        classify(two_decks, KALUKI)
    assert err.value.code == "same-suit"


def test_leftover_wild_cards() -> None:
    # two wild 5s alone are deadwood at face value; three make a meld of their own
    assert solve(cards("5H 5S KD"), THIRTEEN).deadwood_value == 0  # K + two wilds
    assert solve(cards("5H 5S"), THIRTEEN).deadwood_value == 10
    assert solve(cards("5H 5S 5D"), THIRTEEN).deadwood_value == 0
    # Kaluki: no meld of jokers only, and a set holds at most four cards
    assert solve([JOKER, JOKER, JOKER], KALUKI, kaluki_count).deadwood_value == 6
    # four 9s and a joker: one set of four at most, so one card is left (a 9: it costs 1, the
    # joker 2)
    best = solve(cards("9H 9S 9D 9C") + (JOKER,), KALUKI, kaluki_count)
    assert best.deadwood_value == 1 and not best.deadwood[0].is_joker
    # with the ace low or high, a joker left over joins a run that has room
    best = solve(cards("QH KH AH") + (JOKER,), KALUKI, kaluki_count)
    assert best.deadwood_value == 0 and len(best.melds[0].cards) == 4


def test_a_full_set_takes_no_fifth_card() -> None:
    with pytest.raises(MeldError) as err:
        classify(cards("9H 9S 9D 9C") + (JOKER,), KALUKI)
    assert err.value.code == "set-too-big"


def test_kaluki_meld_values_with_jokers() -> None:
    def value(rank: int, in_run: bool) -> int:
        return 11 if rank in (1, 14) else min(rank, 10)

    run = classify((JOKER,) + cards("QH KH"), KALUKI)  # the joker goes high: the ace, 11
    assert [p for p, _ in run.stands_for] == [12, 13, 14]
    assert meld_value(run, value) == 31
    low = classify((JOKER,) + cards("QH KH"), KALUKI, prefer_high=False)
    assert [p for p, _ in low.stands_for] == [11, 12, 13]
    assert meld_value(low, value) == 30
    kings = classify(cards("KH KS") + (JOKER,), KALUKI)
    assert meld_value(kings, value) == 30
    ace_low = classify(cards("AH 2H 3H"), KALUKI)
    assert meld_value(ace_low, value) == 16
    assert meld_value(ace_low, lambda r, run: 1 if r == 1 else min(r, 10)) == 6


def test_classify_says_why() -> None:
    for text, code in [
        ("9H 9S", "too-few"),
        ("9H 10S JH", "mixed"),
        ("9H JH KH", "gaps"),
        ("9H 9H 10H", "repeat"),
    ]:
        with pytest.raises(MeldError) as err:
            classify(cards(text), GIN)
        assert err.value.code == code, text
