"""Ui77's rules engine: the determinations table, what the screen says, trick winners with
trump's timing, Go Nov, and the checks of each entry. Expected values come from rulings §4."""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest

from companion.games.ui77 import play
from companion.games.ui77.game import (
    Deal,
    Discards,
    Goal,
    Leftover,
    Result,
    Swap,
    Trick,
    Ui77,
)
from companion.rules import IllegalEventError, Severity, replay
from companion.rules.cards import Suit, parse_card, parse_cards
from companion.rules.events import Seat

NAMES3 = ("Ann", "Bob", "Cat")
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ui77"


def deal(dealer: int, one: str, two: str, three: str, cut: tuple[int, ...] = ()) -> Deal:
    return Deal(
        dealer=Seat(dealer),
        card_one=parse_card(one),
        card_two=parse_card(two),
        card_three=parse_card(three),
        cut=tuple(Seat(s) for s in cut),
    )


def tricks(*texts: str) -> list[Trick]:
    return [Trick(cards=parse_cards(t)) for t in texts]


# --- the determinations table (rulings §4.1), row by row --------------------------------------

TABLE = [
    # rank, throw, target, trump counts from trick
    ("A", 1, 1, 4),
    ("K", 0, 7, 5),
    ("Q", 4, 6, 1),
    ("J", 4, 6, 1),
    ("10", 4, 5, 1),
    ("9", 3, 5, 2),
    ("8", 3, 4, 2),
    ("7", 3, 4, 2),
    ("6", 2, 3, 3),
    ("5", 2, 3, 3),
    ("4", 2, 2, 3),
    ("3", 1, 2, 4),
    ("2", 1, 1, 4),
]


@pytest.mark.parametrize(("rank", "throw", "target", "first"), TABLE)
def test_the_determinations_table(rank: str, throw: int, target: int, first: int) -> None:
    p = play.params((parse_card("2C"), parse_card(rank + "H"), parse_card(rank + "D")))
    assert (p.trump, p.slough, p.throw, p.target, p.effective_from) == (
        Suit.CLUBS,
        Suit.HEARTS,
        throw,
        target,
        first,
    )


# --- the screen ------------------------------------------------------------------------------


def test_the_hand_parameters_in_plain_words() -> None:
    rules = Ui77(3, names=NAMES3)
    state = replay(rules, [deal(0, "5S", "6H", "8D")]).state
    info = dict(rules.info(state))
    assert info["This hand"] == (
        "Trump ♠, powerless until after trick 2; slough ♥; throw up to 2; target 4 tricks"
    )
    assert info["First to discard"] == "Bob"
    state = replay(rules, [deal(0, "5S", "QH", "AD")]).state
    assert dict(rules.info(state))["This hand"] == (
        "Trump ♠, in force from trick 1; slough ♥; throw up to 4; target 1 trick"
    )
    state = replay(rules, [deal(0, "5S", "KH", "AD")]).state
    assert dict(rules.info(state))["This hand"] == (
        "Trump ♠, powerless until after trick 4; slough ♥; no throw; target 1 trick"
    )


def test_the_screen_names_the_leader_and_the_cards_held() -> None:
    rules = Ui77(3, names=NAMES3)
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 3, 1)), *tricks("AC 2C 3C")]
    state = replay(rules, log).state
    info = dict(rules.info(state))
    assert info["Leads"] == "Bob"
    assert info["Cards held"] == "Ann 8 · Bob 6 · Cat 7"  # Bob won trick 1 and drew
    assert info["Tricks"] == "Ann 0 of 4 · Bob 1 of 4 · Cat 0 of 4"
    assert info["Trump now"] == "trump has power in trick 2; trump may not be led yet"
    assert rules.prompt(state) == "Bob leads trick 2; its winner draws a card."


def test_distance_to_the_goal_once_chosen() -> None:
    rules = Ui77(2, names=("Ann", "Bob"))
    hand = Result(discards=(0, 0), tricks=(0, 9), left=(0, 4), slough=(0, 0))
    log = [deal(0, "5S", "8H", "KD"), hand, deal(1, "5S", "8H", "KD"), hand]
    state = replay(rules, log).state
    assert rules.scores(state) == (14, 12)
    assert rules.expects(state) == {"goal"}
    assert "choose the goal" in rules.prompt(state)
    state = replay(rules, [*log, Goal(score=33)]).state
    info = dict(rules.info(state))
    assert info["Goal"] == "33"
    assert info["To the goal"] == "Ann 19 · Bob 21"


