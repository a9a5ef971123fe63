"""Belote (shared/rules/belote/source.txt, with the rulings in rulings.md winning)."""

from __future__ import annotations

import dataclasses
import doctest
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.games.belote import cards as belote_cards
from companion.games.belote import examples as belote_examples
from companion.games.belote import game as belote
from companion.games.belote import score as belote_score
from companion.games.belote.cards import (
    POSSIBLE_CARD_POINTS,
    Meld,
    best_team,
    classify,
    duties,
    strength,
    trick_points,
    trick_winner,
)
from companion.games.belote.events import (
    BeloteCall,
    BeloteState,
    Bid,
    Deal,
    Declare,
    Declared,
    Redeal,
    Result,
    Trick,
)
from companion.games.belote.game import Belote
from companion.games.belote.score import BeloteOptions, HandFacts, score_hand
from companion.rules import IllegalEventError, Severity, replay
from companion.rules.cards import Card, Suit, parse_card, parse_cards
from companion.rules.events import Event, Seat

NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN, BOB, CAT, DAN = range(4)
ROOT = Path(__file__).resolve().parents[2]

# The hand of docs/examples/belote/made-contract.json: Dan deals, 7♥ turned, Cat takes hearts.
MADE = ("AD 9D 8D QD", "10D QH 9H KD", "JH 8H KH 10H", "7H 7C AH 8S",
        "7D JS KC JD", "10C 9C AC QC", "KS AS 9S 7S", "10S JC 8C QS")  # fmt: skip


def rules_for(**options: Any) -> Belote:
    return Belote(4, options, NAMES)


def deal(dealer: int = DAN, upcard: str | None = "7H") -> Deal:
    return Deal(dealer=Seat(dealer), upcard=parse_card(upcard) if upcard else None)


def bid(seat: int, call: str) -> Bid:
    return Bid(seat=Seat(seat), call=call)


def trick(cards: str) -> Trick:
    return Trick(cards=parse_cards(cards))


def declare(seat: int, cards: str) -> Declare:
    return Declare(seat=Seat(seat), cards=parse_cards(cards))


def result(taker: int, trump: str, points: int, **fields: Any) -> Result:
    decl = tuple(Declared(seat=Seat(s), cards=parse_cards(c)) for s, c in fields.pop("decl", ()))
    return Result(taker=Seat(taker), trump=trump, taker_points=points, declarations=decl, **fields)


def cat_takes() -> list[Event]:
    return [deal(), bid(ANN, "pass"), bid(BOB, "pass"), bid(CAT, "take")]


def state_after(rules: Belote, events: Sequence[Event]) -> BeloteState:
    return replay(rules, events).state


def refused(rules: Belote, events: Sequence[Event]) -> list[str]:
    """The codes of the errors raised by the last event."""
    with pytest.raises(IllegalEventError) as info:
        replay(rules, events)
    assert info.value.index == len(events) - 1
    for v in info.value.violations:
        assert v.message[:1].isupper() or v.message[:1].isdigit() or v.message[0] in "'", v
        assert v.message.endswith("."), v.message
    return [v.code for v in info.value.violations]


def flags(rules: Belote, events: Sequence[Event]) -> list[tuple[int, str]]:
    return [(i, v.code) for i, v in replay(rules, events).flagged]


# --- doctests, options, registry --------------------------------------------------------------


@pytest.mark.parametrize(
    "module", [belote, belote_cards, belote_score, belote_examples], ids=lambda m: m.__name__
)
def test_module_doctests(module: Any) -> None:
    found = doctest.testmod(module)
    assert found.failed == 0
    assert found.attempted > 0


def test_every_option_has_choices_with_the_default_first() -> None:
    defaults = BeloteOptions()
    names = {o.name for o in Belote.option_info}
    assert names == {f.name for f in dataclasses.fields(BeloteOptions)}
    for option in Belote.option_info:
        assert option.choices, option.name
        assert option.choices[0][0] == getattr(defaults, option.name), option.name


def test_four_players_only_and_fixed_partnerships() -> None:
    rules = rules_for()
    assert rules.teams() == ((0, 2), (1, 3))
    assert rules.column_names() == ("Ann & Cat", "Bob & Dan")
    assert Belote.scores_by_team
    with pytest.raises(ValueError, match="played by 4 players, not"):
        Belote(3, names=NAMES[:3])


def test_there_are_goldens_and_examples() -> None:
    assert len(list((ROOT / "tests/rules/playthroughs/belote").glob("*.json"))) >= 10
    examples = [
        p for p in (ROOT / "docs/examples/belote").glob("*.json") if "expected" not in p.name
    ]
    assert {p.stem for p in examples} >= {
        "made-contract",
        "failed-with-declarations",
        "capot",
        "redeal",
        "game-to-1000",
    }


