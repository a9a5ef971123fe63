"""Recording Skin through the HTTP views: the bank, cards turned and taken with a bet, the banker's
card, a side bet, the banker's loss and decline, the pack running out; without JavaScript and
with htmx; refused entries naming the rule (a dead rank, a side bet without a bet); the money in
the ledger. Amounts worked out by hand from rulings §10.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.skin.events import Bank, BankerCard, Turn
from companion.rules.cards import parse_card
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import entry_tests, game_url, ledger_at, page_hands, record, start_in_chips, words

c = parse_card


@pytest.fixture
def skin_game(four_player_table: Table) -> Game:
    return start_in_chips(four_player_table, "skin")


@pytest.fixture
def banked(skin_game: Game) -> Game:
    """Ann banks, 1 to 10."""
    actions.check_record_event(skin_game, Bank(banker=Seat(0), min_bet=1, max_bet=10))
    return skin_game


@pytest.fixture
def first_taken(banked: Game) -> Game:
    """Dan took the 7♥ and bet 4: the banker's card is awaited."""
    actions.check_record_event(banked, Turn(card=c("7H"), taker=Seat(3), bet=4))
    return banked


@pytest.fixture
def under_way(first_taken: Game) -> Game:
    """Ann's card is the Q♣; Cat took the 9♠ with 5."""
    actions.check_record_event(first_taken, BankerCard(card=c("QC")))
    actions.check_record_event(first_taken, Turn(card=c("9S"), taker=Seat(2), bet=5))
    return first_taken


@pytest.fixture
def nine_dead(under_way: Game) -> Game:
    """The 9♦ paired Cat's card: Ann took her 5; 9s are dead."""
    actions.check_record_event(under_way, Turn(card=c("9D")))
    return under_way


@pytest.fixture
def banker_lost(under_way: Game) -> Game:
    """The Q♥ paired Ann's card: she paid Cat 5 and Dan 4."""
    actions.check_record_event(under_way, Turn(card=c("QH")))
    return under_way


LEGAL = [
    pytest.param(
        "first_ace",
        "skin_game",
        {"seat": 2, "suit": "D", "before": "7h ks"},
        {"type": "first_ace", "seat": 2, "cards": ["7H", "KS", "AD"]},
        "Cat was dealt the first ace and banks: the limits for the first deal?",
        id="first-ace",
    ),
    pytest.param(
        "bank",
        "skin_game",
        {"banker": 0, "min_bet": 1, "max_bet": 10},
        {"type": "bank", "banker": 0, "min_bet": 1, "max_bet": 10},
        "Turn the next card: it is offered to Dan first.",
        id="bank",
    ),
    pytest.param(
        "turn",
        "banked",
        {"rank": "7", "suit": "H", "taker": "3", "bet": "4"},
        {"type": "turn", "card": "7H", "taker": 3, "bet": 4},
        "Dan took the first card: Ann deals their own card.",
        id="turn-taken",
    ),
    pytest.param(
        "banker_card",
        "first_taken",
        {"rank": "Q", "suit": "C"},
        {"type": "banker_card", "card": "QC"},
        "Turn the next card: it is offered to Cat first.",
        id="banker-card",
    ),
    pytest.param(
        "turn",
        "under_way",
        {"rank": "9", "suit": "D", "taker": "-"},
        {"type": "turn", "card": "9D"},
        "Dead ranks 9",
        id="turn-pairs-a-player",
    ),
    pytest.param(
        "side_bet",
        "under_way",
        {"bettor": 2, "target": 3, "amount": 3},
        {"type": "side_bet", "bettor": 2, "target": 3, "amount": 3},
        "Cat bets Dan 3 that Dan's card goes first",
        id="side-bet",
    ),
    pytest.param(
        "decline",
        "banker_lost",
        {},
        {"type": "decline"},
        "The bank passes to Bob, who sets the limits for the next deal.",
        id="decline",
    ),
    pytest.param(
        "out",
        "under_way",
        {},
        {"type": "out"},
        "The pack ran out: the bet of 5 goes back",
        id="out",
    ),
]

ILLEGAL = [
    pytest.param(
        "first_ace",
        "skin_game",
        {"seat": 2, "suit": "D", "before": "AS 7H"},
        "A♠ is an ace, dealt to Ann: the deal stops there and Ann banks.",
        id="ace-earlier",
    ),
    pytest.param(
        "turn",
        "nine_dead",
        {"rank": "9", "suit": "C", "taker": "1", "bet": "2"},
        "9s are dead: 9♣ is discarded.",
        id="dead-rank",
    ),
    pytest.param(
        "turn",
        "under_way",
        {"rank": "Q", "suit": "H", "taker": "1", "bet": "2"},
        "Q♥ pairs the banker's card: the bank pays, nobody takes it.",
        id="pairs-the-banker",
    ),
    pytest.param(
        "turn",
        "under_way",
        {"rank": "9", "suit": "S", "taker": "-"},
        "9♠ has already been turned this deal.",
        id="card-twice",
    ),
]

(
    test_entry_recorded_without_js,
    test_entry_recorded_with_htmx,
    test_entry_refused,
) = entry_tests(LEGAL, ILLEGAL)


def test_a_whole_deal_with_a_side_bet_and_the_ledger(client: Client, under_way: Game) -> None:
    # Cat bets Dan 3 that Dan's 7 goes first. The 7♦ comes: the bank takes Dan's 4, Cat wins 3
    # from Dan. Bob takes the 5♣ with 6. The Q♥ pairs Ann's card: she pays Cat 5 and Bob 6.
    # She declines; no side bet is open: the deal ends.
    record(client, under_way, "side_bet", {"bettor": 2, "target": 3, "amount": 3})
    record(client, under_way, "turn", {"rank": "7", "suit": "D", "taker": "-"})
    record(client, under_way, "turn", {"rank": "5", "suit": "C", "taker": "1", "bet": "6"})
    record(client, under_way, "turn", {"rank": "Q", "suit": "H", "taker": "-"})
    assert "Ann lost: take a new card" in words(client.get(game_url(under_way)))
    record(client, under_way, "decline", {})
    page = client.get(game_url(under_way))
    # Ann +4 -5 -6 = -7; Bob +6; Cat +5 +3 = +8; Dan -4 -3 = -7.
    assert page_hands(page) == [[-7, 6, 8, -7]]
    shown = words(page)
    assert "7♦ settled the side bet: Cat wins 3 from Dan" in shown
    money = ledger_at(client, under_way, "0.25", "$")
    assert "Ann -$1.75" in money and "Bob +$1.50" in money
    assert "Cat +$2.00" in money and "Dan -$1.75" in money