def test_before_the_goal_the_screen_says_when_it_comes() -> None:
    rules = Ui77(3, names=NAMES3)
    info = dict(rules.info(rules.initial_state()))
    assert info["Goal"] == "chosen after hand 3, once everyone has dealt"


def test_reminders_come_from_the_hand() -> None:
    rules = Ui77(3, names=NAMES3, options={"ace_low": True})
    state = replay(rules, [deal(0, "5S", "8H", "7D")]).state
    text = {r.label: r.text for r in rules.reminders(state)}
    assert text["This hand"].startswith("Trump ♠, powerless until after trick 1")
    assert "ace low" in text["Card order"]
    assert "not a ♥" in text["Scoring"]


# --- tricks ----------------------------------------------------------------------------------


def test_trump_has_no_power_before_its_trick() -> None:
    rules = Ui77(2, names=("Ann", "Bob"))
    base = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 0))]
    state = replay(rules, [*base, *tricks("AC 2S")]).state
    assert state.hand is not None and state.hand.tricks[0].winner == 1  # Bob's A♣
    state = replay(rules, [*base, *tricks("AC 2S", "3C 4S")]).state
    assert state.hand is not None and state.hand.tricks[1].winner == 0  # Ann's 4♠ now trumps


def test_ace_low_house_rule() -> None:
    rules = Ui77(2, names=("Ann", "Bob"), options={"ace_low": True})
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 0)), *tricks("AC 2C")]
    state = replay(rules, log).state
    assert state.hand is not None and state.hand.tricks[0].winner == 0


def test_a_revoke_is_flagged_naming_both_tricks() -> None:
    rules = Ui77(2, names=("Ann", "Bob"))
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 0)), *tricks("AC 2D", "KC QC")]
    result = replay(rules, log)
    [(index, flag)] = result.flagged
    assert index == 3 and flag.code == "revoke" and flag.severity is Severity.IRREGULARITY
    assert flag.message == (
        "Revoke by Ann: no club in trick 1 although Q♣ was still in hand (played in trick 2)."
    )


def test_a_revoke_is_proven_after_a_draw_by_more_cards_of_the_suit_than_were_drawn() -> None:
    # Cat plays 7♦ on Bob's 7♥ (trick 3), wins trick 4 with the trump J♠ and draws a card,
    # which may be a heart: her Q♥ in trick 7 proves nothing, but her 10♥ in trick 8 does (two
    # hearts since, one card drawn). The draw used to forget the failure.
    rules = Ui77(3, names=NAMES3)
    log = [deal(1, "4S", "6H", "KD"), Discards(counts=(0, 2, 0))]
    log += tricks("QC 8C AC", "QD JD 5D", "7H 7D 4H", "AD JS 7S", "6C 5C 10C", "2S 3S 9S")
    log += tricks("3H KH QH", "10S 10H 9C")
    result = replay(rules, log)
    assert [(i, v.code) for i, v in result.flagged] == [(9, "revoke")]
    assert result.flagged[0][1].message == (
        "Revoke by Cat: no heart in trick 3 although one was still in hand: 2 played since (the "
        "last 10♥, in trick 8), and only 1 card drawn."
    )
    assert replay(rules, log[:-1]).flagged == ()


def test_a_leader_holding_only_trumps_may_lead_one_before_trump_is_broken() -> None:
    # U-4. Ann deals 5♠ 8♥ 7♦: trump ♠. Bob holds nine spades (A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠)
    # and leads A♠ in trick 1, before any trump was played: legal. He wins it and draws; his
    # 2♥ in trick 2 may be that drawn card, so it proves nothing: nothing is flagged.
    rules = Ui77(2, names=("Ann", "Bob"))
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 0)), *tricks("AS 6C", "2H 7C")]
    assert replay(rules, log).flagged == ()


def test_a_trump_led_early_is_flagged_at_the_card_that_shows_another_suit() -> None:
    # Rule 8. Bob leads 2♠ in trick 1 before trump is broken; Ann wins with 3♠ and draws (Bob
    # draws nothing). In trick 2 Bob follows Ann's 4♣ with 7♣: he held a club when he led.
    rules = Ui77(2, names=("Ann", "Bob"))
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 0)), *tricks("2S 3S")]
    assert replay(rules, log).flagged == ()
    result = replay(rules, [*log, *tricks("4C 7C")])
    [(index, flag)] = result.flagged
    assert index == 3 and flag.code == "trump-led-early" and flag.rule == "trump-lead"
    assert flag.severity is Severity.IRREGULARITY
    assert flag.message == (
        "Bob led 2♠, a trump, in trick 1 before trump was broken, while still holding 7♣, of "
        "another suit (played in trick 2)."
    )


