"""What the rummy games' entry forms share (Three Thirteen, Jersey Gin, Kaluki): each player's
deadwood in the quick entry, melds typed as laid out, and each player's cards at the end of a
hand. Not a game's module: no game has the key ``rummy``."""

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


class HeldCardsForm(EntryForm):
    """A card picker per player (``cards_<seat>``, and ``melds_<seat>`` when ``declared``) for the
    cards each holds at the end of a hand, gathered as ``cleaned_data["cards"]``, one tuple per
    seat, once every picker is valid."""

    declared = False

    def card_fields(self) -> list[dict[str, Any]]:
        """Each player's picker, and whether to show it open: the first, and any with cards
        already chosen or an error (the others fold away to keep the page short)."""
        rows = []
        for i, (seat, _name) in enumerate(self.seat_choices()):
            field = self[f"cards_{seat}"]
            value = field.value()
            chosen = (
                bool(value.get("picked") or value.get("typed"))
                if isinstance(value, dict)
                else bool(value)
            )
            melds = self[f"melds_{seat}"] if self.declared else None
            rows.append(
                {
                    "field": field,
                    "melds": melds,
                    "open": i == 0 or chosen or bool(field.errors) or bool(melds and melds.errors),
                }
            )
        return rows

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [s for s, _name in self.seat_choices()]
        if all(f"cards_{s}" in data for s in seats):
            data["cards"] = tuple(data[f"cards_{s}"] for s in seats)
        return data


#: What separates melds (or groups of cards) typed in one box.
GROUPS = re.compile(r"[/|;]")


def typed_field(label: str, help_text: str) -> forms.CharField:
    """An optional box for cards typed as text (``7H 8H 9H / 5S 5D 5C``)."""
    return forms.CharField(
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )


def melds_field(label: str) -> forms.CharField:
    """Melds typed as laid out, separated by /: ``7H 8H 9H / 5S 5D 5C`` (optional)."""
    return typed_field(label, _("Each meld's cards, melds separated by /: 7H 8H 9H / 5S 5D 5C"))


def parse_melds(text_value: str) -> tuple[tuple[engine.Card, ...], ...]:
    """The melds typed in a :func:`melds_field`; a ValidationError names a card not understood."""
    groups = [g for g in GROUPS.split(text_value) if g.strip()]
    try:
        return tuple(engine.parse_cards(g) for g in groups)
    except engine.CardError as exc:
        raise forms.ValidationError(str(exc)) from None


def melds_initial(melds: tuple[tuple[engine.Card, ...], ...]) -> str:
    """Melds as a :func:`melds_field` shows them again."""
    return " / ".join(" ".join(str(c) for c in m) for m in melds)
