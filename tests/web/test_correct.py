"""Correcting an earlier entry: entered again, it replaces the old one and the rest of the game
is checked and scored again; anything it would break is named and nothing changes."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from companion.games.recruit.game import Deal, Pile, Piles
from companion.rules import parse_card
from companion.tables import actions
from companion.tables.entry import forms_for
from companion.tables.models import Event, Game, Table

from .helpers import (
    deal_data,
    event_count,
    game_url,
    new_uuid,
    page_hands,
    page_totals,
    piles_data,
    text,
    words,
)

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


@pytest.fixture
def two_hands(game_after_first_hand: Game) -> Game:
    """#1 Ann deals 7♥, #2 piles 12 / 13 / 9, #3 Bob deals 2♣, #4 piles 15 / 12 / 12."""
    game = game_after_first_hand
    actions.check_record_event(game, Deal(dealer=1, shown=parse_card("2C")))
    actions.check_record_event(game, Piles(piles=(Pile(cards=15), Pile(cards=12), Pile(cards=12))))
    return game


def correct(client: Client, game: Game, index: int, data: dict[str, Any], **kw: Any) -> Any:
    return client.post(game_url(game, f"correct/{index}/", **kw), {"client_id": new_uuid(), **data})


def test_the_form_is_the_entry_as_it_stood_then(client: Client, two_hands: Game) -> None:
    response = client.get(game_url(two_hands, "correct/1/"))
    page, html = words(response), response.content.decode()
    assert "Correct entry #2" in page
    assert "Recorded: Piles: Ann 12 1J 1Q 1K, Bob 18 2K, Cat 9" in page
    assert f'action="{game_url(two_hands, "correct/1/")}"' in html
    assert 'name="cards_0"' in html and "hx-post" not in html, "the piles form, plain POST"
    # filled in as recorded: Ann 12 cards with one of each face, Bob 18 with two kings
    assert re.search(r'name="cards_0" value="12"', html) and re.search(
        r'name="cards_1" value="18"', html
    )
    assert re.search(r'name="kings_1" value="2"[^>]*checked', html)


def test_a_corrected_hand_rescores_the_game(client: Client, two_hands: Game) -> None:
    """Hand 1 was really Ann 9, Bob 18 with two kings (13), Cat 12."""
    assert page_hands(client.get(game_url(two_hands))) == [[12, 13, 9], [15, 12, 12]]

    response = correct(client, two_hands, 1, piles_data((9, 0, 0, 0), (18, 0, 0, 2), (12, 0, 0, 0)))

    assert response.status_code == 302
    page = client.get(game_url(two_hands))
    assert page_hands(page) == [[9, 13, 12], [15, 12, 12]]
    assert page_totals(page) == [24, 25, 24]
    shown = words(page)
    assert "#2 Piles: Ann 12 1J 1Q 1K, Bob 18 2K, Cat 9 (corrected by #5)" in shown
    assert "#5 Corrects #2: Piles: Ann 9, Bob 18 2K, Cat 12" in shown
    assert event_count(two_hands) == 5, "appended, nothing edited"
    assert Event.objects.get(game=two_hands, seq=1).payload["piles"][0]["cards"] == 12


def test_a_correction_that_breaks_a_later_entry_is_refused(client: Client, two_hands: Game) -> None:
    """If Bob dealt hand 1, Cat deals hand 2: entry #3 (Bob's deal) no longer fits."""
    version = Table.objects.get(pk=two_hands.table_id).version

    response = correct(client, two_hands, 0, deal_data(1, "7H"))

    assert response.status_code == 200
    message = text(response)
    assert "With this correction, entry #3 would break a rule" in message
    assert "Cat's deal" in message and "Nothing was recorded." in message
    assert event_count(two_hands) == 4
    assert Table.objects.get(pk=two_hands.table_id).version == version


def test_an_impossible_correction_is_refused_with_the_rule(client: Client, two_hands: Game) -> None:
    response = correct(
        client, two_hands, 1, piles_data((12, 0, 0, 0), (12, 0, 0, 0), (12, 0, 0, 0))
    )
    assert response.status_code == 200
    assert "Nothing was recorded." in text(response)
    assert event_count(two_hands) == 4


def test_undo_after_a_correction_brings_the_old_entry_back(client: Client, two_hands: Game) -> None:
    correct(client, two_hands, 1, piles_data((9, 0, 0, 0), (18, 0, 0, 2), (12, 0, 0, 0)))
    client.post(game_url(two_hands, "undo/"), {"client_id": new_uuid()})
    assert page_hands(client.get(game_url(two_hands))) == [[12, 13, 9], [15, 12, 12]]


def test_a_resent_correction_is_recorded_once(client: Client, two_hands: Game) -> None:
    data = {"client_id": new_uuid(), **piles_data((9, 0, 0, 0), (18, 0, 0, 2), (12, 0, 0, 0))}
    for _ in range(2):
        assert client.post(game_url(two_hands, "correct/1/"), data).status_code == 302
    assert event_count(two_hands) == 5


def test_only_live_entries_of_the_game_can_be_corrected(client: Client, two_hands: Game) -> None:
    actions.check_void_event(two_hands, 3)  # #5 cancels #4
    assert client.get(game_url(two_hands, "correct/4/")).status_code == 404, "a void"
    assert client.get(game_url(two_hands, "correct/9/")).status_code == 404, "no such entry"
    response = client.get(game_url(two_hands, "correct/3/"))
    assert response.status_code == 302, "a cancelled entry: restore it first"
    html = client.get(game_url(two_hands)).content.decode()
    assert 'aria-label="Correct entry 4"' not in html and 'aria-label="Correct entry 2"' in html


