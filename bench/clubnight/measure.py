"""The measures, in the order they run (each in its own module), then the database checked
against every entry answered as accepted, and the figures printed (``report.py``)."""

from __future__ import annotations

import argparse
import time
import uuid
from pathlib import Path
from typing import Any

from .build import db_counts
from .client import PHONE, Conn, fetch_csrf, get_raw, poll_token, post_raw
from .common import APP_PORT, BARE_PORT, Run, SetupFailed, say
from .dry_run import dry_run
from .first_load import first_load
from .one_at_a_time import as_the_log_grows
from .open_loop import at_a_clubs_pace, at_the_goals_throughput
from .reads import game_page, live_fragment, live_poll
from .recording import record_an_entry, record_as_the_log_grows
from .report import describe_setup, report
from .servers import Server, gc_summary


def measure(
    args: argparse.Namespace,
    plan: dict[str, Any],
    plan_file: Path,
    app: Server,
    bare: Server,
    app_env: dict[str, str],
    started: float,
    gc_log: Path,
) -> int:
    tables = plan["tables"]
    conns, secs, procs = args.connections, args.seconds, min(args.processes, args.connections)
    describe_setup(args, plan)
    setup_s = time.monotonic() - started
    rounds = max(1, args.rounds)
    csrf = fetch_csrf(APP_PORT)
    run = Run(args, plan, app, bare, csrf, conns, secs, procs, rounds, part=secs / rounds)

    # Dry run: one entry per table, one at a time; each must be accepted.
    posted, refused = dry_run(run, plan_file, app_env)

    # The GET measurements, on the Belote game at --entries entries (as its scorer).
    page = plan["page"]
    base = f"/t/{page['key']}/g/{page['number']}/"
    html = Conn(APP_PORT).request(get_raw(APP_PORT, base)).body.decode("utf-8", "replace")
    token = poll_token(html)
    if token is None:
        raise SetupFailed("no live poll (live/?v=...) on the game page")
    if (s := Conn(APP_PORT).request(get_raw(APP_PORT, base + f"live/?v={token}")).status) != 204:
        raise SetupFailed(f"the live poll with the page's version answered {s}, not 204")
    bare_get = [get_raw(BARE_PORT, "/", PHONE)]
    bare_csrf = fetch_csrf(BARE_PORT)
    bare_post = [
        post_raw(BARE_PORT, "/", {"note": "hello", "client_id": str(uuid.uuid4())}, bare_csrf, True)
    ]

    say(
        f"measuring, {conns} connections, {secs:g} s each, the app and bare Django in turns "
        f"({rounds} x {run.part:g} s each) ..."
    )
    poll = live_poll(run, base, token, bare_get)
    fragment = live_fragment(run, base, bare_get)
    page_figures = game_page(run, base, bare_get)

    record_app, record_bare, available = record_an_entry(run, posted, bare_post)
    at, cold_first = record_as_the_log_grows(run, posted)
    pace_times, pace_ok, pace_bad = at_a_clubs_pace(run, posted)
    goal_times, goal_ok, goal_bad, goal_rate, goal_secs = at_the_goals_throughput(
        run, posted, record_bare
    )

    growth = as_the_log_grows(run, posted)
    growth["cold"] = cold_first
    growth["pace"] = (pace_times, pace_ok, pace_bad)
    growth["goal"] = (goal_times, goal_ok, goal_rate, goal_secs)
    sizes = first_load(APP_PORT, base)
    bare_sizes = first_load(BARE_PORT, "/")

    # Every entry posted and answered as accepted must be in the database, and no other.
    counts = db_counts(plan_file, app_env)
    expected = {
        t["game_id"]: t["prefilled"] + posted.get(t["game_id"], 0)
        for t in [*tables, *plan["goal"], *plan["e10"], *plan["e_long"]]
    }
    mismatched = {g: (counts.get(g), n) for g, n in expected.items() if counts.get(g) != n}
    records = [record_app, at["e10"], at["e_long"]]
    refused_total = sum(r.bad for r in records) + len(refused) + pace_bad + goal_bad
    errors = sum(r.errors for r in records)
    accepted_total = sum(posted.values())

    report(
        args,
        plan,
        poll,
        fragment,
        page_figures,
        record_app,
        record_bare,
        available,
        at,
        growth,
        sizes,
        bare_sizes,
        setup_s,
    )
    say(gc_summary(gc_log))
    say(
        f"\nentries posted: {accepted_total} accepted, {refused_total} refused, "
        f"{errors} errors; database: "
        + (
            "every accepted entry recorded, nothing else"
            if not mismatched
            else f"{len(mismatched)} games with a different count (db, expected): "
            f"{list(mismatched.items())[:5]}"
        )
    )
    for r in records:
        if r.sample and (r.bad or r.errors):
            say(f"  first refusal/error: {r.sample}")
    for line in refused[:5]:
        say(f"  refused: {line}")
    say(f"total time {time.monotonic() - started:.0f} s")
    if refused_total or mismatched or errors:
        say("FAILED: entries were refused or lost (see above)")
        return 1
    return 0
