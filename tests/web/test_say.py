"""The web side of translatable text: an engine sentence said in the active language."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.cards import Suit, parse_card, parse_cards
from companion.rules.text import shown, suit_name, tr, tr_n
from companion.tables import i18n

FRENCH = {
    "{player} cannot play {card}: {suit} was led.": (
        "{player} ne peut pas jouer {card} : {suit} a été demandé."
    ),
    "hearts": "cœur",
    "Trump: {name}": "Atout : {name}",
    "{n} trick": "{n} pli",
    "{n} tricks": "{n} plis",
    "broken {oops}": "cassé {nope}",
}
RANKS = {"J": "V", "Q": "D", "K": "R", "A": "A", "Joker": "Joker"}


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in catalogue: the lookup functions answer from FRENCH."""
    monkeypatch.setattr(i18n, "gettext", lambda m: FRENCH.get(m, m))
    monkeypatch.setattr(
        i18n, "pgettext", lambda c, m: RANKS.get(m) if c.startswith("card") else FRENCH.get(m, m)
    )
    monkeypatch.setattr(i18n, "ngettext", lambda s, p, n: FRENCH.get(s if n == 1 else p, p))
    # Translations said before (kept per language by i18n) came from the real catalogues.
    monkeypatch.setattr(i18n, "_templates", {})
    monkeypatch.setattr(i18n, "_numbers", {})


def test_a_sentence_and_its_values_are_said_the_languages_way(french: Any) -> None:
    text = tr(
        "{player} cannot play {card}: {suit} was led.",
        player="Bob",
        card=parse_card("JH"),
        suit=Suit.SPADES,
    )
    assert i18n.say(text) == "Bob ne peut pas jouer V♥ : ♠ a été demandé."
    assert i18n.say(tr("Trump: {name}", name=suit_name(Suit.HEARTS))) == "Atout : cœur"
    assert i18n.say(tr_n("{n} trick", "{n} tricks", 3)) == "3 plis"
    assert i18n.say(shown(parse_cards("QS KS"))) == "D♠ R♠"


def test_a_broken_translation_shows_the_english_rather_than_an_error(french: Any) -> None:
    assert i18n.say(tr("broken {oops}", oops="x")) == "broken x"


def test_plain_text_is_shown_as_it_is() -> None:
    assert i18n.say("Ann") == "Ann"
    assert i18n.say(None) == ""


def test_numbers_in_a_sentence_are_written_the_languages_way() -> None:
    """With the real catalogues: thousands grouped in French and German, not in English."""
    from django.utils import translation

    text = tr("{team} to {target}", team="Ann & Cat", target=1000)
    with translation.override("en"):
        assert i18n.say(text) == "Ann & Cat to 1000"
    with translation.override("fr"):
        assert i18n.say(text) == "Ann & Cat à 1\xa0000"  # a no-break space
    with translation.override("de"):
        assert i18n.say(text) == "Ann & Cat bis 1.000"
