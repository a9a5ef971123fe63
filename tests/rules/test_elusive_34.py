"""The Elusive 34's rules engine: the order across suits with the promoted rank, each trick's
winner and loser, allowances and elimination, trades, the Joker, the set-up rituals, scoring with
the editable value tables, and the end of the game. Expected values are worked out by hand from
``shared/rules/elusive-34/rulings.md``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.elusive_34 import play
from companion.games.elusive_34.examples import EXAMPLES, example_points
from companion.games.elusive_34.game import (
    Deal,
    Elusive34,
    FirstDealer,
    Goal,
    Left,
    Result,
    Trade,
    Trick,
    Trump,
)
from companion.games.log import GameLog, LogError, summarize
from companion.rules import Event, IllegalEventError, SetupError, Void, replay
from companion.rules.cards import parse_card as c
from companion.rules.cards import parse_cards as cs
from companion.rules.events import Seat

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ann", "Bob", "Cat", "Dan")


def rules_for(n: int = 3, **options: Any) -> Elusive34:
    return Elusive34(n, options, NAMES[:n])


def setup(dealer: int = 0, faceup: str = "4S") -> list[Event]:
    return [
        FirstDealer(dealer=Seat(dealer)),
        Goal(low=2, middle=7, goal=54),
        Deal(dealer=Seat(dealer), faceup=c(faceup)),
    ]


def state_after(rules: Elusive34, events: list[Event]) -> Any:
    return replay(rules, events).state


def codes(rules: Elusive34, events: list[Event], event: Event) -> list[str]:
    return [v.code for v in rules.violations(state_after(rules, events), event)]


# --- the order and the categories -----------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "category"),
    [
        ("2C", "low"),
        ("5H", "low"),
        ("6D", "middle"),
        ("10S", "middle"),
        ("JC", "high"),
        ("AH", "high"),
        ("JK", "joker"),
    ],
)
def test_categories(card: str, category: str) -> None:
    assert play.category(c(card)) == category


def test_promoted_rank_sits_between_the_ace_and_the_next_suit() -> None:
    # 4♠ face up: every 5 ranks above its ace (the source's own example: 5♣ between A♣ and 2♠).
    five = play.strength(c("5C"), play.promoted(c("4S")))
    assert play.strength(c("AC"), 5) < five < play.strength(c("2S"), 5)
    # An ace face up promotes the twos; a king promotes the aces (no change).
    assert play.promoted(c("AD")) == 2 and play.promoted(c("KD")) == 14
    assert play.strength(c("2H"), 2) > play.strength(c("AH"), 2)


def test_suits_rank_clubs_spades_diamonds_hearts() -> None:
    order = [play.strength(x, None) for x in cs("AC 2S AS 2D AD 2H")]
    assert order == sorted(order)


def test_an_off_suit_card_can_win_and_lose() -> None:
    # Spade lead; a heart discard beats every spade, a club discard is the lowest.
    win, lose = play.winner_and_loser(
        cs("KS 2H 3C AS"), [0, 1, 2, 0], promote=None, trump=None, joker="", self_loss="both"
    )
    assert (win, lose) == (1, 2)


# --- a trick, round by round -------------------------------------------------------------------


def test_trick_one_has_two_rounds_and_the_lowest_card_loses() -> None:
    rules = rules_for()
    log = [*setup(), Trick(cards=cs("2C 4C 3C 8C 9C 7C"))]
    hand = state_after(rules, log).hand
    assert hand.plays[-1].record.seats == (1, 2, 0, 1, 2, 0)
    assert hand.plays[-1].record.winner == 2 and hand.plays[-1].loser == 1
    assert hand.allowance == (2, 1, 2) and hand.collected == (0, 0, 6)
    assert rules.expects(state_after(rules, log)) == {"trade"}


def test_a_loser_adds_one_card_fewer_and_is_out_after_two_losses() -> None:
    rules = rules_for()
    log = [*setup(), Trick(cards=cs("2C 4C 3C 8C 9C 7C")), Trade(declared="none")]
    # Cat leads; Bob (lost once) plays only in round 1: five cards.
    assert rules.order(state_after(rules, log).hand) == [2, 0, 1, 2, 0]
    bad = Trick(cards=cs("QC 10C 5C AS 2D 6H"))
    assert codes(rules, log, bad) == ["trick-size"]


def test_two_players_add_three_cards_and_are_out_after_three_losses() -> None:
    rules = rules_for(2)
    assert rules.deal_size == 13 and rules.allowance == 3
    log = [*setup(1, "9H")]
    assert rules.order(state_after(rules, log).hand) == [0, 1, 0, 1, 0, 1]


def test_the_hand_ends_when_one_player_is_left_and_the_last_trade_still_happens() -> None:
    path = ROOT / "docs/examples/elusive_34/whole-game.json"
    rules, events = load(json.loads(path.read_text()))
    state = state_after(rules, list(events[:11]))
    assert state.hand.allowance == (1, 0, 0)
    assert rules.expects(state) == {"trade"}
    state = state_after(rules, list(events[:12]))
    assert rules.expects(state) == {"left"}


def test_winner_and_loser_of_the_same_trick_do_not_trade() -> None:
    rules = rules_for()
    log = [*setup(), Trick(cards=cs("2C 4C 3C 8C 9C 7C")), Trade(declared="none")]
    log.append(Trick(cards=cs("QC 10C 5C AS 2D")))  # Ann: 2♦ highest and 10♣ lowest
    state = state_after(rules, log)
    assert state.hand.allowance == (1, 1, 2) and rules.expects(state) == {"trick"}
    assert state.hand.leader == 0


def test_option_the_lowest_of_the_others_loses() -> None:
    rules = rules_for(self_loss="others")
    log = [*setup(), Trick(cards=cs("2C 4C 3C 8C 9C 7C")), Trade(declared="none")]
    log.append(Trick(cards=cs("QC 10C 5C AS 2D")))
    state = state_after(rules, log)
    assert state.hand.allowance == (2, 1, 1) and rules.expects(state) == {"trade"}


def test_a_second_loss_eliminates_and_an_eliminated_loser_may_trade() -> None:
    rules = rules_for()
    log = [*setup(), Trick(cards=cs("2C 4C 3C 8C 9C 7C")), Trade(declared="none")]
    log.append(Trick(cards=cs("QC 10C 5C AS 2D")))  # Ann wins and loses (allowance 1)
    log.append(Trick(cards=cs("2H 3H KH 4H")))  # Ann's 2♥ is lowest, Cat's K♥ wins
    state = state_after(rules, log)
    assert state.hand.plays[-1].loser == 0 and state.hand.allowance == (0, 1, 2)
    assert codes(rules, log, Trade(declared="high", given=c("QD"), returned=c("AD"))) == []
    state = state_after(rules, [*log, Trade(declared="none")])
    assert rules.order(state.hand) == [2, 1, 2]  # Cat leads; Ann plays no more


def test_a_winner_who_is_eliminated_by_the_same_trick_hands_the_lead_left() -> None:
    # Joker up, trump ♥: Bob leads 2♥ (the only heart): highest trump and lowest of the suit led.
    rules = rules_for()
    log: list[Event] = [
        FirstDealer(dealer=Seat(0)),
        Goal(goal=100),
        Deal(dealer=Seat(0), faceup=c("JK")),
        Trump(seat=Seat(1), suit="H"),
        Trick(cards=cs("3H 2S 2D 4H 3S 3D")),  # Bob's 3♥ wins (only trump) and 3♥ < 4♥ loses
    ]
    state = state_after(rules, log)
    assert state.hand.plays[-1].record.winner == 1 and state.hand.plays[-1].loser == 1
    assert state.hand.allowance == (2, 1, 2) and state.hand.leader == 1
    log += [Trick(cards=cs("5H 2C 4C 5C 6C"))]  # Bob alone in hearts again, with one card
    state = state_after(rules, log)
    assert state.hand.allowance == (2, 0, 2)
    assert state.hand.leader == 2  # the next player to Bob's left


# --- the Joker ---------------------------------------------------------------------------------


def test_the_joker_needs_win_or_lose_and_cannot_lead() -> None:
    rules = rules_for()
    log = setup()
    assert codes(rules, log, Trick(cards=cs("2C JK 3C 8C 9C 7C"))) == ["joker-call"]
    assert codes(rules, log, Trick(cards=cs("JK 4C 3C 8C 9C 7C"), joker="win")) == ["joker-lead"]
    assert codes(rules, log, Trick(cards=cs("2C 4C 3C 8C 9C 7C"), joker="win")) == ["joker-call"]
    allowed = rules_for(joker_lead=True)
    assert codes(allowed, log, Trick(cards=cs("JK 4C 3C 8C 9C 7C"), joker="win")) == []


def test_a_joker_declared_win_wins_and_declared_lose_loses() -> None:
    rules = rules_for()
    state = state_after(rules, [*setup(), Trick(cards=cs("2C JK 3C 8C AS 9C"), joker="win")])
    assert state.hand.plays[-1].record.winner == 2 and state.hand.plays[-1].loser == 1
    state = state_after(rules, [*setup(), Trick(cards=cs("2C JK 3C 8C 2S KH"), joker="lose")])
    assert state.hand.plays[-1].record.winner == 0 and state.hand.plays[-1].loser == 2


def test_joker_turned_up_the_lowest_score_names_trump() -> None:
    rules = rules_for()
    log: list[Event] = [
        FirstDealer(dealer=Seat(0)),
        Goal(goal=100),
        Deal(dealer=Seat(0), faceup=c("5S")),
        Result(collected=(12, 0, 6), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1)),
        Deal(dealer=Seat(1), faceup=c("JK")),
    ]
    state = state_after(rules, log)
    assert rules.expects(state) == {"trump", "result"}
    assert rules.choosers(state, state.hand) == [1]  # Bob: −10
    assert codes(rules, log, Trump(seat=Seat(0), suit="H")) == ["wrong-chooser"]
    assert codes(rules, log, Trump(seat=Seat(1), suit="X")) == ["bad-trump"]
    log.append(Trump(seat=Seat(1), suit="H"))
    # Cat leads (left of Bob). Trump ♥: a trump wins; the lowest card of the suit led loses.
    log.append(Trick(cards=cs("2S 3D 2H 9S 4D 10S")))
    hand = state_after(rules, log).hand
    assert hand.plays[-1].record.winner == 1 and hand.plays[-1].loser == 2


# --- trades ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "back", "option", "enough"),
    [
        ("3C", "7D", "any", True),
        ("3C", "4D", "any", False),
        ("9C", "JD", "any", True),
        ("KH", "AS", "any", True),
        ("KH", "QS", "any", False),
        ("JK", "2D", "any", True),
        ("JK", "9D", "any", True),
        ("JK", "9D", "low", False),
        ("JK", "2D", "low", True),
    ],
)
def test_what_the_winner_must_return(given: str, back: str, option: str, enough: bool) -> None:
    from companion.games.elusive_34.checks import returns_enough

    assert returns_enough(c(given), c(back), option) is enough


def test_a_trade_declared_falsely_is_flagged_not_refused() -> None:
    rules = rules_for()
    log = [*setup(), Trick(cards=cs("2C 4C 3C 8C 9C 7C"))]
    trade = Trade(declared="low", given=c("9H"), returned=c("2H"))
    assert codes(rules, log, trade) == ["trade-declared-wrong", "trade-return-low"]
    assert codes(rules, log, Trade(declared="low", given=c("JK"), returned=c("2H"))) == []
    assert codes(rules, log, Trade(declared="none", given=c("2H"))) == ["no-trade-cards"]
    assert codes(rules, log, Trade(declared="maybe")) == ["bad-declared"]


# --- the cards left, quick entry and scoring ---------------------------------------------------


def test_quick_entry_scores_each_line_with_its_rule() -> None:
    rules = rules_for()
    log = [
        *setup(),
        Result(
            collected=(12, 0, 6), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1), joker=Seat(2)
        ),
    ]
    with pytest.raises(IllegalEventError) as info:
        replay(rules, log)  # Cat holds 5 cards with the Joker: 31 cards in all
    assert info.value.violations[0].code == "cards-total"
    log[-1] = Result(
        collected=(12, 0, 5), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1), joker=Seat(2)
    )
    hand = replay(rules, log).state.done[0]
    assert hand.points == (22, -10, -7)  # Cat: 5 − 5 − 7
    assert [line.rule for line in hand.lines[2]] == ["scoring", "values", "values", "values"]


@pytest.mark.parametrize(
    ("n", "options", "points"),
    [
        (3, {}, (22, -10, 1)),
        (3, {"values_3p": "4/0/-4/-6"}, (20, -8, 2)),
        (2, {}, None),
        (4, {"values_4p": "6/0/-6/-8"}, None),
    ],
)
def test_the_value_table_follows_the_player_count(
    n: int, options: dict[str, str], points: tuple[int, ...] | None
) -> None:
    rules = rules_for(n, **options)
    expected = {2: "4/0/-4/-6", 3: options.get("values_3p", "5/0/-5/-7"), 4: "6/0/-6/-8"}[n]
    assert rules.values() == play.values_for(expected)
    labels = [str(label) for label, _ in rules.describe_options()]
    assert [x for x in labels if x.startswith("Card values")] == [f"Card values, {n} players"]
    if points is not None:
        lines = rules.score_lines((12, 0, 6), (2, 1, 0), (1, 1, 3), (0, 3, 1), None)
        assert tuple(sum(x.points for x in seat) for seat in lines) == points


def test_cards_left_after_card_by_card_must_match_the_hands() -> None:
    path = ROOT / "docs/examples/elusive_34/whole-game.json"
    rules, events = load(json.loads(path.read_text()))
    log = list(events[:12])
    ok = events[12]
    assert codes(rules, log, ok) == []
    assert isinstance(ok, Left)
    bad = Left(high=ok.high, middle=(3, 2, 1), low=ok.low)
    assert codes(rules, log, bad) == ["left-count"]
    assert (
        codes(rules, log, Left(high=(1, 1, 2), middle=(2, 2, 0), low=(0, 1, 0), joker=Seat(2)))
        == []
    )


def test_no_more_cards_of_a_category_than_the_pack_has() -> None:
    rules = rules_for()
    log = setup(0, "QS")  # a High card face up: 15 High cards left to hold
    too_many = Result(collected=(0, 0, 0), high=(10, 7, 0), middle=(0, 3, 10), low=(0, 0, 0))
    assert codes(rules, log, too_many) == ["category-count"]


def test_an_entry_can_be_voided_and_the_hand_recorded_again() -> None:
    rules = rules_for()
    wrong = Result(collected=(10, 10, 0), high=(0, 0, 0), middle=(0, 0, 10), low=(0, 0, 0))
    right = Result(collected=(12, 0, 6), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1))
    state = replay(rules, [*setup(), wrong, Void(target=3), right]).state
    assert rules.scores(state) == (22, -10, 1)


# --- set-up and the end ------------------------------------------------------------------------


def test_the_goal_base_and_its_ten() -> None:
    assert rules_for().base_for(2, 7) == 27
    assert rules_for().base_for(2, 10) == 20
    assert rules_for(goal_ten="literal").base_for(2, 10) == 210
    rules = rules_for(strict_goal=True)
    first = [FirstDealer(dealer=Seat(0))]
    assert codes(rules, first, Goal(low=2, middle=7, goal=81)) == []
    assert codes(rules, first, Goal(low=2, middle=7, goal=80)) == ["goal-multiple"]
    assert codes(rules, first, Goal(low=6, middle=7, goal=67)) == ["goal-piles"]
    assert codes(rules, first, Goal(low=2, middle=0, goal=20)) == ["goal-piles"]
    assert codes(rules, first, Goal(goal=0)) == ["goal-positive"]


def test_first_dealer_from_the_cards_dealt_face_up() -> None:
    rules = rules_for()
    ok = FirstDealer(dealer=Seat(0), cards=cs("2H KD 9S"), start=Seat(1))
    assert rules.violations(rules.initial_state(), ok) == []
    bad = FirstDealer(dealer=Seat(0), cards=cs("2H KD JK"), start=Seat(1))
    assert [v.code for v in rules.violations(rules.initial_state(), bad)] == ["first-dealer-cards"]


def test_the_deal_passes_left_and_the_game_ends_at_the_goal() -> None:
    rules = rules_for()
    log: list[Event] = [
        FirstDealer(dealer=Seat(2)),
        Goal(goal=20),
        Deal(dealer=Seat(2)),
        Result(collected=(12, 0, 6), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1)),
    ]
    state = state_after(rules, log)
    assert rules.outcome(state) is not None and rules.outcome(state).winners == (0,)
    log = log[:3]
    assert codes(rules, log[:2], Deal(dealer=Seat(0))) == ["wrong-dealer"]
    log.append(Result(collected=(6, 6, 6), high=(0, 0, 0), middle=(4, 4, 4), low=(0, 0, 0)))
    assert rules.dealer(state_after(rules, log)) == 0  # left of Cat


def test_seat_counts() -> None:
    with pytest.raises(SetupError):
        Elusive34(5)
    with pytest.raises(SetupError):
        Elusive34(3, {"values_3p": "9/9/9/9"})


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda e: str(e.title))
def test_worked_examples_on_the_rules_page(ex: Any) -> None:
    assert example_points(ex)[0] == ex.expected


# --- golden playthroughs and the documented examples ------------------------------------------


def load(data: dict[str, Any]) -> tuple[Elusive34, tuple[Event, ...]]:
    names = tuple(data["players"])
    rules = Elusive34(len(names), data.get("options") or {}, names)
    return rules, tuple(rules.event_from_dict(e, by_name=True) for e in data["events"])


def cases() -> list[Any]:
    out = []
    for path in sorted((ROOT / "tests/rules/playthroughs/elusive_34").glob("*.json")):
        data = json.loads(path.read_text())
        out.append(pytest.param(data["log"], data["expected"], id=path.stem))
    for path in sorted((ROOT / "docs/examples/elusive_34").glob("*.json")):
        if ".expected" in path.name:
            continue
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        out.append(pytest.param(json.loads(path.read_text()), expected, id=f"docs/{path.stem}"))
    return out


@pytest.mark.parametrize(("log", "expected"), cases())
def test_golden(log: dict[str, Any], expected: dict[str, Any]) -> None:
    rules, events = load(log)
    if "error" in expected:
        with pytest.raises(LogError) as info:
            summarize(GameLog(rules, events))
        got = info.value.as_json()["error"]
        assert (got["event"], got["code"]) == (
            expected["error"]["event"],
            expected["error"]["code"],
        )
        return
    result = summarize(GameLog(rules, events))
    for key in ("hands", "totals", "over", "winners"):
        if key in expected:
            assert result[key] == expected[key], key
    flags = expected["flags"]
    if flags and isinstance(flags[0], list):
        flags = [{"event": i, "code": code} for i, code in flags]
    assert [{"event": f["event"], "code": f["code"]} for f in result["flags"]] == [
        {"event": f["event"], "code": f["code"]} for f in flags
    ]


def test_the_examples_cover_what_the_issue_asks() -> None:
    names = {p.stem for p in (ROOT / "docs/examples/elusive_34").glob("*.json")}
    assert {"whole-game", "two-players", "four-players"} <= names
    text = (ROOT / "docs/examples/elusive_34/whole-game.json").read_text()
    assert '"JK"' in text and '"trump"' in text  # a Joker turned up
    assert '"given": "JK"' in (ROOT / "docs/examples/elusive_34/two-players.json").read_text()


def test_doctests() -> None:
    import doctest

    from companion.games.elusive_34 import checks, evidence, examples, game, text
    from companion.rules import rituals

    for module in (game, play, checks, evidence, text, examples, rituals):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- house rule E-18: a revoke penalty ------------------------------------------------------------


def _revoke_log() -> tuple[list[Event], dict[str, Any]]:
    path = ROOT / "tests/rules/playthroughs/elusive_34/revoke-penalty.json"
    data = json.loads(path.read_text())
    _, events = load(data["log"])
    return list(events), data


@pytest.mark.parametrize(
    ("penalty", "hand_1"), [(0, (5, -2, 15)), (5, (5, -2, 10)), (10, (5, -2, 5))]
)
def test_each_proven_revoke_costs_the_house_penalty(
    penalty: int, hand_1: tuple[int, ...]
) -> None:
    events, _ = _revoke_log()
    rules = rules_for(revoke_penalty=penalty)
    result = replay(rules, events[:14])
    assert result.state.done[0].points == hand_1
    cat = result.state.done[0].lines[2]
    assert [line.rule for line in cat][-1] == ("follow-suit" if penalty else "values")
    [(_, flag)] = result.flagged
    assert flag.code == "revoke"
    assert ("House rule" in flag.message) == bool(penalty)


def test_revokes_in_quick_entry_cost_the_penalty_and_cannot_be_negative() -> None:
    events, _ = _revoke_log()
    quick = events[-1]
    assert isinstance(quick, Result) and quick.revokes == (0, 2, 0)
    assert replay(rules_for(revoke_penalty=10), events).state.done[1].points == (18, -10, -3)
    assert replay(rules_for(), events).state.done[1].points == (18, 10, -3)  # counted, no penalty
    bad = Result(
        collected=quick.collected,
        high=quick.high,
        middle=quick.middle,
        low=quick.low,
        joker=quick.joker,
        revokes=(0, -1, 0),
    )
    assert codes(rules_for(revoke_penalty=5), events[:15], bad) == ["negative-count"]


def test_the_revoke_penalty_is_a_house_option_shown_on_the_screen() -> None:
    rules = rules_for(revoke_penalty=10)
    shown = {str(k): str(v) for k, v in rules.describe_options()}
    assert shown["Revoke penalty"] == "10 points off the player"
    with pytest.raises(SetupError):
        rules_for(revoke_penalty=7)
    events, _ = _revoke_log()
    info = {str(k): str(v) for k, v in rules.info(replay(rules, events[:4]).state)}
    assert info["Revokes (house penalty 10 each)"] == "Cat trick 1"


# --- rule 3: the cards turned for the goal, when listed -------------------------------------------


def test_the_cards_turned_for_the_goal_are_checked() -> None:
    """K♠ (High pile), 4♥ (Low), the Joker (no pile), 10♣ (Middle): a Low and a Middle show,
    so the turning stops at 10♣; 4 and 10 make 40 (a 10 read as 0, E-4)."""
    first = [FirstDealer(dealer=Seat(0))]
    rules = rules_for()
    turned = cs("KS 4H JK 10C")
    assert codes(rules, first, Goal(low=4, middle=10, goal=40, cards=turned)) == []
    assert codes(rules, first, Goal(low=4, middle=8, goal=48, cards=turned)) == ["goal-piles"]
    too_many = cs("KS 4H JK 10C 8D")
    assert codes(rules, first, Goal(low=4, middle=8, goal=48, cards=too_many)) == ["goal-cards"]
    assert codes(rules, first, Goal(low=4, middle=10, goal=40, cards=cs("KS 4H"))) == [
        "goal-cards"
    ]
    twice = cs("4H 4H 9C")
    assert codes(rules, first, Goal(low=4, middle=9, goal=49, cards=twice)) == ["card-twice"]
    # Under goal_ten: redeal a 10 on top of the Middle pile does not end the turning.
    redeal = rules_for(goal_ten="redeal")
    assert codes(redeal, first, Goal(low=4, middle=10, goal=40, cards=turned)) == ["goal-cards"]
    assert codes(redeal, first, Goal(low=4, middle=8, goal=48, cards=too_many)) == []
    ten = Goal(low=4, middle=10, goal=40, cards=turned)
    problems = redeal.violations(replay(redeal, first).state, ten)
    assert str(problems[0].message) == (
        "A 10 is on top of the Middle pile: keep turning cards until a 6 to 9 shows."
    )


# --- rule 12, rule 18, §1.2: hands tracked through trades -------------------------------------

#: The rest of a hand after trick 1 (Ann dealt, 4♠ face up, Bob led, Cat lost and traded K♠ for
#: A♥): Cat loses trick 2 and is out; Bob and Ann play on until Ann is out.
REST_OF_HAND: list[Event] = [
    Trick(cards=cs("9H 10H 2H JH QH")),  # Ann leads; Cat's 2♥ loses (out), Bob's Q♥ wins
    Trade(declared="none"),
    Trick(cards=cs("2D 3D 4D 6D")),  # Bob leads; Bob's 2♦ loses, Ann's 6♦ wins
    Trade(declared="none"),
    Trick(cards=cs("7D 8D 9D")),  # Ann's 7♦ lowest and 9♦ highest: wins and loses
    Trick(cards=cs("10D JD")),  # Ann's 10♦ loses: out
    Trade(declared="none"),
    Left(high=(1, 0, 3), middle=(0, 2, 4), low=(0, 0, 0)),
]


def flags(rules: Elusive34, events: list[Event]) -> list[tuple[int, str]]:
    return [(i, v.code) for i, v in replay(rules, events).flagged]


def test_a_card_passed_in_a_trade_proves_a_revoke_at_the_trade() -> None:
    """Bob leads 3♠; Cat discards 2♣ and 4♣ (the lowest card: she loses), then passes K♠ to
    Ann: the trade shows she held a spade in trick 1. Both discards are revokes, flagged at the
    trade itself (event 4), and each costs the house penalty although K♠ is never played."""
    rules = rules_for(revoke_penalty=5)
    log = [
        *setup(),
        Trick(cards=cs("3S 2C 6S 7S 4C 8S")),
        Trade(declared="high", given=c("KS"), returned=c("AH")),
    ]
    assert flags(rules, log) == [(4, "revoke"), (4, "revoke")]
    message = str(replay(rules, log).flagged[0][1].message)
    assert message == (
        "Revoke by Cat: 2♣ did not follow spade in trick 1 although K♠, passed in this trade, was "
        "in hand. House rule: 5 points off Cat at the end of the hand."
    )
    done = replay(rules, [*log, *REST_OF_HAND]).state.done[0]
    assert [line.points for line in done.lines[2] if line.rule == "follow-suit"] == [-5, -5]
    assert done.points == (18, 7, 5)  # Cat: 0 collected, 3 High (+15), two revokes (−10)


def test_a_trade_whose_card_goes_back_moves_nothing() -> None:
    """Ann discards 2♣ and 8♣ on Bob's heart lead (unproven). In trick 2 she wins; Bob passes
    9♥ and Ann gives 9♥ back: no card changed hands, so her 10♥ led in trick 3 was in her hand
    all along and proves both revokes there (event 7)."""
    rules = rules_for()
    log = [
        *setup(),
        Trick(cards=cs("3H 4H 2C 6H 7H 8C")),  # Ann's 2♣ loses, Cat's 7♥ wins
        Trade(declared="none"),
        Trick(cards=cs("9S AS 2S JS 3S")),  # Cat leads; Ann's A♠ wins, Bob's 2♠ loses
        Trade(declared="middle", given=c("9H"), returned=c("9H")),
        Trick(cards=cs("10H JH QH KH")),  # Ann leads 10♥
    ]
    assert flags(rules, log) == [(7, "revoke"), (7, "revoke")]
    assert str(replay(rules, log).flagged[0][1].message) == (
        "Revoke by Ann: 2♣ did not follow heart in trick 1 although 10♥ was still in hand "
        "(played in trick 3)."
    )


def test_a_card_received_in_a_trade_proves_no_earlier_revoke() -> None:
    """The same, but Ann returns J♠ for 9♥: she now holds a heart she did not hold in trick 1,
    so leading 9♥ proves nothing; her own 10♥ later does."""
    rules = rules_for()
    log = [
        *setup(),
        Trick(cards=cs("3H 4H 2C 6H 7H 8C")),
        Trade(declared="none"),
        Trick(cards=cs("9S AS 2S QS 3S")),
        Trade(declared="middle", given=c("9H"), returned=c("JS")),
        Trick(cards=cs("9H JH QH KH")),  # Ann leads the 9♥ she received
    ]
    assert flags(rules, log) == []


def test_a_card_known_in_hand_proves_a_revoke_at_once() -> None:
    """Ann passes 9♥ and gets it back; then she discards a club on a heart lead while 9♥ is
    known to be in her hand: a revoke at that very trick."""
    rules = rules_for()
    log = [
        *setup(),
        Trick(cards=cs("2C 4C 3C 8C 9C 7C")),  # Bob's 2♣ loses, Cat's 9♣ wins
        Trade(declared="none"),
        Trick(cards=cs("6D 2D 10D KD JD")),  # Cat leads; Ann's 2♦ loses, Cat's K♦ wins
        Trade(declared="middle", given=c("9H"), returned=c("9H")),
        Trick(cards=cs("2H 6C 4H 7H")),  # Cat leads 2♥; Ann (one card) discards 6♣
    ]
    assert flags(rules, log) == [(7, "revoke")]
    assert str(replay(rules, log).flagged[0][1].message) == (
        "Revoke by Ann: 6♣ did not follow heart although 9♥ was in hand (known since the trade "
        "after trick 2)."
    )


def test_a_winner_who_gives_the_card_back_holding_a_better_one_is_flagged() -> None:
    """Cat wins trick 1; Bob passes 7♦ (Middle) and Cat gives it back, saying she holds no
    High card. Her K♣ led in trick 2 was in her hand then (rule 18): flagged at trick 2."""
    rules = rules_for()
    log = [
        *setup(),
        Trick(cards=cs("2C 4C 3C 8C 9C 7C")),
        Trade(declared="middle", given=c("7D"), returned=c("7D")),
        Trick(cards=cs("KC QC 10C JC 6C")),
    ]
    assert flags(rules, log) == [(5, "trade-kept-better")]
    assert str(replay(rules, log).flagged[0][1].message) == (
        "Cat gave back 7♦ in the trade after trick 1 although they held K♣ (played in trick "
        "2): the winner must return a card worth more when able."
    )
    # A Middle card is not worth more than a Middle: no flag.
    log[-1] = Trick(cards=cs("10C QC 6C 8D KC"))
    assert flags(rules, log) == []


def test_a_better_card_received_after_the_trade_proves_nothing() -> None:
    """Cat gives 7♦ back after trick 1; after trick 2 she receives A♥ from Ann (noted). A♥
    played later came after the first trade: no flag. A card received unnoted may be the one
    she plays next, so that proves nothing either."""
    rules = rules_for()
    log = [
        *setup(),
        Trick(cards=cs("2C 4C 3C 8C 9C 7C")),
        Trade(declared="middle", given=c("7D"), returned=c("7D")),
        Trick(cards=cs("2S 3S 6S 7S 8S")),  # Cat leads 2♠ and loses, Ann's 8♠ wins
        Trade(declared="low", given=c("2D"), returned=c("AH")),
        Trick(cards=cs("9S 10S AH JS")),  # Ann leads; Cat plays A♥
    ]
    assert flags(rules, log) == []
    log[-2] = Trade(declared="low")
    assert flags(rules, log) == []
