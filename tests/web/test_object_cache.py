"""The replays cache keeps the objects themselves: no copy made on a read or a write."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from companion.tables.kept.cache import ObjectCache


def test_the_replays_cache_hands_back_the_object_it_was_given() -> None:
    store = caches["replays"]
    assert isinstance(store, ObjectCache)
    value = (("a frozen", "value"), frozenset({1, 2}))
    store.set("object-cache-test", value)
    assert store.get("object-cache-test") is value
    assert store.get_many(["object-cache-test", "missing"]) == {"object-cache-test": value}
    assert store.add("object-cache-test", "other") is False
    store.delete("object-cache-test")
    assert store.get("object-cache-test", "gone") == "gone"


def test_counts_and_expiry_behave_as_in_the_local_memory_cache() -> None:
    store = caches["replays"]
    assert store.add("object-cache-count", 1) is True
    assert store.incr("object-cache-count", 2) == 3
    store.set("object-cache-expired", "x", timeout=-1)
    assert store.get("object-cache-expired") is None
    with pytest.raises(ValueError):
        store.incr("object-cache-never-set")
    store.delete("object-cache-count")
