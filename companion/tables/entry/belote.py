"""Entry forms for Belote: the deal, a whole hand in a few taps (quick entry), or the bidding,
declarations, belote and every trick card by card."""

from __future__ import annotations

from typing import Any, cast

from django import forms

from companion import rules as engine
from companion.games.belote import events as ev
from companion.games.belote.cards import meld_cards, meld_name
from companion.games.belote.checks import CALLS, SUITS
from companion.games.belote.game import Belote
from companion.rules.cards import RANK_NAMES, Card, Suit
from companion.rules.events import Seat
from companion.tables.i18n import card_label, gettext, gettext_lazy, say

from .base import (
    RANK_CHOICES,
    SUIT_CHOICES,
    Chips,
    EntryForm,
    Hidden,
    PlainForm,
    PointsField,
    TrickEntryForm,
    card_from,
    card_initial,
)

RANKS = [(RANK_NAMES[r], dict(RANK_CHOICES)[RANK_NAMES[r]]) for r in (14, 13, 12, 11, 10, 9, 8, 7)]
RANK_NUMBERS = {name: number for number, name in RANK_NAMES.items()}
KINDS = [("carre", gettext_lazy("Carré")), *[(str(n), str(n)) for n in range(3, 9)]]
SLOTS = 3


def _suit_chips(required: bool = True, initial: str | None = None) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=gettext_lazy("Suit"),
        choices=SUIT_CHOICES,
        widget=Chips(attrs={"class": "chips-suits"}),
        required=required,
        initial=initial,
    )


def _rank_chips(label: str, required: bool = False) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, choices=RANKS, widget=Chips, required=required)


def _rules(form: EntryForm) -> Belote:
    return cast(Belote, form.rules)


def _hand(form: EntryForm) -> ev.Hand | None:
    hand = getattr(form.state, "hand", None)
    return hand if isinstance(hand, ev.Hand) else None


class SeatChips(EntryForm):
    """Base for forms that ask who: player chips, optionally with a 'nobody' chip."""

    def seat_field(
        self, label: str, *, none: str | None = None, initial: int | None = None
    ) -> forms.TypedChoiceField:
        choices: list[tuple[Any, str]] = [("", none)] if none else []
        return forms.TypedChoiceField(
            label=label,
            choices=choices + self.seat_choices(),
            coerce=int,
            empty_value=None,
            widget=Chips,
            required=none is None,
            initial=initial if initial is not None else ("" if none else None),
        )


