"""The rules pages in the phone's language: written in it where we have written them (a page
of its own, ``templates/rules/games/<language>/<game>.html``, or an English page made of
``{% translate %}`` paragraphs that the language's catalogue says), otherwise the English page
under a note in the language, marked as English.

Every page written in a language is found on disk and checked here, so a new one needs no edit
to this file: it must be served in its language, with no note and no English part, with every
section the English page has (the game's messages link to those anchors), and read as that
language (some of its everyday words, none of English's). A page made of catalogue messages
counts as written in every language shipped: each must translate every one of its messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template
from django.test import Client, override_settings
from django.utils import translation

from companion.games import GAMES
from companion.tables.rules_views import page_messages

from .catalogues import LOCALE, ROOT, read_po

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

#: The pages of their own in a language.
OWN = {
    (path.parent.name, path.stem)
    for path in RULES.glob("*/*.html")
    if not path.name.startswith("_")
}
#: The English pages made of catalogue messages: written in every language shipped.
MESSAGES = sorted(path.stem for path in RULES.glob("*.html") if "{% translate " in path.read_text())
WRITTEN = sorted(OWN | {(language, key) for key in MESSAGES for language in EVERYDAY})
IDS = [f"{language}-{key}" for language, key in WRITTEN]


def _get(client: Client, language: str, key: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/rules/{key}/")
    assert response.status_code == 200
    return response.content.decode()


def _source(language: str, key: str) -> str:
    """The page as written: its own file in the language, else the English page's messages
    said in the language."""
    own = RULES / language / f"{key}.html"
    if own.exists():
        return own.read_text()
    with translation.override(language):
        return get_template(f"rules/games/{key}.html").render()


def _words(text: str) -> set[str]:
    """The words of a page as people read it: without its tags, code samples and card names."""
    text = re.sub(r"<code>.*?</code>|<span class=\"card[^\"]*\">.*?</span>", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    return {word.lower() for word in _WORD.findall(text)}


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
    html = _get(client, language, key)
    assert f'<html lang="{language}"' in html
    assert "rules-untranslated" not in html
    assert '<div lang="en"' not in html
    # Every rule the game's messages link to (#follow-suit, #capot...) is on the page.
    english = _ID.findall((RULES / f"{key}.html").read_text())
    written = _ID.findall(html)
    assert not set(english) - set(written), f"sections missing: {set(english) - set(written)}"
    # Each section once: a link must land on one place.
    page = _ID.findall(_source(language, key))
    assert len(page) == len(set(page))


@pytest.mark.parametrize(("language", "key"), WRITTEN, ids=IDS)
def test_a_page_written_in_a_language_reads_as_that_language(language: str, key: str) -> None:
    words = _words(_source(language, key))
    everyday = EVERYDAY[language]
    assert len(words & everyday) >= len(everyday) - 2, f"too few of {sorted(everyday - words)}"
    assert not words & ENGLISH, f"English words left: {sorted(words & ENGLISH)}"


def test_belote_in_french_says_it_the_french_way(client: Client) -> None:
    html = _get(client, "fr", "belote")
    assert "Le jeu en bref" in html and "dix de der" in html and "valet" in html


def test_malilla_in_spanish_says_it_the_spanish_way(client: Client) -> None:
    html = _get(client, "es", "malilla")
    assert "triunfo" in html and "baza" in html and "sota" in html and "caballo" in html


@pytest.mark.parametrize("key", MESSAGES)
@pytest.mark.parametrize("language", sorted(EVERYDAY))
def test_a_page_made_of_messages_has_each_translated_in_each_language(
    language: str, key: str
) -> None:
    messages = page_messages(get_template(f"rules/games/{key}.html").template)
    said = {
        m.key: m.strs.get(0, "") for m in read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    }
    left = [m for m in messages if not said.get(m, "").strip()]
    assert not left, f"{language}: {len(left)} paragraphs of {key} not translated: {left[:3]}"
    assert all(said[m] != m for m in messages if len(m) > 40), "a paragraph left as in English"


_ENGLISH_ONLY = '<section id="overview"><h2>The game in short</h2><p>Plain English.</p></section>'
_HALF_SAID = (
    '{% load i18n %}<section id="overview"><h2>{% translate "The game in short" %}</h2>'
    '<p>{% translate "A paragraph no catalogue has." %}</p></section>'
)


@pytest.mark.parametrize("page", [_ENGLISH_ONLY, _HALF_SAID], ids=["plain", "half-said"])
@pytest.mark.parametrize("language", ["fr", "es", "it", "de"])
def test_a_page_not_written_in_the_language_is_english_under_a_note_in_it(
    client: Client, tmp_path: Path, language: str, page: str
) -> None:
    """A page in plain English, or whose messages the catalogue does not all say, is English."""
    (tmp_path / "rules" / "games").mkdir(parents=True)
    (tmp_path / "rules" / "games" / "three_thirteen.html").write_text(page)
    templates = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    with override_settings(TEMPLATES=templates):
        html = _get(client, language, "three_thirteen")
    note = re.search(r'<p class="note rules-untranslated" lang="(\w+)">(.*?)</p>', html)
    assert note is not None and note.group(1) == language
    assert "These rules are not yet written" not in note.group(2)  # said in the language
    assert '<div lang="en" class="rules-body">' in html
    assert "Plain English." in html or "A paragraph no catalogue has." in html


def test_english_pages_have_no_note(client: Client) -> None:
    for key in GAMES:
        html = _get(client, "en", key)
        assert "rules-untranslated" not in html
