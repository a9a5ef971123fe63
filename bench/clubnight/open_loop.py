"""Measured open loop, each table's entries falling due at random whatever the answers: at a
club's pace (``--pace`` entries a second in all), the latency a scorer feels when the server is
not saturated; and at the goal's throughput (``RECORD_RATIO`` times bare Django's POSTs a
second, as just measured) on a copy of the tables, the latency while the app does that much."""

from __future__ import annotations

from collections import Counter

from .client import warm
from .common import APP_PORT, RECORD_RATIO, Run, say
from .load import Phase, paced, post_jobs


def at_a_clubs_pace(run: Run, posted: Counter[int]) -> tuple[list[float], int, int]:
    """(latencies, entries accepted, refused); ``posted`` brought up to date."""
    # At a club's pace: each table's phone records when its players have played, not as fast
    # as a connection can; the latency a scorer feels then is the request's own, not a queue's.
    args = run.args
    pace_jobs, _ = post_jobs(run.plan["tables"], run.conns, run.csrf, posted)
    pace_times, pace_ok, pace_bad, pace_posted = paced(APP_PORT, pace_jobs, args.pace, args.seconds)
    posted.update(pace_posted)
    say(f"  record at a club's pace ({args.pace:g} entries/s): {pace_ok} entries posted")
    return pace_times, pace_ok, pace_bad


def at_the_goals_throughput(
    run: Run, posted: Counter[int], record_bare: Phase
) -> tuple[list[float], int, int, float, float]:
    """(latencies, entries accepted, refused, the rate offered, for how long)."""
    # At the goal's throughput: RECORD_RATIO times bare Django's, as just measured, offered
    # open loop by a copy of the tables (each game opened on both workers first). The figures
    # above at full load say how much the app can do; this says how long a scorer waits while
    # it does the goal's share of it. It runs for --seconds, or less if the tables would run
    # out of entries before that.
    goal_rate = RECORD_RATIO * record_bare.rate
    warm(APP_PORT, [f"/t/{t['key']}/g/{t['number']}/" for t in run.plan["goal"]], times=8)
    goal_jobs, goal_available = post_jobs(run.plan["goal"], run.conns, run.csrf, {})
    goal_secs = min(run.args.seconds, 0.8 * goal_available / goal_rate)
    goal_times, goal_ok, goal_bad, goal_posted = paced(APP_PORT, goal_jobs, goal_rate, goal_secs)
    posted.update(goal_posted)
    say(
        f"  record at the goal's throughput ({goal_rate:,.1f} entries/s for {goal_secs:.1f} s): "
        f"{goal_ok} entries posted"
    )
    return goal_times, goal_ok, goal_bad, goal_rate, goal_secs
