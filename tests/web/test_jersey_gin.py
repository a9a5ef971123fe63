"""Recording Jersey Gin through the HTTP views: the deal and the quick entry, without JavaScript
(302 and a row), with htmx (the fragments that changed), and refused (200, the rule's message,
nothing written). Expected scores are worked out by hand from rulings §6.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.jersey_gin.game import Deal, Draw, Result
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table
from tests.rules.test_jersey_gin import TO_100

from .helpers import entry_tests, game_url, page_hands, page_totals, record, start, words


@pytest.fixture
def gin_game(three_player_table: Table) -> Game:
    return start(three_player_table, "jersey_gin")


@pytest.fixture
def dealt(gin_game: Game) -> Game:
    """Hand 1 dealt by Cat; Ann plays first."""
    actions.check_record_event(gin_game, Deal(dealer=Seat(2)))
    return gin_game


LEGAL = [
    pytest.param(
        "deal",
        "gin_game",
        {"dealer": 2},
        {"type": "deal", "dealer": 2},
        "record how the hand ended",
        id="deal",
    ),
    pytest.param(
        "result",
        "dealt",
        {"end": "knock", "by": 0, "deadwood_0": "8", "deadwood_1": "4+2", "deadwood_2": "20"},
        {"type": "result", "end": "knock", "by": 0, "deadwood": [8, 6, 20]},
        "Ann deals hand 2.",
        id="result",
    ),
]

ILLEGAL = [
    pytest.param(
        "result",
        "dealt",
        {"end": "knock", "by": 0, "deadwood_0": "11", "deadwood_1": "20", "deadwood_2": "30"},
        "Ann cannot knock with 11: a knock needs 10 or less.",
        id="knock-too-high",
    ),
    pytest.param(
        "result",
        "dealt",
        {"end": "gin", "by": 1, "deadwood_0": "11", "deadwood_1": "3", "deadwood_2": "30"},
        "Bob went gin, so every card was melded: their deadwood must be 0, not 3.",
        id="gin-with-deadwood",
    ),
    pytest.param(
        "deal",
        "dealt",
        {"dealer": 0},
        "Hand 1 is dealt: record how it ended.",
        id="deal-twice",
    ),
]

(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_an_underknock_is_scored_and_explained(client: Client, dealt: Game) -> None:
    data = {"end": "knock", "by": 0, "deadwood_0": "8", "deadwood_1": "6", "deadwood_2": "20"}
    assert record(client, dealt, "result", data).status_code == 302
    page = client.get(game_url(dealt))
    assert page_hands(page) == [[0, 26, 0]]
    shown = words(page)
    assert "+2 Underknock: 6 against Ann's 8" in shown
    assert "+14 Underknock: 6 against Cat's 20" in shown
    assert "+10 Underknock bonus" in shown
    assert "Hands won Ann 0 · Bob 1 · Cat 0" in shown


def test_the_game_ends_at_100_with_bonuses_and_settlement(client: Client, gin_game: Game) -> None:
    for n, (end, by, deadwood) in enumerate(TO_100):
        actions.check_record_event(gin_game, Deal(dealer=Seat(n % 3)))
        actions.check_record_event(gin_game, Result(end=end, by=Seat(by), deadwood=deadwood))
    page = client.get(game_url(gin_game))
    assert page_totals(page) == [87, 287, 56]
    shown = words(page)
    assert "Bob wins." in shown
    assert "Ann pays Bob 200 · Cat pays Ann 31 · Cat pays Bob 231" in shown


def test_the_settlement_goes_to_the_ledger_at_the_stake_per_point(
    client: Client, gin_game: Game
) -> None:
    """Bob's gin against 30 and 40 ends the game at 235 (110 + 100 + 25) to 0 and 0: Ann and
    Cat each pay Bob 235 points, at 10 cents a point €23.50 each."""
    actions.check_record_event(gin_game, Deal(dealer=Seat(0)))
    actions.check_record_event(gin_game, Result(end="gin", by=Seat(1), deadwood=(30, 0, 40)))
    ledger = f"/t/{gin_game.table.score_key}/ledger/"
    assert "Everyone is square: nothing to pay." in words(client.get(ledger))  # no stake yet
    settings = {"currency": "€", "decimals": "2", "chip_value": "1", "point_stake": "0.10"}
    assert client.post(f"{ledger}settings/", settings).status_code == 302
    page = words(client.get(ledger))
    assert "Ann -€23.50" in page and "Bob +€47.00" in page and "Cat -€23.50" in page
    assert "Ann pays Bob €23.50" in page and "Cat pays Bob €23.50" in page
    assert "Settlement: Ann pays Bob the difference of the final totals" in page


def test_full_entry_with_lay_offs(client: Client, dealt: Game) -> None:
    """docs/examples/jersey_gin/lay-offs.json, hand 1, through the forms: Ann shows her cards,
    Bob then Cat lay off (Cat on the run Bob extended), then the others' cards: Ann 61."""
    show = {"end": "knock", "by": 0, "cards_typed": "5H 6H 7H 9S 9D 9C JC QC KC 2D"}
    assert record(client, dealt, "show", show).status_code == 302
    shown = words(client.get(game_url(dealt)))
    assert "Knocker's melds 1: 9♠ 9♦ 9♣ · 2: 5♥ 6♥ 7♥ · 3: J♣ Q♣ K♣" in shown
    for seat, card, meld in (
        (1, "4H", 2),
        (1, "8H", 2),
        (1, "10C", 3),
        (2, "9H", 2),
        (2, "10H", 2),
    ):
        data = {"seat": seat, "rank": card[:-1], "suit": card[-1], "meld": meld}
        assert record(client, dealt, "layoff", data).status_code == 302, card
    refused = record(client, dealt, "layoff", {"seat": 2, "rank": "K", "suit": "D", "meld": 1})
    assert "K♦ does not extend the meld 9♠ 9♦ 9♣." in words(refused)
    rest = {
        "cards_1_typed": "2S 3S 4S KD KH 7C 6C",
        "cards_2": ["AS", "AC", "AD", "3C", "5C", "6D", "8S", "10S"],
    }
    assert record(client, dealt, "rest", rest).status_code == 302
    page = client.get(game_url(dealt))
    assert page_hands(page) == [[61, 0, 0]]
    shown = words(page)
    assert "Laid off 9♥ 10♥" in shown
    assert "Deadwood K♥ K♦ 6♣ 7♣: 33" in shown


