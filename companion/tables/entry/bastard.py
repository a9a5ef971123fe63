"""Entry forms for Bastard (Elevator): the deal, the finishing order at once, or each play and
pass in turn."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.bastard import play as bastard_play
from companion.games.bastard.events import Deal, Pass, Play, Result
from companion.rules.cards import RANK_NAMES, CardError, parse_card, parse_cards
from companion.tables.i18n import card_label, gettext_lazy
from companion.tables.i18n import gettext as _

from .base import RANK_CHOICES, SUIT_CHOICES, Chips, EntryForm, count_field, suit_chips
from .turns import TurnForm

#: Ranks high to low, as the chips show them (aces high), each as the language writes it.
RANKS = RANK_CHOICES


def _joker_ranks(coloured: bool) -> list[tuple[str, str]]:
    if coloured:
        return [("RJ", _("Red joker")), ("BJ", _("Black joker"))]
    return [("JK", _("Joker"))]


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/bastard/_deal_form.html"

    def build(self) -> None:
        coloured = self.rules.options.coloured_jokers
        self.fields["dealer"] = self.dealer_field()
        self.fields["dealer"].label = _("Dealer")
        self.fields["rank"] = forms.ChoiceField(
            label=_("Card turned up"),
            choices=[*RANKS, *_joker_ranks(coloured)],
            widget=Chips,
            required=False,
        )
        self.fields["suit"] = suit_chips(_("Suit"))
        self.starters: tuple[int, ...] = tuple(getattr(self.state, "starters", ()))
        if len(self.starters) > 1:
            self.fields["starter"] = forms.TypedChoiceField(
                label=_("Who starts (cut or toss for it)"),
                choices=[(s, self.rules.names[s]) for s in self.starters],
                coerce=int,
                widget=Chips,
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rank, suit = data.get("rank"), data.get("suit")
        if not rank and not suit:
            data["upcard"] = None
        elif rank in ("JK", "RJ", "BJ"):
            data["upcard"] = parse_card(rank)
        elif not rank or not suit:
            raise forms.ValidationError(
                _("Choose both the rank and the suit of the card turned up, or neither.")
            )
        else:
            data["upcard"] = parse_card(rank + suit)
        return data

    def initial_from(self, event: Deal) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": event.dealer}
        up = event.upcard
        if up is not None and up.is_joker:
            out["rank"] = str(up)
        elif up is not None and up.suit is not None:
            out |= {"rank": RANK_NAMES[up.rank], "suit": up.suit.value}
        if event.starter is not None:
            out["starter"] = event.starter
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        starter = d.get("starter")
        return Deal(dealer=d["dealer"], upcard=d["upcard"], starter=starter)


class ResultForm(EntryForm):
    """The finishing order: each player's place; players out together share a place."""

    kind = "result"
    label = gettext_lazy("Quick entry")
    template = "games/bastard/_result_form.html"

    def build(self) -> None:
        n = self.rules.n_seats
        for seat, name in self.seat_choices():
            field = count_field(name, n, initial=None)
            field.choices = [(i, str(i)) for i in range(1, n + 1)]
            field.required = True
            self.fields[f"place_{seat}"] = field

    def place_fields(self) -> list[forms.BoundField]:
        return [self[f"place_{s}"] for s, _name in self.seat_choices()]

    def initial_from(self, event: Result) -> dict[str, Any]:
        return {f"place_{s}": p for s, p in enumerate(event.places)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return Result(places=tuple(d[f"place_{s}"] for s, _name in self.seat_choices()))


class PlayForm(TurnForm):
    """One play: a rank, then the suits in the order the cards went down (red, black, red…)."""

    kind = "play"
    label = gettext_lazy("Play by play")
    template = "games/bastard/_play_form.html"

    def build(self) -> None:
        options = self.rules.options
        super().build()
        jokers = _joker_ranks(options.coloured_jokers)
        if options.joker_pair:
            pair = (
                [("RJ BJ", _("Red then black joker")), ("BJ RJ", _("Black then red joker"))]
                if options.coloured_jokers
                else [("JK JK", _("Two jokers"))]
            )
            jokers = [*jokers, *pair]
        self.fields["rank"] = forms.ChoiceField(
            label=_("Rank"), choices=[*RANKS, *jokers], widget=Chips
        )
        self.slots = 4 * bastard_play.packs(options.decks, self.rules.n_seats)
        for k in range(1, self.slots + 1):
            self.fields[f"suit_{k}"] = suit_chips(_("Card {number}").format(number=k))

    def suit_fields(self) -> list[forms.BoundField]:
        return [self[f"suit_{k}"] for k in range(1, self.slots + 1)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rank = data.get("rank") or ""
        suits = [data.get(f"suit_{k}") or "" for k in range(1, self.slots + 1)]
        if rank.startswith(("JK", "RJ", "BJ")):
            data["cards"] = parse_cards(rank)
            return data
        if not suits[0]:
            raise forms.ValidationError(_("Choose the suit of the first card."))
        chosen = [s for s in suits if s]
        if suits[: len(chosen)] != chosen:
            raise forms.ValidationError(_("Choose the suits in order, without a gap."))
        try:
            data["cards"] = tuple(parse_card(rank + s) for s in chosen)
        except CardError as exc:
            raise forms.ValidationError(str(exc)) from None
        return data

    def initial_from(self, event: Play) -> dict[str, Any]:
        cards = event.cards
        if cards and cards[0].is_joker:
            return {"seat": event.seat, "rank": " ".join(str(c) for c in cards)}
        out: dict[str, Any] = {"seat": event.seat}
        if cards:
            out["rank"] = RANK_NAMES[cards[0].rank]
        for k, card in enumerate(cards, start=1):
            if card.suit is not None:
                out[f"suit_{k}"] = card.suit.value
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return Play(seat=d["seat"], cards=d["cards"])


class PassForm(TurnForm):
    """A pass, one tap: unable to play, or by choice (offered only when allowed)."""

    kind = "pass"
    label = gettext_lazy("Pass")
    template = "games/bastard/_pass_form.html"

    def build(self) -> None:
        super().build()
        self.fields["how"] = forms.ChoiceField(
            choices=[("cannot", "cannot"), ("choice", "choice")], required=False
        )

    def buttons(self) -> list[tuple[str, str, str]]:
        """(value, text, css class) for each way to pass open now."""
        hand = getattr(self.state, "hand", None)
        rules: Any = self.rules
        if hand is None:
            return []
        if rules.stuck_check(hand):
            if rules.free(hand):
                return []
            owed = rules.owed(hand)
            return [
                (
                    "cannot",
                    _("Cannot beat it: the bastard rule ({n} cards)").format(n=owed),
                    "btn-primary",
                )
            ]
        out = []
        if not rules.free(hand):
            out.append(("cannot", _("Cannot play: pass and draw"), "btn-primary"))
        if not rules.pass_banned(hand):
            out.append(("choice", _("Pass by choice and draw"), "btn-secondary"))
        return out

    def initial_from(self, event: Pass) -> dict[str, Any]:
        # The way of passing is the button tapped; a correction starts from the recorded one.
        return {"seat": event.seat, "how": "choice" if event.by_choice else "cannot"}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return Pass(seat=d["seat"], by_choice=d.get("how") == "choice")


FORMS: dict[str, type[EntryForm]] = {f.kind: f for f in (DealForm, PlayForm, PassForm, ResultForm)}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, Deal):
        if event.upcard is None:
            text = _("{player} dealt (turned card not noted)").format(player=names[event.dealer])
        else:
            text = _("{player} dealt; {card} turned up").format(
                player=names[event.dealer], card=card_label(event.upcard)
            )
        if event.starter is not None:
            text += " · " + _("{player} starts").format(player=names[event.starter])
        return text
    if isinstance(event, Result):
        order = sorted(range(len(names)), key=lambda s: event.places[s])
        return _("Quick entry: {order}").format(
            order=", ".join(f"{event.places[s]}. {names[s]}" for s in order)
        )
    if isinstance(event, Play):
        return _("{player} plays {cards}").format(
            player=names[event.seat], cards=" ".join(map(card_label, event.cards))
        )
    if isinstance(event, Pass):
        if event.by_choice:
            return _("{player} passes by choice").format(player=names[event.seat])
        return _("{player} passes").format(player=names[event.seat])
    if isinstance(event, engine.Void):
        return _("Cancelled entry #{number}").format(number=event.target + 1)
    return event.kind


__all__ = ["FORMS", "SUIT_CHOICES", "describe"]
