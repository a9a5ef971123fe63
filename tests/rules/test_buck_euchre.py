"""Buck Euchre / Dirty Clubs (shared/rules/buck-euchre/source.txt; rulings.md §8 wins).

Every expected number below was worked out by hand from rulings §8.2.6 (scoring, first rule that
applies) and §8.2.7 (count down from 25, first to 0 or less ends the game, lowest wins).
"""

from __future__ import annotations

import doctest
import json
from collections.abc import Sequence
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.buck_euchre import checks as buck_euchre_checks
from companion.games.buck_euchre import examples as buck_euchre_examples
from companion.games.buck_euchre import game as buck_euchre
from companion.games.buck_euchre import play as buck_euchre_play
from companion.games.buck_euchre import text as buck_euchre_text
from companion.games.buck_euchre.game import (
    Bid,
    BuckEuchre,
    BuckEuchreState,
    Deal,
    Drops,
    Result,
    Trick,
)
from companion.games.buck_euchre.play import strength_for, suit_of_for
from companion.rules import IllegalEventError, Outcome, SetupError, Severity, Void, replay, to_dict
from companion.rules.cards import Card, Suit, deck, parse_card, parse_cards
from companion.rules.events import Event, Seat
from companion.rules.tricks import winner_index

NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN, BOB, CAT, DAN = (Seat(i) for i in range(4))


def rules_for(**options: Any) -> BuckEuchre:
    return BuckEuchre(4, options, NAMES)


def deal(dealer: int, upcard: str | None = None) -> Deal:
    return Deal(dealer=Seat(dealer), upcard=parse_card(upcard) if upcard else None)


def bid(seat: int, call: str) -> Bid:
    return Bid(seat=Seat(seat), call=call)


def passes(first: int, count: int) -> list[Event]:
    return [bid((first + i) % 4, "pass") for i in range(count)]


def drops(*seats: int) -> Drops:
    return Drops(dropped=tuple(Seat(s) for s in seats))


def trick(cards: str, leader: int | None = None) -> Trick:
    return Trick(cards=parse_cards(cards), leader=None if leader is None else Seat(leader))


def result(
    trump: str,
    tricks: Sequence[int],
    declarer: int | None = None,
    dropped: Sequence[int] = (),
    how: str = "",
) -> Result:
    return Result(
        trump=trump,
        tricks=tuple(tricks),
        declarer=None if declarer is None else Seat(declarer),
        dropped=tuple(Seat(s) for s in dropped),
        how=how,
    )


def state_after(events: Sequence[Event], **options: Any) -> BuckEuchreState:
    return replay(rules_for(**options), events).state


def refusal(events: Sequence[Event], **options: Any) -> tuple[int, str, str]:
    with pytest.raises(IllegalEventError) as info:
        replay(rules_for(**options), events)
    first = info.value.violations[0]
    return info.value.index, first.code, first.message


def assert_sentence(message: str) -> None:
    assert message[:1].isupper() or message[:1].isdigit(), message
    assert message.endswith("."), message
    assert "  " not in message, message


# A hand played card by card (the module doctest): Ann deals 9♥, Bob passes, Cat orders it up,
# Dan drops; Bob leads. Ann 1 trick, Bob none (+5), Cat 4 as declarer, Dan dropped.
ORDERED_HAND: list[Event] = [
    deal(ANN, "9H"),
    bid(BOB, "pass"),
    bid(CAT, "order-up"),
    drops(DAN),
    trick("AS JH KS"),
    trick("JD 9H 10H"),
    trick("AH QH 10D"),
    trick("AC KC QC"),
    trick("9C 10C AD"),
]


@pytest.mark.parametrize(
    "module",
    [buck_euchre, buck_euchre_play, buck_euchre_checks, buck_euchre_text, buck_euchre_examples],
    ids=lambda m: m.__name__.rsplit(".", 1)[-1],
)
def test_module_doctests(module: Any) -> None:
    outcome = doctest.testmod(module)
    assert outcome.failed == 0
    if module is buck_euchre:
        assert outcome.attempted > 0


def test_registered_with_its_other_name_and_options() -> None:
    assert GAMES["buck_euchre"] is BuckEuchre
    assert BuckEuchre.aka == ("Dirty Clubs",)
    assert BuckEuchre.lower_is_better and not BuckEuchre.scores_by_team
    for option in BuckEuchre.option_info:
        assert option.choices, option.name
        default = getattr(BuckEuchre.parse_options({}), option.name)
        assert option.choices[0][0] == default, option.name


def test_four_players_only() -> None:
    with pytest.raises(SetupError, match="played by 4 players, not 3"):
        BuckEuchre(3)


def test_unknown_start_score_is_refused() -> None:
    with pytest.raises(SetupError):
        rules_for(start_score=7)


# --- cards ------------------------------------------------------------------------------------


