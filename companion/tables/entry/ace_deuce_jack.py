"""Entry forms for Ace-Deuce-Jack: the bank and its limits, each bet as it is placed, each pile's
bottom card as it is turned, or a whole hand at once; a misdeal; the end of the session.

The forms only turn taps into events; every rule (limits, the bank's cover, cards already turned,
the rotation of the bank) is checked by the engine when the event is recorded."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from companion import rules as engine
from companion.games.ace_deuce_jack import events as adj
from companion.tables.i18n import card_label, gettext, gettext_lazy
from companion.tables.money_shown import chips_text, in_chips

from .base import (
    RANK_CHOICES,
    Chips,
    EntryForm,
    PlainForm,
    card_from,
    card_initial,
    rank_chips,
    suit_chips,
)

RANKS = RANK_CHOICES
#: Up to this largest bet, amounts are chips to tap; above it, a number pad.
CHIP_LIMIT = 12


def amount_field(label: str, low: int, high: int, *, required: bool = True) -> forms.Field:
    """A bet: one chip per amount when the limits are narrow, otherwise a number pad."""
    if high - low < CHIP_LIMIT:
        choices = [(n, chips_text(n)) for n in range(low, high + 1)]
        if not required:
            choices = [(0, gettext("none")), *choices]
        return forms.TypedChoiceField(
            label=label,
            choices=choices,
            coerce=int,
            widget=Chips(attrs={"class": "chips-numbers"}),
            required=required,
            empty_value=0,
        )
    return number_field(label, required=required)


def number_field(label: str, *, required: bool = True, initial: int | None = None) -> forms.Field:
    """An amount typed in chips (labelled with what a chip is worth at the table)."""
    return forms.IntegerField(
        label=in_chips(label),
        min_value=0,
        required=required,
        initial=initial,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "count"}),
    )


class _Limits:
    """The limits in force (or those to come, before the first bank is set)."""

    def limits(self) -> adj.Limits | None:
        return self.state.limits  # type: ignore[attr-defined, no-any-return]

    def punters(self) -> list[tuple[int, str]]:
        limits = self.limits()
        banker = limits.banker if limits else None
        return [(s, n) for s, n in enumerate(self.rules.names) if s != banker]  # type: ignore[attr-defined]


class BankForm(EntryForm):
    """Who banks and the limits. The banking games share it: each names its own ``Bank``
    event, template and, if it differs, the largest bet's label."""

    kind = "bank"
    label = gettext_lazy("Bank and limits")
    template = "games/ace_deuce_jack/_bank_form.html"
    bank_event: ClassVar[type[Any]] = adj.Bank
    largest_label: ClassVar[Any] = gettext_lazy("Largest bet")

    def build(self) -> None:
        limits = self.state.limits
        self.fields["banker"] = forms.TypedChoiceField(
            label=gettext("Banker"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            initial=self.rules.dealer(self.state),
        )
        self.fields["min_bet"] = number_field(
            gettext("Smallest bet"), initial=limits.min_bet if limits else 1
        )
        self.fields["max_bet"] = number_field(
            str(self.largest_label), initial=limits.max_bet if limits else 10
        )
        self.fields["stack"] = number_field(
            gettext("The bank can cover (optional)"), required=False
        )

    def initial_from(self, event: Any) -> dict[str, Any]:
        return {
            "banker": event.banker,
            "min_bet": event.min_bet,
            "max_bet": event.max_bet,
            "stack": event.stack,
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        event: engine.Event = self.bank_event(
            banker=d["banker"], min_bet=d["min_bet"], max_bet=d["max_bet"], stack=d["stack"]
        )
        return event


class BetForm(_Limits, EntryForm):
    kind = "bet"
    label = gettext_lazy("A bet")
    template = "games/ace_deuce_jack/_bet_form.html"

    def build(self) -> None:
        limits = self.limits()
        hand = self.state.hand
        placed = {s for s, _ in hand.bets} if hand else set()
        self.placed = [(self.rules.names[s], a) for s, a in hand.bets] if hand else []
        waiting = [(s, n) for s, n in self.punters() if s not in placed]
        self.fields["seat"] = forms.TypedChoiceField(
            label=gettext("Who bets"),
            choices=self.punters(),
            coerce=int,
            widget=Chips,
            initial=waiting[0][0] if waiting else None,
        )
        low, high = (limits.min_bet, limits.max_bet) if limits else (1, 10)
        self.fields["amount"] = amount_field(gettext("Bet"), low, high)

    def initial_from(self, event: adj.Bet) -> dict[str, Any]:
        return {"seat": event.seat, "amount": event.amount}

    def to_event(self) -> engine.Event:
        return adj.Bet(seat=self.cleaned_data["seat"], amount=self.cleaned_data["amount"])


class OneCardForm(EntryForm):
    """One card picked by rank and suit, recorded as ``card_event(card=...)``: a pile's bottom
    card here, a card turned or the banker's card in Ziginette and Skin."""

    ranks: ClassVar[list[tuple[str, str]]] = RANKS
    card_event: ClassVar[Any]
    whose: ClassVar[Any]  # names the card in a refusal ("the pile")

    def build(self) -> None:
        self.fields["rank"] = rank_chips(gettext("Rank"), self.ranks)
        self.fields["suit"] = suit_chips(gettext("Suit"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["card"] = card_from(data.get("rank"), data.get("suit"), str(self.whose))
        return data

    def initial_from(self, event: Any) -> dict[str, Any]:
        return card_initial(event.card)

    def to_event(self) -> engine.Event:
        event: engine.Event = self.card_event(card=self.cleaned_data["card"])
        return event


class TurnForm(OneCardForm):
    kind = "turn"
    label = gettext_lazy("Turn a pile")
    template = "games/ace_deuce_jack/_turn_form.html"
    card_event = adj.Turn
    whose = gettext_lazy("the pile")

    def build(self) -> None:
        hand = self.state.hand
        #: The hand is settled, its other piles still to show (ruling 4.2.3): no money moves.
        self.settled = hand is None and self.state.showing
        if self.settled:
            self.turned = self.state.played[-1].cards
        else:
            self.turned = hand.cards if hand else ()
        self.pile = len(self.turned) + 1
        super().build()


class RoundForm(_Limits, EntryForm):
    kind = "round"
    label = gettext_lazy("Quick entry")
    template = "games/ace_deuce_jack/_round_form.html"

    def build(self) -> None:
        limits = self.limits()
        low, high = (limits.min_bet, limits.max_bet) if limits else (1, 10)
        for seat, name in self.punters():
            self.fields[f"bet_{seat}"] = amount_field(name, low, high, required=False)
        for pile in (1, 2, 3):
            self.fields[f"rank_{pile}"] = rank_chips(gettext("Rank"), RANKS)
            self.fields[f"suit_{pile}"] = suit_chips(gettext("Suit"))

    def bet_fields(self) -> list[forms.BoundField]:
        return [self[f"bet_{s}"] for s, _ in self.punters()]

    def piles(self) -> list[dict[str, Any]]:
        return [
            {"number": n, "rank": self[f"rank_{n}"], "suit": self[f"suit_{n}"]} for n in (1, 2, 3)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        cards = []
        for pile in (1, 2, 3):
            rank, suit = data.get(f"rank_{pile}"), data.get(f"suit_{pile}")
            if not rank and not suit:
                continue
            cards.append(card_from(rank, suit, gettext("pile %(n)s") % {"n": pile}))
        if not cards:
            raise forms.ValidationError(gettext("Pick the bottom card of the first pile."))
        data["cards"] = tuple(cards)
        return data

    def initial_from(self, event: adj.Round) -> dict[str, Any]:
        out: dict[str, Any] = {f"bet_{s}": a for s, a in enumerate(event.bets)}
        for pile, card in enumerate(event.cards, start=1):
            out |= card_initial(card, f"rank_{pile}", f"suit_{pile}")
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        bets = tuple(d.get(f"bet_{s}") or 0 for s in range(self.rules.n_seats))
        return adj.Round(bets=bets, cards=d["cards"])


class MisdealForm(PlainForm):
    kind = "misdeal"
    label = gettext_lazy("Misdeal")
    template = "games/ace_deuce_jack/_misdeal_form.html"
    event_type = adj.Misdeal


class EndForm(PlainForm):
    kind = "end"
    label = gettext_lazy("End the session")
    template = "games/ace_deuce_jack/_end_form.html"
    event_type = adj.End


class HighCardForm(OneCardForm):
    """The draw for the first banker: one card face up to a player still drawing (ruling
    4.2.1)."""

    kind = "high_card"
    label = gettext_lazy("Draw for the bank")
    template = "games/ace_deuce_jack/_high_card_form.html"
    card_event = adj.HighCard
    whose = gettext_lazy("the card")

    def build(self) -> None:
        waiting = self.rules.still_to_draw(self.state)
        self.fields["seat"] = forms.TypedChoiceField(
            label=gettext("Dealt to"),
            choices=[(s, self.rules.names[s]) for s in waiting],
            coerce=int,
            widget=Chips,
            initial=waiting[0] if waiting else None,
        )
        super().build()

    def initial_from(self, event: Any) -> dict[str, Any]:
        return {**super().initial_from(event), "seat": event.seat}

    def to_event(self) -> engine.Event:
        return adj.HighCard(seat=self.cleaned_data["seat"], card=self.cleaned_data["card"])


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (BetForm, TurnForm, RoundForm, BankForm, MisdealForm, EndForm, HighCardForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, adj.HighCard):
        return gettext("For the bank: %(player)s is dealt %(card)s") % {
            "player": names[event.seat],
            "card": card_label(event.card),
        }
    if isinstance(event, adj.Bank):
        text = gettext("%(banker)s banks: bets %(low)s to %(high)s") % {
            "banker": names[event.banker],
            "low": chips_text(event.min_bet),
            "high": chips_text(event.max_bet),
        }
        if event.stack:
            covers = chips_text(event.stack)
            text = gettext("%(text)s, covers %(stack)s") % {"text": text, "stack": covers}
        return text
    if isinstance(event, adj.Bet):
        return gettext("%(player)s bets %(amount)s") % {
            "player": names[event.seat],
            "amount": chips_text(event.amount),
        }
    if isinstance(event, adj.Turn):
        return gettext("Pile turned: %(card)s") % {"card": card_label(event.card)}
    if isinstance(event, adj.Round):
        bets = ", ".join(f"{names[s]} {a}" for s, a in enumerate(event.bets) if a)
        cards = " ".join(map(card_label, event.cards))
        return gettext("Quick entry: bets %(bets)s; turned %(cards)s") % {
            "bets": bets,
            "cards": cards,
        }
    if isinstance(event, adj.Misdeal):
        return gettext("Misdeal: the hand is void")
    if isinstance(event, adj.End):
        return gettext("End of the session")
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(n)s") % {"n": event.target + 1}
    return event.kind
