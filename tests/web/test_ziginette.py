"""Recording Ziginette through the HTTP views: the bank, the deal (a playette too), bets on board
cards, each card turned, the end of a deal; without JavaScript and with htmx; refused entries
naming the rule (a dead rank, the banker's card); the money and the house's cut in the ledger.
Amounts worked out by hand from rulings §2.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.ziginette.events import Bank, Bet, Deal, Draw, Stop
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import entry_tests, game_url, ledger_at, page_hands, record, start_in_chips, words

c, cs = parse_card, parse_cards


@pytest.fixture
def zig_game(three_player_table: Table) -> Game:
    return start_in_chips(three_player_table, "ziginette")


@pytest.fixture
def banked(zig_game: Game) -> Game:
    """Ann banks, 1 to 10 a card."""
    actions.check_record_event(zig_game, Bank(banker=Seat(0), min_bet=1, max_bet=10))
    return zig_game


@pytest.fixture
def dealt(banked: Game) -> Game:
    """Board 4♠ 6♥, Ann's card K♣."""
    actions.check_record_event(banked, Deal(board=cs("4S 6H"), banker_card=c("KC")))
    return banked


@pytest.fixture
def four_dead(dealt: Game) -> Game:
    """Bob bet 3 on the 4♠; the 4♦ came and Ann took it: 4s are dead; 6♥ is left."""
    actions.check_record_event(dealt, Bet(seat=Seat(1), card=c("4S"), amount=3))
    actions.check_record_event(dealt, Draw(card=c("4D")))
    return dealt


@pytest.fixture
def bob_six(dealt: Game) -> Game:
    """Bob has 6 on the 6♥."""
    actions.check_record_event(dealt, Bet(seat=Seat(1), card=c("6H"), amount=6))
    return dealt


@pytest.fixture
def deal_over(four_dead: Game) -> Game:
    """No bet left: Ann ended the deal."""
    actions.check_record_event(four_dead, Stop())
    return four_dead


def deal_data(*cards: str) -> dict[str, str]:
    data = {}
    for name, card in zip(("board1", "board2", "banker"), cards, strict=True):
        data[f"rank_{name}"], data[f"suit_{name}"] = card[:-1], card[-1]
    return data


LEGAL = [
    pytest.param(
        "bank",
        "zig_game",
        {"banker": 0, "min_bet": 1, "max_bet": 10},
        {"type": "bank", "banker": 0, "min_bet": 1, "max_bet": 10},
        "Ann deals two board cards and their own card.",
        id="bank",
    ),
    pytest.param(
        "deal",
        "banked",
        deal_data("4S", "6H", "KC"),
        {"type": "deal", "board": ["4S", "6H"], "banker_card": "KC"},
        "Bets on the board cards, then Ann turns the next card",
        id="deal",
    ),
    pytest.param(
        "deal",
        "banked",
        deal_data("4S", "6H", "4C"),
        {"type": "deal", "board": ["4S", "6H"], "banker_card": "4C"},
        "Playettes 1",
        id="playette",
    ),
    pytest.param(
        "bet",
        "dealt",
        {"seat": 1, "card": "6H", "amount": 4},
        {"type": "bet", "seat": 1, "card": "6H", "amount": 4},
        "Bob 4",
        id="bet",
    ),
    pytest.param(
        "draw",
        "dealt",
        {"rank": "7", "suit": "D"},
        {"type": "draw", "card": "7D"},
        "Board 7♦",
        id="draw-new-board-card",
    ),
    pytest.param(
        "draw",
        "four_dead",
        {"rank": "6", "suit": "S"},
        {"type": "draw", "card": "6S"},
        "Ann deals again (the limits may change), or passes the bank to Cat.",
        id="draw-clears-the-board",
    ),
    pytest.param(
        "stop",
        "four_dead",
        {},
        {"type": "stop"},
        "Ann deals again (the limits may change), or passes the bank to Cat.",
        id="stop",
    ),
]

ILLEGAL = [
    pytest.param(
        "draw",
        "dealt",
        {"rank": "4", "suit": "S"},
        "4♠ has already been turned this deal.",
        id="card-twice",
    ),
    pytest.param(
        "bet",
        "bob_six",
        {"seat": 1, "card": "6H", "amount": 5},
        "Bob's bet on 6♥ would be 11, more than the largest, 10 per card.",
        id="over-the-limit",
    ),
    pytest.param(
        "bank",
        "deal_over",
        {"banker": 1, "min_bet": 1, "max_bet": 10},
        "The bank passes to Cat, on Ann's right, not to Bob.",
        id="wrong-banker",
    ),
]

(
    test_entry_recorded_without_js,
    test_entry_recorded_with_htmx,
    test_entry_refused,
) = entry_tests(LEGAL, ILLEGAL)


def test_a_bet_on_a_dead_rank_is_refused_with_the_reason(four_dead: Game) -> None:
    # The form offers only live board cards; the engine refuses the dead rank in so many words.
    rules = actions.load(four_dead).rules
    state = actions.load(four_dead).state
    problems = rules.violations(state, Bet(seat=Seat(2), card=c("4S"), amount=2))
    assert [p.message for p in problems] == [
        "4s are dead: that board card was matched and is gone."
    ]


def test_the_board_and_dead_ranks_are_shown(client: Client, four_dead: Game) -> None:
    page = words(client.get(game_url(four_dead)))
    assert "Dead ranks 4" in page
    assert "4s" not in page or "Dead" in page
    assert "6♥ no bet" in page


def test_the_bankers_card_pays_the_board_and_the_cut_goes_to_the_house(
    client: Client, dealt: Game
) -> None:
    # Bob 6 on 4♠, Cat 5 on 6♥; 4♥ takes Bob's 6; 7♦ joins; Cat 2 on 7♦; K♦ pays Cat 5 + 2.
    # Ann: +6 -7 = -1: no cut. Bob -6, Cat +7.
    record(client, dealt, "bet", {"seat": 1, "card": "4S", "amount": 6})
    record(client, dealt, "bet", {"seat": 2, "card": "6H", "amount": 5})
    record(client, dealt, "draw", {"rank": "4", "suit": "H"})
    record(client, dealt, "draw", {"rank": "7", "suit": "D"})
    record(client, dealt, "bet", {"seat": 2, "card": "7D", "amount": 2})
    record(client, dealt, "draw", {"rank": "K", "suit": "D"})
    page = client.get(game_url(dealt))
    assert page_hands(page) == [[-1, -6, 7]]
    shown = words(page)
    assert "K♦ matched the banker's card: the bet of 5 on 6♥ is paid" in shown
    assert "Ann lost the bank: it passes to Cat, who sets the limits." in shown
    # Cat banks next; Bob 10 on A♠ is taken by the A♦, then the 2♣ clears the board: Cat +10,
    # the house 10% = 1, Cat +9.
    record(client, dealt, "bank", {"banker": 2, "min_bet": 1, "max_bet": 10})
    record(client, dealt, "deal", deal_data("AS", "2H", "QD"))
    record(client, dealt, "bet", {"seat": 1, "card": "AS", "amount": 10})
    record(client, dealt, "draw", {"rank": "A", "suit": "D"})
    record(client, dealt, "draw", {"rank": "2", "suit": "C"})
    page = client.get(game_url(dealt))
    assert page_hands(page) == [[-1, -6, 7], [0, -10, 9]]
    assert "The house's cut: 10% of the net win of 10" in words(page)
    money = ledger_at(client, dealt, "1", "")
    # Ann -1, Bob -16, Cat +16, the house +1.
    assert "Ann -1" in money and "Bob -16" in money and "Cat +16" in money
    assert "The house +1" in money
