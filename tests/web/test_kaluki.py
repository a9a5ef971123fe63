"""Recording Kaluki through the HTTP views: the deal, a turn's melds, quick entry and full entry
with the card picker, without JavaScript (302 and a row), with htmx (the fragments that
changed), and refused (200, the rule's message, nothing written); the money on the table's
ledger. Expected payments are worked out by hand from rulings §9.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.kaluki.game import Deal, Melds, Result
from companion.rules.cards import parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import (
    cards_data,
    entry_tests,
    event_count,
    game_url,
    ledger,
    ledger_at,
    page_hands,
    page_totals,
    record,
    start,
    text,
    words,
)


@pytest.fixture
def kaluki_game(three_player_table: Table) -> Game:
    return start(three_player_table, "kaluki")


@pytest.fixture
def dealt(kaluki_game: Game) -> Game:
    """Hand 1 dealt by Ann."""
    actions.check_record_event(kaluki_game, Deal(dealer=Seat(0)))
    return kaluki_game


@pytest.fixture
def melded(dealt: Game) -> Game:
    """Bob's first meld: 8♥ 9♥ 10♥ (27) and K♠ K♦ K♣ (30)."""
    melds = (parse_cards("8H 9H 10H"), parse_cards("KS KD KC"))
    actions.check_record_event(dealt, Melds(player=Seat(1), melds=melds))
    return dealt


LEGAL = [
    pytest.param(
        "deal",
        "kaluki_game",
        {"dealer": 0, "cut_joker": "on"},
        {"type": "deal", "dealer": 0, "cut_joker": True},
        "Hand 1: record each turn's melds as they are laid, if you like.",
        id="deal",
    ),
    pytest.param(
        "melds",
        "dealt",
        {"player": 1, "melds": "8h 9h 10h / KS KD KC", "layoffs": "", "took": "9H"},
        {
            "type": "melds",
            "player": 1,
            "melds": [["8H", "9H", "10H"], ["KS", "KD", "KC"]],
            "layoffs": [],
            "took": "9H",
            "swaps": [],
        },
        "1: 8♥ 9♥ 10♥ (Bob)",
        id="melds",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "cards_0": "4", "jokers_0": "1", "cards_2": "2+1", "jokers_2": "0"},
        {
            "type": "result",
            "out": 1,
            "kaluki": False,
            "cards": [4, 0, 3],
            "jokers": [1, 0, 0],
        },
        "Bob deals hand 2: fifteen cards each.",
        id="result",
    ),
    pytest.param(
        "hands",
        "dealt",
        cards_data(2, {0: "7S 8S JK", 1: "KC KC"}, ticked=("kaluki",)),
        {
            "type": "hands",
            "out": 2,
            "kaluki": True,
            "cards": [["8S", "7S", "JK"], ["KC", "KC"], []],
        },
        "Bob deals hand 2: fifteen cards each.",
        id="hands",
    ),
]

ILLEGAL = [
    pytest.param(
        "melds",
        "dealt",
        {"player": 1, "melds": "8H 9H 10H / 2S 3S 4S"},
        "Bob's first meld is worth 36 (8♥ 9♥ 10♥ 27 + 2♠ 3♠ 4♠ 9): a first meld must be worth "
        "at least 51.",
        id="first-meld-under-51",
    ),
    pytest.param(
        "melds",
        "melded",
        {"player": 0, "layoffs": "1: JH QH"},
        "Ann has not melded yet: lay-offs count toward a first meld, but it must hold a meld of "
        "Ann's own.",
        id="lay-off-without-own-meld",
    ),
    pytest.param(
        "melds",
        "melded",
        {"player": 1, "melds": "JS JD JD"},
        "Bob's J♠ J♦ J♦ is not a meld: the cards of a set must all be of different suits.",
        id="set-same-suit",
    ),
    pytest.param(
        "melds",
        "dealt",
        {"player": 1, "melds": "QH KH AH / JS JD JC", "took": "9D"},
        "Bob drew 9♦ from the discards, so it must be melded in the same turn: it is in none of "
        "the melds or lay-offs.",
        id="upcard-not-melded",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "cards_0": "16", "cards_2": "3"},
        "Ann holds 16 cards, but a player holds at most fifteen at the end of a hand.",
        id="too-many-cards",
    ),
    pytest.param(
        "result",
        "dealt",
        {"out": 1, "cards_0": "2", "jokers_0": "3", "cards_2": "3"},
        "Ann holds 3 jokers among only 2 cards.",
        id="jokers-more-than-cards",
    ),
    pytest.param(
        "hands",
        "melded",
        cards_data(2, {0: "KS KD", 1: "KS"}),
        "K♠ is entered 3 times, but the two packs hold it only twice.",
        id="hands-too-many-copies",
    ),
    pytest.param(
        "stock-out",
        "dealt",
        {},
        "This table plays on when the stock runs out: turn the discards over as a new stock, "
        "keeping the top card as the discard pile, and go on with the hand.",
        id="stock-out-reshuffled",
    ),
]

