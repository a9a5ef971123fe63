"""Malilla (shared/rules/malilla/source.txt, with rulings.md §7.2 and §7.3 winning)."""

from __future__ import annotations

import dataclasses
import doctest
from collections.abc import Sequence
from typing import Any

import pytest

from companion.games import get_rules
from companion.games.malilla import examples as malilla_examples
from companion.games.malilla import game as malilla
from companion.games.malilla import play as malilla_play
from companion.games.malilla import score as malilla_score
from companion.games.malilla.game import Deal, Forfeit, Malilla, MalillaState, Tally, Trick
from companion.games.malilla.play import (
    Situation,
    legal_cards,
    points,
    points_range,
    problem,
    strength,
    trick_winner,
)
from companion.rules import IllegalEventError, SetupError, Severity, Violation, replay
from companion.rules.cards import Card, Suit, parse_card, parse_cards
from companion.rules.events import Event, Seat

NAMES = ("Ann", "Bob", "Cat", "Dan")
AC, BD = "Ann & Cat", "Bob & Dan"

#: A legal hand, Ann dealing 3♦ (docs/examples/malilla/normal-hand.json): Bob & Dan win 40-30.
NORMAL = (
    "3C 5C 6C QC",
    "AC 4C KD 7C",
    "7H QH 6H 3H",
    "KH JH AH 7D",
    "6D 2D JD 3D",
    "AD 5H 4D 5D",
    "QS KS 2S 4S",
    "6S QD 3S 5S",
    "KC 2H JC 7S",
    "2C 4H JS AS",
)
#: The same deal where Bob, void in hearts, does not trump Ann's A♥ in trick 4 (2♣ instead),
#: proven when he plays the trump Q♦ in trick 6. Ann & Cat 37 + 6 = 43, Bob & Dan 23 + 4 = 27.
NO_TRUMP = (
    "3C 5C 6C QC",
    "AC 4C KD 7C",
    "7H QH 6H 3H",
    "KH JH AH 2C",
    "AS 2S 4S 5S",
    "3D QD 2D JD",
    "KC 5D JC 5H",
    "2H AD KS 7D",
    "4D 4H JS 6S",
    "6D 3S QS 7S",
)


def rules_for(**options: Any) -> Malilla:
    return Malilla(4, options, NAMES)


def deal(dealer: int, upcard: str) -> Deal:
    return Deal(dealer=Seat(dealer), upcard=parse_card(upcard))


def tally(side: int, cards: int, tricks: int, **others: int) -> Tally:
    return Tally(side=Seat(side), card_points=cards, tricks=tricks, **others)


def trick(cards: str, leader: int | None = None) -> Trick:
    return Trick(cards=parse_cards(cards), leader=None if leader is None else Seat(leader))


def tricks(rows: Sequence[str]) -> list[Event]:
    return [trick(row) for row in rows]


def state_after(rules: Malilla, events: Sequence[Event]) -> MalillaState:
    return replay(rules, events).state


def points_of(rules: Malilla, events: Sequence[Event]) -> list[tuple[int, ...]]:
    return [h.points for h in rules.hands(state_after(rules, events))]


def refused(rules: Malilla, events: Sequence[Event]) -> Violation:
    with pytest.raises(IllegalEventError) as info:
        replay(rules, events)
    assert info.value.index == len(events) - 1
    return info.value.violations[0]


def assert_sentence(message: str) -> None:
    assert not message[0].islower() and message.endswith("."), message


def test_doctests() -> None:
    for module in (malilla, malilla_examples, malilla_play, malilla_score):
        assert doctest.testmod(module).failed == 0


# --- setup ----------------------------------------------------------------------------------


def test_registered_with_teams_scored_together() -> None:
    cls = get_rules("malilla")
    assert cls is Malilla
    assert cls.scores_by_team
    rules = rules_for()
    assert rules.teams() == ((0, 2), (1, 3))
    assert rules.column_names() == (AC, BD)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_four_players_only(players: int) -> None:
    with pytest.raises(SetupError):
        Malilla(players)


