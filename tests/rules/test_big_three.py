"""Big Three: hand-worked bidding, combinations, free leads and settlement (rulings §5).

Every expected number was worked out by hand from ``shared/rules/big-three/rulings.md``; the
golden playthroughs in ``tests/rules/playthroughs/big_three/`` and the example logs in
``docs/examples/big_three/`` cover whole hands and each refusal.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.big_three import play, text
from companion.games.big_three.events import Bid, Deal, Pass, Play, Result
from companion.games.big_three.game import BigThree
from companion.rules import replay
from companion.rules.cards import parse_cards as cs
from companion.rules.events import Event, Seat
from companion.rules.money import hand_is_zero_sum

NAMES = ["Ann", "Bob", "Cat"]
DEAL = Deal(dealer=Seat(0), opener=Seat(1))


def rules(**options: Any) -> BigThree:
    return BigThree(3, options, names=NAMES)


def B(seat: int, bid: int) -> Bid:
    return Bid(seat=Seat(seat), bid=bid)


def P(seat: int, cards: str) -> Play:
    return Play(seat=Seat(seat), cards=cs(cards))


def codes(r: BigThree, log: list[Event], event: Event) -> list[str]:
    state = replay(r, log).state
    return [v.code for v in r.violations(state, event)]


@pytest.mark.parametrize(
    ("calls", "solo", "bid"),
    [
        ([(1, 1), (2, 0), (0, 0)], 1, 1),  # both others pass: the opener plays solo at 1
        ([(1, 1), (2, 2), (0, 0), (1, 0)], 2, 2),  # Cat's 2 stands after two passes
        ([(1, 1), (2, 2), (0, 3)], 0, 3),  # a 3 ends the bidding at once
        ([(1, 3)], 1, 3),  # the opener may bid 3 straight away (ruling 5.3.1)
        ([(1, 1), (2, 0), (0, 2), (1, 3)], 1, 3),  # Cat passed for good: Ann then Bob
    ],
)
def test_bidding(calls: list[tuple[int, int]], solo: int, bid: int) -> None:
    r = rules()
    state = replay(r, [DEAL, *(B(s, b) for s, b in calls)]).state
    hand = state.hand
    assert (hand.solo, hand.bid) == (solo, bid)
    assert hand.counts == tuple(20 if s == solo else 16 for s in range(3))
    assert hand.turn == 1, "the opener leads, whoever won the bid"


def test_a_passer_does_not_bid_again() -> None:
    r = rules()
    log: list[Event] = [DEAL, B(1, 1), B(2, 0), B(0, 2)]
    assert codes(r, log, B(2, 3)) == ["out-of-turn"]  # Cat passed: Bob speaks
    assert codes(r, log, B(1, 3)) == []


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("9S", "single 9"),
        ("KS KH", "pair of K"),
        ("3S 3H 3D", "three 3"),
        ("7S 8H 9D 10C", "straight of 4, 7 to 10"),
        ("7S 7H 8S 8D 9C 9H", "run of 3 pairs, 7 to 9"),
        ("4S 4H 4D 5S 5H 5D 6S 6H 6D", "run of 3 trips, 4 to 6"),
    ],
)
def test_combinations_are_named(cards: str, words: str) -> None:
    combo = play.classify(cs(cards))
    assert combo is not None
    assert str(text.combo_text(combo)) == words


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("QS KH AD", "high-in-run"),
        ("4S 4H 5S 5H", "too-short"),
        ("4S 4H 4D 5S 5H 5D", "too-short"),
        ("4S 4H 5S 5H 5D 6C 6S", "mixed-sizes"),
        ("4S 5H 7D", "gap"),
    ],
)
def test_not_a_combination_says_why(cards: str, why: str) -> None:
    assert play.classify(cs(cards)) is None
    assert play.why_not(cs(cards)) == why


def test_free_lead_after_two_passes_and_the_prompt() -> None:
    r = rules()
    log: list[Event] = [DEAL, B(1, 1), B(2, 2), B(0, 3), P(1, "4H"), P(2, "9H"), P(0, "3S")]
    state = replay(r, log).state
    assert str(r.prompt(state)) == "Bob beats single 3 or passes."
    log += [Pass(seat=Seat(1)), Pass(seat=Seat(2))]
    state = replay(r, log).state
    assert state.hand.current is None and state.hand.turn == 0
    assert str(r.prompt(state)) == "Ann leads any combination."
    # A free lead may be anything, even a straight after singles.
    assert codes(r, log, P(0, "4S 5S 6S")) == []


def test_a_different_kind_or_length_is_refused_with_both_named() -> None:
    r = rules()
    log: list[Event] = [DEAL, B(1, 3), P(1, "4S 5S 6S")]
    state = replay(r, log).state
    problems = r.violations(state, P(2, "7S 8S 9S 10S"))
    assert [p.code for p in problems] == ["must-match"]
    assert "straight of 4, 7 to 10 does not answer straight of 3, 4 to 6" in str(
        problems[0].message
    )
    assert codes(r, log, P(2, "5H 6H 7H")) == []


def test_quick_entry_settles_and_posts_chips() -> None:
    r = rules()
    state = replay(r, [DEAL, Result(bid=2, solo=Seat(2), first_out=Seat(0))]).state
    # Cat solo at 2 beaten by Ann: Cat pays 2 to each.
    assert state.money == ((2, 2, -4),)
    assert r.scores(state) == (2, 2, -4)
    postings = r.postings(state)
    assert [(p.hand, p.seat, p.amount) for p in postings] == [(1, 0, 2), (1, 1, 2), (1, 2, -4)]
    assert hand_is_zero_sum(postings) == {}
    assert state.next_dealer == 1, "the deal rotates to the left"


def test_quick_entry_only_before_the_bidding_is_recorded() -> None:
    r = rules()
    assert codes(r, [DEAL, B(1, 1)], Result(bid=1, solo=Seat(1), first_out=Seat(1))) == [
        "out-of-order"
    ]
    assert codes(r, [DEAL], Result(bid=4, solo=Seat(1), first_out=Seat(1))) == ["bad-bid"]


def test_a_heart_must_be_a_heart() -> None:
    from companion.rules.cards import parse_card

    assert codes(rules(), [], Deal(dealer=Seat(0), opener=Seat(1), heart=parse_card("4S"))) == [
        "not-a-heart"
    ]
