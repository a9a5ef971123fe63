"""Shared pieces of the entry forms: tap-friendly chip widgets and a card picker."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms

from companion import rules as engine
from companion.rules.cards import RANK_NAMES, Suit

if TYPE_CHECKING:
    from companion.tables.actions import Loaded


class Chips(forms.RadioSelect):
    """Radio buttons drawn as large tap targets (pure CSS, no JavaScript)."""

    template_name = "widgets/chips.html"
    option_template_name = "widgets/chip_option.html"


class ChipsMulti(forms.CheckboxSelectMultiple):
    template_name = "widgets/chips.html"
    option_template_name = "widgets/chip_option.html"


RANK_CHOICES = [(name, name) for name in RANK_NAMES.values()]
SUIT_CHOICES = [(s.value, s.symbol) for s in Suit]


def count_field(label: str, top: int, initial: int | None = 0) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label,
        choices=[(i, str(i)) for i in range(top + 1)],
        coerce=int,
        widget=Chips(attrs={"class": "chips-numbers"}),
        initial=initial,
    )


class EntryForm(forms.Form):
    """Base: carries the game being recorded and a one-time submission id.

    Each subclass defines ``to_event(self) -> engine.Event`` (called once the form is valid).
    """

    kind: ClassVar[str]
    label: ClassVar[str]  # the tab / button text: "Deal", "Trick", "Piles"
    template: ClassVar[str]

    client_id = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, loaded: Loaded, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("client_id", uuid.uuid4())
        super().__init__(*args, **kwargs)
        self.loaded = loaded
        self.rules = loaded.rules
        self.state = loaded.state
        self.violations: list[engine.Violation] = []
        self.build()

    def build(self) -> None:
        """Add the fields that depend on the game (seats, variants)."""

    def seat_choices(self) -> list[tuple[int, str]]:
        return list(enumerate(self.rules.names))


def card_from(rank: str | None, suit: str | None, who: str) -> engine.Card:
    """Combine a rank chip and a suit chip into a card; the joker needs no suit."""
    if not rank:
        raise forms.ValidationError(f"Choose {who}'s card.")
    if rank == "JK":
        return engine.parse_card("JK")
    if not suit:
        raise forms.ValidationError(f"Choose the suit of {who}'s card.")
    return engine.parse_card(rank + suit)