def test_the_break_played_turn_by_turn(client: Client, dealt: Game) -> None:
    """docs/examples/jersey_gin/break-played.json through the forms: the stock counted draw by
    draw, Ann breaks, melds and lay-offs on the table, the cards held at the end: Ann 14."""
    for k in range(17):
        actions.check_record_event(dealt, Draw(seat=Seat(k % 3), source="stock"))
    assert record(client, dealt, "draw", {"seat": 2, "source": "stock"}).status_code == 302
    shown = words(client.get(game_url(dealt)))
    assert "Stock 3 cards left; the break comes in 0 more draws from it" in shown
    assert "Turn Cat drew; Ann draws next" in shown
    steps = [
        ("draw", {"seat": 0, "source": "stock"}),
        ("meld", {"seat": 0, "cards_typed": "7S 7H 7D"}),
        ("meld", {"seat": 0, "cards_typed": "2C 3C 4C"}),
        ("draw", {"seat": 1, "source": "discard", "rank": "5", "suit": "C"}),
        ("layoff", {"seat": 1, "rank": "5", "suit": "C", "meld": 2}),
        ("meld", {"seat": 1, "cards_typed": "10S JS QS"}),
        ("draw", {"seat": 2, "source": "stock"}),
        ("meld", {"seat": 2, "cards_typed": "KH KC KD"}),
        ("layoff", {"seat": 2, "rank": "7", "suit": "C", "meld": 1}),
        ("draw", {"seat": 0, "source": "stock"}),
    ]
    for kind, data in steps:
        assert record(client, dealt, kind, data).status_code == 302, (kind, data)
    # Ann broke, so she lays off only from her second turn: now she may.
    shown = words(client.get(game_url(dealt)))
    assert "3: Bob 10♠ J♠ Q♠ · 4: Cat K♥ K♦ K♣" in shown
    assert "Stock empty: the hand ends with this turn" in shown
    refused = record(client, dealt, "draw", {"seat": 1, "source": "stock"})
    assert "The stock is out: the hand is over after Ann's turn." in words(refused)
    laid = {"seat": 0, "rank": "K", "suit": "S", "meld": 4}
    assert record(client, dealt, "layoff", laid).status_code == 302
    rest = {
        "cards_0_typed": "3H 4D 5H",
        "cards_1_typed": "AS 2S 4H 5D 6C 8D",
        "cards_2_typed": "AC AH 2D 2H 3S 3D",
    }
    assert record(client, dealt, "rest", rest).status_code == 302
    assert page_hands(client.get(game_url(dealt))) == [[14, 0, 0]]


