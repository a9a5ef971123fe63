"""Reading a game log's JSON from someone else's hands (an import, ``manage.py replay``): every
way it can be unreadable becomes a ``LogError`` with a plain message, never an exception from
deep inside Python. The checks, in the order they apply:

- bytes that are not UTF-8;
- more than ``MAX_BYTES``;
- nesting deeper than ``MAX_DEPTH`` (a log is four levels deep; deeper than Python's recursion
  limit, the parser's RecursionError is caught too);
- a number with more than ``MAX_DIGITS`` digits (Python refuses to read more than 4,300);
- text holding a NUL character or half of a surrogate pair (no database stores them);
- more than ``MAX_ENTRIES`` events (limits.py).
"""

from __future__ import annotations

import json
from typing import Any

from companion.games import log as game_log
from companion.rules.text import tr

from .limits import MAX_ENTRIES, MAX_IMPORT_BYTES

MAX_BYTES = MAX_IMPORT_BYTES
MAX_DEPTH = 32
MAX_DIGITS = 30


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(text)
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _TooLong(text)
    return float(text)


class _TooLong(ValueError):
    pass


class NotJSON(game_log.LogError):
    """The bytes are not JSON text at all (not UTF-8, or not JSON)."""


def _check(data: Any) -> None:
    """Depth and text checks, without recursion (a stack of what is left to look at)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise game_log.LogError(
                tr("the log is nested too deeply to be a game log"), code="too-deep"
            )
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict):
            for key, value in item.items():
                _check_text(key)
                stack.append((value, depth + 1))
        elif isinstance(item, list):
            stack.extend((value, depth + 1) for value in item)


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise game_log.LogError(tr("a text in the log contains a NUL character"), code="bad-text")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise game_log.LogError(
            tr("a text in the log contains half of a character (a lone surrogate)"),
            code="bad-text",
        ) from None


def parse(raw: bytes | str) -> Any:
    """The log's JSON, checked as above; ``LogError`` saying what is wrong otherwise."""
    if len(raw) > MAX_BYTES:
        raise game_log.LogError(
            tr(
                "the log is larger than {limit} bytes, more than any real game",
                limit=MAX_BYTES,
            ),
            code="too-large",
        )
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise NotJSON(
                tr("the log is not UTF-8 text (byte {position})", position=exc.start)
            ) from None
    try:
        data = json.loads(raw, parse_int=_int, parse_float=_float)
    except _TooLong:
        raise game_log.LogError(
            tr("the log holds a number longer than {digits} digits", digits=MAX_DIGITS),
            code="number-too-long",
        ) from None
    except json.JSONDecodeError as exc:
        raise NotJSON(
            tr("not JSON: {reason} at line {line}", reason=exc.msg, line=exc.lineno)
        ) from None
    except (ValueError, RecursionError):
        raise game_log.LogError(
            tr("the log is nested too deeply to be a game log"), code="too-deep"
        ) from None
    _check(data)
    events = data.get("events") if isinstance(data, dict) else None
    if isinstance(events, list) and len(events) > MAX_ENTRIES:
        raise game_log.LogError(
            tr(
                "the log has {count} entries; a game holds at most {limit}",
                count=len(events),
                limit=MAX_ENTRIES,
            ),
            code="log-full",
        )
    return data