def test_every_option_lists_its_choices_default_first() -> None:
    defaults = Malilla.parse_options({})
    for opt in Malilla.option_info:
        assert opt.choices, opt.name
        assert opt.choices[0][0] == getattr(defaults, opt.name), opt.name


def test_the_pack_has_40_cards_worth_60() -> None:
    assert len(malilla_play.DECK) == 40
    assert sum(points(c) for c in malilla_play.DECK) == 60
    assert not [c for c in malilla_play.DECK if c.rank in (8, 9, 10)]


@pytest.mark.parametrize(
    ("order", "expected"),
    [("7S AS KS QS JS 6S 5S 4S 3S 2S", list(range(10, 0, -1)))],
    ids=["seven-high"],
)
def test_rank_order(order: str, expected: list[int]) -> None:
    assert [strength(c) for c in parse_cards(order)] == expected


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("AS 7S KS 2S", "H", 1),
        ("AS 7S KS 2H", "H", 3),
        ("AS 7S 3H 4H", "H", 3),
        ("6S 7D KC QH", "H", 3),
        ("6S 7D KC 2C", "H", 0),
        ("2H 7H AH KH", "H", 1),
    ],
    ids=[
        "seven-beats-ace",
        "trump-beats-seven",
        "higher-trump",
        "only-trump",
        "led-suit",
        "trump-lead",
    ],
)
def test_trick_winner(cards: str, trump: str, winner: int) -> None:
    assert trick_winner(parse_cards(cards), Suit(trump)) == winner


@pytest.mark.parametrize(
    ("tricks_won", "low", "high"),
    [(0, 0, 0), (1, 0, 20), (2, 0, 36), (5, 0, 60), (8, 24, 60), (9, 40, 60), (10, 60, 60)],
    ids=lambda v: str(v),
)
def test_card_points_a_side_can_hold(tricks_won: int, low: int, high: int) -> None:
    assert points_range(tricks_won) == (low, high)


# --- legal play (rulings 7.2.5, 7.3.2, 7.3.5) --------------------------------------------------


def sit(hand: str, before: str = "", opponent: bool = True, led: str = "") -> Situation:
    return Situation(
        hand=parse_cards(hand),
        before=parse_cards(before),
        opponent_winning=opponent,
        trump=Suit.HEARTS,
        led=frozenset(Suit(s) for s in led),
    )


PLAYS = [
    # (card, situation, expected problem code or None)
    ("7C", sit("7C 7D 2S"), None),  # leading: anything, unled 7s included
    ("2S", sit("2S 4D", "KS"), None),  # follow with a lower card: nothing higher held
    ("4D", sit("2S 4D", "KS"), "revoke"),
    ("4S", sit("4S AS", "KS"), "must-beat"),  # opponent wins with a spade, A♠ beats it
    ("AS", sit("4S AS", "KS"), None),
    ("4S", sit("4S AS", "KS", opponent=False), None),  # partner wins: no beat duty
    ("4S", sit("4S AS", "KS 2H"), None),  # opponent wins with a trump: any spade
    ("3H", sit("3H KH", "QH"), "must-beat"),  # trump led: head the trick in trumps
    ("KH", sit("3H KH", "QH"), None),
    ("4D", sit("4D 3H", "KS"), "must-beat"),  # void: must trump an opponent's plain card
    ("3H", sit("4D 3H", "KS"), None),
    ("7H", sit("4D 7H", "KS"), None),  # the trump 7 is never restricted
    ("4D", sit("4D 3H", "KS", opponent=False), None),  # partner wins: no need to trump
    ("3H", sit("3H 5H 4D", "KS 4H"), "must-beat"),  # must over-trump when able
    ("4D", sit("3H 5H 4D", "KS 4H"), "must-beat"),
    ("5H", sit("3H 5H 4D", "KS 4H"), None),
    ("3H", sit("3H 4D", "KS 4H"), None),  # cannot over-trump: may under-trump
    ("4D", sit("3H 4D", "KS 4H"), None),  # ... or discard
    ("7D", sit("7D 4C", "KS"), "unled-seven"),  # void, no trump: no unled 7 while other cards
    ("4C", sit("7D 4C", "KS"), None),
    ("7D", sit("7D 4C", "KS", led="D"), None),  # diamonds were led: the 7 is free
    ("7D", sit("7D 7C", "KS"), None),  # only unled 7s held: waived (ruling 7.3.5)
    ("7D", sit("7D 4C", "KS", opponent=False), "unled-seven"),  # also when the partner wins
    ("7D", sit("7D 2H", "KS"), "must-beat"),  # the duty to trump comes first
    ("7S", sit("7S 2S", "KS"), None),  # following suit with a 7 is always fine
]


