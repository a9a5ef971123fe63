"""A cache backend for objects that are never changed once made: the replayed games and the
rendered pages, kept in each process's memory.

Django's local-memory cache pickles every value on ``set`` and unpickles it on ``get``, so a
kept replay cost a copy of the whole game state on every request, and that grows with the
game (a Buck Euchre game at entry 1,000 made each entry three times dearer than at entry 10).
This backend keeps the object itself: a ``get`` hands back the very object ``set`` was given,
with no copy. That is only safe for values nobody changes afterwards, as the replays are
(frozen dataclasses all the way down) and the pages (strings).

What it keeps is bounded by size, not only by count: ``OPTIONS["MAX_BYTES"]`` is the most
it holds, counted as each value's ``approx_bytes()`` (a replay's estimate from its number of
entries, ``replays.approx_bytes``) or, for a string, its size. Storing past the bound lets
the least recently used go first. ``MAX_ENTRIES`` still applies.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

#: What each named cache has counted: {name: {key: bytes}}, shared like LocMemCache's own
#: dictionaries by every thread's instance of the cache.
_counted: dict[str, dict[str, int]] = {}
_totals: dict[str, list[int]] = {}


def approx_bytes(value: Any) -> int:
    """About what ``value`` takes in memory: its own ``approx_bytes()``, else its size."""
    own = getattr(value, "approx_bytes", None)
    return int(own()) if callable(own) else sys.getsizeof(value)


class ObjectCache(LocMemCache):
    """LocMemCache (per process, least recently used first out) without the pickling, and
    bounded by the approximate size of what it keeps (``OPTIONS["MAX_BYTES"]``)."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(name, params)
        options = params.get("OPTIONS") or {}
        self._max_bytes = int(options.get("MAX_BYTES", 0)) or None
        self._sizes = _counted.setdefault(name, {})
        self._total = _totals.setdefault(name, [0])

    def counted_bytes(self) -> int:
        """What the values kept now are counted as, in all."""
        with self._lock:
            return self._total[0]

    def add(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        key = self.make_and_validate_key(key, version=version)
        size = approx_bytes(value)  # before the lock: a replay's first count walks its objects
        with self._lock:
            if self._has_expired(key):
                self._put(key, value, timeout, size)
                return True
            return False

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            value = self._cache[key]
            self._cache.move_to_end(key, last=False)
        return value

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        key = self.make_and_validate_key(key, version=version)
        size = approx_bytes(value)
        with self._lock:
            self._put(key, value, timeout, size)

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                raise ValueError(f"Key '{key}' not found")
            value = self._cache[key] + delta
            self._cache[key] = value
            self._cache.move_to_end(key, last=False)
        return value

    # Under the lock, as LocMemCache calls them.
    def _set(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT) -> None:
        self._put(key, value, timeout, approx_bytes(value))

    def _put(self, key: str, value: Any, timeout: Any, size: int) -> None:
        """Keep ``value`` (counted as ``size``), then let the least recently used go until what
        is kept fits ``MAX_BYTES`` again (the value just kept stays, whatever its size)."""
        self._total[0] -= self._sizes.pop(key, 0)
        super()._set(key, value, timeout)
        self._sizes[key] = size
        self._total[0] += size
        while self._max_bytes and self._total[0] > self._max_bytes and len(self._cache) > 1:
            oldest, _ = self._cache.popitem()  # the least recently used (see ``get``)
            self._expire_info.pop(oldest, None)
            self._total[0] -= self._sizes.pop(oldest, 0)

    def _cull(self) -> None:
        super()._cull()
        for key in [k for k in self._sizes if k not in self._cache]:
            self._total[0] -= self._sizes.pop(key)

    def _delete(self, key: str) -> bool:
        self._total[0] -= self._sizes.pop(key, 0)
        return bool(super()._delete(key))

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._total[0] = 0
