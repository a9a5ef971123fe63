"""Messages the web layer wrote in English whatever the language (issue 28, item 9): the house
rules changed, an entry corrected, the club's "viewer link" refusal and "joined the club". Each
is now said in the table's language (or the phone's, on a club page). The Elusive 34's history
lines in French and German are tested in test_elusive_34 (they came with the trades branch)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import game_url, new_uuid, piles_data, words

pytestmark = pytest.mark.django_db

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
ENGLISH_PHONE = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _imported(name: str, language: str) -> Game:
    _, game = actions.check_import_log(json.loads((EXAMPLES / name).read_text()))
    Table.objects.filter(pk=game.table_id).update(language=language)
    game.table.refresh_from_db()
    return game


def test_house_rules_changed_in_the_tables_language(client: Client) -> None:
    game = _imported("buck_euchre/declarer-euchred.json", "fr")
    response = client.post(
        game_url(game, "options/"),
        {"client_id": new_uuid(), "start_score": "20"},
        follow=True,
        **ENGLISH_PHONE,
    )
    assert "Règles maison changées ; toute la partie a été recomptée." in words(response)


def test_an_entry_corrected_in_the_tables_language(
    client: Client, game_after_first_hand: Game
) -> None:
    game = game_after_first_hand
    Table.objects.filter(pk=game.table_id).update(language="de")
    response = client.post(
        game_url(game, "correct/1/"),
        {"client_id": new_uuid(), **piles_data((9, 0, 0, 0), (18, 0, 0, 2), (12, 0, 0, 0))},
        follow=True,
        **ENGLISH_PHONE,
    )
    assert "Eintrag Nr. 2 korrigiert; alles danach wurde neu gewertet." in words(response)


def test_the_club_says_a_viewer_link_and_a_table_joining_in_the_phones_language(
    client: Client,
) -> None:
    club = actions.do_create_club("Mardi")
    table = actions.do_create_table(["Ann", "Bob"], "Cuisine")
    add = f"/c/{club.key}/tables/add/"
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    refused = client.post(add, {"link": table.view_key}, follow=True, **french)
    assert (
        "C'est le lien spectateur de Cuisine : une table rejoint le club avec son lien de "
        "marqueur." in words(refused)
    )
    joined = client.post(add, {"link": table.score_key}, follow=True, **french)
    assert "Cuisine a rejoint le club." in words(joined)
