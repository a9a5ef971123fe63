"""bench/club.py's setup (the package bench/clubnight/), quickly: each kind of table it builds
holds a legal game, every entry it keeps to post is accepted by the entry form that records it,
and the first few are recorded over the stable interfaces (the record URL, the form's fields, an
htmx POST). The benchmark itself (gunicorn, PostgreSQL, load) is run by hand:
``.venv/bin/python bench/club.py``."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    """``clubnight.<name>``, the package loaded from bench/clubnight/ without putting bench/ (a
    folder of scripts) on the path."""
    if "clubnight" not in sys.modules:
        folder = ROOT / "bench" / "clubnight"
        spec = importlib.util.spec_from_file_location(
            "clubnight", folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules["clubnight"] = package  # its modules import each other through it
        spec.loader.exec_module(package)
    return importlib.import_module(f"clubnight.{name}")


club = _load("build")
servers = _load("servers")


def _sim(game: str, mode: str) -> Any:
    sims = club._sims()
    if game == "belote":
        return club.sim_belote(sims, 7, mode)
    if game == "recruit":
        return club.sim_recruit(sims, 7, 4)
    if game == "malilla":
        return club.sim_malilla(sims, 7)
    cards, quick = club.sim_buck(sims, 7)
    return cards if mode == "cards" else quick


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "mode"), sorted(set(club.MIX)))
def test_a_mid_game_table_records_its_next_entries(client: Client, game: str, mode: str) -> None:
    from companion.tables.models import Event

    sim = _sim(game, mode)
    prefill = club.prefill_count(len(sim.events), 150)
    plan = club.create(club.Prepared("smoke", sim, prefill, len(sim.events)), 1)
    assert plan["prefilled"] == prefill
    assert len(plan["posts"]) == len(sim.events) - prefill  # every one accepted by its form
    base = f"/t/{plan['key']}/g/{plan['number']}/"
    assert client.get(base).status_code == 200
    posts = plan["posts"][:5]
    for kind, fields in posts:
        response = client.post(
            base + f"record/{kind}/",
            {**fields, "client_id": str(uuid.uuid4())},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200, (kind, fields)
        assert not response.has_header("HX-Retarget"), (kind, fields)  # refused: the form again
    assert Event.objects.filter(game_id=plan["game_id"]).count() == prefill + len(posts)


def test_the_garbage_collector_probe_times_each_full_collection(tmp_path: Path) -> None:
    """club.py puts GC_PROBE on the servers' path as sitecustomize: a process started with
    COMPANION_BENCH_GC writes down each full collection; one started without it, nothing."""
    import os
    import subprocess

    (tmp_path / "sitecustomize.py").write_text(servers.GC_PROBE)
    log = tmp_path / "gc.log"
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    collect = [sys.executable, "-c", "import gc; gc.collect(); gc.collect(); gc.collect(0)"]
    subprocess.run(collect, env=env, check=True)
    assert not log.exists()
    subprocess.run(collect, env={**env, "COMPANION_BENCH_GC": f"app {log}"}, check=True)
    lines = log.read_text().splitlines()
    assert len(lines) >= 2 and all(line.split()[0] == "app" for line in lines)
    assert servers.gc_summary(log).startswith(
        f"full garbage collections in the gunicorn processes over the run: app {len(lines)} ("
    )
