"""Game pages and live fragments kept by log position (companion/tables/kept/pages.py): a kept page
never carries another browser's CSRF token or another form's submission id, never shows an old
position of the game, and never keeps a flash message."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.test import Client

from companion.tables import actions
from companion.tables.kept import pages
from companion.tables.models import Event, Game

from .helpers import (
    FIRST_HAND_PILES,
    HTMX,
    game_url,
    new_uuid,
    piles_data,
    record,
    text,
)

_IDS = re.compile(r'name="client_id" value="([0-9a-f-]{36})"')
_TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture(autouse=True)
def _empty_pages() -> None:
    caches["pages"].clear()


def _ids(html: str) -> list[str]:
    return _IDS.findall(html)


def test_every_response_gets_fresh_submission_ids_and_its_own_token(
    game_mid_hand: Game,
) -> None:
    ann, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first = ann.get(game_url(game_mid_hand)).content.decode()
    second = bob.get(game_url(game_mid_hand)).content.decode()  # kept: not rendered again
    third = bob.get(game_url(game_mid_hand)).content.decode()
    for html in (first, second, third):
        assert pages.CSRF_PLACEHOLDER not in html
        assert str(pages.CLIENT_ID_PLACEHOLDER) not in html
        assert _ids(html), "the scorer's page has forms with submission ids"
    every = _ids(first) + _ids(second) + _ids(third)
    assert len(set(every)) == len(every), "two forms were given the same submission id"
    # Each browser's page carries a token its own CSRF cookie accepts: Bob's form posts.
    bob_token = _TOKENS.search(second)
    assert bob_token is not None
    client_id = _ids(third)[-1]
    response = bob.post(
        game_url(game_mid_hand, "record/piles/"),
        {
            **piles_data(*[(p.cards, p.jacks, p.queens, p.kings) for p in FIRST_HAND_PILES.piles]),
            "client_id": client_id,
            "at": str(game_mid_hand.events.count()),
            "csrfmiddlewaretoken": bob_token.group(1),
        },
    )
    assert response.status_code == 302, text(response)[:2000]
    assert Event.objects.filter(game=game_mid_hand).count() == 2


def test_a_kept_page_is_never_shown_for_another_position(game_mid_hand: Game) -> None:
    watcher = Client()
    viewer_url = game_url(game_mid_hand, key=game_mid_hand.table.view_key)
    before = text(watcher.get(viewer_url))
    assert "No hand scored yet" in before
    # Another phone records the hand: every page shows it at once.
    actions.check_record_event(game_mid_hand, FIRST_HAND_PILES)
    after = text(watcher.get(viewer_url))
    assert "No hand scored yet" not in after
    live = text(watcher.get(game_url(game_mid_hand, "live/?v=0", key=game_mid_hand.table.view_key)))
    assert "No hand scored yet" not in live


def test_scorer_and_viewer_pages_are_kept_apart(game_mid_hand: Game) -> None:
    client = Client()
    scorer = text(client.get(game_url(game_mid_hand)))
    viewer = text(client.get(game_url(game_mid_hand, key=game_mid_hand.table.view_key)))
    table = game_mid_hand.table
    assert table.score_key in scorer
    assert table.score_key not in viewer
    # And again, from the kept pages.
    assert table.score_key not in text(
        client.get(game_url(game_mid_hand, key=game_mid_hand.table.view_key))
    )


def test_a_flash_message_is_shown_once_and_never_kept(recruit_game: Game) -> None:
    client = Client()
    client.get(game_url(recruit_game))  # the page is kept
    changed = client.post(
        game_url(recruit_game, "options/"), {"client_id": new_uuid(), "start_score": "15"}
    )
    assert changed.status_code == 302
    shown = 'id="messages"'  # the flash message's list
    assert shown in text(client.get(game_url(recruit_game)))
    assert shown not in text(client.get(game_url(recruit_game))), "a kept page kept it"


def test_the_live_fragment_after_an_htmx_entry_is_the_new_position(game_mid_hand: Game) -> None:
    client = Client()
    live_url = game_url(game_mid_hand, "live/?v=0")
    assert "No hand scored yet" in text(client.get(live_url, headers=HTMX))
    record(
        client,
        game_mid_hand,
        "piles",
        piles_data((12, 1, 1, 1), (18, 0, 0, 2), (9, 0, 0, 0)),
        htmx=True,
    )
    assert "No hand scored yet" not in text(client.get(live_url, headers=HTMX))


def test_the_language_switch_returns_to_the_page_as_asked(game_mid_hand: Game) -> None:
    client = Client()
    for query in ("", "?entry=piles", "?entry=deal", "?x=1"):
        html = client.get(game_url(game_mid_hand) + query).content.decode()
        assert f'name="next" value="{game_url(game_mid_hand)}{query}"' in html, query
