"""``{% load panels %}``: the game screen's panels drawn in Python (``companion/tables/panels.py``)
from the template's context. ``oob`` / ``swap_oob``: sent out of band (htmx); by default as
the context says, as the included templates read it."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from companion.tables import panels

register = template.Library()


@register.simple_tag(takes_context=True)
def status_panel(context: Any, oob: Any = None) -> SafeString:
    return panels.status(context, oob)


@register.simple_tag(takes_context=True)
def entry_panel(context: Any, oob: Any = None) -> SafeString:
    return panels.entry(context, oob)


@register.simple_tag(takes_context=True)
def entry_form_panel(context: Any, action: str, htmx: bool = False) -> SafeString:
    return panels.entry_form(context, context.get("form"), action, htmx)


@register.simple_tag(takes_context=True)
def history_panel(context: Any, swap_oob: Any = None) -> SafeString:
    return panels.history(context, swap_oob)


@register.simple_tag(takes_context=True)
def poll_panel(context: Any, swap_oob: Any = None) -> SafeString:
    return panels.poll(context, swap_oob)


@register.simple_tag(takes_context=True)
def drawn_form_panel(context: Any) -> SafeString:
    """The fields of ``form``, whose template ``panels`` draws (``panels.DRAWN``: a trick's
    form, Belote's and Buck Euchre's bids)."""
    return panels.DRAWN[context.get("form").template](context)


@register.simple_tag(takes_context=True)
def hand_panel(context: Any) -> SafeString:
    return panels.hand(context)


@register.simple_tag(takes_context=True)
def tricks_panel(context: Any) -> SafeString:
    return panels.tricks(context)


@register.simple_tag(takes_context=True)
def scoreboard_panel(context: Any) -> SafeString:
    return panels.scoreboard(context)


@register.simple_tag(takes_context=True)
def reminders_panel(context: Any) -> SafeString:
    return panels.reminders(context)


@register.simple_tag(takes_context=True)
def export_panel(context: Any, oob: Any = None) -> SafeString:
    return panels.export(context, oob)


@register.simple_tag(takes_context=True)
def live_panel(context: Any) -> SafeString:
    return panels.live(context)