@pytest.mark.parametrize("ex", belote_examples.EXAMPLES, ids=lambda e: e.title)
def test_worked_examples_score_as_worked_out_by_hand(ex: belote_examples.WorkedExample) -> None:
    points, lines = belote_examples.example_points(ex)
    assert points == ex.expected
    assert sum(p for _, p in lines) == points


# --- cards ------------------------------------------------------------------------------------


def test_orders_with_the_erratum() -> None:
    plain = sorted(parse_cards("AS KS QS JS 10S 9S 8S 7S"), key=lambda c: -strength(c, Suit.HEARTS))
    assert [str(c) for c in plain] == ["AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S"]
    trump = sorted(parse_cards("AH KH QH JH 10H 9H 8H 7H"), key=lambda c: -strength(c, Suit.HEARTS))
    assert [str(c) for c in trump] == ["JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H"]


def test_card_points_total_152_and_no_1() -> None:
    assert trick_points(belote_cards.DECK, Suit.CLUBS) == 152
    assert 1 not in POSSIBLE_CARD_POINTS and 151 not in POSSIBLE_CARD_POINTS
    assert set(range(152 + 1)) - POSSIBLE_CARD_POINTS == {1, 151}


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        ("AS 10S 7H KS", "H", 2),  # a small trump beats the led ace
        ("AS 10S KS QS", "H", 0),  # plain order: A over 10
        ("10S KS QS JS", "H", 0),  # 10 over K
        ("QS JS 9S 8S", "H", 0),  # J below Q in a plain suit (the erratum)
        ("9H JH AH 10H", "H", 1),  # trump J over 9 over A
        ("7D AS AC AH", "S", 1),  # off-suit aces do nothing, the trump ace wins
    ],
)
def test_trick_winner(cards: str, trump: str, winner: int) -> None:
    assert trick_winner(parse_cards(cards), Suit(trump)) == winner


# --- declarations -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "value", "name"),
    [
        ("JS JH JD JC", 200, "carré of jacks"),
        ("9S 9H 9D 9C", 150, "carré of nines"),
        ("AS AH AD AC", 100, "carré of aces"),
        ("QS QH QD QC", 100, "carré of queens"),
        ("KH QH JH", 20, "tierce K♥ high"),
        ("10C 9C 8C 7C", 50, "quarte 10♣ high"),
        ("AD KD QD JD 10D", 100, "quinte A♦ high"),
        ("AD KD QD JD 10D 9D 8D 7D", 100, "sequence of 8 A♦ high"),
    ],
)
def test_classify(cards: str, value: int, name: str) -> None:
    meld = classify(parse_cards(cards), Suit.SPADES)
    assert isinstance(meld, Meld)
    assert (meld.value, meld.name) == (value, name)


@pytest.mark.parametrize("cards", ["8S 8H 8D 8C", "7S 7H 7D 7C", "KH QH 10H", "KH QS JH", "KH QH"])
def test_not_declarations(cards: str) -> None:
    assert isinstance(classify(parse_cards(cards), Suit.SPADES), str)


def _best(
    melds: Sequence[tuple[int, str]], trump: str = "C", equal: str = "priority"
) -> int | None:
    found = [(s, classify(parse_cards(c), Suit(trump))) for s, c in melds]
    valid = [(s, m) for s, m in found if isinstance(m, Meld)]
    order = belote_score.turn_order(DAN, "left")
    return best_team(valid, order.index, equal)


