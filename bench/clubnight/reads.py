"""Measured under load, each as a ratio to bare Django's page: the live poll with nothing changed
(204), the live fragment after a change (``live/?v=0``) and the game page, all on the Belote
game at ``--entries`` entries, as its scorer. The app and bare Django take turns (``--rounds``
of each), so that whatever else the machine does weighs on both alike."""

from __future__ import annotations

from collections.abc import Callable

from .client import PHONE, get_raw
from .common import APP_PORT, Run, say
from .load import Job, Phase, merge, run_load


def in_turns(
    run: Run, app_jobs: Callable[[], list[Job]], bare_jobs: list[Job], warm_app: bool
) -> tuple[Phase, Phase]:
    """The app and bare Django in turns (``--rounds`` of each), so that whatever else the
    machine is doing weighs on both alike; a one-second warm-up first (not counted)."""
    if warm_app:
        run_load(run.app, app_jobs(), 1.0, run.procs)
    run_load(run.bare, bare_jobs, 1.0, run.procs)
    a_runs, b_runs = [], []
    for _ in range(run.rounds):
        a_runs.append(run_load(run.app, app_jobs(), run.part, run.procs))
        b_runs.append(run_load(run.bare, bare_jobs, run.part, run.procs))
    return merge(a_runs), merge(b_runs)


def measure_get(
    run: Run, name: str, path: str, expect: int, bare_get: list[bytes]
) -> tuple[Phase, Phase]:
    """``path`` GET by every connection round and round, against bare Django's page."""
    jobs_app = [
        Job(requests=[get_raw(APP_PORT, path, PHONE)], expect=expect) for _ in range(run.conns)
    ]
    jobs_bare = [Job(requests=bare_get) for _ in range(run.conns)]
    a, b = in_turns(run, lambda: jobs_app, jobs_bare, True)
    say(f"  {name}: bare {b.rate:,.0f} req/s, app {a.rate:,.1f} req/s")
    return a, b


def live_poll(run: Run, base: str, token: str, bare_get: list[bytes]) -> tuple[Phase, Phase]:
    """Every phone's poll when nothing changed: the version it was shown, answered 204."""
    return measure_get(run, "live poll, nothing changed", base + f"live/?v={token}", 204, bare_get)


def live_fragment(run: Run, base: str, bare_get: list[bytes]) -> tuple[Phase, Phase]:
    """A poll after a change (a version older than the table's): the live panel, 200."""
    return measure_get(run, "live fragment after a change", base + "live/?v=0", 200, bare_get)


def game_page(run: Run, base: str, bare_get: list[bytes]) -> tuple[Phase, Phase]:
    """The whole game page."""
    return measure_get(run, "game page", base, 200, bare_get)
