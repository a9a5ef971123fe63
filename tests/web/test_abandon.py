"""Abandoning a game started by mistake (issue 9): a recorded entry, shown in the history and
taken back by Undo or its Cancel button; the game then shows as abandoned on its page, the
table page and the club page, and takes no other entry. Every game has it."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest
from django.test import Client

from companion import games
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import HTMX, start, text

pytestmark = pytest.mark.django_db

FINISHED = Path(__file__).resolve().parents[2] / "docs/examples/recruit/three-players-quick.json"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def fields(html: str, action: str) -> dict[str, str]:
    """The hidden fields of the form posting to ``action``."""
    form = re.search(rf'<form[^>]*action="{re.escape(action)}".*?</form>', html, re.S)
    assert form, f"no form posting to {action}"
    return dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))


def words(html: str) -> str:
    """The page's text, tags dropped and spaces collapsed (its forms' addresses kept)."""
    actions_ = " ".join(re.findall(r'action="([^"]+)"', html))
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html_lib.unescape(html))) + " " + actions_


def abandon(client: Client, game: Game, **extra: str) -> str:
    base = f"/t/{game.table.score_key}/g/{game.number}/"
    page = client.get(base).content.decode()
    response = client.post(base + "abandon/", {**fields(page, base + "abandon/"), **extra})
    assert response.status_code == 302
    return words(client.get(base).content.decode())


def test_a_scorer_abandons_a_game_and_undo_takes_it_back(
    client: Client, game_mid_hand: Game
) -> None:
    table: Table = game_mid_hand.table
    base = f"/t/{table.score_key}/g/1/"
    page = abandon(client, game_mid_hand)
    assert "Game abandoned. Cancel entry #2 to go on playing." in page
    assert "#2 Game abandoned" in page
    assert "/record/" not in page  # no entry form
    assert "Abandon this game" not in page
    assert "Abandoned before any hand was scored." in text(client.get(f"/t/{table.score_key}/"))
    # Nothing else is taken, saying why; nothing is written.
    response = client.post(base + "record/trick/", {"cards": "AS 3S 4S", "at": "2"})
    assert "The game was abandoned at entry #2: cancel that entry to go on playing." in text(
        response
    )
    assert game_mid_hand.events.count() == 2
    # Undo cancels the abandon: the game goes on where it stopped.
    page = client.get(base).content.decode()
    client.post(base + "undo/", fields(page, base + "undo/"))
    page = words(client.get(base).content.decode())
    assert "Game abandoned." not in page and "Bob leads trick 1" in page
    assert "/record/" in page and "Abandon this game" in page
    assert "Under way: 0 hands scored." in text(client.get(f"/t/{table.score_key}/"))


def test_a_viewer_is_not_offered_it_and_cannot_post_it(
    client: Client, game_mid_hand: Game
) -> None:
    table: Table = game_mid_hand.table
    assert "Abandon" not in text(client.get(f"/t/{table.view_key}/g/1/"))
    response = client.post(f"/t/{table.view_key}/g/1/abandon/", {"at": "1"})
    assert response.status_code == 403
    assert game_mid_hand.events.count() == 1


def test_an_abandon_made_for_an_older_state_is_refused(
    client: Client, game_mid_hand: Game
) -> None:
    base = f"/t/{game_mid_hand.table.score_key}/g/1/"
    response = client.post(base + "abandon/", {"at": "0"}, follow=True)
    assert "entry #1" in text(response).lower()
    assert game_mid_hand.events.count() == 1


def test_a_finished_game_offers_no_abandon_and_refuses_one(client: Client) -> None:
    table, game = actions.check_import_log(json.loads(FINISHED.read_text()))
    loaded = actions.load(game)
    assert loaded.rules.outcome(loaded.state) is not None
    base = f"/t/{table.score_key}/g/{game.number}/"
    assert "Abandon this game" not in text(client.get(base))
    count = game.events.count()
    response = client.post(base + "abandon/", {"at": str(count)}, follow=True)
    assert "The game is over: there is nothing to abandon." in text(response)
    assert game.events.count() == count


def test_the_club_page_shows_the_game_as_abandoned(client: Client, game_mid_hand: Game) -> None:
    table: Table = game_mid_hand.table
    club = actions.do_create_club("Thursday")
    actions.do_add_to_club(club, table.score_key)
    assert "Bob leads trick 1" in text(client.get(f"/c/{club.key}/"))
    abandon(client, game_mid_hand)
    page = text(client.get(f"/c/{club.key}/"))
    assert "Abandoned" in page and "Bob leads trick 1" not in page


def test_an_abandon_sent_twice_is_recorded_once(client: Client, game_mid_hand: Game) -> None:
    base = f"/t/{game_mid_hand.table.score_key}/g/1/"
    data = fields(client.get(base).content.decode(), base + "abandon/")
    client.post(base + "abandon/", data, headers=HTMX)
    response = client.post(base + "abandon/", data, headers=HTMX)
    assert response.status_code == 200 and response.headers["HX-Redirect"] == base
    assert game_mid_hand.events.count() == 2


@pytest.mark.parametrize("key", list(games.GAMES))
def test_every_game_can_be_abandoned_at_its_start(client: Client, key: str) -> None:
    rules_class = games.GAMES[key]
    table = actions.do_create_table(NAMES[: rules_class.seats.start])
    game = start(table, key)
    page = abandon(client, game)
    assert "Game abandoned. Cancel entry #1 to go on playing." in page
    assert "/record/" not in page
    assert "Abandoned before any hand was scored." in text(client.get(f"/t/{table.score_key}/"))
