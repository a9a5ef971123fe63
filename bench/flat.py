"""Benchmark: does a request cost the same at entry 1,000 and 4,990 as at entry 10, for every
game?

In process (Django's test client, the whole middleware stack, the answer compressed as a phone
accepts it), on PostgreSQL: for each of the fourteen games a legal log is played
(``tests/web/long_games.long_log``: by the property tests' random legal players, or from the
game's examples and playthroughs, seats turned and cards changed; under the house rules that
make the game longest) and three tables are written with its first 10, 1,000 and 4,990 entries. At
each point the next entries are recorded (POST, as htmx sends them), then the game page and
the live fragment (``live/?v=0``) are loaded, each timed one by one in CPU time after the
caches are warm (as on a server whose phones have the game up). The medians are printed with
their ratios to entry 10's (goal: at most 1.5x) and to a bare Django view timed in the same run
(one ORM query, a small template with a CSRF form)::

    .venv/bin/python bench/flat.py [--games ace_deuce_jack,skin] [--repeat 15]

A game that must end sooner (a fixed number of hands, a target) is measured at the last entry
its log reaches, and says where and why (bench/README.md lists them). The database is
``companion_bench_flat`` (created and dropped), or ``DATABASE_URL``'s, which is then neither
created nor dropped.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent.parent
DB = "companion_bench_flat"
FORM = "application/x-www-form-urlencoded"
SECRET = "bench-flat-" + "x" * 50
POINTS = (10, 1000, 4990)
GOAL = 1.5
KINDS = ("POST", "page", "fragment")


def _bare_urls() -> Any:
    """The app's addresses and a bare view beside them (``/bench-bare/``)."""
    from django.http import HttpRequest, HttpResponse
    from django.template import engines
    from django.urls import include, path

    from companion.tables.models import Table

    page = engines["django"].from_string(
        "<!doctype html><title>{{ name }}</title><form method=post>{% csrf_token %}"
        "<input name=x><button>Go</button></form>"
    )

    def bare(request: HttpRequest) -> HttpResponse:
        table = Table.objects.order_by("pk").first()
        name = table.name if table is not None else "none"
        return HttpResponse(page.render({"name": name}, request))

    return [path("bench-bare/", bare), path("", include("companion.urls"))]


