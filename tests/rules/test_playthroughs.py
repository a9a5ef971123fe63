"""Golden playthroughs: recorded games whose expected results were worked out by hand from
the rulings (never copied from the engine's output). Each is replayed through the engine.

* ``tests/rules/playthroughs/<game>/*.json``: {"description", "log", "expected"}
* ``docs/examples/<game>/<name>.json`` with ``<name>.expected.json`` beside it.

``expected`` is the ``replay`` command's output (hands, totals, over, winners, and ``flags``:
``[{"event", "code", "message"}, ...]``, every irregularity the rules must flag and nothing more;
a golden may give them shorter, as ``[[event index, code], ...]``), or
``{"error": {"event": index, "code": ...}}`` for a log the rules must refuse. Every example in
``docs/examples`` states its flags, an empty list when there is none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.log import LogError, load_log, summarize

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests/rules/playthroughs").glob("*/*.json"))
EXAMPLES = sorted(p for p in (ROOT / "docs/examples").glob("*/*.json") if ".expected" not in p.name)


def _cases() -> list[Any]:
    cases = []
    for path in GOLDEN:
        data = json.loads(path.read_text())
        cases.append(
            pytest.param(data["log"], data["expected"], id=f"{path.parent.name}/{path.stem}")
        )
    for path in EXAMPLES:
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        cases.append(pytest.param(json.loads(path.read_text()), expected, id=f"docs/{path.stem}"))
    return cases


@pytest.mark.parametrize(("log", "expected"), _cases())
def test_playthrough(log: dict[str, Any], expected: dict[str, Any]) -> None:
    if "error" in expected:
        with pytest.raises(LogError) as info:
            summarize(load_log(log))
        got = info.value.as_json()["error"]
        assert (got["event"], got["code"]) == (
            expected["error"]["event"],
            expected["error"]["code"],
        )
        return
    result = summarize(load_log(log))
    for key in ("game", "hands", "totals", "over", "winners", "money"):
        if key in expected:
            assert result[key] == expected[key], key
    if "flags" in expected:
        flags = expected["flags"]
        if flags and isinstance(flags[0], list):  # the short form: [event index, code]
            flags = [{"event": i, "code": code} for i, code in flags]
        assert len(result["flags"]) == len(flags), result["flags"]
        pairs = zip(result["flags"], flags, strict=True)
        assert [{key: flag[key] for key in want} for flag, want in pairs] == flags


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_states_its_flags(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert "error" in expected or "flags" in expected


def test_there_are_goldens_and_examples_for_recruit() -> None:
    assert len([p for p in GOLDEN if p.parent.name == "recruit"]) >= 12
    assert len([p for p in EXAMPLES if p.parent.name == "recruit"]) >= 4