def test_the_pack_is_24_cards_nine_to_ace() -> None:
    """Erratum 8.1.1: the source's "32 cards" is wrong; A K Q J 10 9 of four suits."""
    assert frozenset(deck(24)) == buck_euchre_play.DECK
    assert len(buck_euchre_play.DECK) == 24
    assert {c.rank for c in buck_euchre_play.DECK} == {9, 10, 11, 12, 13, 14}


EFFECTIVE_SUIT = [
    ("JD", "H", "H"),  # the left bower belongs to trump
    ("JH", "D", "D"),
    ("JS", "C", "C"),
    ("JC", "S", "S"),
    ("JH", "H", "H"),  # the right bower
    ("JC", "H", "C"),  # a black jack is plain when hearts are trump
    ("AD", "H", "D"),
    ("JD", None, "D"),  # no trump: no bowers
]


@pytest.mark.parametrize(("card", "trump", "suit"), EFFECTIVE_SUIT)
def test_effective_suit(card: str, trump: str | None, suit: str) -> None:
    trump_suit = Suit(trump) if trump else None
    assert suit_of_for(trump_suit)(parse_card(card)) == Suit(suit)


TRICK_WINNERS = [
    # id, cards in play order, trump (None = no trump), index of the winner
    ("right-beats-left", "JD JH AH", "H", 1),
    ("left-beats-ace", "AH JD KH", "H", 1),
    ("left-bower-trumps-its-own-suit", "AD KD JD", "H", 2),
    ("left-bower-led-is-trump", "JD AH 9D", "H", 0),
    ("trump-order-a-k-q-10-9", "9S 10S QS KS AS", "S", 4),
    ("ten-beats-nine-in-trump", "9C 10C", "C", 1),
    ("low-trump-beats-led-ace", "AD 9C", "C", 1),
    ("plain-suit-jack-ranks-between-q-and-10", "10S JS QS", "H", 2),
    ("plain-jack-beats-ten", "10S JS 9S", "H", 1),
    ("off-suit-ace-does-not-win", "9S AH", "D", 0),
    ("no-trump-plain-jacks", "JD QD AH", None, 1),
    ("no-trump-led-suit-wins", "9H AS KS", None, 0),
]


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [pytest.param(c, t, w, id=i) for i, c, t, w in TRICK_WINNERS],
)
def test_trick_winner_with_bowers(cards: str, trump: str | None, winner: int) -> None:
    t = Suit(trump) if trump else None
    played = parse_cards(cards)
    suit_of = suit_of_for(t)
    got = winner_index(
        played, lead=suit_of(played[0]), trump=t, suit_of=suit_of, strength=strength_for(t)
    )
    assert got == winner


# --- scoring ----------------------------------------------------------------------------------

SCORING = [
    # id, declarer, dropped, tricks per seat, no_trump, points per seat
    ("declarer-makes-3", 1, (3,), (1, 3, 1, 0), False, (-1, -3, -1, 0)),
    ("declarer-makes-4", 1, (), (1, 4, 0, 0), False, (-1, -4, 5, 5)),
    ("declarer-euchred-2", 1, (), (2, 2, 1, 0), False, (-2, 5, -1, 5)),
    ("declarer-euchred-0", 0, (), (0, 2, 2, 1), False, (5, -2, -2, -1)),
    ("stayed-in-no-trick", 2, (0,), (0, 2, 3, 0), False, (0, -2, -3, 5)),
    ("dropped-scores-nothing", 3, (0, 1), (0, 0, 2, 3), False, (0, 0, -2, -3)),
    ("dirty-clubs-no-declarer", None, (), (2, 0, 2, 1), False, (-2, 5, -2, -1)),
    ("no-trump-everyone-needs-one", None, (), (1, 1, 3, 0), True, (-1, -1, -3, 5)),
    ("no-trump-two-blanks", None, (), (4, 1, 0, 0), True, (-4, -1, 5, 5)),
    ("sweep-ends-the-game-no-points", 1, (), (0, 5, 0, 0), False, (0, 0, 0, 0)),
    ("defender-sweep", 1, (2,), (5, 0, 0, 0), False, (0, 0, 0, 0)),
]


@pytest.mark.parametrize(
    ("declarer", "dropped", "tricks", "no_trump", "points"),
    [pytest.param(*row[1:], id=row[0]) for row in SCORING],
)
def test_score_lines(
    declarer: int | None,
    dropped: tuple[int, ...],
    tricks: tuple[int, ...],
    no_trump: bool,
    points: tuple[int, ...],
) -> None:
    lines = rules_for().score_lines(declarer, frozenset(dropped), tricks, no_trump=no_trump)
    assert tuple(sum(line.points for line in seat) for seat in lines) == points
    for seat in lines:
        assert seat and all(line.rule for line in seat)


