"""Every deck at its widest: the rummy games' melds and least-deadwood solver on every hand the
widest pack each option allows can deal (issue 28, items 3 and 5).

* Three Thirteen: up to four packs (``decks: 4``, the default for 7-8 players), so a hand may
  hold one card four times; the hand's wild rank; identical cards in a set or not, wild cards and
  aces at their house values.
* Kaluki: two packs and four jokers (sets of different suits, at most four; the ace low or high).
* Jersey Gin: one pack.

The solver is checked against a brute force written here from the rulings (§3.2.3, §9.2.5),
without the module's ``classify``: every way to split a small hand into groups, each group a meld
if some window of positions (a run) or one rank (a set) takes every card. Kaluki's value of a
meld toward the 51 (ruling 9.2.6: the higher-valued legal reading) is checked the same way: every
place each card could stand, the best total. The issue's own examples come first.

The property tests run a modest number of examples in CI; ``MELDS_WIDEST_SCALE=30`` (an
environment variable) multiplies them for a long local run.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from companion.games.jersey_gin import play as jersey
from companion.games.kaluki import play as kaluki
from companion.games.kaluki.events import KalukiOptions
from companion.games.kaluki.game import Deal as KalukiDeal
from companion.games.kaluki.game import Kaluki, LayOff, Melds
from companion.games.three_thirteen import play as thirteen
from companion.games.three_thirteen.events import ThreeThirteenOptions
from companion.games.three_thirteen.game import Deal, Hands, Result, ThreeThirteen
from companion.rules import replay
from companion.rules.cards import ACE, BLACK_JOKER, JOKER, RED_JOKER, Card, deck, parse_cards
from companion.rules.events import Event, Seat
from companion.rules.melds import MeldError, MeldRules, gin_value, solve

SCALE = float(os.environ.get("MELDS_WIDEST_SCALE", "1"))


def examples(n: int) -> int:
    return max(1, int(n * SCALE))


NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

# --- the examples: Three Thirteen with four packs -------------------------------------


def three_thirteen(seats: int, options: dict[str, object] | None = None) -> ThreeThirteen:
    return ThreeThirteen(seats, options, NAMES[:seats])


def up_to(number: int, seats: int) -> list[Event]:
    """The hands before hand ``number``, entered quickly (the first player out each time)."""
    log: list[Event] = []
    for n in range(1, number):
        log.append(Deal(dealer=Seat((n - 1) % seats)))
        log.append(Result(out=Seat(0), deadwood=(0,) + (5,) * (seats - 1)))
    log.append(Deal(dealer=Seat((number - 1) % seats)))
    return log


def full(out: int, *cards: str) -> Hands:
    return Hands(out=Seat(out), cards=tuple(parse_cards(c) for c in cards))


#: Seven players: four packs by default. Cards for the players who do not matter to a case,
#: hand by hand (3 to 6 cards), none of them a copy of the cards that do.
FILLER = {
    2: ["2S 3D 7C 8C", "2S 3D 7C 8C", "2S 3D 7C 8C", "2S 3D 7C 8C", "10S JD QC KS", "10S JD QC KS"],
    3: ["2S 3D 7C 8C 10S"] * 4 + ["JD QC KS 2C 3S"] * 2,
    4: ["2S 3D 7C 8C 10S JD"] * 4 + ["QC KS 2C 3S 8D 10C"] * 2,
}


def test_seven_players_play_with_four_packs() -> None:
    assert three_thirteen(7).decks() == 4
    assert three_thirteen(8).decks() == 4


def test_four_identical_cards_are_a_set_and_replay() -> None:
    # hand 2 (4s wild): Ann goes out with 5♥ 5♥ 5♥ 5♥, four of one card from four packs
    rules = three_thirteen(7)
    log = [*up_to(2, 7), full(0, "5H 5H 5H 5H", *FILLER[2])]
    state = replay(rules, log).state  # old main: IndexError in melds.py
    assert rules.hands(state)[1].points[0] == 0
    arrangement = state.arrangements[1]
    assert arrangement is not None
    assert [str(m) for m in arrangement[0].melds] == ["5H 5H 5H 5H"]


def test_four_identical_cards_and_one_more_score_the_one() -> None:
    # hand 3 (5s wild, 5 cards): Bob keeps 6♥ 6♥ 6♥ 6♥ 7♥: the four sixes meld, 7♥ costs 7
    rules = three_thirteen(7)
    log = [*up_to(3, 7), full(0, "9H 9H 9H 5C 5D", "6H 6H 6H 6H 7H", *FILLER[3][1:])]
    state = replay(rules, log).state
    assert rules.hands(state)[2].points[1] == 7  # old main: 14
    arrangement = state.arrangements[2]
    assert arrangement is not None
    assert [str(m) for m in arrangement[1].melds] == ["6H 6H 6H 6H"]
    assert [str(c) for c in arrangement[1].deadwood] == ["7H"]


def test_a_set_and_a_run_from_four_aces_go_out() -> None:
    # hand 4 (6s wild): A♥ A♥ A♥ + A♥ 2♥ 3♥ melds every card: a legal going out
    rules = three_thirteen(7)
    log = up_to(4, 7)
    entry = full(0, "AH AH AH AH 2H 3H", *FILLER[4])
    state = replay(rules, log).state
    assert [v.code for v in rules.violations(state, entry)] == []  # old main: out-not-melded
    state = replay(rules, [*log, entry]).state
    arrangement = state.arrangements[3]
    assert arrangement is not None
    assert sorted(str(m) for m in arrangement[0].melds) == ["AH 2H 3H", "AH AH AH"]


def test_a_king_left_over_is_no_going_out() -> None:
    # hand 4 (6s wild): 9♦ 9♦ 9♦ 9♦ 6♥ is a set, K♦ is left: Ann cannot have gone out
    rules = three_thirteen(7)
    state = replay(rules, up_to(4, 7)).state
    problems = rules.violations(state, full(0, "9D 9D 9D 9D KD 6H", *FILLER[4]))
    assert [v.code for v in problems] == ["out-not-melded"]  # old main: accepted
    assert "K♦" in str(problems[0].message) and "10 points" in str(problems[0].message)


def test_the_melds_shown_hold_only_the_players_cards() -> None:
    # Bob, not out, keeps 9♦ ×4 K♦ 6♥: the app shows 9♦ 9♦ 9♦ 9♦ 6♥ and K♦ left over (old
    # main showed K♦ K♦ 6♥, two kings Bob never held)
    rules = three_thirteen(7)
    log = [*up_to(4, 7), full(0, "AH AH AH 2H 3H 4H", "9D 9D 9D 9D KD 6H", *FILLER[4][1:])]
    state = replay(rules, log).state
    arrangement = state.arrangements[3]
    assert arrangement is not None
    shown = [c for m in arrangement[1].melds for c in m.cards]
    assert Counter(shown + list(arrangement[1].deadwood)) == Counter(
        parse_cards("9D 9D 9D 9D KD 6H")
    )
    assert [str(c) for c in arrangement[1].deadwood] == ["KD"]
    assert rules.hands(state)[3].points[1] == 10


# --- the examples: Kaluki's jokers with one natural card ------------------------------


def test_one_card_and_two_jokers_count_their_best_reading() -> None:
    options = KalukiOptions()
    assert kaluki.meld_points(parse_cards("7C JK JK"), options) == 24  # 7-8-9, not 7-7-7 (21)
    assert kaluki.meld_points(parse_cards("2C JK JK"), options) == 16  # A-2-3, not 2-2-2 (6)
    # an ace low worth 1 (house rule): 2-3-4 (9) beats A-2-3 (6) and 2-2-2 (6)
    assert kaluki.meld_points(parse_cards("2C JK JK"), KalukiOptions(low_ace=1)) == 9


def test_seven_and_two_jokers_open_with_a_run_of_spades() -> None:
    rules = Kaluki(3, None, NAMES[:3])
    state = replay(rules, [KalukiDeal(dealer=Seat(0))]).state
    first = Melds(player=Seat(1), melds=(parse_cards("7C JK JK"), parse_cards("8S 9S 10S")))
    assert [v.code for v in rules.violations(state, first)] == []  # 24 + 27 = 51


def test_a_lay_off_adds_the_cards_it_lays_off() -> None:
    # on 7♣ JK JK (7-8-9): 7♦ makes a set of sevens (7 more), 10♣ makes 7-8-9-10 (10 more), 6♣
    # makes 6-7-8-9 (6 more; old main counted 9: 30 less the three sevens' 21)
    options = KalukiOptions()
    before = parse_cards("7C JK JK")
    assert kaluki.layoff_points(before, parse_cards("7C JK JK 7D"), options) == 7
    assert kaluki.layoff_points(before, parse_cards("7C JK JK 10C"), options) == 10
    assert kaluki.layoff_points(before, parse_cards("6C 7C JK JK"), options) == 6
    # 5♣ on 2♣ JK JK (A-2-3): the jokers move from A♣ and 3♣ to 3♣ and 4♣; 5♣ adds 5
    assert kaluki.layoff_points(parse_cards("2C JK JK"), parse_cards("2C JK JK 5C"), options) == 5


def test_a_first_meld_with_a_lay_off_on_one_card_and_jokers() -> None:
    rules = Kaluki(3, None, NAMES[:3])
    log: list[Event] = [
        KalukiDeal(dealer=Seat(0)),
        Melds(player=Seat(1), melds=(parse_cards("QH KH AH"), parse_cards("7C JK JK"))),
    ]
    state = replay(rules, log).state
    six = (LayOff(meld=2, cards=parse_cards("6C")),)
    # Q♠ K♠ A♠ (31) + 4♦ 4♥ 4♠ (12) + 6♣ laid off on 7-8-9 (6) = 49: too little
    short = Melds(
        player=Seat(2), melds=(parse_cards("QS KS AS"), parse_cards("4D 4H 4S")), layoffs=six
    )
    assert [v.code for v in rules.violations(state, short)] == ["first-meld-under-51"]
    # with 5♦ 5♥ 5♠ (15) instead of the fours: 52
    enough = Melds(
        player=Seat(2), melds=(parse_cards("QS KS AS"), parse_cards("5D 5H 5S")), layoffs=six
    )
    assert [v.code for v in rules.violations(state, enough)] == []


# --- a brute force from the rulings ------------------------------------------------------------


def spots(card: Card, rules: MeldRules) -> set[int]:
    """The positions a natural card can take in a run: its rank; an ace 1 (low) or 14 (high)."""
    if card.rank == ACE:
        return {1, 14} if rules.ace == "low-or-high" else {1}
    return {card.rank}


def brute_readings(group: Sequence[Card], rules: MeldRules) -> list[tuple[str, tuple[int, ...]]]:
    """Every meld the group can be read as: ``("set", (rank,) * n)``, ``("run", positions)``
    for each window of n positions in A..K (or 2..A where the ace may be high) in which each
    natural card has a place of its own, the wild cards taking the rest; ``("wild", ())`` for
    wild cards only where they may meld alone."""
    n = len(group)
    if n < rules.min_size:
        return []
    naturals = [c for c in group if not rules.is_wild(c)]
    if not naturals:
        return [("wild", ())] if rules.all_wild else []
    found: list[tuple[str, tuple[int, ...]]] = []
    if (
        len({c.rank for c in naturals}) == 1
        and (rules.set_max is None or n <= rules.set_max)
        and (not rules.distinct_suits or len({c.suit for c in naturals}) == len(naturals))
    ):
        found.append(("set", (naturals[0].rank,) * n))
    if len({c.suit for c in naturals}) == 1:
        top = 14 if rules.ace == "low-or-high" else 13
        for lo in range(1, top - n + 2):
            window = tuple(range(lo, lo + n))
            if lo == 1 and window[-1] == 14:  # A..A: round the corner
                continue
            places = [sorted(spots(c, rules) & set(window)) for c in naturals]
            if any(len(set(pick)) == len(pick) for pick in itertools.product(*places)):
                found.append(("run", window))
    return found


def brute_deadwood(hand: Sequence[Card], rules: MeldRules, value: Callable[[Card], int]) -> int:
    """The least deadwood: the first card left over, or in a group with some of the others that
    is a meld; every choice tried."""
    memo: dict[tuple[Card, ...], int] = {}

    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        if rest in memo:
            return memo[rest]
        first, others = rest[0], rest[1:]
        least = value(first) + best(others)
        for k in range(rules.min_size - 1, len(others) + 1):
            for idx in itertools.combinations(range(len(others)), k):
                if brute_readings((first, *(others[j] for j in idx)), rules):
                    least = min(least, best(tuple(c for j, c in enumerate(others) if j not in idx)))
        memo[rest] = least
        return least

    return best(tuple(hand))


def check(hand: Sequence[Card], rules: MeldRules, value: Callable[[Card], int]) -> None:
    """The solver's arrangement is made of the hand's own cards, every meld is a meld, its
    deadwood is what it costs, and no arrangement leaves less (brute force)."""
    found = solve(hand, rules, value)
    used = [c for m in found.melds for c in m.cards] + list(found.deadwood)
    assert Counter(used) == Counter(hand), "the melds shown are not the cards held"
    for meld in found.melds:
        assert brute_readings(meld.cards, rules), f"{meld} is no meld"
    assert found.deadwood_value == sum(value(c) for c in found.deadwood)
    assert found.deadwood_value == brute_deadwood(hand, rules, value), [str(c) for c in hand]


# --- hands from the widest pack ------------------------------------------------------------------

SUITS = "SHDC"
ALL_RANKS = range(2, 15)
KALUKI_JOKERS = (JOKER, RED_JOKER, BLACK_JOKER)


@st.composite
def crowded(
    draw: st.DrawFn,
    copies: int,
    extra: Sequence[Card] = (),
    extra_most: int = 0,
    most: int = 9,
) -> list[Card]:
    """A hand from ``copies`` packs, crowded into a few ranks and suits, each card drawn with a
    number of copies (up to all the packs hold), so that four of one card, long runs and big
    sets come often; ``extra`` cards (wild cards, jokers) besides, at most ``extra_most`` of
    them. At most ``most`` cards."""
    ranks = draw(st.lists(st.sampled_from(ALL_RANKS), min_size=1, max_size=4, unique=True))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=3, unique=True))
    region = [c for c in deck(52) if c.rank in ranks and str(c)[-1] in suits]
    picks = draw(
        st.lists(
            st.tuples(st.sampled_from(region + list(extra)), st.integers(1, copies)),
            min_size=1,
            max_size=most,
        )
    )
    hand: list[Card] = []
    for card, n in picks:  # as many as the packs hold
        for _ in range(n):
            room = len(hand) < most and hand.count(card) < copies
            if card in extra:
                room = room and sum(1 for c in hand if c in extra) < extra_most
            if room:
                hand.append(card)
    return hand


@st.composite
def three_thirteen_case(
    draw: st.DrawFn, most: int = 9
) -> tuple[list[Card], ThreeThirteenOptions, int]:
    """Four packs (the most the option allows), any hand's wild rank, the house options."""
    number = draw(st.integers(1, 11))
    options = ThreeThirteenOptions(
        decks=4,
        identical_in_set=draw(st.booleans()),
        wild_penalty=draw(st.sampled_from((0, 20, 25))),
        ace_value=draw(st.sampled_from((1, 15))),
    )
    wild_rank = thirteen.wild_rank(number)
    wilds = [c for c in deck(52) if c.rank == wild_rank]
    hand = draw(crowded(4, wilds, extra_most=16, most=most))
    return hand, options, number


