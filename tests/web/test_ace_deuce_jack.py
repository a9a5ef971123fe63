"""Recording Ace-Deuce-Jack through the HTTP views: the bank, each bet, each pile turned, a whole
hand at once, a misdeal; without JavaScript and with htmx; refused entries naming the rule; the
money in the table's ledger. Amounts worked out by hand from rulings §4.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.ace_deuce_jack.events import Bank, Bet, HighCard, Round, Turn
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import (
    entry_tests,
    game_url,
    ledger,
    ledger_at,
    page_hands,
    page_totals,
    record,
    start_in_chips,
    words,
)


@pytest.fixture
def adj_game(three_player_table: Table) -> Game:
    return start_in_chips(three_player_table, "ace_deuce_jack", {"hands_per_bank": 2})


@pytest.fixture
def banked(adj_game: Game) -> Game:
    """Ann banks, bets 1 to 10, and can cover 15."""
    actions.check_record_event(adj_game, Bank(banker=Seat(0), min_bet=1, max_bet=10, stack=15))
    return adj_game


@pytest.fixture
def bets_placed(banked: Game) -> Game:
    """Bob bet 5 and Cat 10."""
    actions.check_record_event(banked, Bet(seat=Seat(1), amount=5))
    actions.check_record_event(banked, Bet(seat=Seat(2), amount=10))
    return banked


@pytest.fixture
def one_pile(bets_placed: Game) -> Game:
    """The first pile showed 7♥."""
    actions.check_record_event(bets_placed, Turn(card=parse_card("7H")))
    return bets_placed


@pytest.fixture
def bank_done(banked: Game) -> Game:
    """Ann's two hands are played: her bank passes to Bob."""
    actions.check_record_event(banked, Round(bets=(0, 2, 0), cards=parse_cards("4C 5C 6C")))
    actions.check_record_event(banked, Round(bets=(0, 0, 3), cards=parse_cards("AC")))
    return banked


@pytest.fixture
def kings_tie(adj_game: Game) -> Game:
    """The draw for the bank: Ann 9♣, Bob K♥, Cat K♠; Bob and Cat draw again."""
    for seat, card in ((0, "9C"), (1, "KH"), (2, "KS")):
        actions.check_record_event(adj_game, HighCard(seat=Seat(seat), card=parse_card(card)))
    return adj_game


LEGAL = [
    pytest.param(
        "high_card",
        "kings_tie",
        {"seat": 2, "rank": "7", "suit": "H"},
        {"type": "high_card", "seat": 2, "card": "7H"},
        "Deal a card face up to Bob for the bank.",
        id="high-card",
    ),
    pytest.param(
        "bank",
        "adj_game",
        {"banker": 0, "min_bet": 1, "max_bet": 10, "stack": ""},
        {"type": "bank", "banker": 0, "min_bet": 1, "max_bet": 10},
        "Bets of 1 to 10 against Ann, then turn the piles.",
        id="bank",
    ),
    pytest.param(
        "bet",
        "banked",
        {"seat": 1, "amount": 5},
        {"type": "bet", "seat": 1, "amount": 5},
        "Bob 5",
        id="bet",
    ),
    pytest.param(
        "turn",
        "one_pile",
        {"rank": "K", "suit": "S"},
        {"type": "turn", "card": "KS"},
        "Turn pile 3 of 3.",
        id="turn",
    ),
    pytest.param(
        "turn",
        "bets_placed",
        {"rank": "J", "suit": "D"},
        {"type": "turn", "card": "JD"},
        "J♦ turned: the bank takes 2 bets",
        id="turn-jack-settles",
    ),
    pytest.param(
        "round",
        "banked",
        {
            "bet_1": 4,
            "bet_2": "",
            "rank_1": "Q",
            "suit_1": "H",
            "rank_2": "K",
            "suit_2": "H",
            "rank_3": "3",
            "suit_3": "S",
        },
        {"type": "round", "bets": [0, 4, 0], "cards": ["QH", "KH", "3S"]},
        "No ace, deuce or jack: the bank pays 1 bet",
        id="round",
    ),
    pytest.param(
        "misdeal",
        "one_pile",
        {},
        {"type": "misdeal"},
        "Bets of 1 to 10 against Ann, then turn the piles.",
        id="misdeal",
    ),
    pytest.param(
        "bank",
        "bank_done",
        {"banker": 1, "min_bet": 2, "max_bet": 20, "stack": 50},
        {"type": "bank", "banker": 1, "min_bet": 2, "max_bet": 20, "stack": 50},
        "Bets of 2 to 20 against Bob, then turn the piles.",
        id="bank-passes",
    ),
]

