"""Recording entries through the HTTP views: no-JS posts, htmx posts, refusals, undo and voids."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.tables import actions
from companion.tables.models import Event, Game, Table

from .helpers import (
    FIRST_HAND_POINTS,
    HTMX,
    deal_data,
    entry_tests,
    event_count,
    form_client_id,
    game_url,
    page_hands,
    page_totals,
    piles_data,
    record,
    replayed_totals,
    text,
    trick_data,
    words,
)

# kind, the game fixture to record into, form fields, the stored payload, text on the next page.
LEGAL = [
    pytest.param(
        "deal",
        "recruit_game",
        deal_data(0, "7H", "keeper", "low_penalty"),
        {"type": "deal", "dealer": 0, "shown": "7H", "variants": ["keeper", "low_penalty"]},
        "Keeper: no swapping. Bob leads trick 1",
        id="deal",
    ),
    pytest.param(
        "piles",
        "game_mid_hand",
        piles_data((12, 1, 1, 1), (18, 0, 0, 2), (9, 0, 0, 0)),
        {
            "type": "piles",
            "piles": [
                {"cards": 12, "jacks": 1, "queens": 1, "kings": 1},
                {"cards": 18, "jacks": 0, "queens": 0, "kings": 2},
                {"cards": 9, "jacks": 0, "queens": 0, "kings": 0},
            ],
        },
        "Bob deals hand 2 of 4.",
        id="piles",
    ),
    pytest.param(
        "trick",
        "game_mid_hand",
        # Bob leads (left of the dealer, Ann): play order Bob, Cat, Ann.
        trick_data({1: "AS", 2: "2S", 0: "3S"}),
        {"type": "trick", "cards": ["AS", "2S", "3S"], "leader": 1},
        "Bob leads trick 2 of 13.",
        id="trick",
    ),
    pytest.param(
        "exchange",
        "game_mid_hand",
        {"swap_0": 2, "swap_1": 0, "swap_2": 4},
        {"type": "exchange", "swapped": [2, 0, 4]},
        "Swaps: Ann 2, Bob 0, Cat 4",
        id="exchange",
    ),
]

# kind, the game fixture, form fields the rules refuse, the engine's message.
ILLEGAL = [
    pytest.param(
        "deal",
        "game_after_first_hand",
        deal_data(2, "5C"),
        "It is Bob's deal (the deal passes clockwise), not Cat's.",
        id="deal-wrong-dealer",
    ),
    pytest.param(
        "piles",
        "game_mid_hand",
        piles_data((10, 0, 0, 0), (18, 0, 0, 0), (11, 0, 0, 0)),
        "Ann's pile has 10 cards: every trick holds 3 cards, so a pile is a multiple of 3.",
        id="piles-not-a-multiple",
    ),
    pytest.param(
        "trick",
        "game_mid_hand",
        trick_data({1: "7H", 2: "2H", 0: "3H"}),
        "7♥ was turned up to fix trump and is out of play.",
        id="trick-shown-card",
    ),
    pytest.param(
        "exchange",
        "game_after_exchange",
        {"swap_0": 1, "swap_1": 1, "swap_2": 1},
        "The exchange for this hand is already recorded.",
        id="exchange-twice",
    ),
]


@pytest.fixture
def game_after_exchange(game_mid_hand: Game, client: Client) -> Game:
    response = record(client, game_mid_hand, "exchange", {"swap_0": 0, "swap_1": 0, "swap_2": 0})
    assert response.status_code == 302
    return game_mid_hand


# A plain form post records one event and redirects; an htmx post answers with what changed;
# a refused entry names the rule broken and writes nothing.
(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_one_blank_pile_is_worked_out_from_the_others(client: Client, game_mid_hand: Game) -> None:
    response = record(
        client, game_mid_hand, "piles", piles_data((12, 1, 1, 1), (None, 0, 0, 2), (9, 0, 0, 0))
    )

    assert response.status_code == 302
    row = Event.objects.get(game=game_mid_hand, kind="piles")
    assert [p["cards"] for p in row.payload["piles"]] == [12, 18, 9]  # 39 - 12 - 9
    assert replayed_totals(game_mid_hand) == FIRST_HAND_POINTS


def test_two_blank_piles_are_a_form_error(client: Client, game_mid_hand: Game) -> None:
    response = record(
        client, game_mid_hand, "piles", piles_data((12, 1, 1, 1), (None, 0, 0, 2), (None, 0, 0, 0))
    )

    assert response.status_code == 200
    page = text(response)
    assert "Enter the number of cards for everyone but one player (missing: Bob, Cat)." in page
    assert "Nothing was recorded." in page
    assert event_count(game_mid_hand) == 1


def test_a_retried_submission_is_recorded_once(client: Client, game_mid_hand: Game) -> None:
    data = piles_data((12, 1, 1, 1), (18, 0, 0, 2), (9, 0, 0, 0))
    client_id = form_client_id(client, game_mid_hand, "piles")

    first = record(client, game_mid_hand, "piles", data, client_id=client_id)
    again = record(client, game_mid_hand, "piles", data, client_id=client_id)
    again_htmx = record(client, game_mid_hand, "piles", data, client_id=client_id, htmx=True)

    assert first.status_code == again.status_code == 302
    assert again_htmx.status_code == 200, "a retry is answered as a success, not as an error"
    assert "Nothing was recorded" not in text(again_htmx)
    assert list(Event.objects.filter(game=game_mid_hand).values_list("kind", flat=True)) == [
        "deal",
        "piles",
    ]
    assert replayed_totals(game_mid_hand) == FIRST_HAND_POINTS


def test_each_rendered_form_carries_a_new_client_id(client: Client, game_mid_hand: Game) -> None:
    assert form_client_id(client, game_mid_hand, "piles") != form_client_id(
        client, game_mid_hand, "piles"
    )


def test_undo_appends_a_void_and_takes_the_scores_back(
    client: Client, game_after_first_hand: Game
) -> None:
    game = game_after_first_hand
    assert page_totals(client.get(game_url(game))) == list(FIRST_HAND_POINTS)

    response = client.post(game_url(game, "undo/"))

    assert response.status_code == 302
    rows = list(Event.objects.filter(game=game).values_list("seq", "kind", "payload"))
    assert rows[:2] == [
        (0, "deal", {"type": "deal", "dealer": 0, "shown": "7H", "variants": []}),
        (1, "piles", rows[1][2]),
    ], "rows are never deleted"
    assert rows[2] == (2, "void", {"type": "void", "target": 1})
    assert replayed_totals(game) == (0, 0, 0)
    page = client.get(game_url(game))
    assert page_totals(page) == [0, 0, 0]
    assert "No hand scored yet." in text(page)
    assert "#2 Piles: Ann 12 1J 1Q 1K, Bob 18 2K, Cat 9 (cancelled)" in words(page)


def test_a_retried_undo_is_applied_once(client: Client, game_after_first_hand: Game) -> None:
    """A double tap (or a resent request on bad Wi-Fi) must not undo and then restore."""
    game = game_after_first_hand
    page = client.get(game_url(game)).content.decode()
    undo_form = re.search(r'<form[^>]*action="[^"]*/undo/".*?</form>', page, re.S)
    assert undo_form, "no Undo button"
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', undo_form.group(0)))
    assert "client_id" in fields, "the Undo form carries a one-time id"

    first = client.post(game_url(game, "undo/"), fields)
    again = client.post(game_url(game, "undo/"), fields)

    assert first.status_code == again.status_code == 302
    assert list(Event.objects.filter(game=game).values_list("kind", flat=True)) == [
        "deal",
        "piles",
        "void",
    ]
    assert replayed_totals(game) == (0, 0, 0)


def test_undo_with_htmx_reloads_the_game_page(client: Client, game_after_first_hand: Game) -> None:
    response = client.post(game_url(game_after_first_hand, "undo/"), headers=HTMX)

    assert response.status_code == 200
    assert response["HX-Redirect"] == game_url(game_after_first_hand)
    assert replayed_totals(game_after_first_hand) == (0, 0, 0)


def test_cancelling_an_entry_that_later_ones_depend_on_is_refused(
    client: Client, game_after_first_hand: Game
) -> None:
    game = game_after_first_hand
    version = Table.objects.get(pk=game.table_id).version

    response = client.post(game_url(game, "void/0/"), follow=True)

    assert response.status_code == 200
    page = text(response)
    assert (
        "Entry #1 cannot be cancelled: entry #2 would then break a rule — "
        "A piles cannot be recorded now: expecting the deal of the next hand."
    ) in page
    assert event_count(game) == 2
    assert replayed_totals(game) == FIRST_HAND_POINTS
    assert Table.objects.get(pk=game.table_id).version == version


def test_cancelling_a_cancel_restores_the_entry(
    client: Client, game_after_first_hand: Game
) -> None:
    game = game_after_first_hand
    client.post(game_url(game, "undo/"))
    assert "Restore" in text(client.get(game_url(game)))

    response = client.post(game_url(game, "void/2/"))

    assert response.status_code == 302
    assert list(Event.objects.filter(game=game).values_list("kind", flat=True)) == [
        "deal",
        "piles",
        "void",
        "void",
    ]
    assert Event.objects.get(game=game, seq=3).payload == {"type": "void", "target": 2}
    assert replayed_totals(game) == FIRST_HAND_POINTS
    assert page_totals(client.get(game_url(game))) == list(FIRST_HAND_POINTS)


def test_cancelling_an_entry_twice_is_refused(client: Client, game_after_first_hand: Game) -> None:
    game = game_after_first_hand
    client.post(game_url(game, "void/1/"))

    response = client.post(game_url(game, "void/1/"), follow=True)

    assert "Entry #2 is already cancelled." in text(response)
    assert event_count(game) == 3


# Four hands, three players; the points are worked out by hand from the rules:
# 1 per card collected, -5 for two or more of a face rank (-3 with Low Penalty).
FULL_GAME = [
    # Ann deals 7♥. Ann 12 (one of each face), Bob 18 - 5 (2 kings) = 13, Cat 9.
    (deal_data(0, "7H"), ((12, 1, 1, 1), (18, 0, 0, 2), (9, 0, 0, 0)), [12, 13, 9]),
    # Bob deals 2♣. Ann 15 - 5 (2 jacks) = 10, Bob 12, Cat 12 - 5 (2 queens) = 7.
    (deal_data(1, "2C"), ((15, 2, 0, 0), (12, 1, 1, 1), (12, 0, 2, 0)), [10, 12, 7]),
    # Cat deals the joker, Low Penalty. Ann 9, Bob 21 - 3 - 3 = 15, Cat 9.
    (deal_data(2, "JK", "low_penalty"), ((9, 0, 0, 0), (21, 2, 2, 0), (9, 1, 1, 1)), [9, 15, 9]),
    # Ann deals 5♠. Ann 18, Bob 3, Cat 18 - 5 (2 jacks) = 13.
    (deal_data(0, "5S"), ((18, 0, 0, 0), (3, 0, 0, 0), (18, 2, 0, 0)), [18, 3, 13]),
]


def test_a_whole_game_through_the_views_ends_with_the_winner(
    client: Client, recruit_game: Game
) -> None:
    for deal, piles, points in FULL_GAME:
        assert record(client, recruit_game, "deal", deal).status_code == 302
        response = record(client, recruit_game, "piles", piles_data(*piles), htmx=True)
        assert response.status_code == 200
        assert "Nothing was recorded" not in text(response)
        assert page_hands(response)[-1] == points

    page = client.get(game_url(recruit_game))

    assert page_hands(page) == [points for _, _, points in FULL_GAME]
    assert page_totals(page) == [49, 43, 38]
    assert "Game over. Ann wins." in words(page)
    assert "Play another game of Recruit" in text(page)
    assert "/record/" not in page.content.decode(), "nothing more to record"
    assert event_count(recruit_game) == 8


def _seat_lines(page: str, hand: int, seat: str, after: str) -> str:
    """The breakdown text of one seat in one hand: from "Ann: 12" to the next seat's heading."""
    block = page.split(f"Hand {hand}: why these points", 1)[1]
    return block.split(seat, 1)[1].split(after, 1)[0]


