"""The rules pages in the phone's language: written in it where we have written them (Belote
in French), otherwise the English page under a note in the language, marked as English."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from companion.games import GAMES

from .catalogues import ROOT

RULES = ROOT / "templates" / "rules" / "games"
_ID = re.compile(r'<section id="([a-z0-9-]+)"')


def _get(client: Client, language: str, key: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/rules/{key}/")
    assert response.status_code == 200
    return response.content.decode()


def test_belote_in_french_is_written_in_french_with_every_rule_the_app_links_to(
    client: Client,
) -> None:
    html = _get(client, "fr", "belote")
    assert "Le jeu en bref" in html and "dix de der" in html
    assert "rules-untranslated" not in html
    assert '<div lang="en"' not in html
    # Every rule the game's messages link to (#follow-suit, #capot...) is on the French page.
    english = set(_ID.findall((RULES / "belote.html").read_text()))
    assert english <= set(_ID.findall(html))


@pytest.mark.parametrize("language", ["de", "it", "es"])
def test_a_page_not_written_in_the_language_is_english_under_a_note_in_it(
    client: Client, language: str
) -> None:
    html = _get(client, language, "belote")
    note = re.search(r'<p class="note rules-untranslated" lang="(\w+)">(.*?)</p>', html)
    assert note is not None and note.group(1) == language
    assert "These rules are not yet written" not in note.group(2)  # said in the language
    assert '<div lang="en" class="rules-body">' in html
    assert "The game in short" in html


def test_english_pages_have_no_note(client: Client) -> None:
    for key in GAMES:
        html = _get(client, "en", key)
        assert "rules-untranslated" not in html
