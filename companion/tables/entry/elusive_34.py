"""Entry forms for The Elusive 34: the set-up rituals (first dealer, goal), the deal, trump after
a Joker turned up, the whole hand at once (quick entry), or each trick, trade and the cards left."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import ngettext

from companion import rules as engine
from companion.games.elusive_34 import game
from companion.games.elusive_34 import play as play
from companion.rules.cards import Card, Suit
from companion.rules.events import Seat
from companion.tables.i18n import card_label, gettext, pgettext_lazy
from companion.tables.i18n import gettext_lazy as _

from . import face_up
from .base import (
    RANK_CHOICES,
    SUIT_CHOICES,
    CardGrid,
    Chips,
    EntryForm,
    FixedChoices,
    PointsField,
    card_code,
    card_from,
    card_initial,
    count_field,
    parse_code,
    rank_chips,
    suit_chips,
)

RANKS_AND_JOKER = [*RANK_CHOICES, ("JK", pgettext_lazy("card", "Joker"))]
LOW_RANKS = [(str(r), str(r)) for r in range(2, 6)]
MIDDLE_RANKS = [(str(r), str(r)) for r in range(6, 11)]
TIMES = [(str(k), f"×{k}") for k in range(1, 7)]
DECLARED = [
    ("low", _("Low")),
    ("middle", _("Middle")),
    ("high", _("High")),
]


def _card_or_none(rank: str | None, suit: str | None, who: str) -> Card | None:
    if not rank and not suit:
        return None
    return card_from(rank, suit, who)


class _Form(EntryForm):
    rules: game.Elusive34  # type: ignore[assignment]  # set by EntryForm from the loaded game
    state: game.Elusive34State  # type: ignore[assignment]


class FirstDealerForm(_Form):
    kind = "first-dealer"
    label = _("First dealer")
    template = "games/elusive_34/_first_dealer_form.html"

    def build(self) -> None:
        self.fields["dealer"] = forms.TypedChoiceField(
            label=_("Got the first Middle card"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
        )
        self.fields["cards"] = face_up.cards_field(
            _("The cards dealt face up, if you want them checked"), "2H KD 9S"
        )
        self.fields["start"] = face_up.start_field(self.seat_choices())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["card_list"] = face_up.parse(data.get("cards"))
        if not data["card_list"]:
            data["start"] = None
        return data

    def initial_from(self, event: game.FirstDealer) -> dict[str, Any]:
        return {
            "dealer": event.dealer,
            "cards": " ".join(str(c) for c in event.cards),
            "start": "" if event.start is None else event.start,
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        start = d.get("start")
        return game.FirstDealer(
            dealer=d["dealer"],
            cards=d["card_list"],
            start=None if start is None else Seat(start),
        )


class GoalForm(_Form):
    """The digits on top of the Low and Middle piles and a multiple of them, or a goal typed
    as agreed (any positive number unless the table chose strict goals)."""

    kind = "goal"
    label = _("Score goal")
    template = "games/elusive_34/_goal_form.html"

    def build(self) -> None:
        self.fields["low"] = forms.ChoiceField(
            label=_("Top of the Low pile"), choices=LOW_RANKS, widget=Chips, required=False
        )
        self.fields["middle"] = forms.ChoiceField(
            label=_("Top of the Middle pile"), choices=MIDDLE_RANKS, widget=Chips, required=False
        )
        self.fields["times"] = forms.ChoiceField(
            label=_("Goal: that number times"), choices=TIMES, widget=Chips, required=False
        )
        self.fields["goal"] = PointsField(label=_("Or the goal agreed"), required=False)
        self.fields["cards"] = face_up.cards_field(
            _("The cards turned, if you want them checked"), "KS 2H 9C"
        )
        self.first_dealer = (
            self.rules.names[self.state.first_dealer] if self.state.first_dealer is not None else ""
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        low, middle = int(data.get("low") or 0), int(data.get("middle") or 0)
        data["card_list"] = face_up.parse(data.get("cards"))
        if data["card_list"] and not (low or middle):  # the ranks on top, read from the cards
            redeal = self.rules.options.goal_ten == "redeal"
            stop, low, middle = play.goal_piles(data["card_list"], redeal)
            if stop is None:
                low = middle = 0
        data["low_n"], data["middle_n"] = low, middle
        if data.get("goal") is not None:
            data["goal_n"] = data["goal"]
            return data
        if not (low and middle):
            raise forms.ValidationError(
                gettext("Tap the Low and the Middle rank and a multiple, or type the goal.")
            )
        if not data.get("times"):
            raise forms.ValidationError(gettext("Tap how many times the number the goal is."))
        data["goal_n"] = int(data["times"]) * self.rules.base_for(low, middle)
        return data

    def initial_from(self, event: game.Goal) -> dict[str, Any]:
        return {
            "low": str(event.low) if event.low else "",
            "middle": str(event.middle) if event.middle else "",
            "goal": event.goal,
            "cards": " ".join(str(c) for c in event.cards or ()),
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Goal(
            low=d["low_n"], middle=d["middle_n"], goal=d["goal_n"], cards=d["card_list"] or None
        )


class DealForm(_Form):
    kind = "deal"
    label = _("Deal")
    template = "games/elusive_34/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["rank"] = rank_chips(_("Card turned face up"), RANKS_AND_JOKER)
        self.fields["suit"] = suit_chips()
        self.size = self.rules.deal_size

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["faceup"] = _card_or_none(data.get("rank"), data.get("suit"), gettext("the face-up"))
        return data

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {"dealer": event.dealer, **card_initial(event.faceup)}

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Deal(dealer=d["dealer"], faceup=d["faceup"])


class TrumpForm(_Form):
    """One tap: the suit named by the player with the lowest score."""

    kind = "trump"
    label = _("Trump")
    template = "games/elusive_34/_trump_form.html"

    def build(self) -> None:
        hand = self.state.hand
        self.choosers = self.rules.choosers(self.state, hand) if hand is not None else [0]
        names = self.rules.names
        self.fields["seat"] = forms.TypedChoiceField(
            label=_("Names trump"),
            choices=[(s, names[s]) for s in self.choosers],
            coerce=int,
            widget=Chips if len(self.choosers) > 1 else forms.HiddenInput,
            initial=self.choosers[0],
        )
        self.fields["suit"] = forms.ChoiceField(choices=SUIT_CHOICES)
        self.name = names[self.choosers[0]]

    def buttons(self) -> list[tuple[str, str, str]]:
        return [(s, sym, f"btn-secondary suit-{s.lower()}") for s, sym in SUIT_CHOICES]

    def initial_from(self, event: game.Trump) -> dict[str, Any]:
        return {"seat": event.seat, "suit": event.suit}  # the suit is also the button tapped

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Trump(seat=d["seat"], suit=d["suit"])


def _joker_choices(rules: engine.Rules[Any, Any]) -> list[tuple[str, str]]:
    return [("", gettext("nobody")), *[(str(s), n) for s, n in enumerate(rules.names)]]


class _LeftFields(_Form):
    """Per player: the High, Middle and Low cards left in hand; who holds the Joker."""

    top = 13

    def left_fields(self) -> None:
        for seat, name in self.seat_choices():
            for cat, label in (("high", _("High")), ("middle", _("Middle")), ("low", _("Low"))):
                # Translators: a player's name and a pile (High, Middle, Low) of cards left.
                f = count_field(
                    gettext("%(name)s: %(pile)s") % {"name": name, "pile": label},
                    self.top,
                    initial=None,
                )
                f.required = False
                self.fields[f"{cat}_{seat}"] = f
        self.fields["joker"] = forms.ChoiceField(
            label=_("Still holds the Joker"),
            choices=_joker_choices(self.rules),
            widget=Chips,
            required=False,
        )

    def players(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "seat": seat,
                "fields": [self[f"{c}_{seat}"] for c in ("high", "middle", "low")],
                "collected": self[f"collected_{seat}"]
                if f"collected_{seat}" in self.fields
                else None,
                "revokes": self[f"revokes_{seat}"] if f"revokes_{seat}" in self.fields else None,
            }
            for seat, name in self.seat_choices()
        ]

    def counts(self, data: dict[str, Any], held: list[int] | None) -> dict[str, Any]:
        """The counts as tuples; a blank Middle count is what the hand holds besides the rest
        (when the hand size is known), otherwise 0."""
        n = self.rules.n_seats
        joker = data.get("joker")
        holder = int(joker) if joker not in (None, "") else None
        out: dict[str, list[int]] = {"high": [], "middle": [], "low": []}
        for seat in range(n):
            values = {c: data.get(f"{c}_{seat}") for c in out}
            for c in ("high", "low"):
                out[c].append(int(values[c] or 0))
            if values["middle"] in (None, "") and held is not None:
                rest = out["high"][-1] + out["low"][-1] + (1 if holder == seat else 0)
                out["middle"].append(max(0, held[seat] - rest))
            else:
                out["middle"].append(int(values["middle"] or 0))
        return {
            "high": tuple(out["high"]),
            "middle": tuple(out["middle"]),
            "low": tuple(out["low"]),
            "joker": holder,
        }

    def left_initial(self, event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"joker": "" if event.joker is None else str(event.joker)}
        for seat in range(self.rules.n_seats):
            for c in ("high", "middle", "low"):
                out[f"{c}_{seat}"] = getattr(event, c)[seat]
        return out


class ResultForm(_LeftFields):
    """The whole hand at once: cards collected in tricks, and the cards left by category."""

    kind = "result"
    whole_hand = True
    label = _("Quick entry")
    template = "games/elusive_34/_result_form.html"

    def build(self) -> None:
        self.top = self.rules.deal_size
        for seat, name in self.seat_choices():
            self.fields[f"collected_{seat}"] = PointsField(
                label=_("%(name)s: cards collected") % {"name": name}, required=False
            )
        self.left_fields()
        self.dealt = self.rules.n_seats * self.rules.deal_size
        if self.rules.options.revoke_penalty:  # house rule E-18: revokes the table found
            for seat, name in self.seat_choices():
                f = count_field(_("%(name)s: revokes") % {"name": name}, 5, initial=None)
                f.required = False
                self.fields[f"revokes_{seat}"] = f

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["collected"] = tuple(
            data.get(f"collected_{s}") or 0 for s in range(self.rules.n_seats)
        )
        data.update(self.counts(data, None))
        if self.rules.options.revoke_penalty:
            data["revokes"] = tuple(
                int(data.get(f"revokes_{s}") or 0) for s in range(self.rules.n_seats)
            )
        return data

    def initial_from(self, event: game.Result) -> dict[str, Any]:
        out = self.left_initial(event)
        out |= {f"collected_{s}": k for s, k in enumerate(event.collected)}
        out |= {f"revokes_{s}": k for s, k in enumerate(event.revokes or ())}
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Result(
            collected=d["collected"],
            high=d["high"],
            middle=d["middle"],
            low=d["low"],
            joker=d["joker"],
            revokes=d.get("revokes") if any(d.get("revokes") or ()) else None,
        )


class LeftForm(_LeftFields):
    """After a hand played card by card: the cards left in each hand."""

    kind = "left"
    label = _("Cards left")
    template = "games/elusive_34/_left_form.html"

    def build(self) -> None:
        hand = self.state.hand
        self.held = list(hand.held) if hand is not None else [0] * self.rules.n_seats
        self.top = max(self.held) if any(self.held) else 0
        self.left_fields()

    def sizes(self) -> list[tuple[str, int]]:
        return list(zip(self.rules.names, self.held, strict=True))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data.update(self.counts(data, self.held))
        return data

    def initial_from(self, event: game.Left) -> dict[str, Any]:
        return self.left_initial(event)

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Left(high=d["high"], middle=d["middle"], low=d["low"], joker=d["joker"])


class TrickForm(_Form):
    """One trick: each card in the order played, round after round, picked from a grid of the
    cards still in play (one tap each), or typed; the rank and suit chips stay for posts that
    use them."""

    kind = "trick"
    label = _("Trick by trick")
    template = "games/elusive_34/_trick_form.html"

    def build(self) -> None:
        hand = self.state.hand
        self.order = self.rules.order(hand) if hand is not None else []
        self.number = len(hand.plays) + 1 if hand is not None else 1
        self.leader = hand.leader if hand is not None else 0
        grid = FixedChoices(self.card_choices())  # shared: the rows are drawn once
        for i, seat in enumerate(self.order):
            name = self.rules.names[seat]
            self.fields[f"card_{i}"] = forms.CharField(
                label=name,
                required=False,
                widget=CardGrid(choices=grid, attrs={"aria-label": name}),
            )
            self.fields[f"rank_{i}"] = rank_chips(name, RANKS_AND_JOKER)
            self.fields[f"suit_{i}"] = suit_chips()
        self.fields["typed"] = forms.CharField(
            label=_("Or type the cards in the order played"),
            required=False,
            max_length=120,
            widget=forms.TextInput(
                attrs={"autocomplete": "off", "spellcheck": "false", "placeholder": "2C 4C 3C"}
            ),
        )
        self.fields["joker"] = forms.ChoiceField(
            label=_("The Joker was played to"),
            choices=[("win", _("win")), ("lose", _("lose"))],
            widget=Chips,
            required=False,
        )

    def card_choices(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The cards still in play this hand: not played in its tricks, not face up."""
        hand = self.state.hand
        out_of_play = set(hand.gone) if hand is not None else set()
        if hand is not None and hand.faceup is not None:
            out_of_play.add(hand.faceup)
        gone = {card_code(c) for c in out_of_play}
        rows: list[tuple[str, list[tuple[str, str]]]] = []
        for suit in Suit:
            cards = [
                (rank + suit.value, f"{label}{suit.symbol}")
                for rank, label in RANK_CHOICES
                if rank + suit.value not in gone
            ]
            if cards:
                rows.append((suit.symbol, cards))
        if "JK" not in gone:
            rows.append(("JK", [("JK", gettext("Joker"))]))
        return rows

    def players(self) -> list[dict[str, Any]]:
        out = []
        seen: dict[int, int] = {}
        for i, seat in enumerate(self.order):
            seen[seat] = seen.get(seat, 0) + 1
            out.append(
                {
                    "name": self.rules.names[seat],
                    "round": seen[seat],
                    "card": self[f"card_{i}"],
                    "leads": i == 0,
                }
            )
        return out

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = self.rules.names
        typed = str(data.get("typed") or "").strip()
        if typed:
            words = typed.replace(",", " ").split()
            if len(words) != len(self.order):
                raise forms.ValidationError(
                    gettext(
                        "Type %(n)s cards in the order played, round after round from "
                        "%(leader)s; you typed %(typed)s."
                    )
                    % {"n": len(self.order), "leader": names[self.leader], "typed": len(words)}
                )
            data["cards"] = tuple(
                parse_code(word.upper(), names[seat])
                for word, seat in zip(words, self.order, strict=True)
            )
            return data
        cards, errors = [], []
        for i, seat in enumerate(self.order):
            code = str(data.get(f"card_{i}") or "")
            try:
                cards.append(
                    parse_code(code, names[seat])
                    if code
                    else card_from(data.get(f"rank_{i}"), data.get(f"suit_{i}"), names[seat])
                )
            except forms.ValidationError as exc:
                errors.append(exc)
        if errors:
            raise forms.ValidationError(errors)
        data["cards"] = tuple(cards)
        return data

    def initial_from(self, event: game.Trick) -> dict[str, Any]:
        out: dict[str, Any] = {"joker": event.joker}
        for i, card in enumerate(event.cards):
            out |= card_initial(card, f"rank_{i}", f"suit_{i}")
            out[f"card_{i}"] = card_code(card)
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Trick(cards=d["cards"], leader=Seat(self.leader), joker=d.get("joker") or "")


