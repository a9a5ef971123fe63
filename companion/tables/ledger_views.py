"""The table's money ledger (docs/ledger.md): balances per person, who made them, who pays whom,
payments marked done, and the table's stake settings.

Nothing here is stored but the settings and the payments done: the ledger is worked out on every
request from the games' replayed logs (``companion.rules.money``), so an undo, a void or a
correction in any game changes it at once.
"""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from django import forms
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from companion.rules import money

from . import actions, limits
from .models import Payment, Player, Table
from .money_shown import money_text
from .views import _scorer_only, _table


def person_key(player: Player | None) -> str:
    """A person's key in the ledger: ``p<id>`` for a player, ``house`` for the house (never a
    player's name, so a player called "house" is still a player)."""
    return money.HOUSE if player is None else f"p{player.pk}"


@dataclasses.dataclass
class Line:
    """One entry explained: which game and hand, why, and the amount shown."""

    game: Any
    hand: int
    reason: str
    amount: int
    hands_url: str


@dataclasses.dataclass
class Person:
    key: str
    name: str
    balance: int
    lines: list[Line]


def build_ledger(table: Table, key: str) -> dict[str, Any]:
    """Everything the ledger page shows, worked out from the games' logs."""
    players = list(table.players.all())
    by_name = {p.name: p for p in players}
    names = {person_key(p): p.name for p in players}
    names[money.HOUSE] = gettext("The house")
    entries: list[money.Entry] = []
    games: dict[int, Any] = {}
    for loaded in actions.load_many(table.games.all()):
        game, rules, state = loaded.game, loaded.rules, loaded.state
        games[game.number] = game
        seats = [person_key(by_name.get(n)) if n in by_name else n for n in rules.names]
        if isinstance(rules, money.PostsMoney):
            points = getattr(rules, "money_unit", None) == money.POINTS
            value = table.point_stake if points else table.chip_value
            for posting in rules.postings(state) if value else ():
                who = money.HOUSE if posting.seat is None else seats[posting.seat]
                amount = posting.amount * value
                entries.append(money.Entry(who, amount, game.number, posting.hand, posting.reason))
            continue
        if not table.point_stake:
            continue
        columns = rules.columns()
        scored = rules.hands(state)
        exact = []
        for hand in scored:
            points = [0] * rules.n_seats
            for column, seats_of in enumerate(columns):
                for seat in seats_of:
                    points[seat] = hand.points[column]
            exact.append(
                money.points_amounts(
                    points, table.point_stake, lower_is_better=rules.lower_is_better
                )
            )
        # Tenths of a point (Ui77) are carried from hand to hand, never lost, and each game's
        # ties start from the next seat round the table (docs/ledger.md).
        posted = money.carried(exact, rules.points_scale, first=game.number - 1)
        for hand, amounts in zip(scored, posted, strict=True):
            for seat, amount in enumerate(amounts):
                if amount:
                    why = hand.summary or gettext("Points of the hand")
                    entries.append(money.Entry(seats[seat], amount, game.number, hand.number, why))
    balances = {person_key(p): 0 for p in players} | money.balances(entries)
    done_rows = list(table.payments.select_related("payer", "payee"))
    done = [money.Transfer(person_key(r.payer), person_key(r.payee), r.amount) for r in done_rows]
    hub = person_key(table.settle_through) if table.settle_through_id else None
    try:
        plan = money.plan(balances, done, hub=hub)
        problem = ""
    except money.LedgerError as exc:  # a game whose hands do not add up: say so, plan nothing
        plan, problem = (), str(exc)
    explained = money.by_person(entries)
    people = [
        Person(
            person,
            names.get(person, person),
            amount,
            [
                Line(
                    games.get(e.game),
                    e.hand,
                    e.reason,
                    e.amount,
                    reverse("tables:hands", args=[key, e.game]),
                )
                for e in explained.get(person, [])
            ],
        )
        for person, amount in balances.items()
    ]
    timeline = [
        {
            "game": games.get(game_number),
            "hand": hand,
            "balances": [after.get(p.key, 0) for p in people],
        }
        for (game_number, hand), after in money.timeline(entries)
    ]
    return {
        "people": people,
        "plan": [
            {
                "t": t,
                "payer": names.get(t.payer, t.payer),
                "payee": names.get(t.payee, t.payee),
                "client_id": uuid.uuid4(),
            }
            for t in plan
        ],
        "done": [
            {"row": r, "payer": names[person_key(r.payer)], "payee": names[person_key(r.payee)]}
            for r in done_rows
        ],
        "problem": problem,
        "timeline": timeline,
        "hub": names.get(hub, "") if hub else "",
    }


