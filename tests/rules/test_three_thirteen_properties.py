"""Random Three Thirteen games (hypothesis): each hand dealt from the right packs, recorded with
the players' final cards, and checked against what an independent count says.

* the engine's deadwood per player equals brute force (every split of the cards into melds, each
  meld judged by the independent definition of ``test_melds``) for the small hands;
* every card of every player is in exactly one meld or in the deadwood;
* recording the same hands by quick entry (each player's deadwood) gives the same scores;
* the player who went out scores 0 and a player's deadwood never exceeds the hand's maximum.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.three_thirteen import play
from companion.games.three_thirteen.game import Deal, Hands, Result, ThreeThirteen
from companion.rules import replay
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Event, Seat
from tests.rules.test_melds import brute_force

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 5),
    seed=st.integers(0, 10**9),
    hands=st.integers(1, 11),
    identical=st.booleans(),
)
def test_random_games(seats: int, seed: int, hands: int, identical: bool) -> None:
    rng = random.Random(seed)
    rules = ThreeThirteen(seats, {"identical_in_set": identical}, NAMES[:seats])
    full: list[Event] = []
    quick: list[Event] = []
    expected_totals = [0] * seats
    for number in range(1, hands + 1):
        size = play.cards_dealt(number)
        # the player who goes out holds a run of one suit from the ace; the others are dealt
        # from the rest of the packs
        out = rng.randrange(seats)
        suit = rng.choice(list(Suit))
        going_out = tuple(Card(14 if r == 1 else r, suit) for r in range(1, size + 1))
        pack = list(deck(52, copies=rules.decks()))
        for card in going_out:
            pack.remove(card)
        rng.shuffle(pack)
        dealt = [tuple(pack[i * size : (i + 1) * size]) for i in range(seats)]
        dealt[out] = going_out
        values = play.valuer(rules.options, number)
        best = [play.arrange(cards, rules.options, number) for cards in dealt]
        assert best[out].deadwood_value == 0
        for cards, found in zip(dealt, best, strict=True):
            used = [c for m in found.melds for c in m.cards] + list(found.deadwood)
            assert Counter(used) == Counter(cards)
            assert found.deadwood_value <= play.max_deadwood(rules.options, number)
            if size <= 6:
                melds = play.meld_rules(rules.options, number)
                assert found.deadwood_value == brute_force(cards, melds, values)
        dealer = Seat((number - 1) % seats)
        full += [Deal(dealer=dealer), Hands(out=Seat(out), cards=tuple(dealt))]
        deadwood = tuple(0 if s == out else best[s].deadwood_value for s in range(seats))
        quick += [Deal(dealer=dealer), Result(out=Seat(out), deadwood=deadwood)]
        for s in range(seats):
            expected_totals[s] += deadwood[s]
    by_cards = replay(rules, full)
    by_points = replay(rules, quick)
    assert rules.scores(by_cards.state) == tuple(expected_totals)
    assert rules.scores(by_points.state) == tuple(expected_totals)
    assert not by_cards.flagged and not by_points.flagged
    assert (rules.outcome(by_cards.state) is not None) == (hands == 11)
