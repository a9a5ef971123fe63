"""Entry forms for Kaluki: the deal (and a joker cut), each turn's melds as they are laid, then
the hand by quick entry (who went out, Kaluki or not, each other player's cards and jokers
still held) or full entry (the cards each other player still holds, with the card picker)."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.kaluki import game, play, text
from companion.tables.i18n import card_label, gettext_lazy
from companion.tables.i18n import gettext as _

from .base import Chips, EntryForm, PlainForm, PointsField, count_field
from .cards import CardsField
from .rummy import GROUPS, HeldCardsForm, parse_melds, typed_field


def parse_numbered(value: str) -> list[tuple[int, tuple[engine.Card, ...]]]:
    """``1: JH QH / 3: KH``: a meld's number, then cards, groups separated by /."""
    out = []
    for group in GROUPS.split(value):
        if not group.strip():
            continue
        number, colon, cards = group.partition(":")
        if not colon or not number.strip().isdigit():
            raise forms.ValidationError(
                _("Start each group with the meld's number and a colon: %(example)s")
                % {"example": "2: JH QH"}
            )
        try:
            out.append((int(number), engine.parse_cards(cards)))
        except engine.CardError as exc:
            raise forms.ValidationError(str(exc)) from None
    return out


def seats_field(form: EntryForm, label: str, required: str) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label,
        choices=form.seat_choices(),
        coerce=int,
        widget=Chips,
        error_messages={"required": required},
    )


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/kaluki/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["cut_joker"] = forms.BooleanField(
            label=gettext_lazy("The cutter turned up a joker (keeps it, dealt 14)"),
            required=False,
        )
        self.number = len(self.state.done) + 1

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer, "cut_joker": event.cut_joker}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Deal(dealer=d["dealer"], cut_joker=bool(d.get("cut_joker")))


