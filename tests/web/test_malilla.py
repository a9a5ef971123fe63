"""Recording Malilla through the HTTP views: every entry form without JavaScript (302 and a row),
with htmx (the fragments that changed and HX-Trigger), and refused (200, the rule's message, nothing
written). Expected scores are worked out by hand from rulings §7.2."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.malilla.game import Deal, Tally, Trick
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Event, Game, Table
from tests.rules.test_malilla import NO_TRUMP

from .helpers import (
    entry_tests,
    event_count,
    form_client_id,
    game_url,
    page_hands,
    page_totals,
    record,
    replayed_totals,
    start,
    text,
    trick_data,
    upcard_deal_data,
    words,
)


@pytest.fixture
def malilla_game(four_player_table: Table) -> Game:
    return start(four_player_table, "malilla")


@pytest.fixture
def dealt(malilla_game: Game) -> Game:
    """Ann dealt, 3♦ turned up (diamonds are trump, no bonus); Bob leads."""
    actions.check_record_event(malilla_game, Deal(dealer=Seat(0), upcard=parse_card("3D")))
    return malilla_game


@pytest.fixture
def after_first_hand(dealt: Game) -> Game:
    """Ann & Cat 38 card points + 6 tricks = 44 -> 9; Bob deals hand 2."""
    actions.check_record_event(dealt, Tally(side=Seat(0), card_points=38, tricks=6))
    return dealt


@pytest.fixture
def flagged(dealt: Game) -> Game:
    """The whole hand card by card: Bob's failure to trump in trick 4 is flagged (the rules tests'
    NO_TRUMP deal: Ann deals 3♦; Bob does not trump Ann's A♥ in trick 4 and plays the trump Q♦
    in trick 6)."""
    for row in NO_TRUMP:
        actions.check_record_event(dealt, Trick(cards=parse_cards(row)))
    return dealt


LEGAL = [
    pytest.param(
        "deal",
        "malilla_game",
        upcard_deal_data(0, "KH"),
        {"type": "deal", "dealer": 0, "upcard": "KH", "misdeal": False},
        "Dealer's bonus +3 to Ann & Cat, scored",
        id="deal",
    ),
    pytest.param(
        "tally",
        "dealt",
        {"cards_0": 38, "tricks_0": 6, "cards_1": "", "tricks_1": ""},
        {"type": "tally", "side": 0, "card_points": 38, "tricks": 6},
        "Bob deals hand 2.",
        id="tally",
    ),
    pytest.param(
        "tally",
        "dealt",
        {"cards_0": "", "tricks_0": "", "cards_1": "11+10+1", "tricks_1": 4},
        {"type": "tally", "side": 1, "card_points": 22, "tricks": 4},
        "Bob deals hand 2.",
        id="tally-typed-as-a-sum",
    ),
    pytest.param(
        "trick",
        "dealt",
        trick_data({1: "3C", 2: "5C", 3: "6C", 0: "QC"}),
        {"type": "trick", "cards": ["3C", "5C", "6C", "QC"], "leader": 1},
        "Ann leads trick 2 of 10.",
        id="trick",
    ),
    pytest.param(
        "forfeit",
        "flagged",
        {"player": 1, "note": "Bob did not trump"},
        {"type": "forfeit", "player": 1, "note": "Bob did not trump"},
        "Game over. Ann & Cat win.",
        id="forfeit",
    ),
]

ILLEGAL = [
    pytest.param(
        "deal",
        "after_first_hand",
        upcard_deal_data(3, "2S"),
        "It is Bob's deal (the deal passes to the left), not Dan's.",
        id="deal-wrong-dealer",
    ),
    pytest.param(
        "tally",
        "dealt",
        {"cards_0": 5, "tricks_0": 0},
        "Ann & Cat won 0 tricks: 0 cards hold exactly 0 card points, not 5.",
        id="tally-impossible",
    ),
    pytest.param(
        "tally",
        "dealt",
        {"cards_0": 38, "tricks_0": 6, "cards_1": 24, "tricks_1": 4},
        "Ann & Cat 38 and Bob & Dan 24 card points make 62, but the cards are worth 60 in all.",
        id="tally-total",
    ),
    pytest.param(
        "trick",
        "dealt",
        trick_data({1: "3D", 2: "5C", 3: "6C", 0: "QC"}),
        "Bob cannot play 3♦: it was turned up to the dealer, Ann, and is in their hand.",
        id="trick-upcard",
    ),
    pytest.param(
        "forfeit",
        "flagged",
        {"player": 0, "note": ""},
        "No irregularity by Ann & Cat has been flagged in hand 1: write what Ann did in the note "
        "to confirm the forfeit anyway.",
        id="forfeit-reason",
    ),
]


# A plain form post records one event and redirects; an htmx post answers with what changed;
# a refused entry names the rule broken and writes nothing.
(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_the_other_side_is_worked_out_and_scored(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "tally", {"cards_1": 22, "tricks_1": 4})
    assert response.status_code == 302
    page = client.get(game_url(dealt))
    # Bob & Dan 22 + 4 = 26; Ann & Cat 38 + 6 = 44 -> 9.
    assert page_hands(page) == [[9, 0]]
    assert page_totals(page) == [9, 0]
    assert replayed_totals(dealt) == (9, 0)
    assert "38 card points + 6 tricks = 44, minus 35" in words(page)


def test_a_blank_tally_asks_for_one_side(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "tally", {"cards_0": 30})
    assert response.status_code == 200
    assert "Enter the card points and the tricks of at least one side" in text(response)
    assert event_count(dealt) == 1


def test_the_screen_shows_trump_bonus_and_distance(client: Client, malilla_game: Game) -> None:
    assert record(client, malilla_game, "deal", upcard_deal_data(2, "7S")).status_code == 302
    page = words(client.get(game_url(malilla_game)))
    assert "Trump ♠ Spades (7♠ turned up)" in page
    assert "Dealer's bonus +5 to Ann & Cat, scored" in page
    assert "Leads Dan" in page
    assert "Ann & Cat 30 to win Bob & Dan 35 to win" in page


def test_the_flag_is_shown_and_the_forfeit_form_names_the_player(
    client: Client, flagged: Game
) -> None:
    page = client.get(game_url(flagged), {"entry": "forfeit"})
    shown = words(page)
    assert "Flagged Bob (trick 4): the table may confirm a forfeit" in shown
    assert "Flagged by the app: Bob, trick 4 (must beat)" in shown
    assert 'value="1" checked' in page.content.decode()


def test_a_misdeal_passes_the_deal_on(client: Client, after_first_hand: Game) -> None:
    data = {**upcard_deal_data(2, "QS"), "misdeal": "on"}
    assert record(client, after_first_hand, "deal", data).status_code == 302
    row = Event.objects.filter(game=after_first_hand).latest("seq")
    assert row.payload == {"type": "deal", "dealer": 2, "upcard": "QS", "misdeal": True}
    assert "Cat dealt after a misdeal; Q♠ turned up" in words(
        client.get(game_url(after_first_hand))
    )


def test_trick_form_lists_players_from_the_leader(client: Client, dealt: Game) -> None:
    client_id = form_client_id(client, dealt, "trick")
    assert client_id
    page = text(client.get(game_url(dealt), {"entry": "trick"}))
    order = [page.index(f"<legend>{name}") for name in ("Bob", "Cat", "Dan", "Ann")]
    assert order == sorted(order)


def test_flags_of_the_finished_hand_stay_on_screen_until_the_next_deal(
    client: Client, flagged: Game
) -> None:
    def status() -> str:
        page = client.get(game_url(flagged)).content.decode()
        return page[page.index('id="status"') : page.index('id="entry"')]

    assert "Trick 4: Bob played 2♣, but opponent Ann was winning with A♥" in status()
    actions.check_record_event(flagged, Deal(dealer=Seat(1), upcard=parse_card("2S")))
    assert 'class="flag"' not in status()
