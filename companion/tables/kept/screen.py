"""What the game screen keeps per process besides its lines (``lines.py``): the addresses it
links to, each game's hand-panel template, a state's reminders and the chart's running totals.

Each is kept by everything it is made from, or by the very object it is worked out from (a
replayed state, the latest hand), held with the value so that its ``id`` is not reused while
kept.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.template.loader import select_template
from django.urls import get_script_prefix, get_urlconf, reverse

from companion import rules as engine
from companion.tables.kept.memo import kept_with

if TYPE_CHECKING:
    from companion.tables.actions import Loaded


@functools.lru_cache(maxsize=4096)
def _reversed(prefix: str, urlconf: Any, name: str, args: tuple[Any, ...]) -> str:
    return reverse(name, args=args)


def address(name: str, *args: Any) -> str:
    """``reverse(name, args=args)``, kept: a game's screen asks for the same few addresses on
    every request, and working one out costs about as much as drawing a panel."""
    return _reversed(get_script_prefix(), get_urlconf(), name, args)


@functools.cache
def hand_template(key: str, family: str) -> str:
    """The name of the hand panel's template: the game's own, or its family's. Looked for once
    per game (a template looked for and not found costs as much as drawing a small panel)."""
    names = [f"games/{key}/_hand.html", f"games/{family}/_hand.html"]
    return str(select_template(names).template.origin.template_name)


#: The reminders of the latest states seen, by the state itself: an entry's answer compares
#: the reminders before and after it, and the state before is, more often than not, the one
#: the previous entry's answer worked out (kept with the replay between requests).
_REMINDERS: dict[tuple[Any, ...], tuple[Any, list[engine.Reminder]]] = {}
_KEEP_REMINDERS = 128


def reminders(loaded: Loaded) -> list[engine.Reminder]:
    """The rules for this hand (``Rules.reminders``), worked out once per state and rules.
    Language-free: the texts are said when drawn."""
    rules, state = loaded.rules, loaded.state
    return kept_with(
        _REMINDERS,
        state,
        (type(rules), rules.names, rules.options),
        lambda: rules.reminders(state),
        _KEEP_REMINDERS,
    )


@dataclasses.dataclass
class _Runs:
    """Each column's running total after each hand (``totals[k]``: after the first ``k``
    hands), and the lowest and highest of them up to each hand, for the hands up to and
    including ``last`` (held, so that its id is not reused while kept)."""

    last: Any
    totals: list[tuple[int, ...]]
    low: list[int]
    high: list[int]


#: The latest runs of each game, by the id of the latest hand they cover: the hands of a state
#: are a tuple that only grows by a hand, whose earlier hands are the same objects, so the next
#: hand's runs are those plus one step, not a sum over the game again.
_RUNS: dict[int, _Runs] = {}
_RUNS_KEPT = 500  # a long game's runs are three lists a hand long: tens of KB


def runs(hands: Sequence[Any], totals: Sequence[int]) -> _Runs:
    """The running totals through ``hands`` (at least two) ending on ``totals``: kept, or the
    kept runs of all but the latest hand and one step more, or worked out from the start."""
    latest = tuple(totals)
    kept = _RUNS.get(id(hands[-1]))
    if (
        kept is not None
        and kept.last is hands[-1]
        and len(kept.totals) == len(hands) + 1
        and kept.totals[-1] == latest
    ):
        return kept
    before = _RUNS.get(id(hands[-2]))
    if before is not None and before.last is hands[-2] and len(before.totals) == len(hands):
        step = tuple(t + p for t, p in zip(before.totals[-1], hands[-1].points, strict=True))
        if step == latest:  # one hand more than the runs kept, which are not needed again
            _RUNS.pop(id(hands[-2]), None)  # (another thread may have let them go first)
            made = _Runs(
                hands[-1],
                [*before.totals, step],
                [*before.low, min(before.low[-1], *step)],
                [*before.high, max(before.high[-1], *step)],
            )
            return _keep(made)
    first = tuple(
        total - sum(h.points[column] for h in hands) for column, total in enumerate(latest)
    )
    made = _Runs(hands[-1], [first], [min(0, *first)], [max(0, *first)])
    for hand in hands:
        step = tuple(t + p for t, p in zip(made.totals[-1], hand.points, strict=True))
        made.totals.append(step)
        made.low.append(min(made.low[-1], *step))
        made.high.append(max(made.high[-1], *step))
    return _keep(made)


def _keep(made: _Runs) -> _Runs:
    if len(_RUNS) >= _RUNS_KEPT:
        _RUNS.clear()
    _RUNS[id(made.last)] = made
    return made
