"""Entry forms for Skin: the bank and limits, each card as it is turned (and who took it, with the
bet), the banker's card, a card taken from the centre, a fresh bet, a side bet, the banker's
decline, the pack running out, the end of the session. Every rule (matches, dead ranks, limits,
who may bet) is checked by the engine; the forms offer what makes sense now."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.skin import events as sk
from companion.rules.cards import CardError, parse_card
from companion.tables.i18n import card_label, gettext, gettext_lazy
from companion.tables.money_shown import chips_text

from . import ace_deuce_jack as adj_forms
from .ace_deuce_jack import amount_field, number_field
from .base import RANK_CHOICES, Chips, EntryForm, PlainForm, card_from, suit_chips

RANKS = RANK_CHOICES
NOBODY = "-"


class BankForm(adj_forms.BankForm):
    template = "games/skin/_bank_form.html"
    bank_event = sk.Bank


class FirstAceForm(EntryForm):
    """The deal for the first banker: who got the first ace (and its suit), and if the table
    wants them on record, the cards dealt before it in order (typed: ``9C KH``)."""

    kind = "first_ace"
    label = gettext_lazy("First ace")
    template = "games/skin/_first_ace_form.html"

    def build(self) -> None:
        self.fields["seat"] = forms.TypedChoiceField(
            label=gettext("Who was dealt the first ace"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
        )
        self.fields["suit"] = suit_chips(gettext("The ace's suit"))
        self.fields["before"] = forms.CharField(
            label=gettext("The cards dealt before it, in order (optional)"),
            required=False,
            max_length=200,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        cards = []
        for part in str(data.get("before") or "").replace(",", " ").split():
            try:
                cards.append(parse_card(part))
            except CardError as exc:
                raise forms.ValidationError(str(exc)) from None
        cards.append(card_from("A", data.get("suit"), card=gettext("the ace")))
        data["cards"] = tuple(cards)
        return data

    def initial_from(self, event: sk.FirstAce) -> dict[str, Any]:
        ace = event.cards[-1]
        before = " ".join(str(card) for card in event.cards[:-1])
        return {"seat": event.seat, "suit": ace.suit.value if ace.suit else "", "before": before}

    def to_event(self) -> engine.Event:
        return sk.FirstAce(seat=self.cleaned_data["seat"], cards=self.cleaned_data["cards"])


def _limits(form: EntryForm) -> tuple[int, int]:
    deal = form.state.deal
    return (deal.limits.min_bet, deal.limits.max_bet) if deal else (1, 10)


class TurnForm(adj_forms.OneCardForm):
    kind = "turn"
    label = gettext_lazy("Turn a card")
    template = "games/skin/_turn_form.html"
    ranks = RANKS
    card_event = sk.Turn
    whose = gettext_lazy("the turned")

    def build(self) -> None:
        deal = self.state.deal
        self.offered = self.rules.offered_to(deal) if deal else None
        cardless = self.rules._cardless(deal) if deal else []
        super().build()
        self.fields["taker"] = forms.ChoiceField(
            label=gettext("Taken by"),
            choices=[
                (NOBODY, gettext("nobody (the rules decide, or to the centre)")),
                *[(str(s), self.rules.names[s]) for s in cardless],
            ],
            widget=Chips,
            initial=NOBODY,
            required=False,
        )
        low, high = _limits(self)
        self.fields["bet"] = amount_field(gettext("Their bet"), low, high, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        taker = data.get("taker") or NOBODY
        data["taker_seat"] = None if taker == NOBODY else int(taker)
        if data["taker_seat"] is not None and not data.get("bet"):
            raise forms.ValidationError(gettext("Choose the bet of the player who took the card."))
        return data

    def initial_from(self, event: sk.Turn) -> dict[str, Any]:
        taker = NOBODY if event.taker is None else str(event.taker)
        return {**super().initial_from(event), "taker": taker, "bet": event.bet or None}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        seat = d["taker_seat"]
        bet = (d.get("bet") or None) if seat is not None else None
        return sk.Turn(card=d["card"], taker=seat, bet=bet)


class BankerCardForm(adj_forms.OneCardForm):
    kind = "banker_card"
    label = gettext_lazy("The banker's card")
    template = "games/skin/_banker_card_form.html"
    ranks = RANKS
    card_event = sk.BankerCard
    whose = gettext_lazy("the banker")


class TakeCentreForm(EntryForm):
    kind = "take_centre"
    label = gettext_lazy("From the centre")
    template = "games/skin/_take_centre_form.html"

    def build(self) -> None:
        deal = self.state.deal
        cardless = self.rules._cardless(deal) if deal else []
        self.fields["seat"] = forms.TypedChoiceField(
            label=gettext("Who takes it"),
            choices=[(s, self.rules.names[s]) for s in cardless],
            coerce=int,
            widget=Chips,
        )
        self.fields["card"] = forms.ChoiceField(
            label=gettext("The centre card"),
            choices=[(str(card), card_label(card)) for card in (deal.centre if deal else ())],
            widget=Chips,
        )
        low, high = _limits(self)
        self.fields["bet"] = amount_field(gettext("Their bet"), low, high)

    def initial_from(self, event: sk.TakeCentre) -> dict[str, Any]:
        return {"seat": event.seat, "card": str(event.card), "bet": event.bet}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return sk.TakeCentre(seat=d["seat"], card=parse_card(d["card"]), bet=d["bet"])


class BetForm(EntryForm):
    kind = "bet"
    label = gettext_lazy("A new bet")
    template = "games/skin/_bet_form.html"

    def build(self) -> None:
        deal = self.state.deal
        holders = (
            [
                (s, self.rules.names[s])
                for s, (card, pot) in enumerate(zip(deal.cards, deal.pots, strict=True))
                if card is not None and not pot
            ]
            if deal
            else []
        )
        self.fields["seat"] = forms.TypedChoiceField(
            label=gettext("Who bets"), choices=holders, coerce=int, widget=Chips
        )
        low, high = _limits(self)
        self.fields["amount"] = amount_field(gettext("Bet"), low, high)

    def initial_from(self, event: sk.Bet) -> dict[str, Any]:
        return {"seat": event.seat, "amount": event.amount}

    def to_event(self) -> engine.Event:
        return sk.Bet(seat=self.cleaned_data["seat"], amount=self.cleaned_data["amount"])


class SideBetForm(EntryForm):
    kind = "side_bet"
    label = gettext_lazy("A side bet")
    template = "games/skin/_side_bet_form.html"

    def build(self) -> None:
        deal = self.state.deal
        players = [(s, self.rules.names[s]) for s, p in enumerate(deal.pots) if p] if deal else []
        self.fields["bettor"] = forms.TypedChoiceField(
            label=gettext("Who bets"), choices=players, coerce=int, widget=Chips
        )
        self.fields["target"] = forms.TypedChoiceField(
            label=gettext("That this player's card goes first"),
            choices=players,
            coerce=int,
            widget=Chips,
        )
        self.fields["amount"] = number_field(gettext("Amount"))

    def initial_from(self, event: sk.SideBet) -> dict[str, Any]:
        return {"bettor": event.bettor, "target": event.target, "amount": event.amount}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return sk.SideBet(bettor=d["bettor"], target=d["target"], amount=d["amount"])


class DeclineForm(PlainForm):
    kind = "decline"
    label = gettext_lazy("No new card")
    template = "games/skin/_decline_form.html"
    event_type = sk.Decline


class OutForm(PlainForm):
    kind = "out"
    label = gettext_lazy("The pack ran out")
    template = "games/skin/_out_form.html"
    event_type = sk.Out


class EndForm(PlainForm):
    kind = "end"
    label = gettext_lazy("End the session")
    template = "games/skin/_end_form.html"
    event_type = sk.End


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f
    for f in (
        FirstAceForm,
        BankerCardForm,
        TurnForm,
        BetForm,
        SideBetForm,
        TakeCentreForm,
        DeclineForm,
        BankForm,
        OutForm,
        EndForm,
    )
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, sk.Bank):
        return gettext("%(banker)s banks: bets %(low)s to %(high)s") % {
            "banker": names[event.banker],
            "low": chips_text(event.min_bet),
            "high": chips_text(event.max_bet),
        }
    if isinstance(event, sk.FirstAce):
        return gettext("%(player)s was dealt the first ace: %(cards)s") % {
            "player": names[event.seat],
            "cards": " ".join(map(card_label, event.cards)),
        }
    if isinstance(event, sk.Turn):
        if event.taker is None:
            return gettext("Turned: %(card)s") % {"card": card_label(event.card)}
        return gettext("Turned: %(card)s, taken by %(player)s with a bet of %(bet)s") % {
            "card": card_label(event.card),
            "player": names[event.taker],
            "bet": chips_text(event.bet or 0),
        }
    if isinstance(event, sk.BankerCard):
        return gettext("The banker's card: %(card)s") % {"card": card_label(event.card)}
    if isinstance(event, sk.TakeCentre):
        return gettext("%(player)s takes %(card)s from the centre and bets %(bet)s") % {
            "player": names[event.seat],
            "card": card_label(event.card),
            "bet": chips_text(event.bet),
        }
    if isinstance(event, sk.Bet):
        return gettext("%(player)s bets %(amount)s") % {
            "player": names[event.seat],
            "amount": chips_text(event.amount),
        }
    if isinstance(event, sk.SideBet):
        return gettext("Side bet: %(bettor)s bets %(target)s %(amount)s") % {
            "bettor": names[event.bettor],
            "target": names[event.target],
            "amount": chips_text(event.amount),
        }
    if isinstance(event, sk.Decline):
        return gettext("The banker takes no new card")
    if isinstance(event, sk.Out):
        return gettext("The pack ran out")
    if isinstance(event, sk.End):
        return gettext("End of the session")
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(n)s") % {"n": event.target + 1}
    return event.kind