def test_score_line_words() -> None:
    rules = rules_for()
    lines = rules.score_lines(1, frozenset({3}), (0, 2, 3, 0), no_trump=False)
    assert [seat[0].label for seat in lines] == [
        "No trick after staying in",
        "Euchred: 2 tricks as declarer, 3 needed",
        "3 tricks, 1 point off each",
        "Dropped out: no score",
    ]
    sweep = rules.score_lines(None, frozenset(), (5, 0, 0, 0), no_trump=True)
    assert sweep[0][0].label == "All five tricks: wins the game outright"
    assert sweep[1][0].label == "Ann took all five tricks: the game ends"


def test_card_by_card_hand_scores_and_counts_down_from_25() -> None:
    rules = rules_for()
    state = replay(rules, ORDERED_HAND).state
    assert rules.hands(state)[0].points == (-1, 5, -4, 0)
    assert rules.scores(state) == (24, 30, 21, 25)
    summary = rules.hands(state)[0].summary
    assert summary == (
        "Ann dealt, 9♥ turned up; trump ♥ Hearts, ordered up by Cat; dropped: Dan; "
        "tricks Ann 1, Bob 0, Cat 4 — card by card"
    )
    assert [t.winner for t in _last_tricks(rules, ORDERED_HAND)] == [CAT, CAT, CAT, CAT, ANN]


def _last_tricks(rules: BuckEuchre, events: Sequence[Event]) -> list[Any]:
    state = replay(rules, events[:-1]).state
    assert state.hand is not None
    return [*state.hand.tricks, rules.record(state.hand, events[-1].cards)]  # type: ignore[attr-defined]


def test_tricks_with_a_dropped_player_name_who_played() -> None:
    rules = rules_for()
    tricks = _last_tricks(rules, ORDERED_HAND)
    assert tricks[0].seats == (BOB, CAT, ANN)
    assert tricks[0].plays(4) == [
        (BOB, parse_card("AS")),
        (CAT, parse_card("JH")),
        (ANN, parse_card("KS")),
    ]


def test_quick_entry_gives_the_same_score_as_card_by_card() -> None:
    rules = rules_for()
    quick = [deal(ANN, "9H"), result("H", (1, 0, 4, 0), declarer=CAT, dropped=(DAN,))]
    fast, slow = replay(rules, quick).state, replay(rules, ORDERED_HAND).state
    assert rules.hands(fast)[0].points == rules.hands(slow)[0].points
    assert rules.hands(fast)[0].lines == rules.hands(slow)[0].lines


START_SCORES = [(25, (24, 22, 24, 25)), (15, (14, 12, 14, 15)), (20, (19, 17, 19, 20))]


@pytest.mark.parametrize(("start", "totals"), START_SCORES, ids=lambda v: str(v))
def test_start_score_option(start: int, totals: tuple[int, ...]) -> None:
    rules = rules_for(start_score=start)
    events = [deal(ANN, "10H"), result("H", (1, 3, 1, 0), declarer=BOB, dropped=(DAN,))]
    assert rules.scores(replay(rules, events).state) == totals
    assert rules.scores(rules.initial_state()) == (start,) * 4


# --- the game's end ---------------------------------------------------------------------------


def _game(*hands: tuple[str, str, Sequence[int], int | None, Sequence[int]]) -> list[Event]:
    """Quick hands, dealers in turn from Ann: (upcard, trump, tricks, declarer, dropped)."""
    events: list[Event] = []
    for number, (upcard, trump, tricks, declarer, dropped) in enumerate(hands):
        events += [deal(number % 4, upcard), result(trump, tricks, declarer, dropped)]
    return events


def test_game_ends_when_someone_reaches_zero() -> None:
    # Ann declares every hand and takes 3; Bob and Cat one each; Dan stays in with nothing.
    # After hand k: Ann 15 - 3k, Bob and Cat 15 - k, Dan 15 + 5k. Hand 5: Ann 0.
    rules = rules_for(start_score=15)
    events = _game(*[("9H", "H", (3, 1, 1, 0), 0, ())] * 5)
    before = replay(rules, events[:-2]).state
    assert rules.outcome(before) is None
    assert rules.scores(before) == (3, 11, 11, 35)
    state = replay(rules, events).state
    assert rules.scores(state) == (0, 10, 10, 40)
    assert rules.outcome(state) == Outcome("reached-zero", (0,))
    assert rules.expects(state) == frozenset()
    assert rules.prompt(state) == "Game over: Ann wins."
    assert dict(rules.info(state)) == {"To reach 0": "Ann 0 · Bob 10 · Cat 10 · Dan 40"}


