"""Recording Buck Euchre through the HTTP views: every entry form without JavaScript (302 and a
row), with htmx (the fragments that changed and HX-Trigger), and refused (200, the rule's message,
nothing written). Expected scores are worked out by hand from rulings §8.2.6."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from companion.games.buck_euchre import game as engine_module
from companion.games.buck_euchre.game import Bid, Deal, Drops
from companion.rules.cards import parse_card
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Event, Game, Table

from .helpers import (
    entry_tests,
    event_count,
    game_url,
    new_uuid,
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
def buck_game(four_player_table: Table) -> Game:
    return start(four_player_table, "buck_euchre")


@pytest.fixture
def dealt(buck_game: Game) -> Game:
    """Ann dealt and turned up 9♥; Bob bids first."""
    actions.check_record_event(buck_game, Deal(dealer=Seat(0), upcard=parse_card("9H")))
    return buck_game


@pytest.fixture
def ordered_up(dealt: Game) -> Game:
    """Bob passed, Cat ordered up 9♥ (Ann took it up): who drops out?"""
    actions.check_record_event(dealt, Bid(seat=Seat(1), call="pass"))
    actions.check_record_event(dealt, Bid(seat=Seat(2), call="order-up"))
    return dealt


@pytest.fixture
def playing(ordered_up: Game) -> Game:
    """Dan dropped; Bob leads trick 1, then Cat and Ann."""
    actions.check_record_event(ordered_up, Drops(dropped=(Seat(3),)))
    return ordered_up


@pytest.fixture
def after_first_hand(dealt: Game, client: Client) -> Game:
    data = {"trump": "H", "declarer": 2, "dropped": [3], "tricks_0": 1, "tricks_1": 0}
    assert record(client, dealt, "result", data).status_code == 302
    return dealt


LEGAL = [
    pytest.param(
        "deal",
        "buck_game",
        upcard_deal_data(0, "9H"),
        {"type": "deal", "dealer": 0, "upcard": "9H"},
        "Bob orders up 9♥ or passes.",
        id="deal",
    ),
    pytest.param(
        "result",
        "dealt",
        # Cat declarer with 4 (left blank: 5 - 1 - 0), Dan dropped (blank: 0).
        {"trump": "H", "declarer": 2, "dropped": [3], "tricks_0": 1, "tricks_1": 0},
        {
            "type": "result",
            "trump": "H",
            "declarer": 2,
            "dropped": [3],
            "tricks": [1, 0, 4, 0],
            "how": "",
        },
        "Bob deals hand 2.",
        id="result",
    ),
    pytest.param(
        "bid",
        "dealt",
        {"seat": 1, "call": "pass"},
        {"type": "bid", "seat": 1, "call": "pass"},
        "Cat orders up 9♥ or passes.",
        id="bid",
    ),
    pytest.param(
        "drops",
        "ordered_up",
        {"dropped": [3]},
        {"type": "drops", "dropped": [3]},
        "Bob leads trick 1 of 5.",
        id="drops",
    ),
    pytest.param(
        "trick",
        "playing",
        trick_data({1: "AS", 2: "JH", 0: "KS"}),
        {"type": "trick", "cards": ["AS", "JH", "KS"], "leader": 1},
        "Cat leads trick 2 of 5.",
        id="trick",
    ),
]

ILLEGAL = [
    pytest.param(
        "deal",
        "after_first_hand",
        upcard_deal_data(2, "10S"),
        "It is Bob's deal (the deal passes to the left), not Cat's.",
        id="deal-wrong-dealer",
    ),
    pytest.param(
        "result",
        "dealt",
        {"trump": "H", "declarer": 2, "tricks_0": 2, "tricks_1": 1, "tricks_2": 2, "tricks_3": 1},
        "The players still in took 6 tricks in all, but a hand has exactly 5.",
        id="result-tricks-total",
    ),
    pytest.param(
        "result",
        "dealt",
        {"trump": "S", "declarer": 1, "dropped": [1], "tricks_0": 2, "tricks_2": 2},
        "Bob chose trump and must play the hand: the declarer cannot drop out.",
        id="result-declarer-drop",
    ),
    pytest.param(
        "bid",
        "dealt",
        {"seat": 2, "call": "pass"},
        "It is Bob's turn to bid (clockwise from the dealer's left), not Cat's.",
        id="bid-out-of-turn",
    ),
    pytest.param(
        "drops",
        "playing",  # another phone already recorded the drops
        {"dropped": [3]},
        "A drops cannot be recorded now: expecting trick 1.",
        id="drops-already-recorded",
    ),
    pytest.param(
        "trick",
        "playing",
        trick_data({1: "9H", 2: "JH", 0: "KS"}),
        "9♥ was taken up by the dealer, Ann, so Bob cannot have played it.",
        id="trick-upcard-not-dealer",
    ),
]


# A plain form post records one event and redirects; an htmx post answers with what changed;
# a refused entry names the rule broken and writes nothing.
(
    test_entry_without_javascript_records_one_event_and_redirects,
    test_entry_with_htmx_answers_with_what_changed,
    test_illegal_entry_shows_the_rule_broken_and_records_nothing,
) = entry_tests(LEGAL, ILLEGAL)


def test_quick_entry_scores_the_hand_and_explains_it(
    client: Client, after_first_hand: Game
) -> None:
    page = client.get(game_url(after_first_hand))
    # Ann 1 trick -1; Bob stayed in, none: +5; Cat declarer 4: -4; Dan dropped: 0.
    assert page_hands(page) == [[-1, 5, -4, 0]]
    assert page_totals(page) == [24, 30, 21, 25]
    shown = words(page)
    assert "Ann dealt, 9♥ turned up; trump ♥ Hearts, ordered up by Cat; dropped: Dan" in shown
    assert "+5 No trick after staying in" in shown
    assert "-4 4 tricks as declarer, 1 point off each" in shown
    assert "To reach 0 Ann 24 · Bob 30 · Cat 21 · Dan 25" in shown


def test_two_blank_trick_counts_are_a_form_error(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "result", {"trump": "H", "declarer": 2, "tricks_0": 1})
    assert response.status_code == 200
    assert "Enter the tricks of everyone still in but one (missing: Bob, Cat, Dan)." in text(
        response
    )
    assert event_count(dealt) == 1


def test_quick_entry_needs_a_trump(client: Client, dealt: Game) -> None:
    response = record(client, dealt, "result", {"tricks_0": 1, "tricks_1": 1, "tricks_2": 2})
    assert "Choose the trump, or No trump if everyone passed twice." in text(response)
    assert event_count(dealt) == 1


def test_dirty_clubs_quick_entry_asks_only_for_tricks(client: Client, buck_game: Game) -> None:
    assert record(client, buck_game, "deal", upcard_deal_data(0, "9C")).status_code == 302
    form = words(client.get(game_url(buck_game), {"entry": "result"}))
    assert "A club was turned up: clubs are trump" in form
    assert "Declarer" not in form

    response = record(client, buck_game, "result", {"tricks_0": 0, "tricks_1": 2, "tricks_2": 3})
    assert response.status_code == 302
    row = Event.objects.filter(game=buck_game).latest("seq")
    assert row.payload["trump"] == "C" and row.payload["tricks"] == [0, 2, 3, 0]
    # No declarer: Ann and Dan took nothing (+5 each), Bob -2, Cat -3.
    assert replayed_totals(buck_game) == (30, 23, 22, 30)


def test_upcard_left_out_asks_how_trump_was_chosen(client: Client, buck_game: Game) -> None:
    assert record(client, buck_game, "deal", {"dealer": 0}).status_code == 302
    page = client.get(game_url(buck_game))
    assert "Bid by bid" not in text(page), "bids cannot be checked without the upcard"
    assert "How trump was chosen" in text(page)
    data = {"trump": "C", "how": "clubs", "tricks_0": 1, "tricks_1": 1, "tricks_2": 2}
    assert record(client, buck_game, "result", data).status_code == 302
    assert replayed_totals(buck_game) == (24, 24, 23, 24)  # Dan worked out: 1


def test_bid_buttons_follow_the_round(client: Client, dealt: Game) -> None:
    form = text(client.get(game_url(dealt), {"entry": "bid"}))
    assert 'name="call" value="pass"' in form and 'value="order-up"' in form
    assert "Order it up" in form
    for seat in (1, 2, 3):
        assert record(client, dealt, "bid", {"seat": seat, "call": "pass"}).status_code == 302
    assert "Take it up" in text(client.get(game_url(dealt)))
    assert record(client, dealt, "bid", {"seat": 0, "call": "pass"}).status_code == 302
    round_two = text(client.get(game_url(dealt)))
    assert "Round 2: Bob" in round_two
    assert 'value="S"' in round_two and 'value="H"' not in round_two, "♥ was turned down"
    assert record(client, dealt, "bid", {"seat": 1, "call": "S"}).status_code == 302
    assert "Who drops out? Cat decides first, then clockwise." in words(client.get(game_url(dealt)))


def test_a_revoke_is_flagged_on_the_screen(client: Client, playing: Game) -> None:
    # Hearts trump (Ann holds 9♥). Trick 1: Bob A♠, Cat J♥, Ann K♠ → Cat. Trick 2: Cat leads
    # Q♠, Ann plays 9♦ (not following spades) → Cat; trick 3: Cat leads A♣, Ann plays 10♠,
    # a spade after showing out of spades: a revoke proven in trick 3.
    for cards in (
        {1: "AS", 2: "JH", 0: "KS"},
        {2: "QS", 0: "9D", 1: "9S"},
        {2: "AC", 0: "10S", 1: "KC"},
    ):
        assert record(client, playing, "trick", trick_data(cards)).status_code == 302
    page = words(client.get(game_url(playing)))
    assert (
        "Revoke by Ann: no spade in trick 2 although 10♠ was still in hand (played in trick 3)."
    ) in page
    assert "Trick led by Cat: A♣ 10♠ K♣" in page


def test_drops_offer_the_others_clockwise_from_the_declarers_left(
    client: Client, ordered_up: Game
) -> None:
    form = text(client.get(game_url(ordered_up), {"entry": "drops"}))
    offered = re.findall(r'name="dropped" value="(\d)"', form)
    assert offered == ["3", "0", "1"], "Dan, Ann, Bob; never Cat, the declarer"


def test_rules_page_has_every_anchor_the_engine_links_to(client: Client) -> None:
    from companion.rules import tricks

    response = client.get("/rules/buck_euchre/")
    assert response.status_code == 200
    page = text(response)
    package = Path(engine_module.__file__).parent
    sources = "".join(p.read_text() for p in [*package.glob("*.py"), Path(tricks.__file__)])
    anchors = set(re.findall(r'rule(?:: str)?\s*=\s*"([a-z-]+)"', sources))
    anchors |= set(re.findall(r'Severity\.IRREGULARITY,\s*"([a-z-]+)"', sources))
    anchors |= {"scoring", "dropping", "all-five"}  # the score lines' rules
    assert anchors >= {"bidding", "dirty-clubs", "no-trump", "follow-suit", "play", "cards"}
    for anchor in anchors:
        assert f'id="{anchor}"' in page, anchor
    assert "Worked examples" in page and "Euchred: 2 tricks as declarer, 3 needed" in page


def test_blank_counts_are_zero_once_five_tricks_are_counted(
    client: Client, buck_game: Game
) -> None:
    assert record(client, buck_game, "deal", upcard_deal_data(0, "9C")).status_code == 302
    response = record(client, buck_game, "result", {"tricks_0": 5})
    assert response.status_code == 302
    assert Event.objects.filter(game=buck_game).latest("seq").payload["tricks"] == [5, 0, 0, 0]
    page = words(client.get(game_url(buck_game)))
    assert "Game over. Ann wins." in page
    assert "All five tricks: wins the game outright" in page


def test_the_sweep_winner_is_highlighted_not_the_lowest_total(client: Client, db: None) -> None:
    """Taking all five tricks wins outright: the scoreboard marks that player, whatever the
    totals say (docs/examples/buck_euchre/all-five-tricks.json: Ann wins, Bob is lower)."""
    example = Path(settings.BASE_DIR, "docs/examples/buck_euchre/all-five-tricks.json")
    log = json.loads(example.read_text())
    table, game = actions.check_import_log(log)

    html = client.get(f"/t/{table.view_key}/g/{game.number}/").content.decode()

    foot = re.search(r"<tfoot>(.*?)</tfoot>", html, re.S)
    assert foot
    leaders = [int(n) for n in re.findall(r'<td class="num leader">(-?\d+)</td>', foot.group(1))]
    cells = [int(n) for n in re.findall(r'<td class="num[^"]*">(-?\d+)</td>', foot.group(1))]
    assert cells == [24, 22, 25, 24]
    assert cells[1] < cells[0], "Bob's total is lower than Ann's"
    assert leaders == [cells[0]], "only Ann, who took all five tricks, is marked"
    assert "Ann wins." in words(client.get(f"/t/{table.view_key}/g/{game.number}/"))


def test_trick_form_lists_only_the_players_still_in(client: Client, playing: Game) -> None:
    """Dan dropped out: the trick form asks for three cards, from Bob (who leads)."""
    page = words(client.get(game_url(playing), {"entry": "trick"}))
    assert "Trick 1 of 5" in page
    assert "Only the players still in play are listed." in page
    legends = re.findall(
        r'<fieldset class="play">\s*<legend>(\w+)',
        client.get(game_url(playing), {"entry": "trick"}).content.decode(),
    )
    assert legends == ["Bob", "Cat", "Ann"]


def test_trick_form_lists_all_four_when_nobody_dropped(client: Client, ordered_up: Game) -> None:
    actions.check_record_event(ordered_up, Drops(dropped=()))
    page = words(client.get(game_url(ordered_up), {"entry": "trick"}))
    assert "Trick 1 of 5" in page and "still in play" not in page


def test_a_bid_posted_before_the_deal_is_refused_not_an_error(
    client: Client, four_player_table: Table
) -> None:
    game = start(four_player_table, "buck_euchre")
    response = client.post(
        game_url(game, "record/bid/"), {"client_id": new_uuid(), "at": "0", "call": "pass"}
    )
    assert response.status_code == 200
    assert game.events.count() == 0
