"""Recording Ui77 through the HTTP views: every entry form without JavaScript (302 and a row),
with htmx (the fragments that changed), and refused (200, the rule's message, nothing
written); the screen's plain-words parameters, leader and distance to the goal. Expected
scores are worked out by hand from rulings §4.2 (rule 13)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from companion.games.ui77.game import Deal, Discards, Goal, Result, Trick
from companion.rules.cards import parse_cards
from companion.rules.events import Seat
from companion.rules.money import whole_units
from companion.tables import actions
from companion.tables.ledger_views import build_ledger
from companion.tables.models import Game, Table

from .helpers import (
    entry_tests,
    event_count,
    game_url,
    new_uuid,
    page_hands,
    page_totals,
    record,
    start,
    text,
    trick_data,
    words,
)


def deal_event(dealer: int, cards: str) -> Deal:
    one, two, three = parse_cards(cards)
    return Deal(dealer=Seat(dealer), card_one=one, card_two=two, card_three=three)


def deal_data(dealer: int, cards: str, cut: tuple[int, ...] = ()) -> dict[str, Any]:
    data: dict[str, Any] = {"dealer": dealer, "cut": list(cut)}
    for name, card in zip(("one", "two", "three"), cards.split(), strict=True):
        data[f"rank_{name}"], data[f"suit_{name}"] = card[:-1], card[-1]
    return data


def result_data(*columns: tuple[int, int, int]) -> dict[str, Any]:
    """discards, tricks, left, slough: one tuple of three seats each."""
    data: dict[str, Any] = {}
    for name, values in zip(("discards", "tricks", "left", "slough"), columns, strict=True):
        for seat, value in enumerate(values):
            data[f"{name}_{seat}"] = value
    return data


#: Hand 1 of docs/examples/ui77/whole-game.json without the cut: 2, 2, 3 points.
HAND_ONE = result_data((2, 3, 1), (2, 2, 3), (1, 0, 3), (1, 0, 1))


@pytest.fixture
def ui77_game(three_player_table: Table) -> Game:
    return start(three_player_table, "ui77")


@pytest.fixture
def dealt(ui77_game: Game) -> Game:
    """Ann dealt 5♠ 8♥ 7♦: trump ♠ from trick 2, slough ♥, throw 3, target 4."""
    actions.check_record_event(ui77_game, deal_event(0, "5S 8H 7D"))
    return ui77_game


@pytest.fixture
def same_suit(ui77_game: Game) -> Game:
    actions.check_record_event(ui77_game, deal_event(0, "5S 8S 7S"))
    return ui77_game


@pytest.fixture
def discarded(dealt: Game) -> Game:
    actions.check_record_event(dealt, Discards(counts=(2, 3, 1)))
    return dealt


@pytest.fixture
def hand_over(ui77_game: Game) -> Game:
    """Ann dealt 5♠ Q♥ 7♦ (trump ♠ at once, throw 4, target 4); Bob threw 4, lost five tricks
    and is out of cards. Ann won them all and drew 4: she holds 8, Cat 4."""
    actions.check_record_event(ui77_game, deal_event(0, "5S QH 7D"))
    actions.check_record_event(ui77_game, Discards(counts=(0, 4, 0)))
    for cards in ("2C 3C AC", "KC 4C 5C", "QC 6C 7C", "JC 8C 9C", "10C 2D 3D"):
        actions.check_record_event(ui77_game, Trick(cards=parse_cards(cards)))
    return ui77_game


@pytest.fixture
def goal_due(ui77_game: Game) -> Game:
    """Three hands, one per dealer: totals Ann 4, Bob 7, Cat 9 (whole-game.json, no cut)."""
    hands = [
        ("5S 8H 7D", ((2, 3, 1), (2, 2, 3), (1, 0, 3), (1, 0, 1))),
        ("QC KD 10S", ((0, 0, 0), (3, 2, 5), (0, 0, 1), (0, 0, 0))),
        ("2H 4S AD", ((2, 2, 0), (1, 3, 3), (0, 2, 4), (0, 2, 1))),
    ]
    for dealer, (cards, (d, t, left, s)) in enumerate(hands):
        actions.check_record_event(ui77_game, deal_event(dealer, cards))
        actions.check_record_event(ui77_game, Result(discards=d, tricks=t, left=left, slough=s))
    return ui77_game


LEGAL = [
    pytest.param(
        "deal",
        "ui77_game",
        deal_data(0, "5S 8H 7D", cut=(0, 2)),
        {
            "type": "deal",
            "dealer": 0,
            "card_one": "5S",
            "card_two": "8H",
            "card_three": "7D",
            "cut": [0, 2],
        },
        "Trump ♠, powerless until after trick 1; slough ♥; throw up to 3; target 4 tricks",
        id="deal",
    ),
    pytest.param(
        "result",
        "dealt",
        HAND_ONE,
        {
            "type": "result",
            "discards": [2, 3, 1],
            "tricks": [2, 2, 3],
            "left": [1, 0, 3],
            "slough": [1, 0, 1],
        },
        "Bob deals hand 2: record the three face-up cards.",
        id="result",
    ),
    pytest.param(
        "swap",
        "same_suit",
        {"seat": 1, "rank": "K", "position": 3},
        {"type": "swap", "seat": 1, "card": "KS", "position": 3},
        "target 7 tricks",
        id="swap",
    ),
    pytest.param(
        "discards",
        "dealt",
        {"discards_0": 2, "discards_1": 3, "discards_2": 1},
        {"type": "discards", "counts": [2, 3, 1]},
        "Bob leads trick 1; its winner draws a card.",
        id="discards",
    ),
    pytest.param(
        "trick",
        "discarded",
        trick_data({1: "AC", 2: "2C", 0: "3C"}),
        {"type": "trick", "cards": ["AC", "2C", "3C"], "leader": 1},
        "Bob leads trick 2; its winner draws a card.",
        id="trick",
    ),
    pytest.param(
        "leftover",
        "hand_over",
        {"slough_0": 2, "slough_1": 0, "slough_2": 1},
        {"type": "leftover", "slough": [2, 0, 1]},
        "Bob deals hand 2: record the three face-up cards.",
        id="leftover",
    ),
    pytest.param(
        "goal",
        "goal_due",
        {"score": 11},
        {"type": "goal", "score": 11},
        "To the goal Ann 7 · Bob 4 · Cat 2",
        id="goal",
    ),
]

ILLEGAL = [
    pytest.param(
        "result",
        "dealt",
        result_data((2, 3, 1), (2, 2, 3), (1, 0, 4), (0, 0, 0)),
        "these tricks and cards left mean 5 cards drawn",
        id="result-draws-total",
    ),
    pytest.param(
        "result",
        "dealt",
        result_data((2, 3, 1), (3, 0, 4), (1, 1, 2), (0, 0, 0)),
        "Bob cannot have 1 cards left: that means 2 cards drawn",
        id="result-cards-left",
    ),
    pytest.param(
        "trick",
        "discarded",
        trick_data({1: "7D", 2: "2C", 0: "3C"}),
        "7♦ lies face up on the table this hand, so nobody can play it.",
        id="trick-faceup-card",
    ),
    pytest.param(
        "swap",
        "same_suit",
        {"seat": 1, "rank": "8", "position": 1},
        "8♠ is face up on the table, not in Bob's hand.",
        id="swap-faceup",
    ),
]

(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_the_screen_shows_the_hand_the_leader_and_the_cards(
    client: Client, discarded: Game
) -> None:
    shown = words(client.get(game_url(discarded)))
    assert "Trump ♠, powerless until after trick 1; slough ♥; throw up to 3; target 4 tricks" in (
        shown
    )
    assert "Leads Bob" in shown
    assert "Cards held Ann 7 · Bob 6 · Cat 8" in shown
    assert "Goal chosen after hand 3, once everyone has dealt" in shown


def test_quick_entry_scores_the_hand_and_explains_it(client: Client, dealt: Game) -> None:
    assert record(client, dealt, "result", HAND_ONE).status_code == 302
    page = client.get(game_url(dealt))
    assert page_hands(page) == [[2, 2, 3]]
    assert page_totals(page) == [2, 2, 3]
    shown = words(page)
    assert "3 tricks won, target 4: 1 away" in shown
    assert "2 cards left outside the slough suit" in shown


def test_a_card_by_card_hand_is_scored_after_the_slough_count(
    client: Client, hand_over: Game
) -> None:
    page = client.get(game_url(hand_over))
    assert "Bob played their last card" in words(page)
    data = {"slough_0": 2, "slough_1": 0, "slough_2": 1}
    assert record(client, hand_over, "leftover", data).status_code == 302
    # Target 4. Ann 5 tricks: 1, and 6 cards that are not hearts: 7. Bob no trick: 4.
    # Cat no trick: 4, and 3 cards that are not hearts: 7.
    assert page_hands(client.get(game_url(hand_over))) == [[7, 4, 7]]


def test_the_goal_is_asked_before_the_fourth_deal(client: Client, goal_due: Game) -> None:
    shown = words(client.get(game_url(goal_due)))
    assert "Everyone has dealt once: choose the goal" in shown
    before = event_count(goal_due)
    response = record(client, goal_due, "deal", deal_data(0, "2C 3C 4C"))
    assert response.status_code == 200
    assert event_count(goal_due) == before
    actions.check_record_event(goal_due, Goal(score=22))
    shown = words(client.get(game_url(goal_due)))
    assert "To the goal Ann 18 · Bob 15 · Cat 13" in shown
    assert "Ann deals hand 4" in shown


def test_go_nov_and_the_end_of_the_game(client: Client, ui77_game: Game) -> None:
    """docs/examples/ui77/whole-game.json through the forms: Cat goes Nov in hand 4, Bob in
    hand 5 while Ann passes 11, and Cat wins with 8."""
    hands = [
        ("5S 8H 7D", (0, 2), ((2, 3, 1), (2, 2, 3), (1, 0, 3), (1, 0, 1))),
        ("QC KD 10S", (), ((0, 0, 0), (3, 2, 5), (0, 0, 1), (0, 0, 0))),
        ("2H 4S AD", (), ((2, 2, 0), (1, 3, 3), (0, 2, 4), (0, 2, 1))),
        ("9C 6C 3H", (), ((0, 1, 2), (3, 3, 3), (1, 0, 0), (0, 0, 0))),
        ("JD 10H 4C", (), ((1, 0, 2), (5, 1, 2), (2, 2, 0), (0, 0, 0))),
    ]
    for number, (cards, cut, columns) in enumerate(hands):
        if number == 3:
            assert record(client, ui77_game, "goal", {"score": 11}).status_code == 302
        response = record(client, ui77_game, "deal", deal_data(number % 3, cards, cut))
        assert response.status_code == 302, words(response)[:800]
        response = record(client, ui77_game, "result", result_data(*columns))
        assert response.status_code == 302, words(response)[:800]
    page = client.get(game_url(ui77_game))
    assert page_hands(page) == [[3, 2, 4], [2, 3, 1], [0, 2, 5], [2, 1, -2], [5, 2, 0]]
    assert page_totals(page) == [12, 10, 8]
    shown = words(page)
    assert "Go Nov: landed exactly on 11, so the total becomes 8, the average of the others" in (
        shown
    )
    assert "Cat wins." in shown


def _imported(name: str) -> Game:
    path = Path(settings.BASE_DIR) / "docs" / "examples" / "ui77" / name
    _, game = actions.check_import_log(json.loads(path.read_text()))
    return game


def test_a_new_go_nov_rounding_rescores_the_game(client: Client, db: None) -> None:
    """whole-game.json with averages rounded down: Cat's Go Nov in hand 4 gives 7 (7.5 down);
    in hand 5 Ann reaches 12, Bob lands on 11 and gets (12 + 7) / 2 = 9.5, down to 9; Cat stays
    at 7 and wins. Worked out by hand."""
    game = _imported("whole-game.json")
    assert page_totals(client.get(game_url(game))) == [12, 10, 8]
    data = {"client_id": new_uuid(), "nov_rounding": "floor"}
    response = client.post(game_url(game, "options/"), data)
    assert response.status_code == 302
    page = client.get(game_url(game))
    assert page_hands(page) == [[3, 2, 4], [2, 3, 1], [0, 2, 5], [2, 1, -3], [5, 1, 0]]
    assert page_totals(page) == [12, 9, 7]
    assert "Cat wins." in words(page)


def test_switching_off_the_cut_penalty_is_refused_naming_the_entry(
    client: Client, db: None
) -> None:
    game = _imported("whole-game.json")
    data = {"client_id": new_uuid(), "cut_penalty": "False"}
    response = client.post(game_url(game, "options/"), data)
    assert response.status_code == 200
    assert "entry #1" in text(response)
    assert "no cut penalty" in text(response)
    assert page_totals(client.get(game_url(game))) == [12, 10, 8]


def test_rules_for_this_hand_and_the_history(client: Client, same_suit: Game) -> None:
    assert record(
        client, same_suit, "swap", {"seat": 1, "rank": "K", "position": 3}
    ).status_code == (302)
    shown = words(client.get(game_url(same_suit)))
    # K♠ replaced 7♠ as Card Three: target 7. 8♠ as Card Two: throw 3, trump from trick 2.
    assert "Trump ♠, powerless until after trick 1; slough ♠; throw up to 3; target 7 tricks" in (
        shown
    )
    assert "the winners of tricks 1 to 4 each draw a card" in shown
    assert "Bob swapped K♠ in as card 3" in shown


def test_a_swap_when_the_suits_differ_is_refused(client: Client, dealt: Game) -> None:
    before = event_count(dealt)
    data = {"client_id": new_uuid(), "seat": 1, "rank": "K", "position": 1}
    response = client.post(game_url(dealt, "record/swap/"), data)
    assert response.status_code == 200
    assert event_count(dealt) == before


# --- Go Nov kept to one decimal (U-7 option) ------------------------------------------------------


def test_one_decimal_go_nov_is_shown_exactly(client: Client, db: None) -> None:
    """docs/examples/ui77/go-nov-one-decimal.json, worked out by hand: in hand 5 Dan lands on 11
    and gets (9 + 9 + 8) / 3 = 8.67, kept as 8.7 (4 − 2.3 = 1.7 that hand); Bob passes 11 in
    hand 6 and Dan, lowest with 8.7, wins."""
    game = _imported("go-nov-one-decimal.json")
    page = client.get(game_url(game))
    assert page_totals(page) == [10, 13, 10, Decimal("8.7")]
    assert page_hands(page)[-2:] == [[2, 2, 1, Decimal("1.7")], [1, 4, 2, 0]]
    shown = words(page)
    assert "Dan wins." in shown
    assert "Go Nov: landed exactly on 11, so the total becomes 8.7, the average of the others" in (
        shown
    )
    assert "−2.3" in shown or "-2.3" in shown
    assert "Go Nov average kept to one decimal" in shown
    csv_body = client.get(game_url(game, "scores.csv")).content.decode("utf-8-sig")
    assert "Total,10,13,10,8.7" in csv_body.replace("\r", "")


def test_one_decimal_uses_the_languages_decimal_separator(client: Client, db: None) -> None:
    game = _imported("go-nov-one-decimal.json")
    response = client.get(game_url(game), HTTP_ACCEPT_LANGUAGE="fr")
    shown = words(response)
    assert "8,7" in shown and "8.7" not in shown
    assert page_totals(response) == [10, 13, 10, Decimal("8.7")]  # the Total cells, read back
    assert "Dan 8,7." in text(response)  # the chart's label, for screen readers


def test_changing_to_one_decimal_mid_game_rescores_every_hand(client: Client, db: None) -> None:
    """The same log rounded half up (the default): Dan's Go Nov gives 9, his hand 5 is 2, his
    total 9; the table then keeps one decimal: 8.7."""
    path = Path(settings.BASE_DIR) / "docs" / "examples" / "ui77" / "go-nov-one-decimal.json"
    data = json.loads(path.read_text())
    data["options"] = {}
    _, game = actions.check_import_log(data)
    assert page_totals(client.get(game_url(game))) == [10, 13, 10, 9]
    response = client.post(
        game_url(game, "options/"), {"client_id": new_uuid(), "nov_rounding": "tenth"}
    )
    assert response.status_code == 302
    assert page_totals(client.get(game_url(game))) == [10, 13, 10, Decimal("8.7")]


def test_the_ledger_counts_tenths_in_whole_minor_units() -> None:
    """Hand 5 at 1 cent a point, counting down (each pair settles its difference): Ann and Bob
    −1.3 cents, Cat +2.7, Dan −0.1, in tenths (−13, −13, 27, −1). Rounded down: −2, −2, 2, −1
    (3 short of zero); the largest remainders (Dan 0.9, then Ann, Bob, Cat at 0.7 in seat
    order) get one each: −1, −1, 2, 0."""
    assert whole_units((-13, -13, 27, -1), 10) == (-1, -1, 2, 0)
    assert whole_units((7, 7, -14), 10) == (1, 1, -2)  # 0.7, 0.7, −1.4
    assert whole_units((5, -5), 1) == (5, -5)


def test_the_ledger_of_a_game_with_tenths_adds_up(db: None) -> None:
    """go-nov-one-decimal.json at 1 cent a point: hands 1 to 4 cancel out (each player gets −9,
    −1, +3 and +7 once); hand 5 gives −1.3, −1.3, +2.7, −0.1 cents (above); hand 6 (1, 4, 2, 0
    points) gives +3, −9, −1, +7. The exact sum, 1.7, −10.3, 1.7, 6.9 cents, is rounded once
    (docs/ledger.md): down to 1, −11, 1, 6, three cents short; Dan's 0.9 gets one, then two of
    the three 0.7s (Ann, Bob −11 + 0.7, Cat) in turn round the table: hand 5's tie gave Ann and
    Bob theirs, so this one starts from Cat: Cat, then Ann. Balances: Ann +2, Bob −11, Cat +2,
    Dan +7 cents (rounded hand by hand they were +2, −10, +1, +7: Bob's 0.3 a cent lost)."""
    game = _imported("go-nov-one-decimal.json")
    table = game.table
    table.point_stake = 1
    table.save(update_fields=["point_stake"])
    people = build_ledger(table, table.score_key)["people"]
    assert {p.name: p.balance for p in people} == {"Ann": 2, "Bob": -11, "Cat": 2, "Dan": 7}


def test_the_first_deal_can_check_how_the_first_dealer_was_found(
    client: Client, ui77_game: Game
) -> None:
    """Rule 2: from Bob, 2♥ to Bob, K♦ to Cat, 9♣ (the first club) to Ann, so Ann deals."""
    form = words(client.get(game_url(ui77_game)))
    assert "Check how the first dealer was found (optional)" in form
    wrong = deal_data(1, "5S 8H 7D") | {"first_cards": "2H KD 9C", "first_start": 1}
    response = record(client, ui77_game, "deal", wrong)
    assert response.status_code == 200
    assert "9♣ went to Ann, so Ann deals first, not Bob." in words(response)
    assert event_count(ui77_game) == 0
    right = deal_data(0, "5S 8H 7D") | {"first_cards": "2H KD 9C", "first_start": 1}
    assert record(client, ui77_game, "deal", right).status_code == 302
    stored = Game.objects.get(pk=ui77_game.pk).events.get().payload
    assert stored["first_cards"] == ["2H", "KD", "9C"] and stored["first_start"] == 1
    assert "Check how the first dealer was found" not in words(client.get(game_url(ui77_game)))
