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


# --- forced dig, and doubling in quick entry (ruling 5.3.4) -----------------------------------

DIG = {"forced_dig": True}


def test_a_forced_dig_ends_the_bidding_at_3_and_its_cards_are_the_diggers() -> None:
    from companion.games.big_three.events import Dig

    r = rules(**DIG)
    # Bob opened with 1; Cat shows 3♠ 3♥ 2♠ 2♦ and digs: Cat solo at 3, 20 cards; Bob leads.
    log: list[Event] = [DEAL, B(1, 1), Dig(seat=Seat(2), cards=cs("3S 3H 2S 2D"))]
    hand = replay(r, log).state.hand
    assert (hand.solo, hand.bid, hand.counts, hand.turn) == (2, 3, (16, 16, 20), 1)
    assert codes(r, log, P(1, "2S")) == ["dig-card-not-theirs"]
    assert codes(r, log, P(1, "2H")) == []
    # Cat may play her shown cards: Bob leads 4♠, Cat 2♠, two passes: Cat leads again.
    log += [P(1, "4S"), P(2, "2S"), Pass(seat=Seat(0)), Pass(seat=Seat(1))]
    assert replay(r, log).state.hand.turn == 2


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("3S 3H 3D", None),
        ("3S 3H 3D 3C", None),
        ("3S 3H 2S 2D", None),
        ("3S 3H 2S", "not-a-forced-dig"),  # two 3s need two 2s
        ("3S 2H 2S 2D", "not-a-forced-dig"),  # one 3 is not enough, whatever the 2s
        ("3S 3H 3D 4C", "not-a-forced-dig"),  # only the 3s (and 2s) are shown
        ("3S 3S 3D", "card-twice"),
    ],
)
def test_what_a_forced_dig_shows(cards: str, code: str | None) -> None:
    from companion.games.big_three.events import Dig

    found = codes(rules(**DIG), [DEAL], Dig(seat=Seat(0), cards=cs(cards)))
    assert found == ([code] if code else [])


def test_no_forced_dig_unless_the_table_plays_it() -> None:
    from companion.games.big_three.events import Dig

    r = rules()
    found = r.violations(replay(r, [DEAL]).state, Dig(seat=Seat(0), cards=cs("3S 3H 3D")))
    assert [v.code for v in found] == ["out-of-order"]
    assert "does not play the forced dig" in str(found[0].message)
    assert codes(r, [DEAL], Result(bid=3, solo=Seat(0), first_out=Seat(0), forced=True)) == [
        "option-off"
    ]


def test_a_forced_dig_settles_at_3() -> None:
    from companion.games.big_three.events import Dig

    r = rules(**DIG)
    # Ann digs with four 3s before any bid; Bob (the opener) leads his 16 cards at once, a run
    # of 8 pairs from 4 to J, and is out first.
    run = "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H 10S 10H JS JH"
    log: list[Event] = [DEAL, Dig(seat=Seat(0), cards=cs("3S 3H 3D 3C")), P(1, run)]
    state = replay(r, log).state
    # Ann solo at 3, beaten: Ann pays 3 to each opponent.
    assert state.money == ((-6, 3, 3),)
    lines = [str(line.label) for line in state.done[0].lines[0]]
    assert "Ann dug by force, showing 3♠ 3♥ 3♦ 3♣: solo at 3" in lines
    assert "Ann dug by force at 3" in str(state.done[0].summary)
    # Quick entry: a forced dig is at 3, never less.
    assert codes(r, [DEAL], Result(bid=2, solo=Seat(0), first_out=Seat(1), forced=True)) == [
        "forced-dig-at-3"
    ]
    quick = replay(r, [DEAL, Result(bid=3, solo=Seat(0), first_out=Seat(0), forced=True)])
    assert quick.state.money == ((6, -3, -3),)