def test_scoreboard_explains_each_hand_line_by_line(
    client: Client, game_after_first_hand: Game
) -> None:
    page = words(client.get(game_url(game_after_first_hand)))

    assert "Hand 1: why these points Ann dealt, 7♥ turned up (trump ♥ Hearts)" in page
    ann = _seat_lines(page, 1, "Ann: 12", "Bob: 13")
    bob = _seat_lines(page, 1, "Bob: 13", "Cat: 9")
    assert "+12 12 cards collected, 1 each" in ann
    assert "penalty" not in ann, "one of each face is no penalty"
    assert "+18 18 cards collected, 1 each" in bob
    assert "-5 2 Kings: penalty" in bob


def test_low_penalty_breakdown_shows_the_smaller_penalty(
    client: Client, game_after_first_hand: Game
) -> None:
    game = game_after_first_hand
    record(client, game, "deal", deal_data(1, "2C", "low_penalty"))
    record(client, game, "piles", piles_data((15, 2, 0, 0), (12, 1, 1, 1), (12, 0, 2, 0)))

    response = client.get(game_url(game))

    page = words(response)
    assert "Bob dealt, 2♣ turned up (trump ♣ Clubs); Low Penalty" in page
    assert "-3 2 Jacks: penalty" in _seat_lines(page, 2, "Ann: 12", "Bob: 12")
    assert "-3 2 Queens: penalty" in _seat_lines(page, 2, "Cat: 9", "Entries")
    assert page_hands(response) == [list(FIRST_HAND_POINTS), [12, 12, 9]]
    assert page_totals(response) == [24, 25, 18]


