"""Entry forms for Big Three: the deal, the bidding one tap per call, a whole hand at once, or
each combination played and each pass."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from companion import rules as engine
from companion.games.big_three import play as big_three_play
from companion.games.big_three import text as big_three_text
from companion.games.big_three.events import Bid, Deal, Dig, Pass, Play, Result
from companion.rules.cards import RANK_NAMES, Card, Suit
from companion.tables.i18n import card_label, gettext_lazy
from companion.tables.i18n import gettext as _

from .base import Chips, EntryForm, count_field
from .cards import CardsField
from .turns import TurnForm

#: The hearts that can open the bidding, lowest first in the game's order (ruling 5.3.2).
HEARTS = [Card(r, Suit.HEARTS) for r in (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 3)]


def _seat_chips(form: EntryForm, label: str, **kwargs: Any) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label, choices=form.seat_choices(), coerce=int, widget=Chips, **kwargs
    )


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/big_three/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["dealer"].label = _("Dealer")
        self.fields["opener"] = _seat_chips(self, _("Opens the bidding"))
        self.fields["heart"] = forms.ChoiceField(
            label=_("Their lowest heart"),
            choices=[(RANK_NAMES[c.rank], card_label(c)) for c in HEARTS],
            widget=Chips,
            required=False,
        )

    def initial_from(self, event: Deal) -> dict[str, Any]:
        heart = RANK_NAMES[event.heart.rank] if event.heart is not None else ""
        return {"dealer": event.dealer, "opener": event.opener, "heart": heart}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        heart = (
            Card(next(r for r, n in RANK_NAMES.items() if n == d["heart"]), Suit.HEARTS)
            if d.get("heart")
            else None
        )
        return Deal(dealer=d["dealer"], opener=d["opener"], heart=heart)


class BidForm(EntryForm):
    """One call, one tap."""

    kind = "bid"
    label = gettext_lazy("Bid by bid")
    template = "games/big_three/_bid_form.html"

    def build(self) -> None:
        hand = getattr(self.state, "hand", None)
        rules: Any = self.rules
        self.bidder = (rules.bidder(hand) if hand is not None else None) or 0
        self.high = rules.high_bid(hand) if hand is not None else 0
        self.first = hand is None or not hand.calls
        self.fields["seat"] = forms.TypedChoiceField(
            choices=self.seat_choices(), coerce=int, widget=forms.HiddenInput, initial=self.bidder
        )
        self.fields["bid"] = forms.TypedChoiceField(
            label=_("Bid"), choices=[(b, str(b)) for b in range(4)], coerce=int
        )

    def name(self) -> str:
        return str(self.rules.names[self.bidder])

    def buttons(self) -> list[tuple[int, str, str]]:
        out = [] if self.first else [(0, _("Pass"), "btn-secondary")]
        return out + [(b, str(b), "btn-primary") for b in range(self.high + 1, 4)]

    def initial_from(self, event: Bid) -> dict[str, Any]:
        return {"seat": event.seat, "bid": event.bid}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return Bid(seat=d["seat"], bid=d["bid"])


class ResultForm(EntryForm):
    kind = "result"
    label = gettext_lazy("Quick entry")
    template = "games/big_three/_result_form.html"

    def build(self) -> None:
        self.fields["bid"] = forms.TypedChoiceField(
            label=_("Winning bid"),
            choices=[(b, str(b)) for b in (1, 2, 3)],
            coerce=int,
            widget=Chips(attrs={"class": "chips-numbers"}),
        )
        self.fields["solo"] = _seat_chips(self, _("Solo player (took the widow)"))
        self.fields["first_out"] = _seat_chips(self, _("First to empty their hand"))
        # What the table's doubling options need, only when they are on.
        options: Any = self.rules.options
        if options.forced_dig:
            self.fields["forced"] = forms.BooleanField(
                label=_("The solo player dug by force (at 3)"), required=False
            )
        if options.bomb_doubles:
            bombs = count_field(
                _("Fours of a kind played (each doubles the stake)"), big_three_play.MAX_QUADS
            )
            bombs.required, bombs.empty_value = False, 0  # none tapped: none played
            self.fields["bombs"] = bombs
        if options.spring:
            self.fields["spring"] = forms.BooleanField(
                label=_("Spring: the losing side never played a card"), required=False
            )

    def initial_from(self, event: Result) -> dict[str, Any]:
        return {
            "bid": event.bid,
            "solo": event.solo,
            "first_out": event.first_out,
            "forced": event.forced,
            "bombs": event.bombs,
            "spring": event.spring,
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return Result(
            bid=d["bid"],
            solo=d["solo"],
            first_out=d["first_out"],
            forced=bool(d.get("forced")),
            bombs=d.get("bombs") or 0,
            spring=bool(d.get("spring")),
        )


class _SeatCards(EntryForm):
    """A player and cards (a forced dig, a play); the event puts them low to high."""

    event_type: ClassVar[type[Dig] | type[Play]]

    def initial_from(self, event: Dig | Play) -> dict[str, Any]:
        return {"seat": event.seat, "cards": event.cards}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return self.event_type(seat=d["seat"], cards=tuple(d["cards"]))


class DigForm(_SeatCards):
    """A forced dig: who, and the 3s (and 2s) they show."""

    kind = "dig"
    label = gettext_lazy("Forced dig")
    template = "games/big_three/_dig_form.html"
    event_type = Dig

    def build(self) -> None:
        self.fields["seat"] = _seat_chips(self, _("Who digs"))
        self.fields["cards"] = CardsField(label=_("The cards they show"))


class PlayForm(TurnForm, _SeatCards):
    kind = "play"
    label = gettext_lazy("Play by play")
    template = "games/big_three/_play_form.html"
    event_type = Play

    def build(self) -> None:
        super().build()
        self.fields["cards"] = CardsField(label=_("Cards played"))
        hand = getattr(self.state, "hand", None)
        current = hand.current if hand is not None else None
        self.to_beat = big_three_text.combo_text(current) if current is not None else ""


class PassForm(TurnForm):
    kind = "pass"
    label = gettext_lazy("Pass")
    template = "games/big_three/_pass_form.html"

    def initial_from(self, event: Pass) -> dict[str, Any]:
        return {"seat": event.seat}

    def to_event(self) -> engine.Event:
        return Pass(seat=self.cleaned_data["seat"])


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DealForm, BidForm, PlayForm, PassForm, ResultForm, DigForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, Deal):
        return _("{dealer} dealt; {opener} opens").format(
            dealer=names[event.dealer], opener=names[event.opener]
        )
    if isinstance(event, Bid):
        if event.bid == 0:
            return _("{player} passes").format(player=names[event.seat])
        return _("{player} bids {bid}").format(player=names[event.seat], bid=event.bid)
    if isinstance(event, Result):
        line = _("Quick entry: {solo} solo at {bid}; {out} out first").format(
            solo=names[event.solo], bid=event.bid, out=names[event.first_out]
        )
        extras = [_("forced dig")] if event.forced else []
        if event.bombs:
            extras.append(_("fours of a kind: {n}").format(n=event.bombs))
        if event.spring:
            extras.append(_("spring"))
        return "; ".join([line, *extras])
    if isinstance(event, Dig):
        return _("{player} digs by force, showing {cards}").format(
            player=names[event.seat], cards=" ".join(map(card_label, event.cards))
        )
    if isinstance(event, Play):
        return _("{player} plays {cards}").format(
            player=names[event.seat], cards=" ".join(map(card_label, event.cards))
        )
    if isinstance(event, Pass):
        return _("{player} passes").format(player=names[event.seat])
    if isinstance(event, engine.Void):
        return _("Cancelled entry #{number}").format(number=event.target + 1)
    return event.kind
