"""What the rummy games' entry forms share (Three Thirteen, Jersey Gin): each player's deadwood
in the quick entry, and melds typed as laid out. Not a game's module: no game has the key
``rummy``."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from companion import rules as engine
from companion.tables.i18n import gettext as _

from .base import EntryForm, PointsField


class DeadwoodForm(EntryForm):
    """A points box per player (a sum such as 10+7 may be typed while counting; blank is 0),
    gathered as ``cleaned_data["deadwood"]``, one count per seat."""

    def deadwood_boxes(self) -> None:
        for seat, name in self.seat_choices():
            self.fields[f"deadwood_{seat}"] = PointsField(label=name, required=False)

    def deadwood_fields(self) -> list[forms.BoundField]:
        return [self[f"deadwood_{s}"] for s, _name in self.seat_choices()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["deadwood"] = tuple(data.get(f"deadwood_{s}") or 0 for s, _name in self.seat_choices())
        return data

    @staticmethod
    def deadwood_initial(deadwood: tuple[int, ...]) -> dict[str, int]:
        return {f"deadwood_{s}": n for s, n in enumerate(deadwood)}


def melds_field(label: str) -> forms.CharField:
    """Melds typed as laid out, separated by /: ``7H 8H 9H / 5S 5D 5C`` (optional)."""
    return forms.CharField(
        label=label,
        required=False,
        help_text=_("Each meld's cards, melds separated by /: 7H 8H 9H / 5S 5D 5C"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )


def parse_melds(text_value: str) -> tuple[tuple[engine.Card, ...], ...]:
    """The melds typed in a :func:`melds_field`; a ValidationError names a card not understood."""
    groups = [g for g in re.split(r"[/|;]", text_value) if g.strip()]
    try:
        return tuple(engine.parse_cards(g) for g in groups)
    except engine.CardError as exc:
        raise forms.ValidationError(str(exc)) from None


def melds_initial(melds: tuple[tuple[engine.Card, ...], ...]) -> str:
    """Melds as a :func:`melds_field` shows them again."""
    return " / ".join(" ".join(str(c) for c in m) for m in melds)
