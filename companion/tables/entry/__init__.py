"""Entry forms: one small Django form per event kind, per game, each building a rules Event.

The forms only turn taps into an event; every rule is checked once, by the engine, when the
event is recorded. Each game has a module here named by its key (``belote.py``) that defines
``FORMS`` (``{event kind: form class}``, in the order the screen offers them) and
``describe(rules, event)`` (one line for the history). Nothing else needs registering: a game in
``companion.games.GAMES`` finds its module by its key.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

from companion import games

from .base import EntryForm

Describer = Callable[[Any, Any], str]


@functools.cache
def _module(key: str) -> Any:
    if key not in games.GAMES:
        return None
    return importlib.import_module(f"{__name__}.{key}")


def forms_for(key: str) -> dict[str, type[EntryForm]]:
    module = _module(key)
    return module.FORMS if module else {}  # type: ignore[no-any-return]


def describer(key: str) -> Describer | None:
    module = _module(key)
    return module.describe if module else None


__all__ = ["EntryForm", "describer", "forms_for"]
