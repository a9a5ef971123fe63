"""Measured one request at a time, the two points in turn (noise weighs on both alike): the game
page and the live fragment of one game at entry 10 and of one at entry ``--long``, 30 of each:
whether they grow with the log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .client import PHONE, Response, get_raw, sequential
from .common import APP_PORT, Run


def as_the_log_grows(run: Run, posted: Counter[int]) -> dict[str, Any]:
    """{"e10"/"e_long": (the entries that game holds, page times, fragment times)}."""
    plan = run.plan
    growth: dict[str, Any] = {
        name: (plan[name][0]["prefilled"] + posted.get(plan[name][0]["game_id"], 0), [], [])
        for name in ("e10", "e_long")
    }
    ok_200: Callable[[Response], bool] = lambda r: r.status == 200  # noqa: E731
    for _ in range(30):
        for name in ("e10", "e_long"):
            t = plan[name][0]
            gbase = f"/t/{t['key']}/g/{t['number']}/"
            growth[name][1].extend(sequential(APP_PORT, [get_raw(APP_PORT, gbase, PHONE)], ok_200))
            growth[name][2].extend(
                sequential(APP_PORT, [get_raw(APP_PORT, gbase + "live/?v=0", PHONE)], ok_200)
            )
    return growth
