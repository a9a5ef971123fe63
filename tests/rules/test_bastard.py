"""Bastard (Elevator): hand-worked games, every violation code, the bastard rule and options.

Every expected number here was worked out by hand from ``shared/rules/bastard/rulings.md``
§3.2-3.3 (the comments show the working), never copied from the engine's output.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.games.bastard.events import Deal, Pass, Play, Result
from companion.games.bastard.game import Bastard
from companion.rules import IllegalEventError, SetupError, replay
from companion.rules.cards import parse_card as c
from companion.rules.cards import parse_cards as cs
from companion.rules.events import Event, Seat

NAMES3 = ["Ann", "Bob", "Cat"]
NAMES6 = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def S(n: int) -> Seat:
    return Seat(n)


def P(seat: int, cards: str) -> Play:
    return Play(seat=S(seat), cards=cs(cards))


def X(seat: int, by_choice: bool = False) -> Pass:
    return Pass(seat=S(seat), by_choice=by_choice)


def rules3(**options: Any) -> Bastard:
    return Bastard(3, options, names=NAMES3)


def refusals(rules: Bastard, log: list[Event], event: Event) -> list[tuple[str, str]]:
    """(code, message) of each reason ``event`` is refused after ``log``."""
    state = replay(rules, log).state
    return [(v.code, str(v.message)) for v in rules.violations(state, event)]


def codes(rules: Bastard, log: list[Event], event: Event) -> list[str]:
    return [code for code, _ in refusals(rules, log, event)]


def message(rules: Bastard, log: list[Event], event: Event) -> str:
    return refusals(rules, log, event)[0][1]


#: docs/examples/bastard/reversals-and-joker.json: Ann deals 7♣, Bob starts.
REVERSALS: list[Event] = [
    Deal(dealer=S(0), upcard=c("7C")),
    P(1, "9H"),  # 1 up: red 9 on black 7
    P(2, "JS"),  # 2
    P(0, "AD"),  # 3 an ace: down
    P(1, "KC KH"),  # 4 black first on the red ace, then red
    X(2),  # 5 Cat cannot: draws
    P(0, "5S"),  # 6
    P(1, "2H"),  # 7 a two: up
    P(2, "JK"),  # 8 joker: anything next
    P(0, "3H"),  # 9
    X(1, True),  # 10 Bob passes by choice (Ann played before him)
    P(2, "4C"),  # 11
    P(0, "8D 8S"),  # 12
    P(1, "QH QC"),  # 13
    P(2, "AH"),  # 14 down again
    P(0, "10C 10D"),  # 15 Ann out: first
    P(1, "9S"),  # 16
    P(2, "8H"),  # 17
    P(1, "7S"),  # 18 Bob out: Cat is the bastard
]


def test_reversals_and_a_joker_step_by_step() -> None:
    rules = rules3()
    # (entry count, down?, top, counts Ann/Bob/Cat, stock, turn) worked out by hand:
    # 54 - 3 x 7 - 1 = 32 in the stock.
    checks = {
        1: (False, "7C", (7, 7, 7), 32, 1),
        4: (True, "AD", (6, 6, 6), 32, 1),
        6: (True, "KH", (6, 4, 7), 31, 0),  # Cat drew
        8: (False, "2H", (5, 3, 7), 31, 2),
        9: (False, "JK", (5, 3, 6), 31, 0),
        11: (False, "3H", (4, 4, 6), 30, 2),  # Bob drew
        15: (True, "AH", (2, 2, 4), 30, 0),
        16: (True, "10D", (0, 2, 4), 30, 1),
    }
    for n, (down, top, counts, stock, turn) in checks.items():
        hand = replay(rules, REVERSALS[:n]).state.hand
        assert (hand.down, str(hand.top), hand.counts, hand.stock, hand.turn) == (
            down,
            top,
            counts,
            stock,
            turn,
        ), n
    state = replay(rules, REVERSALS).state
    assert state.hand is None
    assert state.finishes == (((0,), (1,), (2,)),)
    assert rules.hands(state)[0].points == (1, 0, 0)
    assert rules.tally(state) == ([1, 0, 0], [0, 0, 1])
    assert state.next_dealer == 2, "the bastard deals the next game"
    assert state.starters == (1,), "the winner's left-hand neighbour starts"


#: docs/examples/bastard/bastard-rule-short-stock.json: six players, 11 cards in the stock.
SHORT: list[Event] = [
    Deal(dealer=S(0), upcard=c("9H")),
    P(1, "KS"),
    X(2),
    X(3),
    P(4, "AH"),
    X(5),
    P(0, "QC"),
    X(1),
    P(2, "JD"),
    X(3),
    X(4),
    X(5),
    X(0),
    X(1),
    X(2),  # Cat cannot beat her own J♦: the bastard rule
    P(3, "6S"),
]


def test_bastard_rule_with_a_short_stock() -> None:
    rules = Bastard(6, names=NAMES6)
    before = replay(rules, SHORT[:14]).state
    hand = before.hand
    # Nine passes each drew a card: 11 - 9 = 2 left in the stock.
    assert hand.stock == 2
    assert hand.counts == (7, 8, 7, 9, 7, 9)
    assert rules.stuck_check(hand)
    assert "Cat takes 5 cards: 2 from the stock, then one each from Bob, Ann, Fay" in str(
        rules.prompt(before)
    )
    after = replay(rules, SHORT[:15]).state.hand
    # Cat 7 + 2 + 3 = 12; Bob, Ann and Fay give one each.
    assert after.counts == (6, 7, 12, 9, 7, 8)
    assert after.stock == 0
    assert after.top is None and not after.down
    assert after.turn == 3, "Dan, on Cat's left, starts a fresh pile"
    assert after.penalty is not None and after.penalty.givers == (1, 0, 5)
    end = replay(rules, SHORT).state.hand
    assert str(end.top) == "6S" and end.turn == 4
    # Conservation: hands 48 + stock 0 + pile 6 = 54.
    assert sum(end.counts) + end.stock + len(end.pile) == 54


def test_fresh_pile_after_the_bastard_rule_may_not_be_passed() -> None:
    rules = Bastard(6, names=NAMES6)
    assert codes(rules, SHORT[:15], X(3, True)) == ["must-play"]
    assert codes(rules, SHORT[:15], X(3)) == ["must-play"]


def _built(counts: tuple[int, ...], **changes: Any) -> tuple[Bastard, Any]:
    """A state in the middle of a game, built directly (for endings a short log cannot reach)."""
    rules = rules3()
    state = replay(rules, [Deal(dealer=S(0), upcard=c("7C"))]).state
    hand = dataclasses.replace(state.hand, counts=counts, **changes)
    return rules, dataclasses.replace(state, hand=hand)


def _passes(state: Any, *seats: int, rules: Bastard | None = None) -> Any:
    """``state`` after each of ``seats`` passes in turn (under ``rules``, three players)."""
    rules = rules or rules3()
    for seat in seats:
        state = rules.apply_checked(state, X(seat))
    return state


def test_two_winners_at_once_by_giving_their_last_cards() -> None:
    # Cat laid Q♠; Ann and Bob passed; the stock is empty; Ann and Bob hold one card each.
    rules, state = _built(
        (1, 1, 4), stock=0, top=c("QS"), last_player=2, passes=2, turn=2, previous_passed=True
    )
    assert rules.stuck_check(state.hand)
    state = _passes(state, 2)
    # Cat owes 2: none in the stock; Bob (her right) then Ann give their last card: both out.
    assert state.hand is None
    assert state.finishes == (((0, 1), (2,)),)
    points = rules.hands(state)[0].points
    assert points == (1, 1, 0)
    assert state.starters == (1, 2), "left of Ann is Bob, left of Bob is Cat: a cut decides"
    assert codes(rules, [], Deal(dealer=S(0))) == []  # (a fresh evening: no starter needed)
    assert [v.code for v in rules.violations(state, Deal(dealer=S(2)))] == ["starter-missing"]
    assert [v.code for v in rules.violations(state, Deal(dealer=S(2), starter=S(0)))] == [
        "wrong-starter"
    ]
    assert rules.violations(state, Deal(dealer=S(2), starter=S(2))) == []


def test_two_players_left_short_stock_one_card_from_the_opponent() -> None:
    # Ruling B-15: Ann out already; Bob stuck, stock 1, owes 2: 1 from the stock, then 1 from Cat.
    _, state = _built((0, 3, 2), stock=1, top=c("9D"), last_player=1, passes=1, turn=1, out=((0,),))
    state = _passes(state, 1)
    assert state.hand.counts == (0, 5, 1)
    assert state.hand.turn == 2 and state.hand.top is None


def test_everyone_passes_after_a_player_went_out_starts_a_fresh_pile() -> None:
    # Ruling B-9: Ann went out on Q♠; Bob and Cat pass: no penalty, Bob starts afresh.
    _, state = _built((0, 3, 3), top=c("QS"), last_player=0, turn=1, out=((0,),))
    state = _passes(state, 1, 2)
    assert state.hand.top is None and state.hand.turn == 1
    assert state.hand.counts == (0, 4, 4) and state.hand.penalty is None


def test_ace_and_two_and_joker_as_the_turned_card() -> None:
    rules = rules3()
    assert replay(rules, [Deal(dealer=S(0), upcard=c("AS"))]).state.hand.down is True
    assert replay(rules, [Deal(dealer=S(0), upcard=c("2S"))]).state.hand.down is False
    joker = [Deal(dealer=S(0), upcard=c("JK"))]
    assert codes(rules, joker, P(1, "3H")) == []
    assert codes(rules, joker, P(1, "2C")) == []


@pytest.mark.parametrize(
    ("log", "event", "code", "words"),
    [
        (REVERSALS[:1], P(2, "9H"), "out-of-turn", "It is Bob's turn (play goes to the left)"),
        (REVERSALS[:1], P(1, "5H"), "must-beat", "5♥ does not beat 7♣: the pile is going up"),
        (REVERSALS[:4], P(1, "KH"), "same-colour", "red goes on black"),
        (REVERSALS[:1], P(1, "9H 9D"), "alternate-colour", "9♥ then 9♦"),
        (REVERSALS[:1], P(1, "9H 10S"), "same-rank", "all of one rank"),
        (REVERSALS[:1], P(1, "JK 9H"), "joker-alone", "A joker is played on its own"),
        (REVERSALS[:1], P(1, "7C"), "card-twice", "7♣ is already on the pile"),
        (REVERSALS[:1], P(1, "9H 9S 9D 9C 8H 8S 8D 8C"), "too-many-cards", "only 7 cards"),
        (REVERSALS[:1], Play(seat=S(1), cards=()), "no-cards", "Choose the card"),
        (REVERSALS[:6], X(0, True), "pass-banned", "The player before Ann passed"),
        (REVERSALS[:1], Result(places=(1, 1, 1)), "one-bastard", "not everyone can be first"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_each_refusal_names_the_rule(log: list[Event], event: Event, code: str, words: str) -> None:
    rules = rules3()
    assert codes(rules, log, event) == [code]
    assert words in message(rules, log, event)


def test_going_down_needs_a_lower_card() -> None:
    rules = rules3()
    log = [*REVERSALS[:5]]  # K♥ on top, going down
    assert codes(rules, log, X(2)) == []
    assert "the pile is going down (an ace turned it), so play lower than K♥" in message(
        rules, log, P(2, "AS")
    )


def test_quick_entry_places() -> None:
    rules = Bastard(4, names=["Ann", "Bob", "Cat", "Dan"])
    deal = [Deal(dealer=S(0))]
    assert codes(rules, deal, Result(places=(1, 2, 3, 4))) == []
    assert codes(rules, deal, Result(places=(1, 1, 3, 4))) == []
    assert codes(rules, deal, Result(places=(1, 1, 2, 4))) == ["place-gap"]
    assert "Cat cannot be place 2: 2 players went out before, so the place is 3." in message(
        rules, deal, Result(places=(1, 1, 2, 4))
    )
    assert codes(rules, deal, Result(places=(1, 2, 3, 3))) == ["one-bastard"]
    assert codes(rules, deal, Result(places=(0, 2, 3, 4))) == ["place-range"]
    # Without the turned card, plays cannot be checked.
    assert codes(rules, deal, P(1, "9H")) == ["upcard-unknown"]
    # Once a play is recorded, quick entry is refused.
    played = [Deal(dealer=S(0), upcard=c("7C")), P(1, "9H")]
    assert codes(rules, played, Result(places=(1, 2, 3, 4))) == ["out-of-order"]


def test_the_deal_passes_as_the_option_says() -> None:
    log = [Deal(dealer=S(0)), Result(places=(2, 1, 3))]  # Cat is the bastard
    assert codes(rules3(), log, Deal(dealer=S(1))) == ["wrong-dealer"]
    assert codes(rules3(), log, Deal(dealer=S(2))) == []
    assert codes(rules3(next_dealer="left"), log, Deal(dealer=S(1))) == []
    # Bob won: Cat, on his left, starts; naming anyone else is refused.
    assert codes(rules3(), log, Deal(dealer=S(2), starter=S(0))) == ["wrong-starter"]
    first = codes(rules3(), [], Deal(dealer=S(0), starter=S(2)))
    assert first == ["wrong-starter"], "in the first game the dealer's left-hand player starts"


def test_coloured_jokers() -> None:
    rules = rules3(coloured_jokers=True)
    log = [Deal(dealer=S(0), upcard=c("7C"))]
    assert codes(rules, log, P(1, "BJ")) == ["joker-colour"]  # black joker on a black card
    assert codes(rules, log, P(1, "JK")) == ["joker-colour"]  # which joker?
    assert codes(rules, log, P(1, "RJ")) == []
    after = [*log, P(1, "RJ")]
    assert codes(rules, after, P(2, "3H")) == ["same-colour"]  # red after the red joker
    assert codes(rules, after, P(2, "3S")) == []


def test_joker_pair_option() -> None:
    log = [Deal(dealer=S(0), upcard=c("7C"))]
    assert codes(rules3(), log, P(1, "RJ BJ")) == ["joker-alone"]
    assert codes(rules3(joker_pair=True), log, P(1, "RJ BJ")) == []


def test_penalty_options() -> None:
    # Cat stuck with 5 cards in the stock: by default she takes 2 (3 players - 1).
    counts = (3, 3, 2)
    base: dict[str, Any] = {
        "stock": 5,
        "top": c("QS"),
        "last_player": 2,
        "passes": 2,
        "turn": 2,
        "previous_passed": True,
    }
    rules, state = _built(counts, **base)
    assert _passes(state, 2).hand.counts == (3, 3, 4)
    # Also the pass card (B-5): 3.
    extra = Bastard(3, {"penalty_draw": True}, names=NAMES3)
    assert _passes(state, 2, rules=extra).hand.counts == (3, 3, 5)
    # Givers from the left (B-8): stock empty, Cat owes 2: Ann then Bob.
    left = Bastard(3, {"givers": "left"}, names=NAMES3)
    empty = dataclasses.replace(state, hand=dataclasses.replace(state.hand, stock=0))
    assert left.penalty_plan(empty.hand, 2).givers == (0, 1)
    assert rules.penalty_plan(empty.hand, 2).givers == (1, 0)


def test_reshuffle_option_remakes_the_stock() -> None:
    rules = rules3(reshuffle=True)
    log: list[Event] = [Deal(dealer=S(0), upcard=c("7C")), P(1, "9H"), P(2, "JS")]
    state = replay(rules, log).state
    state = dataclasses.replace(state, hand=dataclasses.replace(state.hand, stock=0))
    after = _passes(state, 0, rules=rules).hand
    # The pile 7♣ 9♥ J♠ less its top: 2 cards make the stock, Ann draws one.
    assert (after.stock, len(after.pile), after.counts[0]) == (1, 1, 8)


def test_the_pass_card_of_the_bastard_rule_remakes_an_empty_stock() -> None:
    """With ``reshuffle`` (B-11: an empty stock is remade on any draw) and ``penalty_draw``
    (B-5), Cat stuck with 2 cards in the stock takes them, then draws the pass card from the
    stock remade from the pile (7♣ 9♥ J♠ less its top: 2 cards). It was drawn only ``if stock
    > 0``, so she took 2, not 3 (issue 28, item 9)."""
    both = Bastard(3, {"reshuffle": True, "penalty_draw": True}, names=NAMES3)
    log: list[Event] = [Deal(dealer=S(0), upcard=c("7C")), P(1, "9H"), P(2, "JS")]
    state = replay(both, log).state
    stuck = dataclasses.replace(
        state.hand,
        counts=(3, 3, 2),
        stock=2,
        top=c("QS"),
        last_player=2,
        passes=2,
        turn=2,
        previous_passed=True,
    )
    state = dataclasses.replace(state, hand=stuck)
    assert both.stuck_check(state.hand)
    after = _passes(state, 2, rules=both).hand
    assert after.counts == (3, 3, 5)
    assert (after.stock, len(after.pile)) == (1, 1)
    # Without the option the pass card is not drawn from an empty stock (B-11 as written).
    only_penalty = Bastard(3, {"penalty_draw": True}, names=NAMES3)
    assert _passes(state, 2, rules=only_penalty).hand.counts == (3, 3, 4)


def test_setup_needs_two_packs_above_seven_players() -> None:
    with pytest.raises(SetupError):
        Bastard(8, {"decks": 1})
    assert Bastard(8).packs == 2 and Bastard(7).packs == 2 and Bastard(6).packs == 1
    assert Bastard(7, {"decks": 1}).packs == 1


def test_evening_ends_after_the_games_chosen() -> None:
    rules = Bastard(3, {"games": 3}, names=NAMES3)
    log: list[Event] = [Deal(dealer=S(0)), Result(places=(1, 2, 3))]
    log += [Deal(dealer=S(2)), Result(places=(2, 1, 3))]
    log += [Deal(dealer=S(2)), Result(places=(1, 3, 2))]
    state = replay(rules, log).state
    end = rules.outcome(state)
    assert end is not None and end.winners == (0,)  # Ann 2 wins, Bob 1, Cat 0
    with pytest.raises(IllegalEventError):
        replay(rules, [*log, Deal(dealer=S(1))])


def test_several_winners_at_once_in_the_example_log() -> None:
    """docs/examples/bastard/several-winners-at-once.json, worked by hand: after the bastard
    rule Ann holds 7 + 2 drawn - 1 played + 6 given = 14, Bob and Cat (who drew the last two
    stock cards) 1 each; Dan, Eve, Fay and Gus gave their last card and are out together."""
    import json
    from pathlib import Path

    from companion.games.log import load_log

    path = (
        Path(__file__).resolve().parents[2] / "docs/examples/bastard/several-winners-at-once.json"
    )
    log = load_log(json.loads(path.read_text()))
    hand = replay(log.rules, log.events[:29]).state.hand
    assert hand.counts == (14, 1, 1, 0, 0, 0, 0)
    assert hand.stock == 0 and hand.out == ((3, 4, 5, 6),) and hand.turn == 1
    state = replay(log.rules, log.events).state
    assert state.finishes == (((3, 4, 5, 6), (1,), (2,), (0,)),)
