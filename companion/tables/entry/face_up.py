"""Fields for the cards a set-up ritual turns face up (The Elusive 34's first dealer and goal,
Ui77's first dealer): typed in the order dealt, like ``2H KD 9C``, and who got the first."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.rules.cards import Card
from companion.tables.i18n import gettext_lazy as _

from .base import Chips


def cards_field(label: Any, placeholder: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": placeholder}),
    )


def start_field(choices: list[tuple[int, str]]) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=_("Who got the first of them"),
        choices=choices,
        coerce=int,
        widget=Chips,
        required=False,
        empty_value=None,
    )


def parse(text: str | None) -> tuple[Card, ...]:
    """The cards typed, or the card notation's own message as the form's error."""
    try:
        return engine.parse_cards(text or "")
    except engine.CardError as exc:
        raise forms.ValidationError(str(exc)) from None