@pytest.mark.parametrize(
    ("melds", "trump", "equal", "team"),
    [
        pytest.param([(ANN, "QS QH QD QC"), (BOB, "AH KH QH JH 10H 9H")], "C", "priority", 0,
                     id="carre-beats-longer-100-sequence"),
        pytest.param([(ANN, "KS QS JS 10S 9S 8S"), (BOB, "AH KH QH JH 10H")], "C", "priority", 0,
                     id="six-beats-five"),
        pytest.param([(ANN, "AS KS QS"), (BOB, "10H 9H 8H 7H")], "C", "priority", 1,
                     id="quarte-beats-tierce"),
        pytest.param([(ANN, "KS QS JS"), (BOB, "AH KH QH")], "C", "priority", 1,
                     id="higher-top-card"),
        pytest.param([(ANN, "KS QS JS"), (BOB, "KH QH JH")], "H", "priority", 1,
                     id="trump-sequence-wins-a-tie"),
        pytest.param([(CAT, "KS QS JS"), (BOB, "KH QH JH")], "C", "priority", 1,
                     id="priority-to-the-earlier-player"),
        pytest.param([(ANN, "KS QS JS"), (DAN, "KH QH JH")], "C", "priority", 0,
                     id="priority-ann-speaks-first"),
        pytest.param([(CAT, "KS QS JS"), (BOB, "KH QH JH")], "C", "cancel", None,
                     id="equal-sequences-cancel"),
        pytest.param([(ANN, "JS JH JD JC"), (BOB, "9S 9H 9D 9C")], "C", "priority", 0,
                     id="jacks-beat-nines"),
        pytest.param([(ANN, "AS AH AD AC"), (BOB, "KS KH KD KC")], "C", "priority", 0,
                     id="aces-beat-kings"),
        pytest.param([(ANN, "10S 10H 10D 10C"), (BOB, "KS KH KD KC")], "C", "priority", 0,
                     id="tens-beat-kings"),
        pytest.param([], "C", "priority", None, id="nobody"),
    ],
)  # fmt: skip
def test_declaration_comparison(
    melds: list[tuple[int, str]], trump: str, equal: str, team: int | None
) -> None:
    assert _best(melds, trump, equal) == team


# --- scoring tables ---------------------------------------------------------------------------


def facts(
    taker: int,
    points: tuple[int, int],
    *,
    trump: str = "H",
    capot: int | None = None,
    melds: Sequence[tuple[int, str]] = (),
    belote_seat: int | None = None,
) -> HandFacts:
    return HandFacts(
        taker=taker,
        trump=Suit(trump),
        points=points,
        all_tricks=capot,
        melds=tuple((s, parse_cards(c)) for s, c in melds),
        belote=belote_seat,
        dealer=DAN,
    )


# (facts, options, expected points per team (Ann & Cat, Bob & Dan), result), worked out by hand.
SCORING = [
    pytest.param(facts(ANN, (92, 70)), {}, (90, 70), "made", id="made-rounded"),
    pytest.param(facts(ANN, (82, 80)), {}, (80, 80), "made", id="82-is-enough"),
    pytest.param(facts(BOB, (85, 77)), {}, (160, 0), "failed", id="failed-bob-side-77"),
    pytest.param(facts(ANN, (81, 81)), {}, (0, 160), "failed", id="tie-fails"),
    pytest.param(facts(ANN, (81, 81)), {"ties": "litige"}, (0, 80), "litige", id="litige"),
    pytest.param(facts(ANN, (162, 0), capot=0), {}, (250, 0), "capot", id="capot-252"),
    pytest.param(facts(ANN, (162, 0), capot=0), {"rounding": "none"}, (252, 0), "capot",
                 id="capot-252-unrounded"),
    pytest.param(facts(ANN, (162, 0), capot=0), {"capot": 250, "rounding": "none"}, (250, 0),
                 "capot", id="capot-250"),
    pytest.param(facts(ANN, (162, 0)), {}, (160, 0), "made", id="162-without-capot"),
    pytest.param(facts(ANN, (0, 162), capot=1), {}, (0, 250), "failed", id="defenders-capot"),
    pytest.param(facts(ANN, (0, 162), capot=1), {"rounding": "none"}, (0, 252), "failed",
                 id="defenders-capot-unrounded"),
    pytest.param(facts(ANN, (100, 62), melds=[(CAT, "KD QD JD")], belote_seat=ANN), {},
                 (140, 60), "made", id="made-with-tierce-and-belote"),
    pytest.param(facts(ANN, (70, 92), melds=[(CAT, "KD QD JD")], belote_seat=ANN), {},
                 (20, 180), "failed", id="failed-tierce-transferred-belote-kept"),
    pytest.param(facts(ANN, (70, 92), melds=[(CAT, "KD QD JD")], belote_seat=ANN),
                 {"belote_on_failure": "transferred"}, (0, 200), "failed",
                 id="failed-belote-transferred"),
    pytest.param(facts(ANN, (70, 92), melds=[(CAT, "KD QD JD"), (BOB, "AC KC QC JC")]), {},
                 (0, 210), "failed", id="failed-defenders-best-declaration"),
    pytest.param(facts(ANN, (76, 86), melds=[(CAT, "AD KD QD JD 10D")]),
                 {"contract": "with-declarations"}, (180, 90), "made",
                 id="declarations-make-the-contract"),
    pytest.param(facts(ANN, (90, 72), melds=[(BOB, "AD KD QD JD 10D")]),
                 {"contract": "with-declarations"}, (0, 260), "failed",
                 id="defenders-declarations-break-the-contract"),
    pytest.param(facts(ANN, (81, 81), belote_seat=BOB), {"contract": "with-declarations"},
                 (0, 180), "failed", id="belote-counts-in-the-test"),
    pytest.param(facts(ANN, (162, 0), capot=0, melds=[(BOB, "JS JH JD JC"), (CAT, "AD KD QD")],
                       belote_seat=DAN), {}, (250, 20), "capot",
                 id="no-trick-team-keeps-belote-only"),
    pytest.param(facts(ANN, (86, 76)), {"rounding": "seven-up"}, (80, 70), "made",
                 id="seven-up"),
    pytest.param(facts(ANN, (87, 75)), {"rounding": "seven-up"}, (90, 70), "made",
                 id="seven-up-7-and-5"),
    pytest.param(facts(ANN, (86, 76)), {"rounding": "complement"}, (90, 70), "made",
                 id="complement"),
    pytest.param(facts(BOB, (76, 86)), {"rounding": "complement"}, (70, 90), "made",
                 id="complement-bob-takes"),
    pytest.param(facts(ANN, (85, 77)), {}, (90, 80), "made", id="half-up-5"),
    pytest.param(facts(ANN, (85, 77), belote_seat=CAT), {"declarations": "none"}, (90, 80), "made",
                 id="no-declarations-no-belote"),
    pytest.param(facts(ANN, (85, 77), melds=[(CAT, "AD KD QD")], belote_seat=CAT),
                 {"declarations": "belote"}, (110, 80), "made", id="belote-only"),
    pytest.param(facts(ANN, (90, 72), melds=[(CAT, "KS QS JS"), (BOB, "KH QH JH")], trump="C"),
                 {}, (90, 90), "made", id="equal-sequences-bob-first"),
    pytest.param(facts(ANN, (90, 72), melds=[(CAT, "KS QS JS"), (BOB, "KH QH JH")], trump="C"),
                 {"equal_sequences": "cancel"}, (90, 70), "made", id="equal-sequences-cancel"),
    pytest.param(facts(ANN, (90, 72), melds=[(CAT, "JS JH JD JC"), (CAT, "KS QS JS")]), {},
                 (310, 70), "made", id="carre-and-sequence-both-count"),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "options", "points", "outcome"), SCORING)
