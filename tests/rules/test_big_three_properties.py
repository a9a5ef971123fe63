"""Property tests for Big Three: the combination classifier agrees with a brute-force one, and
random hands played with real cards conserve the cards and are checked like the rulings say.

The brute-force classifier lists every valid combination's ranks (rulings 5.2.4) and looks the
cards' ranks up in that list; it shares nothing with ``play.classify`` but the card order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.big_three import play
from companion.games.big_three.events import Bid, Deal, Pass, Play
from companion.games.big_three.game import BigThree
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Seat
from tests.rules.turn_taking import checked_plays

#: The order written out from the rulings: 4 5 6 7 8 9 10 J Q K A 2 3, low to high.
RANKS_LOW_TO_HIGH = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 3]
PLACE = {rank: i for i, rank in enumerate(RANKS_LOW_TO_HIGH)}
NAMES = ["single", "pair", "trips", "quads"]
RUN_NAMES = ["straight", "pairs-run", "trips-run", "quads-run"]


def _every_combination() -> dict[frozenset[tuple[int, int]], tuple[str, int, int]]:
    """{frozenset of (rank, how many): (kind, top rank, lowest rank)} for every valid one."""
    out: dict[frozenset[tuple[int, int]], tuple[str, int, int]] = {}
    for size in (1, 2, 3, 4):
        for rank in RANKS_LOW_TO_HIGH:
            out[frozenset({(rank, size)})] = (NAMES[size - 1], rank, rank)
        in_runs = RANKS_LOW_TO_HIGH[: RANKS_LOW_TO_HIGH.index(13) + 1]  # 4 .. K
        for start in range(len(in_runs)):
            for end in range(start + 3, len(in_runs) + 1):
                ranks = in_runs[start:end]
                if len(ranks) * size > 20:  # more than any hand holds
                    continue
                out[frozenset((r, size) for r in ranks)] = (
                    RUN_NAMES[size - 1],
                    ranks[-1],
                    ranks[0],
                )
    return out


EVERY = _every_combination()


def brute(cards: list[Card]) -> tuple[str, int, int, int] | None:
    found = EVERY.get(frozenset(Counter(c.rank for c in cards).items()))
    if found is None:
        return None
    kind, top, low = found
    return kind, len(cards), top, low


def _places(result: tuple[str, int, int, int] | None) -> Any:
    if result is None:
        return None
    kind, n, top, low = result
    return kind, n, play.ORDER[top], play.ORDER[low]


PACK = list(deck(52))


@st.composite
def card_sets(draw: Any) -> list[Card]:
    """Often a real combination (sometimes with one card changed), otherwise any cards."""
    if draw(st.booleans()):
        pattern = draw(st.sampled_from(sorted(EVERY, key=sorted)))
        cards: list[Card] = []
        for rank, size in sorted(pattern):
            suits = draw(st.permutations(list(Suit)))[:size]
            cards += [Card(rank, s) for s in suits]
        if draw(st.booleans()) and len(cards) > 1:
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        if draw(st.booleans()):
            extra = draw(st.sampled_from(PACK))
            if extra not in cards:
                cards.append(extra)
        return cards
    return draw(st.lists(st.sampled_from(PACK), min_size=1, max_size=12, unique=True))


@settings(max_examples=600, deadline=None)
@given(cards=card_sets())
def test_the_classifier_agrees_with_brute_force(cards: list[Card]) -> None:
    got = play.classify(cards)
    expected = _places(brute(cards))
    if expected is None:
        assert got is None, (cards, got)
    else:
        assert got is not None and (got.kind, got.cards, got.top, got.low) == expected


def test_the_brute_force_list_is_the_rulings_list() -> None:
    # 13 ranks x 4 single-rank kinds, plus straights and runs over 4..K (10 ranks): for group
    # size 1, runs of 3..10 ranks: 8+7+...+1 = 36; pairs (up to 10 ranks): 36; trips (up to
    # 6 ranks, 20 cards): 8+7+6+5 = 26; quads (up to 5 ranks): 8+7+6 = 21.
    assert len(EVERY) == 52 + 36 + 36 + 26 + 21


def _placed(cards: tuple[Card, ...]) -> Any:
    """A candidate's combination by brute force (every candidate is one), in order places."""
    combo = brute(list(cards))
    assert combo is not None, cards
    return _places(combo)


def _candidates(hand: list[Card]) -> list[tuple[Card, ...]]:
    """Every group of one rank, and straights / pair-runs of 3 ranks, from ``hand``."""
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(play.ORDER[card.rank], []).append(card)
    out: list[tuple[Card, ...]] = []
    for cards in by_rank.values():
        for size in range(1, len(cards) + 1):
            out.append(tuple(cards[:size]))
    for low in range(4, 12):
        ranks = [low, low + 1, low + 2]
        if all(r in by_rank for r in ranks):
            out.append(tuple(by_rank[r][0] for r in ranks))
            if all(len(by_rank[r]) >= 2 for r in ranks):
                out.append(tuple(c for r in ranks for c in by_rank[r][:2]))
    return out