def child(games: list[str], repeat: int, profile: str) -> None:
    sys.path[:0] = [str(HERE), str(HERE / "bench")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    import django

    django.setup()
    import types

    import club
    from django.conf import settings
    from django.core.management import call_command
    from django.db.models import F
    from django.test import Client

    from companion import rules as engine
    from companion.games import GAMES, get_rules
    from companion.tables import actions
    from companion.tables.limits import MAX_ENTRIES
    from companion.tables.models import Event, Table
    from tests.web.long_games import long_log

    urls = types.ModuleType("bench_flat_urls")
    urls.urlpatterns = _bare_urls()  # type: ignore[attr-defined]
    sys.modules["bench_flat_urls"] = urls
    settings.ROOT_URLCONF = "bench_flat_urls"
    # Production settings, but static files named as they are (no collectstatic to run).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    client = Client(HTTP_ACCEPT_ENCODING=club.PHONE["Accept-Encoding"])
    htmx = {"HTTP_HX_REQUEST": "true"}

    profiler = cProfile.Profile(time.process_time)

    def cpu(request: Any, kind: str = "") -> float:
        before = time.process_time()
        if kind and kind == profile and point == points[-1]:
            response = profiler.runcall(request)
        else:
            response = request()
        spent = time.process_time() - before
        if response.status_code not in (200, 204):
            raise SystemExit(f"{response.status_code} from {request}")
        return spent * 1000

    bare = [cpu(lambda: client.get("/bench-bare/")) for _ in range(repeat + 5)][5:]
    bare_ms = statistics.median(bare)
    print(f"bare Django view: {bare_ms:.2f} ms CPU (median of {repeat})", flush=True)
    print(
        f"{'game':<15} {'entry':>5}  {'POST ms':>8} {'page ms':>8} {'frag ms':>8}   "
        f"{'POST':>6} {'page':>6} {'frag':>6}  (x entry 10)  x bare (POST page frag)",
        flush=True,
    )
    verdicts: list[tuple[str, float]] = []
    wanted = [g for g in GAMES if g in games] if games else list(GAMES)
    for game in wanted:
        built = long_log(game, POINTS[-1] + repeat + 2)
        count = len(built.events)
        # Two entries to warm up, then ``repeat`` timed (fewer if the game ends sooner).
        posts = min(repeat + 2, count - 1)
        points = [p for p in POINTS if p + posts <= count] or [max(1, count - posts)]
        if points[-1] != POINTS[-1] and count - posts > points[-1]:
            points.append(count - posts)
        rules = get_rules(game)(len(built.names), built.options, list(built.names))
        # Each point's table first; then the requests in rounds, each round one of every kind
        # at every point in turn, so that what else the machine does weighs on all alike.
        at: dict[int, dict[str, Any]] = {}
        for point in points:
            table = actions.do_create_table(list(built.names), f"Flat {game} {point}")
            started = actions.check_start_game(
                table, game, list(table.players.all()), built.options
            )
            Event.objects.bulk_create(
                Event(game=started, seq=i, kind=e.kind, payload=engine.to_dict(e))
                for i, e in enumerate(built.events[:point])
            )
            Table.objects.filter(pk=table.pk).update(version=F("version") + point)
            state = rules.initial_state()
            for event in built.events[:point]:
                state = rules.apply(state, event)
            base = f"/t/{table.score_key}/g/{started.number}/"
            client.get(base)  # the replay kept, as on a server whose phones have the game up
            # A game's log holds MAX_ENTRIES: past it an entry is refused, so at entry 4,990
            # ten are recorded (two to warm up, eight timed).
            room = min(posts, MAX_ENTRIES - point)
            times: dict[str, list[float]] = {kind: [] for kind in KINDS}
            at[point] = {"base": base, "state": state, "room": room, "times": times}
        for r in range(posts):
            for point in points:
                base, room, times = at[point]["base"], at[point]["room"], at[point]["times"]
                if r < room:
                    i = point + r
                    kind, fields, event = club.form_fields(
                        rules, at[point]["state"], built.events[i], i
                    )
                    at[point]["state"] = rules.apply(at[point]["state"], event)
                    body = urlencode({**fields, "client_id": str(uuid.uuid4())}, doseq=True)
                    spent = cpu(
                        lambda k=kind, b=body, u=base: client.post(
                            f"{u}record/{k}/", b, content_type=FORM, **htmx
                        ),
                        "POST",
                    )
                    if r >= 2 or room < 4:  # the first two warm the process up
                        times["POST"].append(spent)
                times["page"].append(cpu(lambda u=base: client.get(u), "page"))
                fragment = f"{base}live/?v=0"
                times["fragment"].append(cpu(lambda u=fragment: client.get(u, **htmx), "fragment"))
        rows = [
            (point, {k: statistics.median(v[-repeat:]) for k, v in at[point]["times"].items()})
            for point in points
        ]
        first = rows[0][1]
        for point, medians in rows:
            ratios = [medians[k] / first[k] for k in KINDS]
            if point != rows[0][0]:
                verdicts += [
                    (f"{game} {k} at {point}", r) for k, r in zip(KINDS, ratios, strict=True)
                ]
            shown = "" if point != rows[0][0] else "  " + " ".join("    - " for _ in KINDS)
            if point != rows[0][0]:
                shown = "  " + " ".join(f"{r:5.2f}x" for r in ratios)
            bare_ratio = " ".join(f"{bare_ms / medians[k]:.2f}" for k in KINDS)
            print(
                f"{game:<15} {point:>5}  "
                + " ".join(f"{medians[k]:8.2f}" for k in KINDS)
                + f" {shown}  {'':12}  {bare_ratio}",
                flush=True,
            )
        if built.stopped:
            print(f"{'':<15} (the log stops at {count}: {built.stopped})", flush=True)
    worst = max(verdicts, key=lambda v: v[1]) if verdicts else ("-", 0.0)
    failed = [v for v in verdicts if v[1] > GOAL]
    print(f"worst ratio: {worst[1]:.2f}x ({worst[0]}); goal at most {GOAL}x")
    if profile:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
    print("PASS" if not failed else f"FAIL: {', '.join(f'{n} {r:.2f}x' for n, r in failed)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated game keys (all by default)")
    parser.add_argument("--repeat", type=int, default=15, help="timed requests of each kind")
    parser.add_argument(
        "--profile", choices=KINDS, help="profile that kind of request at the last entry"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if args.child:
        child(games, args.repeat, args.profile or "")
        return
    from record_cpu import production_env

    own = "DATABASE_URL" not in os.environ

    def psql(sql: str) -> None:
        subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql],
            check=True,
            capture_output=True,
        )

    url = os.environ.get("DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{DB}")
    if own:
        psql(f'DROP DATABASE IF EXISTS "{DB}" WITH (FORCE)')
        psql(f'CREATE DATABASE "{DB}"')
    env = production_env(url, SECRET)
    print(f"$ {' '.join([Path(sys.executable).name, *sys.argv])}", flush=True)
    command = [sys.executable, "-W", "ignore", __file__, "--child", "--repeat", str(args.repeat)]
    if args.profile:
        command += ["--profile", args.profile]
    try:
        done = subprocess.run([*command, "--games", args.games], cwd=HERE, env=env)
    finally:
        if own:
            psql(f'DROP DATABASE IF EXISTS "{DB}"')
    raise SystemExit(done.returncode)


if __name__ == "__main__":
    main()