def test_a_trump_led_early_by_a_player_who_drew_needs_more_other_cards_than_draws() -> None:
    # Bob leads K♠ in trick 1, wins it and draws a card, which may be a club: his Q♣ in trick 2
    # proves nothing; his J♣ in trick 3 does (two cards of another suit since, one drawn).
    rules = Ui77(2, names=("Ann", "Bob"))
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 0))]
    log += tricks("KS 2C", "QC AC", "3C JC")
    result = replay(rules, log)
    assert [(i, v.code) for i, v in result.flagged] == [(4, "trump-led-early")]
    assert result.flagged[0][1].message == (
        "Bob led K♠, a trump, in trick 1 before trump was broken, while holding a card of "
        "another suit: 2 played since (the last J♣, in trick 3), and only 1 card drawn."
    )
    assert replay(rules, log[:-1]).flagged == ()


def test_a_trump_led_early_is_proven_by_the_count_of_the_trumps_unseen() -> None:
    # Ann deals A♠ K♠ 10♠ (trump ♠; throw 0). Bob leads 2♠ in trick 1 and Ann follows with
    # 3♠; Ann wins and draws. Bob still holds 8 cards nobody has seen, and 8 spades are unseen
    # (13, less 3 face up and 2 played), so he may hold all of them: nothing yet. In trick 2
    # Ann leads 4♠ and Bob plays 5♠: 7 of his cards unseen, 6 spades unseen, so one of them is
    # of another suit, and (Bob drew nothing) it was in his hand at the lead.
    rules = Ui77(2, names=("Ann", "Bob"))
    log = [deal(0, "AS", "KS", "10S"), Discards(counts=(0, 0)), *tricks("2S 3S")]
    assert replay(rules, log).flagged == ()
    result = replay(rules, [*log, *tricks("4S 5S")])
    assert [(i, v.code) for i, v in result.flagged] == [(3, "trump-led-early")]
    assert result.flagged[0][1].message == (
        "Bob led 2♠, a trump, in trick 1 before trump was broken, while holding a card of "
        "another suit: the cards still unseen leave them no hand of trumps only."
    )


def test_the_hand_ends_when_a_player_runs_out() -> None:
    rules = Ui77(2, names=("Ann", "Bob"))
    log = [deal(0, "5S", "8H", "7D"), Discards(counts=(3, 0))]
    log += tricks("AC 2C", "KC 3C", "QC 4C", "JC 5C", "10C 6C", "9C 7C")
    # Ann held 6 and won nothing: she is out after trick 6; Bob drew 4 and holds 7.
    state = replay(rules, log).state
    assert state.hand is not None and rules.held(state.hand) == [0, 7]
    assert rules.expects(state) == {"leftover"}
    state = replay(rules, [*log, Leftover(slough=(0, 2))]).state
    assert rules.hands(state)[0].points == (4 + 0, 2 + 5)
    assert [str(line.label) for line in rules.hands(state)[0].lines[1]] == [
        "6 tricks won, target 4: 2 away",
        "5 cards left outside the slough suit",
    ]


# --- refusals ----------------------------------------------------------------------------------


def refused(rules: Ui77, log: list[object]) -> tuple[str, str]:
    with pytest.raises(IllegalEventError) as info:
        replay(rules, log)  # type: ignore[arg-type]
    v = info.value.violations[0]
    return v.code, str(v.message)


def test_discards_over_the_throw_name_the_player() -> None:
    rules = Ui77(3, names=NAMES3)
    code, message = refused(rules, [deal(0, "5S", "8H", "7D"), Discards(counts=(0, 4, 0))])
    assert code == "too-many-discards"
    assert message == "Bob cannot discard 4: this hand's throw allows up to 3 cards."


def test_a_swap_needs_the_shared_suit() -> None:
    rules = Ui77(3, names=NAMES3)
    log = [deal(0, "5S", "8S", "7S"), Swap(seat=Seat(1), card=parse_card("KH"), position=1)]
    assert refused(rules, log) == (
        "swap-suit",
        "Bob can only swap a spade from hand, not K♥: the face-up cards are all spades.",
    )


