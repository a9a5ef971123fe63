"""Before anything is measured: one entry posted to every table, one at a time. Each must be
accepted, and the database must hold exactly the entries accepted: else the setup failed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .build import db_counts
from .client import Conn, accepted, record_raw, snippet
from .common import APP_PORT, Run, SetupFailed, say


def dry_run(run: Run, plan_file: Path, app_env: dict[str, str]) -> tuple[Counter[int], list[str]]:
    """{game id: entries accepted} (one per table with entries left), and the refusals."""
    tables, csrf = run.plan["tables"], run.csrf
    posted: Counter[int] = Counter()  # entries accepted, by game id
    refused: list[str] = []
    conn = Conn(APP_PORT)
    for t in tables:
        if not t["posts"]:
            continue
        kind, fields = t["posts"][0]
        response = conn.request(record_raw(t, kind, fields, csrf))
        if accepted(response):
            posted[t["game_id"]] = 1
        else:
            refused.append(
                f"{t['label']} #{t['prefilled'] + 1} {kind}: {response.status} "
                f"{snippet(response.body)}"
            )
    conn.close()
    counts = db_counts(plan_file, app_env)
    wrong = [
        t for t in tables if counts[t["game_id"]] != t["prefilled"] + posted.get(t["game_id"], 0)
    ]
    if refused or wrong:
        for line in refused[:10]:
            say("  refused: " + line)
        raise SetupFailed(
            f"dry run: {len(refused)} of {len(tables)} entries refused, {len(wrong)} tables with "
            "an unexpected number of entries in the database"
        )
    say(f"dry run: {len(posted)} entries posted, one per table, all accepted and in the database")
    return posted, refused
