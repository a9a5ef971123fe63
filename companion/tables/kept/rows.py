"""The history's rows (``<li>`` of the "Entries" panel), drawn in Python and kept.

Each answer to an entry sends the latest entries again, so every row was drawn through the
template engine about ten times, once per answer while it stayed in view: the largest part of
the cost of recording an entry. A row only changes when its entry is cancelled, restored or
corrected, or when a flag is added to it, so its HTML is kept (per process, the most recently
used ``KEEP`` rows) under everything it is made of, with markers where each response needs its
own values: the CSRF token, the form's submission id and the log's length (``at``).

The HTML is what ``tables/_history_row.html`` makes (it stays as the reference, and
``tests/web/test_history_rows.py`` compares the two for every kind of row).
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe

from companion.tables import money_shown
from companion.tables.entry.base import escape_text as _e
from companion.tables.i18n import get_language, gettext, say

#: How many rows are kept per process (a row is a few hundred bytes).
KEEP = 4000
_CSRF, _ID, _AT = "\x00csrf\x00", "\x00id\x00", "\x00at\x00"
_kept: OrderedDict[tuple[Any, ...], str] = OrderedDict()


def _kept_or_made(
    store: OrderedDict[tuple[Any, ...], str], key: tuple[Any, ...], make: Callable[[], str]
) -> str:
    """``store[key]``, made by ``make()`` the first time; the ``KEEP`` most recently used."""
    found = store.get(key)
    if found is not None:
        with contextlib.suppress(KeyError):  # dropped meanwhile by another thread
            store.move_to_end(key)
        return found
    made = store[key] = make()
    if len(store) > KEEP:
        store.popitem(last=False)
    return made


def text_key(text: Any) -> tuple[str, str, str]:
    """What a row's text is drawn from: its kind, its message and its values."""
    return type(text).__name__, str(text), repr(getattr(text, "values", None))


def _key(row: Mapping[str, Any], can_score: bool, rules_url: str, language: str) -> tuple[Any, ...]:
    return (
        language,
        money_shown.current(),  # amounts in the table's currency
        can_score,
        rules_url,
        row["number"],
        row.get("said") or text_key(row["text"]),  # worked out with the text (context.history)
        row["voided"],
        row["is_void"],
        row["corrected_by"],
        row["can_correct"],
        tuple(
            (str(f.message), repr(getattr(f.message, "values", None)), f.rule) for f in row["flags"]
        ),
        row["void_url"],
        row["correct_url"],
    )


def _draw(row: Mapping[str, Any], can_score: bool, rules_url: str) -> str:
    number = row["number"]
    css = "voided" if row["voided"] else "corrected" if row["corrected_by"] else ""
    out = [
        f'<li class="{css}" id="entry-{number}">',
        f'<span class="muted">#{number}</span> {conditional_escape(say(row["text"]))}',
    ]
    if row["voided"]:
        out.append(f" <em>{conditional_escape(gettext('(cancelled)'))}</em>")
    elif row["corrected_by"]:
        said = gettext("(corrected by #%(number)s)") % {"number": row["corrected_by"]}
        out.append(f" <em>{said}</em>")  # as blocktranslate: the catalogue's own text
    out.append("\n")
    for flag in row["flags"]:
        link = ""
        if flag.rule:
            rule = conditional_escape(gettext("Rule"))
            link = f' <a href="{escape(rules_url)}#{escape(flag.rule)}">{rule}</a>'
        message = conditional_escape(say(flag.message))
        out.append(f'<div class="flag" role="note">{message}{link}</div>')
    if can_score and not row["voided"]:
        if row["is_void"]:
            label = gettext("Restore what entry %(number)s cancelled") % {"number": number}
            button = gettext("Restore")
        else:
            label = gettext("Cancel entry %(number)s") % {"number": number}
            button = gettext("Cancel")
        out.append(
            '\n<div class="row entry-actions">'
            f'<form method="post" action="{escape(row["void_url"])}" class="inline">'
            f'<input type="hidden" name="csrfmiddlewaretoken" value="{_CSRF}">'
            f'<input type="hidden" name="client_id" value="{_ID}">'
            f'<input type="hidden" name="at" value="{_AT}">'
            f'<button class="btn btn-small btn-secondary" type="submit" aria-label="{label}">'
            f"{conditional_escape(button)}</button></form>"
        )
        if row["can_correct"]:
            label = gettext("Correct entry %(number)s") % {"number": number}
            out.append(
                f'<a class="btn btn-small btn-secondary" href="{escape(row["correct_url"])}" '
                f'aria-label="{label}">{conditional_escape(gettext("Correct"))}</a>'
            )
        out.append("</div>")
    out.append("</li>")
    return "".join(out)


_lines: OrderedDict[tuple[Any, ...], str] = OrderedDict()


def kept_line(
    rules: Any, event: Any, describe: Callable[[Any, Any], str], language: str | None = None
) -> str:
    """``describe(rules, event)``, the entry's line in the history, kept: it depends only on the
    language (the active one, if already looked up), the game's rules, options and seat
    names, and the entry."""
    try:
        money = money_shown.current()  # amounts in the table's currency
        language = language or get_language()
        key = (language, money, rules.key, tuple(rules.names), rules.options, event)
        hash(key)
    except TypeError:  # options or an entry that cannot be a key: drawn each time
        return describe(rules, event)
    return _kept_or_made(_lines, key, lambda: describe(rules, event))


def history_html(
    rows: Sequence[Mapping[str, Any]], *, can_score: bool, at: Any, csrf: str, rules_url: str
) -> SafeString:
    """The rows as HTML, each with this response's CSRF token, its own submission id and the
    log's length."""
    parts, language = [], get_language()
    for row in rows:
        key = _key(row, can_score, rules_url, language)
        drawn = _kept_or_made(_kept, key, lambda row=row: _draw(row, can_score, rules_url))
        parts.append(drawn.replace(_ID, _e(row["client_id"])))
    return mark_safe("\n".join(parts).replace(_CSRF, _e(csrf)).replace(_AT, _e(at)))
