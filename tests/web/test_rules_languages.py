"""The rules pages in the phone's language: written in it where we have written them
(``templates/rules/games/<language>/<game>.html``), or said through the catalogues where the
English page marks every paragraph for translation (``{% translate %}``), otherwise the English
page under a note in the language, marked as English.

Every page written in a language is found on disk and checked here, so a new one needs no edit
to this file: it must be served in its language, with no note and no English part, with every
section the English page has (the game's messages link to those anchors), and read as that
language (some of its everyday words, none of English's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from companion.games import GAMES
from companion.tables.rules_views import said_through_catalogues

from .catalogues import ROOT
from .test_catalogues import TRANSLATION_PENDING

RULES = ROOT / "templates" / "rules" / "games"
_ID = re.compile(r'<section id="([a-z0-9-]+)"')
_WORD = re.compile(r"[^\W\d_]+")

#: Everyday words of each language: a page written in it uses most of them.
EVERYDAY = {
    "fr": {"les", "des", "une", "est", "pour", "avec", "qui", "dans", "pas"},
    "es": {"los", "las", "una", "del", "para", "con", "que", "por", "cada"},
    "it": {"il", "gli", "della", "una", "per", "con", "che", "non", "ogni"},
    "de": {"der", "die", "und", "nicht", "mit", "eine", "ist", "wird", "jeder"},
}
#: English words no page in another language has any reason to hold.
ENGLISH = {"the", "and", "with", "which", "you", "your", "when", "each", "trick", "tricks"}

WRITTEN = sorted(
    (path.parent.name, path.stem)
    for path in RULES.glob("*/*.html")
    if not path.name.startswith("_")
)
IDS = [f"{language}-{key}" for language, key in WRITTEN]
#: The pages said through the catalogues, in every language, once their game's messages are
#: all translated (``test_catalogues`` holds each language to every one of them).
CATALOGUED = sorted(
    (language, path.stem)
    for path in RULES.glob("*.html")
    if said_through_catalogues(path.read_text()) and path.stem not in TRANSLATION_PENDING
    for language in EVERYDAY
)
_BODY = re.compile(r"</h1>.*?</p>(.*?)<section id=\"house-options\">", re.S)


def _get(client: Client, language: str, key: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/rules/{key}/")
    assert response.status_code == 200
    return response.content.decode()


def _served_in(client: Client, language: str, key: str) -> str:
    """The page asked in the language, served in it: no note, no part marked English."""
    html = _get(client, language, key)
    assert f'<html lang="{language}"' in html
    assert "rules-untranslated" not in html
    assert '<div lang="en"' not in html
    return html


def _words(path: Path) -> set[str]:
    """The words of a page as people read it: without its tags, code samples and card names."""
    return _words_of(path.read_text())


def _words_of(text: str) -> set[str]:
    text = re.sub(r"<code>.*?</code>|<span class=\"card[^\"]*\">.*?</span>", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return {word.lower() for word in _WORD.findall(text)}


def _reads_as(language: str, words: set[str]) -> None:
    everyday = EVERYDAY[language]
    assert len(words & everyday) >= len(everyday) - 2, f"too few of {sorted(everyday - words)}"
    assert not words & ENGLISH, f"English words left: {sorted(words & ENGLISH)}"


def test_pages_are_written_in_languages_the_app_ships_for_games_it_has() -> None:
    assert WRITTEN, "no rules page is written in another language"
    shipped = {code for code, _name in settings.LANGUAGES} - {"en"}
    for language, key in WRITTEN:
        assert language in shipped, f"{language}/{key}.html: no such language in LANGUAGES"
        assert key in GAMES, f"{language}/{key}.html: no such game"
        assert language in EVERYDAY, f"add the everyday words of {language} to this test"


@pytest.mark.parametrize(("language", "key"), WRITTEN, ids=IDS)
def test_a_page_written_in_a_language_is_served_in_it_with_every_rule_the_app_links_to(
    client: Client, language: str, key: str
) -> None:
    html = _served_in(client, language, key)
    # Every rule the game's messages link to (#follow-suit, #capot...) is on the page.
    english = _ID.findall((RULES / f"{key}.html").read_text())
    written = _ID.findall(html)
    assert not set(english) - set(written), f"sections missing: {set(english) - set(written)}"
    # Each section once: a link must land on one place.
    page = _ID.findall((RULES / language / f"{key}.html").read_text())
    assert len(page) == len(set(page))


@pytest.mark.parametrize(("language", "key"), WRITTEN, ids=IDS)
def test_a_page_written_in_a_language_reads_as_that_language(language: str, key: str) -> None:
    _reads_as(language, _words(RULES / language / f"{key}.html"))


@pytest.mark.parametrize(
    ("language", "key"), CATALOGUED, ids=[f"{language}-{key}" for language, key in CATALOGUED]
)
def test_a_page_said_through_the_catalogues_is_served_in_the_language_and_reads_as_it(
    client: Client, language: str, key: str
) -> None:
    html = _served_in(client, language, key)
    body = _BODY.search(html)
    assert body is not None
    _reads_as(language, _words_of(body.group(1)))


def test_belote_in_french_says_it_the_french_way(client: Client) -> None:
    html = _get(client, "fr", "belote")
    assert "Le jeu en bref" in html and "dix de der" in html and "valet" in html


def test_malilla_in_spanish_says_it_the_spanish_way(client: Client) -> None:
    html = _get(client, "es", "malilla")
    assert "triunfo" in html and "baza" in html and "sota" in html and "caballo" in html


@pytest.mark.parametrize("language", ["fr", "es", "it", "de"])
def test_a_page_not_written_in_the_language_is_english_under_a_note_in_it(
    client: Client, language: str
) -> None:
    assert (language, "three_thirteen") not in WRITTEN
    html = _get(client, language, "three_thirteen")
    note = re.search(r'<p class="note rules-untranslated" lang="(\w+)">(.*?)</p>', html)
    assert note is not None and note.group(1) == language
    assert "These rules are not yet written" not in note.group(2)  # said in the language
    assert '<div lang="en" class="rules-body">' in html
    assert "The game in short" in html


def test_english_pages_have_no_note(client: Client) -> None:
    for key in GAMES:
        html = _get(client, "en", key)
        assert "rules-untranslated" not in html