def test_equal_lowest_at_zero_is_a_tie() -> None:
    rules = rules_for(start_score=15)
    tie = _game(
        *[("9H", "H", (3, 2, 0, 0), 0, (2, 3))] * 3,  # Ann 15 - 9 = 6, Bob 15 - 6 = 9
        ("9H", "H", (2, 3, 0, 0), 1, (2, 3)),  # Ann 4, Bob 6
        ("9H", "H", (2, 3, 0, 0), 1, (2, 3)),  # Ann 2, Bob 3
        ("9H", "H", (2, 3, 0, 0), 1, (2, 3)),  # Ann 0, Bob 0
    )
    assert rules.outcome(replay(rules, tie[:-2]).state) is None
    state = replay(rules, tie).state
    assert rules.scores(state) == (0, 0, 15, 15)
    assert rules.outcome(state) == Outcome("reached-zero", (0, 1))
    assert rules.prompt(state) == "Game over: tie between Ann and Bob."


def test_further_below_zero_wins() -> None:
    """Both reach 0 or less on the same hand: the lower total wins (source, last paragraph)."""
    rules = rules_for(start_score=15)
    events = _game(
        ("9H", "H", (1, 3, 1, 0), 1, (3,)),  # 14 12 14 15
        ("10C", "C", (2, 2, 1, 0), None, ()),  # 12 10 13 20
        ("AS", "S", (4, 1, 0, 0), 0, (2, 3)),  # 8 9 13 20
        ("KD", "D", (1, 4, 0, 0), 1, (2, 3)),  # 7 5 13 20
        ("9S", "none", (2, 2, 1, 0), None, ()),  # 5 3 12 25
        ("QH", "H", (3, 2, 0, 0), 0, (2, 3)),  # 2 1 12 25
        ("JC", "C", (2, 2, 1, 0), None, ()),  # 0 -1 11 30
    )
    state = replay(rules, events).state
    assert rules.scores(state) == (0, -1, 11, 30)
    assert rules.outcome(state) == Outcome("reached-zero", (1,))


def test_all_five_tricks_wins_even_when_not_lowest() -> None:
    """Rulings 8.2.6.1 and 8.3.6: the sweep wins regardless of the totals."""
    rules = rules_for()
    events = _game(("QD", "D", (1, 3, 0, 1), 1, (2,)), ("AH", "H", (5, 0, 0, 0), 0, (1, 3)))
    state = replay(rules, events).state
    assert rules.scores(state) == (24, 22, 25, 24)
    assert rules.outcome(state) == Outcome("all-five-tricks", (0,))
    assert rules.hands(state)[-1].points == (0, 0, 0, 0)


def test_everyone_else_dropping_hands_the_declarer_the_game() -> None:
    rules = rules_for()
    state = replay(rules, [deal(ANN, "AH"), bid(BOB, "order-up"), drops(CAT, DAN, ANN)]).state
    assert rules.outcome(state) == Outcome("all-five-tricks", (1,))
    assert "Bob took all five tricks" in rules.hands(state)[0].lines[0][0].label


def test_the_deal_passes_left() -> None:
    rules = rules_for()
    state = replay(rules, [deal(DAN, "9C"), result("C", (2, 1, 1, 1))]).state
    assert rules.dealer(state) == ANN
    assert rules.to_act(state) == ANN
    assert rules.prompt(state) == "Ann deals hand 2."
    assert rules.prompt(rules.initial_state()) == "Who deals hand 1? Record the deal."


# --- phases, prompts and the screen -----------------------------------------------------------


def test_bidding_round_one_round_two_and_no_trump() -> None:
    rules = rules_for()
    events: list[Event] = [deal(ANN, "KH")]
    state = state_after(events)
    assert rules.expects(state) == {"bid", "result"}
    assert rules.to_act(state) == BOB
    assert rules.prompt(state) == (
        "Bob orders up K♥ or passes. Or record the whole hand at once (quick entry)."
    )
    events += passes(1, 3)
    state = state_after(events)
    assert rules.expects(state) == {"bid"}
    assert rules.prompt(state) == "Ann (dealer) takes up K♥ or turns it down."
    assert ("Bids", "Bob pass, Cat pass, Dan pass") in rules.info(state)
    events += passes(0, 1)
    state = state_after(events)
    assert rules.prompt(state) == "K♥ was turned down: Bob names another suit or passes."
    events += passes(1, 4)
    state = state_after(events)
    assert state.hand is not None and state.hand.how == "none" and state.hand.trump is None
    assert rules.expects(state) == {"trick"}
    assert rules.prompt(state) == "Bob leads trick 1 of 5."
    info = dict(rules.info(state))
    assert info["Trump"] == "none (everyone passed twice)"
    assert info["Upcard"] == "K♥ — out of play"
    assert "Declarer" not in info and "Dropped" not in info


def test_dealer_takes_it_up_and_is_declarer() -> None:
    rules = rules_for()
    state = state_after([deal(ANN, "KH"), *passes(1, 3), bid(ANN, "order-up")])
    assert state.hand is not None and state.hand.declarer == ANN
    assert rules.expects(state) == {"drops"}
    assert rules.to_act(state) == BOB
    assert rules.prompt(state) == "Who drops out? Bob decides first, then clockwise."
    info = dict(rules.info(state))
    assert info["Trump"] == "♥ Hearts, taken up by the dealer, Ann"
    assert info["Upcard"] == "K♥ — taken up by the dealer"
    assert info["Declarer"] == "Ann: 0 of the 3 tricks needed"


