"""Entry forms for Jersey Gin: the deal, then how the hand ended (a knock, gin, or the stock
run out after the break), who, and each player's deadwood after lay-offs."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from companion import rules as engine
from companion.games.jersey_gin import game

from .base import Chips, EntryForm, PointsField

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


FORMS: dict[str, type[EntryForm]] = {f.kind: f for f in (DealForm, ResultForm)}

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
    if isinstance(event, engine.Void):
        return _("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
