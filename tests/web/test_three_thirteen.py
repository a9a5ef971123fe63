"""Recording Three Thirteen through the HTTP views: the deal, quick entry and full entry with the
card picker, without JavaScript (302 and a row), with htmx (the fragments that changed), and
refused (200, the rule's message, nothing written). Expected scores are worked out by hand from
rulings §3.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.three_thirteen.game import Deal, Result
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import (
    cards_data,
    entry_tests,
    event_count,
    game_url,
    page_hands,
    page_totals,
    record,
    start,
    text,
    words,
)


@pytest.fixture
def thirteen_game(three_player_table: Table) -> Game:
    return start(three_player_table, "three_thirteen")


@pytest.fixture
def dealt(thirteen_game: Game) -> Game:
    """Hand 1 (3 cards, 3s wild) dealt by Ann."""
    actions.check_record_event(thirteen_game, Deal(dealer=Seat(0)))
    return thirteen_game


@pytest.fixture
def second_hand(dealt: Game) -> Game:
    """Hand 1 scored (Bob out; Ann 7, Cat 13), hand 2 (4 cards, 4s wild) dealt by Bob."""
    actions.check_record_event(dealt, Result(out=Seat(1), deadwood=(7, 0, 13)))
    actions.check_record_event(dealt, Deal(dealer=Seat(1)))
    return dealt


LEGAL = [
    pytest.param(
        "deal",
        "thirteen_game",
        {"dealer": 0},
        {"type": "deal", "dealer": 0},
        "Hand 1: 3 cards each, 3s wild.",
        id="deal",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "deadwood_0": "4+3", "deadwood_1": "", "deadwood_2": "13"},
        {"type": "result", "out": 1, "deadwood": [7, 0, 13]},
        "Bob deals hand 2: 4 cards each, 4s wild.",
        id="result",
    ),
    pytest.param(
        "result",
        "dealt",
        # Cards typed in the deadwood boxes are counted as the best arrangement counts them:
        # Ann K♥ 7♠ 2♦ melds nothing (10 + 7 + 2); Cat 3♣ 9♥ 9♠ is a set of 9s with a 3 wild.
        {"out": 1, "deadwood_0": "KH 7S 2D", "deadwood_1": "", "deadwood_2": "3c, 9h, 9s"},
        {"type": "result", "out": 1, "deadwood": [19, 0, 0]},
        "Bob deals hand 2: 4 cards each, 4s wild.",
        id="result-cards-typed",
    ),
    pytest.param(
        "hands",
        "second_hand",
        cards_data(2, {0: "4H 4S 9D KC", 1: "2H 3H 4D 9S", 2: "7S 7D 7C 4C"}),
        {
            "type": "hands",
            "out": 2,
            "cards": [["4S", "4H", "9D", "KC"], ["9S", "3H", "2H", "4D"], ["7S", "7D", "7C", "4C"]],
        },
        "Cat deals hand 3: 5 cards each, 5s wild.",
        id="hands",
    ),
]

ILLEGAL = [
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "deadwood_0": "7", "deadwood_1": "3", "deadwood_2": "13"},
        "Bob went out, so every card was melded: their deadwood must be 0, not 3.",
        id="result-out-with-deadwood",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "deadwood_0": "31", "deadwood_2": "13"},
        "Ann's deadwood of 31 is more than this hand allows: 3 cards at 10 at most make 30.",
        id="result-above-maximum",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "deadwood_0": "KH 7S", "deadwood_2": "13"},
        "Ann's cards: 2 typed, but a hand of 1 holds 3.",
        id="result-cards-typed-wrong-count",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "deadwood_0": "seven", "deadwood_2": "13"},
        "Type the deadwood in points (a sum such as 12+11+7), or the player's cards (such as "
        "KH 7S JD).",
        id="result-neither-points-nor-cards",
    ),
    pytest.param(
        "hands",
        "second_hand",
        cards_data(0, {0: "4H 4S 9D KC", 1: "2H 3H 4D 9S", 2: "7S 7D 7C 4C"}),
        "Ann cannot have gone out: at best 9♦ are left over (9 points).",
        id="hands-out-not-melded",
    ),
    pytest.param(
        "hands",
        "second_hand",
        cards_data(2, {0: "4H 4S 9D", 1: "2H 3H 4D 9S", 2: "7S 7D 7C 4C"}),
        "Ann has 3 cards, but each player ends hand 2 with 4.",
        id="hands-wrong-count",
    ),
    pytest.param(
        "hands",
        "second_hand",
        cards_data(2, {0: "4H 4H 4H KC", 1: "2H 3H 4D 9S", 2: "7S 7D 7C 4C"}),
        "4♥ is entered 3 times, but the 2 packs hold it only 2 times.",
        id="hands-too-many-copies",
    ),
    pytest.param(
        "deal",
        "second_hand",
        {"dealer": 2},
        "A deal cannot be recorded now: hand 2 is dealt, record its result.",
        id="deal-twice",
    ),
]

(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_full_entry_shows_the_best_arrangement(client: Client, second_hand: Game) -> None:
    data = cards_data(2, {0: "4H 4S 9D KC", 1: "2H 3H 4D 9S", 2: "7S 7D 7C 4C"})
    assert record(client, second_hand, "hands", data).status_code == 302
    page = client.get(game_url(second_hand))
    # 4s wild: Ann melds K♣ with both 4s and keeps 9♦ (9); Bob 2♥ 3♥ + 4♦, 9♠ left (9)
    assert page_hands(page) == [[7, 0, 13], [9, 9, 0]]
    assert page_totals(page) == [16, 9, 13]
    shown = words(page)
    assert "Left over 9♦ (best arrangement: K♣ 4♠ 4♥)" in shown
    assert "Left over 9♠ (best arrangement: 2♥ 3♥ 4♦)" in shown


def test_cards_may_be_typed(client: Client, second_hand: Game) -> None:
    data = cards_data(2, {0: "4h 4s 9d kc", 1: "2H,3H 4D 9S", 2: "7♠ 7♦ 7♣ 4♣"}, typed=True)
    assert record(client, second_hand, "hands", data).status_code == 302
    assert page_totals(client.get(game_url(second_hand))) == [16, 9, 13]


def test_a_bad_typed_card_is_named(client: Client, second_hand: Game) -> None:
    before = event_count(second_hand)
    data = cards_data(2, {0: "4H 4S 9X KC", 1: "2H 3H 4D 9S", 2: "7S 7D 7C 4C"}, typed=True)
    response = record(client, second_hand, "hands", data)
    assert response.status_code == 200
    assert "'9X' is not a card: 'X' is not a suit" in text(response)
    assert event_count(second_hand) == before


def test_the_screen_shows_the_wild_rank_and_cards_dealt(client: Client, second_hand: Game) -> None:
    shown = words(client.get(game_url(second_hand)))
    assert "Wild 4s" in shown
    assert "Cards dealt 4" in shown
    assert "Standing Ann 7 · Bob 0 · Cat 13" in shown
    assert "Wild: 4s" in shown  # the rules for this hand


def test_the_card_picker_offers_every_card_and_copy(client: Client, second_hand: Game) -> None:
    page = client.get(game_url(second_hand), {"entry": "hands"}).content.decode()
    # two packs for three players: each card twice, no joker
    assert page.count('name="cards_0"') == 104
    assert 'value="9H.2"' in page and 'value="9H.3"' not in page
    assert 'value="JK' not in page
    assert 'name="cards_0_typed"' in page


def test_card_picker_doctest() -> None:
    import doctest

    from companion.tables.entry import cards

    assert doctest.testmod(cards).failed == 0


def test_melds_as_laid_out(client: Client, three_player_table: Table) -> None:
    """With the option "as laid out", the full entry takes each player's melds too."""
    game = start(three_player_table, "three_thirteen", {"arrangement": "declared"})
    actions.check_record_event(game, Deal(dealer=Seat(0)))
    data = cards_data(1, {0: "5H 6H 7H", 1: "9S 9D 3C", 2: "KS QS 3H"})
    data |= {"melds_0": "", "melds_1": "9S 9D 3C", "melds_2": "KS QS 3H"}
    assert record(client, game, "hands", data).status_code == 302
    page = client.get(game_url(game))
    assert page_hands(page) == [[18, 0, 0]]
    refused = record(client, game, "hands", data)  # a new hand is not dealt yet: refused
    assert refused.status_code == 200
    actions.check_record_event(game, Deal(dealer=Seat(1)))
    bad = cards_data(2, {0: "5H 6H 7H 8H", 1: "9S 9D 4C 2C", 2: "KS QS 4H 2H"})
    bad |= {"melds_0": "5H 6H 7H 8H", "melds_1": "9S 9D 4C", "melds_2": "KS QS 4H / 2X"}
    response = record(client, game, "hands", bad)
    assert "'2X' is not a card" in text(response)
