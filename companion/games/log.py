"""Game logs: the ``companion/1`` JSON file that exports, imports and replays a game.

See docs/log-format.md. Players are named by name, cards are written in the card notation, and
events are numbered by their 0-based position in ``events``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from companion.rules.core import Replay, Rules, replay
from companion.rules.errors import (
    IllegalEventError,
    InvalidEventError,
    RulesError,
    UnknownGameError,
)
from companion.rules.events import Event, to_dict
from companion.rules.money import HOUSE, PostsMoney
from companion.rules.text import Text, tr

from . import get_rules

FORMAT = "companion/1"


class LogError(RulesError):
    """A log cannot be read or replayed. ``index`` is the event's position, or None."""

    def __init__(self, message: str, *, index: int | None = None, code: str = "bad-log") -> None:
        super().__init__(message)
        self.index = index
        self.code = code
        self.message = message

    def as_json(self) -> dict[str, Any]:
        return {"error": {"event": self.index, "code": self.code, "message": self.message}}


class UnexpectedError(LogError):
    """The app failed on a log: a defect of ours, not a fault of the log (an exception the
    rules do not raise by contract). The exception is its ``__cause__``, with its traceback,
    for the caller to log; the user is told only which entry, and that the fault is ours."""

    def __init__(self, index: int | None) -> None:
        if index is None:
            message = tr(
                "the app failed on this log: the fault is ours, not the log's, and has been "
                "noted for us to fix"
            )
        else:
            message = tr(
                "the app failed on this entry: the fault is ours, not the log's, and has been "
                "noted for us to fix"
            )
        super().__init__(message, index=index, code="internal-error")


#: The longest table name a log may carry (the app's own limit on a table's name).
MAX_TABLE_NAME = 60


@dataclasses.dataclass(frozen=True)
class GameLog:
    rules: Rules[Any, Any]
    events: tuple[Event, ...]
    #: The name of the table the game was played at ("" when it had none): an import names its
    #: new table after it.
    table: str = ""

    @property
    def players(self) -> tuple[str, ...]:
        return self.rules.names


def check_names(players: Any) -> tuple[str, ...]:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise LogError(tr("'players' must be a list of names"))
    names = tuple(p.strip() for p in players)
    if any(not n for n in names):
        raise LogError(tr("a player's name is empty"))
    if len({n.casefold() for n in names}) != len(names):
        raise LogError(tr("two players have the same name"))
    return names


def load_log(data: Any) -> GameLog:
    """Read a log (already parsed from JSON). Events are read but not yet checked by the rules."""
    if not isinstance(data, Mapping):
        raise LogError(tr("a log must be a JSON object"))
    if data.get("format") != FORMAT:
        raise LogError(
            tr(
                "unknown format {format} (expected {expected})",
                format=repr(data.get("format")),
                expected=repr(FORMAT),
            )
        )
    if extra := sorted(set(data) - {"format", "game", "players", "options", "events", "table"}):
        raise LogError(tr("unknown field(s) in the log: {fields}", fields=", ".join(extra)))
    table = data.get("table", "")
    if not isinstance(table, str) or len(table) > MAX_TABLE_NAME:
        raise LogError(
            tr("'table' must be the table's name, {limit} characters at most", limit=MAX_TABLE_NAME)
        )
    names = check_names(data.get("players"))
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise LogError(tr("'options' must be an object"))
    try:
        rules = get_rules(str(data.get("game")))(len(names), options, names)
    except (UnknownGameError, RulesError) as exc:
        raise LogError(_message(exc)) from None
    raw = data.get("events", [])
    if not isinstance(raw, list):
        raise LogError(tr("'events' must be a list"))
    events = []
    for index, item in enumerate(raw):
        try:
            events.append(rules.event_from_dict(item, by_name=True))
        except InvalidEventError as exc:
            raise LogError(str(exc), index=index, code="invalid-event") from None
        except Exception as exc:  # a defect in reading it: the entry named, the cause kept
            raise UnexpectedError(index) from exc
    return GameLog(rules, tuple(events), table)


def _message(exc: Exception) -> str:
    """The exception's message: its Text when it was raised with one (a game's SetupError)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Text) else str(exc)


def dump_log(rules: Rules[Any, Any], events: Sequence[Event], table: str = "") -> dict[str, Any]:
    """The log of a game: ``table`` is its table's name, left out when the table has none."""
    return {
        "format": FORMAT,
        "game": rules.key,
        **({"table": table} if table else {}),
        "players": list(rules.names),
        "options": rules.options_dict(),
        "events": [to_dict(e, rules.names) for e in events],
    }


def checked_replay(log: GameLog) -> Replay[Any]:
    """Replay with full validation; a refused event becomes a LogError naming it. Any other
    exception is a defect of ours: an UnexpectedError naming the entry it happened on (its
    cause the exception itself); an InvalidEventError raised by the checks is a refusal."""
    try:
        return replay(log.rules, log.events)
    except IllegalEventError as exc:
        first = exc.violations[0]
        raise LogError(first.message, index=exc.index, code=first.code) from None
    except InvalidEventError as exc:
        raise LogError(str(exc), index=_failing_entry(log), code="invalid-event") from None
    except RecursionError:
        raise
    except Exception as exc:
        raise UnexpectedError(_failing_entry(log)) from exc


def _failing_entry(log: GameLog) -> int | None:
    """The entry the replay of ``log`` fails on: the last of the shortest failing prefix,
    found by halving (this runs only once a replay has failed)."""
    low, high = 0, len(log.events)  # the empty log replays; the whole one fails
    while low < high:
        middle = (low + high) // 2
        try:
            replay(log.rules, log.events[: middle + 1])
        except Exception:
            high = middle
        else:
            low = middle + 1
    return low if low < len(log.events) else None


def json_points(rules: Rules[Any, Any], value: int) -> int | float:
    """Points as a JSON number: whole, or with their decimals (Ui77 keeping tenths: 30.3).
    The engine counts them exactly in whole tenths; only this printed form is a float, the
    nearest one to the decimal, which JSON writes back as that same decimal."""
    shown = rules.shown_points(value)
    return float(shown) if isinstance(shown, Decimal) else shown


def summarize(log: GameLog) -> dict[str, Any]:
    """The result the ``replay`` command prints: per-hand points, totals, over, winners, and the
    irregularities the rules flagged (each with the index of the entry that proved it)."""
    rules = log.rules
    result = checked_replay(log)
    state = result.state
    columns = rules.column_names()
    teams = rules.teams()
    totals = rules.team_totals(state)
    end = rules.outcome(state)
    winners = [rules.team_name(t) for t in teams if end and t[0] in end.winners]
    money = rules.postings(state) if isinstance(rules, PostsMoney) else ()
    out = {
        "game": rules.key,
        "hands": [
            {c: json_points(rules, p) for c, p in zip(columns, h.points, strict=True)}
            for h in rules.hands(state)
        ],
        "totals": {
            rules.team_name(t): json_points(rules, total)
            for t, total in zip(teams, totals, strict=True)
        },
        "over": end is not None,
        "winners": winners,
        "flags": [
            {"event": index, "code": flag.code, "message": flag.message}
            for index, flag in result.flagged
        ],
    }
    if money:  # a game that moves money (docs/ledger.md): each amount and the hand behind it
        out["money"] = [
            {
                "hand": p.hand,
                "player": HOUSE if p.seat is None else rules.names[p.seat],
                "amount": p.amount,
            }
            for p in money
        ]
    return out
