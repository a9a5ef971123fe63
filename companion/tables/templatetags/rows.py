"""``{% load rows %}`` then ``{% history_rows %}``: the history's rows, drawn by
``companion/tables/kept/rows.py`` (kept between answers) with this response's CSRF token."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from companion.tables.kept.rows import history_html

register = template.Library()


@register.simple_tag(takes_context=True)
def history_rows(context: Any) -> SafeString:
    return history_html(
        context["history"],
        can_score=bool(context.get("can_score")),
        at=context.get("at"),
        csrf=str(context.get("csrf_token") or ""),
        rules_url=str(context.get("rules_url") or ""),
    )