def test_a_missed_forced_dig_is_flagged_when_the_cards_show_it() -> None:
    r = rules(**DIG)
    # Bob solo at 1; Cat (16 cards, all from the deal) plays 3♠, later 3♥ 3♦: three 3s.
    log: list[Event] = [DEAL, B(1, 1), B(2, 0), B(0, 0), P(1, "4S"), P(2, "3S")]
    log += [Pass(seat=Seat(0)), Pass(seat=Seat(1)), P(2, "3H 3D")]
    flagged = replay(r, log).flagged
    assert [(i, v.code, v.severity) for i, v in flagged] == [(8, "missed-dig", "irregularity")]
    assert "Cat has now played 3 threes, all dealt to them" in str(flagged[0][1].message)
    # The solo's cards may come from the widow: nothing is inferred from them.
    solo_log: list[Event] = [DEAL, B(1, 1), B(2, 0), B(0, 0), P(1, "3S 3H 3D")]
    assert replay(r, solo_log).flagged == ()
    # Without the option, nothing is flagged.
    assert replay(rules(), log).flagged == ()


@pytest.mark.parametrize(
    ("result", "money"),
    [
        # Bob (the opener) solo at 2 out first, one four of a kind played: stake 4.
        (Result(bid=2, solo=Seat(1), first_out=Seat(1), bombs=1), (-4, 8, -4)),
        # The same with a spring too (only Bob played): stake 8.
        (Result(bid=2, solo=Seat(1), first_out=Seat(1), bombs=1, spring=True), (-8, 16, -8)),
        # Cat solo at 1 beaten by Ann, Cat never played (Bob led): stake 2.
        (Result(bid=1, solo=Seat(2), first_out=Seat(0), spring=True), (2, 2, -4)),
        # Two fours of a kind: 3 × 2 × 2 = 12.
        (Result(bid=3, solo=Seat(0), first_out=Seat(2), bombs=2), (-24, 12, 12)),
    ],
)
def test_quick_entry_with_quads_and_a_spring(result: Result, money: tuple[int, ...]) -> None:
    r = rules(bomb_doubles=True, spring=True)
    state = replay(r, [DEAL, result]).state
    assert state.money == (money,)


def test_quick_entry_refuses_a_spring_the_opener_makes_impossible() -> None:
    r = rules(spring=True, bomb_doubles=True)
    # Bob opened and so led: if Bob is solo and beaten, his side played a card.
    beaten = r.violations(
        replay(r, [DEAL]).state, Result(bid=1, solo=Seat(1), first_out=Seat(0), spring=True)
    )
    assert [v.code for v in beaten] == ["no-spring"]
    assert "Bob, the solo player, opened the bidding and led" in str(beaten[0].message)
    # Cat solo wins: Bob, an opponent, led, so the opponents played.
    assert codes(r, [DEAL], Result(bid=1, solo=Seat(2), first_out=Seat(2), spring=True)) == [
        "no-spring"
    ]
    assert codes(r, [DEAL], Result(bid=1, solo=Seat(2), first_out=Seat(2), bombs=14)) == [
        "bad-bombs"
    ]
    off = rules()
    assert codes(off, [DEAL], Result(bid=1, solo=Seat(1), first_out=Seat(1), bombs=1)) == [
        "option-off"
    ]
    assert codes(off, [DEAL], Result(bid=1, solo=Seat(1), first_out=Seat(1), spring=True)) == [
        "option-off"
    ]


def test_the_deal_passes_the_way_play_goes() -> None:
    # Decision D-8: Ann (seat 0) deals; to the left Bob deals next, to the right Cat.
    hand = [DEAL, Result(bid=1, solo=Seat(1), first_out=Seat(1))]
    assert replay(rules(), hand).state.next_dealer == 1
    assert replay(rules(direction="right"), hand).state.next_dealer == 2
    assert codes(rules(direction="right"), hand, Deal(dealer=Seat(1), opener=Seat(0))) == [
        "wrong-dealer"
    ]
