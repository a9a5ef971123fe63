"""Entry forms for Malilla: the deal, a hand's points (quick entry), one trick, or a forfeit."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import ngettext

from companion import rules as engine
from companion.games.malilla import game
from companion.games.malilla.play import ORDER, POINTS
from companion.rules.cards import RANK_NAMES
from companion.tables.i18n import card_label, gettext, gettext_lazy

from .base import (
    RANK_CHOICES,
    Chips,
    EntryForm,
    PointsField,
    TrickEntryForm,
    card_from,
    card_initial,
    count_field,
    rank_chips,
    suit_chips,
)

#: The 40-card pack's ranks, high to low as Malilla ranks them.
RANKS = [(RANK_NAMES[r], dict(RANK_CHOICES)[RANK_NAMES[r]]) for r in ORDER]


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/malilla/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["rank"] = rank_chips(gettext_lazy("Card turned up"), RANKS)
        self.fields["suit"] = suit_chips()
        expected = self.rules.dealer(self.state)
        self.misdeal_by = self.rules.names[expected] if expected is not None else ""
        self.fields["misdeal"] = forms.BooleanField(
            label=gettext("%(player)s misdealt: the next player dealt instead")
            % {"player": self.misdeal_by},
            required=False,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["upcard"] = card_from(
            data.get("rank"), data.get("suit"), card=gettext("the card turned up")
        )
        return data

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer, **card_initial(event.upcard), "misdeal": event.misdeal}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Deal(dealer=d["dealer"], upcard=d["upcard"], misdeal=d.get("misdeal", False))


class TallyForm(EntryForm):
    """Each side's card points and tricks; one side is enough, the other is worked out."""

    kind = "tally"
    whole_hand = True
    label = gettext_lazy("Hand's points")
    template = "games/malilla/_tally_form.html"

    def build(self) -> None:
        for side in (0, 1):
            self.fields[f"cards_{side}"] = PointsField(
                label=gettext_lazy("Card points"), required=False, min_value=0, max_value=60
            )
            tricks = count_field(gettext_lazy("Tricks won"), 10, initial=None)
            tricks.required = False
            tricks.empty_value = None
            self.fields[f"tricks_{side}"] = tricks

    def sides(self) -> list[dict[str, Any]]:
        return [
            {"name": name, "cards": self[f"cards_{i}"], "tricks": self[f"tricks_{i}"]}
            for i, name in enumerate(self.rules.column_names())
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        given = [(data.get(f"cards_{i}"), data.get(f"tricks_{i}")) for i in (0, 1)]
        complete = [i for i, (c, t) in enumerate(given) if c is not None and t is not None]
        if not complete:
            raise forms.ValidationError(
                gettext(
                    "Enter the card points and the tricks of at least one side: the other side's "
                    "are worked out (60 card points and 10 tricks in all)."
                )
            )
        data["side"] = complete[0]
        data["other"] = given[1 - complete[0]]
        data["mine"] = given[complete[0]]
        return data

    def initial_from(self, event: game.Tally) -> dict[str, Any]:
        side = event.side % 2  # a seat of the side: 0 and 2, or 1 and 3
        other = 1 - side
        return {
            f"cards_{side}": event.card_points,
            f"tricks_{side}": event.tricks,
            f"cards_{other}": "" if event.other_card_points is None else event.other_card_points,
            f"tricks_{other}": "" if event.other_tricks is None else event.other_tricks,
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        (cards, tricks), (other_cards, other_tricks) = d["mine"], d["other"]
        return game.Tally(
            side=d["side"],
            card_points=cards,
            tricks=tricks,
            other_card_points=other_cards,
            other_tricks=other_tricks,
        )


class TrickForm(TrickEntryForm):
    """One trick: a card for each player, in playing order from the leader."""

    tricks_per_hand = 10
    ranks = RANKS

    def playing_order(self) -> tuple[int, list[int]]:
        hand = self.state.hand
        leader = self.rules.leader(hand) if hand is not None else 0
        return leader, list(self.rules.order_from(leader))

    def to_event(self) -> engine.Event:
        return game.Trick(cards=self.cleaned_data["cards"], leader=self.leader)


#: The play rules a flag names, as words (the flag's code stays the identifier).
DUTIES = {
    "revoke": gettext_lazy("revoke"),
    "must-beat": gettext_lazy("must beat"),
    "unled-seven": gettext_lazy("unled seven"),
    "illegal-play": gettext_lazy("illegal either way, duty not shown yet"),
}


def _duty(code: str) -> str:
    return str(DUTIES.get(code, code.replace("-", " ")))


class ForfeitForm(EntryForm):
    """The table confirms an irregularity: who made it, and what happened."""

    kind = "forfeit"
    label = gettext_lazy("Forfeit")
    template = "games/malilla/_forfeit_form.html"

    def build(self) -> None:
        state = self.state
        hand = state.hand if state.hand is not None else state.last.hand if state.last else None
        flags = hand.flags if hand is not None else ()
        first = flags[0] if flags else None
        self.flagged = [
            gettext("%(player)s, trick %(trick)s (%(duty)s)")
            % {"player": self.rules.names[f.seat], "trick": f.trick, "duty": _duty(f.code)}
            for f in flags
        ]
        self.fields["player"] = forms.TypedChoiceField(
            label=gettext_lazy("Who made the irregular play"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            initial=first.seat if first else None,
        )
        self.fields["note"] = forms.CharField(
            label=gettext_lazy("What happened"),
            required=not flags,
            max_length=200,
            initial=f"Confirmed: {self.flagged[0]}" if first else "",
            widget=forms.TextInput(attrs={"autocomplete": "off"}),
        )
        self.penalty = self.rules.options.penalty

    def initial_from(self, event: game.Forfeit) -> dict[str, Any]:
        return {"player": event.player, "note": event.note}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Forfeit(player=d["player"], note=d["note"].strip())


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DealForm, TallyForm, TrickForm, ForfeitForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list, in the active language."""
    names = rules.names
    if isinstance(event, game.Deal):
        bonus = POINTS.get(event.upcard.rank, 0)
        values = {"dealer": names[event.dealer], "card": card_label(event.upcard), "bonus": bonus}
        if event.misdeal:
            text = gettext("%(dealer)s dealt after a misdeal; %(card)s turned up")
        else:
            text = gettext("%(dealer)s dealt; %(card)s turned up")
        if bonus:
            return gettext("%(deal)s (+%(bonus)s dealer's bonus)") % {
                "deal": text % values,
                "bonus": bonus,
            }
        return text % values
    if isinstance(event, game.Tally):
        side = event.side % 2
        sides = rules.column_names()
        text = ngettext(
            "Points: %(side)s %(points)s card points, %(tricks)s trick",
            "Points: %(side)s %(points)s card points, %(tricks)s tricks",
            event.tricks,
        ) % {
            "side": sides[side],
            "points": event.card_points,
            "tricks": event.tricks,
        }
        if event.other_card_points is not None or event.other_tricks is not None:
            text = f"{text}; {sides[1 - side]} {event.other_card_points}, {event.other_tricks}"
        return text
    if isinstance(event, game.Trick):
        return gettext("Trick: %(cards)s") % {"cards": " ".join(map(card_label, event.cards))}
    if isinstance(event, game.Forfeit):
        text = gettext("Forfeit confirmed: %(player)s's side") % {"player": names[event.player]}
        return text + (f" — {event.note}" if event.note else "")
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
