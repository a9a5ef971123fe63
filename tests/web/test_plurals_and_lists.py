"""Counts and lists said each language's way (issue 33, items 4 and 5): one card, two cards
(never "1 cards"), in all five languages; players' names joined with the language's "and";
the club's "4 min ago"."""

from __future__ import annotations

import datetime
import html
import json
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format

from companion.games.recruit.game import Collected, Recruit
from companion.rules.cards import parse_card
from companion.rules.text import tr_n
from companion.rules.tricks import name_list
from companion.tables import actions
from companion.tables.club_views import ago
from companion.tables.i18n import names_joined, say
from companion.tables.models import Game

COLLECTED = {
    "en": ("1 card collected, 1 each", "2 cards collected, 1 each"),
    "fr": ("1 carte ramassée, 1 chacune", "2 cartes ramassées, 1 chacune"),
    "es": ("1 carta reunida, 1 cada una", "2 cartas reunidas, 1 cada una"),
    "it": ("1 carta raccolta, 1 ciascuna", "2 carte raccolte, 1 ciascuna"),
    "de": ("1 gesammelte Karte, je 1", "2 gesammelte Karten, je 1"),
}


@pytest.mark.parametrize("language", sorted(COLLECTED))
def test_one_card_and_two_cards(language: str) -> None:
    def line(count: int) -> str:
        return say(
            tr_n(
                "{count} card collected, 1 each",
                "{count} cards collected, 1 each",
                count,
                count=count,
            )
        )

    with translation.override(language):
        assert (line(1), line(2)) == COLLECTED[language]


def test_recruits_score_line_says_one_card() -> None:
    """The line comes from the game itself (its score lines), not only from the test above."""
    rules = Recruit(3, {}, ["Ann", "Bob", "Cat"])
    line = rules.score_lines(frozenset(), parse_card("8D"), Collected(1, (0, 0, 0), 0))[0]
    with translation.override("fr"):
        assert say(line.label) == "1 carte ramassée, 1 chacune"
    assert str(line.label) == "1 card collected, 1 each"


JOINED = {
    "en": ("Ann, Bob, Dan", "Ann, Bob"),
    "fr": ("Ann, Bob et Dan", "Ann et Bob"),
    "es": ("Ann, Bob y Dan", "Ann y Bob"),
    "it": ("Ann, Bob e Dan", "Ann e Bob"),
    "de": ("Ann, Bob und Dan", "Ann und Bob"),
}


@pytest.mark.parametrize("language", sorted(JOINED))
def test_names_joined_the_languages_way(language: str) -> None:
    with translation.override(language):
        three = names_joined(["Ann", "Bob", "Dan"])
        two = say(name_list(["Ann", "Bob"]))
        assert (three, two) == JOINED[language]
        assert names_joined(["Ann"]) == "Ann"
        assert names_joined([]) == ""


AGO = {
    "en": ("just now", "4 min ago", "1 h ago", "1 h 5 min ago"),
    "fr": ("à l'instant", "il y a 4 min", "il y a 1 h", "il y a 1 h 5 min"),
    "es": ("ahora mismo", "hace 4 min", "hace 1 h", "hace 1 h 5 min"),
    "it": ("proprio ora", "4 min fa", "1 h fa", "1 h 5 min fa"),
    "de": ("gerade eben", "vor 4 min", "vor 1 h", "vor 1 h 5 min"),
}


@pytest.mark.parametrize("language", sorted(AGO))
def test_the_clubs_last_entry_time_in_each_language(language: str) -> None:
    now = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.UTC)
    with translation.override(language):
        said = tuple(ago(now - datetime.timedelta(minutes=m), now) for m in (0, 4, 60, 65))
    assert said == AGO[language]


# --- dates, numbers and money the language's way (item 5) ----------------------------------

