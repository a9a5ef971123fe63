"""What the rummy games' entry forms share (Three Thirteen, Jersey Gin): each player's deadwood
in the quick entry. Not a game's module: no game has the key ``rummy``."""

from __future__ import annotations

from typing import Any

from django import forms

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
