"""``manage.py replay`` on a fresh checkout: no settings in the environment, no database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples" / "recruit"
EXAMPLE_LOGS = sorted(
    p for p in EXAMPLES.parent.glob("*/*.json") if not p.name.endswith(".expected.json")
)


def _clean_env() -> dict[str, str]:
    """The environment of someone who just cloned the repository: no Django settings at all."""
    return {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "DATABASE_"))
        and name not in {"PYTEST_VERSION", "COMPANION_TESTING"}
    }


def _replay(path: str, stdin: str | None = None) -> tuple[int, Any, str]:
    """Run the command; returns (exit status, the JSON it printed, stderr)."""
    result = subprocess.run(
        [sys.executable, "manage.py", "replay", path],
        cwd=settings.BASE_DIR,
        env=_clean_env(),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    try:
        printed = json.loads(result.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"not JSON on stdout: {result.stdout!r}\nstderr: {result.stderr}")
    return result.returncode, printed, result.stderr


def test_there_are_examples_to_replay() -> None:
    assert len(EXAMPLE_LOGS) >= 4
    for path in EXAMPLE_LOGS:
        assert path.with_name(f"{path.stem}.expected.json").exists(), path.name


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_replay_prints_the_expected_result(path: Path) -> None:
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())

    status, printed, stderr = _replay(str(path))

    if "error" in expected:
        assert status == 1
        got = printed["error"]
        assert (got["event"], got["code"]) == (
            expected["error"]["event"],
            expected["error"]["code"],
        )
        return
    assert status == 0, stderr
    assert printed["game"] == path.parent.name
    for field in ("hands", "totals", "over", "winners", "flags"):
        assert printed[field] == expected[field], field


def test_replay_prints_the_flagged_irregularities() -> None:
    path = EXAMPLES.parent / "malilla" / "forfeit-confirmed.json"

    status, printed, _ = _replay(str(path))

    assert status == 0
    # Illegal whichever duty it broke once Bob's Q♦ shows (event 6): follow hearts or trump;
    # named a failure to trump once the hearts are out (event 9).
    first, named = printed["flags"]
    assert (first["event"], first["code"]) == (6, "illegal-play")
    assert "Bob had to follow hearts or trump." in first["message"]
    assert (named["event"], named["code"]) == (9, "must-beat")
    assert named["message"].startswith("Trick 4: Bob played 2♣, but opponent Ann was winning")


def test_an_illegal_log_exits_1_naming_the_event(tmp_path: Path) -> None:
    log = json.loads((EXAMPLES / "three-players-quick.json").read_text())
    log["events"][2]["piles"]["Ann"]["cards"] = 16
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))

    status, printed, _ = _replay(str(bad))

    assert status == 1
    assert printed == {
        "error": {
            "event": 2,
            "code": "pile-size",
            "message": "Ann's pile has 16 cards: every trick holds 3 cards, so a pile is a "
            "multiple of 3.",
        }
    }


def test_a_missing_file_exits_1_with_an_error_object(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"

    status, printed, _ = _replay(str(missing))

    assert status == 1
    assert printed["error"]["event"] is None
    assert printed["error"]["code"] == "bad-log"
    assert str(missing) in printed["error"]["message"]


def test_a_file_that_is_not_json_exits_1(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{oops")

    status, printed, _ = _replay(str(junk))

    assert status == 1
    assert printed["error"]["code"] == "bad-log"
    assert printed["error"]["message"].startswith("not JSON")


def test_replay_reads_standard_input() -> None:
    log = (EXAMPLES / "two-players-card-by-card.json").read_text()
    expected = json.loads((EXAMPLES / "two-players-card-by-card.expected.json").read_text())

    status, printed, stderr = _replay("-", stdin=log)

    assert status == 0, stderr
    assert printed["totals"] == expected["totals"]
