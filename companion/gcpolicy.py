"""The garbage collector's policy for a server process: the kept replays are set aside.

A server keeps every game's replay in memory (``tables.kept.replays``), and at a club those are
millions of objects: a full collection went through all of them each time, every second or
so under load, and took 300 to 650 ms once the long games were kept (bench/club.py with a
probe on the collector: 40 full collections, 7.1 s in all). The kept replays are never
changed (frozen dataclasses) and hold no reference cycles, so there is nothing in them for
the collector to find.

So every ``EVERY`` requests, and at the start of the request after one that replayed a whole
log (``made_many``: a game opened for the first time in this process), the process collects
what is garbage among the objects made since the last time, then freezes what remains
(``gc.freeze``): the collector never goes through those again. Only while no other request
is under way in the process (a threaded worker's other threads): a request's own objects
hold reference cycles (a form and its fields), and set aside they would never be freed. It
waits for a quiet moment otherwise. Objects set aside this way are still freed when
nothing refers to them any more (a replaced replay, an evicted page); only a reference cycle
that becomes garbage after being set aside is never freed, and the collection just before
each freeze leaves none behind from the requests before it (``tests/web/test_gcpolicy.py``
measures what stays behind).

The server's entry point installs it (``companion/wsgi.py``); ``COMPANION_GC_FREEZE_EVERY=0``
turns it off.
"""

from __future__ import annotations

import gc
import os
import threading
from typing import Any

from django.core.signals import request_finished, request_started

#: Requests between two freezes; 0: never (the collector as Python sets it up).
EVERY = int(os.environ.get("COMPANION_GC_FREEZE_EVERY", "200"))

_seen = 0
_under_way = 0
_lock = threading.Lock()


def set_aside() -> None:
    """Collect the garbage among the objects made since the last freeze, then freeze the
    rest: each collection goes only through what is newer."""
    gc.collect()
    gc.freeze()


def made_many() -> None:
    """Many long-lived objects were just made (a whole log replayed and kept): set them aside
    at the start of the next request, before the collector goes through them again and again
    as their number grows."""
    global _seen
    _seen = EVERY


def _request_started(**_kwargs: Any) -> None:
    global _seen, _under_way
    with _lock:  # a threaded worker's other requests wait here while it runs
        _seen += 1
        _under_way += 1
        if _seen >= EVERY and _under_way == 1:
            _seen = 0
            set_aside()


def _request_finished(**_kwargs: Any) -> None:
    global _under_way
    with _lock:
        _under_way = max(0, _under_way - 1)


def install() -> None:
    if EVERY > 0:
        request_started.connect(_request_started, dispatch_uid="companion.gcpolicy")
        request_finished.connect(_request_finished, dispatch_uid="companion.gcpolicy")