class TradeForm(_Form):
    """The loser's trade: No trade in one tap, or the category declared (and the cards, if the
    table notes them)."""

    kind = "trade"
    label = _("Trade")
    template = "games/elusive_34/_trade_form.html"

    def build(self) -> None:
        hand = self.state.hand
        names = self.rules.names
        last = hand.plays[-1] if hand is not None and hand.plays else None
        self.loser = names[last.loser] if last else ""
        self.winner = names[last.record.winner] if last else ""
        self.fields["declared"] = forms.ChoiceField(
            label=_("Declared"),
            choices=[("none", _("No trade")), *DECLARED],
            widget=Chips,
            required=False,
        )
        self.fields["given_rank"] = rank_chips(_("Card passed"), RANKS_AND_JOKER)
        self.fields["given_suit"] = suit_chips()
        self.fields["back_rank"] = rank_chips(_("Card given back"), RANKS_AND_JOKER)
        self.fields["back_suit"] = suit_chips()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        declared = "none" if self.data.get("no_trade") else data.get("declared") or ""
        data["declared"] = declared
        if not declared:
            raise forms.ValidationError(gettext("Tap No trade, or the category declared."))
        data["given"] = _card_or_none(data.get("given_rank"), data.get("given_suit"), self.loser)
        data["returned"] = _card_or_none(data.get("back_rank"), data.get("back_suit"), self.winner)
        return data

    def initial_from(self, event: game.Trade) -> dict[str, Any]:
        out: dict[str, Any] = {"declared": event.declared}
        out |= card_initial(event.given, "given_rank", "given_suit")
        out |= card_initial(event.returned, "back_rank", "back_suit")
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Trade(declared=d["declared"], given=d["given"], returned=d["returned"])


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f
    for f in (
        FirstDealerForm,
        GoalForm,
        DealForm,
        TrumpForm,
        ResultForm,
        TrickForm,
        TradeForm,
        LeftForm,
    )
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list."""
    names = rules.names
    if isinstance(event, game.FirstDealer):
        return gettext("%(name)s deals first") % {"name": names[event.dealer]}
    if isinstance(event, game.Goal):
        if event.low:
            return gettext("Goal %(goal)s (Low %(low)s, Middle %(middle)s)") % {
                "goal": event.goal,
                "low": event.low,
                "middle": event.middle,
            }
        return gettext("Goal %(goal)s") % {"goal": event.goal}
    if isinstance(event, game.Deal):
        if event.faceup is None:
            return gettext("%(name)s dealt (face-up card not noted)") % {
                "name": names[event.dealer]
            }
        return gettext("%(name)s dealt; %(card)s face up") % {
            "name": names[event.dealer],
            "card": card_label(event.faceup),
        }
    if isinstance(event, game.Trump):
        return gettext("%(name)s named trump %(suit)s") % {
            "name": names[event.seat],
            "suit": play.SUIT_CODES[event.suit.upper()].symbol
            if event.suit.upper() in play.SUIT_CODES
            else event.suit,
        }
    if isinstance(event, game.Trick):
        cards = " ".join(map(card_label, event.cards))
        if event.joker == "win":
            return gettext("Trick: %(cards)s (Joker to win)") % {"cards": cards}
        if event.joker == "lose":
            return gettext("Trick: %(cards)s (Joker to lose)") % {"cards": cards}
        if event.joker:
            return gettext("Trick: %(cards)s (Joker to %(call)s)") % {
                "cards": cards,
                "call": event.joker,
            }
        return gettext("Trick: %(cards)s") % {"cards": cards}
    if isinstance(event, game.Trade):
        if event.declared == "none":
            return gettext("No trade")
        shown = " → ".join(card_label(c) for c in (event.given, event.returned) if c is not None)
        return gettext("Trade: %(declared)s declared %(cards)s") % {
            "declared": _PILES.get(event.declared, event.declared),
            "cards": shown,
        }
    if isinstance(event, game.Left | game.Result):
        return _cards_left(names, event)
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(n)s") % {"n": event.target + 1}
    return event.kind


#: The pile a trade declares, as the history line names it ("middle declared 6♣ → J♣").
_PILES = {
    "low": pgettext_lazy("trade declared", "low"),
    "middle": pgettext_lazy("trade declared", "middle"),
    "high": pgettext_lazy("trade declared", "high"),
}


def _cards_left(names: Sequence[str], event: game.Left | game.Result) -> str:
    """The cards left (and, for a quick entry, the points collected) of every player:
    "Quick entry: Ann 20 · H1 M1 L0; Bob 8 · H0 M2 L2 +Joker"."""
    listed = ""
    for seat, name in enumerate(names):
        counts = {
            "name": name,
            "high": event.high[seat],
            "middle": event.middle[seat],
            "low": event.low[seat],
        }
        if isinstance(event, game.Result):
            # Translators: H, M and L stand for the High, Middle and Low cards left in hand.
            part = gettext("%(name)s %(collected)s · H%(high)s M%(middle)s L%(low)s") % {
                **counts,
                "collected": event.collected[seat],
            }
        else:
            # Translators: H, M and L stand for the High, Middle and Low cards left in hand.
            part = gettext("%(name)s H%(high)s M%(middle)s L%(low)s") % counts
        if event.joker == seat:
            part = gettext("%(cards)s +Joker") % {"cards": part}
        if isinstance(event, game.Result) and event.revokes and event.revokes[seat]:
            k = event.revokes[seat]
            part = ngettext("%(cards)s %(n)s revoke", "%(cards)s %(n)s revokes", k) % {
                "cards": part,
                "n": k,
            }
        # Translators: one more player's cards left added to the list of the others'.
        if listed:
            part = gettext("%(list)s; %(cards)s") % {"list": listed, "cards": part}
        listed = part
    if isinstance(event, game.Result):
        return gettext("Quick entry: %(players)s") % {"players": listed}
    return gettext("Cards left: %(players)s") % {"players": listed}
