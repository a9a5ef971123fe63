"""The servers measured: PostgreSQL's databases, gunicorn started and waited for, the CPU time of
its processes and of the PostgreSQL backends serving it (from ``/proc``), and the probe that
times the servers' full garbage collections."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from .client import Conn, get_raw
from .common import PG_ADMIN, ROOT, SetupFailed


class Server:
    def __init__(self, name: str, port: int, proc: subprocess.Popen[bytes], db: str) -> None:
        self.name, self.port, self.proc, self.db = name, port, proc, db


def pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(sql)


def wait_up(port: int, path: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if proc.poll() is not None:
            raise SetupFailed(f"the server on port {port} exited ({proc.returncode})")
        try:
            Conn(port, timeout=5).request(get_raw(port, path))
            return
        except OSError:
            time.sleep(0.1)
    raise SetupFailed(f"the server on port {port} did not answer {path}")


def start_gunicorn(
    name: str,
    module: str,
    port: int,
    workers: int,
    env: dict[str, str],
    db: str,
    log: Path,
    pythonpath: str | None = None,
    threads: int = 1,
) -> Server:
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        module,
        "--workers",
        str(workers),
        "--worker-class",
        "gthread" if threads > 1 else "sync",
        "--threads",
        str(threads),
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "--timeout",
        "120",
    ]
    if pythonpath:
        cmd += ["--pythonpath", pythonpath]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=out)
    return Server(name, port, proc, db)


TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, utime + stime in seconds) of a process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def gunicorn_cpu(server: Server) -> float:
    """CPU seconds of the gunicorn master and its workers so far."""
    master = server.proc.pid
    total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat and (int(entry) == master or stat[0] == master):
                total += stat[1]
    return total


def machine_idle() -> tuple[int, int]:
    """(idle, total) CPU ticks of the whole machine so far, from /proc/stat."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return ticks[3] + ticks[4], sum(ticks[:8])


def db_cpu(db: str) -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend connected to ``db`` (a local server)."""
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        pids = [
            r[0] for r in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (db,))
        ]
    out = {}
    for pid in pids:
        stat = _stat(pid)
        if stat:
            out[pid] = stat[1]
    return out


def db_delta(before: dict[int, float], after: dict[int, float]) -> float:
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


#: Written as ``sitecustomize.py`` on the servers' path: each full collection of a gunicorn
#: process started with ``COMPANION_BENCH_GC`` ("<server> <file>"), and how long it took,
#: appended to that file. A full collection stops the process: under load, its length is a
#: pause every request waiting on that worker sees.
GC_PROBE = """\
import gc, os, time

_where = os.environ.get("COMPANION_BENCH_GC", "")
if _where:
    _server, _path = _where.split(" ", 1)
    _started = [0.0]

    def _probe(phase, info):
        if info["generation"] != 2:
            return
        if phase == "start":
            _started[0] = time.perf_counter()
        else:
            took = time.perf_counter() - _started[0]
            with open(_path, "a") as out:
                out.write(f"{_server} {os.getpid()} {took * 1000:.2f}\\n")

    gc.callbacks.append(_probe)
"""


def gc_summary(path: Path) -> str:
    """The servers' full garbage collections over the run (from GC_PROBE's file)."""
    taken: dict[str, list[float]] = {"app": [], "bare": []}
    if path.exists():
        for line in path.read_text().splitlines():
            server, _pid, ms = line.split()
            taken.setdefault(server, []).append(float(ms))
    parts = [
        f"{name} {len(ms)} ({sum(ms):.0f} ms in all, the longest {max(ms, default=0):.0f} ms)"
        for name, ms in taken.items()
    ]
    return "full garbage collections in the gunicorn processes over the run: " + ", ".join(parts)
