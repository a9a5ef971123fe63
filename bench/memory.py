"""Benchmark: what one app server process (a gunicorn worker) holds in memory once its caches
are full of long games.

    .venv/bin/python bench/memory.py [--games 400] [--entries 1000] [--kept-mb N]

A worker keeps, between requests, each game's latest replay (``CACHES["replays"]``), rendered
game pages and live fragments (``CACHES["pages"]``) and a few smaller memos (history rows and
lines, summary lines, card grids). This fills them the way a club's phones would: ``--games``
games of the ``--kinds`` in turn, each ``--entries`` entries long or as long as the game goes
(Belote card by card with passed hands between, ``tests/web/long_games.py``; the longest Buck
Euchre game of 300 simulated, card by card; a Malilla game, card by card; an Ace-Deuce-Jack
session by quick entry, ``long_banking.banking_log``), in a throwaway SQLite database; each
game's page and live fragment asked for once, as its scorer, through Django's test client (the
whole middleware stack and view). Every ``--every`` games it prints
the process's resident memory (VmRSS), the kept replays and pages and what they are counted
as (``cache.ObjectCache``'s estimate), and at the end Python's own count of its allocations
(tracemalloc, when ``--tracemalloc``: several times slower).

First, for each kind, the memory one kept replay takes as measured by tracemalloc against
``replays.approx_bytes``'s count of it, so the count can be checked.

``--kept-mb`` sets ``COMPANION_KEPT_MB`` (what a worker keeps, in MB: see the README).
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def logs(entries: int, seed: int) -> dict[str, tuple[int, dict[str, Any], list[dict[str, Any]]]]:
    """Each kind's log: (seats, options, stored entries)."""
    import club  # bench/club.py: the property tests' simulated tables
    from long_banking import banking_log
    from long_games import OPTIONS, belote_log

    from companion import rules as engine
    from companion.games import get_rules

    sims = club._sims()
    buck = max(
        (club.sim_buck(sims, seed * 1000 + s)[0] for s in range(300)),
        key=lambda sim: len(sim.events),
    )
    malilla = max(
        (club.sim_malilla(sims, seed * 1000 + s) for s in range(30)),
        key=lambda sim: len(sim.events),
    )
    adj = get_rules("ace_deuce_jack")(4, {"hands_per_bank": 2}, list(club_names(4)))
    return {
        "ace_deuce_jack": (
            4,
            adj.options_dict(),
            [engine.to_dict(adj.event_from_dict(p)) for p in banking_log(entries, seed)],
        ),
        "belote": (4, OPTIONS, belote_log(entries, passed=max(2, entries // 150))),
        "buck_euchre": (4, buck.options, [engine.to_dict(e) for e in buck.events[:entries]]),
        "malilla": (4, malilla.options, [engine.to_dict(e) for e in malilla.events[:entries]]),
    }


def one_replay(key: str, seats: int, options: dict[str, Any], log: list[dict[str, Any]]) -> str:
    """What a kept replay of this log takes, by tracemalloc, and as the cache counts it."""
    from companion import rules as engine
    from companion.games import get_rules
    from companion.tables.kept import replays

    rules = get_rules(key)(seats, options, list(club_names(seats)))
    events = [rules.event_from_dict(p) for p in log]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = replays.Kept(engine.replay(rules, events), None, ())
    rules.hands(kept.result.state)  # as a page asks for them (kept, where a game keeps them)
    gc.collect()
    taken = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    counted = replays.approx_bytes(kept)
    return (
        f"  {key:12} {len(log):5} entries: {taken / 1e6:6.2f} MB measured, "
        f"{counted / 1e6:6.2f} MB counted ({taken / max(1, len(log)):,.0f} B an entry)"
    )


def club_names(seats: int) -> tuple[str, ...]:
    return ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")[:seats]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--every", type=int, default=50)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--kept-mb", type=int, default=None)
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument(
        "--kinds",
        default="belote,buck_euchre,malilla,ace_deuce_jack",
        help="the games opened in turn (an Ace-Deuce-Jack page at entry 1,000 takes seconds)",
    )
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix=f"companion-memory-{os.getpid()}-")
    os.environ.update(
        DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3",
        DJANGO_DEBUG="0",  # DEBUG would keep every query's SQL
        DJANGO_SECRET_KEY="bench-memory-" + "m" * 50,
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_SECURE_SSL_REDIRECT="0",
        COMPANION_CREATE_LIMIT="0",
        DJANGO_SETTINGS_MODULE="companion.settings",
    )
    if args.kept_mb is not None:
        os.environ["COMPANION_KEPT_MB"] = str(args.kept_mb)
    sys.path[:0] = [str(ROOT), str(BENCH), str(ROOT / "tests" / "web")]
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import caches
    from django.core.management import call_command
    from django.test import Client, override_settings

    from companion import rules as engine
    from companion.tables import actions
    from companion.tables.models import Event

    # Production settings but the plain static storage: no collectstatic for a bench.
    plain = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    override_settings(STORAGES=plain).enable()
    call_command("migrate", verbosity=0)
    print(f"bench/memory.py: {args.games} games, up to {args.entries} entries each", flush=True)
    print(f"  kept at most: {settings.COMPANION_KEPT_MB} MB (COMPANION_KEPT_MB)", flush=True)
    kinds = logs(args.entries, args.seed)
    print("One kept replay:")
    for key, (seats, options, log) in kinds.items():
        print(one_replay(key, seats, options, log), flush=True)

    order = args.kinds.split(",")
    games = []
    for number in range(args.games):
        key = order[number % len(order)]
        seats, options, log = kinds[key]
        table = actions.do_create_table(list(club_names(seats)), f"Memory {number}")
        game = actions.check_start_game(table, key, list(table.players.all()), options)
        Event.objects.bulk_create(
            Event(game=game, seq=i, kind=p["type"], payload=p) for i, p in enumerate(log)
        )
        games.append((table.score_key, game.number))
    del engine  # (imported for the logs' stored form)
    gc.collect()
    print(f"Start (Django, the app, {args.games} games written): {rss_mb():.0f} MB RSS")
    if args.tracemalloc:
        tracemalloc.start()
    phone = Client()
    started = time.monotonic()
    for done, (link, number) in enumerate(games, 1):
        for path in (f"/t/{link}/g/{number}/", f"/t/{link}/g/{number}/live/?v=0"):
            response = phone.get(path)
            assert response.status_code == 200, (path, response.status_code)
        if done % args.every == 0 or done == len(games):
            gc.collect()
            replays, pages = caches["replays"], caches["pages"]
            print(
                f"  {done:5} games opened: {rss_mb():6.0f} MB RSS; kept {len(replays._cache):4}"
                f" replays ({_counted(replays):6.1f} MB counted), {len(pages._cache):4} pages"
                f" ({_counted(pages):5.1f} MB counted); {time.monotonic() - started:5.0f} s",
                flush=True,
            )
    if args.tracemalloc:
        current, peak = tracemalloc.get_traced_memory()
        print(f"tracemalloc: {current / 1e6:.0f} MB allocated now, {peak / 1e6:.0f} MB at peak")
        for stat in tracemalloc.take_snapshot().statistics("filename")[:10]:
            where = stat.traceback[0].filename.replace(str(ROOT) + "/", "")
            print(f"  {stat.size / 1e6:7.1f} MB  {where}")
    print(f"End: {rss_mb():.0f} MB RSS for one worker")


def _counted(cache: Any) -> float:
    return float(getattr(cache, "counted_bytes", lambda: 0)()) / 1e6


if __name__ == "__main__":
    try:
        main()
    finally:
        for folder in Path(tempfile.gettempdir()).glob(f"companion-memory-{os.getpid()}-*"):
            shutil.rmtree(folder, ignore_errors=True)
