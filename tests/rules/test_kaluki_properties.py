"""Random Kaluki hands (hypothesis): each dealt from a real pack of two packs and four jokers,
recorded with the cards the losers still hold, and checked against an independent count.

* cards are conserved: a hand dealt from the pack is never refused, and one card more than the
  packs hold (a third copy, a fifth joker) always is;
* every hand's payments add up to zero, and so do the ledger postings;
* each loser pays their cards plus their jokers, doubled for Kaluki, counted here by hand;
* the quick entry of the same counts gives the same payments.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kaluki.game import Deal, Hands, Kaluki, Result
from companion.rules import replay
from companion.rules.cards import deck
from companion.rules.events import Event, Seat
from companion.rules.money import hand_is_zero_sum

NAMES = ("Ann", "Bob", "Cat", "Dan")


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**9), hands=st.integers(1, 6))
def test_random_hands(seats: int, seed: int, hands: int) -> None:
    rng = random.Random(seed)
    rules = Kaluki(seats, None, NAMES[:seats])
    full: list[Event] = []
    quick: list[Event] = []
    totals = [0] * seats
    for number in range(hands):
        pack = list(deck(54, copies=2))
        assert len(pack) == 108
        rng.shuffle(pack)
        out = rng.randrange(seats)
        kaluki = rng.random() < 0.3
        held = []
        for seat in range(seats):
            dealt = pack[seat * 15 : (seat + 1) * 15]
            held.append(() if seat == out else tuple(dealt[: rng.randint(1, 15)]))
        dealer = Seat(number % seats)
        event = Hands(out=Seat(out), kaluki=kaluki, cards=tuple(held))
        state = replay(rules, [*full, Deal(dealer=dealer)]).state
        assert rules.violations(state, event) == []
        # a card more than the packs hold is refused
        extra = list(held)
        loser = next(s for s in range(seats) if s != out)
        twice = [c for c in pack if not c.is_joker][0]
        extra[loser] = (*extra[loser], twice, twice, twice)
        codes = [v.code for v in rules.violations(state, Hands(out=Seat(out), cards=tuple(extra)))]
        assert "too-many-copies" in codes or "too-many-cards" in codes
        full += [Deal(dealer=dealer), event]
        counts = tuple(len(h) for h in held)
        jokers = tuple(sum(1 for c in h if c.is_joker) for h in held)
        result = Result(out=Seat(out), kaluki=kaluki, cards=counts, jokers=jokers)
        quick += [Deal(dealer=dealer), result]
        factor = 2 if kaluki else 1
        for seat in range(seats):
            if seat != out:
                paid = (counts[seat] + jokers[seat]) * factor
                totals[seat] -= paid
                totals[out] += paid
    state = replay(rules, full).state
    assert list(rules.scores(state)) == totals
    assert sum(rules.scores(state)) == 0
    for hand in rules.hands(state):
        assert sum(hand.points) == 0
        for seat, lines in enumerate(hand.lines):
            assert sum(line.points for line in lines) == hand.points[seat]
    assert hand_is_zero_sum(rules.postings(state)) == {}
    assert rules.scores(replay(rules, quick).state) == rules.scores(state)
