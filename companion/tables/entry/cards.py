"""The card picker: a player's cards entered with one tap each, or typed.

A shared widget for every game that records whole hands (Three Thirteen, Jersey Gin, Kaluki):

* a grid of every rank (rows) and suit (columns); tapping a card toggles it. With several packs
  each card has one toggle per copy (``9♥`` then ``×2``, ``×3``), so two identical cards are two
  taps; jokers get a row of their own when the game uses them;
* a text box for those who prefer typing: ``7H 8H 9H JK`` (the card notation of
  ``companion.rules.cards``: ``10`` or ``T``, suits ``S H D C`` or their symbols).

The cards are the tapped ones plus the typed ones. Everything is plain checkboxes and a text
input, so the form works without JavaScript; the grid is styled by ``css/card_picker.css``.
A bad card typed is refused with its own message (``'7X' is not a card: 'X' is not a suit``).

>>> field = CardsField(copies=2)
>>> [str(c) for c in field.clean({"picked": ["9H", "9H.2", "KS"], "typed": "7h jk"})]
Traceback (most recent call last):
...
django.core.exceptions.ValidationError: ['Jokers are not used in this game (JK).']
>>> [str(c) for c in field.clean({"picked": ["9H", "9H.2", "KS"], "typed": "7h"})]
['KS', '9H', '9H', '7H']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import forms

from companion.rules.cards import JOKER, Card, CardError, Suit, parse_card
from companion.tables.i18n import card_label, gettext_lazy, rank_label
from companion.tables.i18n import gettext as _

#: Rows of the grid, high to low, as the cards are written.
RANKS = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)


def _value(card: Card, copy: int) -> str:
    return str(card) if copy == 1 else f"{card}.{copy}"


def _from_value(value: str) -> Card:
    code = value.split(".", 1)[0]
    return parse_card(code)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.sort_key()))


class CardPicker(forms.Widget):
    """The grid and the text box. Its value is ``{"picked": [...], "typed": "..."}``; its
    initial value may also be a sequence of cards (to correct an entry)."""

    template_name = "widgets/card_picker.html"

    def __init__(self, copies: int = 1, jokers: int = 0, attrs: dict[str, Any] | None = None):
        super().__init__(attrs)
        self.copies = copies
        self.jokers = jokers

    def value_from_datadict(self, data: Any, files: Any, name: str) -> dict[str, Any]:
        picked = data.getlist(name) if hasattr(data, "getlist") else data.get(name, [])
        if isinstance(picked, str):
            picked = [picked]
        return {"picked": list(picked or []), "typed": data.get(f"{name}_typed", "") or ""}

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data and f"{name}_typed" not in data

    def format_value(self, value: Any) -> Any:
        return value

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        picked, typed = self._checked(value)
        base = context["widget"]["attrs"].get("id") or f"id_{name}"
        rows = []
        for rank in RANKS:
            cells = []
            for suit in Suit:
                card = Card(rank, suit)
                label = card_label(card)
                toggles = [
                    {
                        "value": _value(card, copy),
                        "id": f"{base}_{card}_{copy}",
                        "checked": _value(card, copy) in picked,
                        "text": label if copy == 1 else f"×{copy}",
                        "label": label if copy == 1 else f"{label} ×{copy}",
                    }
                    for copy in range(1, self.copies + 1)
                ]
                cells.append({"suit": suit.value.lower(), "toggles": toggles})
            rows.append({"rank": rank_label(rank), "cells": cells})
        jokers = [
            {
                "value": _value(JOKER, copy),
                "id": f"{base}_JK_{copy}",
                "checked": _value(JOKER, copy) in picked,
                "text": _("Joker") if copy == 1 else f"×{copy}",
                "label": _("Joker") if copy == 1 else f"{_('Joker')} ×{copy}",
            }
            for copy in range(1, self.jokers + 1)
        ]
        context["widget"].update(
            {"rows": rows, "jokers": jokers, "typed": typed, "typed_name": f"{name}_typed"}
        )
        return context

    def _checked(self, value: Any) -> tuple[set[str], str]:
        """The toggles to show ticked and the text to show typed, from a submitted value or
        from cards (an entry being corrected)."""
        if isinstance(value, Mapping):
            return set(value.get("picked") or ()), str(value.get("typed") or "")
        if not value:
            return set(), ""
        picked: set[str] = set()
        extra: list[Card] = []
        seen: Counter[Card] = Counter()
        for card in value:
            seen[card] += 1
            limit = self.jokers if card.is_joker else self.copies
            if seen[card] <= limit:
                picked.add(_value(card, seen[card]))
            else:
                extra.append(card)
        return picked, " ".join(str(c) for c in extra)


class CardsField(forms.Field):
    """A player's cards, from the picker: a tuple of Cards, tapped then typed."""

    widget = CardPicker
    default_error_messages = {
        "required": gettext_lazy("Pick this player's cards."),
    }

    def __init__(self, *, copies: int = 1, jokers: int = 0, **kwargs: Any) -> None:
        self.copies = copies
        self.jokers = jokers
        kwargs.setdefault("widget", CardPicker(copies=copies, jokers=jokers))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> tuple[Card, ...]:
        if not value:
            return ()
        if isinstance(value, Sequence) and not isinstance(value, str | Mapping):
            return tuple(value)
        cards: list[Card] = []
        for code in value.get("picked") or ():
            try:
                cards.append(_from_value(str(code)))
            except CardError:
                raise forms.ValidationError(
                    _("'%(code)s' is not a card of the grid.") % {"code": code}
                ) from None
        typed = str(value.get("typed") or "")
        for part in typed.replace(",", " ").split():
            try:
                cards.append(parse_card(part))
            except CardError as exc:
                raise forms.ValidationError(str(exc)) from None
        if not self.jokers and (jokers := [c for c in cards if c.is_joker]):
            raise forms.ValidationError(
                _("Jokers are not used in this game (%(cards)s).")
                % {"cards": " ".join(str(c) for c in jokers)}
            )
        return sort_cards(cards)

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")
