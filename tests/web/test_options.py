"""Changing a game's house rules after it started: the whole game is scored again, or the change
is refused naming the entry the new rules would break."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.test import Client

from companion.tables import actions
from companion.tables.models import Game, OptionChange, Table

from .helpers import game_url, new_uuid, page_totals, text, words

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"


def _imported(name: str) -> Game:
    _, game = actions.check_import_log(json.loads((EXAMPLES / name).read_text()))
    return game


def _post(client: Client, game: Game, data: dict[str, Any], key: str | None = None) -> Any:
    return client.post(game_url(game, "options/", key=key), {"client_id": new_uuid(), **data})


def test_a_new_starting_score_rescores_the_game(client: Client, db: None) -> None:
    """Buck Euchre from 15 instead of 25: one hand (Ann -1, Bob +5, Cat -2, Dan +5) leaves
    14, 20, 13 and 20."""
    game = _imported("buck_euchre/declarer-euchred.json")
    assert page_totals(client.get(game_url(game))) == [24, 30, 23, 30]
    version = Table.objects.get(pk=game.table.pk).version

    response = _post(client, game, {"start_score": "15"})

    assert response.status_code == 302
    page = client.get(game_url(game))
    assert page_totals(page) == [14, 20, 13, 20]
    assert "Starting score: 25 → 15" in words(page)
    game.refresh_from_db()
    assert game.options["start_score"] == 15
    assert Table.objects.get(pk=game.table.pk).version > version, "other phones see it"
    exported = client.get(game_url(game, "log.json")).json()
    assert exported["options"]["start_score"] == 15, "the log keeps the rules it was scored by"


def test_rules_that_would_break_an_entry_are_refused(client: Client, db: None) -> None:
    """Belote to 501: Ann & Cat pass 501 before the last hands were played, so the hands
    recorded after the end are refused and nothing changes."""
    game = _imported("belote/game-to-1000.json")
    before = page_totals(client.get(game_url(game)))

    response = _post(client, game, {"target": "501"})

    assert response.status_code == 200
    message = text(response)
    assert "Not changed: under these house rules entry #" in message
    assert "over" in message.lower()
    game.refresh_from_db()
    assert game.options["target"] == 1000
    assert not OptionChange.objects.exists()
    assert page_totals(client.get(game_url(game))) == before


def test_the_form_shows_the_rules_in_force(client: Client, db: None) -> None:
    game = _imported("buck_euchre/declarer-euchred.json")
    actions.check_change_options(game, {"start_score": 20})
    html = client.get(game_url(game, "options/")).content.decode()
    assert 'name="start_score" value="20" checked' in html
    assert 'name="start_score" value="25" checked' not in html


def test_a_resent_change_is_recorded_once(client: Client, db: None) -> None:
    game = _imported("buck_euchre/declarer-euchred.json")
    client_id = new_uuid()
    for _ in range(2):
        response = client.post(
            game_url(game, "options/"), {"client_id": client_id, "start_score": "20"}
        )
        assert response.status_code == 302
    assert OptionChange.objects.filter(game=game).count() == 1


def test_choosing_the_rules_already_in_force_records_nothing(client: Client, db: None) -> None:
    game = _imported("buck_euchre/declarer-euchred.json")
    assert _post(client, game, {"start_score": "25"}).status_code == 302
    refused = _post(client, game, {"start_score": "99"})  # not offered: refused, saying so
    assert refused.status_code == 200 and "has no such choice" in text(refused)
    assert not OptionChange.objects.exists()
    assert page_totals(client.get(game_url(game))) == [24, 30, 23, 30]


def test_a_viewer_cannot_change_the_rules(client: Client, db: None) -> None:
    game = _imported("buck_euchre/declarer-euchred.json")
    viewer = game.table.view_key
    assert client.get(game_url(game, "options/", key=viewer)).status_code == 403
    assert _post(client, game, {"start_score": "15"}, key=viewer).status_code == 403
    game.refresh_from_db()
    assert game.options["start_score"] == 25
    assert "Change the house rules" not in words(client.get(game_url(game, key=viewer)))
