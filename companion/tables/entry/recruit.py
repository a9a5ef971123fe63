"""Entry forms for Recruit: the deal, the swap, a whole hand's piles, or one trick."""

from __future__ import annotations

from typing import Any

from django import forms

from companion import rules as engine
from companion.games.recruit import game
from companion.rules.cards import JACK, KING, QUEEN, RANK_NAMES
from companion.tables.i18n import (
    card_label,
    gettext,
    gettext_lazy,
    names_joined,
    pgettext_lazy,
    rank_label,
    say,
)

from .base import (
    RANK_CHOICES,
    SUIT_CHOICES,
    Chips,
    ChipsMulti,
    EntryForm,
    TrickEntryForm,
    card_from,
    card_initial,
    count_field,
)

JOKER_RANK = [("JK", pgettext_lazy("card", "Joker"))]


class DealForm(EntryForm):
    kind = "deal"
    label = gettext_lazy("Deal")
    template = "games/recruit/_deal_form.html"

    def build(self) -> None:
        self.fields["dealer"] = self.dealer_field()
        self.fields["rank"] = forms.ChoiceField(
            label=gettext_lazy("Card turned up"), choices=RANK_CHOICES + JOKER_RANK, widget=Chips
        )
        self.fields["suit"] = forms.ChoiceField(
            label=gettext_lazy("Suit"),
            choices=SUIT_CHOICES,
            widget=Chips(attrs={"class": "chips-suits"}),
            required=False,
        )
        self.fields["variants"] = forms.MultipleChoiceField(
            label=gettext_lazy("Variants declared by the dealer"),
            choices=list(game.VARIANTS.items()),
            widget=ChipsMulti,
            required=False,
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "rank" in data:
            data["shown"] = card_from(
                data["rank"], data.get("suit"), card=gettext("the card turned up")
            )
        return data

    def initial_from(self, event: game.Deal) -> dict[str, Any]:
        return {
            "dealer": event.dealer,
            **card_initial(event.shown),
            "variants": sorted(event.variants),
        }

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        return game.Deal(dealer=d["dealer"], shown=d["shown"], variants=frozenset(d["variants"]))


class ExchangeForm(EntryForm):
    kind = "exchange"
    label = gettext_lazy("Swaps")
    template = "games/recruit/_exchange_form.html"

    def build(self) -> None:
        for seat, name in self.seat_choices():
            self.fields[f"swap_{seat}"] = count_field(name, 4)

    def initial_from(self, event: game.Exchange) -> dict[str, Any]:
        return {f"swap_{s}": n for s, n in enumerate(event.swapped)}

    def to_event(self) -> engine.Event:
        return game.Exchange(
            swapped=tuple(self.cleaned_data[f"swap_{s}"] for s, _ in self.seat_choices())
        )


def _match_rank(loaded_state: Any) -> int | None:
    hand = loaded_state.hand
    if hand is None or "match" not in hand.variants or hand.shown.is_joker:
        return None
    return int(hand.shown.rank)


class PilesForm(EntryForm):
    """Each player's pile. One pile size may be left blank: it is worked out from the others."""

    kind = "piles"
    whole_hand = True
    label = gettext_lazy("Piles")
    template = "games/recruit/_piles_form.html"

    def build(self) -> None:
        total = game.TRICKS * self.rules.n_seats
        self.match_rank = _match_rank(self.state)
        for seat, name in self.seat_choices():
            self.fields[f"cards_{seat}"] = forms.IntegerField(
                label=gettext("%(name)s: cards collected") % {"name": name},
                required=False,
                min_value=0,
                max_value=total,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "count"}),
            )
            for attr, word in (
                ("jacks", gettext("Jacks")),
                ("queens", gettext("Queens")),
                ("kings", gettext("Kings")),
            ):
                self.fields[f"{attr}_{seat}"] = count_field(word, 4)
            if self.match_rank is not None and self.match_rank not in (JACK, QUEEN, KING):
                rank = RANK_NAMES[self.match_rank]
                self.fields[f"matches_{seat}"] = count_field(
                    gettext("Match %(rank)ss") % {"rank": rank}, 3
                )

    def seat_rows(self) -> list[dict[str, Any]]:
        rows = []
        for seat, name in self.seat_choices():
            rows.append(
                {
                    "name": name,
                    "cards": self[f"cards_{seat}"],
                    "faces": [self[f"{a}_{seat}"] for a in ("jacks", "queens", "kings")],
                    "matches": self[f"matches_{seat}"]
                    if f"matches_{seat}" in self.fields
                    else None,
                }
            )
        return rows

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [s for s, _ in self.seat_choices()]
        blank = [s for s in seats if data.get(f"cards_{s}") is None]
        if len(blank) > 1:
            names = names_joined(self.rules.names[s] for s in blank)
            raise forms.ValidationError(
                gettext(
                    "Enter the number of cards for everyone but one player (missing: %(names)s)."
                )
                % {"names": names}
            )
        if blank:
            known = sum(data[f"cards_{s}"] for s in seats if s not in blank)
            data[f"cards_{blank[0]}"] = game.TRICKS * len(seats) - known
        return data

    def initial_from(self, event: game.Piles) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for seat, pile in enumerate(event.piles):
            out |= {
                f"cards_{seat}": pile.cards,
                f"jacks_{seat}": pile.jacks,
                f"queens_{seat}": pile.queens,
                f"kings_{seat}": pile.kings,
            }
            if pile.matches is not None:
                out[f"matches_{seat}"] = pile.matches
        return out

    def to_event(self) -> engine.Event:
        d = self.cleaned_data
        piles = []
        for seat, _ in self.seat_choices():
            matches = d.get(f"matches_{seat}") if f"matches_{seat}" in self.fields else None
            piles.append(
                game.Pile(
                    cards=d[f"cards_{seat}"],
                    jacks=d[f"jacks_{seat}"],
                    queens=d[f"queens_{seat}"],
                    kings=d[f"kings_{seat}"],
                    matches=matches,
                )
            )
        return game.Piles(piles=tuple(piles))