@pytest.mark.parametrize(
    ("card", "situation", "code"), PLAYS, ids=[f"{i}" for i in range(len(PLAYS))]
)
def test_legal_play(card: str, situation: Situation, code: str | None) -> None:
    found = problem(parse_card(card), situation)
    assert (found.code if found else None) == code
    assert (parse_card(card) in legal_cards(situation)) == (code is None)


# --- scoring through the engine -----------------------------------------------------------------

SCORING = [
    # options, events, hand points (Ann & Cat, Bob & Dan)
    ({}, [deal(0, "3D"), *tricks(NORMAL)], [(0, 5)]),
    ({}, [deal(0, "AS"), tally(1, 35, 6)], [(4, 6)]),
    ({}, [deal(1, "QH"), tally(0, 31, 4)], [(0, 2)]),
    ({}, [deal(1, "QH"), tally(0, 60, 10)], [(35, 2)]),
    ({}, [deal(0, "2H"), tally(3, 60, 10)], [(0, 35)]),
    ({"trick_point": False}, [deal(0, "2D"), tally(0, 33, 5)], [(-2, 0)]),
    ({"trick_point": False}, [deal(0, "2D"), tally(0, 30, 5)], [(0, 0)]),
    ({"trick_point": False}, [deal(0, "2D"), tally(0, 60, 10)], [(35, 0)]),
    ({"trick_point": False}, [deal(0, "2D"), tally(0, 40, 3)], [(5, 0)]),
    (
        {},
        [deal(0, "2H"), tally(0, 50, 8), deal(1, "4S"), tally(0, 40, 6), deal(2, "7C")]
        + [tally(1, 38, 6)],
        [(23, 0), (11, 0), (5, 9)],
    ),
]


@pytest.mark.parametrize(
    ("options", "events", "expected"),
    SCORING,
    ids=[
        "card-by-card",
        "immediate-bonus",
        "tie-35-35-bonus",
        "capote-70",
        "capote-against",
        "sixty-negative",
        "sixty-tie",
        "sixty-capote",
        "sixty-few-tricks",
        "held-bonus-decides",
    ],
)
def test_hand_scores(
    options: dict[str, Any], events: list[Event], expected: list[tuple[int, int]]
) -> None:
    assert points_of(rules_for(**options), events) == expected


def test_capote_wins_the_game_even_below_35() -> None:
    rules = rules_for(trick_point=False)
    state = state_after(rules, [deal(0, "2D"), tally(0, 33, 5), deal(1, "5C"), tally(0, 60, 10)])
    assert rules.scores(state) == (33, 0)
    end = rules.outcome(state)
    assert end is not None and end.reason == "capote" and end.winners == (0, 2)


