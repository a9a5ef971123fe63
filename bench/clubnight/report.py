"""Printed: the setup (machine, code, tables, queries per request), then the table of figures with
PASS/FAIL beside each goal, and the lines on growth with the log, the open-loop runs and the
first load."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from typing import Any

from .common import (
    FIRST_LOAD_KB,
    PAGE_RATIO,
    PG_ADMIN,
    POLL_QUERIES,
    POLL_RATIO,
    RECORD_P95_MS,
    RECORD_RATIO,
    ROOT,
    SAME,
    fmt,
    p,
    say,
)
from .load import Phase


def describe_setup(args: argparse.Namespace, plan: dict[str, Any]) -> None:
    import django

    tables = plan["tables"]
    kinds: dict[str, list[int]] = {}
    for t in tables:
        kinds.setdefault(t["label"], []).append(t["prefilled"])
    pg = (
        subprocess.run(
            ["psql", "-At", PG_ADMIN, "-c", "SHOW server_version"], capture_output=True, text=True
        ).stdout.strip()
        or "?"
    )
    head = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    import gunicorn

    workers = "sync workers" if args.threads <= 1 else f"gthread workers of {args.threads} threads"
    say(
        f"machine: {os.cpu_count()} cores; Python {sys.version.split()[0]}, Django "
        f"{django.get_version()}, gunicorn {gunicorn.__version__} ({args.workers} {workers} "
        f"each), PostgreSQL {pg}"
    )
    say(f"code: {head}" + (" (with uncommitted changes)" if dirty else ""))
    say(
        f"load average before the run: {os.getloadavg()[0]:.2f} (anything else running on the "
        "machine shows in the figures)"
    )
    prefilled = sorted(t["prefilled"] for t in tables)
    say(
        f"tables: {len(tables)}, entries already recorded: median "
        f"{statistics.median(prefilled):.0f}, {prefilled[0]} to {prefilled[-1]}; "
        f"entries left to record: {sum(len(t['posts']) for t in tables):,}"
    )
    for label, ns in kinds.items():
        ns = sorted(ns)
        say(
            f"  {len(ns):>2} {label}: entries {ns[0]}-{ns[-1]} (median {statistics.median(ns):.0f})"
        )
    q = plan["queries"]
    long = plan["e_long"][0]
    say(
        f"page game: Belote card by card, {plan['page']['prefilled']} entries; long game: Buck "
        f"Euchre card by card, {long['length']} entries (seed {long['seed']}), on "
        f"{len(plan['e10'])} tables at entry 10 and {len(plan['e_long'])} at entry "
        f"{long['prefilled']}"
    )
    say(
        f"queries per request (Django test client, warm): record {q['record']}, page "
        f"{q['page']}, fragment {q['fragment']}, poll {q['poll']}"
    )


def report(
    args: argparse.Namespace,
    plan: dict[str, Any],
    poll: tuple[Phase, Phase],
    fragment: tuple[Phase, Phase],
    game_page: tuple[Phase, Phase],
    record_app: Phase,
    record_bare: Phase,
    available: int,
    at: dict[str, Phase],
    growth: dict[str, Any],
    sizes: Any,
    bare_sizes: Any,
    setup_s: float,
) -> None:
    q = plan["queries"]
    n = plan["page"]["prefilled"]
    long = plan["e_long"][0]["prefilled"]

    def record_ok(r: float, a: Phase) -> bool:
        return r >= RECORD_RATIO and a.pct(0.95) <= RECORD_P95_MS

    record_goal = f">= {RECORD_RATIO}x, p95 <= {RECORD_P95_MS:g} ms"
    rows = [
        (
            f"record an entry ({len(plan['tables'])} tables)",
            record_app,
            record_bare,
            q["record"],
            record_goal,
            record_ok,
        ),
        ("  at entry 10 (Buck Euchre)", at["e10"], record_bare, "", record_goal, record_ok),
        (f"  at entry {long} (same game)", at["e_long"], record_bare, "", record_goal, record_ok),
        (
            f"game page GET ({n} entries)",
            *game_page,
            q["page"],
            f">= {PAGE_RATIO}x",
            lambda r, a: r >= PAGE_RATIO,
        ),
        (
            "live fragment after a change",
            *fragment,
            q["fragment"],
            f">= {PAGE_RATIO}x",
            lambda r, a: r >= PAGE_RATIO,
        ),
        (
            "live poll, nothing changed (204)",
            *poll,
            q["poll"],
            f">= {POLL_RATIO}x, <= {POLL_QUERIES} query",
            lambda r, a: r >= POLL_RATIO and q["poll"] <= POLL_QUERIES,
        ),
    ]
    say()
    say(
        f"{'request':<34}{'bare/s':>8}{'app/s':>8}{'ratio':>8}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'CPU ms':>8}{'bare':>6}{'db ms':>7}{'queries':>8}  {'goal':<28}result"
    )
    for name, a, b, queries, goal, ok in rows:
        ratio = a.rate / b.rate if b.rate else float("nan")
        verdict = "PASS" if ok(ratio, a) else "FAIL"
        flags = []
        if a.bad or a.errors:
            flags.append(f"{a.bad + a.errors} bad")
        say(
            f"{name:<34}{b.rate:>8,.0f}{a.rate:>8,.1f}{ratio:>7.2f}x{a.pct(0.5):>9.1f}"
            f"{a.pct(0.95):>9.1f}{fmt(a.cpu_ms, 2):>8}{fmt(b.cpu_ms, 2):>6}{fmt(a.db_ms, 2):>7}"
            f"{queries:>8}  {goal:<28}{verdict}{' (' + ', '.join(flags) + ')' if flags else ''}"
        )
    say(
        f"  (p50/p95: app latency with {args.connections} connections on {args.workers} workers; "
        f"CPU ms: gunicorn CPU per request, app then bare; db ms: PostgreSQL backends' CPU per "
        f"app request; bare p50 {record_bare.pct(0.5):.1f} ms for POST, "
        f"{game_page[1].pct(0.5):.1f} ms for GET)"
    )
    bare_runs = [record_bare, game_page[1], fragment[1], poll[1]]
    app_runs = [record_app, at["e10"], at["e_long"], game_page[0], fragment[0], poll[0]]
    say(
        f"  (load generator: {max(b.client_ms for b in bare_runs):.2f} ms CPU per request at "
        f"most in the bare runs; machine idle during the bare runs "
        f"{min(b.idle for b in bare_runs):.0%}-{max(b.idle for b in bare_runs):.0%}, "
        f"during the app runs {min(a.idle for a in app_runs):.0%}"
        f"-{max(a.idle for a in app_runs):.0%})"
    )
    if record_app.ran_out:
        say(
            f"  note: {record_app.ran_out} connections ran out of entries to record before the "
            f"{args.seconds:g} s were up ({record_app.requests} of {available} posted): "
            "use more --tables or fewer --seconds"
        )

    for name in ("e10", "e_long"):
        if at[name].ran_out:
            say(
                f"  note: at entry {plan[name][0]['prefilled']}, {at[name].ran_out} connections "
                f"posted all {args.latency_posts} entries of each of their tables before the "
                f"{args.seconds:g} s were up (the rate is over the time they took)"
            )

    e10, e_long = at["e10"], at["e_long"]
    same = (
        all(record_ok(a.rate / record_bare.rate, a) for a in (e10, e_long))
        and e_long.rate * SAME >= e10.rate
        and e_long.pct(0.5) <= SAME * e10.pct(0.5)
    )
    say()
    say(
        f"entry {long} vs entry 10 of the same game ({len(plan['e10'])} tables at each, "
        f"{args.latency_posts} entries each from there): throughput "
        f"{e_long.rate / e10.rate:.2f}x, p50 {e_long.pct(0.5) / e10.pct(0.5):.2f}x, p95 "
        f"{e_long.pct(0.95) / e10.pct(0.95):.2f}x"
    )
    say(
        f"  goal: the record goal at both, throughput and p50 within {SAME}x of entry 10's  "
        f"{'PASS' if same else 'FAIL'}"
    )
    pace_times, pace_ok, _ = growth["pace"]
    if pace_times:
        calm = p(pace_times, 0.95) <= RECORD_P95_MS
        say(
            f"at a club's pace, {args.pace:g} entries a second arriving at random from the "
            f"{len(plan['tables'])} tables (open loop; a real club playing card by card makes "
            f"about 2.5): {pace_ok} entries, p50 {p(pace_times, 0.5):.1f} ms, p95 "
            f"{p(pace_times, 0.95):.1f} ms, max {max(pace_times) * 1000:.1f} ms  "
            f"(p95 <= {RECORD_P95_MS:g} ms: {'yes' if calm else 'no'})"
        )
        say(
            "  (with 16 connections each posting again as soon as answered, as above, a request "
            "waits for the ones ahead of it on the 2 workers: p50 there is about 16 / throughput)"
        )
    goal_times, goal_ok, goal_rate, goal_secs = growth["goal"]
    if goal_times:
        done_rate = goal_ok / goal_secs
        kept_up = done_rate >= 0.95 * goal_rate
        goal_p95 = p(goal_times, 0.95)
        say(
            f"at the goal's throughput, {RECORD_RATIO}x bare Django's {record_bare.rate:,.0f} "
            f"POST/s = {goal_rate:,.1f} entries/s offered at random from the "
            f"{len(plan['goal'])} tables (open loop, latency from when each entry fell due): "
            f"{done_rate:,.1f}/s recorded ({done_rate / record_bare.rate:.2f}x), p50 "
            f"{p(goal_times, 0.5):.1f} ms, p95 {goal_p95:.1f} ms, max "
            f"{max(goal_times) * 1000:.1f} ms  goal: kept up, p95 <= {RECORD_P95_MS:g} ms  "
            f"{'PASS' if kept_up and goal_p95 <= RECORD_P95_MS else 'FAIL'}"
        )
    say("one request at a time, one of those games at each point, in turn (30 of each):")
    (n10, page10, frag10), (n_long, page_l, frag_l) = growth["e10"], growth["e_long"]
    for what, short, longer in (("game page", page10, page_l), ("live fragment", frag10, frag_l)):
        flat = p(longer, 0.5) <= SAME * p(short, 0.5)
        say(
            f"  {what}: p50 {p(short, 0.5):.1f} ms at entry {n10}, {p(longer, 0.5):.1f} ms at "
            f"entry {n_long} ({p(longer, 0.5) / p(short, 0.5):.2f}x)  goal: not growing with "
            f"the log (at most {SAME}x)  {'PASS' if flat else 'FAIL'}"
        )

    cold = growth["cold"]
    say(
        f"  first load of a game by a worker that has not replayed it yet (once per worker and "
        f"game, p50 of 8): {cold['e10'] * 1000:.1f} ms at entry 10, "
        f"{cold['e_long'] * 1000:.1f} ms at entry {long}"
    )

    packed, plain, encoding, assets = sizes
    total = packed + sum(a[1] for a in assets)
    small = total <= FIRST_LOAD_KB * 1024 and encoding != "none"
    say()
    say(
        f"game page ({n} entries) over the wire: {packed / 1024:.1f} KB with compression accepted "
        f"(Content-Encoding: {encoding}), {plain / 1024:.1f} KB without"
    )
    for url, wire, enc in assets:
        say(f"  + {url}: {wire / 1024:.1f} KB ({enc})")
    say(
        f"  first load, page and assets: {total / 1024:.1f} KB  goal: <= {FIRST_LOAD_KB} KB, "
        f"HTML compressed  {'PASS' if small else 'FAIL'}"
    )
    say(f"  (bare Django's page: {bare_sizes[0] / 1024:.1f} KB; sizes include response headers)")
    say(f"\nsetup {setup_s:.0f} s (games, tables, servers)")