def test_hand_scores(
    hand: HandFacts, options: dict[str, Any], points: tuple[int, int], outcome: str
) -> None:
    scored = score_hand(hand, BeloteOptions(**options), NAMES, pot=0)
    assert (scored.points, scored.result) == (points, outcome)
    for team, lines in enumerate(scored.lines):
        assert sum(line.points for line in lines) == scored.points[team]
        assert all(line.rule for line in lines)


def test_litige_pot_goes_to_the_next_hands_winner() -> None:
    opts = BeloteOptions(ties="litige")
    first = score_hand(facts(ANN, (81, 81), melds=[(CAT, "KD QD JD")]), opts, NAMES, pot=0)
    assert (first.points, first.pot) == ((0, 80), 100)  # 81 -> 80 and the tierce wait
    again = score_hand(facts(BOB, (81, 81)), opts, NAMES, pot=first.pot)
    assert (again.points, again.pot) == ((80, 0), 180)  # another litige adds to the wait
    then = score_hand(facts(BOB, (100, 62)), opts, NAMES, pot=again.pot)
    assert (then.points, then.pot) == ((160 + 180, 0), 0)  # Bob's side fails: Ann's side wins it


# --- play duties ------------------------------------------------------------------------------


def _duty(before: str, card: str, partner: bool, trump: str = "H", always: bool = False) -> Any:
    found = duties(
        parse_cards(before) if before else (), parse_card(card), Suit(trump), partner, always
    )
    return [(d.code, sorted(str(c) for c in d.cards)) for d in found]