(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_kaluki_with_jokers_left_pays_double(client: Client, dealt: Game) -> None:
    # Cat goes Kaluki: Ann holds 7♠ 8♠ and a joker: (3 + 1) x 2 = 8; Bob K♣ K♣: 2 x 2 = 4.
    data = cards_data(2, {0: "7S 8S JK", 1: "KC KC"}, ticked=("kaluki",))
    assert record(client, dealt, "hands", data).status_code == 302
    page = client.get(game_url(dealt))
    assert page_hands(page) == [[-8, -4, 12]]
    assert page_totals(page) == [-8, -4, 12]
    shown = words(page)
    assert "Held 8♠ 7♠ Joker; they could have melded 7♠ 8♠ Joker" in shown
    assert "Kaluki: the payment doubled" in shown
    assert "Kaluki: every card melded in one turn, every payment doubled" in shown


def test_the_money_reaches_the_ledger(client: Client, dealt: Game) -> None:
    actions.check_record_event(dealt, Result(out=Seat(1), cards=(4, 0, 3), jokers=(1, 0, 0)))
    # A unit is worth €0.25: Ann pays 4 + 1 = 5 units (€1.25), Cat 3 (€0.75), Bob gets €2.00.
    page = ledger_at(client, dealt, "0.25")
    assert "Ann -€1.25" in page and "Bob +€2.00" in page and "Cat -€0.75" in page
    assert "Ann pays Bob €1.25" in page and "Cat pays Bob €0.75" in page
    assert "Ann dealt; Bob went out" in page
    # Undo the hand: the ledger is square again.
    client.post(game_url(dealt, "undo/"))
    assert "Everyone is square" in ledger(client, dealt)


def test_the_screen_shows_the_melds_and_who_has_melded(client: Client, melded: Game) -> None:
    shown = words(client.get(game_url(melded)))
    assert "Melds on the table 1: 8♥ 9♥ 10♥ (Bob) · 2: K♠ K♦ K♣ (Bob)" in shown
    assert "First meld made Bob" in shown
    assert "First meld:" in shown or "First meld" in shown  # the rules for this hand


def test_the_card_picker_offers_two_of_each_card_and_four_jokers(
    client: Client, dealt: Game
) -> None:
    page = client.get(game_url(dealt), {"entry": "hands"}).content.decode()
    assert page.count('name="cards_0"') == 108
    assert 'value="9H.2"' in page and 'value="9H.3"' not in page
    assert 'value="JK.4"' in page and 'value="JK.5"' not in page


def test_a_bad_meld_text_is_named(client: Client, dealt: Game) -> None:
    before = event_count(dealt)
    response = record(client, dealt, "melds", {"player": 1, "melds": "8H 9X 10H"})
    assert response.status_code == 200
    assert "'9X' is not a card: 'X' is not a suit" in text(response)
    response = record(client, dealt, "melds", {"player": 1, "layoffs": "JH QH"})
    assert "Start each group with the meld's number and a colon: 2: JH QH" in text(response)
    assert event_count(dealt) == before


def test_stock_out_voids_the_hand_by_house_rule(client: Client, three_player_table: Table) -> None:
    game = start(three_player_table, "kaluki", {"stock_out": "void"})
    actions.check_record_event(game, Deal(dealer=Seat(0)))
    assert record(client, game, "stock-out", {}).status_code == 302
    page = client.get(game_url(game))
    assert page_hands(page) == [[0, 0, 0]]
    assert "The stock ran out: the hand is void, nobody pays" in words(page)
