"""Random Kaluki hands (hypothesis): each dealt from a real pack of two packs and four jokers,
recorded with the cards the losers still hold, and checked against an independent count.

* cards are conserved: a hand dealt from the pack is never refused, and one card more than the
  packs hold (a third copy, a fifth joker) always is;
* every hand's payments add up to zero, and so do the ledger postings;
* each loser pays their cards plus their jokers, doubled for Kaluki, counted here by hand;
* the quick entry of the same counts gives the same payments;
* a meld laid during play is accepted exactly when the independent definition of a meld says
  so, and a first meld exactly when it is also worth 51.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kaluki import play
from companion.games.kaluki.game import Deal, Hands, Kaluki, Melds, Result
from companion.rules import replay
from companion.rules.cards import JOKER, Card, Suit, deck, parse_cards
from companion.rules.events import Event, Seat
from companion.rules.money import hand_is_zero_sum
from tests.rules.test_melds import is_meld

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


KALUKI_PACK = deck(54, copies=2)


@settings(max_examples=300, deadline=None)
@given(group=st.lists(st.sampled_from(KALUKI_PACK), min_size=1, max_size=6))
def test_a_meld_is_accepted_exactly_when_it_is_a_meld(group: list[Card]) -> None:
    """After a first meld, a player's new meld is refused as `not-a-meld` exactly when the
    independent definition of ``test_melds`` says it is none (sets of different suits up to
    four, runs ace low or high, jokers wild)."""
    rules = Kaluki(2, None, NAMES[:2])
    opening = Melds(player=Seat(0), melds=(parse_cards("QH KH AH"), parse_cards("JS JD JC")))
    state = replay(rules, [Deal(dealer=Seat(1)), opening]).state
    codes = [v.code for v in rules.violations(state, Melds(player=Seat(0), melds=(tuple(group),)))]
    assert ("not-a-meld" not in codes) == is_meld(group, play.RULES), (group, codes)


@st.composite
def melds(draw: st.DrawFn) -> list[Card]:
    """A set (3 or 4 suits of a rank) or a run (3 to 8 in a suit, ace low or high), some cards
    replaced by jokers, never all."""
    if draw(st.booleans()):
        rank = draw(st.integers(2, 14))
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=3, max_size=4, unique=True))
        group = [Card(rank, suit) for suit in suits]
    else:
        suit = draw(st.sampled_from(list(Suit)))
        size = draw(st.integers(3, 8))
        low = draw(st.integers(1, 15 - size))
        group = [Card(14 if p in (1, 14) else p, suit) for p in range(low, low + size)]
    top = min(len(group) - 1, 4)  # the pack holds four jokers
    jokers = draw(st.lists(st.integers(0, len(group) - 1), max_size=top, unique=True))
    return [JOKER if i in jokers else c for i, c in enumerate(group)]


@settings(max_examples=300, deadline=None)
@given(group=melds())
def test_a_first_meld_counts_its_cards(group: list[Card]) -> None:
    """A first meld of one group is accepted exactly when it is worth 51 or more; its worth is
    at least the natural cards' values and at most that with each joker worth an ace."""
    assert is_meld(group, play.RULES)
    rules = Kaluki(2, None, NAMES[:2])
    state = replay(rules, [Deal(dealer=Seat(1))]).state
    codes = [v.code for v in rules.violations(state, Melds(player=Seat(0), melds=(tuple(group),)))]
    points = play.meld_points(group, rules.options)
    naturals = sum(11 if c.rank == 14 else min(c.rank, 10) for c in group if not c.is_joker)
    jokers = sum(1 for c in group if c.is_joker)
    assert naturals + 2 * jokers <= points <= naturals + 11 * jokers
    assert codes == (["first-meld-under-51"] if points < 51 else [])
