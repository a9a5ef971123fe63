"""``bin/start``'s options: a port other than 8000, and clear refusals of a bad one.

Only the argument handling is run here (it exits before installing or migrating); the server it
starts is the one every web test exercises.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

START = Path(__file__).resolve().parent.parent / "bin" / "start"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(START), *args], capture_output=True, text=True, timeout=30, check=False
    )


def test_help_names_the_port_option() -> None:
    done = run("--help")
    assert done.returncode == 0
    assert "--port 8001" in done.stdout
    assert "--lan" in done.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--port",), "--port needs a number"),
        (("--port", "x"), "not 'x'"),
        (("--port=0",), "from 1 to 65535, not '0'"),
        (("--port", "70000"), "not '70000'"),
        (("--lan", "--port", "-1"), "not '-1'"),
        (("--ports",), "unknown option '--ports'"),
    ],
)
def test_a_bad_port_is_refused_before_anything_runs(args: tuple[str, ...], said: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert said in done.stderr
    assert done.stdout == ""
