"""Replays kept between requests: a request replays a game's log at most once, and usually not
at all.

The log stays the truth. Each game's latest replay is kept in Django's cache
(``CACHES["replays"]``: the objects themselves in the process's memory by default, Redis when
several app servers share it) under a key naming everything a replay depends on: the game's
``uid``, its rules and their version, its house options, its seat names (messages name players)
and the engine's code. With the replay is kept the last entry it covers. A request takes the
kept replay, checks that this entry is still the one in the log, and applies only the entries
recorded since (``engine.extend``). Anything else, nothing kept, another entry there, a void or
a correction among the new entries, an unreadable value, the cache server down, means a full
replay: a kept replay can make a request slower, never its result different. The key also
carries the deploy's version (companion/deploy.py), so app servers of two releases sharing a
Redis server never read each other's replays.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import functools
import gc
import hashlib
import json
import logging
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches

from companion import rules as engine
from companion.tables.kept.memo import kept
from companion.tables.models import Event, Game

log = logging.getLogger(__name__)

#: How long a replay is kept after its last use: an evening's play, and then some.
TIMEOUT = 24 * 3600
#: The modules whose code a replay's meaning depends on (the state's classes, how events apply).
_SOURCES = ("rules", "games")


def store() -> BaseCache:
    """The cache the replays are kept in: ``CACHES["replays"]``, the objects themselves in the
    process's memory by default (``cache.ObjectCache``), or a Redis server several app servers
    share (then each is pickled, so a read or write costs in proportion to the game's state)."""
    return caches["replays"]


@dataclasses.dataclass(frozen=True)
class Kept:
    """A replay of the log's first ``result.count`` entries, and the last of those entries as
    (row id, time recorded): None for an empty log. ``recent``: the latest entries, decoded
    (``actions.Entry``, oldest first), so that a request decodes only what came since; empty
    when not kept."""

    result: engine.Replay[Any]
    last: tuple[int, datetime.datetime] | None
    recent: tuple[Any, ...] = ()

    def approx_bytes(self) -> int:
        """About what this takes in memory (``cache.ObjectCache`` bounds what it keeps by it)."""
        return approx_bytes(self)


#: What a kept replay is counted as taking in memory, in bytes (``cache.ObjectCache`` bounds what
#: it keeps by it): so much for each entry it covers, as measured once per process and game on
#: the first replay of at least ``MEASURED_FROM`` entries that is kept (its objects walked and
#: sized); until then ``BYTES_PER_ENTRY``, more than bench/memory.py measures for any game (up
#: to 1,140 B an entry: Buck Euchre card by card); plus each of the latest entries kept decoded
#: with it (the log's row and its event), and the rest.
BYTES_PER_ENTRY = 1500
BYTES_PER_RECENT = 3000
BYTES_EACH = 20_000
MEASURED_FROM = 200
#: Bytes an entry, by the class of the game's state (a game's own), once measured.
_PER_ENTRY: dict[type, int] = {}


def approx_bytes(kept: Kept) -> int:
    """About what ``kept`` takes in memory: its number of entries times what an entry of its
    game was measured to take. Cheap: the objects of one replay per game are walked once."""
    count, state = kept.result.count, kept.result.state
    per_entry = _PER_ENTRY.get(type(state))
    if per_entry is None:
        per_entry = BYTES_PER_ENTRY
        if count >= MEASURED_FROM:
            per_entry = _PER_ENTRY[type(state)] = max(64, deep_size(kept.result) // count)
    return BYTES_EACH + per_entry * count + BYTES_PER_RECENT * len(kept.recent)


#: What ``deep_size`` does not count: shared by every replay, or not data.
_SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, enum.Enum)


def deep_size(value: Any, most: int = 500_000) -> int:
    """The bytes of ``value`` and every object it holds (each once; classes, modules,
    functions and enum members not counted), stopping after ``most`` objects."""
    seen: set[int] = set()
    todo, total = [value], 0
    while todo and len(seen) < most:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _SHARED):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total


@functools.cache
def code_version() -> str:
    """A digest of the engine's and the games' source, and of this module: replays kept by other
    code (a server not yet upgraded, say) are never found by this one."""
    root = Path(__file__).resolve().parents[2]  # companion/
    digest = hashlib.blake2b(Path(__file__).read_bytes(), digest_size=8)
    for package in _SOURCES:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def cache_key(game: Game, rules: engine.Rules[Any, Any]) -> str:
    """The key of this game's kept replay under these rules (house options and seat names);
    worked out once per process for each game, rules, options and names (a request needs it
    two or three times)."""
    memo = (game.uid, type(rules), rules.options, tuple(rules.names), _deploy())
    try:
        return kept(_KEYS, memo, lambda: _cache_key(game, rules), _KEEP_KEYS)
    except TypeError:  # options that cannot be a key: worked out each time
        return _cache_key(game, rules)


_KEYS: dict[tuple[Any, ...], str] = {}
_KEEP_KEYS = 4096


def _cache_key(game: Game, rules: engine.Rules[Any, Any]) -> str:
    about = json.dumps(
        [str(game.uid), rules.key, type(rules).version, rules.options_dict(), rules.names],
        sort_keys=True,
        default=str,
    )
    digest = hashlib.blake2b(about.encode(), digest_size=16).hexdigest()
    return f"companion:replay:{code_version()}:{_deploy()}:{digest}"


def _deploy() -> str:
    """The deploy's version (companion/deploy.py): a kept ``Kept`` holds decoded log rows
    (``recent``) whose pickled shape is the web layer's, not only the engine's."""
    return str(settings.COMPANION_DEPLOY_VERSION)


def get_many(keys: Sequence[str]) -> dict[str, Kept]:
    """The replays kept under ``keys`` (one round trip); an unreadable one counts as missing."""
    try:
        found = store().get_many(keys)
    except Exception:  # a cache server down or a value that no longer unpickles: replay
        log.warning("kept replays could not be read", exc_info=True)
        return {}
    return {key: value for key, value in found.items() if isinstance(value, Kept)}


def put(
    key: str, result: engine.Replay[Any], last: Event | None, recent: tuple[Any, ...] = ()
) -> None:
    """Keep ``result``, the replay of the log up to and including ``last``, with the latest
    entries decoded (``recent``)."""
    kept = Kept(result, (last.pk, last.recorded_at) if last is not None else None, recent)
    try:
        store().set(key, kept, TIMEOUT)
    except Exception:  # the next request replays instead
        log.warning("a replay could not be kept", exc_info=True)


def is_rewrite(event: engine.Event) -> bool:
    """A void or a correction: it can change anything after its target."""
    return isinstance(event, engine.Void | engine.Correction)


def catch_up(
    rules: engine.Rules[Any, Any], kept: Kept, rows: Sequence[Event], start: int
) -> engine.Replay[Any] | None:
    """The replay of the whole log from ``kept`` and ``rows`` (the log from entry ``start``
    on), or None if ``kept`` cannot be trusted for this log or a void or a correction was
    recorded since: replay it all then."""
    count = kept.result.count
    if not start <= count <= start + len(rows) or start > max(0, count - 1):
        return None
    if count:
        last = rows[count - 1 - start]
        if (last.seq, (last.pk, last.recorded_at)) != (count - 1, kept.last):
            return None
    elif kept.last is not None:
        return None
    new = [rules.event_from_dict(row.payload) for row in rows[count - start :]]
    if any(is_rewrite(e) for e in new):
        return None
    return engine.extend(rules, kept.result, new)