def test_round_two_names_a_suit() -> None:
    rules = rules_for()
    state = state_after([deal(ANN, "KH"), *passes(1, 5), bid(CAT, "s")])
    assert state.hand is not None
    assert (state.hand.trump, state.hand.declarer, state.hand.how) == (Suit.SPADES, CAT, "named")
    assert dict(rules.info(state))["Trump"] == "♠ Spades, named in round 2 by Cat"


def test_screen_during_play_shows_declarer_progress_drops_leader_and_distance() -> None:
    rules = rules_for()
    state = state_after(ORDERED_HAND[:6])
    assert dict(rules.info(state)) == {
        "Hand": "1",
        "Dealer": "Ann",
        "Upcard": "9♥ — taken up by the dealer",
        "Trump": "♥ Hearts, ordered up by Cat",
        "Declarer": "Cat: 2 of the 3 tricks needed",
        "Dropped": "Dan",
        "Leads": "Cat",
        "Tricks": "Ann 0 · Bob 0 · Cat 2",
        "To reach 0": "Ann 25 · Bob 25 · Cat 25 · Dan 25",
    }
    assert rules.prompt(state) == "Cat leads trick 3 of 5."
    after = state_after(ORDERED_HAND)
    assert dict(rules.info(after)) == {
        "Next dealer": "Bob",
        "To reach 0": "Ann 24 · Bob 30 · Cat 21 · Dan 25",
    }


def test_dirty_clubs_skips_bidding_and_drops() -> None:
    rules = rules_for()
    state = state_after([deal(ANN, "9C")])
    assert state.hand is not None and state.hand.how == "clubs" and state.hand.declarer is None
    assert rules.expects(state) == {"trick", "result"}
    assert rules.prompt(state) == (
        "Bob leads trick 1 of 5. Or record the whole hand at once (quick entry)."
    )
    assert dict(rules.info(state))["Trump"] == "♣ Clubs, turned up (dirty clubs)"
    assert dict(rules.info(state))["Upcard"] == "9♣ — out of play"
    picked = rules_for(dirty_clubs_pickup=True)
    assert dict(picked.info(replay(picked, [deal(ANN, "9C")]).state))["Upcard"] == (
        "9♣ — taken up by the dealer"
    )


def test_first_leader_skips_dropped_players() -> None:
    """Ruling 8.3.4: Bob sits left of the dealer but dropped, so Cat leads."""
    rules = rules_for()
    state = state_after([deal(ANN, "10D"), bid(BOB, "pass"), bid(CAT, "order-up"), drops(BOB)])
    assert rules.to_act(state) == CAT
    state = state_after([deal(ANN, "10D"), bid(BOB, "pass"), bid(CAT, "order-up"), drops(BOB, DAN)])
    assert rules.prompt(state) == "Cat leads trick 1 of 5."


def test_upcard_unknown_allows_quick_entry_only() -> None:
    rules = rules_for()
    state = state_after([deal(ANN)])
    assert rules.expects(state) == {"result"}
    assert rules.to_act(state) is None
    assert "was not noted" in rules.prompt(state)


# --- every violation code ---------------------------------------------------------------------

TEN_D_ORDERED: list[Event] = [deal(ANN, "10D"), bid(BOB, "order-up"), drops()]

