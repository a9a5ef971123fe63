"""What a worker keeps is bounded by size, not only by count (issue 29): the in-process caches
of replays and pages hold at most ``MAX_BYTES`` (``COMPANION_KEPT_MB`` in all), as counted
from each value, the least recently used going first; a replay is counted close to what it
really takes in memory."""

from __future__ import annotations

import gc
import sys
import tracemalloc

from django.core.cache import caches
from django.test import Client, override_settings

from companion import rules as engine
from companion.games import get_rules
from companion.rules import core
from companion.settings import cache_settings
from companion.tables import actions
from companion.tables.kept import replays
from companion.tables.kept.cache import ObjectCache
from companion.tables.models import Event, Table

from .helpers import game_url
from .long_banking import banking_log
from .long_games import OPTIONS, belote_game, belote_log


def _cache(name: str, max_bytes: int) -> ObjectCache:
    cache = ObjectCache(name, {"OPTIONS": {"MAX_ENTRIES": 10_000, "MAX_BYTES": max_bytes}})
    cache.clear()
    return cache


def test_what_is_kept_stays_under_its_size_and_the_least_recently_used_goes_first() -> None:
    cache = _cache("kept-memory-test", 100_000)
    page = "x" * 20_000  # each counted as its size: about 20 KB
    for n in range(4):
        cache.set(f"page-{n}", page + str(n))
    assert cache.counted_bytes() <= 100_000
    assert cache.get("page-0") is not None  # used again: the most recently used now
    for n in range(4, 8):  # four fit: each one more lets the least recently used go
        cache.set(f"page-{n}", page + str(n))
        assert cache.counted_bytes() <= 100_000
        if n == 5:
            assert cache.get("page-0") is not None  # kept, and used again
    kept = [n for n in range(8) if cache.get(f"page-{n}") is not None]
    assert kept == [0, 5, 6, 7], "not the least recently used first"
    cache.delete("page-7")
    cache.set("page-6", "small")  # counted again, as what it is now
    assert cache.counted_bytes() == sum(sys.getsizeof(cache.get(f"page-{n}")) for n in (0, 5, 6))


def test_a_replay_is_counted_close_to_what_it_takes(db: None) -> None:
    rules = get_rules("belote")(4, OPTIONS, ["Ann", "Bob", "Cat", "Dan"])
    events = [rules.event_from_dict(p) for p in belote_log(600, passed=3)]
    gc.collect()
    tracemalloc.start()
    kept = replays.Kept(engine.replay(rules, events), None, ())
    gc.collect()
    taken = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    counted = replays.deep_size(kept.result)
    assert taken / 2 < counted < taken * 2
    # Counted from the number of entries, once an entry of the game has been measured.
    assert taken / 2 < replays.approx_bytes(kept) < taken * 2


def test_a_worker_keeps_no_more_replays_than_its_budget(db: None) -> None:
    small = cache_settings("", kept_mb=1)  # 256 KB of pages
    small["replays"]["OPTIONS"] = {"MAX_ENTRIES": 1000, "MAX_BYTES": 300_000}
    with override_settings(CACHES=small):
        caches["replays"].clear()
        games = []
        for n in range(8):
            table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan"], f"Long {n}")
            games.append(belote_game(Table.objects.get(pk=table.pk), 400, passed=2))
        phone = Client()
        for game in games:
            assert phone.get(game_url(game)).status_code == 200
            assert caches["replays"].counted_bytes() <= 300_000
            assert caches["pages"].counted_bytes() <= 1024 * 1024 // 4
        kept = replays.get_many([replays.cache_key(g, g.rules()) for g in games])
        assert 0 < len(kept) < len(games)
        # A game no longer kept is replayed: the same page as before.
        first = phone.get(game_url(games[0])).content.decode()
        assert "Belote" in first


def test_opening_long_banking_games_keeps_no_copies_of_their_hands(db: None) -> None:
    """A banking game's hands are made anew on each call: the totals kept per tuple of hands
    (``Rules.scores``) held hundreds of copies of them, 55 MB an Ace-Deuce-Jack session of
    1,000 entries opened. What they hold is bounded now, whatever the games."""
    rules = get_rules("ace_deuce_jack")(4, {"hands_per_bank": 2}, ["Ann", "Bob", "Cat", "Dan"])
    log = [engine.to_dict(rules.event_from_dict(p)) for p in banking_log(600, seed=3)]
    phone = Client()
    for n in range(3):
        table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan"], f"Bank {n}")
        game = actions.check_start_game(
            table, "ace_deuce_jack", list(table.players.all()), rules.options_dict()
        )
        Event.objects.bulk_create(
            Event(game=game, seq=i, kind=p["type"], payload=p) for i, p in enumerate(log)
        )
        assert phone.get(game_url(game)).status_code == 200
        held = sum(len(hands) for hands, _ in core._TOTALS.values())
        assert held <= 5000  # core._TOTALS_HANDS: about 20 MB of banking hands at most
