"""``{% load say %}`` then ``{{ violation.message|say }}``: an engine sentence in the active
language (see ``companion/tables/i18n.py``); ``{{ card|card }}`` a card as that language
writes it, ``{{ 11|rank }}`` a rank (``V`` in French), ``{{ suit|suit_title }}`` a suit's
name (``Hearts``, ``Cœur``), ``{{ texts|say_each }}`` a list of sentences, and
``{{ code|language_name }}`` a language's name in itself."""

from __future__ import annotations

from typing import Any

from django import template

from companion.rules.cards import Card, Suit
from companion.rules.tricks import suit_title as engine_suit_title
from companion.tables.i18n import card_label, language_names, rank_label
from companion.tables.i18n import say as say_text

register = template.Library()


@register.filter
def say(value: Any) -> str:
    return say_text(value)


@register.filter
def say_each(values: Any) -> list[str]:
    return [say_text(v) for v in values or ()]


@register.filter
def card(value: Card | None) -> str:
    # A form asked for out of turn (a bid posted before the deal) has no card to show.
    return "" if value is None else card_label(value)


@register.filter
def rank(value: int) -> str:
    return rank_label(int(value))


@register.filter
def suit_title(value: Suit) -> str:
    return say_text(engine_suit_title(value))


@register.filter
def language_name(code: str) -> str:
    return language_names().get(code, "")
