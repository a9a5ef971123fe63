"""Per-process memos: what requests ask for again and again (a replay's key, a message's
translation, a hand's summary line, a state's reminders, an entry's line), made once."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def kept(store: dict[K, V], key: K, make: Callable[[], V], most: int) -> V:
    """``store[key]``, made by ``make()`` the first time. ``store`` is emptied when it holds
    ``most`` values: begun again, only what is still asked for is made again."""
    found = store.get(key)
    if found is None:
        if len(store) >= most:
            store.clear()
        found = store[key] = make()
    return found


def kept_with(
    store: dict[tuple[Any, ...], tuple[Any, V]],
    owner: Any,
    key: tuple[Any, ...],
    make: Callable[[], V],
    most: int,
) -> V:
    """``make()`` for ``owner`` (an object kept elsewhere between requests: a replayed state, a
    log row) and ``key``, made once while ``owner`` is the same object. ``owner`` is held with
    the value, so that its ``id`` is not reused while kept. A key that cannot be hashed (house
    rules held in a dict) is made each time; ``store`` is emptied when it holds ``most``."""
    full = (id(owner), *key)
    try:
        found = store.get(full)
    except TypeError:
        return make()
    if found is not None and found[0] is owner:
        return found[1]
    value = make()
    if len(store) >= most:
        store.clear()  # begun again: only what is still asked for is made again
    store[full] = (owner, value)
    return value
