"""Lines of text the game screen keeps per process: the group-chat summary's hand lines, and
each history entry's line by the log row it was read from.

Both are kept here and made by the screen's own code (``context._hand_line``,
``context.describe_entry``), handed in as ``write`` and ``describe``: this module says only
under which key a line is kept and for how long. An entry's line is also kept, without its
row, by ``rows.kept_line`` (which ``describe_entry`` goes through).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion import rules as engine
from companion.tables import money_shown
from companion.tables.i18n import get_language
from companion.tables.kept.memo import kept, kept_with
from companion.tables.kept.rows import text_key

#: Each hand's line of the summary, by everything it is written from: the language (words,
#: decimal separator), the game and its house rules (how points are shown: Ui77's tenths), the
#: columns' names, the hand's number and its points. A game of a hundred hands does not write
#: them all again at every hand's end (each answer then sends the summary again).
_HAND_LINES: dict[tuple[Any, ...], str] = {}
_KEEP_HAND_LINES = 20_000


def hand_lines(
    rules: engine.Rules[Any, Any],
    hands: Sequence[Any],
    write: Callable[[engine.Rules[Any, Any], Any], str],
) -> list[str]:
    """``write(rules, hand)`` for each of ``hands``, each line written once per language,
    game, house rules, column names, hand number and points."""
    names, language = rules.column_names(), get_language()
    out = []
    for hand in hands:
        key = (language, type(rules), rules.options, names, hand.number, hand.points)
        try:
            line = kept(_HAND_LINES, key, lambda h=hand: write(rules, h), _KEEP_HAND_LINES)
        except TypeError:  # house rules that cannot be a key: written each time
            line = write(rules, hand)
        out.append(line)
    return out


#: Each entry's line in the history and its key (``rows.text_key``), by the entry's row as
#: kept with the game's replay (``Loaded.recent``) and everything the line is said with: an
#: answer sends the latest ten entries again. The row itself is held with them, so that its
#: ``id`` is not reused while kept (a row's primary key can be, on SQLite, once deleted).
_TEXTS: dict[tuple[Any, ...], tuple[Any, tuple[str, tuple[str, str, str]]]] = {}
_KEEP_TEXTS = 5000


def entry_text(
    rules: engine.Rules[Any, Any],
    event: engine.Event,
    row: Any,
    language: str,
    describe: Callable[[engine.Rules[Any, Any], engine.Event, str | None], str],
) -> tuple[str, tuple[str, str, str]]:
    """``describe(rules, event, language)`` and its ``rows.text_key``, worked out once per
    entry (the row read from the log, kept with the replay), language, currency, game, seat
    names and house rules, rather than once per answer while the entry stays in view."""

    def make() -> tuple[str, tuple[str, str, str]]:
        text = describe(rules, event, language)
        return text, text_key(text)

    key = (language, money_shown.current(), rules.key, tuple(rules.names), rules.options)
    return kept_with(_TEXTS, row, key, make, _KEEP_TEXTS)