def test_duties() -> None:
    spades = sorted(str(c) for c in belote_cards.suit_cards(Suit.SPADES))
    hearts = sorted(str(c) for c in belote_cards.suit_cards(Suit.HEARTS))
    assert _duty("", "AS", False) == []  # leading: anything
    assert _duty("AS", "7S", False) == []  # following: no need to beat
    assert _duty("AS", "7C", True) == [("revoke", spades)]  # partner wins: free once void
    assert _duty("AS", "7C", False) == [("revoke", spades), ("must-trump", hearts)]
    above_8 = sorted(["10H", "9H", "AH", "JH", "KH", "QH"])
    # Undertrumping an opponent's trump: only allowed without a higher trump.
    assert _duty("AS 8H", "7H", False) == [("revoke", spades), ("must-overtrump", above_8)]
    assert _duty("AS 8H", "9H", False) == [("revoke", spades)]  # overtrumped: fine
    assert _duty("AS 8H", "7H", True) == [("revoke", spades)]  # partner's trump: no duty
    assert _duty("AH", "7C", True) == [("revoke", hearts)]  # trump lead: follow with a trump
    assert _duty("AH", "7H", True) == []  # partner wins a trump lead: any trump (source)
    assert _duty("AH", "7H", True, always=True) == [("must-overtrump", ["9H", "JH"])]
    assert _duty("AH", "7H", False) == [("must-overtrump", ["9H", "JH"])]


# --- whole hands ------------------------------------------------------------------------------


def test_card_by_card_hand_names_winners_and_scores() -> None:
    rules = rules_for()
    events = [*cat_takes(), declare(BOB, "KS QS JS"), declare(DAN, "KD QD JD")]
    events += [trick(t) for t in MADE]
    state = state_after(rules, events[:-1])
    assert state.hand is not None
    assert [t.winner for t in state.hand.tricks] == [ANN, CAT, CAT, ANN, DAN, BOB, CAT]
    info = dict(rules.info(state))
    assert info["Contract"] == "Ann & Cat, ♥ (Cat, round 1)"
    assert info["Ann & Cat trick points"] == "105"
    assert info["Ann & Cat need"] == "nothing: made (105 of 82)"
    assert rules.prompt(state) == "Cat leads trick 8 of 8."
    end = state_after(rules, events)
    assert end.done[0].points == (130, 70)
    assert replay(rules, events).flagged == ()
    assert rules.prompt(end) == "Ann deals hand 2."


def test_points_still_needed_counts_known_declarations_with_the_option() -> None:
    rules = rules_for(contract="with-declarations")
    state = state_after(rules, [*cat_takes(), declare(BOB, "KS QS JS"), trick(MADE[0])])
    assert state.hand is not None
    assert rules.needed(state.hand) == 92  # (162 + 20) // 2 + 1
    assert dict(rules.info(state))["Ann & Cat need"] == "78 more (of 92)"
    assert rules_for().needed(state.hand) == 82


def test_points_needed_before_any_trick_is_the_target_alone() -> None:
    """Before the taker's side has a point, "82", not "82 more (of 82)"."""
    rules = rules_for()
    state = state_after(rules, [*cat_takes()])
    assert dict(rules.info(state))["Ann & Cat need"] == "82"


def test_end_audit_catches_a_revoke_proven_by_the_eighth_trick() -> None:
    rules = rules_for()
    # As MADE, but in trick 7 Dan throws the J♣ on the K♠ lead, keeping the 9♠ for trick 8.
    tricks = list(MADE[:6]) + ["KS AS JC 7S", "10S 9S 8C QS"]
    events = [*cat_takes()] + [trick(t) for t in tricks]
    found = replay(rules, events).flagged
    assert [(i, v.code) for i, v in found] == [(11, "revoke")]
    assert found[0][1].message == (
        "Trick 7: Dan played J♣, but they held 9♠ (played in trick 8) and had to follow spades."
    )
    assert found[0][1].severity is Severity.IRREGULARITY


def test_a_discard_proven_illegal_either_way_is_flagged_by_the_first_card_that_proves_it() -> None:
    rules = rules_for()
    # Hearts trump (Cat took the 7♥). Trick 1: Ann leads A♦ and Bob, her opponent, discards
    # 8♣; in trick 2 he plays the trump J♥. From that card on the 8♣ is illegal whichever way
    # (§1.2.7): with a diamond Bob had to follow, without one he had to trump. Flagged at
    # once; the 8♦ he leads in trick 3 names the duty: a revoke.
    events = [*cat_takes(), trick("AD 8C 7D 9D"), trick("8H JH 10H KH"), trick("8D QD KD 10D")]
    assert flags(rules, events[:5]) == []
    found = replay(rules, events).flagged
    assert [(i, v.code, v.rule) for i, v in found] == [
        (5, "illegal-play", "follow-suit"),
        (6, "revoke", "follow-suit"),
    ]
    assert found[0][1].message == (
        "Trick 1: Bob played 8♣, illegal whichever duty it broke, since they held J♥ (played in "
        "trick 2): Bob had to follow diamonds or trump. Which one shows later in the hand."
    )
    assert found[1][1].message == (
        "Trick 1: Bob played 8♣, but they held 8♦ (played in trick 3) and had to follow diamonds."
    )


