"""``{% load say %}`` then ``{{ violation.message|say }}``: an engine sentence in the active
language (see ``companion/tables/i18n.py``); ``{{ card|card }}`` a card as that language
writes it."""

from __future__ import annotations

from typing import Any

from django import template

from companion.rules.cards import Card
from companion.tables.i18n import card_label
from companion.tables.i18n import say as say_text

register = template.Library()


@register.filter
def say(value: Any) -> str:
    return say_text(value)


@register.filter
def card(value: Card) -> str:
    return card_label(value)
