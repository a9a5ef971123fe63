"""Random Jersey Gin hands entered with the cards (hypothesis): the knocker's ten cards, every
card the two others can lay off (the knocker's left first, each on the first meld it extends),
then the cards they still hold. The engine must accept every step, keep the 31 cards apart (no
card twice), and score the hand exactly as the quick entry of the same counts would; the
counts are worked out here from an independent brute force of each hand's best arrangement
(``tests/rules/test_melds.py``) for the knocker, and the lay-offs with the module's ``classify``.
"""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.games.jersey_gin import play
from companion.games.jersey_gin.game import Deal, Draw, JerseyGin, LayOff, Rest, Result, Show
from companion.rules import replay
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Event, Seat
from companion.rules.melds import MeldError, classify
from tests.rules.test_melds import brute_force

SUITS = list(Suit)


def knocker_hand(rng: random.Random) -> list[Card]:
    """A run of four, a set of three, and three cards from the low ranks: often a knock."""
    suit = rng.choice(SUITS)
    start = rng.randint(6, 10)
    run = [Card(r, suit) for r in range(start, start + 4)]
    rank = rng.randint(2, 5)
    trio = [Card(rank, s) for s in rng.sample(SUITS, 3)]
    used = set(run) | set(trio)
    low = [c for c in deck(52) if c not in used and (c.rank in (14, 2, 3, 4))]
    return run + trio + rng.sample(low, 3)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), by=st.integers(0, 2))
def test_knocks_entered_with_the_cards(seed: int, by: int) -> None:
    rng = random.Random(seed)
    rules = JerseyGin(3, names=("Ann", "Bob", "Cat"))
    mine = knocker_hand(rng)
    knocker = play.arrange(mine)
    assert knocker.deadwood_value == brute_force(mine, play.MELDS)
    end = "gin" if knocker.deadwood_value == 0 else "knock"
    if knocker.deadwood_value > play.KNOCK_LIMIT:
        return  # not a knock: nothing to enter
    rest_of_pack = [c for c in deck(52) if c not in mine]
    rng.shuffle(rest_of_pack)
    hands = {(by + 1) % 3: rest_of_pack[:10], (by + 2) % 3: rest_of_pack[10:20]}
    log: list[Event] = [
        Deal(dealer=Seat((by + 2) % 3)),
        Show(end=end, by=Seat(by), cards=tuple(mine)),
    ]
    melds = [list(m.cards) for m in knocker.melds]
    for seat in ((by + 1) % 3, (by + 2) % 3):
        if end == "gin":
            break
        for card in list(hands[seat]):
            for number, meld in enumerate(melds, 1):
                try:
                    classify([*meld, card], play.MELDS)
                except MeldError:
                    continue
                meld.append(card)
                hands[seat].remove(card)
                log.append(LayOff(seat=Seat(seat), card=card, meld=number))
                break
    cards = tuple(tuple(hands.get(s, ())) for s in range(3))
    log.append(Rest(cards=cards))
    state = replay(rules, log).state
    counts = tuple(
        knocker.deadwood_value if s == by else brute_force(hands[s], play.MELDS) for s in range(3)
    )
    quick = replay(rules, [log[0], Result(end=end, by=Seat(by), deadwood=counts)]).state
    assert rules.hands(state)[0].points == rules.hands(quick)[0].points
    assert sum(rules.hands(state)[0].points) >= 0


@settings(max_examples=100, deadline=None)
@given(
    dealer=st.integers(0, 2),
    sources=st.lists(st.sampled_from(["stock", "discard"]), min_size=1, max_size=40),
)
@example(dealer=0, sources=["stock"] * 18 + ["discard"])  # the breaker's own draw is in the break
def test_the_stock_counts_down_and_the_breaker_is_the_first_to_draw_at_three(
    dealer: int, sources: list[str]
) -> None:
    """Draws in turn from the dealer's left, from the stock or (before the break) the discard
    pile: the stock is 21 less the stock draws, never below 0; the breaker is whoever drew when
    3 were left; once the stock is out after the break no draw is taken."""
    rules = JerseyGin(3, names=["Ann", "Bob", "Cat"])
    log: list[Event] = [Deal(dealer=Seat(dealer))]
    stock, breaker = 21, None
    for n, source in enumerate(sources):
        seat = (dealer + 1 + n) % 3
        state = replay(rules, log).state
        if breaker is not None or stock == play.BREAK_AT:
            # From the break on, the breaker's own draw included (ruling 8: the stock holds
            # three, the next to draw is the breaker, and from then the discard is taken only
            # to meld it at once), a discard drawn must name its card: these draws take stock.
            source = "stock"
        event = Draw(seat=Seat(seat), source=source)
        refused = [v.code for v in rules.violations(state, event)]
        if breaker is not None and stock == 0:
            assert refused == ["stock-out"]
            break
        assert refused == []
        if stock == play.BREAK_AT and breaker is None:
            breaker = seat
        stock -= source == "stock"
        log.append(event)
        hand = replay(rules, log).state.hand
        assert hand is not None and (hand.stock, hand.breaker) == (stock, breaker)
        assert hand.stock >= 0
