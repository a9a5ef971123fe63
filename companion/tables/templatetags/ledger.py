"""``{% load ledger %}`` then ``{{ amount|money:table }}``: minor units in the table's currency,
written the active language's way (``€12.50``, ``€12,50``: ``money_shown.money_text``)."""

from __future__ import annotations

from typing import Any

from django import template

from companion.tables.money_shown import money_text

register = template.Library()


@register.filter
def money(amount: int, table: Any) -> str:
    """``1250`` at a table counting euros in cents: ``€12.50`` (``€12,50`` in French)."""
    return money_text(int(amount), table.currency, table.decimals)


@register.filter
def signed(amount: int, table: Any) -> str:
    """Like ``money``, a gain with its ``+``: ``+€12.50``, ``-€3.00``, ``€0.00``."""
    text = money(amount, table)
    return f"+{text}" if amount > 0 else text