def oracle_beats(new: tuple[str, int, int, int], old: tuple[str, int, int, int] | None) -> bool:
    if old is None:
        return True
    return new[0] == old[0] and new[1] == old[1] and new[2] > old[2]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_hands_conserve_cards_and_follow_the_beating_rule(data: Any) -> None:
    rules = BigThree(3, {"direction": data.draw(st.sampled_from(["left", "right"]))})
    step = rules.step
    pack = list(data.draw(st.permutations(PACK), label="pack"))
    hands = [pack[16 * i : 16 * (i + 1)] for i in range(3)]
    widow = pack[48:]
    opener = data.draw(st.integers(0, 2), label="opener")
    state = rules.apply_checked(rules.initial_state(), Deal(dealer=Seat(0), opener=Seat(opener)))
    high, seat, passed = 0, opener, set()
    while state.hand is not None and state.hand.solo is None:
        seat = rules.bidder(state.hand)
        assert seat is not None
        choices = [0] if state.hand.calls else []
        choices += list(range(high + 1, 4))
        bid = data.draw(st.sampled_from(choices), label="bid")
        state = rules.apply_checked(state, Bid(seat=Seat(seat), bid=bid))
        high = max(high, bid)
        if bid == 0:
            passed.add(seat)
    hand = state.hand
    assert hand is not None and hand.solo is not None and hand.bid == high
    solo = hand.solo
    hands[solo] += widow
    current: tuple[str, int, int, int] | None = None
    last = None
    for _ in range(200):
        hand = state.hand
        if hand is None:
            break
        seat = hand.turn
        legal = checked_plays(
            rules,
            state,
            Play,
            _candidates(hands[seat]),
            lambda cards, to_beat=current: oracle_beats(_placed(cards), to_beat),
        )
        if current is not None and (not legal or data.draw(st.integers(0, 3)) == 0):
            state = rules.apply_checked(state, Pass(seat=Seat(seat)))
            if state.hand is not None and state.hand.current is None:
                current = None
                assert state.hand.turn == last, "two passes give the lead back"
            continue
        cards = data.draw(st.sampled_from(legal), label="play")
        placed = _placed(cards)
        for card in cards:
            hands[seat].remove(card)
        current, last = placed, seat
        state = rules.apply_checked(state, Play(seat=Seat(seat), cards=cards))
        if state.hand is not None:
            assert list(state.hand.counts) == [len(h) for h in hands]
            assert len(state.hand.played) + sum(len(h) for h in hands) == 52
            assert state.hand.turn == (seat + step) % 3
    if state.hand is None:
        money = state.money[-1]
        assert sum(money) == 0
        out = next(s for s in range(3) if not hands[s])
        sign = 1 if out == solo else -1
        assert money[solo] == sign * 2 * high
        assert all(money[s] == -sign * high for s in range(3) if s != solo)
        assert [p.amount for p in rules.postings(state)] == [m for m in money if m]


@settings(max_examples=150, deadline=None)
@given(
    bid=st.integers(1, 3),
    solo=st.integers(0, 2),
    first_out=st.integers(0, 2),
    opener=st.integers(0, 2),
    bombs=st.integers(0, 13),
    spring=st.booleans(),
    forced=st.booleans(),
)
def test_quick_entry_with_every_house_rule_is_zero_sum_and_doubles_as_told(
    bid: int, solo: int, first_out: int, opener: int, bombs: int, spring: bool, forced: bool
) -> None:
    """Quick entry with the forced dig, quads doubling and the spring: refused exactly when a
    forced dig is not at 3 or the opener's lead rules the spring out; otherwise the solo player
    wins or pays 2 × bid × 2^quads (× 2 for a spring) and the hand is zero-sum."""
    from companion.games.big_three.events import Result
    from companion.rules import replay

    rules = BigThree(3, {"forced_dig": True, "bomb_doubles": True, "spring": True})
    state = replay(rules, [Deal(dealer=Seat(0), opener=Seat(opener))]).state
    result = Result(
        bid=bid,
        solo=Seat(solo),
        first_out=Seat(first_out),
        bombs=bombs,
        spring=spring,
        forced=forced,
    )
    # The solo player wins only if out first; the losing side played nothing only if it did
    # not hold the opener, who always leads.
    possible_spring = (first_out == solo) == (solo == opener)
    should_refuse = (forced and bid != 3) or (spring and not possible_spring)
    assert (not rules.can_apply(state, result)) is should_refuse
    if should_refuse:
        return
    money = rules.apply_checked(state, result).money[-1]
    stake = bid * 2**bombs * (2 if spring else 1)
    assert sum(money) == 0
    assert money[solo] == (2 * stake if first_out == solo else -2 * stake)
