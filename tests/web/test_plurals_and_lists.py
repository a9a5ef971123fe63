"""Counts and lists said each language's way (issue 33, items 4 and 5): one card, two cards
(never "1 cards"), in all five languages; players' names joined with the language's "and";
the club's "4 min ago"."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from companion.games.recruit.game import Collected, Recruit
from companion.rules.cards import parse_card
from companion.rules.text import tr_n
from companion.rules.tricks import name_list
from companion.tables.club_views import ago
from companion.tables.i18n import names_joined, say

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