def test_an_undertrump_proven_illegal_either_way_is_flagged_at_once() -> None:
    rules = rules_for()
    # Trick 1: Ann leads A♦, Bob trumps with K♥, and Cat, Ann's partner, plays the trump 8♥
    # under it. Her J♥ in trick 2 (Bob leads) proves the 8♥ illegal whichever way: with a
    # diamond she had to follow, without one she had to overtrump.
    events = [*cat_takes(), trick("AD KH 8H 9D"), trick("7C JH 9C 8C")]
    found = replay(rules, events).flagged
    assert [(i, v.code) for i, v in found] == [(5, "illegal-play")]
    assert "Cat had to follow diamonds or play a trump higher than K♥." in found[0][1].message


def test_the_upcard_proves_a_takers_revoke_at_once() -> None:
    rules = rules_for()
    # Cat (the taker) holds the 7♥ turned up; on a heart lead she throws a club.
    events = [*cat_takes(), trick("AH 10H KC 8H")]
    found = replay(rules, events).flagged
    assert [(i, v.code) for i, v in found] == [(4, "revoke")]
    assert "7♥ (the upcard)" in found[0][1].message


def test_belote_from_the_cards_and_only_if_announced() -> None:
    # Ann holds the K♥ (trick 3) but Bob the Q♥: nobody has belote.
    rules = rules_for()
    state = state_after(rules, [*cat_takes()] + [trick(t) for t in MADE])
    assert all("Belote" not in line.label for team in state.done[0].lines for line in team)
    announced = rules_for(belote_announced=True)
    events = [*cat_takes(), BeloteCall(seat=Seat(ANN))] + [trick(t) for t in MADE]
    found = flags(announced, events)
    assert found == [(6, "belote-not-held")]  # Bob plays Q♥ in trick 2
    hand = state_after(announced, events).done[0]
    assert hand.points == (150, 30)  # the announcement still counts: the table decides


def test_redeal_after_eight_passes_moves_the_deal() -> None:
    rules = rules_for()
    passes = [bid(s, "pass") for s in (ANN, BOB, CAT, DAN, ANN, BOB, CAT, DAN)]
    state = state_after(rules, [deal(), *passes])
    assert state.hand is None and state.redeals == 1 and state.done == ()
    assert rules.dealer(state) == ANN
    assert state_after(rules, [deal(), bid(ANN, "pass"), Redeal()]).next_dealer == ANN


def test_round_two_take() -> None:
    rules = rules_for()
    events = [deal(), *[bid(s, "pass") for s in (ANN, BOB, CAT, DAN, ANN)], bid(BOB, "S")]
    state = state_after(rules, events)
    assert state.hand is not None
    assert (state.hand.taker, state.hand.trump, state.hand.round) == (BOB, Suit.SPADES, 2)
    assert "round 2" in rules.prompt(state_after(rules, events[:-1]))


def test_direction_right() -> None:
    rules = rules_for(direction="right")
    state = state_after(rules, [deal(ANN)])
    assert rules.to_act(state) == DAN
    state = state_after(rules, [deal(ANN), bid(DAN, "take")])
    assert state.hand is not None
    assert rules.leader(state.hand) == DAN
    # Dan leads, then Cat, Bob, Ann: Ann's A♠ wins.
    state = state_after(rules, [deal(ANN), bid(DAN, "take"), trick("7S 8S 9S AS")])
    assert state.hand is not None and state.hand.tricks[0].winner == ANN


def test_expects_by_phase() -> None:
    rules = rules_for()
    assert rules.expects(rules.initial_state()) == {"deal"}
    assert rules.expects(state_after(rules, [deal()])) == {"bid", "redeal", "result"}
    assert rules.expects(state_after(rules, [deal(), bid(ANN, "pass")])) == {"bid", "redeal"}
    after = state_after(rules, cat_takes())
    assert rules.expects(after) == {"trick", "declare", "belote"}
    two = state_after(rules, [*cat_takes(), trick(MADE[0]), trick(MADE[1])])
    assert rules.expects(two) == {"trick", "belote"}
    assert rules_for(declarations="none").expects(after) == {"trick"}


# --- refused entries: every error code ----------------------------------------------------------

AFTER_T1 = [*cat_takes(), trick(MADE[0])]