def test_first_to_35_wins_and_nothing_follows() -> None:
    rules = rules_for()
    events: list[Event] = [deal(0, "4S"), tally(0, 57, 8), deal(1, "2S"), tally(0, 36, 6)]
    state = state_after(rules, events)
    assert rules.scores(state) == (37, 0)
    assert rules.outcome(state) is not None
    assert rules.expects(state) == {"forfeit"}  # the last hand may still be forfeited
    assert refused(rules, [*events, deal(2, "2C")]).code == "game-over"
    forfeited = state_after(rules, [*events, Forfeit(player=Seat(0), note="Ann revoked")])
    assert rules.expects(forfeited) == frozenset()


def test_held_bonus_lines_explain_the_order() -> None:
    rules = rules_for()
    events: list[Event] = [deal(0, "2H"), tally(0, 50, 8), deal(1, "4S"), tally(0, 40, 6)]
    events.append(deal(2, "7C"))
    running = rules.hands(state_after(rules, events))[-1]
    assert running.points == (0, 0)
    assert "held back" in running.lines[0][0].label
    done = rules.hands(state_after(rules, [*events, tally(1, 38, 6)]))[-1]
    assert [(x.points, x.rule) for x in done.lines[0]] == [(0, "scoring"), (5, "dealer-bonus")]


def test_an_immediate_bonus_shows_while_the_hand_is_played() -> None:
    rules = rules_for()
    state = state_after(rules, [deal(2, "KS")])
    assert rules.scores(state) == (3, 0)
    assert ("Dealer's bonus", f"+3 to {AC}, scored") in rules.info(state)
    assert (AC, "32 to win") in rules.info(state)
    assert rules.hands(state)[0].summary.startswith("in progress")


def test_no_bonus_no_running_row() -> None:
    rules = rules_for()
    assert rules.hands(state_after(rules, [deal(2, "6S")])) == ()


# --- deal rotation, leaders, prompts -------------------------------------------------------------


@pytest.mark.parametrize(
    ("direction", "dealer", "leader", "next_dealer"),
    [("clockwise", 0, 1, 1), ("clockwise", 3, 0, 0), ("counter-clockwise", 1, 0, 0)],
    ids=["clockwise", "clockwise-wraps", "counter-clockwise"],
)
def test_rotation(direction: str, dealer: int, leader: int, next_dealer: int) -> None:
    rules = rules_for(direction=direction)
    state = state_after(rules, [deal(dealer, "4S")])
    assert rules.to_act(state) == leader
    state = state_after(rules, [deal(dealer, "4S"), tally(0, 30, 5)])
    assert rules.dealer(state) == next_dealer
    assert rules.prompt(state) == f"{NAMES[next_dealer]} deals hand 2."


def test_wrong_dealer_names_the_right_one() -> None:
    rules = rules_for()
    v = refused(rules, [deal(0, "4S"), tally(0, 30, 5), deal(3, "2S")])
    assert v.code == "wrong-dealer" and "Bob" in v.message and "left" in v.message
    assert_sentence(v.message)


def test_expected_entries_by_phase() -> None:
    rules = rules_for()
    assert rules.expects(rules.initial_state()) == {"deal"}
    assert rules.expects(state_after(rules, [deal(0, "4S")])) == {"trick", "tally", "forfeit"}
    one = state_after(rules, [deal(0, "3D"), trick(NORMAL[0])])
    assert rules.expects(one) == {"trick", "forfeit"}
    assert rules.prompt(one) == "Ann leads trick 2 of 10."
    after = state_after(rules, [deal(0, "4S"), tally(0, 30, 5)])
    assert rules.expects(after) == {"deal", "forfeit"}
    hand_penalty = rules_for(penalty="hand")
    assert "forfeit" not in hand_penalty.expects(state_after(hand_penalty, [deal(0, "4S")]))


def test_info_rows_during_a_hand() -> None:
    rules = rules_for()
    state = state_after(rules, [deal(0, "3D"), *tricks(NORMAL[:4])])
    info = dict(rules.info(state))
    assert info["Trump"] == "♦ Diamonds (3♦ turned up)"
    assert info["Dealer"] == "Ann"
    assert info["Leads"] == "Bob"
    # Ann won trick 1 (2), Cat tricks 2 and 3 (12 + 7), Bob trick 4 (13).
    assert info[AC] == "24 this hand (3 tricks) · 35 to win"
    assert info[BD] == "14 this hand (1 trick) · 35 to win"


