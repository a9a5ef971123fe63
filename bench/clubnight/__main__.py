"""The command (``bench/club.py`` runs it; so does ``python -m clubnight`` from ``bench/``): its
arguments, and the run: the two throwaway databases, the setup step in a subprocess with the
app's settings, the two gunicorn servers, then the measures (``measure.py``); everything
stopped and dropped at the end, whatever happened."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import __doc__ as package_doc
from .build import count_main, setup_main
from .common import (
    APP_DB,
    APP_PORT,
    BARE_DB,
    BARE_DIR,
    BARE_PORT,
    ROOT,
    SCRIPT,
    SECRET,
    SetupFailed,
    say,
)
from .measure import measure
from .servers import GC_PROBE, Server, pg_admin, start_gunicorn, wait_up


def main() -> None:
    parser = argparse.ArgumentParser(description=str(package_doc).split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--entries", type=int, default=150)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads per worker: above 1, gthread workers (as the README deploys) for both",
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="per measured run")
    parser.add_argument("--long", type=int, default=1000, help="the long game's entry")
    parser.add_argument(
        "--latency-posts", type=int, default=20, help="entries recorded from entry 10 and --long"
    )
    parser.add_argument(
        "--long-tables", type=int, default=64, help="tables at entry 10 and at --long, each"
    )
    parser.add_argument("--processes", type=int, default=4, help="load generator processes")
    parser.add_argument(
        "--rounds", type=int, default=2, help="turns of app and bare Django in each --seconds"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=25.0,
        help="entries a second in all at a club's pace (50 tables playing a trick every 20 s "
        "make 2.5)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the databases and temp files")
    parser.add_argument("--setup-out", help=argparse.SUPPRESS)
    parser.add_argument("--count-in", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.setup_out:
        return setup_main(args)
    if args.count_in:
        return count_main(args)
    sys.exit(run(args))


def run(args: argparse.Namespace) -> int:
    started = time.monotonic()
    say("$ " + shlex.join([os.path.relpath(sys.executable, Path.cwd()), *sys.argv]))
    tmp = Path(tempfile.mkdtemp(prefix="companion-club-"))
    user_db = os.environ.get("DATABASE_URL")
    app_url = user_db or f"postgres://postgres@127.0.0.1:5432/{APP_DB}"
    app_db = app_url.rsplit("/", 1)[1].split("?")[0]
    bare_url = f"postgres://postgres@127.0.0.1:5432/{BARE_DB}"
    # The app's own settings; only STATIC_ROOT moves to the temp directory, so collectstatic
    # does not write into the working tree others are using.
    (tmp / "club_settings.py").write_text(
        f"from companion.settings import *  # noqa: F403\nSTATIC_ROOT = {str(tmp / 'static')!r}\n"
    )
    # The probe on the servers' garbage collectors (GC_PROBE): on the path of both.
    (tmp / "sitecustomize.py").write_text(GC_PROBE)
    gc_log = tmp / "gc.log"
    base_env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_VERSION",)}
    app_env = base_env | {
        "DJANGO_SETTINGS_MODULE": "club_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp), str(ROOT)]),
        "DJANGO_DEBUG": "0",
        "COMPANION_TESTING": "0",
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DATABASE_URL": app_url,
    }
    bare_env = base_env | {
        "DJANGO_SETTINGS_MODULE": "barebench",
        "DATABASE_URL": bare_url,
        "DJANGO_SECRET_KEY": SECRET,
    }
    bare_env["PYTHONPATH"] = str(tmp)  # the probe only: bare Django is on --pythonpath
    servers: list[Server] = []
    py = sys.executable
    log = tmp / "servers.log"
    failed = 0
    try:
        for db in ([] if user_db else [app_db]) + [BARE_DB]:
            pg_admin(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
            pg_admin(f'CREATE DATABASE "{db}"')
        say("setting up: migrate, collectstatic, play the games, write the tables ...")
        subprocess.run([py, "manage.py", "migrate", "-v0"], cwd=ROOT, env=app_env, check=True)
        subprocess.run(
            [py, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=app_env,
            check=True,
        )
        subprocess.run(
            [py, "-m", "django", "migrate", "-v0", "--pythonpath", str(BARE_DIR)],
            cwd=ROOT,
            env=bare_env,
            check=True,
        )
        plan_file = tmp / "plan.json"
        forward = [
            "--tables",
            str(args.tables),
            "--entries",
            str(args.entries),
            "--long",
            str(args.long),
            "--latency-posts",
            str(args.latency_posts),
            "--long-tables",
            str(args.long_tables),
            "--seed",
            str(args.seed),
        ]
        subprocess.run(
            [py, str(SCRIPT), *forward, "--setup-out", str(plan_file)],
            cwd=ROOT,
            env=app_env,
            check=True,
        )
        plan = json.loads(plan_file.read_text())
        for port in (APP_PORT, BARE_PORT):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    raise SetupFailed(f"port {port} is already in use")

        servers.append(
            start_gunicorn(
                "app",
                "companion.wsgi",
                APP_PORT,
                args.workers,
                app_env | {"COMPANION_BENCH_GC": f"app {gc_log}"},
                app_db,
                log,
                threads=args.threads,
            )
        )
        servers.append(
            start_gunicorn(
                "bare",
                "barewsgi",
                BARE_PORT,
                args.workers,
                bare_env | {"COMPANION_BENCH_GC": f"bare {gc_log}"},
                BARE_DB,
                log,
                str(BARE_DIR),
                threads=args.threads,
            )
        )
        app, bare = servers
        wait_up(APP_PORT, "/healthz", app.proc)
        wait_up(BARE_PORT, "/", bare.proc)
        failed = measure(args, plan, plan_file, app, bare, app_env, started, gc_log)
    except (SetupFailed, subprocess.CalledProcessError) as exc:
        say(f"\nSETUP FAILED: {exc}")
        if log.exists() and log.read_text().strip():
            say("server log (last lines):\n" + "\n".join(log.read_text().splitlines()[-20:]))
        failed = 2
    finally:
        for server in servers:
            server.proc.terminate()
        for server in servers:
            try:
                server.proc.wait(15)
            except subprocess.TimeoutExpired:
                server.proc.kill()
        if not args.keep:
            for db in ([] if user_db else [app_db]) + [BARE_DB]:
                try:
                    pg_admin(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
                except Exception as exc:  # noqa: BLE001 - report and go on cleaning up
                    say(f"could not drop {db}: {exc}")
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            say(f"kept: databases {app_db}, {BARE_DB}; files in {tmp}")
    return failed


if __name__ == "__main__":
    main()