REFUSED = [
    pytest.param([deal(ANN), result(BOB, "C", 100), deal(CAT)], {}, "wrong-dealer",
                 id="wrong-dealer"),
    pytest.param([deal(ANN, "6H")], {}, "not-in-deck", id="not-in-deck"),
    pytest.param([deal(ANN), bid(CAT, "pass")], {}, "bid-out-of-turn", id="bid-out-of-turn"),
    pytest.param([deal(ANN), bid(BOB, "double")], {}, "bad-call", id="bad-call"),
    pytest.param([deal(ANN), bid(BOB, "S")], {}, "bid-round-1", id="bid-round-1"),
    pytest.param([deal(ANN), *[bid(s, "pass") for s in (BOB, CAT, DAN, ANN)], bid(BOB, "take")],
                 {}, "bid-round-2", id="bid-round-2-take"),
    pytest.param([deal(ANN), *[bid(s, "pass") for s in (BOB, CAT, DAN, ANN)], bid(BOB, "H")],
                 {}, "bid-round-2", id="bid-round-2-upcard-suit"),
    pytest.param([deal(ANN, None), bid(BOB, "take")], {}, "upcard-unknown", id="upcard-unknown"),
    pytest.param([deal(), result(ANN, "X", 100)], {}, "bad-suit", id="bad-suit"),
    pytest.param([deal(), result(ANN, "H", 170)], {}, "points-range", id="points-range"),
    pytest.param([deal(), result(ANN, "H", 90, defender_points=80)], {}, "points-total",
                 id="points-total"),
    pytest.param([deal(), result(ANN, "H", 80, defender_points=72)], {}, "last-trick-missing",
                 id="last-trick-missing"),
    pytest.param([deal(), result(ANN, "H", 161)], {}, "points-impossible", id="points-161"),
    pytest.param([deal(), result(ANN, "H", 80, defender_points=80)], {}, "points-total",
                 id="points-total-160"),
    pytest.param([deal(), result(ANN, "H", 1, defender_points=151, last_trick=Seat(ANN))], {},
                 "points-impossible", id="152-and-the-last-trick-makes-11"),
    pytest.param([deal(), result(ANN, "H", 11, defender_points=151, last_trick=Seat(ANN))], {},
                 "points-impossible", id="11-with-the-last-trick"),
    pytest.param([deal(), result(ANN, "H", 100, capot=True)], {}, "capot-points",
                 id="capot-points"),
    pytest.param([deal(), result(ANN, "H", 162, capot=True, last_trick=Seat(BOB))], {},
                 "points-impossible", id="capot-last-trick-elsewhere"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "KH QH 10H")])], {},
                 "not-a-declaration", id="not-a-declaration"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "7S 7H 7D 7C")])], {}, "carre-rank",
                 id="carre-of-sevens"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "JS JH JD JC"), (BOB, "JS JH JD JC")])],
                 {}, "declaration-clash", id="two-carres-of-jacks"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "KS QS JS"), (CAT, "QS JS 10S")])],
                 {}, "declaration-clash", id="partners-share-a-card"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "KS QS JS"), (ANN, "KS QS JS")])],
                 {}, "declared-twice", id="declared-twice"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "KS QS JS"), (ANN, "QS JS 10S 9S")])],
                 {}, "sequence-overlap", id="sequence-overlap"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "AS KS QS"), (ANN, "JS 10S 9S")])],
                 {}, "sequence-split", id="sequence-split"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "QS QH QD QC"), (ANN, "KS QS JS")])],
                 {"shared_card": False}, "shared-card", id="shared-card-off"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "AS AH AD AC"), (ANN, "KS KH KD KC")],
                                 belote=Seat(ANN))], {}, "too-many-cards", id="too-many-cards"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(BOB, "KH QH JH")], belote=Seat(ANN))], {},
                 "declaration-clash", id="belote-in-someone-elses-sequence"),
    pytest.param([deal(upcard="9S"), result(ANN, "S", 100, decl=[(BOB, "9S 9H 9D 9C")])], {},
                 "upcard-taker", id="upcard-in-another-carre"),
    pytest.param([deal(upcard="QH"), result(ANN, "H", 100, belote=Seat(BOB))], {}, "upcard-taker",
                 id="upcard-belote"),
    pytest.param([deal(), result(ANN, "H", 100, decl=[(ANN, "KS QS JS")])],
                 {"declarations": "belote"}, "declarations-off", id="belote-only-table"),
    pytest.param([deal(), result(ANN, "H", 100, belote=Seat(ANN))], {"declarations": "none"},
                 "declarations-off", id="no-declarations-table"),
    pytest.param([*cat_takes(), declare(ANN, "KS QS JS")], {"declarations": "belote"},
                 "declarations-off", id="declare-on-belote-only-table"),
    pytest.param([*cat_takes(), BeloteCall(seat=Seat(CAT))], {"declarations": "none"},
                 "declarations-off", id="belote-call-on-no-declarations-table"),
    pytest.param([*AFTER_T1, trick(MADE[1]), declare(BOB, "KS QS JS")], {}, "declare-late",
                 id="declare-late"),
    pytest.param([*AFTER_T1, declare(BOB, "AS AH AD AC")], {}, "card-seen", id="card-seen"),
    pytest.param([*cat_takes(), declare(ANN, "9H 8H 7H")], {}, "upcard-taker",
                 id="declare-the-upcard"),
    pytest.param([*cat_takes(), BeloteCall(seat=Seat(CAT)), BeloteCall(seat=Seat(CAT))], {},
                 "belote-twice", id="belote-twice"),
    pytest.param([*cat_takes(), trick(MADE[0]), trick(MADE[1]), trick(MADE[2]),
                  BeloteCall(seat=Seat(CAT))], {}, "belote-not-held", id="belote-after-k-seen"),
    pytest.param([*cat_takes(), Trick(cards=parse_cards("AD 9D 8D QD"), leader=Seat(BOB))], {},
                 "wrong-leader", id="wrong-leader"),
    pytest.param([*cat_takes(), trick("AD 9D 8D")], {}, "trick-size", id="trick-size"),
    pytest.param([*cat_takes(), trick("AD 9D 8D 6D")], {}, "not-in-deck", id="trick-not-in-deck"),
    pytest.param([*AFTER_T1, trick("QD 10D JD KD")], {}, "card-twice", id="card-twice"),
    pytest.param([*cat_takes(), trick("AD 7H 8D QD")], {}, "upcard-taker", id="upcard-played"),
    pytest.param([deal(), trick(MADE[0])], {}, "out-of-order", id="trick-before-bidding"),
    pytest.param([deal(), bid(ANN, "pass"), result(ANN, "H", 100)], {}, "out-of-order",
                 id="result-after-a-bid"),
    pytest.param([*cat_takes(), result(ANN, "H", 100)], {}, "out-of-order",
                 id="result-after-the-bidding"),
    pytest.param([*cat_takes(), bid(DAN, "pass")], {}, "out-of-order", id="bid-after-take"),
    pytest.param([bid(ANN, "pass")], {}, "out-of-order", id="bid-before-deal"),
    pytest.param([deal(), result(ANN, "H", 162, capot=True,
                                 decl=[(CAT, "JS JH JD JC"), (ANN, "9S 9H 9D 9C")]),
                  deal(ANN)], {"target": 501}, "game-over", id="game-over"),
]  # fmt: skip


