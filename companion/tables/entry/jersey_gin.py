"""Entry forms for Jersey Gin: the deal, then how the hand ended (a knock, gin, or the stock
run out after the break), who, and each player's deadwood after lay-offs."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from companion import rules as engine
from companion.games.jersey_gin import game

from .base import (
    RANK_CHOICES,
    Chips,
    EntryForm,
    PointsField,
    card_from,
    card_initial,
    rank_chips,
    suit_chips,
)
from .cards import CardsField

END_CHOICES = [("knock", "Knock"), ("gin", "Gin"), ("break", "Break: the stock ran out")]


class DealForm(EntryForm):
    kind = "deal"
    label = "Deal"
    template = "games/jersey_gin/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer}

    def to_event(self) -> engine.Event:
        return game.Deal(dealer=self.cleaned_data["dealer"])


class ResultForm(EntryForm):
    """Quick entry: how the hand ended, who knocked, went gin or broke, and each player's
    deadwood after laying off (a sum such as 10+7 may be typed; blank is 0)."""

    kind = "result"
    label = "Quick entry"
    template = "games/jersey_gin/_result_form.html"

    def build(self) -> None:
        self.fields["end"] = forms.ChoiceField(
            label="How the hand ended",
            choices=END_CHOICES,
            widget=Chips,
            error_messages={"required": _("Tap how the hand ended.")},
        )
        self.fields["by"] = forms.TypedChoiceField(
            label="Who knocked, went gin or broke",
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap who knocked, went gin or broke.")},
        )
        for seat, name in self.seat_choices():
            self.fields[f"deadwood_{seat}"] = PointsField(label=name, required=False)

    def deadwood_fields(self) -> list[forms.BoundField]:
        return [self[f"deadwood_{s}"] for s, _name in self.seat_choices()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["deadwood"] = tuple(data.get(f"deadwood_{s}") or 0 for s, _name in self.seat_choices())
        return data

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        return {
            "end": event.end,
            "by": event.by,
            **{f"deadwood_{s}": n for s, n in enumerate(event.deadwood)},
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Result(end=d["end"], by=d["by"], deadwood=d["deadwood"])


class ShowForm(EntryForm):
    """Full entry, first step: the knocker's (or gin player's) ten cards after the discard."""

    kind = "show"
    label = "Cards"
    template = "games/jersey_gin/_show_form.html"

    def build(self) -> None:
        self.fields["end"] = forms.ChoiceField(
            label="How the hand ended",
            choices=END_CHOICES[:2],
            widget=Chips,
            error_messages={"required": _("Tap Knock or Gin.")},
        )
        self.fields["by"] = forms.TypedChoiceField(
            label="Who knocked or went gin",
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap who knocked or went gin.")},
        )
        self.fields["cards"] = CardsField(label="Their ten cards, after the discard")

    def initial_from(self, event: game.Show) -> dict[str, Any]:
        return {"end": event.end, "by": event.by, "cards": event.cards}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Show(end=d["end"], by=d["by"], cards=d["cards"])


class LayOffForm(EntryForm):
    """One card laid off on one of the knocker's melds, numbered as the screen shows them."""

    kind = "layoff"
    label = "Lay off"
    template = "games/jersey_gin/_layoff_form.html"

    def build(self) -> None:
        hand = self.state.hand
        shown = hand.shown if hand is not None else None
        by = shown.by if shown is not None else 0
        melds = shown.melds if shown is not None else ()
        names = self.rules.names
        first, second = (by + 1) % 3, (by + 2) % 3
        later = shown is not None and any(s == second for s, _, _ in shown.layoffs)
        self.fields["seat"] = forms.TypedChoiceField(
            label="Who lays off",
            choices=[(first, names[first]), (second, names[second])],
            coerce=int,
            widget=Chips,
            initial=second if later else first,
        )
        self.fields["rank"] = rank_chips("Card", RANK_CHOICES)
        self.fields["suit"] = suit_chips()
        self.fields["meld"] = forms.TypedChoiceField(
            label="On the knocker's meld",
            choices=[(i, f"{i}: {' '.join(c.label for c in m)}") for i, m in enumerate(melds, 1)],
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap the meld the card extends.")},
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["card"] = card_from(data.get("rank"), data.get("suit"), "the laid-off")
        return data

    def initial_from(self, event: game.LayOff) -> dict[str, Any]:
        return {"seat": event.seat, "meld": event.meld, **card_initial(event.card)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.LayOff(seat=d["seat"], card=d["card"], meld=d["meld"])


class RestForm(EntryForm):
    """Full entry, last step: the cards the two others still hold after laying off."""

    kind = "rest"
    label = "Their cards"
    template = "games/jersey_gin/_rest_form.html"

    def build(self) -> None:
        hand = self.state.hand
        shown = hand.shown if hand is not None else None
        self.by = shown.by if shown is not None else 0
        for seat, name in self.seat_choices():
            if seat != self.by:
                self.fields[f"cards_{seat}"] = CardsField(label=name)

    def card_fields(self) -> list[forms.BoundField]:
        return [self[f"cards_{s}"] for s, _name in self.seat_choices() if s != self.by]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [s for s, _name in self.seat_choices()]
        if all(f"cards_{s}" in data for s in seats if s != self.by):
            data["cards"] = tuple(() if s == self.by else data[f"cards_{s}"] for s in seats)
        return data

    def initial_from(self, event: game.Rest) -> dict[str, Any]:
        return {f"cards_{s}": c for s, c in enumerate(event.cards) if s != self.by}

    def to_event(self) -> engine.Event:
        return game.Rest(cards=self.cleaned_data["cards"])


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DealForm, ResultForm, ShowForm, LayOffForm, RestForm)
}

ENDS = {"knock": "knocked", "gin": "went gin", "break": "broke"}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, game.Deal):
        return _("%(player)s dealt") % {"player": names[event.dealer]}
    if isinstance(event, game.Result):
        points = ", ".join(f"{n} {d}" for n, d in zip(names, event.deadwood, strict=True))
        if event.end == "gin":
            line = _("%(player)s went gin; deadwood %(points)s")
        elif event.end == "break":
            line = _("The stock ran out (%(player)s broke); deadwood %(points)s")
        else:
            line = _("%(player)s knocked; deadwood %(points)s")
        return line % {"player": names[event.by], "points": points}
    if isinstance(event, game.Show):
        return _("%(player)s showed %(cards)s") % {
            "player": names[event.by],
            "cards": " ".join(c.label for c in event.cards),
        }
    if isinstance(event, game.LayOff):
        return _("%(player)s laid off %(card)s on meld %(meld)s") % {
            "player": names[event.seat],
            "card": event.card.label,
            "meld": event.meld,
        }
    if isinstance(event, game.Rest):
        return _("Cards left: %(cards)s") % {
            "cards": "; ".join(
                f"{n} {' '.join(c.label for c in cards)}"
                for n, cards in zip(names, event.cards, strict=True)
                if cards
            )
        }
    if isinstance(event, engine.Void):
        return _("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
