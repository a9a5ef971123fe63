"""Per-process memos: what requests ask for again and again (a replay's key, a message's
translation, a hand's summary line), made once."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

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