@pytest.mark.parametrize(("events", "options", "code"), REFUSED)
def test_refused(events: list[Event], options: dict[str, Any], code: str) -> None:
    assert code in refused(rules_for(**options), events)


def test_refusal_messages_name_the_rule_and_the_player() -> None:
    with pytest.raises(IllegalEventError) as info:
        replay(rules_for(), [deal(), result(ANN, "H", 90, defender_points=80)])
    (v,) = info.value.violations
    assert v.message == (
        "Ann & Cat 90 and Bob & Dan 80 make 170, but a hand's trick points add up to 162 "
        "(152 in cards plus 10 for the last trick)."
    )
    assert v.rule == "card-points"
    with pytest.raises(IllegalEventError) as info:
        replay(rules_for(), [*cat_takes(), trick("AD 7H 8D QD")])
    assert info.value.violations[0].message == (
        "7♥ was the upcard and went to the taker, Cat: Bob cannot play it."
    )


def test_the_game_ends_at_the_target_and_ties_when_both_pass_it() -> None:
    rules = rules_for(target=501)
    events: list[Event] = [
        deal(),
        result(ANN, "H", 162, capot=True, decl=[(CAT, "JS JH JD JC")], belote=Seat(ANN)),
    ]
    state = state_after(rules, events)
    assert rules.scores(state) == (470, 0)
    assert rules.outcome(state) is None
    events += [deal(ANN), result(ANN, "C", 100)]
    end = rules.outcome(state_after(rules, events))
    assert end is not None and end.winners == (0, 2)
    assert rules.expects(state_after(rules, events)) == frozenset()


def test_quick_entry_card_identity() -> None:
    """A card in a declaration is a real card: Card objects, not strings, end up in the state."""
    rules = rules_for()
    state = state_after(rules, [*cat_takes(), declare(BOB, "KS QS JS")])
    assert state.hand is not None
    assert state.hand.melds == (
        (BOB, (Card(13, Suit.SPADES), Card(12, Suit.SPADES), Card(11, Suit.SPADES))),
    )
