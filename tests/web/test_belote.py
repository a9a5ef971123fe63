"""Recording Belote through the HTTP views: every entry form without JavaScript, with htmx, and
refused by the rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from companion.games.belote.events import BeloteCall, Bid, Deal, Result
from companion.rules.cards import parse_card
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Event, Game, Table

from .helpers import (
    entry_tests,
    event_count,
    game_url,
    page_hands,
    page_totals,
    record,
    start,
    text,
    trick_data,
    words,
)

ANN, BOB, CAT, DAN = range(4)


@pytest.fixture
def belote_game(four_player_table: Table) -> Game:
    """Ann, Bob, Cat and Dan (Ann & Cat against Bob & Dan), default house rules, nothing yet."""
    return start(four_player_table, "belote")


@pytest.fixture
def dealt(belote_game: Game) -> Game:
    """Dan dealt and turned up the 7♥: Ann speaks first."""
    actions.check_record_event(belote_game, Deal(dealer=Seat(DAN), upcard=parse_card("7H")))
    return belote_game


@pytest.fixture
def cat_took(dealt: Game) -> Game:
    """Ann and Bob passed, Cat took hearts: Ann leads trick 1."""
    for seat, call in ((ANN, "pass"), (BOB, "pass"), (CAT, "take")):
        actions.check_record_event(dealt, Bid(seat=Seat(seat), call=call))
    return dealt


@pytest.fixture
def after_hand(dealt: Game) -> Game:
    """Hand 1 scored quickly (Ann & Cat 90, Bob & Dan 70); Ann deals next."""
    actions.check_record_event(dealt, Result(taker=Seat(ANN), trump="H", taker_points=92))
    return dealt


@pytest.fixture
def cat_announced(cat_took: Game) -> Game:
    actions.check_record_event(cat_took, BeloteCall(seat=Seat(CAT)))
    return cat_took


def quick(taker: int, trump: str, mine: Any = "", theirs: Any = "", **more: Any) -> dict[str, Any]:
    data = {
        "taker": taker,
        "trump": trump,
        "taker_points": mine,
        "defender_points": theirs,
        "capot": "",
        "last_trick": "",
        "belote": "",
    }
    for slot in (1, 2, 3):
        data[f"d{slot}_seat"] = ""
    data.update(more)
    return data


# kind, fixture, form fields, stored payload, text on the next page.
LEGAL = [
    pytest.param(
        "deal",
        "belote_game",
        {"dealer": DAN, "rank": "7", "suit": "H"},
        {"type": "deal", "dealer": DAN, "upcard": "7H"},
        "Bidding, round 1: Ann may take ♥ or pass.",
        id="deal",
    ),
    pytest.param(
        "result",
        "dealt",
        quick(ANN, "H", 92),
        {
            "type": "result",
            "taker": ANN,
            "trump": "H",
            "taker_points": 92,
            "capot": False,
            "declarations": [],
        },
        "Ann deals hand 2.",
        id="result",
    ),
    pytest.param(
        "bid",
        "dealt",
        {"seat": ANN, "call": "pass"},
        {"type": "bid", "seat": ANN, "call": "pass"},
        "Bidding, round 1: Bob may take ♥ or pass.",
        id="bid",
    ),
    pytest.param(
        "redeal",
        "dealt",
        {},
        {"type": "redeal"},
        "Ann deals hand 1.",
        id="redeal",
    ),
    pytest.param(
        "trick",
        "cat_took",
        trick_data({ANN: "AD", BOB: "9D", CAT: "8D", DAN: "QD"}),
        {"type": "trick", "cards": ["AD", "9D", "8D", "QD"], "leader": ANN},
        "Ann leads trick 2 of 8.",
        id="trick",
    ),
    pytest.param(
        "declare",
        "cat_took",
        {"seat": BOB, "what": "3", "rank": "K", "suit": "S"},
        {"type": "declare", "seat": BOB, "cards": ["KS", "QS", "JS"]},
        "Bob declares tierce K♠ high",
        id="declare",
    ),
    pytest.param(
        "belote",
        "cat_took",
        {"seat": CAT},
        {"type": "belote", "seat": CAT},
        "Cat: belote",
        id="belote",
    ),
]

# kind, fixture, form fields the rules refuse, the engine's message.
ILLEGAL = [
    pytest.param(
        "deal",
        "after_hand",
        {"dealer": CAT, "rank": "8", "suit": "S"},
        "It is Ann's deal (the deal passes to the left), not Cat's.",
        id="deal-wrong-dealer",
    ),
    pytest.param(
        "result",
        "dealt",
        quick(ANN, "H", 90, 80),
        "Ann & Cat 90 and Bob & Dan 80 make 170, but a hand's trick points add up to 162",
        id="result-points-total",
    ),
    pytest.param(
        "result",
        "dealt",
        quick(
            ANN,
            "H",
            100,
            d1_seat=BOB,
            d1_what="carre",
            d1_rank="J",
            d1_suit="",
            d2_seat=CAT,
            d2_what="carre",
            d2_rank="J",
            d2_suit="",
        ),  # fmt: skip
        "J♠ cannot be in both Bob's carré of jacks and Cat's carré of jacks",
        id="result-two-carres-of-jacks",
    ),
    pytest.param(
        "bid",
        "dealt",
        {"seat": BOB, "call": "take"},
        "It is Ann's turn to bid, not Bob's.",
        id="bid-out-of-turn",
    ),
    pytest.param(
        "redeal",
        "cat_took",
        {},
        "A redeal cannot be recorded now: expecting trick 1.",
        id="redeal-after-take",
    ),
    pytest.param(
        "trick",
        "cat_took",
        trick_data({ANN: "AD", BOB: "7H", CAT: "8D", DAN: "QD"}),
        "7♥ was the upcard and went to the taker, Cat: Bob cannot play it.",
        id="trick-upcard",
    ),
    pytest.param(
        "declare",
        "cat_took",
        {"seat": BOB, "what": "carre", "rank": "8", "suit": ""},
        "Bob's declaration 8♠ 8♥ 8♦ 8♣ is four 8s, and four 8s or four 7s do not count.",
        id="declare-carre-of-eights",
    ),
    pytest.param(
        "belote",
        "cat_announced",
        {"seat": ANN},
        "Cat has already announced belote in this hand.",
        id="belote-twice",
    ),
]


# A plain form post records one event and redirects; an htmx post answers with what changed;
# a refused entry names the rule broken and writes nothing.
(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


# --- the quick entry form works things out -----------------------------------------------------


def _last_payload(game: Game) -> dict[str, Any]:
    return dict(Event.objects.filter(game=game).latest("seq").payload)


def test_252_means_capot_for_the_takers(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "result", quick(CAT, "H", 252, belote=CAT))
    assert response.status_code == 302
    payload = _last_payload(dealt)
    assert (payload["taker_points"], payload["capot"], payload["belote"]) == (162, True, CAT)
    page = client.get(game_url(dealt))
    assert page_totals(page) == [270, 0]


def test_capot_chip_for_the_defenders_needs_no_number(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "result", quick(ANN, "H", capot="defenders"))
    assert response.status_code == 302
    assert page_totals(client.get(game_url(dealt))) == [0, 250]


@pytest.mark.parametrize("typed", ["40+30+20", " 40 + 30+20 ", "90"])
def test_trick_points_may_be_typed_as_a_sum(client: Client, dealt: Game, typed: str) -> None:
    response = record(client, dealt, "result", quick(ANN, "H", typed))
    assert response.status_code == 302
    assert (_last_payload(dealt)["taker_points"], page_hands(client.get(game_url(dealt)))) == (
        90,
        [[90, 70]],
    )


def test_defenders_points_alone_are_enough(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "result", quick(BOB, "S", "", 62))
    assert response.status_code == 302
    payload = _last_payload(dealt)
    assert (payload["taker_points"], payload["defender_points"]) == (100, 62)
    assert page_hands(client.get(game_url(dealt))) == [[60, 100]]


def test_points_without_the_last_trick(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "result", quick(ANN, "H", 80, 72, last_trick=ANN))
    assert response.status_code == 302
    assert page_totals(client.get(game_url(dealt))) == [90, 70]


def test_declaration_slots_become_cards(client: Client, dealt: Game) -> None:
    data = quick(ANN, "H", 100, d1_seat=CAT, d1_what="5", d1_rank="A", d1_suit="D",
                 d2_seat=BOB, d2_what="carre", d2_rank="9", belote=ANN)  # fmt: skip
    response = record(client, dealt, "result", data)
    assert response.status_code == 302
    payload = _last_payload(dealt)
    assert payload["declarations"] == [
        {"seat": CAT, "cards": ["AD", "KD", "QD", "JD", "10D"]},
        {"seat": BOB, "cards": ["9S", "9H", "9D", "9C"]},
    ]
    # Bob's carré of nines (150) beats Cat's quinte (100): Ann & Cat 100 + belote 20,
    # Bob & Dan 62 -> 60 + 150.
    assert page_totals(client.get(game_url(dealt))) == [120, 210]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (quick(ANN, "H"), "Enter the takers' trick points (or the defenders')."),
        (quick(ANN, "H", 90, d1_seat=CAT, d1_what="5", d1_rank="9", d1_suit="D"),
         "Declaration 1: 5 cards in a row from the 9 would go below the 7."),
        (quick(ANN, "H", 90, d1_seat=CAT, d1_what="4", d1_rank="A"),
         "Declaration 1: choose the suit of the sequence."),
        (quick(ANN, "H", 90, d1_seat=CAT), "Declaration 1: choose what was shown and its rank."),
        (quick(ANN, "H", "40+"), "Type a number of points, or a sum such as 12+11+7."),
        (quick(ANN, "H", "ninety"), "Type a number of points, or a sum such as 12+11+7."),
        (quick(ANN, "H", "-5"), "Type a number of points, or a sum such as 12+11+7."),
        (quick(ANN, "H", "200+60"), "Ensure this value is less than or equal to 252."),
    ],
)  # fmt: skip
def test_quick_entry_form_problems(
    client: Client, dealt: Game, data: dict[str, Any], message: str
) -> None:
    response = record(client, dealt, "result", data)
    assert response.status_code == 200
    assert message in text(response)
    assert event_count(dealt) == 1


def test_bid_buttons_offer_the_calls_of_the_round(client: Client, dealt: Game) -> None:
    page = words(client.get(game_url(dealt), {"entry": "bid"}))
    assert "Bidding, round 1" in page and "Take ♥" in page and "Pass" in page
    for seat in (ANN, BOB, CAT, DAN):
        actions.check_record_event(dealt, Bid(seat=Seat(seat), call="pass"))
    html = client.get(game_url(dealt), {"entry": "bid"}).content.decode()
    assert 'value="S"' in html and 'value="D"' in html and 'value="C"' in html
    assert 'name="call" value="H"' not in html
    assert 'name="call" value="take"' not in html


def test_screen_shows_contract_leader_points_and_distance(client: Client, cat_took: Game) -> None:
    record(client, cat_took, "trick", trick_data({ANN: "AD", BOB: "9D", CAT: "8D", DAN: "QD"}))
    page = words(client.get(game_url(cat_took)))
    assert "Contract Ann & Cat, ♥ (Cat, round 1)" in page
    assert "Leads Ann" in page
    assert "Ann & Cat trick points 14" in page
    assert "Ann & Cat need 68 more (of 82)" in page
    assert "Ann & Cat to 1000 1000" in page
    assert "AD" not in page  # cards are shown with suit symbols
    assert "A♦ 9♦ 8♦ Q♦ → Ann" in page


def test_flags_show_on_the_screen(client: Client, cat_took: Game) -> None:
    # Cat, the taker, holds the 7♥ turned up: throwing a club on a heart lead is a revoke.
    record(client, cat_took, "trick", trick_data({ANN: "AH", BOB: "10H", CAT: "KC", DAN: "8H"}))
    page = words(client.get(game_url(cat_took)))
    assert "Trick 1: Cat played K♣, but they held 7♥ (the upcard) and had to follow trumps." in page


@pytest.mark.parametrize(
    ("declarations", "slots", "belote"),
    [("all", True, True), ("belote", False, True), ("none", False, False)],
)
def test_quick_entry_asks_only_for_what_the_table_plays(
    client: Client, db: None, declarations: str, slots: bool, belote: bool
) -> None:
    table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan"])
    game = actions.check_start_game(
        table, "belote", list(table.players.all()), {"declarations": declarations}
    )
    actions.check_record_event(game, Deal(dealer=Seat(DAN)))
    html = client.get(game_url(game), {"entry": "result"}).content.decode()
    assert ('name="d1_seat"' in html) is slots
    assert ('name="belote"' in html) is belote
    response = record(client, game, "result", quick(ANN, "H", 92))
    assert response.status_code == 302
    assert page_totals(client.get(game_url(game))) == [90, 70]
