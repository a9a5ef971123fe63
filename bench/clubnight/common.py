"""What every part of the benchmark shares: where things are, the ports and databases, the
goals, the few helpers that print, and what each measure is given (``Run``)."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .client import Csrf
    from .servers import Server

BENCH = Path(__file__).resolve().parents[1]
ROOT = BENCH.parent
#: The command (``bench/club.py``): the setup step and the count run it again in a subprocess.
SCRIPT = BENCH / "club.py"
BARE_DIR = BENCH / "bare"
APP_PORT, BARE_PORT = 8801, 8802
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
APP_DB, BARE_DB = "companion_bench_club", "bench_bare"
SECRET = "club-bench-" + "k" * 50

# Goals, as ratios to bare Django (the issue).
RECORD_RATIO, RECORD_P95_MS = 0.25, 50.0
POLL_RATIO, POLL_QUERIES = 0.6, 1
PAGE_RATIO = 0.2
FIRST_LOAD_KB = 60
SAME = 1.5  # "the same at entry 10 and entry 1,000": p50 at most this many times entry 10's


class SetupFailed(RuntimeError):
    pass


def say(text: str = "") -> None:
    print(text, flush=True)


def p(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000 if ordered else float("nan")


def fmt(value: float, digits: int = 1) -> str:
    return "-" if value != value else f"{value:,.{digits}f}"  # NaN: nothing measured


@dataclasses.dataclass
class Run:
    """What each measure is given: the arguments, the plan the setup step wrote, the two
    servers, the CSRF cookie and token the app's phones send, and the load's shape."""

    args: argparse.Namespace
    plan: dict[str, Any]
    app: Server
    bare: Server
    csrf: Csrf
    conns: int  # --connections
    secs: float  # --seconds
    procs: int  # load generator processes
    rounds: int  # turns of the app and bare Django in each --seconds
    part: float  # seconds of each turn