REFUSED = [
    # id, events, index refused, code
    ("out-of-order-before-deal", [bid(BOB, "pass")], 0, "out-of-order"),
    ("out-of-order-trick-in-bidding", [deal(ANN, "10D"), trick("AS KS QS 9S")], 1, "out-of-order"),
    (
        "out-of-order-result-after-bid",
        [deal(ANN, "10D"), bid(BOB, "pass"), result("none", (1, 1, 2, 1))],
        2,
        "out-of-order",
    ),
    (
        "game-over",
        [deal(ANN, "10H"), result("H", (0, 0, 5, 0), 1), deal(BOB, "9S")],
        2,
        "game-over",
    ),
    (
        "wrong-dealer",
        [deal(ANN, "9C"), result("C", (2, 0, 2, 1)), deal(CAT, "9H")],
        2,
        "wrong-dealer",
    ),
    ("not-in-deck-upcard", [deal(ANN, "8S")], 0, "not-in-deck"),
    ("not-in-deck-trick", [deal(ANN, "9C"), trick("AH 9H 10H 7H")], 1, "not-in-deck"),
    ("no-bidding", [deal(ANN, "9C"), bid(BOB, "pass")], 1, "no-bidding"),
    ("upcard-unknown", [deal(ANN), bid(BOB, "pass")], 1, "upcard-unknown"),
    ("out-of-turn", [deal(ANN, "10D"), bid(CAT, "pass")], 1, "out-of-turn"),
    ("bad-call-round-1-suit", [deal(ANN, "10D"), bid(BOB, "S")], 1, "bad-call"),
    (
        "bad-call-round-2-order-up",
        [deal(ANN, "10D"), *passes(1, 4), bid(BOB, "order-up")],
        5,
        "bad-call",
    ),
    ("bad-call-nonsense", [deal(ANN, "10D"), bid(BOB, "maybe")], 1, "bad-call"),
    ("named-upcard-suit", [deal(ANN, "10D"), *passes(1, 4), bid(BOB, "D")], 5, "named-upcard-suit"),
    ("declarer-drop", [deal(ANN, "10D"), bid(BOB, "order-up"), drops(BOB)], 2, "declarer-drop"),
    ("bad-drops", [deal(ANN, "10D"), bid(BOB, "order-up"), drops(CAT, CAT)], 2, "bad-drops"),
    ("no-drops-dirty-clubs", [deal(ANN, "9C"), drops(BOB)], 1, "no-drops"),
    ("no-drops-no-trump", [deal(ANN, "10D"), *passes(1, 8), drops(BOB)], 9, "no-drops"),
    (
        "no-drops-quick-no-trump",
        [deal(ANN, "10D"), result("none", (0, 1, 3, 1), dropped=(0,))],
        1,
        "no-drops",
    ),
    ("bad-trump", [deal(ANN, "10D"), result("X", (1, 1, 2, 1), BOB)], 1, "bad-trump"),
    ("bad-how", [deal(ANN), result("H", (1, 1, 2, 1), BOB, how="sideways")], 1, "bad-how"),
    ("trump-mismatch-clubs", [deal(ANN, "9C"), result("H", (1, 1, 2, 1))], 1, "trump-mismatch"),
    (
        "trump-mismatch-none",
        [deal(ANN), result("H", (1, 1, 2, 1), BOB, how="none")],
        1,
        "trump-mismatch",
    ),
    ("no-declarer-clubs", [deal(ANN, "9C"), result("C", (1, 1, 2, 1), BOB)], 1, "no-declarer"),
    (
        "no-declarer-no-trump",
        [deal(ANN, "10D"), result("none", (1, 1, 2, 1), BOB)],
        1,
        "no-declarer",
    ),
    ("declarer-missing", [deal(ANN, "10D"), result("D", (1, 1, 2, 1))], 1, "declarer-missing"),
    (
        "declarer-missing-unknown-upcard",
        [deal(ANN), result("H", (1, 1, 2, 1))],
        1,
        "declarer-missing",
    ),
    (
        "how-mismatch",
        [deal(ANN, "10H"), result("S", (2, 1, 1, 1), BOB, how="ordered")],
        1,
        "how-mismatch",
    ),
    (
        "how-named-upcard-suit",
        [deal(ANN, "10H"), result("H", (2, 1, 1, 1), BOB, how="named")],
        1,
        "named-upcard-suit",
    ),
    ("tricks-range", [deal(ANN, "10D"), result("D", (6, 0, 0, -1), BOB)], 1, "tricks-range"),
    ("tricks-total", [deal(ANN, "10D"), result("D", (2, 2, 1, 1), BOB)], 1, "tricks-total"),
    (
        "dropped-tricks",
        [deal(ANN, "10D"), result("D", (2, 1, 0, 2), DAN, dropped=(1,))],
        1,
        "dropped-tricks",
    ),
    (
        "quick-declarer-drop",
        [deal(ANN, "10D"), result("D", (2, 0, 0, 3), BOB, dropped=(1,))],
        1,
        "declarer-drop",
    ),
    ("wrong-leader", [deal(ANN, "9C"), trick("AH 9H 10H JH", leader=CAT)], 1, "wrong-leader"),
    ("trick-size", [*TEN_D_ORDERED[:2], drops(CAT), trick("AS KS QS 9S")], 3, "trick-size"),
    ("card-twice", [deal(ANN, "9C"), trick("AH 9H 10H JH"), trick("AH KS QS 9S")], 2, "card-twice"),
    ("card-twice-in-one-trick", [deal(ANN, "9C"), trick("AH AH 10H JH")], 1, "card-twice"),
    (
        "upcard-turned-down",
        [deal(ANN, "10D"), *passes(1, 4), bid(BOB, "S"), drops(), trick("AS 10D KS QS")],
        7,
        "upcard-out-of-play",
    ),
    ("upcard-clubs-default", [deal(ANN, "9C"), trick("AH 9H 10H 9C")], 1, "upcard-out-of-play"),
    (
        "upcard-dealer-dropped",
        [deal(ANN, "10D"), bid(BOB, "order-up"), drops(ANN), trick("AS KS 10D")],
        3,
        "upcard-out-of-play",
    ),
    ("upcard-not-dealer", [*TEN_D_ORDERED, trick("10D 9D QD KD")], 3, "upcard-not-dealer"),
]


