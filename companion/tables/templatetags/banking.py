"""``{% load banking %}``: what the banking games' hand panels show, with the players' names
(the engine's state names seats by number), and amounts in the table's currency (``chips``)."""

from __future__ import annotations

from typing import Any

from django import template

from companion.tables.money_shown import chips_text

register = template.Library()


@register.filter
def chips(amount: int) -> str:
    """``{{ bet|chips }}``: an amount of chips in the table's currency (``€2.00``)."""
    return chips_text(int(amount))


@register.filter
def board(state: Any, rules: Any) -> list[dict[str, Any]]:
    """Ziginette's live board: each card with its bets as (name, amount)."""
    deal = getattr(state, "deal", None)
    if deal is None:
        return []
    return [
        {"card": spot.card, "bets": [(rules.names[s], a) for s, a in spot.bets]}
        for spot in deal.board
    ]


@register.filter
def players_cards(state: Any, rules: Any) -> list[dict[str, Any]]:
    """Skin's cards in play: each player's card and bet with the banker (banker first)."""
    deal = getattr(state, "deal", None)
    if deal is None:
        return []
    rows = []
    for seat, name in enumerate(rules.names):
        if seat == deal.limits.banker:
            rows.insert(0, {"name": name, "card": deal.banker_card, "bet": None, "banker": True})
        else:
            rows.append({"name": name, "card": deal.cards[seat], "bet": deal.pots[seat]})
    return rows
