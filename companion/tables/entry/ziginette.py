"""Entry forms for Ziginette: the bank and its limits, the deal (two board cards and the banker's),
each bet on a board card as it is placed, each card as the banker turns it, the end of a deal and
of the session. Every rule is checked by the engine when the event is recorded; the forms only
offer what makes sense now (the live board cards, the players who may bet)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms

from companion import rules as engine
from companion.games.ziginette import events as zig
from companion.rules.cards import RANK_NAMES, parse_card
from companion.tables.i18n import card_label, gettext, gettext_lazy
from companion.tables.money_shown import chips_text

from . import ace_deuce_jack as adj_forms
from .ace_deuce_jack import amount_field
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

if TYPE_CHECKING:
    from companion.tables.actions import Loaded

#: The 40-card pack's ranks, high to low (A K Q J in the language's letters).
_PACK = {RANK_NAMES[r] for r in (14, 13, 12, 11, 7, 6, 5, 4, 3, 2)}
RANKS = [(name, label) for name, label in RANK_CHOICES if name in _PACK]


class BankForm(adj_forms.BankForm):
    template = "games/ziginette/_bank_form.html"
    bank_event = zig.Bank
    largest_label = gettext_lazy("Largest bet per card")


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/ziginette/_deal_form.html"
    SPOTS = (
        ("board1", gettext_lazy("Board card 1")),
        ("board2", gettext_lazy("Board card 2")),
        ("banker", gettext_lazy("The banker's card")),
    )

    def build(self) -> None:
        for name, _ in self.SPOTS:
            self.fields[f"rank_{name}"] = rank_chips(gettext("Rank"), RANKS)
            self.fields[f"suit_{name}"] = suit_chips(gettext("Suit"))

    def spots(self) -> list[dict[str, Any]]:
        return [
            {"label": label, "rank": self[f"rank_{name}"], "suit": self[f"suit_{name}"]}
            for name, label in self.SPOTS
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["cards"] = [
            card_from(data.get(f"rank_{name}"), data.get(f"suit_{name}"), str(label))
            for name, label in self.SPOTS
        ]
        return data

    def initial_from(self, event: zig.Deal) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for (name, _), card in zip(self.SPOTS, (*event.board, event.banker_card), strict=False):
            out |= card_initial(card, f"rank_{name}", f"suit_{name}")
        return out

    def to_event(self) -> engine.Event:
        board1, board2, banker = self.cleaned_data["cards"]
        return zig.Deal(board=(board1, board2), banker_card=banker)


class BetForm(EntryForm):
    kind = "bet"
    label = gettext_lazy("A bet")
    template = "games/ziginette/_bet_form.html"

    def build(self) -> None:
        limits, deal = self.state.limits, self.state.deal
        banker = limits.banker if limits else None
        punters = [(s, n) for s, n in enumerate(self.rules.names) if s != banker]
        board = list(deal.board) if deal else []
        self.fields["seat"] = forms.TypedChoiceField(
            label=gettext("Who bets"), choices=punters, coerce=int, widget=Chips
        )
        self.fields["card"] = forms.ChoiceField(
            label=gettext("On the board card"),
            choices=[(str(s.card), card_label(s.card)) for s in board],
            widget=Chips,
            initial=str(board[-1].card) if board else None,
        )
        low, high = (limits.min_bet, limits.max_bet) if limits else (1, 10)
        self.fields["amount"] = amount_field(gettext("Bet"), low, high)

    def initial_from(self, event: zig.Bet) -> dict[str, Any]:
        return {"seat": event.seat, "card": str(event.card), "amount": event.amount}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return zig.Bet(seat=d["seat"], card=parse_card(d["card"]), amount=d["amount"])


class BetsForm(EntryForm):
    """The round's bets in one form: each player's amount on each board card open to bets
    (none where a player does not bet), recorded as one bet each, in seating order. The form
    offered first after a deal and after a card turned that opened a new board card."""

    kind = "bets"
    records = "bet"
    label = gettext_lazy("Bets")
    template = "games/ziginette/_bets_form.html"

    @classmethod
    def shown_first(cls, loaded: Loaded) -> bool:
        deal = loaded.state.deal
        if deal is None or not loaded.recent:
            return False
        last = loaded.recent[-1].event
        return isinstance(last, zig.Deal) or (
            isinstance(last, zig.Draw) and deal.board[-1].card == last.card
        )

    def targets(self) -> list[Any]:
        deal = self.state.deal
        board = list(deal.board) if deal else []
        if self.rules.options.targets == "newest":
            return board[-1:]
        return board

    def punters(self) -> list[tuple[int, str]]:
        limits = self.state.limits
        banker = limits.banker if limits else None
        return [(s, n) for s, n in enumerate(self.rules.names) if s != banker]

    def build(self) -> None:
        limits = self.state.limits
        low, high = (limits.min_bet, limits.max_bet) if limits else (1, 10)
        for seat, _ in self.punters():
            for spot in self.targets():
                self.fields[f"bet_{seat}_{spot.card}"] = amount_field(
                    card_label(spot.card), low, high, required=False
                )

    def players(self) -> list[dict[str, Any]]:
        return [
            {"name": name, "bets": [self[f"bet_{seat}_{spot.card}"] for spot in self.targets()]}
            for seat, name in self.punters()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not any(data.get(name) for name in self.fields if name.startswith("bet_")):
            raise forms.ValidationError(gettext("Nobody bets: tap an amount for at least one."))
        return data

    def to_events(self) -> list[engine.Event]:
        d = self.cleaned_data
        return [
            zig.Bet(seat=seat, card=spot.card, amount=d[f"bet_{seat}_{spot.card}"])
            for seat, _ in self.punters()
            for spot in self.targets()
            if d.get(f"bet_{seat}_{spot.card}")
        ]

    def to_event(self) -> engine.Event:
        return self.to_events()[0]


class DrawForm(adj_forms.OneCardForm):
    kind = "draw"
    label = gettext_lazy("Turn a card")
    template = "games/ziginette/_draw_form.html"
    ranks = RANKS
    card_event = zig.Draw
    whose = gettext_lazy("the turned")


class StopForm(PlainForm):
    kind = "stop"
    label = gettext_lazy("End the deal")
    template = "games/ziginette/_stop_form.html"
    event_type = zig.Stop


class EndForm(PlainForm):
    kind = "end"
    label = gettext_lazy("End the session")
    template = "games/ziginette/_end_form.html"
    event_type = zig.End


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DrawForm, BetsForm, BetForm, StopForm, DealForm, BankForm, EndForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, zig.Bank):
        return gettext("%(banker)s banks: bets %(low)s to %(high)s") % {
            "banker": names[event.banker],
            "low": chips_text(event.min_bet),
            "high": chips_text(event.max_bet),
        }
    if isinstance(event, zig.Deal):
        return gettext("Deal: board %(board)s, banker's card %(card)s") % {
            "board": " ".join(map(card_label, event.board)),
            "card": card_label(event.banker_card),
        }
    if isinstance(event, zig.Bet):
        return gettext("%(player)s bets %(amount)s on %(card)s") % {
            "player": names[event.seat],
            "amount": chips_text(event.amount),
            "card": card_label(event.card),
        }
    if isinstance(event, zig.Draw):
        return gettext("Turned: %(card)s") % {"card": card_label(event.card)}
    if isinstance(event, zig.Stop):
        return gettext("The deal ends")
    if isinstance(event, zig.End):
        return gettext("End of the session")
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(n)s") % {"n": event.target + 1}
    return event.kind