def test_table_page_offers_only_the_games_the_table_can_seat(
    client: Client, three_player_table: Table
) -> None:
    page = words(client.get(f"/t/{three_player_table.score_key}/"))
    html = client.get(f"/t/{three_player_table.score_key}/").content.decode()

    assert "Start a game Recruit 2 to 4 players" in page  # each game says how many play
    assert 'aria-label="Start a game of Recruit, 2 to 4 players"' in html
    assert "Belote: 4 players. Add 1 more player above." in page
    assert "Start a game of Belote" not in html
    assert "?game=belote" not in html and "?game=recruit" in html
    # Three players and a two-player-only game would say who sits out; none does here.
    assert "sit out" not in page and "sits out" not in page
    start = words(client.get(f"/t/{three_player_table.score_key}/start/", {"game": "malilla"}))
    assert "Who plays? (4 players, clockwise from the first)" in start


def test_table_page_says_how_many_sit_out_of_a_game_for_fewer(client: Client, db: None) -> None:
    table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan"])
    page = words(client.get(f"/t/{table.score_key}/"))
    html = client.get(f"/t/{table.score_key}/").content.decode()

    # Jersey Gin and Big Three seat three: one of four sits out, chosen on the start page.
    assert "Jersey Gin 3 players 1 sits out: you choose who next" in page
    assert 'aria-label="Start a game of Big Three, 3 players, 1 sits out"' in html
    assert "Belote 4 players Malilla" in page.replace("(Manilla) ", "")
    assert page.count("sits out") == 2 and "sit out:" not in page
    six = actions.do_create_table(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    page = words(client.get(f"/t/{six.score_key}/"))
    assert "Belote 4 players 2 sit out: you choose who next" in page
    assert "Skin 3 to 7 players Kaluki" in page
