"""A cache backend for objects that are never changed once made: the replayed games.

Django's local-memory cache pickles every value on ``set`` and unpickles it on ``get``, so a
kept replay cost a copy of the whole game state on every request, and that grows with the
game (a Buck Euchre game at entry 1,000 made each entry three times dearer than at entry 10).
This backend keeps the object itself: a ``get`` hands back the very object ``set`` was given,
with no copy. That is only safe for values nobody changes afterwards, as the replays are
(frozen dataclasses all the way down), so it is used for the ``replays`` cache alone.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class ObjectCache(LocMemCache):
    """LocMemCache (per process, least recently used first out) without the pickling."""

    def add(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._set(key, value, timeout)
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
        with self._lock:
            self._set(key, value, timeout)

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