class DealForm(SeatChips):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/belote/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.seat_field(
            gettext_lazy("Dealer"), initial=self.rules.dealer(self.state)
        )
        self.fields["rank"] = _rank_chips(gettext_lazy("Upcard"))
        self.fields["suit"] = _suit_chips(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["upcard"] = None
        if data.get("rank") or data.get("suit"):
            data["upcard"] = card_from(data.get("rank"), data.get("suit"), gettext("the upcard"))
        return data

    def initial_from(self, event: ev.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer, **card_initial(event.upcard)}

    def to_event(self) -> engine.Event:
        return ev.Deal(dealer=self.cleaned_data["dealer"], upcard=self.cleaned_data["upcard"])


class DeclarationFields:
    """The four chip rows that describe one carré or sequence."""

    @staticmethod
    def add(form: SeatChips, prefix: str, who_none: str | None) -> None:
        form.fields[f"{prefix}seat"] = form.seat_field(gettext_lazy("Who"), none=who_none)
        form.fields[f"{prefix}what"] = forms.ChoiceField(
            label=gettext_lazy("Carré, or cards in a row"),
            choices=KINDS,
            widget=Chips,
            required=False,
        )
        form.fields[f"{prefix}rank"] = _rank_chips(gettext_lazy("Rank (top card)"))
        form.fields[f"{prefix}suit"] = _suit_chips(required=False)

    @staticmethod
    def initial(prefix: str, seat: int, cards: tuple[Card, ...]) -> dict[str, Any]:
        """The chips that describe ``cards`` (a carré, or a sequence by its top card)."""
        top = max(cards, key=lambda c: c.rank)
        carre = len({c.rank for c in cards}) == 1
        return {
            f"{prefix}seat": seat,
            f"{prefix}what": "carre" if carre else str(len(cards)),
            f"{prefix}rank": RANK_NAMES[top.rank],
            f"{prefix}suit": "" if carre or top.suit is None else top.suit.value,
        }

    @staticmethod
    def cards(data: dict[str, Any], prefix: str, title: str) -> tuple[Card, ...]:
        what, rank, suit = (data.get(f"{prefix}{k}") for k in ("what", "rank", "suit"))
        if not what or not rank:
            raise forms.ValidationError(f"{title}: choose what was shown and its rank.")
        top = RANK_NUMBERS[rank]
        if what == "carre":
            return meld_cards("carre", top, None, 4)
        if not suit:
            raise forms.ValidationError(f"{title}: choose the suit of the sequence.")
        length = int(what)
        if top - length + 1 < 7:
            raise forms.ValidationError(
                f"{title}: {length} cards in a row from the {rank} would go below the 7."
            )
        return meld_cards("sequence", top, Suit(suit), length)


class ResultForm(SeatChips):
    """A whole hand: contract, trick points (one team's is enough), declarations, belote."""

    kind = "result"
    whole_hand = True
    label = gettext_lazy("Quick entry")
    template = "games/belote/_result_form.html"

    def build(self) -> None:
        hand = _hand(self)
        up = hand.upcard if hand else None
        self.fields["taker"] = self.seat_field(gettext_lazy("Taker"))
        self.fields["trump"] = _suit_chips(initial=up.suit.value if up and up.suit else None)
        self.fields["taker_points"] = PointsField(
            label=gettext_lazy("Takers' trick points"), required=False, min_value=0, max_value=252
        )
        self.fields["defender_points"] = PointsField(
            label=gettext_lazy("Defenders' trick points"),
            required=False,
            min_value=0,
            max_value=252,
        )
        self.fields["capot"] = forms.ChoiceField(
            label=gettext_lazy("Capot"),
            choices=[
                ("", gettext_lazy("No")),
                ("takers", gettext_lazy("Takers")),
                ("defenders", gettext_lazy("Defenders")),
            ],
            widget=Chips,
            required=False,
            initial="",
        )
        self.fields["last_trick"] = self.seat_field(
            gettext_lazy("Last trick"), none=gettext_lazy("Counted in")
        )
        declarations = _rules(self).options.declarations
        self.slots = SLOTS if declarations == "all" else 0
        for slot in range(1, self.slots + 1):
            DeclarationFields.add(self, f"d{slot}_", gettext_lazy("Nobody"))
        if declarations != "none":
            self.fields["belote"] = self.seat_field(
                gettext_lazy("Belote-rebelote"), none=gettext_lazy("Nobody")
            )

    def declaration_slots(self) -> list[dict[str, Any]]:
        return [
            {
                "number": slot,
                "fields": [self[f"d{slot}_{k}"] for k in ("seat", "what", "rank", "suit")],
            }
            for slot in range(1, self.slots + 1)
        ]

    def has_declarations(self) -> bool:
        slots = range(1, self.slots + 1)
        return bool(self.is_bound and any(self.data.get(f"d{s}_seat") for s in slots))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        mine, theirs, capot = (
            data.get("taker_points"),
            data.get("defender_points"),
            data.get("capot"),
        )
        if mine == 252 or theirs == 252:
            capot = "takers" if mine == 252 else "defenders"
            mine = theirs = None
        if capot == "takers":
            mine, theirs = (162 if mine is None else mine), theirs
        elif capot == "defenders":
            mine = 0 if mine is None else mine
        elif mine is None and theirs is not None:
            mine, theirs = 162 - theirs, theirs
        if mine is None:
            raise forms.ValidationError(
                gettext("Enter the takers' trick points (or the defenders').")
            )
        data["points"], data["is_capot"] = (mine, theirs), bool(capot)
        declared = []
        for slot in range(1, self.slots + 1):
            seat = data.get(f"d{slot}_seat")
            if seat is not None:
                cards = DeclarationFields.cards(
                    data, f"d{slot}_", gettext("Declaration %(number)s") % {"number": slot}
                )
                declared.append(ev.Declared(seat=seat, cards=cards))
        data["declared"] = tuple(declared)
        return data

    def initial_from(self, event: ev.Result) -> dict[str, Any]:
        out: dict[str, Any] = {
            "taker": event.taker,
            "trump": event.trump,
            "taker_points": event.taker_points,
            "defender_points": "" if event.defender_points is None else event.defender_points,
            "capot": ("takers" if event.taker_points else "defenders") if event.capot else "",
            "last_trick": "" if event.last_trick is None else event.last_trick,
            "belote": "" if event.belote is None else event.belote,
        }
        for slot, declared in enumerate(event.declarations[: self.slots], start=1):
            out |= DeclarationFields.initial(f"d{slot}_", declared.seat, declared.cards)
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return ev.Result(
            taker=d["taker"],
            trump=d["trump"],
            taker_points=d["points"][0],
            defender_points=d["points"][1],
            last_trick=d["last_trick"],
            capot=d["is_capot"],
            declarations=d["declared"],
            belote=d.get("belote"),
        )


class BidForm(SeatChips):
    """One tap per bid: the buttons are the calls open to the player whose turn it is."""

    kind = "bid"
    label = gettext_lazy("Bidding")
    template = "games/belote/_bid_form.html"

    def build(self) -> None:
        hand = _hand(self)
        self.bidder = _rules(self).bidder(hand) if hand else 0
        self.round = 1 if hand is None or len(hand.bids) < 4 else 2
        self.upcard = hand.upcard if hand else None
        self.fields["seat"] = forms.TypedChoiceField(
            choices=self.seat_choices(), coerce=int, widget=Hidden, initial=self.bidder
        )
        self.fields["call"] = forms.ChoiceField(
            label=gettext_lazy("Call"), choices=[(c, c) for c in CALLS]
        )

    def bidder_name(self) -> str:
        return self.rules.names[self.bidder]

    def buttons(self) -> list[tuple[str, str, str]]:
        """(call, label, css class) for each button."""
        up = self.upcard.suit if self.upcard else None
        if self.round == 1:
            take = gettext("Take %(suit)s") % {"suit": up.symbol} if up else gettext("Take")
            return [("take", take, "btn-primary"), ("pass", gettext("Pass"), "btn-secondary")]
        suits = [s for s in Suit if s != up]
        named = [(s.value, s.symbol, f"btn-secondary suit-{s.value.lower()}") for s in suits]
        return [*named, ("pass", gettext("Pass"), "btn-secondary")]

    def initial_from(self, event: ev.Bid) -> dict[str, Any]:
        return {"seat": event.seat}  # the call is the button tapped

    def to_event(self) -> engine.Event:
        return ev.Bid(seat=self.cleaned_data["seat"], call=self.cleaned_data["call"])


class RedealForm(PlainForm):
    kind = "redeal"
    label = gettext_lazy("All passed")
    template = "games/belote/_redeal_form.html"
    event_type = ev.Redeal


class TrickForm(TrickEntryForm):
    """One trick: a card for each player, in playing order from the leader."""

    tricks_per_hand = 8
    ranks = RANKS

    def playing_order(self) -> tuple[int, list[int]]:
        hand = _hand(self)
        leader = _rules(self).leader(hand) if hand is not None else 0
        order = [leader]
        while len(order) < 4:
            order.append(_rules(self).next_seat(order[-1]))
        return leader, order

    def to_event(self) -> engine.Event:
        return ev.Trick(cards=self.cleaned_data["cards"], leader=Seat(self.leader))


class DeclareForm(SeatChips):
    kind = "declare"
    label = gettext_lazy("Declaration")
    template = "games/belote/_declare_form.html"

    def build(self) -> None:
        DeclarationFields.add(self, "", None)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("seat") is not None:
            data["cards"] = DeclarationFields.cards(data, "", gettext("The declaration"))
        return data

    def initial_from(self, event: ev.Declare) -> dict[str, Any]:
        return DeclarationFields.initial("", event.seat, event.cards)

    def to_event(self) -> engine.Event:
        return ev.Declare(seat=self.cleaned_data["seat"], cards=self.cleaned_data["cards"])


class BeloteForm(SeatChips):
    kind = "belote"
    label = gettext_lazy("Belote")
    template = "games/belote/_belote_form.html"

    def build(self) -> None:
        self.fields["seat"] = self.seat_field(
            gettext_lazy("Who holds the king and queen of trumps")
        )

    def initial_from(self, event: ev.BeloteCall) -> dict[str, Any]:
        return {"seat": event.seat}

    def to_event(self) -> engine.Event:
        return ev.BeloteCall(seat=self.cleaned_data["seat"])


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f
    for f in (DealForm, ResultForm, BidForm, RedealForm, TrickForm, DeclareForm, BeloteForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list, in the active language."""
    names = rules.names
    if isinstance(event, ev.Deal):
        if event.upcard:
            return gettext("%(dealer)s dealt; %(card)s turned up") % {
                "dealer": names[event.dealer],
                "card": card_label(event.upcard),
            }
        return gettext("%(dealer)s dealt") % {"dealer": names[event.dealer]}
    if isinstance(event, ev.Bid):
        who = {"player": names[event.seat]}
        if event.call == "pass":
            return gettext("%(player)s passes") % who
        if event.call == "take":
            return gettext("%(player)s takes") % who
        suit = SUITS.get(event.call)
        if suit:
            return gettext("%(player)s names %(suit)s") % {**who, "suit": suit.symbol}
        return gettext("%(player)s bids %(call)s") % {**who, "call": event.call}
    if isinstance(event, ev.Redeal):
        return gettext("All passed: the cards are thrown in")
    if isinstance(event, ev.Declare | ev.Declared):
        return gettext("%(player)s declares %(meld)s") % {
            "player": names[event.seat],
            "meld": _meld_text(event.cards),
        }
    if isinstance(event, ev.BeloteCall):
        return gettext("%(player)s: belote") % {"player": names[event.seat]}
    if isinstance(event, ev.Trick):
        return gettext("Trick: %(cards)s") % {"cards": " ".join(map(card_label, event.cards))}
    if isinstance(event, ev.Result):
        return _describe_result(rules, event)
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind


def _meld_text(cards: tuple[Card, ...]) -> str:
    return say(meld_name(cards, Suit.SPADES))


def _describe_result(rules: engine.Rules[Any, Any], event: ev.Result) -> str:
    names = rules.names
    suit = SUITS.get(event.trump)
    other = event.defender_points
    other = 162 - event.taker_points if other is None else other
    values = {
        "taker": names[event.taker],
        "trump": suit.symbol if suit else event.trump,
        "takers": rules.team_name(rules.teams()[event.taker % 2]),
        "points": event.taker_points,
        "defenders": rules.team_name(rules.teams()[1 - event.taker % 2]),
        "other": other,
    }
    if event.capot:
        text = gettext(
            "%(taker)s took %(trump)s: %(takers)s %(points)s, %(defenders)s %(other)s, capot"
        )
    else:
        text = gettext("%(taker)s took %(trump)s: %(takers)s %(points)s, %(defenders)s %(other)s")
    text %= values
    parts = [f"{names[d.seat]} {_meld_text(d.cards)}" for d in event.declarations]
    if event.belote is not None:
        parts.append(gettext("belote %(player)s") % {"player": names[event.belote]})
    if not parts:
        return text
    return gettext("%(result)s; %(declarations)s") % {
        "result": text,
        "declarations": ", ".join(parts),
    }