# --- refused entries ---------------------------------------------------------------------

REFUSED = [
    ([deal(0, "10H")], "not-in-deck"),
    ([deal(0, "8S")], "not-in-deck"),
    ([deal(0, "3D"), trick("3D 5C 6C QC")], "upcard-elsewhere"),
    ([deal(0, "3D"), trick(NORMAL[0]), trick("AC 4C KD QC")], "card-twice"),
    ([deal(0, "3D"), trick("3C 5C 6C")], "trick-size"),
    ([deal(0, "3D"), trick("3C 5C 6C QC", leader=2)], "wrong-leader"),
    ([deal(0, "3D"), trick("3C 5C 6C 10C")], "not-in-deck"),
    ([deal(0, "4S"), tally(0, 61, 5)], "tally-range"),
    ([deal(0, "4S"), tally(0, 30, -1)], "tally-range"),
    ([deal(0, "4S"), tally(0, 30, 5, other_card_points=31)], "card-points-total"),
    ([deal(0, "4S"), tally(0, 30, 5, other_tricks=4)], "tricks-total"),
    ([deal(0, "4S"), tally(0, 5, 0)], "card-points-impossible"),
    ([deal(0, "4S"), tally(0, 58, 10)], "card-points-impossible"),
    ([deal(0, "4S"), tally(1, 21, 1)], "card-points-impossible"),
    ([deal(0, "4S"), tally(1, 39, 9)], "card-points-impossible"),
    ([tally(0, 30, 5)], "out-of-order"),
    ([deal(0, "4S"), deal(1, "4S")], "out-of-order"),
    ([deal(0, "3D"), trick(NORMAL[0]), tally(0, 30, 5)], "out-of-order"),
    ([Forfeit(player=Seat(1), note="revoke")], "out-of-order"),
    ([deal(0, "4S"), tally(0, 30, 5), Forfeit(player=Seat(1))], "forfeit-reason"),
]


@pytest.mark.parametrize(
    ("events", "code"), REFUSED, ids=[f"{c}-{i}" for i, (_, c) in enumerate(REFUSED)]
)
def test_refused(events: list[Event], code: str) -> None:
    v = refused(rules_for(), events)
    assert v.code == code
    assert v.severity is Severity.ERROR
    assert_sentence(v.message)


def test_forfeit_too_early_with_the_hand_penalty() -> None:
    v = refused(rules_for(penalty="hand"), [deal(0, "4S"), Forfeit(player=Seat(3), note="x")])
    assert v.code == "forfeit-too-early" and v.rule == "irregularities"


def test_messages_name_player_card_and_rule() -> None:
    v = refused(rules_for(), [deal(0, "3D"), trick("3D 5C 6C QC")])
    assert "Bob" in v.message and "3♦" in v.message and "Ann" in v.message
    v = refused(rules_for(), [deal(0, "4S"), tally(1, 21, 1)])
    assert v.message == f"{BD} won 1 trick: 4 cards hold 0 to 20 card points, not 21."


# --- irregularities: flagged, then forfeited -----------------------------------------------


