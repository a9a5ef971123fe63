"""Kaluki: every check and payment, worked out by hand from rulings §9."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.kaluki import play
from companion.games.kaluki.game import (
    Deal,
    Hands,
    Kaluki,
    LayOff,
    Melds,
    Result,
    StockOut,
    Swap,
)
from companion.games.log import LogError, load_log, summarize
from companion.rules import Correction, IllegalEventError, Void, replay
from companion.rules.cards import parse_card, parse_cards
from companion.rules.core import SetupError, Severity
from companion.rules.events import Event, Seat
from companion.rules.money import hand_is_zero_sum

NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN, BOB, CAT, DAN = (Seat(i) for i in range(4))


def game(options: dict[str, object] | None = None, seats: int = 3) -> Kaluki:
    return Kaluki(seats, options, NAMES[:seats])


def cs(text: str) -> tuple[tuple[object, ...], ...]:
    """Melds typed as at the table: ``"7H 8H 9H / 5S 5D 5C"``."""
    return tuple(parse_cards(group) for group in text.split("/"))


def turn(player: Seat, melds: str = "", **kw: object) -> Melds:
    return Melds(player=player, melds=cs(melds) if melds else (), **kw)  # type: ignore[arg-type]


def problems(rules: Kaluki, log: list[Event], event: Event) -> list[str]:
    state = replay(rules, log).state
    return [v.code for v in rules.violations(state, event)]


def messages(rules: Kaluki, log: list[Event], event: Event) -> list[str]:
    state = replay(rules, log).state
    return [str(v.message) for v in rules.violations(state, event)]


def test_seats_and_options() -> None:
    with pytest.raises(SetupError):
        Kaluki(1)
    with pytest.raises(SetupError):
        Kaluki(5)
    with pytest.raises(SetupError):
        game({"low_ace": 5})
    with pytest.raises(SetupError):
        game({"stock_out": "burn"})
    Kaluki(4)


def test_quick_entry_pays_a_unit_a_card_and_two_a_joker() -> None:
    # Bob goes out. Ann holds 3 cards, one a joker: 3 + 1 = 4. Cat holds 7: 7. Dan holds a
    # single joker: 1 + 1 = 2. Bob receives 4 + 7 + 2 = 13.
    rules = game(seats=4)
    log: list[Event] = [
        Deal(dealer=ANN),
        Result(out=BOB, cards=(3, 0, 7, 1), jokers=(1, 0, 0, 1)),
    ]
    state = replay(rules, log).state
    hand = rules.hands(state)[0]
    assert hand.points == (-4, 13, -7, -2)
    assert [(str(line.label), line.points) for line in hand.lines[0]] == [
        ("3 cards still held: 1 unit each", -3),
        ("1 joker among them: 1 unit more (2 in all)", -1),
    ]
    assert [(str(line.label), line.points) for line in hand.lines[1]] == [
        ("Went out: paid by every other player", 13)
    ]
    assert str(hand.summary) == "Ann dealt; Bob went out"
    assert state.next_dealer == 1


def test_going_kaluki_doubles_every_payment() -> None:
    # Cat goes Kaluki. Ann holds 5 cards with 2 jokers: (5 + 2) x 2 = 14. Bob 1 card: 2.
    rules = game()
    log: list[Event] = [
        Deal(dealer=ANN),
        Result(out=CAT, kaluki=True, cards=(5, 1, 0), jokers=(2, 0, 0)),
    ]
    state = replay(rules, log).state
    hand = rules.hands(state)[0]
    assert hand.points == (-14, -2, 16)
    assert [(str(line.label), line.points) for line in hand.lines[0]] == [
        ("5 cards still held: 1 unit each", -5),
        ("2 jokers among them: 1 unit more each (2 each in all)", -2),
        ("Kaluki: the payment doubled", -7),
    ]
    assert [line.points for line in hand.lines[2]] == [8, 8]
    assert str(hand.summary) == "Ann dealt; Cat went Kaluki"


def test_full_entry_counts_the_cards_and_shows_what_could_have_melded() -> None:
    # Ann holds 7♠ 8♠ JK 9♥: 4 cards, one joker: 5 (7♠ 8♠ JK could have been a run).
    # Bob holds K♣ K♦: 2. Cat went out: 7.
    rules = game()
    log: list[Event] = [
        Deal(dealer=ANN),
        Hands(out=CAT, cards=(parse_cards("7S 8S JK 9H"), parse_cards("KC KD"), ())),
    ]
    state = replay(rules, log).state
    hand = rules.hands(state)[0]
    assert hand.points == (-5, -2, 7)
    first = str(hand.lines[0][0].label)
    assert first == "Held 8♠ 7♠ 9♥ Joker; they could have melded 7♠ 8♠ Joker"
    assert str(hand.lines[1][0].label) == "Held K♦ K♣; no meld among them"
    assert str(hand.summary) == "Ann dealt; Cat went out — cards entered"


def test_the_first_meld_must_be_worth_51_and_the_total_is_shown() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN)]
    short = turn(BOB, "8H 9H 10H / 2S 3S 4S")  # 27 + 9 = 36
    assert messages(rules, log, short) == [
        "Bob's first meld is worth 36 (8♥ 9♥ 10♥ 27 + 2♠ 3♠ 4♠ 9): a first meld must be "
        "worth at least 51."
    ]
    # with K♠ K♦ K♣ (30) it is 66
    assert problems(rules, log, turn(BOB, "8H 9H 10H / 2S 3S 4S / KS KD KC")) == []
    # after the first meld, any meld will do
    log.append(turn(BOB, "8H 9H 10H / KS KD KC / 2S 3S 4S"))
    assert problems(rules, log, turn(BOB, "5C 6C 7C")) == []


def test_a_joker_counts_as_the_card_it_stands_for() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN)]
    # Q♥ K♥ A♥ (31) + J♠ J♦ JK (30) = 61; with the joker in a run it takes the higher end:
    # 9♣ 10♣ JK is 9 + 10 + 10 (J♣) = 29
    assert problems(rules, log, turn(BOB, "QH KH AH / JS JD JK")) == []
    assert play.meld_points(parse_cards("9C 10C JK"), rules.options) == 29
    assert play.meld_points(parse_cards("JK 2C 3C"), rules.options) == 16  # A♣ 2♣ 3♣


def test_lay_offs_count_toward_the_first_meld_but_need_a_meld_of_ones_own() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN), turn(ANN, "8H 9H 10H / KS KD KC")]  # 27 + 30
    layoffs = (
        LayOff(meld=1, cards=parse_cards("JH QH")),
        LayOff(meld=2, cards=(parse_card("KH"),)),
    )
    # lay-offs alone (20 + 10) are no first meld, however much they are worth
    alone = Melds(player=BOB, layoffs=layoffs)
    assert problems(rules, log, alone) == ["first-meld-needs-own-meld"]
    # 4♣ 5♣ 6♣ (15) + J♥ Q♥ (20) + K♥ (10) = 45: too little
    assert messages(rules, log, turn(BOB, "4C 5C 6C", layoffs=layoffs)) == [
        "Bob's first meld is worth 45 (4♣ 5♣ 6♣ 15 + J♥ Q♥ laid off 20 + K♥ laid off 10): a first "
        "meld must be worth at least 51."
    ]
    # 4♣ 5♣ 6♣ 7♣ (22) + 20 + 10 = 52
    assert problems(rules, log, turn(BOB, "4C 5C 6C 7C", layoffs=layoffs)) == []


def test_melds_and_lay_offs_that_do_not_fit() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN), turn(ANN, "8H 9H 10H / KS KD KC / 2S 3S 4S")]
    assert messages(rules, log, turn(ANN, "JS JD JD")) == [
        "Ann's J♠ J♦ J♦ is not a meld: the cards of a set must all be of different suits."
    ]
    assert problems(rules, log, turn(ANN, "KC AC 2C")) == ["not-a-meld"]  # round the corner
    assert problems(rules, log, turn(ANN, "QC KC AC")) == []  # ace high
    assert problems(rules, log, turn(ANN, "AC 2C 3C")) == []  # ace low
    log.append(Melds(player=ANN, layoffs=(LayOff(meld=2, cards=(parse_card("KH"),)),)))
    # a fifth card, even a joker, on a set of four (ruling 8)
    fifth = Melds(player=ANN, layoffs=(LayOff(meld=2, cards=(parse_card("JK"),)),))
    assert messages(rules, log, fifth) == [
        "Ann cannot add Joker to meld 2 (K♠ K♦ K♣ K♥): a set of four is complete, not even a joker "
        "can join it."
    ]
    assert problems(rules, log, Melds(player=ANN, layoffs=(LayOff(meld=4, cards=()),))) == [
        "no-such-meld"
    ]
    assert problems(rules, log, Melds(player=ANN)) == ["nothing-melded"]


def test_a_discard_drawn_must_be_melded_at_once() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN)]
    took = parse_card("9D")
    not_used = turn(BOB, "QH KH AH / JS JD JC", took=took)
    assert messages(rules, log, not_used) == [
        "Bob drew 9♦ from the discards, so it must be melded in the same turn: it is in none of "
        "the melds or lay-offs."
    ]
    # used in a first meld worth 51: fine (ruling 7)
    assert problems(rules, log, turn(BOB, "QH KH AH / 9S 9D 9C", took=took)) == []
    # used, but the first meld is worth only 27 + 31 = 58? no: 9♠ 9♦ 9♣ is 27, Q-K-A 31: 58
    assert problems(rules, log, turn(BOB, "9S 9D 9C", took=took)) == ["first-meld-under-51"]


def test_cards_beyond_the_two_packs_are_refused() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN), turn(ANN, "7S 7D 7C / KS KD KC / 2H 3H 4H")]
    log.append(turn(BOB, "7S 7H 7D / QS QD QC / JH JD JC"))
    assert messages(rules, log, turn(CAT, "7S 7H 7C / QH KH AH / 10S 10D 10C")) == [
        "7♠ is entered 3 times, but the two packs hold it only twice."
    ]
    jokers = Hands(out=CAT, cards=(parse_cards("JK JK 5S"), parse_cards("JK JK JK"), ()))
    assert problems(rules, log, jokers) == ["too-many-jokers"]
    quick = Result(out=CAT, cards=(3, 3, 0), jokers=(2, 3, 0))
    assert messages(rules, log, quick) == ["5 jokers are entered, but the pack holds only four."]


def test_one_joker_too_many_is_said_in_the_singular() -> None:
    """Four jokers already melded and one more entered in a hand: "1 jokers are entered" read
    wrong (issue 28, item 9)."""
    rules = game()
    log: list[Event] = [Deal(dealer=ANN), turn(ANN, "KS KD JK / QS QD JK")]
    log.append(turn(BOB, "9S 9D JK / 10S 10D JK / JS JD JC"))
    quick = Result(out=CAT, cards=(2, 3, 0), jokers=(0, 1, 0))
    assert messages(rules, log, quick) == [
        "1 joker is entered, with 4 more in melds on the table, but the pack holds only four."
    ]
    two = Result(out=CAT, cards=(2, 3, 0), jokers=(1, 1, 0))
    assert messages(rules, log, two) == [
        "2 jokers are entered, with 4 more in melds on the table, but the pack holds only four."
    ]


def test_what_each_player_can_hold_at_the_end() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN), turn(ANN, "7S 7D 7C / KS KD KC / 2H 3H 4H")]  # 9 down
    # Ann put down 9 cards: she holds at most 15 - 9 = 6
    assert problems(rules, log, Result(out=CAT, cards=(6, 15, 0), jokers=(0, 0, 0))) == []
    assert messages(rules, log, Result(out=CAT, cards=(7, 15, 0), jokers=(0, 0, 0))) == [
        "Ann holds 7 cards, but can hold at most 6: fifteen less the 9 they put down in melds."
    ]
    assert problems(rules, log, Result(out=CAT, cards=(6, 16, 0), jokers=(0, 0, 0))) == [
        "too-many-cards"
    ]
    assert problems(rules, log, Result(out=CAT, cards=(6, 0, 0), jokers=(0, 0, 0))) == [
        "loser-holds-nothing"
    ]
    assert problems(rules, log, Result(out=CAT, cards=(6, 2, 1), jokers=(0, 0, 1))) == [
        "out-has-cards"
    ]
    assert problems(rules, log, Result(out=CAT, cards=(6, 2, 0), jokers=(0, 3, 0))) == [
        "jokers-more-than-cards"
    ]
    assert problems(rules, log, Hands(out=CAT, cards=((), parse_cards("5S"), ()))) == [
        "loser-holds-nothing"
    ]


def test_a_kaluki_claim_is_checked_against_the_melds_recorded() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN)]
    fifteen = "AS 2S 3S 4S / 9H 9D 9C 9S / 10D JD QD KD / 6H 6D JK"
    assert problems(rules, log, turn(CAT, fifteen)) == []
    kaluki = [*log, turn(CAT, fifteen)]
    claimed = Result(out=CAT, kaluki=True, cards=(4, 4, 0), jokers=(0, 0, 0))
    assert problems(rules, kaluki, claimed) == []
    assert messages(rules, kaluki, Result(out=CAT, cards=(4, 4, 0), jokers=(0, 0, 0))) == [
        "Cat put down 15 cards in one turn with no meld before: that is Kaluki, and every "
        "payment is doubled. Tick Kaluki."
    ]
    two_turns = [*log, turn(CAT, "AS 2S 3S 4S / 9H 9D 9C 9S / 10D JD QD KD")]
    two_turns.append(turn(CAT, "6H 6D JK"))
    assert problems(rules, two_turns, claimed) == ["not-kaluki"]
    # with no melds recorded for the winner, the claim is taken as entered
    unrecorded = Result(out=BOB, kaluki=True, cards=(4, 0, 4), jokers=(0, 0, 0))
    assert problems(rules, log, unrecorded) == []


def test_cut_joker_and_the_deal_passing_left() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN, cut_joker=True)]
    state = replay(rules, log).state
    info = {str(k): str(v) for k, v in rules.info(state)}
    # Ann deals: the player at her right, Cat (seats go to the left), cuts and keeps the joker
    assert info["Cut joker"] == "Cat kept the joker and was dealt 14"
    log.append(Result(out=BOB, cards=(2, 0, 3), jokers=(0, 0, 1)))
    state = replay(rules, log).state
    assert str(rules.hands(state)[0].summary) == "Ann dealt, Cat cut a joker; Bob went out"
    wrong = Deal(dealer=CAT)
    found = rules.violations(state, wrong)
    assert [(v.code, v.severity) for v in found] == [("wrong-dealer", Severity.IRREGULARITY)]
    assert problems(rules, log, Deal(dealer=BOB)) == []


def test_stock_running_out_by_house_rule() -> None:
    log: list[Event] = [Deal(dealer=ANN)]
    assert problems(game(), log, StockOut()) == ["stock-reshuffled"]
    rules = game({"stock_out": "void"})
    state = replay(rules, [*log, StockOut()]).state
    assert rules.hands(state)[0].points == (0, 0, 0)
    assert str(rules.hands(state)[0].summary) == "Ann dealt; the stock ran out: no payment"
    assert state.next_dealer == 1


def test_joker_swapping_by_house_rule() -> None:
    log: list[Event] = [Deal(dealer=ANN), turn(ANN, "QH KH AH / JS JD JK")]  # the joker is J♥/J♣
    swap = Melds(
        player=BOB,
        melds=cs("10S 10D 10C / 9C 9D 9S"),  # type: ignore[arg-type]
        swaps=(Swap(meld=2, card=parse_card("JC")),),
    )
    assert problems(game(), log, swap) == ["no-joker-swaps"]
    rules = game({"joker_swap": True})
    # Bob's 30 + 27 = 57 is his first meld; he puts J♣ in the joker's place
    assert problems(rules, log, swap) == []
    state = replay(rules, [*log, swap]).state
    assert state.hand is not None
    assert [str(m.cards[0]) for m in state.hand.melds][:2] == ["QH", "JS"]
    assert parse_card("JK") not in state.hand.melds[1].cards
    wrong = dataclasses_replace(swap, swaps=(Swap(meld=2, card=parse_card("JS")),))
    assert problems(rules, log, wrong) == ["swap-does-not-fit"]
    before = Melds(player=CAT, swaps=(Swap(meld=2, card=parse_card("JC")),))
    assert problems(rules, log, before) == ["swap-before-first-meld"]


def dataclasses_replace(event: Melds, **changes: object) -> Melds:
    import dataclasses

    return dataclasses.replace(event, **changes)  # type: ignore[arg-type]


def test_low_ace_value_by_house_rule() -> None:
    log: list[Event] = [Deal(dealer=ANN)]
    opening = turn(BOB, "AC 2C 3C / QH QD QS / 4D 4S 4C")  # 16 + 30 + 12 = 58, or 6 + 30 + 12
    assert problems(game(), log, opening) == []
    assert messages(game({"low_ace": 1}), log, opening) == [
        "Bob's first meld is worth 48 (A♣ 2♣ 3♣ 6 + Q♥ Q♦ Q♠ 30 + 4♦ 4♠ 4♣ 12): a first meld "
        "must be worth at least 51."
    ]


def test_entries_out_of_order_and_undo() -> None:
    rules = game()
    assert problems(rules, [], Result(out=BOB, cards=(1, 0, 1), jokers=(0, 0, 0))) == [
        "out-of-order"
    ]
    log: list[Event] = [Deal(dealer=ANN), Result(out=BOB, cards=(1, 0, 1), jokers=(0, 0, 0))]
    undone = replay(rules, [*log, Void(target=1)]).state
    assert undone.hand is not None and not undone.done
    fixed = Result(out=BOB, cards=(2, 0, 1), jokers=(0, 0, 0))
    corrected = replay(rules, [*log, Correction(target=1, event=fixed)]).state
    assert rules.hands(corrected)[0].points == (-2, 3, -1)
    with pytest.raises(IllegalEventError):
        replay(rules, [*log, Deal(dealer=BOB), turn(ANN, "2S 3S 4S")])


def test_money_posted_to_the_ledger_is_zero_sum() -> None:
    rules = game()
    log: list[Event] = [
        Deal(dealer=ANN),
        Result(out=BOB, cards=(3, 0, 2), jokers=(1, 0, 0)),
        Deal(dealer=BOB),
        Result(out=ANN, kaluki=True, cards=(0, 1, 1), jokers=(0, 1, 0)),
    ]
    state = replay(rules, log).state
    postings = rules.postings(state)
    assert [(p.hand, p.seat, p.amount) for p in postings] == [
        (1, 0, -4),
        (1, 1, 6),
        (1, 2, -2),
        (2, 0, 6),
        (2, 1, -4),
        (2, 2, -2),
    ]
    assert hand_is_zero_sum(postings) == {}
    assert rules.scores(state) == (2, 2, -4)


def test_a_fixed_number_of_hands_ends_the_session() -> None:
    rules = game({"hands": 4})
    log: list[Event] = []
    for n in range(4):
        out = n % 3
        held = tuple(0 if seat == out else 1 for seat in range(3))
        log += [Deal(dealer=Seat(out)), Result(out=Seat(out), cards=held, jokers=(0, 0, 0))]
    state = replay(rules, log).state
    end = rules.outcome(state)
    assert end is not None and end.winners == (0,)  # Ann won twice: 4 - 1 - 1 = +2
    assert rules.scores(state) == (2, -1, -1)


def test_screen() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=ANN), turn(BOB, "8H 9H 10H / KS KD KC")]
    state = replay(rules, log).state
    info = {str(k): str(v) for k, v in rules.info(state)}
    assert info["First meld made"] == "Bob"
    assert info["Melds on the table"] == "1: 8♥ 9♥ 10♥ (Bob) · 2: K♠ K♦ K♣ (Bob)"
    # Bob put down 6 of his 15 cards: he holds 9 at most once he has discarded
    assert info["Cards in hand, at most"] == "Ann 15 · Bob 9 · Cat 15"
    assert info["Standing"] == "Ann 0 · Bob 0 · Cat 0"
    assert "Hand 1" in str(rules.prompt(state))
    labels = [str(r.label) for r in rules.reminders(state)]
    assert "First meld" in labels and "Kaluki" in labels


def test_doctests() -> None:
    import doctest

    from companion.games.kaluki import examples as examples_module
    from companion.games.kaluki import game as game_module
    from companion.games.kaluki import play as play_module

    for module in (game_module, play_module, examples_module):
        assert doctest.testmod(module).failed == 0, module.__name__


EXAMPLES = sorted(
    p
    for p in (Path(__file__).resolve().parents[2] / "docs" / "examples" / "kaluki").glob("*.json")
    if not p.name.endswith(".expected.json")
)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_logs_give_the_money_worked_out_by_hand(path: Path) -> None:
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())
    if "error" in expected:
        with pytest.raises(LogError) as refused:
            summarize(load_log(json.loads(path.read_text())))
        assert (refused.value.index, refused.value.code) == (
            expected["error"]["event"],
            expected["error"]["code"],
        )
        return
    printed = summarize(load_log(json.loads(path.read_text())))
    for field in ("hands", "totals", "over", "winners", "flags"):
        assert printed[field] == expected[field], field
    assert printed.get("money", []) == expected["money"]


def test_there_is_a_kaluki_example_with_jokers_left_in_the_losers_hands() -> None:
    assert "kaluki-with-jokers" in [p.stem for p in EXAMPLES]


def test_rules_page_examples_match_their_worked_out_payments() -> None:
    from companion.games.kaluki.examples import EXAMPLES, example_points

    for ex in EXAMPLES:
        assert example_points(ex)[0] == ex.expected, ex.title