@pytest.mark.parametrize(
    ("events", "index", "code"), [pytest.param(*row[1:], id=row[0]) for row in REFUSED]
)
def test_refused_entries(events: list[Event], index: int, code: str) -> None:
    got_index, got_code, message = refusal(events)
    assert (got_index, got_code) == (index, code)
    assert_sentence(message)


MESSAGES = [
    ("declarer-drop", "Bob chose trump and must play the hand: the declarer cannot drop out."),
    ("out-of-turn", "It is Bob's turn to bid (clockwise from the dealer's left), not Cat's."),
    (
        "named-upcard-suit",
        "10♦ was turned down, so Bob cannot name ♦ Diamonds: round 2 names another suit.",
    ),
    ("tricks-total", "The players still in took 6 tricks in all, but a hand has exactly 5."),
    ("dropped-tricks", "Bob dropped out and plays no card, so cannot take 1 trick."),
    (
        "trick-size",
        "This trick needs 3 cards, one from each player still in (Bob, Dan, Ann; Cat dropped "
        "out); 4 were given.",
    ),
    ("upcard-not-dealer", "10♦ was taken up by the dealer, Ann, so Bob cannot have played it."),
    (
        "upcard-turned-down",
        "10♦ was turned down by the dealer, so it is out of play this hand.",
    ),
    (
        "upcard-clubs-default",
        "9♣ stays on the pack (the dealer does not take up a turned club), so it is out of play "
        "this hand.",
    ),
    ("not-in-deck-upcard", "8♠ is not in the Buck Euchre pack (A K Q J 10 9 of each suit)."),
    (
        "no-drops-dirty-clubs",
        "Nobody may drop out when a club is turned up: everyone plays the hand.",
    ),
]


