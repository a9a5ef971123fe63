"""Entry forms for Ui77: the deal (three face-up cards), a whole hand at once, or swaps,
discards, tricks and the slough cards left; and the goal once everyone has dealt."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.ui77 import game, play
from companion.rules.cards import RANK_NAMES, Card
from companion.rules.events import Seat
from companion.tables.i18n import card_label, gettext, names_joined
from companion.tables.i18n import gettext_lazy as _

from . import face_up
from .base import (
    RANK_CHOICES,
    Chips,
    ChipsMulti,
    EntryForm,
    TrickEntryForm,
    card_from,
    card_initial,
    count_field,
    rank_chips,
    suit_chips,
)

RANKS = RANK_CHOICES
#: The most cards a player can win or hold in a hand (9 dealt, all 4 draws).
MOST = play.HAND_SIZE + play.DRAW_DECK
FACEUP = (
    ("one", _("Card One: trump suit")),
    ("two", _("Card Two: slough suit, throw, when trump counts")),
    ("three", _("Card Three: target")),
)


def _params(loaded_state: Any) -> play.Params | None:
    hand = getattr(loaded_state, "hand", None)
    return play.params(hand.faceup) if hand is not None else None


class DealForm(EntryForm):
    kind = "deal"
    label = _("Deal")
    template = "games/ui77/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["dealer"].label = _("Dealer")
        for name, label in FACEUP:
            self.fields[f"rank_{name}"] = rank_chips(str(label), RANKS)
            self.fields[f"suit_{name}"] = suit_chips(gettext("Suit"))
        self.cut_penalty = bool(self.rules.options.cut_penalty)
        if self.cut_penalty:
            self.fields["cut"] = forms.TypedMultipleChoiceField(
                label=_("Offered or accepted a cut (1 point each)"),
                choices=self.seat_choices(),
                coerce=int,
                widget=ChipsMulti,
                required=False,
            )
        self.first = self.state.next_dealer is None  # the first deal: rule 2's ritual
        if self.first:
            self.fields["first_cards"] = face_up.cards_field(
                _("The cards dealt face up to find the dealer, if you want them checked"),
                "2H KD 9C",
            )
            self.fields["first_start"] = face_up.start_field(self.seat_choices())

    def faceup_fields(self) -> list[dict[str, Any]]:
        return [
            {"label": label, "rank": self[f"rank_{name}"], "suit": self[f"suit_{name}"]}
            for name, label in FACEUP
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        errors = []
        for name, label in FACEUP:
            try:
                data[f"card_{name}"] = card_from(
                    data.get(f"rank_{name}"), data.get(f"suit_{name}"), str(label)
                )
            except forms.ValidationError as exc:
                errors.append(exc)
        if errors:
            raise forms.ValidationError(errors)
        data["first_list"] = face_up.parse(data.get("first_cards"))
        if not data["first_list"]:
            data["first_start"] = None
        return data

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": event.dealer}
        for name, card in zip(
            ("one", "two", "three"), (event.card_one, event.card_two, event.card_three), strict=True
        ):
            out |= card_initial(card, f"rank_{name}", f"suit_{name}")
        if self.cut_penalty:
            out["cut"] = list(event.cut)
        if self.first:
            out["first_cards"] = " ".join(str(c) for c in event.first_cards or ())
            out["first_start"] = "" if event.first_start is None else event.first_start
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Deal(
            dealer=d["dealer"],
            card_one=d["card_one"],
            card_two=d["card_two"],
            card_three=d["card_three"],
            cut=tuple(sorted(d.get("cut") or ())),
            first_cards=d["first_list"] or None,
            first_start=None if d.get("first_start") is None else Seat(d["first_start"]),
        )


class ResultForm(EntryForm):
    """The whole hand at once: for each player, cards discarded, tricks won, cards left and
    how many of those are of the slough suit. Every count is tapped: blank is never zero."""

    kind = "result"
    whole_hand = True
    label = _("Quick entry")
    template = "games/ui77/_result_form.html"
    COLUMNS = ("discards", "tricks", "left", "slough")

    def build(self) -> None:
        p = _params(self.state)
        self.params = p
        throw = p.throw if p is not None else 4
        for seat, _name in self.seat_choices():
            self.fields[f"discards_{seat}"] = count_field(gettext("Discarded"), throw, initial=0)
            self.fields[f"tricks_{seat}"] = count_field(gettext("Tricks won"), MOST, None)
            self.fields[f"left_{seat}"] = count_field(gettext("Cards left"), MOST, None)
            self.fields[f"slough_{seat}"] = count_field(gettext("Slough cards left"), MOST, 0)

    def players(self) -> list[dict[str, Any]]:
        return [
            {"name": name, "fields": [self[f"{col}_{seat}"] for col in self.COLUMNS]}
            for seat, name in self.seat_choices()
        ]

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for col in self.COLUMNS:
            for seat, value in enumerate(getattr(event, col)):
                out[f"{col}_{seat}"] = value
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        seats = [s for s, _name in self.seat_choices()]
        values = {col: tuple(d[f"{col}_{s}"] for s in seats) for col in self.COLUMNS}
        return game.Result(**values)


class SwapForm(EntryForm):
    """One same-suit swap: who, the card from their hand, and the face-up card it replaces."""

    kind = "swap"
    label = _("Swap")
    template = "games/ui77/_swap_form.html"

    def build(self) -> None:
        hand = self.state.hand
        names = self.rules.names
        self.suit = play.same_suit(hand.faceup) if hand is not None else None
        self.faceup: tuple[Card, ...] = hand.faceup if hand is not None else ()
        seats = self.rules.swappers_left(hand) if hand is not None else []
        self.fields["seat"] = forms.TypedChoiceField(
            label=_("Who swaps"),
            choices=[(s, names[s]) for s in seats],
            coerce=int,
            widget=Chips,
            initial=seats[0] if seats else None,
        )
        self.fields["rank"] = rank_chips(gettext("Card from hand"), RANKS)
        self.fields["position"] = forms.TypedChoiceField(
            label=_("Face-up card it replaces"),
            choices=[(i + 1, f"{i + 1}: {card_label(c)}") for i, c in enumerate(self.faceup)],
            coerce=int,
            widget=Chips,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rank = data.get("rank")
        if not rank:
            raise forms.ValidationError(gettext("Choose the card put face up."))
        if self.suit is None:
            raise forms.ValidationError(
                gettext("No swap now: the three face-up cards are not all of one suit.")
            )
        data["card"] = engine.parse_card(rank + self.suit.value)
        return data

    def initial_from(self, event: game.Swap) -> dict[str, Any]:
        return {
            "seat": event.seat,
            "rank": RANK_NAMES[event.card.rank],
            "position": event.position,
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Swap(seat=d["seat"], card=d["card"], position=d["position"])


class DiscardsForm(EntryForm):
    kind = "discards"
    label = _("Card by card")
    template = "games/ui77/_discards_form.html"

    def build(self) -> None:
        p = _params(self.state)
        self.params = p
        throw = p.throw if p is not None else 4
        hand = self.state.hand
        first = (hand.dealer + 1) % self.rules.n_seats if hand is not None else 0
        names = self.rules.names
        self.order = [(first + i) % self.rules.n_seats for i in range(self.rules.n_seats)]
        for seat in self.order:
            self.fields[f"discards_{seat}"] = count_field(names[seat], throw, initial=0)

    def count_fields(self) -> list[forms.BoundField]:
        return [self[f"discards_{s}"] for s in self.order]

    def initial_from(self, event: game.Discards) -> dict[str, Any]:
        return {f"discards_{s}": n for s, n in enumerate(event.counts)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Discards(counts=tuple(d[f"discards_{s}"] for s in range(self.rules.n_seats)))


class TrickForm(TrickEntryForm):
    """One trick: a card from each player in order from the leader."""

    template = "games/ui77/_trick_form.html"
    rank_and_suit_shown = True

    def build(self) -> None:
        super().build()
        self.draws = self.number <= play.DRAW_DECK
        p = _params(self.state)
        self.trump_live = p is not None and self.number >= p.effective_from
        self.params = p

    def to_event(self) -> engine.Event:
        return game.Trick(cards=self.cleaned_data["cards"], leader=self.leader)


class LeftoverForm(EntryForm):
    """After the last trick: the slough cards among each player's cards left."""

    kind = "leftover"
    label = _("Cards left")
    template = "games/ui77/_leftover_form.html"

    def build(self) -> None:
        hand = self.state.hand
        self.params = _params(self.state)
        held = self.rules.held(hand) if hand is not None else [0] * self.rules.n_seats
        self.held = held
        for seat, name in self.seat_choices():
            # A player with no card left can only have 0: chosen already.
            initial = 0 if held[seat] == 0 else None
            self.fields[f"slough_{seat}"] = count_field(name, held[seat], initial=initial)

    def rows(self) -> list[dict[str, Any]]:
        return [
            {"field": self[f"slough_{s}"], "held": self.held[s]} for s, _name in self.seat_choices()
        ]

    def initial_from(self, event: game.Leftover) -> dict[str, Any]:
        return {f"slough_{s}": n for s, n in enumerate(event.slough)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Leftover(slough=tuple(d[f"slough_{s}"] for s in range(self.rules.n_seats)))


class GoalForm(EntryForm):
    """The goal: a multiple of 11, one tap."""

    kind = "goal"
    label = _("Goal")
    template = "games/ui77/_goal_form.html"
    CHOICES = 9

    def build(self) -> None:
        totals = self.rules.scores(self.state)
        top = max(totals) // self.rules.points_scale if totals else 0  # whole before any Go Nov
        low = top // 11 + 1 if self.rules.options.goal_above_totals else 1
        self.fields["score"] = forms.TypedChoiceField(
            label=_("Goal"),
            choices=[(11 * k, str(11 * k)) for k in range(low, low + self.CHOICES)],
            coerce=int,
            widget=Chips(attrs={"class": "chips-numbers"}),
        )

    def initial_from(self, event: game.Goal) -> dict[str, Any]:
        return {"score": event.score}

    def to_event(self) -> engine.Event:
        return game.Goal(score=self.cleaned_data["score"])


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f
    for f in (DealForm, ResultForm, SwapForm, DiscardsForm, TrickForm, LeftoverForm, GoalForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, game.Deal):
        cards = " ".join(map(card_label, (event.card_one, event.card_two, event.card_three)))
        line = gettext("%(dealer)s dealt; face up %(cards)s") % {
            "dealer": names[event.dealer],
            "cards": cards,
        }
        if event.cut:
            line = gettext("%(line)s; cut penalty: %(names)s") % {
                "line": line,
                "names": names_joined(names[s] for s in event.cut),
            }
        return line
    if isinstance(event, game.Swap):
        return gettext("%(player)s swapped %(card)s in as card %(position)s") % {
            "player": names[event.seat],
            "card": card_label(event.card),
            "position": event.position,
        }
    if isinstance(event, game.Discards):
        return gettext("Discarded: %(counts)s") % {
            "counts": ", ".join(f"{n} {c}" for n, c in zip(names, event.counts, strict=True))
        }
    if isinstance(event, game.Trick):
        return gettext("Trick: %(cards)s") % {"cards": " ".join(map(card_label, event.cards))}
    if isinstance(event, game.Leftover):
        return gettext("Slough cards left: %(counts)s") % {
            "counts": ", ".join(f"{n} {c}" for n, c in zip(names, event.slough, strict=True))
        }
    if isinstance(event, game.Result):
        return gettext("Quick entry: tricks %(tricks)s; cards left %(left)s") % {
            "tricks": ", ".join(f"{n} {t}" for n, t in zip(names, event.tricks, strict=True)),
            "left": ", ".join(f"{n} {t}" for n, t in zip(names, event.left, strict=True)),
        }
    if isinstance(event, game.Goal):
        return gettext("Goal: %(score)s") % {"score": event.score}
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