@settings(max_examples=examples(300), deadline=None)
@given(case=three_thirteen_case())
def test_three_thirteen_four_packs_against_brute_force(
    case: tuple[list[Card], ThreeThirteenOptions, int],
) -> None:
    hand, options, number = case
    event(f"most copies of one card: {max(Counter(hand).values(), default=0)}")
    check(hand, thirteen.meld_rules(options, number), thirteen.valuer(options, number))


@settings(max_examples=examples(200), deadline=None)
@given(hand=crowded(2, KALUKI_JOKERS, extra_most=4))
def test_kaluki_two_packs_and_four_jokers_against_brute_force(hand: list[Card]) -> None:
    event(f"jokers: {sum(1 for c in hand if c.is_joker)}")
    check(hand, kaluki.RULES, kaluki.unit_cost)


@settings(max_examples=examples(100), deadline=None)
@given(hand=crowded(1, most=10))
def test_jersey_gin_one_pack_against_brute_force(hand: list[Card]) -> None:
    check(hand, jersey.MELDS, gin_value)


@settings(max_examples=examples(100), deadline=None)
@given(case=three_thirteen_case(most=14), kaluki_hand=crowded(2, KALUKI_JOKERS, 4, most=16))
def test_full_hands_from_the_widest_packs_hold_only_their_cards(
    case: tuple[list[Card], ThreeThirteenOptions, int], kaluki_hand: list[Card]
) -> None:
    """Hands too big for brute force (13 cards and the draw; Kaluki's 15 and the draw): the
    arrangement is of the cards held, each meld a meld, as the game shows it."""
    hand, options, number = case
    for cards, found, rules in (
        (hand, thirteen.arrange(hand, options, number), thirteen.meld_rules(options, number)),
        (kaluki_hand, kaluki.arrange(kaluki_hand), kaluki.RULES),
    ):
        used = [c for m in found.melds for c in m.cards] + list(found.deadwood)
        assert Counter(used) == Counter(cards)
        for meld in found.melds:
            assert brute_readings(meld.cards, rules), str(meld)


def brute_points(group: Sequence[Card], options: KalukiOptions) -> int | None:
    """A Kaluki meld's best value toward the 51, every reading tried (None: no meld)."""

    def worth(p: int) -> int:
        if p == 1:
            return options.low_ace
        return 11 if p == 14 else min(p, 10)

    totals = [sum(worth(p) for p in places) for _, places in brute_readings(group, kaluki.RULES)]
    return max(totals, default=None)


@settings(max_examples=examples(300), deadline=None)
@given(
    group=crowded(2, KALUKI_JOKERS, extra_most=4, most=6),
    low_ace=st.sampled_from((11, 1)),
)
def test_kaluki_meld_points_take_the_best_reading(group: list[Card], low_ace: int) -> None:
    options = KalukiOptions(low_ace=low_ace)
    expected = brute_points(group, options)
    if expected is None:
        with pytest.raises(MeldError):
            kaluki.meld_points(group, options)
    else:
        assert kaluki.meld_points(group, options) == expected, [str(c) for c in group]