@pytest.mark.parametrize(("case", "message"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_messages_name_the_player_the_card_and_the_rule(case: str, message: str) -> None:
    events = next(row[1] for row in REFUSED if row[0] == case)
    assert refusal(events)[2] == message


def test_every_refusal_links_a_rule_anchor_when_it_has_one() -> None:
    anchors = {"bidding", "dirty-clubs", "no-trump", "dropping", "play", "scoring", "deal", "cards"}
    for row in REFUSED:
        with pytest.raises(IllegalEventError) as info:
            replay(rules_for(), row[1])
        for v in info.value.violations:
            assert v.severity is Severity.ERROR
            assert v.rule in anchors | {""}, (row[0], v.rule)


def test_upcard_may_be_played_by_the_dealer_who_took_it_up() -> None:
    state = state_after([*TEN_D_ORDERED, trick("9D QD KD 10D")])  # Bob Cat Dan Ann
    assert state.hand is not None and state.hand.tricks[0].winner == DAN
    # A turned club under the pick-up house rule belongs to the dealer too.
    state = state_after([deal(ANN, "9C"), trick("AH 9H 10H 9C")], dirty_clubs_pickup=True)
    assert state.hand is not None and state.hand.tricks[0].winner == ANN


# --- revokes ----------------------------------------------------------------------------------

# Ann took up 9♦ (diamonds trump; J♥ is the left bower). Trick 1 and 2: trump led, Ann plays
# hearts although she holds 9♦ and J♥. Her J♥ in trick 4 proves both at once: two revokes.
REVOKES: list[Event] = [
    deal(ANN, "9D"),
    bid(BOB, "order-up"),
    drops(),
    trick("JD 10D QD QH"),
    trick("AD 9C 10S 10H"),
    trick("KS 9S AS JC"),
    trick("KC JH AC KH"),
    trick("9D QS AH QC"),
]


def test_each_revoke_is_flagged_when_proven_even_twice_in_one_suit() -> None:
    rules = rules_for()
    result_ = replay(rules, REVOKES)
    # Ann, the dealer, took up the 9♦ (ordered up): it is in her hand until she plays it in
    # trick 5 (ruling 8), so each failure to follow diamonds is proven with its own trick.
    assert [(i, v.code, v.severity) for i, v in result_.flagged] == [
        (3, "revoke", Severity.IRREGULARITY),
        (4, "revoke", Severity.IRREGULARITY),
    ]
    assert [v.message for _, v in result_.flagged] == [
        "Revoke by Ann: no diamond in trick 1 although 9♦, which they took face up, was still "
        "in hand.",
        "Revoke by Ann: no diamond in trick 2 although 9♦, which they took face up, was still "
        "in hand.",
    ]
    assert all(v.rule == "follow-suit" for _, v in result_.flagged)
    # Recorded: the hand is scored (Bob 2 tricks as declarer: euchred).
    assert rules.hands(result_.state)[0].points == (-2, 5, 5, -1)


def test_playing_the_left_bower_on_its_own_suit_is_not_following() -> None:
    events: list[Event] = [
        deal(BOB, "10S"),
        bid(CAT, "order-up"),
        drops(DAN),
        trick("KH QH AH"),
        trick("KC QD JC"),  # Ann holds A♣ 9♣ but plays J♣, a spade this hand
        trick("AC 10C AD"),
    ]
    flagged = replay(rules_for(), events).flagged
    assert [(i, v.code) for i, v in flagged] == [(5, "revoke")]
    assert flagged[0][1].message == (
        "Revoke by Ann: no club in trick 2 although A♣ was still in hand (played in trick 3); "
        "J♣, played there, is the left bower, a trump."
    )


def test_left_bower_played_on_a_lead_of_its_printed_suit_is_a_revoke() -> None:
    """Hearts trump: Dan plays J♦ (a heart) on Bob's A♦ lead while holding K♦ and Q♦."""
    rules = rules_for()
    events: list[Event] = [
        deal(ANN, "9H"),
        *passes(1, 3),
        bid(ANN, "order-up"),
        drops(CAT),
        trick("AD JD 10D"),  # Bob, Dan, Ann: Dan's left bower wins
        trick("KS 9S QS"),
        trick("KD JH 10S"),  # Dan leads K♦: he had diamonds in trick 1
        trick("AC 9C QD"),
        trick("9H QH AH"),
    ]
    result_ = replay(rules, events)
    assert [(i, v.code) for i, v in result_.flagged] == [(8, "revoke")]
    assert result_.flagged[0][1].message == (
        "Revoke by Dan: no diamond in trick 1 although K♦ was still in hand (played in trick 3); "
        "J♦, played there, is the left bower, a trump."
    )
    # Ann, declarer with 2 tricks: +5. Dan 3 tricks: -3. Bob none: +5. Cat dropped.
    assert rules.hands(result_.state)[0].points == (5, 5, 0, -3)


def test_leading_the_left_bower_is_a_trump_lead() -> None:
    events: list[Event] = [deal(ANN, "9H"), bid(BOB, "order-up"), drops(DAN)]
    events += [trick("JD AD KD")]  # Bob leads J♦ (trump); Cat and Ann play diamonds
    state = replay(rules_for(), events).state
    assert state.hand is not None
    assert state.hand.tricks[0].lead is Suit.HEARTS
    assert state.hand.tricks[0].winner == BOB


def test_legal_hands_are_not_flagged() -> None:
    assert replay(rules_for(), ORDERED_HAND).flagged == ()


# --- events and logs --------------------------------------------------------------------------

ALL_EVENTS: list[Event] = [
    deal(ANN, "9H"),
    deal(ANN),
    bid(BOB, "order-up"),
    bid(BOB, "S"),
    drops(),
    drops(CAT, DAN),
    result("H", (1, 0, 4, 0), declarer=CAT, dropped=(DAN,)),
    result("C", (1, 1, 2, 1), how="clubs"),
    trick("AS JH KS"),
    trick("AS JH KS", leader=BOB),
    Void(target=3),
]


@pytest.mark.parametrize("event", ALL_EVENTS, ids=lambda e: e.kind)
def test_json_round_trip_in_both_forms(event: Event) -> None:
    rules = rules_for()
    stored = json.loads(json.dumps(to_dict(event)))
    assert rules.event_from_dict(stored) == event
    by_name = json.loads(json.dumps(to_dict(event, NAMES)))
    assert rules.event_from_dict(by_name, by_name=True) == event


def test_log_form_names_players() -> None:
    assert to_dict(drops(CAT, DAN), NAMES) == {"type": "drops", "dropped": ["Cat", "Dan"]}
    assert to_dict(result("H", (1, 0, 4, 0), CAT, (DAN,)), NAMES) == {
        "type": "result",
        "trump": "H",
        "declarer": "Cat",
        "dropped": ["Dan"],
        "tricks": {"Ann": 1, "Bob": 0, "Cat": 4, "Dan": 0},
        "how": "",
    }


def test_unknown_event_kind_is_refused() -> None:
    from companion.games.recruit.game import Piles

    state = state_after([deal(ANN, "9C")])
    problems = rules_for().violations(state, Piles(piles=()))
    assert [p.code for p in problems] == ["out-of-order"]


def test_cards_used_in_this_file_exist() -> None:
    for events in (ORDERED_HAND, REVOKES):
        for e in events:
            for card in getattr(e, "cards", ()):
                assert isinstance(card, Card) and card in buck_euchre_play.DECK


# --- worked examples for the rules page -------------------------------------------------------


@pytest.mark.parametrize(
    "example", buck_euchre_examples.EXAMPLES, ids=lambda e: e.title.lower().replace(" ", "-")
)
def test_worked_examples_score_as_worked_out_by_hand(
    example: buck_euchre_examples.WorkedExample,
) -> None:
    points, lines = buck_euchre_examples.example_points(example)
    assert points == example.expected
    assert lines and sum(p for _, p in lines) == points
    assert sum(example.tricks) == 5
    assert all(example.tricks[s] == 0 for s in example.dropped)