class SettingsForm(forms.Form):
    currency = forms.CharField(
        label=gettext_lazy("Currency sign"),
        max_length=8,
        required=False,
        help_text=gettext_lazy("€, $, £, or empty for chips."),
    )
    decimals = forms.TypedChoiceField(
        label=gettext_lazy("Amounts in"),
        choices=[(2, gettext_lazy("cents (2 decimals)")), (0, gettext_lazy("whole units"))],
        coerce=int,
        widget=forms.RadioSelect,
    )
    chip_value = forms.CharField(
        label=gettext_lazy("A chip (a bet of 1) in a banking game is worth"), max_length=24
    )
    point_stake = forms.CharField(
        label=gettext_lazy("Stake per point in a points game (0: not in the ledger)"),
        max_length=24,
    )
    settle_through = forms.TypedChoiceField(
        label=gettext_lazy("Settle"),
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, table: Table, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        choices: list[tuple[Any, str]] = [("", gettext("with the fewest transfers"))]
        choices += [
            (p.pk, gettext("everything through %(name)s") % {"name": p.name})
            for p in table.players.all()
        ]
        self.fields["settle_through"].choices = choices

    def _amount(self, name: str, decimals: int) -> int:
        text = self.cleaned_data.get(name) or "0"
        try:
            amount = money.parse_minor(text, decimals=decimals)
        except money.LedgerError:
            raise forms.ValidationError(
                gettext("“%(text)s” is not an amount with at most %(n)s decimals.")
                % {"text": text, "n": decimals}
            ) from None
        if amount > limits.MAX_AMOUNT:
            raise forms.ValidationError(
                gettext("“%(text)s” is more than any table plays: at most %(limit)s.")
                % {"text": text, "limit": money_text(limits.MAX_AMOUNT, decimals=decimals)}
            )
        return amount

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        decimals = data.get("decimals", 2)
        if decimals is None:
            return data
        data["chip_value"] = self._amount("chip_value", decimals)
        data["point_stake"] = self._amount("point_stake", decimals)
        if data["chip_value"] < 1:
            raise forms.ValidationError(gettext("A chip must be worth something."))
        return data


def _initial(table: Table) -> dict[str, Any]:
    def shown(amount: int) -> str:
        return money.format_minor(amount, decimals=table.decimals)

    return {
        "currency": table.currency,
        "decimals": table.decimals,
        "chip_value": shown(table.chip_value),
        "point_stake": shown(table.point_stake),
        "settle_through": table.settle_through_id or "",
    }


def _page(
    request: HttpRequest, table: Table, key: str, can_score: bool, form: Any = None
) -> HttpResponse:
    return render(
        request,
        "tables/ledger.html",
        {
            "table": table,
            "key": key,
            "can_score": can_score,
            "form": form or SettingsForm(table, initial=_initial(table)),
            **build_ledger(table, key),
        },
        status=400 if form is not None else 200,
    )


@require_safe
def ledger(request: HttpRequest, key: str) -> HttpResponse:
    table, can_score = _table(key)
    return _page(request, table, key, can_score)


@require_POST
def ledger_settings(request: HttpRequest, key: str) -> HttpResponse:
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    form = SettingsForm(table, request.POST)
    if not form.is_valid():
        return _page(request, table, key, can_score, form)
    data = form.cleaned_data
    hub = (
        table.players.filter(pk=data["settle_through"]).first() if data["settle_through"] else None
    )
    with transaction.atomic():
        Table.objects.filter(pk=table.pk).update(
            currency=data["currency"].strip(),
            decimals=data["decimals"],
            chip_value=data["chip_value"],
            point_stake=data["point_stake"],
            settle_through=hub,
            # The game pages show amounts in the currency: pages kept for the old one go stale.
            version=F("version") + 1,
        )
    messages.success(request, gettext("Ledger settings saved."))
    return redirect("tables:ledger", key=key)


def _person(table: Table, value: str) -> Player | None | bool:
    """The player a posted key names (None: the house), or False when it names nobody here."""
    if value == money.HOUSE:
        return None
    if value.startswith("p") and value[1:].isdigit():
        return table.players.filter(pk=int(value[1:])).first() or False
    return False


@require_POST
def ledger_paid(request: HttpRequest, key: str) -> HttpResponse:
    """Mark one transfer of the plan done (a retried submission records it once)."""
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    payer = _person(table, request.POST.get("payer", ""))
    payee = _person(table, request.POST.get("payee", ""))
    try:
        amount = int(request.POST.get("amount", ""))
        client_id = uuid.UUID(request.POST.get("client_id", ""))
    except ValueError:
        amount, client_id = 0, None
    if payer is False or payee is False or amount <= 0 or client_id is None or payer == payee:
        messages.error(
            request, gettext("That payment names nobody here, or no amount: nothing was recorded.")
        )
        return redirect("tables:ledger", key=key)
    if amount > limits.MAX_AMOUNT:
        messages.error(
            request,
            gettext(
                "That payment is more than any table settles (at most %(limit)s): nothing was "
                "recorded."
            )
            % {"limit": money_text(limits.MAX_AMOUNT, table.currency, table.decimals)},
        )
        return redirect("tables:ledger", key=key)
    try:
        with transaction.atomic():
            Payment.objects.create(
                table=table, payer=payer, payee=payee, amount=amount, client_id=client_id
            )
            actions.bump(table.pk)  # every phone's next poll hears of it
    except IntegrityError:  # the same submission again: already recorded
        pass
    return redirect("tables:ledger", key=key)


@require_POST
def ledger_unpaid(request: HttpRequest, key: str, payment: int) -> HttpResponse:
    """Take back a payment marked done by mistake."""
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    with transaction.atomic():
        deleted, _ = Payment.objects.filter(table=table, pk=payment).delete()
        if deleted:
            actions.bump(table.pk)
    return redirect("tables:ledger", key=key)