def test_the_swapped_card_sets_the_hand() -> None:
    rules = Ui77(3, names=NAMES3)
    log = [deal(0, "5S", "8S", "7S"), Swap(seat=Seat(2), card=parse_card("QS"), position=2)]
    state = replay(rules, log).state
    assert state.hand is not None
    assert play.params(state.hand.faceup).throw == 4
    assert rules.expects(state) == {"discards", "result", "swap"}  # Ann may still swap
    state = replay(rules, [*log, Swap(seat=Seat(0), card=parse_card("AS"), position=1)]).state
    assert rules.expects(state) == {"discards", "result"}


def test_cut_penalty_is_scored_after_the_hand() -> None:
    rules = Ui77(3, names=NAMES3)
    hand = Result(discards=(2, 3, 1), tricks=(2, 2, 3), left=(1, 0, 3), slough=(1, 0, 1))
    state = replay(rules, [deal(0, "5S", "8H", "7D", cut=(0, 2)), hand]).state
    assert rules.hands(state)[0].points == (3, 2, 4)
    state = replay(Ui77(3, names=NAMES3), [deal(0, "5S", "8H", "7D"), hand]).state
    assert state.done[0].points == (2, 2, 3)


def test_go_nov_rounding() -> None:
    rules = Ui77(3, names=NAMES3)
    assert rules.go_nov([7, 8, 11], 11) == {2: 8}
    assert Ui77(3, options={"nov_rounding": "floor"}).go_nov([7, 8, 11], 11) == {2: 7}
    assert rules.go_nov([11, 11, 5], 11) == {0: 8, 1: 8}
    assert Ui77(2).go_nov([22, 9], 22) == {0: 9}


def test_options_are_described() -> None:
    rules = Ui77(4)
    shown = dict(rules.describe_options())
    assert shown["What breaks trump"] == "any trump played"
    assert shown["Go Nov average"] == "rounded half up"
    assert shown["Cut penalty"] == "yes"


def test_seats() -> None:
    with pytest.raises(ValueError):
        Ui77(6)
    with pytest.raises(ValueError):
        Ui77(1)


# --- Go Nov kept to one decimal (U-7 option): exact tenths ---------------------------------------


def test_go_nov_to_one_decimal_counts_whole_tenths() -> None:
    tenth = Ui77(4, options={"nov_rounding": "tenth"})
    assert tenth.points_scale == 10
    # 9 + 9 + 8 = 26, 26 / 3 = 8.666…, half up to a tenth: 8.7, kept as 87 tenths.
    assert tenth.go_nov([90, 90, 80, 110], 11) == {3: 87}
    # 25 / 3 = 8.333… → 8.3; 7 + 8 = 15, 15 / 2 = 7.5 exactly.
    assert tenth.go_nov([90, 80, 80, 110], 11) == {3: 83}
    assert Ui77(3, options={"nov_rounding": "tenth"}).go_nov([70, 80, 110], 11) == {2: 75}
    # 8 + 8.5 = 16.5, 16.5 / 2 = 8.25: half up to a tenth, 8.3 (165 tenths / 2 = 82.5 → 83).
    assert Ui77(3, options={"nov_rounding": "tenth"}).go_nov([80, 85, 110], 11) == {2: 83}
    assert tenth.shown_points(87) == Decimal("8.7") and tenth.shown_points(-23) == Decimal("-2.3")
    assert tenth.shown_points(110) == 11 and isinstance(tenth.shown_points(110), int)
    assert Ui77(4).points_scale == 1 and Ui77(4).shown_points(87) == 87


def _one_decimal_log(**options: str) -> tuple[Ui77, list[object]]:
    data = json.loads((EXAMPLES / "go-nov-one-decimal.json").read_text())
    names = tuple(data["players"])
    rules = Ui77(len(names), {**data["options"], **options}, names)
    return rules, [rules.event_from_dict(e, by_name=True) for e in data["events"]]


def test_the_one_decimal_example_against_the_other_roundings() -> None:
    """docs/examples/ui77/go-nov-one-decimal.json under each rounding, worked out by hand: Dan
    lands on 11 in hand 5 with the others on 9, 9 and 8 (26 / 3 = 8.67)."""
    for rounding, reset in (("tenth", Decimal("8.7")), ("half-up", 9), ("floor", 8)):
        rules, events = _one_decimal_log(nov_rounding=rounding)
        state = replay(rules, events).state
        dan = [rules.shown_points(h.points[3]) for h in rules.hands(state)]
        assert dan[4] == 4 + reset - 11
        totals = [rules.shown_points(t) for t in rules.scores(state)]
        assert totals == [10, 13, 10, reset]
        assert rules.outcome(state).winners == (3,)
    rules, events = _one_decimal_log()
    go_nov = rules.hands(replay(rules, events).state)[4].lines[3][-1]
    assert go_nov.rule == "go-nov" and go_nov.points == -23
    assert go_nov.label == (
        "Go Nov: landed exactly on 11, so the total becomes 8.7, the average of the others"
    )
    state = replay(rules, events[:11]).state
    assert dict(rules.info(state))["To the goal"] == "Ann 2 · Bob 2 · Cat 3 · Dan 2.3"


