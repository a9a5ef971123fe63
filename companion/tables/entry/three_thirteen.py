"""Entry forms for Three Thirteen: the deal, then a hand by quick entry (who went out, each
player's deadwood) or full entry (who went out, each player's cards, with the card picker)."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.three_thirteen import game, play, text
from companion.rules.cards import Card, CardError, parse_cards
from companion.tables.i18n import card_label, gettext_lazy
from companion.tables.i18n import gettext as _

from .base import Chips, EntryForm, PointsField
from .cards import CardsField
from .rummy import DeadwoodForm, HeldCardsForm, melds_field, melds_initial, parse_melds


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/three_thirteen/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.number = self.rules.number(self.state)
        self.cards = play.cards_dealt(self.number)
        self.wild = text.wild_text(self.number)

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer}

    def to_event(self) -> engine.Event:
        return game.Deal(dealer=self.cleaned_data["dealer"])


class _HandForm(EntryForm):
    """What the two ways of recording a hand share: who went out, and the hand's numbers."""

    def out_field(self) -> forms.TypedChoiceField:
        return forms.TypedChoiceField(
            label=_("Went out"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap the player who went out.")},
        )

    def hand_facts(self) -> None:
        hand = self.state.hand
        self.number = hand.number if hand is not None else 1
        self.cards = play.cards_dealt(self.number)
        self.top = play.max_deadwood(self.rules.options, self.number)


class DeadwoodOrCards(PointsField):
    """A player's deadwood in points (or a sum typed while counting), or the cards they hold,
    typed as cards (``KH 7S JD``): the form then counts them as the hand's best arrangement
    does."""

    default_error_messages = {
        "invalid": gettext_lazy(
            "Type the deadwood in points (a sum such as 12+11+7), or the player's cards "
            "(such as KH 7S JD)."
        ),
    }

    def to_python(self, value: Any) -> int | tuple[Card, ...] | None:
        try:
            return super().to_python(value)
        except forms.ValidationError:
            try:
                cards = parse_cards(str(value).replace(",", " "))
            except CardError:
                invalid = self.error_messages["invalid"]
                raise forms.ValidationError(invalid, code="invalid") from None
            return tuple(cards)


class ResultForm(DeadwoodForm, _HandForm):
    """Quick entry: who went out, and each other player's deadwood in points (a sum such as
    10+7 may be typed while counting), or their cards, counted here. A blank counts as 0."""

    kind = "result"
    label = gettext_lazy("Quick entry")
    template = "games/three_thirteen/_result_form.html"

    def build(self) -> None:
        self.hand_facts()
        self.fields["out"] = self.out_field()
        for seat, name in self.seat_choices():
            self.fields[f"deadwood_{seat}"] = DeadwoodOrCards(label=name, required=False)

    def clean(self) -> dict[str, Any]:
        for seat, name in self.seat_choices():
            value = self.cleaned_data.get(f"deadwood_{seat}")
            if not isinstance(value, tuple):
                continue
            if len(value) != self.cards:
                self.add_error(
                    f"deadwood_{seat}",
                    _("%(player)s's cards: %(typed)s typed, but a hand of %(number)s holds %(n)s.")
                    % {"player": name, "typed": len(value), "number": self.number, "n": self.cards},
                )
                continue
            arranged = play.arrange(value, self.rules.options, self.number)
            self.cleaned_data[f"deadwood_{seat}"] = arranged.deadwood_value
        return super().clean()

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        return {"out": event.out, **self.deadwood_initial(event.deadwood)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Result(out=d["out"], deadwood=d["deadwood"])


class HandsForm(HeldCardsForm, _HandForm):
    """Full entry: who went out, and each player's cards at the end of the hand (the card
    picker). The app finds each player's best arrangement and counts the deadwood."""

    kind = "hands"
    label = gettext_lazy("Cards")
    template = "games/three_thirteen/_hands_form.html"

    def build(self) -> None:
        self.hand_facts()
        self.fields["out"] = self.out_field()
        copies = self.rules.decks()
        self.declared = self.rules.options.arrangement == "declared"
        for seat, name in self.seat_choices():
            self.fields[f"cards_{seat}"] = CardsField(label=name, copies=copies)
            if self.declared:
                self.fields[f"melds_{seat}"] = melds_field(_("Melds as laid out"))

    def clean_melds(self, seat: int) -> tuple[tuple[engine.Card, ...], ...]:
        return parse_melds(self.cleaned_data.get(f"melds_{seat}") or "")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [s for s, _name in self.seat_choices()]
        data["melds"] = None
        if self.declared:
            melds = []
            for s in seats:
                try:
                    melds.append(self.clean_melds(s))
                except forms.ValidationError as exc:
                    self.add_error(f"melds_{s}", exc)
            data["melds"] = tuple(melds)
        return data

    def initial_from(self, event: game.Hands) -> dict[str, Any]:
        out: dict[str, Any] = {
            "out": event.out,
            **{f"cards_{s}": c for s, c in enumerate(event.cards)},
        }
        if event.melds is not None:
            for s, melds in enumerate(event.melds):
                out[f"melds_{s}"] = melds_initial(melds)
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Hands(out=d["out"], cards=d["cards"], melds=d["melds"])


FORMS: dict[str, type[EntryForm]] = {f.kind: f for f in (DealForm, ResultForm, HandsForm)}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, game.Deal):
        return _("%(player)s dealt") % {"player": names[event.dealer]}
    if isinstance(event, game.Result):
        points = ", ".join(
            f"{n} {d}"
            for s, (n, d) in enumerate(zip(names, event.deadwood, strict=True))
            if s != event.out
        )
        return _("%(player)s went out; deadwood %(points)s") % {
            "player": names[event.out],
            "points": points,
        }
    if isinstance(event, game.Hands):
        cards = "; ".join(
            f"{n} {' '.join(map(card_label, hand))}"
            for n, hand in zip(names, event.cards, strict=True)
        )
        return _("%(player)s went out; cards %(cards)s") % {
            "player": names[event.out],
            "cards": cards,
        }
    if isinstance(event, engine.Void):
        return _("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
