"""Entry forms for Buck Euchre: the deal, a whole hand at once, or bids, drops and tricks."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.buck_euchre import game
from companion.games.buck_euchre import play as play
from companion.rules.cards import Card, Suit
from companion.rules.tricks import suit_title
from companion.tables.i18n import card_label, gettext, gettext_lazy, names_joined, say

from .base import (
    RANK_CHOICES,
    SUIT_CHOICES,
    Chips,
    ChipsMulti,
    EntryForm,
    Hidden,
    TrickEntryForm,
    card_from,
    card_initial,
    count_field,
    suit_chips,
)

RANKS = [(r, dict(RANK_CHOICES)[r]) for r in ("A", "K", "Q", "J", "10", "9")]
TRUMP_CHOICES = [*SUIT_CHOICES, ("none", gettext_lazy("No trump"))]
HOW_CHOICES = [
    ("ordered", gettext_lazy("Ordered up (round 1)")),
    ("named", gettext_lazy("Named (round 2)")),
    ("clubs", gettext_lazy("Club turned up")),
    ("none", gettext_lazy("No trump")),
]


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/buck_euchre/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["rank"] = forms.ChoiceField(
            label=gettext_lazy("Upcard"), choices=RANKS, widget=Chips, required=False
        )
        self.fields["suit"] = suit_chips(gettext_lazy("Suit"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("rank") or data.get("suit"):
            data["upcard"] = card_from(
                data.get("rank"), data.get("suit"), card=gettext("the card turned up")
            )
        else:
            data["upcard"] = None
        return data

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer, **card_initial(event.upcard)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Deal(dealer=d["dealer"], upcard=d["upcard"])


class ResultForm(EntryForm):
    """The whole hand: trump, declarer, who dropped, tricks. One blank trick count (of a player
    still in) is worked out from the others; a dropped player's blank is 0, and so is everyone's
    once the counts given already make five tricks."""

    kind = "result"
    whole_hand = True
    label = gettext_lazy("Quick entry")
    template = "games/buck_euchre/_result_form.html"

    def build(self) -> None:
        hand = self.state.hand
        self.upcard: Card | None = hand.upcard if hand is not None else None
        self.clubs = self.upcard is not None and self.upcard.suit is Suit.CLUBS
        if not self.clubs:
            initial = self.upcard.suit.value if self.upcard and self.upcard.suit else None
            self.fields["trump"] = suit_chips(gettext_lazy("Trump"), TRUMP_CHOICES)
            self.fields["trump"].initial = initial
            self.fields["declarer"] = forms.TypedChoiceField(
                label=gettext_lazy("Declarer (chose trump)"),
                choices=self.seat_choices(),
                coerce=int,
                widget=Chips,
                required=False,
                empty_value=None,
            )
            self.fields["dropped"] = forms.TypedMultipleChoiceField(
                label=gettext_lazy("Dropped out"),
                choices=self.seat_choices(),
                coerce=int,
                widget=ChipsMulti,
                required=False,
            )
        if self.upcard is None:
            self.fields["how"] = forms.ChoiceField(
                label=gettext_lazy("How trump was chosen"),
                choices=HOW_CHOICES,
                widget=Chips,
                required=False,
            )
        for seat, name in self.seat_choices():
            self.fields[f"tricks_{seat}"] = count_field(name, 5, initial=None)
            self.fields[f"tricks_{seat}"].required = False

    def trick_fields(self) -> list[forms.BoundField]:
        return [self[f"tricks_{s}"] for s, _ in self.seat_choices()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.clubs and not data.get("trump"):
            raise forms.ValidationError(
                gettext("Choose the trump, or No trump if everyone passed twice.")
            )
        dropped = set(data.get("dropped") or ())
        seats = [s for s, _ in self.seat_choices()]
        # An untapped count chip arrives as "" (blank), never confused with 0.
        tricks = {s: _count(data.get(f"tricks_{s}")) for s in seats}
        blank = [s for s in seats if tricks[s] is None and s not in dropped]
        known = sum(t or 0 for s, t in tricks.items() if s not in dropped)
        if known == game.TRICKS:  # the five tricks are accounted for: the others took none
            blank = []
        if len(blank) > 1:
            names = names_joined(self.rules.names[s] for s in blank)
            raise forms.ValidationError(
                gettext("Enter the tricks of everyone still in but one (missing: %(names)s).")
                % {"names": names}
            )
        if blank:
            tricks[blank[0]] = max(0, game.TRICKS - known)
        data["tricks"] = tuple(tricks[s] or 0 for s in seats)
        return data

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        out: dict[str, Any] = {f"tricks_{s}": n for s, n in enumerate(event.tricks)}
        if not self.clubs:
            out |= {
                "trump": event.trump or "none",
                "declarer": "" if event.declarer is None else event.declarer,
                "dropped": list(event.dropped),
            }
        if self.upcard is None:
            out["how"] = event.how
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Result(
            trump="C" if self.clubs else (d.get("trump") or ""),
            declarer=None if self.clubs else d.get("declarer"),
            dropped=tuple(sorted(d.get("dropped") or ())),
            tricks=d["tricks"],
            how=d.get("how") or "",
        )


def _count(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


class BidForm(EntryForm):
    """One call, one tap: each button submits the form with its call."""

    kind = "bid"
    label = gettext_lazy("Bid by bid")
    template = "games/buck_euchre/_bid_form.html"

    def build(self) -> None:
        hand = self.state.hand
        self.bidder = self.rules.bidder(hand) if hand is not None else 0
        self.round = 1 if hand is None or len(hand.calls) < game.SEATS else 2
        self.upcard = hand.upcard if hand is not None else None
        self.is_dealer = hand is not None and self.bidder == hand.dealer
        self.fields["seat"] = forms.TypedChoiceField(
            choices=self.seat_choices(), coerce=int, widget=Hidden, initial=self.bidder
        )
        self.fields["call"] = forms.ChoiceField(
            label=gettext_lazy("Call"),
            choices=[("pass", "Pass"), ("order-up", "Order up"), *SUIT_CHOICES],
        )

    def buttons(self) -> list[tuple[str, str, str, str]]:
        """(value, text, css class, spoken label) for each call open to the bidder."""
        out = [("pass", gettext("Pass"), "btn-secondary", gettext("Pass"))]
        if self.round == 1:
            text = gettext("Take it up") if self.is_dealer else gettext("Order it up")
            return [*out, ("order-up", text, "btn-primary", text)]
        up = self.upcard.suit if self.upcard is not None else None
        return out + [
            (
                s.value,
                s.symbol,
                f"btn-secondary suit-{s.value.lower()}",
                gettext("Name %(suit)s") % {"suit": say(suit_title(s))},
            )
            for s in Suit
            if s != up
        ]

    def name(self) -> str:
        return self.rules.names[self.bidder]

    def initial_from(self, event: game.Bid) -> dict[str, Any]:
        return {"seat": event.seat}  # the call is the button tapped

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Bid(seat=d["seat"], call=d["call"])


class DropsForm(EntryForm):
    kind = "drops"
    label = gettext_lazy("Drops")
    template = "games/buck_euchre/_drops_form.html"

    def build(self) -> None:
        hand = self.state.hand
        declarer = hand.declarer if hand is not None else None
        names = self.rules.names
        start = 0 if declarer is None else declarer + 1
        order = [(start + k) % game.SEATS for k in range(game.SEATS)]
        self.fields["dropped"] = forms.TypedMultipleChoiceField(
            label=gettext_lazy("Dropped out"),
            choices=[(s, names[s]) for s in order if s != declarer],
            coerce=int,
            widget=ChipsMulti,
            required=False,
        )
        self.declarer = names[declarer] if declarer is not None else ""

    def initial_from(self, event: game.Drops) -> dict[str, Any]:
        return {"dropped": list(event.dropped)}

    def to_event(self) -> engine.Event:
        return game.Drops(dropped=tuple(self.cleaned_data["dropped"]))


class TrickForm(TrickEntryForm):
    """One trick: a card from each player still in, in order from the leader."""

    tricks_per_hand = 5

    @property
    def hint(self) -> str:  # type: ignore[override]
        dropped = len(self.order) < self.rules.n_seats
        if not dropped:
            return str(super().hint)
        return gettext("%(hint)s Only the players still in play are listed.") % {
            "hint": super().hint
        }

    ranks = RANKS

    def playing_order(self) -> tuple[int, list[int]]:
        hand = self.state.hand
        if hand is None:
            return 0, []
        leader = self.rules.leader(hand)
        return leader, list(self.rules.order(hand, leader))

    def to_event(self) -> engine.Event:
        return game.Trick(cards=self.cleaned_data["cards"], leader=self.leader)


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DealForm, ResultForm, BidForm, DropsForm, TrickForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list, in the active language."""
    names = rules.names
    if isinstance(event, game.Deal):
        if event.upcard is None:
            return gettext("%(dealer)s dealt (upcard not noted)") % {"dealer": names[event.dealer]}
        return gettext("%(dealer)s dealt; %(card)s turned up") % {
            "dealer": names[event.dealer],
            "card": card_label(event.upcard),
        }
    if isinstance(event, game.Bid):
        return f"{names[event.seat]}: {say(play.call_word(event.call))}"
    if isinstance(event, game.Drops):
        dropped = names_joined(names[s] for s in event.dropped) or gettext("nobody")
        return gettext("Dropped: %(players)s") % {"players": dropped}
    if isinstance(event, game.Result):
        trump = say(play.suit_label(play.SUIT_CODES.get(event.trump.upper())))
        if event.declarer is not None:
            text = gettext("Quick entry: trump %(trump)s (%(declarer)s)") % {
                "trump": trump,
                "declarer": names[event.declarer],
            }
        else:
            text = gettext("Quick entry: trump %(trump)s") % {"trump": trump}
        if event.dropped:
            dropped = names_joined(names[s] for s in event.dropped)
            text = gettext("%(result)s; dropped %(players)s") % {"result": text, "players": dropped}
        tricks = ", ".join(
            f"{n} {t}"
            for s, (n, t) in enumerate(zip(names, event.tricks, strict=True))
            if s not in event.dropped
        )
        return gettext("%(result)s; tricks %(tricks)s") % {"result": text, "tricks": tricks}
    if isinstance(event, game.Trick):
        cards = " ".join(map(card_label, event.cards))
        if event.leader is not None:
            return gettext("Trick led by %(player)s: %(cards)s") % {
                "player": names[event.leader],
                "cards": cards,
            }
        return gettext("Trick: %(cards)s") % {"cards": cards}
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
