"""Measured under load: recording an entry, the closed loop (each connection owns its own tables
and posts each table's entries in order, again as soon as it is answered), against bare
Django's POST; then recording at entry 10 and at entry ``--long`` of the same game, on many
tables at each, with the first load of such a game by a worker that has not replayed it yet."""

from __future__ import annotations

import statistics
from collections import Counter

from .client import get_raw, sequential, warm
from .common import APP_PORT, Run, say
from .load import Job, Phase, merge, post_jobs, run_load


def record_an_entry(
    run: Run, posted: Counter[int], bare_post: list[bytes]
) -> tuple[Phase, Phase, int]:
    """(the app, bare Django, the entries there were to post). ``posted`` (entries accepted,
    by game id) is brought up to date."""
    tables, csrf, conns, procs = run.plan["tables"], run.csrf, run.conns, run.procs
    # Every table's remaining entries, each connection posting its own tables' in order.
    # Every table's game opened on every worker first, as the phones at a club have had them up
    # all evening (the dry run reached one worker per table): what follows is what each entry
    # costs. A worker's first load of a game, a whole replay, is timed on its own below.
    warm(APP_PORT, [f"/t/{t['key']}/g/{t['number']}/" for t in tables], times=8)
    available = sum(len(t["posts"]) - posted.get(t["game_id"], 0) for t in tables)
    sent = Counter(posted)

    def record_jobs() -> list[Job]:
        return post_jobs(tables, conns, csrf, sent)[0]

    rounds_app: list[Phase] = []

    def next_jobs() -> list[Job]:
        """Each table's entries from where the last round left it."""
        if rounds_app:
            sent.update(rounds_app[-1].posted)
        return record_jobs()

    jobs_bare = [Job(requests=bare_post) for _ in range(conns)]
    run_load(run.bare, jobs_bare, 1.0, procs)
    b_runs = []
    for _ in range(run.rounds):
        rounds_app.append(run_load(run.app, next_jobs(), run.part, procs))
        b_runs.append(run_load(run.bare, jobs_bare, run.part, procs))
    record_app, record_bare = merge(rounds_app), merge(b_runs)
    posted.update(record_app.posted)
    say(
        f"  record an entry: bare {record_bare.rate:,.0f} req/s, app {record_app.rate:,.1f} req/s"
        f" ({record_app.requests} of {available} entries available posted)"
    )
    return record_app, record_bare, available


def record_as_the_log_grows(
    run: Run, posted: Counter[int]
) -> tuple[dict[str, Phase], dict[str, float]]:
    """Recording at entry 10 and at entry --long of the same game, under the same load: many
    tables at each, every game page opened first (the scorer's phone has it up). Returns
    {"e10"/"e_long": the app's figures} and the first loads' p50 in seconds, the same way."""
    at: dict[str, Phase] = {}
    cold_first: dict[str, float] = {}
    for name in ("e10", "e_long"):
        group = run.plan[name]
        pages = [f"/t/{t['key']}/g/{t['number']}/" for t in group]
        # The first load of a game by a worker that has not seen it replays the whole log:
        # once per worker and game, not per entry. Timed here on a few games, then every game
        # is warmed on both workers, so that what follows is what each entry costs.
        cold = sequential(APP_PORT, [get_raw(APP_PORT, p) for p in pages[:8]], lambda r: True)
        cold_first[name] = statistics.median(cold)
        warm(APP_PORT, pages, times=8)
        jobs, _ = post_jobs(group, run.conns, run.csrf, {})
        at[name] = run_load(run.app, jobs, run.secs, run.procs)
        posted.update(at[name].posted)
        say(
            f"  record at entry {group[0]['prefilled']}: app {at[name].rate:,.1f} req/s "
            f"({at[name].requests} of {sum(len(t['posts']) for t in group)} entries posted)"
        )
    return at, cold_first