def test_failure_to_trump_is_flagged_once_the_led_suit_is_ruled_out() -> None:
    rules = rules_for()
    # Bob's Q♦ in trick 6 shows he could have trumped Ann's A♥ in trick 4: the 2♣ was illegal
    # whichever way (with a heart he had to follow, without one he had to trump), so it is
    # flagged at once. With hearts still out the duty broken is named only when the last heart
    # is played, in trick 9: a second flag, the failure to trump.
    result = replay(rules, [deal(0, "3D"), *tricks(NO_TRUMP)])
    assert replay(rules, [deal(0, "3D"), *tricks(NO_TRUMP[:5])]).flagged == ()
    assert [(i, v.code) for i, v in result.flagged] == [(6, "illegal-play"), (9, "must-beat")]
    first, named = result.flagged[0][1], result.flagged[1][1]
    assert first.severity is Severity.IRREGULARITY and first.rule == "follow-suit"
    assert first.message == (
        "Trick 4: Bob played 2♣, illegal whichever duty it broke, since they held Q♦ (played in "
        "trick 6): Bob had to follow hearts or trump. Which one shows later in the hand."
    )
    assert named.severity is Severity.IRREGULARITY and named.rule == "must-beat"
    assert named.message == (
        "Trick 4: Bob played 2♣, but opponent Ann was winning with A♥, and with no hearts they "
        "held the trump Q♦ (played in trick 6), so they had to trump it."
    )
    assert rules.hands(result.state)[0].points == (8, 0)
    assert rules.outcome(result.state) is None
    assert dict(rules.info(result.state))["Flagged"].startswith("Bob (trick 4)")
    assert [f.code for f in result.state.last.hand.flags] == ["must-beat"]  # type: ignore[union-attr]


def test_a_revoke_after_a_failure_to_beat_is_named_by_the_second_flag() -> None:
    rules = rules_for()
    # Trick 1: Bob leads 3♣ and Ann wins with Q♣ (dealer Ann, diamonds trump); in trick 2 Bob
    # discards 2♥ on Ann's A♣ while holding a trump (his K♦ in trick 3) and a club (his 4♣,
    # leading trick 4): illegal either way once the K♦ shows, named a revoke by the 4♣.
    events: list[Event] = [
        deal(0, "3D"),
        trick("3C 5C 6C QC"),
        trick("AC 2H 7C 2C"),
        trick("5H 6H 3H KD"),
        trick("4C JC KC 5D"),
    ]
    assert replay(rules, events[:3]).flagged == ()
    result = replay(rules, events)
    assert [(i, v.code) for i, v in result.flagged] == [(3, "illegal-play"), (4, "revoke")]
    assert "Bob had to follow clubs or trump." in result.flagged[0][1].message
    assert "4♣ (played in trick 4)" in result.flagged[1][1].message
    assert [f.code for f in state_after(rules, events).hand.flags] == ["revoke"]  # type: ignore[union-attr]


#: Issue 28's hand, North dealing 5♣ (clubs trump): North wins trick 1 with 7♦; in trick 2
#: North leads 5♥, East K♥, South 7♥ (winning), West discards Q♠; in trick 3 West trumps with
#: 6♣. From that card on the Q♠ is illegal whichever way (ruling 7.2.5.2): with a heart West
#: had to follow, without one West had to trump.
COMPASS = ("North", "East", "South", "West")
ISSUE_HAND = ("2D 3D 4D 7D", "5H KH 7H QS", "AD 6C 6D JD")


def test_a_discard_proven_illegal_either_way_is_flagged_by_the_first_card_that_proves_it() -> None:
    rules = Malilla(4, {}, COMPASS)
    events: list[Event] = [deal(0, "5C"), *tricks(ISSUE_HAND)]
    assert replay(rules, events[:3]).flagged == ()
    result = replay(rules, events)
    assert [(i, v.code, v.rule) for i, v in result.flagged] == [(3, "illegal-play", "follow-suit")]
    assert result.flagged[0][1].message == (
        "Trick 2: West played Q♠, illegal whichever duty it broke, since they held 6♣ (played in "
        "trick 3): West had to follow hearts or trump. Which one shows later in the hand."
    )
    # A heart from West in trick 4 names the duty: a revoke, flagged again; still one flag
    # against West in the hand's record, now a revoke.
    named = replay(rules, [*events, trick("2H 3H 4H 6H")])
    assert [(i, v.code) for i, v in named.flagged] == [(3, "illegal-play"), (4, "revoke")]
    assert named.flagged[1][1].message == (
        "Trick 2: West played Q♠, but they held 2♥ (played in trick 4) and had to follow hearts."
    )
    flags = named.state.hand.flags  # type: ignore[union-attr]
    assert [(f.trick, f.seat, f.code) for f in flags] == [(2, 3, "revoke")]


