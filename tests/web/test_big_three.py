"""Recording Big Three through the HTTP views: every entry form without JavaScript (302 and a
row), with htmx (the fragments that changed), and refused (200, the rule's message, nothing
written). Expected chips are worked out by hand from rulings §5.2.7."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from companion.games.big_three.events import Bid, Deal, Play
from companion.rules.cards import parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import entry_tests, game_url, page_totals, record, start, text, words


@pytest.fixture
def b3_game(three_player_table: Table) -> Game:
    return start(three_player_table, "big_three")


@pytest.fixture
def dealt(b3_game: Game) -> Game:
    """Ann dealt; Bob holds 4♥ and opens."""
    actions.check_record_event(b3_game, Deal(dealer=Seat(0), opener=Seat(1)))
    return b3_game


@pytest.fixture
def bidding(dealt: Game) -> Game:
    """Bob bid 1: Cat to speak."""
    actions.check_record_event(dealt, Bid(seat=Seat(1), bid=1))
    return dealt


@pytest.fixture
def playing(bidding: Game) -> Game:
    """Cat 2, Ann 3: Ann solo at 3; Bob (the opener) leads."""
    actions.check_record_event(bidding, Bid(seat=Seat(2), bid=2))
    actions.check_record_event(bidding, Bid(seat=Seat(0), bid=3))
    return bidding


@pytest.fixture
def pair_led(playing: Game) -> Game:
    """Bob led a pair of 4s: Cat to beat it."""
    actions.check_record_event(playing, Play(seat=Seat(1), cards=parse_cards("4H 4S")))
    return playing


def cards_data(seat: int, cards: str) -> dict[str, Any]:
    return {"seat": seat, "cards": cards.split()}


LEGAL = [
    pytest.param(
        "deal",
        "b3_game",
        {"dealer": 0, "opener": 1, "heart": "4"},
        {"type": "deal", "dealer": 0, "opener": 1, "heart": "4H"},
        "Bob opens the bidding with 1, 2 or 3.",
        id="deal",
    ),
    pytest.param(
        "bid",
        "dealt",
        {"seat": 1, "bid": 1},
        {"type": "bid", "seat": 1, "bid": 1},
        "Cat bids more than 1, or passes.",
        id="bid",
    ),
    pytest.param(
        "result",
        "dealt",
        {"bid": 2, "solo": 2, "first_out": 0},
        {
            "type": "result",
            "bid": 2,
            "solo": 2,
            "first_out": 0,
            "bombs": 0,
            "spring": False,
            "forced": False,
        },
        "Bob deals hand 2.",
        id="result",
    ),
    pytest.param(
        "play",
        "playing",
        cards_data(1, "7S 7H 8S 8D 9C 9H"),
        {"type": "play", "seat": 1, "cards": ["7S", "7H", "8S", "8D", "9H", "9C"]},
        "Cat beats run of 3 pairs, 7 to 9 or passes.",
        id="play",
    ),
    pytest.param(
        "pass",
        "pair_led",
        {"seat": 2},
        {"type": "pass", "seat": 2},
        "Ann beats pair of 4 or passes.",
        id="pass",
    ),
]

ILLEGAL = [
    pytest.param(
        "bid",
        "bidding",
        {"seat": 2, "bid": 1},
        "The bid is already 1: Cat must bid more, or pass.",
        id="bid-too-low",
    ),
    pytest.param(
        "play",
        "pair_led",
        cards_data(2, "5S 6H 7D"),
        "straight of 3, 5 to 7 does not answer pair of 4",
        id="play-must-match",
    ),
    pytest.param(
        "play",
        "playing",
        cards_data(1, "QS KH AD"),
        "A, 2 and 3 cannot be part of a straight or a run.",
        id="play-not-a-combination",
    ),
    pytest.param(
        "play",
        "pair_led",
        cards_data(2, "4D 4C"),
        "pair of 4 does not beat pair of 4",
        id="play-must-beat",
    ),
]

(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_quick_entry_settles_in_chips(client: Client, dealt: Game) -> None:
    assert record(client, dealt, "result", {"bid": 2, "solo": 2, "first_out": 0}).status_code == 302
    page = client.get(game_url(dealt))
    # Cat solo at 2, Ann out first: Cat pays 2 to Ann and to Bob.
    assert page_totals(page) == [2, 2, -4]
    assert "Solo, Ann went out first: 2 chips to each opponent" in words(page)


def test_the_bid_buttons_are_only_the_allowed_calls(client: Client, bidding: Game) -> None:
    form = text(client.get(game_url(bidding), {"entry": "bid"}))
    assert 'name="bid" value="0"' in form and 'value="2"' in form and 'value="3"' in form
    assert 'name="bid" value="1"' not in form


def test_two_passes_give_a_free_lead(client: Client, pair_led: Game) -> None:
    assert record(client, pair_led, "pass", {"seat": 2}).status_code == 302
    assert record(client, pair_led, "pass", {"seat": 0}).status_code == 302
    page = words(client.get(game_url(pair_led)))
    assert "Bob leads any combination." in page
    assert "To beat nothing: a free lead" in page
    response = record(client, pair_led, "pass", {"seat": 1})
    assert "nobody passes on a free lead" in text(response)


@pytest.fixture
def house(three_player_table: Table) -> Game:
    """Forced dig, quads doubling and spring on; Ann dealt, Bob opens."""
    options = {"forced_dig": True, "bomb_doubles": True, "spring": True}
    game = start(three_player_table, "big_three", options)
    actions.check_record_event(game, Deal(dealer=Seat(0), opener=Seat(1)))
    return game


def test_quick_entry_asks_for_quads_and_spring_only_when_played(
    client: Client, dealt: Game, house: Game
) -> None:
    plain = text(client.get(game_url(dealt), {"entry": "result"}))
    assert 'name="bombs"' not in plain and 'name="spring"' not in plain
    assert 'name="forced"' not in plain
    form = text(client.get(game_url(house), {"entry": "result"}))
    assert 'name="bombs"' in form and 'name="spring"' in form and 'name="forced"' in form
    data = {"bid": 2, "solo": 1, "first_out": 1, "bombs": 1, "spring": "on"}
    assert record(client, house, "result", data).status_code == 302
    page = client.get(game_url(house))
    # Bob solo at 2, out first, one four of a kind and a spring: stake 8.
    assert page_totals(page) == [-8, 16, -8]
    assert "Spring: the losing side never played a card, double" in words(page)


def test_an_impossible_spring_is_refused_with_the_reason(client: Client, house: Game) -> None:
    data = {"bid": 1, "solo": 1, "first_out": 0, "spring": "on"}
    response = record(client, house, "result", data)
    assert response.status_code == 200
    assert "Bob, the solo player, opened the bidding and led" in words(response)
    assert len(actions.load(house).state.done) == 0


def test_a_forced_dig_is_recorded_and_ends_the_bidding(client: Client, house: Game) -> None:
    assert "Forced dig" in words(client.get(game_url(house)))
    response = record(client, house, "dig", cards_data(2, "3S 3H 3D"))
    assert response.status_code == 302, words(response)[:500]
    page = words(client.get(game_url(house)))
    assert "Cat digs by force, showing 3♠ 3♥ 3♦" in page
    assert "Bob leads any combination." in page
    refused = record(client, house, "play", cards_data(1, "3D"))
    assert "they showed it for the forced dig" in words(refused)


def test_a_forced_dig_must_show_the_cards(client: Client, house: Game) -> None:
    response = record(client, house, "dig", cards_data(2, "3S 3H 2S"))
    assert response.status_code == 200
    assert "is no forced dig: Cat shows three or four 3s, or two 3s and two 2s" in words(response)