ILLEGAL = [
    pytest.param(
        "high_card",
        "kings_tie",
        {"seat": 2, "rank": "9", "suit": "C"},
        "9♣ has already been dealt in the draw.",
        id="card-dealt-twice",
    ),
    pytest.param(
        "round",
        "banked",
        {"rank_1": "A", "suit_1": "S"},
        "Nobody has bet: record the bets before turning a pile.",
        id="no-bets",
    ),
    pytest.param(
        "bet",
        "bets_placed",
        {"seat": 1, "amount": 3},
        "Bob has already bet this hand.",
        id="bet-twice",
    ),
    pytest.param(
        "turn",
        "one_pile",
        {"rank": "7", "suit": "H"},
        "7♥ is already turned: the three cards are different.",
        id="card-twice",
    ),
    pytest.param(
        "round",
        "banked",
        {"bet_1": 4, "rank_1": "Q", "suit_1": "H", "rank_2": "K", "suit_2": "H"},
        "Turn all three piles, or stop at the first ace, deuce or jack.",
        id="piles-missing",
    ),
    pytest.param(
        "bank",
        "bank_done",
        {"banker": 2, "min_bet": 1, "max_bet": 10},
        "The bank passes to Bob, on Ann's left, not to Cat.",
        id="wrong-banker",
    ),
]

(
    test_entry_recorded_without_js,
    test_entry_recorded_with_htmx,
    test_entry_refused,
) = entry_tests(LEGAL, ILLEGAL)


def test_bets_beyond_what_the_bank_covers_are_flagged(client: Client, banked: Game) -> None:
    record(client, banked, "bet", {"seat": 1, "amount": 10})
    response = record(client, banked, "bet", {"seat": 2, "amount": 6})
    assert response.status_code == 302
    page = words(client.get(game_url(banked)))
    assert "Cat's bet of 6 brings the bets to 16, more than the 15 Ann can cover." in page


def test_a_bet_outside_the_limits_is_refused_with_the_limits(
    client: Client, three_player_table: Table
) -> None:
    game = start_in_chips(three_player_table, "ace_deuce_jack")
    # Limits 1 to 50: the amount is typed on a number pad.
    actions.check_record_event(game, Bank(banker=Seat(0), min_bet=5, max_bet=50))
    response = record(client, game, "bet", {"seat": 1, "amount": 60})
    assert response.status_code == 200
    assert "Bob's bet of 60 is outside the limits: 5 to 50." in words(response)


def test_a_hand_pile_by_pile_is_scored_and_explained(client: Client, one_pile: Game) -> None:
    record(client, one_pile, "turn", {"rank": "K", "suit": "S"})
    record(client, one_pile, "turn", {"rank": "4", "suit": "D"})
    page = client.get(game_url(one_pile))
    # 7♥ K♠ 4♦: no ace, deuce or jack; Ann pays Bob 5 and Cat 10.
    assert page_hands(page) == [[-15, 5, 10]]
    assert page_totals(page) == [-15, 5, 10]
    shown = words(page)
    assert "7♥ K♠ 4♦ turned: the bet of 10 is paid at even money" in shown
    assert "No ace, deuce or jack: the bank pays 2 bets" in shown


def test_the_piles_turned_after_a_jack_are_recorded_and_shown(
    client: Client, one_pile: Game
) -> None:
    # Ruling 4.2.3: the banker shows all three bottom cards. 7♥ then J♣ settles the hand (the
    # bank takes both bets); the table turns the third pile too: 5♦ is recorded and shown with
    # the hand, and the money stays as the jack made it.
    record(client, one_pile, "turn", {"rank": "J", "suit": "C"})
    form = words(client.get(game_url(one_pile), {"entry": "turn"}))
    assert "The hand is settled. The bottom card of pile 3" in form
    response = record(client, one_pile, "turn", {"rank": "5", "suit": "D"})
    assert response.status_code == 302
    page = client.get(game_url(one_pile))
    assert page_hands(page) == [[15, -5, -10]]
    assert "Ann banks; 7♥ J♣ 5♦: the bank wins." in words(page)
    assert "Pile turned: 5♦" in words(client.get(game_url(one_pile, "history/")))


def test_the_money_reaches_the_ledger(client: Client, one_pile: Game) -> None:
    record(client, one_pile, "turn", {"rank": "K", "suit": "S"})
    record(client, one_pile, "turn", {"rank": "4", "suit": "D"})
    # A chip is worth €0.50: Ann -15 chips = -€7.50, Bob +€2.50, Cat +€5.00.
    page = ledger_at(client, one_pile, "0.50")
    assert "Ann -€7.50" in page and "Bob +€2.50" in page and "Cat +€5.00" in page
    assert "Ann pays Bob €2.50" in page and "Ann pays Cat €5.00" in page
    assert "Ann banks; 7♥ K♠ 4♦: the players win." in page
    # Undo the last card: the hand is open again and the ledger is square.
    client.post(game_url(one_pile, "undo/"))
    assert "Everyone is square" in ledger(client, one_pile)