def test_lay_offs_on_a_defenders_meld_with_the_house_rule(client: Client, dealt: Game) -> None:
    """docs/examples/jersey_gin/lay-offs-any.json through the forms (ruling 6.3.1 [OPT]),
    the house rule chosen mid-game."""
    actions.check_change_options(dealt, {"layoff_targets": "any"})
    show = {"end": "knock", "by": 0, "cards_typed": "5H 6H 7H 9S 9D 9C JC QC KC 2D"}
    assert record(client, dealt, "show", show).status_code == 302
    assert record(client, dealt, "meld", {"seat": 1, "cards_typed": "2S 3S 4S"}).status_code == 302
    assert record(client, dealt, "meld", {"seat": 2, "cards_typed": "6D 7D 8D"}).status_code == 302
    page = words(client.get(game_url(dealt)))
    assert "Defenders' melds 4: Bob 2♠ 3♠ 4♠ · 5: Cat 6♦ 7♦ 8♦" in page
    own = record(client, dealt, "layoff", {"seat": 1, "rank": "5", "suit": "S", "meld": 4})
    assert "Meld 4 is Bob's own" in words(own)
    for seat, card, meld in ((1, "4H", 2), (1, "5D", 5), (2, "5S", 4), (2, "8H", 2)):
        data = {"seat": seat, "rank": card[:-1], "suit": card[-1], "meld": meld}
        assert record(client, dealt, "layoff", data).status_code == 302, card
    rest = {"cards_1_typed": "KD KH 7C 6C 10D", "cards_2_typed": "AS AC 3C 4D 10S"}
    assert record(client, dealt, "rest", rest).status_code == 302
    assert page_hands(client.get(game_url(dealt))) == [[58, 0, 0]]


def test_the_knocker_lays_out_their_own_melds(client: Client, dealt: Game) -> None:
    """Ruling 6.2.4 through the form: Ann lays the 3s out as a set (10 left, not the best 7),
    so the screen numbers her melds as she laid them out."""
    show = {
        "end": "knock",
        "by": 0,
        "cards_typed": "3H 4H 5H 3S 3D 10C JC QC KC AS",
        "melds": "3H 3S 3D / 10C JC QC KC",
    }
    bad = dict(show, melds="3H 3S 3X")
    assert record(client, dealt, "show", bad).status_code == 200  # no such card: nothing written
    assert record(client, dealt, "show", show).status_code == 302
    shown = words(client.get(game_url(dealt)))
    assert "Knocker's melds 1: 3♥ 3♠ 3♦ · 2: 10♣ J♣ Q♣ K♣" in shown
    assert "Knocker's deadwood A♠ 5♥ 4♥: 10" in shown
