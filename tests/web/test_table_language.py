"""A table's own language: chosen when the table is created, changed on the table page by its
scorer only, and then shown by every phone and the big-screen viewer of that table whatever
their own language; the language switch at the foot of every page sets a phone's own."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.tables import actions
from companion.tables.models import Table

from .helpers import game_url, start

pytestmark = pytest.mark.django_db

ENGLISH_PHONE = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def test_a_table_created_in_french_shows_french_to_an_english_phone(client: Client) -> None:
    response = client.post(
        "/new/", {"name": ["Ann", "Bob", "Cat", "Dan"], "language": "fr"}, **ENGLISH_PHONE
    )
    table = Table.objects.get()
    assert table.language == "fr"
    page = client.get(response["Location"], **ENGLISH_PHONE)
    assert page["Content-Language"] == "fr"
    html = page.content.decode()
    assert "Joueurs :" in html and "Players:" not in html
    # Elsewhere the phone keeps its own language.
    home = client.get("/", **ENGLISH_PHONE)
    assert "New table" in home.content.decode()


def test_the_viewer_of_a_german_table_reads_german(client: Client) -> None:
    table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan"], "")
    game = start(table, "belote")
    Table.objects.filter(pk=table.pk).update(language="de")
    page = client.get(game_url(game, key=table.view_key), **ENGLISH_PHONE)
    html = page.content.decode()
    assert "Wer gibt zuerst? Erfasse das Geben." in html
    assert "nur ansehen" in html


def test_only_the_scorer_changes_the_tables_language_and_every_phone_refreshes(
    client: Client,
) -> None:
    table = actions.do_create_table(["Ann", "Bob"], "")
    version = table.version
    refused = client.post(f"/t/{table.view_key}/language/", {"language": "it"})
    assert refused.status_code == 403
    table.refresh_from_db()
    assert table.language == ""

    client.post(f"/t/{table.score_key}/language/", {"language": "it"}, **ENGLISH_PHONE)
    table.refresh_from_db()
    assert table.language == "it"
    assert table.version > version  # polls bring every phone the page in Italian
    assert "Giocatori:" in client.get(f"/t/{table.view_key}/").content.decode()

    client.post(f"/t/{table.score_key}/language/", {"language": "xx"}, **ENGLISH_PHONE)
    table.refresh_from_db()
    assert table.language == "it"  # a language the app does not speak changes nothing

    client.post(f"/t/{table.score_key}/language/", {"language": ""}, **ENGLISH_PHONE)
    table.refresh_from_db()
    assert table.language == ""
    page = client.get(f"/t/{table.view_key}/", **ENGLISH_PHONE).content.decode()
    assert "Players:" in page


def test_the_language_switch_sets_the_phones_own_language(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "es", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    html = client.get("/rules/").content.decode()
    assert "Juegos y reglas" in html
    assert '<html lang="es">' in html


def test_the_language_form_sent_with_no_choice_says_so_and_changes_nothing(
    client: Client,
) -> None:
    """A form sent with no language (issue 28, item 9) answered 302 without a word, and on a
    table with a language it even took the missing choice for "each phone's own"."""
    table = actions.do_create_table(["Ann", "Bob"], "")
    Table.objects.filter(pk=table.pk).update(language="it")
    table.refresh_from_db()
    version = table.version
    response = client.post(f"/t/{table.score_key}/language/", {}, follow=True, **ENGLISH_PHONE)
    table.refresh_from_db()
    assert (table.language, table.version) == ("it", version)
    assert "Scegli la lingua del tavolo: non è cambiato niente." in response.content.decode()

    same = client.post(
        f"/t/{table.score_key}/language/", {"language": "it"}, follow=True, **ENGLISH_PHONE
    )
    table.refresh_from_db()
    assert table.version == version
    assert "Tutti i telefoni a questo tavolo mostrano già questa lingua." in same.content.decode()

    plain = actions.do_create_table(["Ann", "Bob"], "")
    response = client.post(
        f"/t/{plain.score_key}/language/", {"language": ""}, follow=True, **ENGLISH_PHONE
    )
    assert "Each phone already shows its own language." in response.content.decode()
    response = client.post(f"/t/{plain.score_key}/language/", {}, follow=True, **ENGLISH_PHONE)
    assert "Choose the table&#x27;s language: nothing was changed." in response.content.decode()