GO_NOV = Path(settings.BASE_DIR) / "docs" / "examples" / "ui77" / "go-nov-one-decimal.json"
#: Each language's scores file as its spreadsheets read it: the header and the totals row.
CSV_COMMA = {
    "fr": ("Donne;Ann;Bob;Cat;Dan", "Total;10;13;10;8,7"),
    "es": ("Mano;Ann;Bob;Cat;Dan", "Total;10;13;10;8,7"),
    "it": ("Mano;Ann;Bob;Cat;Dan", "Totale;10;13;10;8,7"),
    "de": ("Spiel;Ann;Bob;Cat;Dan", "Summe;10;13;10;8,7"),
}


def _go_nov() -> Game:
    _, game = actions.check_import_log(json.loads(GO_NOV.read_text()))
    return game


def _csv(client: Client, game: Game, language: str, query: str = "") -> list[str]:
    url = f"/t/{game.table.view_key}/g/{game.number}/scores.csv{query}"
    body = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode("utf-8-sig")
    return body.replace("\r", "").splitlines()


@pytest.mark.django_db
@pytest.mark.parametrize("language", sorted(CSV_COMMA))
def test_the_scores_file_with_decimal_commas(client: Client, language: str) -> None:
    game = _go_nov()
    page = client.get(f"/t/{game.table.score_key}/g/{game.number}/", HTTP_ACCEPT_LANGUAGE=language)
    assert "scores.csv?decimal=comma" in page.content.decode()
    lines = _csv(client, game, language, "?decimal=comma")
    assert (lines[0], lines[-1]) == CSV_COMMA[language]
    # The plain file stays the one every spreadsheet reads: commas between cells, 8.7.
    assert _csv(client, game, language)[-1] == CSV_COMMA[language][1].replace(";", ",").replace(
        "8,7", "8.7"
    )


@pytest.mark.django_db
def test_an_english_page_offers_the_plain_scores_file_only(client: Client) -> None:
    game = _go_nov()
    page = client.get(f"/t/{game.table.score_key}/g/{game.number}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "decimal=comma" not in page.content.decode()
    assert _csv(client, game, "en")[:: len(_csv(client, game, "en")) - 1] == [
        "Hand,Ann,Bob,Cat,Dan",
        "Total,10,13,10,8.7",
    ]


FRENCH_DAYS = ("lun", "mar", "mer", "jeu", "ven", "sam", "dim")


@pytest.mark.django_db
def test_a_house_rule_changes_time_is_written_the_languages_way(client: Client) -> None:
    """The house rules' change is dated with the language's day names, 24-hour time."""
    game = _go_nov()
    url = f"/t/{game.table.score_key}/g/{game.number}/"
    options = actions.load(game).rules.options_dict()
    name = next(iter(options))
    choices = {o.name: o for o in actions.load(game).rules.option_info}[name].choices
    other = next(v for v, _ in choices if str(v) != str(options[name]))
    client.post(
        f"{url}options/",
        {**options, name: other, "client_id": str(uuid.uuid4())},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    with translation.override("fr"):
        expected = date_format(timezone.localtime(timezone.now()), "D H:i")
    shown = client.get(f"{url}options/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    shown += client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert expected.split()[0].rstrip(".") in FRENCH_DAYS
    assert f"{expected} :" in html.unescape(shown)  # "Modifié sam. 05:59 : ..."


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "es", "it", "de"])
def test_the_home_pages_list_of_tables_is_dated_in_the_pages_language(
    client: Client, language: str
) -> None:
    """The tables opened on this phone are listed by static/js/app.js, which writes the date
    with the page's ``lang`` (``toLocaleString``): the page says its language."""
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{language}"' in page
    assert 'id="my-tables"' in page


def test_players_level_at_the_top_are_listed_the_languages_way() -> None:
    """"Ann, Bob and Dan (0)", never "Ann and Bob and Dan"; two are "Ann and Bob"."""
    from django.utils import translation

    from companion.tables.context import _leading

    with translation.override("en"):
        assert _leading(["Ann"], 12) == "Ann (12)"
        assert _leading(["Ann", "Bob"], 12) == "Ann and Bob (12)"
        assert _leading(["Ann", "Bob", "Dan"], 0) == "Ann, Bob and Dan (0)"
    with translation.override("fr"):
        assert _leading(["Ann", "Bob", "Dan"], 0) == "Ann, Bob et Dan (0)"