class MeldsForm(EntryForm):
    """One player's melds in one turn: new melds, lay-offs on melds already on the table (by
    their number), the discard drawn (it must be melded), and, with the house rule, jokers
    taken back."""

    kind = "melds"
    label = gettext_lazy("Melds")
    template = "games/kaluki/_melds_form.html"

    def build(self) -> None:
        self.fields["player"] = seats_field(
            self, gettext_lazy("Who melds"), _("Tap the player who melds.")
        )
        self.fields["melds"] = typed_field(
            gettext_lazy("New melds"),
            gettext_lazy("Each meld's cards, melds separated by /: 7H 8H 9H / 5S 5D JK"),
        )
        self.fields["layoffs"] = typed_field(
            gettext_lazy("Lay-offs"),
            gettext_lazy("The meld's number, a colon, the cards: 1: JH QH / 3: KH"),
        )
        self.fields["took"] = typed_field(
            gettext_lazy("Discard drawn this turn"),
            gettext_lazy("The card taken from the discard pile, if any: it must be melded"),
        )
        if self.rules.options.joker_swap:
            self.fields["swaps"] = typed_field(
                gettext_lazy("Jokers taken back"),
                gettext_lazy(
                    "The meld's number, a colon, the card put in the joker's place: 2: JC"
                ),
            )
        hand = self.state.hand
        self.table = text.table_melds(self.rules, hand) if hand and hand.melds else ""

    def clean_melds(self) -> tuple[tuple[engine.Card, ...], ...]:
        return parse_melds(self.cleaned_data.get("melds") or "")

    def clean_layoffs(self) -> tuple[game.LayOff, ...]:
        return tuple(
            game.LayOff(meld=n, cards=cards)
            for n, cards in parse_numbered(self.cleaned_data.get("layoffs") or "")
        )

    def clean_took(self) -> engine.Card | None:
        typed = (self.cleaned_data.get("took") or "").strip()
        if not typed:
            return None
        try:
            return engine.parse_card(typed)
        except engine.CardError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_swaps(self) -> tuple[game.Swap, ...]:
        swaps = []
        for n, cards in parse_numbered(self.cleaned_data.get("swaps") or ""):
            if len(cards) != 1:
                raise forms.ValidationError(_("Name one card for each joker taken back."))
            swaps.append(game.Swap(meld=n, card=cards[0]))
        return tuple(swaps)

    def initial_from(self, event: game.Melds) -> dict[str, Any]:
        return {
            "player": event.player,
            "melds": " / ".join(" ".join(str(c) for c in m) for m in event.melds),
            "layoffs": " / ".join(
                f"{lay.meld}: {' '.join(str(c) for c in lay.cards)}" for lay in event.layoffs
            ),
            "took": str(event.took) if event.took else "",
            "swaps": " / ".join(f"{s.meld}: {s.card}" for s in event.swaps),
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Melds(
            player=d["player"],
            melds=d["melds"],
            layoffs=d["layoffs"],
            took=d["took"],
            swaps=d.get("swaps") or (),
        )


class _HandForm(EntryForm):
    """What the two ways of recording a hand's end share: who went out, and Kaluki."""

    def end_fields(self) -> None:
        self.fields["out"] = seats_field(
            self, gettext_lazy("Went out"), _("Tap the player who went out.")
        )
        self.fields["kaluki"] = forms.BooleanField(
            label=gettext_lazy("Kaluki: every card melded in one turn (payments doubled)"),
            required=False,
        )
        hand = self.state.hand
        self.number = hand.number if hand is not None else 1


class ResultForm(_HandForm):
    """Quick entry: who went out, Kaluki or not, and how many cards (and of them jokers) each
    other player still holds. A blank counts as 0."""

    kind = "result"
    label = gettext_lazy("Quick entry")
    template = "games/kaluki/_result_form.html"

    def build(self) -> None:
        self.end_fields()
        for seat, name in self.seat_choices():
            self.fields[f"cards_{seat}"] = PointsField(label=name, required=False)
            jokers = count_field(_("Jokers among them"), play.JOKERS)
            jokers.required = False
            self.fields[f"jokers_{seat}"] = jokers

    def player_rows(self) -> list[dict[str, forms.BoundField]]:
        return [
            {"cards": self[f"cards_{s}"], "jokers": self[f"jokers_{s}"]}
            for s, _name in self.seat_choices()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [s for s, _name in self.seat_choices()]
        data["cards"] = tuple(data.get(f"cards_{s}") or 0 for s in seats)
        data["jokers"] = tuple(data.get(f"jokers_{s}") or 0 for s in seats)
        return data

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        return {
            "out": event.out,
            "kaluki": event.kaluki,
            **{f"cards_{s}": n for s, n in enumerate(event.cards)},
            **{f"jokers_{s}": n for s, n in enumerate(event.jokers)},
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Result(
            out=d["out"], kaluki=bool(d.get("kaluki")), cards=d["cards"], jokers=d["jokers"]
        )


class HandsForm(HeldCardsForm, _HandForm):
    """Full entry: who went out, Kaluki or not, and the cards each other player still holds
    (the card picker, two of each card and four jokers)."""

    kind = "hands"
    label = gettext_lazy("Cards")
    template = "games/kaluki/_hands_form.html"

    def build(self) -> None:
        self.end_fields()
        for seat, name in self.seat_choices():
            self.fields[f"cards_{seat}"] = CardsField(
                label=name, copies=play.COPIES, jokers=play.JOKERS, required=False
            )

    def initial_from(self, event: game.Hands) -> dict[str, Any]:
        return {
            "out": event.out,
            "kaluki": event.kaluki,
            **{f"cards_{s}": c for s, c in enumerate(event.cards)},
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Hands(out=d["out"], kaluki=bool(d.get("kaluki")), cards=d["cards"])


class StockOutForm(PlainForm):
    """The stock ran out (with the house rule that voids the hand)."""

    kind = "stock-out"
    label = gettext_lazy("Stock ran out")
    template = "games/kaluki/_stock_form.html"
    event_type = game.StockOut


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DealForm, MeldsForm, ResultForm, HandsForm, StockOutForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, game.Deal):
        if event.cut_joker:
            return _("%(player)s dealt; a joker was cut") % {"player": names[event.dealer]}
        return _("%(player)s dealt") % {"player": names[event.dealer]}
    if isinstance(event, game.Melds):
        parts = [" ".join(card_label(c) for c in m) for m in event.melds]
        parts += [
            f"{lay.meld}: +{' '.join(card_label(c) for c in lay.cards)}" for lay in event.layoffs
        ]
        return _("%(player)s melded %(melds)s") % {
            "player": names[event.player],
            "melds": " / ".join(parts) or "—",
        }
    if isinstance(event, game.Result):
        held = ", ".join(
            f"{n} {c}"
            for s, (n, c) in enumerate(zip(names, event.cards, strict=True))
            if s != event.out
        )
        line = (
            _("%(player)s went Kaluki; cards held %(cards)s")
            if event.kaluki
            else _("%(player)s went out; cards held %(cards)s")
        )
        return line % {"player": names[event.out], "cards": held}
    if isinstance(event, game.Hands):
        cards = "; ".join(
            f"{n} {' '.join(card_label(c) for c in hand)}"
            for s, (n, hand) in enumerate(zip(names, event.cards, strict=True))
            if s != event.out
        )
        line = (
            _("%(player)s went Kaluki; cards %(cards)s")
            if event.kaluki
            else _("%(player)s went out; cards %(cards)s")
        )
        return line % {"player": names[event.out], "cards": cards}
    if isinstance(event, game.StockOut):
        return _("The stock ran out: hand void")
    if isinstance(event, engine.Void):
        return _("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