def test_the_goal_is_compared_in_points_when_tenths_are_kept() -> None:
    """Totals of 7 are kept as 70 tenths: the goal 11 is above them all (U-10)."""
    rules, events = _one_decimal_log()
    before_goal = events[:8]
    state = replay(rules, before_goal).state
    assert rules.scores(state) == (70, 70, 70, 70)
    assert rules.violations(state, Goal(score=11)) == []
    assert replay(rules, [*before_goal, Goal(score=11)]).state.goal == 11


def test_a_tie_for_the_lowest_total_shares_the_win_or_plays_on() -> None:
    """tests/rules/playthroughs/ui77/ties-*.json: after hand 3 Ann and Bob both have 13, past
    the goal 11 (U-13)."""
    path = Path(__file__).resolve().parent / "playthroughs" / "ui77" / "ties-play-on.json"
    data = json.loads(path.read_text())["log"]
    events = [Ui77(2, {}, ("Ann", "Bob")).event_from_dict(e, by_name=True) for e in data["events"]]
    share = Ui77(2, {}, ("Ann", "Bob"))
    state = replay(share, events[:7]).state
    assert share.scores(state) == (13, 13)
    assert share.outcome(state).winners == (0, 1)
    assert share.prompt(state) == "Game over: tie between Ann and Bob."
    play_on = Ui77(2, {"ties": "play-on"}, ("Ann", "Bob"))
    state = replay(play_on, events[:7]).state
    assert play_on.outcome(state) is None
    assert play_on.prompt(state) == (
        "Ann, Bob share the lowest total past the goal: play on (house rule). Bob deals hand 4."
    )
    assert play_on.outcome(replay(play_on, events).state).winners == (1,)


# --- rule 2: the first dealer found by dealing face up until a club ---------------------------


def first_deal(dealer: int, cards: str, start: int | None = None) -> Deal:
    return Deal(
        dealer=Seat(dealer),
        card_one=parse_card("5S"),
        card_two=parse_card("8H"),
        card_three=parse_card("7D"),
        first_cards=tuple(parse_cards(cards)),
        first_start=None if start is None else Seat(start),
    )


def test_the_first_club_dealt_face_up_names_the_first_dealer() -> None:
    rules = Ui77(3, names=NAMES3)
    # From Bob: 2H to Bob, KD to Cat, 9C to Ann: Ann deals.
    assert replay(rules, [first_deal(0, "2H KD 9C", start=1)]).state.hand is not None
    # From Ann (the default): 2H Ann, KD Bob, 9C Cat.
    assert refused(rules, [first_deal(0, "2H KD 9C")]) == (
        "wrong-first-dealer",
        "9♣ went to Cat, so Cat deals first, not Ann.",
    )
    assert refused(rules, [first_deal(2, "2H 3C KD")]) == (
        "first-dealer-cards",
        "3♣ is a club: dealing stops there, so the cards after it do not count.",
    )
    assert refused(rules, [first_deal(2, "2H KD")])[0] == "first-dealer-cards"
    assert refused(rules, [first_deal(2, "2H 2H 9C")])[0] == "card-twice"
    no_cards = dataclasses.replace(first_deal(0, ""), first_start=Seat(1))
    assert refused(rules, [no_cards])[0] == "first-dealer-cards"


def test_the_first_dealer_cards_belong_to_the_first_deal_only() -> None:
    rules = Ui77(2, names=("Ann", "Bob"))
    hand = Result(discards=(0, 0), tricks=(0, 9), left=(0, 4), slough=(0, 0))
    later = first_deal(1, "AC")
    code, _ = refused(rules, [deal(0, "5S", "8H", "KD"), hand, later])
    assert code == "first-dealer-cards"
    # Without the cards the table's choice stands (a player called Carly may claim the deal).
    assert replay(rules, [deal(1, "5S", "8H", "KD")]).state.hand is not None