def test_viewers_cannot_correct(client: Client, two_hands: Game) -> None:
    viewer = two_hands.table.view_key
    assert client.get(game_url(two_hands, "correct/1/", key=viewer)).status_code == 403
    data = piles_data((9, 0, 0, 0), (18, 0, 0, 2), (12, 0, 0, 0))
    assert correct(client, two_hands, 1, data, key=viewer).status_code == 403
    assert event_count(two_hands) == 4
    assert "Correct entry" not in client.get(game_url(two_hands, key=viewer)).content.decode()


def test_belote_quick_entry_corrected_in_an_earlier_hand(client: Client, db: None) -> None:
    """Game to 1000, hand 1: Bob took ♠ and made 102 (Bob & Dan 100, Ann & Cat 60). Really
    the takers made 92: Bob & Dan 90, Ann & Cat 70; the hands after it stand."""
    _, game = actions.check_import_log(
        json.loads((EXAMPLES / "belote" / "game-to-1000.json").read_text())
    )
    before = page_hands(client.get(game_url(game)))
    assert before[0] == [60, 100]
    data = {
        "taker": 1,
        "trump": "S",
        "taker_points": "92",
        "defender_points": "",
        "capot": "",
        "last_trick": "",
        "belote": "",
        "d1_seat": "",
        "d2_seat": "",
        "d3_seat": "",
    }

    response = correct(client, game, 1, data)

    assert response.status_code == 302, words(response)[:500]
    after = page_hands(client.get(game_url(game)))
    assert after[0] == [70, 90]
    assert after[1:] == before[1:]


EXAMPLE_LOGS = sorted(
    p.relative_to(EXAMPLES).as_posix()
    for p in EXAMPLES.glob("*/*.json")
    if not p.name.endswith(".expected.json")
)


def _as_posted(initial: dict[str, Any]) -> dict[str, Any]:
    """Initial values as a browser would post them: text, lists, a ticked box as "on"."""
    out: dict[str, Any] = {}
    for name, value in initial.items():
        if value is False or value is None:
            continue
        out[name] = "on" if value is True else value
    return out


def _same_entry(entered: Any, recorded: Any) -> bool:
    """The same entry, but for what a form does not ask: the free-text note (kept by Malilla's
    forfeit only), and the leader a log may leave out because the rules know it; and but for
    what a log may write either way: who dropped in any order, a Malilla side by either
    partner's seat."""
    if getattr(recorded, "leader", 0) is None:
        entered = dataclasses.replace(entered, leader=None)
    if hasattr(recorded, "dropped"):
        recorded = dataclasses.replace(recorded, dropped=tuple(sorted(recorded.dropped)))
    if recorded.kind == "tally":
        recorded = dataclasses.replace(recorded, side=recorded.side % 2)
    if recorded.kind != "forfeit":
        recorded = dataclasses.replace(recorded, note="")
    return bool(entered == recorded)


@pytest.mark.parametrize("name", EXAMPLE_LOGS)
def test_correction_forms_start_from_the_entry_as_recorded(db: None, name: str) -> None:
    """For every entry of every example log: the correction form, filled in from the entry,
    posts back exactly that entry. So correcting starts from what was recorded."""
    _, game = actions.check_import_log(json.loads((EXAMPLES / name).read_text()))
    loaded = actions.load(game)
    events = actions.log_events(loaded)
    forms = forms_for(loaded.rules.key)
    checked = 0
    for index, event in enumerate(events):
        form_class = forms.get(event.kind)
        if form_class is None or index in loaded.result.voided or event.kind == "void":
            continue
        before = actions.load_before(loaded, events, index)
        blank = form_class(before)
        data = {"client_id": new_uuid(), **_as_posted(blank.initial_from(event))}
        if event.kind == "bid" and hasattr(event, "call"):  # a tap on its button: the call
            data["call"] = event.call  # type: ignore[attr-defined]
        form = form_class(before, data)
        assert form.is_valid(), (index + 1, event, form.errors)
        assert _same_entry(form.to_event(), event), f"entry #{index + 1}"
        checked += 1
    assert checked > 0


def test_a_correction_keeps_the_note_the_form_does_not_ask_for(
    client: Client, game_after_first_hand: Game
) -> None:
    """A note recorded with an entry (an imported log can carry one) stays on its correction."""
    game = game_after_first_hand
    actions.check_record_event(game, Deal(dealer=1, shown=parse_card("2C")))
    noted = Piles(piles=(Pile(cards=15), Pile(cards=12), Pile(cards=12)), note="recounted twice")
    actions.check_record_event(game, noted)

    response = correct(client, game, 3, piles_data((12, 0, 0, 0), (15, 0, 0, 0), (12, 0, 0, 0)))

    assert response.status_code == 302
    correction = Event.objects.get(game=game, seq=4).payload
    assert correction["event"] == {
        "type": "piles",
        "note": "recounted twice",
        "piles": [
            {"cards": 12, "jacks": 0, "queens": 0, "kings": 0},
            {"cards": 15, "jacks": 0, "queens": 0, "kings": 0},
            {"cards": 12, "jacks": 0, "queens": 0, "kings": 0},
        ],
    }
