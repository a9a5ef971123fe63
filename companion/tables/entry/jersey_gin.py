"""Entry forms for Jersey Gin: the deal, then how the hand ended (a knock, gin, or the stock
run out after the break), who, and each player's deadwood after lay-offs."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.jersey_gin import checks, game, turns
from companion.tables.i18n import card_label, gettext_lazy
from companion.tables.i18n import gettext as _

from .base import (
    RANK_CHOICES,
    Chips,
    EntryForm,
    card_from,
    card_initial,
    rank_chips,
    suit_chips,
)
from .cards import CardsField
from .rummy import DeadwoodForm, melds_field, melds_initial, parse_melds

END_CHOICES = [
    ("knock", gettext_lazy("Knock")),
    ("gin", gettext_lazy("Gin")),
    ("break", gettext_lazy("Break: the stock ran out")),
]


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/jersey_gin/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer}

    def to_event(self) -> engine.Event:
        return game.Deal(dealer=self.cleaned_data["dealer"])


class ResultForm(DeadwoodForm):
    """Quick entry: how the hand ended, who knocked, went gin or broke, and each player's
    deadwood after laying off (a sum such as 10+7 may be typed; blank is 0)."""

    kind = "result"
    label = gettext_lazy("Quick entry")
    template = "games/jersey_gin/_result_form.html"

    def build(self) -> None:
        self.fields["end"] = forms.ChoiceField(
            label=_("How the hand ended"),
            choices=END_CHOICES,
            widget=Chips,
            error_messages={"required": _("Tap how the hand ended.")},
        )
        self.fields["by"] = forms.TypedChoiceField(
            label=_("Who knocked, went gin or broke"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap who knocked, went gin or broke.")},
        )
        self.deadwood_boxes()

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        return {"end": event.end, "by": event.by, **self.deadwood_initial(event.deadwood)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Result(end=d["end"], by=d["by"], deadwood=d["deadwood"])


class ShowForm(EntryForm):
    """Full entry, first step: the knocker's (or gin player's) ten cards after the discard."""

    kind = "show"
    label = gettext_lazy("Cards")
    template = "games/jersey_gin/_show_form.html"

    def build(self) -> None:
        self.fields["end"] = forms.ChoiceField(
            label=_("How the hand ended"),
            choices=END_CHOICES[:2],
            widget=Chips,
            error_messages={"required": _("Tap Knock or Gin.")},
        )
        self.fields["by"] = forms.TypedChoiceField(
            label=_("Who knocked or went gin"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap who knocked or went gin.")},
        )
        self.fields["cards"] = CardsField(label=_("Their ten cards, after the discard"))
        self.fields["melds"] = melds_field(_("Their melds as laid out (blank: the app's best)"))

    def clean_melds(self) -> tuple[tuple[engine.Card, ...], ...] | None:
        typed = self.cleaned_data.get("melds") or ""
        return parse_melds(typed) if typed.strip() else None

    def initial_from(self, event: game.Show) -> dict[str, Any]:
        melds = melds_initial(event.melds) if event.melds is not None else ""
        return {"end": event.end, "by": event.by, "cards": event.cards, "melds": melds}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Show(end=d["end"], by=d["by"], cards=d["cards"], melds=d["melds"])


def _whose(form: EntryForm, label: str, choices: list[int], initial: int) -> forms.Field:
    names = form.rules.names
    return forms.TypedChoiceField(
        label=label,
        choices=[(s, names[s]) for s in choices],
        coerce=int,
        widget=Chips,
        initial=initial,
    )


class LayOffForm(EntryForm):
    """One card laid off on a meld, numbered as the screen shows them: after a knock, on one of
    the knocker's melds by a defender; after the break, on any meld on the table by the player
    whose turn it is."""

    kind = "layoff"
    label = gettext_lazy("Lay off")
    template = "games/jersey_gin/_layoff_form.html"

    def build(self) -> None:
        hand = self.state.hand
        shown = hand.shown if hand is not None else None
        self.after_break = shown is None
        if shown is not None and hand is not None:
            by = shown.by
            melds = tuple(meld for _, meld in checks.knock_targets(shown, hand))
            first, second = (by + 1) % 3, (by + 2) % 3
            later = any(s == second for s, _, _ in shown.layoffs)
            initial = second if later else first
            self.fields["seat"] = _whose(self, _("Who lays off"), [first, second], initial)
        else:
            turn = hand.turn if hand is not None and hand.turn is not None else 0
            melds = tuple(t.cards for t in hand.tabled) if hand is not None else ()
            self.fields["seat"] = _whose(self, _("Who lays off"), [0, 1, 2], turn)
        self.fields["rank"] = rank_chips(_("Card"), RANK_CHOICES)
        self.fields["suit"] = suit_chips()
        self.fields["meld"] = forms.TypedChoiceField(
            label=_("On the meld"),
            choices=[(i, f"{i}: {' '.join(map(card_label, m))}") for i, m in enumerate(melds, 1)],
            coerce=int,
            widget=Chips,
            error_messages={"required": _("Tap the meld the card extends.")},
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["card"] = card_from(data.get("rank"), data.get("suit"), _("the laid-off"))
        return data

    def initial_from(self, event: game.LayOff) -> dict[str, Any]:
        return {"seat": event.seat, "meld": event.meld, **card_initial(event.card)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.LayOff(seat=d["seat"], card=d["card"], meld=d["meld"])


class DrawForm(EntryForm):
    """Play, optional: who draws and from where, so the screen counts the stock and names the
    breaker; after the break, the card taken from the discard pile."""

    kind = "draw"
    label = gettext_lazy("Draw")
    template = "games/jersey_gin/_draw_form.html"

    def build(self) -> None:
        hand = self.state.hand
        nxt = turns.next_to_draw(hand) if hand is not None else 0
        self.fields["seat"] = _whose(self, _("Who draws"), [0, 1, 2], nxt)
        self.fields["source"] = forms.ChoiceField(
            label=_("From"),
            choices=[("stock", _("The stock")), ("discard", _("The discard pile"))],
            widget=Chips,
            initial="stock",
        )
        self.fields["rank"] = rank_chips(_("Card taken from the discard pile"), RANK_CHOICES)
        self.fields["suit"] = suit_chips()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rank, suit = data.get("rank"), data.get("suit")
        data["card"] = card_from(rank, suit, card=_("the discard taken")) if rank or suit else None
        return data

    def initial_from(self, event: game.Draw) -> dict[str, Any]:
        return {"seat": event.seat, "source": event.source, **card_initial(event.card)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Draw(seat=d["seat"], source=d["source"], card=d["card"])


class MeldForm(EntryForm):
    """After the break: a meld the player whose turn it is lays on the table."""

    kind = "meld"
    label = gettext_lazy("Meld")
    template = "games/jersey_gin/_meld_form.html"

    def build(self) -> None:
        hand = self.state.hand
        shown = hand.shown if hand is not None else None
        if shown is not None:  # after a knock (option "any"): a defender's melds
            first, second = (shown.by + 1) % 3, (shown.by + 2) % 3
            self.fields["seat"] = _whose(self, _("Who lays it down"), [first, second], first)
        else:
            turn = hand.turn if hand is not None and hand.turn is not None else 0
            self.fields["seat"] = _whose(self, _("Who lays it down"), [0, 1, 2], turn)
        self.fields["cards"] = CardsField(label=_("The meld's cards"))

    def initial_from(self, event: game.Meld) -> dict[str, Any]:
        return {"seat": event.seat, "cards": event.cards}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Meld(seat=d["seat"], cards=d["cards"])


class RestForm(EntryForm):
    """Full entry, last step: the cards the two others still hold after laying off (after the
    break: the cards each of the three still holds)."""

    kind = "rest"
    label = gettext_lazy("Their cards")
    template = "games/jersey_gin/_rest_form.html"

    def build(self) -> None:
        hand = self.state.hand
        shown = hand.shown if hand is not None else None
        self.by = shown.by if shown is not None else None  # None: after the break, all three
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
    f.kind: f for f in (DealForm, ResultForm, ShowForm, LayOffForm, RestForm, DrawForm, MeldForm)
}


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
            "cards": " ".join(map(card_label, event.cards)),
        }
    if isinstance(event, game.LayOff):
        return _("%(player)s laid off %(card)s on meld %(meld)s") % {
            "player": names[event.seat],
            "card": card_label(event.card),
            "meld": event.meld,
        }
    if isinstance(event, game.Draw):
        if event.card is not None:
            return _("%(player)s took %(card)s from the discard pile") % {
                "player": names[event.seat],
                "card": card_label(event.card),
            }
        if event.source == "discard":
            return _("%(player)s drew from the discard pile") % {"player": names[event.seat]}
        return _("%(player)s drew from the stock") % {"player": names[event.seat]}
    if isinstance(event, game.Meld):
        return _("%(player)s laid down %(cards)s") % {
            "player": names[event.seat],
            "cards": " ".join(map(card_label, event.cards)),
        }
    if isinstance(event, game.Rest):
        return _("Cards left: %(cards)s") % {
            "cards": "; ".join(
                f"{n} {' '.join(map(card_label, cards))}"
                for n, cards in zip(names, event.cards, strict=True)
                if cards
            )
        }
    if isinstance(event, engine.Void):
        return _("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
