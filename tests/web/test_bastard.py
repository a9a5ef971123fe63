"""Recording Bastard (Elevator) through the HTTP views: every entry form without JavaScript (302
and a row), with htmx (the fragments that changed), and refused (200, the rule's message, nothing
written). Expected results are worked out by hand from rulings §3.2-3.3."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from companion.games.bastard.events import Deal, Pass, Play
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import entry_tests, event_count, game_url, page_totals, record, start, text, words


@pytest.fixture
def bastard_game(three_player_table: Table) -> Game:
    return start(three_player_table, "bastard")


@pytest.fixture
def dealt(bastard_game: Game) -> Game:
    """Ann dealt and turned up 7♣; Bob starts."""
    actions.check_record_event(bastard_game, Deal(dealer=Seat(0), upcard=parse_card("7C")))
    return bastard_game


@pytest.fixture
def bob_played(dealt: Game) -> Game:
    """Bob laid 9♥; Cat is on turn."""
    actions.check_record_event(dealt, Play(seat=Seat(1), cards=parse_cards("9H")))
    return dealt


@pytest.fixture
def cat_passed(bob_played: Game) -> Game:
    """Cat passed (could not play): Ann may not pass by choice."""
    actions.check_record_event(bob_played, Pass(seat=Seat(2)))
    return bob_played


@pytest.fixture
def after_first_game(bastard_game: Game, client: Client) -> Game:
    """Quick entry: Bob first, Ann second, Cat the bastard (so Cat deals next, Cat starts)."""
    actions.check_record_event(bastard_game, Deal(dealer=Seat(0)))
    data = {"place_0": 2, "place_1": 1, "place_2": 3}
    assert record(client, bastard_game, "result", data).status_code == 302
    return bastard_game


def play_data(rank: str, *suits: str) -> dict[str, Any]:
    data: dict[str, Any] = {"rank": rank, "seat": ""}
    for k, suit in enumerate(suits, start=1):
        data[f"suit_{k}"] = suit
    return data


LEGAL = [
    pytest.param(
        "deal",
        "bastard_game",
        {"dealer": 0, "rank": "7", "suit": "C"},
        {"type": "deal", "dealer": 0, "upcard": "7C"},
        "Bob plays on 7♣ or passes.",
        id="deal",
    ),
    pytest.param(
        "result",
        "dealt",
        {"place_0": 2, "place_1": 1, "place_2": 3},
        {"type": "result", "places": [2, 1, 3]},
        "Cat deals game 2.",
        id="result",
    ),
    pytest.param(
        "play",
        "dealt",
        {**play_data("9", "H", "S"), "seat": 1},
        {"type": "play", "seat": 1, "cards": ["9H", "9S"]},
        "Cat plays on 9♠ or passes.",
        id="play-two-nines",
    ),
    pytest.param(
        "pass",
        "bob_played",
        {"seat": 2, "how": "cannot"},
        {"type": "pass", "seat": 2, "by_choice": False},
        "Ann plays on 9♥ or passes.",
        id="pass",
    ),
    pytest.param(
        "pass",
        "bob_played",
        {"seat": 2, "how": "choice"},
        {"type": "pass", "seat": 2, "by_choice": True},
        "Ann plays on 9♥ or passes.",
        id="pass-by-choice",
    ),
]

ILLEGAL = [
    pytest.param(
        "play",
        "dealt",
        {**play_data("5", "H"), "seat": 1},
        "5♥ does not beat 7♣: the pile is going up, so play higher than 7♣, or a joker.",
        id="play-too-low",
    ),
    pytest.param(
        "play",
        "dealt",
        {**play_data("9", "S"), "seat": 1},
        "9♠ cannot go on 7♣: red goes on black and black on red.",
        id="play-same-colour",
    ),
    pytest.param(
        "play",
        "dealt",
        {**play_data("9", "H", "D"), "seat": 1},
        "9♥ then 9♦: cards of one rank go down in alternating colours, red on black on red.",
        id="play-not-alternating",
    ),
    pytest.param(
        "play",
        "dealt",
        {**play_data("9", "H"), "seat": 2},
        "It is Bob's turn (play goes to the left), not Cat's.",
        id="play-out-of-turn",
    ),
    pytest.param(
        "pass",
        "cat_passed",
        {"seat": 0, "how": "choice"},
        "The player before Ann passed, so Ann may pass only when unable to play.",
        id="pass-banned",
    ),
    pytest.param(
        "result",
        "dealt",
        {"place_0": 1, "place_1": 1, "place_2": 2},
        "Cat cannot be place 2: 2 players went out before, so the place is 3.",
        id="result-place-gap",
    ),
    pytest.param(
        "deal",
        "after_first_game",
        {"dealer": 1},
        "It is Cat's deal (the last game's bastard deals), not Bob's.",
        id="deal-wrong-dealer",
    ),
]


(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_quick_entry_keeps_the_tally(client: Client, after_first_game: Game) -> None:
    page = client.get(game_url(after_first_game))
    shown = words(page)
    # Bob won: 1; nobody else scores (tally only by default).
    assert page_totals(page) == [0, 1, 0]
    assert "Wins Ann 0 · Bob 1 · Cat 0" in shown
    assert "Bastards Ann 0 · Bob 0 · Cat 1" in shown
    assert "First out: a win" in shown and "Last holding cards: the bastard" in shown
    assert "Cat deals game 2." in shown


def test_the_pass_form_offers_only_what_is_allowed(client: Client, cat_passed: Game) -> None:
    form = text(client.get(game_url(cat_passed), {"entry": "pass"}))
    assert 'value="cannot"' in form and 'value="choice"' not in form
    page = words(client.get(game_url(cat_passed)))
    assert "May not pass Ann, if able: the player before passed" in page
    assert "Stock 31 cards" in page  # 32 after the deal, Cat drew one
    assert "Cards in hand Ann 7 · Bob 6 · Cat 8" in page


def test_the_bastard_rule_is_announced_then_applied(client: Client, dealt: Game) -> None:
    # Bob 9♥; Cat and Ann cannot play: back to Bob, who cannot beat his own card.
    for data in ({**play_data("9", "H"), "seat": 1}, {"seat": 2, "how": "cannot"}):
        kind = "play" if "rank" in data else "pass"
        assert record(client, dealt, kind, data).status_code == 302
    assert record(client, dealt, "pass", {"seat": 0, "how": "cannot"}).status_code == 302
    page = words(client.get(game_url(dealt)))
    assert "Everyone passed on Bob's card" in page
    assert "Bob takes 2 cards from the stock" in page
    form = text(client.get(game_url(dealt), {"entry": "pass"}))
    assert "Cannot beat it: the bastard rule (2 cards)" in form
    assert record(client, dealt, "pass", {"seat": 1, "how": "cannot"}).status_code == 302
    page = words(client.get(game_url(dealt)))
    # Bob 6 + 2 = 8; Cat 8 and Ann 8 drew; Cat, on Bob's left, starts a fresh pile.
    assert "Cards in hand Ann 8 · Bob 8 · Cat 8" in page
    assert "Cat starts a fresh pile: any card." in page
    assert "Bob took 2 cards from the stock" in page


def test_several_winners_ask_who_starts(client: Client, bastard_game: Game) -> None:
    actions.check_record_event(bastard_game, Deal(dealer=Seat(0)))
    data = {"place_0": 1, "place_1": 1, "place_2": 3}
    assert record(client, bastard_game, "result", data).status_code == 302
    form = words(client.get(game_url(bastard_game), {"entry": "deal"}))
    assert "Who starts (cut or toss for it)" in form
    response = record(client, bastard_game, "deal", {"dealer": 2})
    assert response.status_code == 200 and event_count(bastard_game) == 2
    assert record(client, bastard_game, "deal", {"dealer": 2, "starter": 2}).status_code == 302


def test_rules_page_has_every_anchor_the_engine_links_to(client: Client) -> None:
    from pathlib import Path

    from companion.games import bastard

    response = client.get("/rules/bastard/")
    assert response.status_code == 200
    page = text(response)
    sources = "".join(p.read_text() for p in Path(bastard.__file__).parent.glob("*.py"))
    anchors = set(re.findall(r'rule=\s*"([a-z-]+)"', sources))
    anchors |= set(re.findall(r'"([a-z-]+)"\)\n\s*\]', sources))
    anchors |= {"going-out", "play", "passing", "bastard-rule", "joker", "reversals"}
    for anchor in anchors:
        assert f'id="{anchor}"' in page, anchor
    assert "Bastard (Elevator)" in page
    assert "Worked examples" in page and "Out first, together with Bob: a win" in page
