"""Benchmark: the CPU time one recorded entry costs the app, in process, and the same for
another checkout in lock-step.

``bench/club.py`` measures what a club would see (gunicorn, 16 connections, bare Django beside
it), but a change of a few per cent of the CPU is lost in its noise. This one posts entries
through Django's test client (the whole middleware stack, the view, the answer drawn and
compressed, as a phone accepts it) to a few tables of the club mix on PostgreSQL, and prints
the process's CPU time per entry. With ``--against`` it runs another checkout (a ``git
worktree`` of an earlier commit, say) in turns with this one, so that both see the same
machine, and prints the ratio::

    git worktree add /tmp/before <commit>
    .venv/bin/python bench/record_cpu.py --against /tmp/before --rounds 3

Each run is a fresh subprocess with its own database (``companion_bench_cpu``, dropped at
the end), using that checkout's own code and ``bench/club.py`` to play the games: three
Belote games card by card and a Buck Euchre game card by card from entry 150, and a Malilla
game near its end; three entries of each table warm the process up, then ``--posts``
entries are posted to each table in turn and timed one by one.
"""

from __future__ import annotations

import argparse
import gzip
import operator
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent.parent
DB = "companion_bench_cpu"
FORM = "application/x-www-form-urlencoded"
SECRET = "bench-record-cpu-" + "x" * 50
#: Set in the child's environment: its timed loop runs under callgrind (``--instructions``).
COUNTING = "COMPANION_BENCH_CALLGRIND"


def child(posts: int) -> None:
    root = Path.cwd()
    sys.path[:0] = [str(root), str(root / "bench")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    import django

    django.setup()
    import club  # this checkout's: the games are played by its own engine
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    # Not setup_test_environment(): it wraps every template render (a signal and a copy of
    # the context each), which would weigh the template engine far above what a server pays.
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    sims = club._sims()
    items = [
        club.Prepared(f"belote {seed}", club.sim_belote(sims, 1000 + seed, "cards"), 150, posts)
        for seed in range(3)
    ]
    buck, _ = club.sim_buck(sims, 7)
    items.append(club.Prepared("buck euchre", buck, 150, posts))
    malilla = club.sim_malilla(sims, 5)
    start = max(1, len(malilla.events) - posts - 3)
    items.append(club.Prepared("malilla", malilla, start, posts + 3))
    tables = [club.create(item, i) for i, item in enumerate(items)]
    # As a phone's browser sends them (bench/club.py's PHONE): the answer is compressed too.
    client = Client(HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING=club.PHONE["Accept-Encoding"])

    def post(table: dict[str, Any], i: int) -> None:
        kind, fields = table["posts"][i]
        args = {"key": table["key"], "number": table["number"], "kind": kind}
        data = {**fields, "client_id": str(uuid.uuid4())}
        # Form-encoded, as htmx and bench/club.py send it (the test client's default,
        # multipart, costs the server more to parse).
        body = urlencode(data, doseq=True)
        response = client.post(reverse("tables:record", kwargs=args), body, content_type=FORM)
        answer = response.content
        if response.get("Content-Encoding") == "gzip":
            answer = gzip.decompress(answer)
        if response.status_code != 200 or b'role="alert"' in answer:
            raise SystemExit(f"{table['label']}: entry {i} was not recorded")

    count = min(len(t["posts"]) for t in tables)
    for i in range(3):
        for table in tables:
            post(table, i)

    def timed() -> list[float]:
        times = []
        for i in range(3, count):
            for table in tables:
                before = time.process_time()
                post(table, i)
                times.append(time.process_time() - before)
        return times

    # Under callgrind, only this call is counted (--toggle-collect=_operator_call: nothing else
    # in the process goes through operator.call).
    times = operator.call(timed) if os.environ.get(COUNTING) else timed()
    print(f"{len(times)} {statistics.mean(times) * 1000:.3f} {statistics.median(times) * 1000:.3f}")


def production_env(database_url: str, secret: str) -> dict[str, str]:
    """This process's environment for a child that runs the app with production settings on
    ``database_url``, answering the test client (``testserver``)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_VERSION")}
    return env | {
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "0",
        "COMPANION_TESTING": "0",
        "DJANGO_SECRET_KEY": secret,
        "DJANGO_ALLOWED_HOSTS": "testserver",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "ERROR",
    }


def run(root: Path, posts: int, counting: bool = False) -> tuple[int, float, float]:
    """(entries timed, mean, median CPU ms per entry) of a run of ``root``'s code; counting:
    (entries, instructions per entry, the same), the run under callgrind."""
    for sql in (f'DROP DATABASE IF EXISTS "{DB}" WITH (FORCE)', f'CREATE DATABASE "{DB}"'):
        subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql],
            check=True,
            capture_output=True,
        )
    env = production_env(f"postgres://postgres@127.0.0.1:5432/{DB}", SECRET)
    script = Path(__file__).resolve()
    command = [sys.executable, "-W", "ignore", str(script), "--child", "--posts", str(posts)]
    with tempfile.TemporaryDirectory() as tmp:
        counts = Path(tmp) / "callgrind.out"
        if counting:
            # The same instructions each run (to 0.1 %): the hash seed fixed, nothing timed.
            env |= {COUNTING: "1", "PYTHONHASHSEED": "0"}
            command = [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                "--toggle-collect=_operator_call",
                f"--callgrind-out-file={counts}",
                *command,
            ]
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{root}: the run failed\n{done.stdout}\n{done.stderr[-3000:]}")
        count, mean, median = done.stdout.split()[-3:]
        if counting:
            found = re.search(r"^summary: (\d+)", counts.read_text(), re.M)
            if found is None:
                raise SystemExit(f"{root}: no count in callgrind's output\n{done.stderr[-3000:]}")
            per_entry = int(found[1]) / int(count)
            return int(count), per_entry, per_entry
    return int(count), float(mean), float(median)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--posts", type=int, default=40, help="entries timed per table")
    parser.add_argument("--against", type=Path, help="another checkout, run in turns")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions per entry under valgrind's callgrind instead (slow: use "
        "--posts 10; the same count every run, where CPU time varies by 10 %% on a shared machine)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.posts)
        return
    sides = [("this checkout", HERE)]
    if args.against:
        sides.insert(0, (f"{args.against}", args.against.resolve()))
    means: dict[str, list[float]] = {name: [] for name, _ in sides}
    print(f"$ {' '.join([Path(sys.executable).name, *sys.argv])}")
    try:
        for turn in range(args.rounds):
            for name, root in sides:
                count, mean, median = run(root, args.posts, args.instructions)
                means[name].append(mean)
                if args.instructions:
                    print(
                        f"round {turn + 1}, {name}: {count} entries, "
                        f"{mean / 1e6:.2f} M instructions per entry"
                    )
                    continue
                print(
                    f"round {turn + 1}, {name}: {count} entries, CPU per entry "
                    f"mean {mean:.2f} ms, median {median:.2f} ms"
                )
    finally:
        subprocess.run(
            ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", f'DROP DATABASE IF EXISTS "{DB}"'],
            capture_output=True,
        )
    what = "instructions" if args.instructions else "CPU"
    for name, values in means.items():
        mean = statistics.mean(values)
        shown = f"{mean / 1e6:.2f} M instructions" if args.instructions else f"{mean:.2f} ms"
        print(f"{name}: mean of the rounds {shown} per entry")
    if args.against:
        before, after = (statistics.mean(means[name]) for name, _ in sides)
        print(f"this checkout / {args.against}: {after / before:.3f}x the {what} per entry")


if __name__ == "__main__":
    main()