class TrickForm(TrickEntryForm):
    """One trick: a card for each player, in playing order from the leader."""

    tricks_per_hand = 13
    ranks = RANK_CHOICES + JOKER_RANK

    def to_event(self) -> engine.Event:
        return game.Trick(cards=self.cleaned_data["cards"], leader=self.leader)


FORMS: dict[str, type[EntryForm]] = {
    f.kind: f for f in (DealForm, PilesForm, TrickForm, ExchangeForm)
}


def describe(rules: engine.Rules[Any, Any], event: engine.Event) -> str:
    """One line for the history list, in the active language."""
    names = rules.names
    if isinstance(event, game.Deal):
        text = gettext("%(dealer)s dealt; %(card)s turned up") % {
            "dealer": names[event.dealer],
            "card": card_label(event.shown),
        }
        if event.variants:
            variants = ", ".join(say(v) for k, v in game.VARIANTS.items() if k in event.variants)
            text = gettext("%(deal)s — %(variants)s") % {"deal": text, "variants": variants}
        return text
    if isinstance(event, game.Exchange):
        swaps = ", ".join(f"{n} {c}" for n, c in zip(names, event.swapped, strict=True))
        return gettext("Swaps: %(swaps)s") % {"swaps": swaps}
    if isinstance(event, game.Piles):
        parts = []
        for name, p in zip(names, event.piles, strict=True):
            faces = "".join(
                f" {k}{rank_label(rank)}"
                for k, rank in ((p.jacks, 11), (p.queens, 12), (p.kings, 13))
                if k
            )
            parts.append(f"{name} {p.cards}{faces}")
        return gettext("Piles: %(piles)s") % {"piles": ", ".join(parts)}
    if isinstance(event, game.Trick):
        return gettext("Trick: %(cards)s") % {"cards": " ".join(map(card_label, event.cards))}
    if isinstance(event, engine.Void):
        return gettext("Cancelled entry #%(number)s") % {"number": event.target + 1}
    return event.kind
