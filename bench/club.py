"""Benchmark: a club night's recording and watching, side by side with a bare Django view.

    .venv/bin/python bench/club.py [--tables 50] [--entries 150] [--connections 16]
                                   [--workers 2] [--threads 1] [--seconds 10]

The benchmark is the package ``bench/clubnight/``: its docstring says what is measured and how,
and which module holds each part (the servers, the tables, the load, one module per measure,
the report). This file runs it, and gives the benchmarks that ``import club`` (``flat.py``,
``memory.py``, ``record_cpu.py``, which also runs an earlier checkout's ``club.py``) the games
and the entries they build on.
"""

from __future__ import annotations

from clubnight.__main__ import main
from clubnight.build import (
    MIX,
    Prepared,
    _sims,
    create,
    form_fields,
    prefill_count,
    sim_belote,
    sim_buck,
    sim_malilla,
    sim_recruit,
)
from clubnight.client import PHONE

__all__ = [
    "MIX",
    "PHONE",
    "Prepared",
    "_sims",
    "create",
    "form_fields",
    "prefill_count",
    "sim_belote",
    "sim_buck",
    "sim_malilla",
    "sim_recruit",
]

if __name__ == "__main__":
    main()