def test_the_automatic_forfeit_follows_the_first_proof() -> None:
    rules = Malilla(4, {"forfeit": "auto"}, COMPASS)
    assert rules.outcome(state_after(rules, [deal(0, "5C"), *tricks(ISSUE_HAND[:2])])) is None
    end = rules.outcome(state_after(rules, [deal(0, "5C"), *tricks(ISSUE_HAND)]))
    assert end is not None and end.reason == "forfeit" and end.winners == (0, 2)


def test_an_unled_seven_discarded_while_holding_another_card_is_flagged_at_once() -> None:
    # Trick 2: North leads 5♥, East wins with 7♥, South K♥, West (East's partner winning, so
    # no duty to beat) discards 7♠, spades not led yet. West still holds eight cards and no
    # other unled 7 is still out, so one of them would have been legal: the 7♠ is illegal
    # whichever way (7.2.5.2-3), with a heart West had to follow, without one West had to
    # keep the 7. Flagged with the trick; the duty is named once the hand shows it.
    rules = Malilla(4, {}, COMPASS)
    events: list[Event] = [deal(0, "5C"), trick("2D 3D 4D 7D"), trick("5H 7H KH 7S")]
    result = replay(rules, events)
    assert [(i, v.code) for i, v in result.flagged] == [(2, "illegal-play")]
    assert result.flagged[0][1].message == (
        "Trick 2: West played 7♠, illegal whichever duty it broke, since they held a card that "
        "would have been legal (8 of their cards are still unseen, and all but 0 of the cards "
        "still out would have been): West had to follow hearts or keep the 7 of spades, a suit "
        "not led yet. Which one shows later in the hand."
    )
    # No heart turns up from West: once the last heart is elsewhere the duty is named.
    rest = ["AD KD 6C 7C", "JH QH AH 2S", "2H 3S 3H 4H", "6H 5S 4S 5C"]
    assert replay(rules, [*events, *tricks(rest[:3])]).flagged == result.flagged
    named = replay(rules, [*events, *tricks(rest)])
    assert [(i, v.code) for i, v in named.flagged] == [(2, "illegal-play"), (6, "unled-seven")]
    assert "but spades had not been led yet, so that 7 could not be discarded while they held" in (
        named.flagged[1][1].message
    )


def test_the_dealer_s_upcard_is_evidence_from_the_start() -> None:
    # Ann (dealer) holds 3♦ turned up: discarding 2♥ on a diamond lead is a revoke at once.
    result = replay(rules_for(), [deal(0, "3D"), trick("4D 5D 6D 2H")])
    assert [(i, v.code) for i, v in result.flagged] == [(1, "revoke")]
    assert "3♦ (the upcard)" in result.flagged[0][1].message


def test_a_revoke_is_flagged_as_soon_as_the_suit_reappears() -> None:
    rules = rules_for()
    # Trick 1: Bob leads 3♣, Cat plays 5H (not following) although she holds 5♣ (trick 2).
    events: list[Event] = [deal(0, "3D"), trick("3C 5H 6C QC"), trick("AC 4C 5C 7C")]
    result = replay(rules, events)
    assert [(i, v.code, v.rule) for i, v in result.flagged] == [(2, "revoke", "follow-suit")]
    assert "Trick 1: Cat played 5♥" in result.flagged[0][1].message
    assert "5♣ (played in trick 2)" in result.flagged[0][1].message


def test_legal_play_is_never_flagged() -> None:
    assert replay(rules_for(), [deal(0, "3D"), *tricks(NORMAL)]).flagged == ()


