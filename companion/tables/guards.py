"""What a submission must carry besides its fields, read defensively: the position in the log
it was made for (``at``) and its one-time submission id (``client_id``), and the words that say
why a submission made for another state of the game was refused.

The contract every form that changes a game keeps (entry forms, undo, cancel and restore,
correct, house rules; the offline queue too): it carries ``at``, the number of entries in the
game's log when the form was rendered, which is the position its entry would take. A submission
whose ``client_id`` was already recorded is answered as recorded; otherwise, if the log no
longer holds ``at`` entries, it is refused, nothing is written, and the game as it is now is
shown with what happened since.

A POST **without** ``at`` claims no position and is checked by the rules alone, as before the
check existed: it can only come from a page rendered before (a tab left open across the
deploy that brought the check) or from a hand-made request; every page rendered now, and the
offline queue, send it. An ``at`` that is not a plain number is refused like a stale one.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext, ngettext

from companion import rules as engine

from . import actions
from .context import describe_entry
from .i18n import say

#: An ``at`` that was sent but is not a position: refused as made for no state of the game.
UNREADABLE = -1
#: More digits than any log can hold positions for (see limits.MAX_ENTRIES).
_AT_DIGITS = 9
#: Entries named in a stale refusal; the rest are counted.
_NAMED = 2


def posted_at(post: Any) -> int | None:
    """The ``at`` a submission carries: None if it has none, ``UNREADABLE`` if it is not a
    plain decimal number (``²``, ``-1``, 5,000 digits)."""
    value = post.get("at")
    if value is None:
        return None
    value = str(value).strip()
    if not value or len(value) > _AT_DIGITS or not (value.isascii() and value.isdigit()):
        return UNREADABLE
    return int(value)


class BadSubmissionId(ValueError):
    """A ``client_id`` was sent but is not a submission id: refused, never treated as none
    (that would lose the protection against a double tap)."""

    def __init__(self) -> None:
        super().__init__(
            gettext(
                "This form's submission id is damaged, so a second tap could not be told "
                "apart from a new entry. Nothing was recorded: reload the page and try again."
            )
        )


def posted_uuid(value: str | None) -> uuid.UUID | None:
    """The submission id as posted: None if there is none; ``BadSubmissionId`` if it is not
    a UUID."""
    if value is None or value == "":
        return None
    try:
        if len(value) > 64:
            raise ValueError(value[:64])
        return uuid.UUID(value)
    except ValueError:
        raise BadSubmissionId() from None


def stale_message(loaded: actions.Loaded, at: int) -> str:
    """Why a submission made when the log held ``at`` entries is refused now that it holds
    ``loaded.count``: the entries recorded since, the first ones named."""
    now = loaded.count
    if at == UNREADABLE or at > now:
        return gettext(
            "This form was made for another state of the game (the page is older than the "
            "game's log). Nothing was recorded: here is the game as it is now."
        )
    since = actions.log_entries(loaded.game, loaded.rules, at, at + _NAMED)
    named = [
        gettext("#%(number)d %(entry)s")
        % {"number": e.index + 1, "entry": describe_entry(loaded.rules, e.event)}
        for e in since
    ]
    if now - at == 1:
        return gettext(
            "Entry #%(number)d was already recorded from another phone: %(entry)s. Nothing "
            "was recorded from this form: here is the game as it is now."
        ) % {"number": at + 1, "entry": describe_entry(loaded.rules, since[0].event)}
    first = gettext("%(first)s; %(second)s") % {"first": named[0], "second": named[1]}
    return ngettext(
        "%(count)d entry was recorded from another phone since this form was opened "
        "(%(entries)s). Nothing was recorded from this form: here is the game as it is now.",
        "%(count)d entries were recorded from another phone since this form was opened "
        "(%(entries)s). Nothing was recorded from this form: here is the game as it is now.",
        now - at,
    ) % {"count": now - at, "entries": first if now - at == 2 else first + " …"}


def void_refused(target: int, exc: engine.IllegalEventError, count: int) -> str:
    """Why cancelling (or restoring) entry ``target`` was refused, in a log of ``count``
    entries: the cancel itself is impossible (no such entry, already cancelled), or a later
    entry would then break a rule."""
    message = say(exc.violations[0].message)
    if exc.index >= count:  # the cancel itself was refused
        return gettext("Entry #%(number)d cannot be cancelled: %(reason)s") % {
            "number": target + 1,
            "reason": message,
        }
    return gettext(
        "Entry #%(number)d cannot be cancelled: entry #%(later)d would then break a rule — "
        "%(reason)s"
    ) % {"number": target + 1, "later": exc.index + 1, "reason": message}


def posted_options(rules_class: type[engine.Rules[Any, Any]], post: Any) -> dict[str, Any]:
    """House-rule choices as posted (text) turned back into their values. A value that is not
    one of an option's choices raises ValueError naming the option: it is never dropped in
    silence (the change would then seem to succeed)."""
    options = {}
    for opt in rules_class.option_info:
        posted = post.get(opt.name)
        if posted is None:
            continue
        matches = [v for v, _ in opt.choices or ((True, ""), (False, "")) if str(v) == posted]
        if not matches:
            raise ValueError(
                gettext("Not changed: “%(option)s” has no such choice.") % {"option": opt.label}
            )
        options[opt.name] = matches[0]
    return options