def test_forfeit_of_the_game_after_the_flag() -> None:
    rules = rules_for()
    events: list[Event] = [deal(0, "3D"), *tricks(NO_TRUMP), Forfeit(player=Seat(1))]
    state = state_after(rules, events)
    end = rules.outcome(state)
    assert end is not None and end.reason == "forfeit" and end.winners == (0, 2)
    assert rules.hands(state)[0].lines[1][-1].label == "Game forfeited: Bob's irregularity"
    assert rules.winners_text(end) == f"{AC} win."


def test_the_other_side_needs_a_reason_to_forfeit() -> None:
    rules = rules_for()
    events: list[Event] = [deal(0, "3D"), *tricks(NO_TRUMP), Forfeit(player=Seat(0))]
    assert refused(rules, events).code == "forfeit-reason"
    with_reason = [*events[:-1], Forfeit(player=Seat(0), note="Ann showed a card early")]
    end = rules.outcome(state_after(rules, with_reason))
    assert end is not None and end.winners == (1, 3)


def test_forfeit_of_the_hand_rescores_it() -> None:
    rules = rules_for(penalty="hand")
    events: list[Event] = [deal(0, "3D"), *tricks(NO_TRUMP), Forfeit(player=Seat(1))]
    state = state_after(rules, events)
    assert rules.hands(state)[0].points == (8, 0)  # Bob & Dan lost it anyway: 43 - 35
    assert rules.outcome(state) is None
    assert refused(rules, [*events, Forfeit(player=Seat(3), note="again")]).code == "out-of-order"


def test_a_forfeited_hand_loses_its_held_bonus() -> None:
    rules = rules_for(penalty="hand")
    events: list[Event] = [deal(0, "2H"), tally(0, 57, 8), deal(1, "4S"), tally(1, 36, 6)]
    events += [deal(2, "7C"), tally(0, 40, 6)]  # Ann & Cat 30, Cat's 7♣ held; 46 -> 11
    assert rules.scores(state_after(rules, events)) == (41, 7)
    forfeited = state_after(rules, [*events, Forfeit(player=Seat(2), note="revoke")])
    # Bob & Dan score the better total, 46 - 35 = 11; Ann & Cat nothing, bonus lost.
    assert rules.hands(forfeited)[-1].points == (0, 11)
    assert rules.scores(forfeited) == (30, 18)
    assert "lost with the forfeit" in rules.hands(forfeited)[-1].lines[0][-1].label


def test_automatic_forfeit_stops_the_game() -> None:
    rules = rules_for(forfeit="auto")
    assert rules.outcome(state_after(rules, [deal(0, "3D"), *tricks(NO_TRUMP[:5])])) is None
    state = state_after(rules, [deal(0, "3D"), *tricks(NO_TRUMP[:6])])
    end = rules.outcome(state)
    assert end is not None and end.reason == "forfeit" and end.winners == (0, 2)


def test_dataclass_events_round_trip_through_json() -> None:
    from companion.rules import from_dict, to_dict

    for event in (deal(0, "7S"), tally(1, 30, 5, other_card_points=30), trick("AS 2S 3S 4S", 1)):
        data = to_dict(event, NAMES)
        assert from_dict(data, Malilla.event_types, names=NAMES) == event
    assert to_dict(Forfeit(player=Seat(3), note="revoke"), NAMES) == {
        "type": "forfeit",
        "player": "Dan",
        "note": "revoke",
    }


def test_cards_are_cards() -> None:
    assert all(isinstance(c, Card) for c in malilla_play.DECK)
    assert dataclasses.is_dataclass(malilla_score.MalillaOptions)


@pytest.mark.parametrize("example", malilla_examples.EXAMPLES, ids=lambda ex: ex.title)
def test_worked_examples_match_the_hand_worked_figures(
    example: malilla_examples.WorkedExample,
) -> None:
    points, lines = malilla_examples.example_points(example)
    assert points == example.expected
    assert sum(p for _, p in lines) == points
