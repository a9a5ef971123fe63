"""companion.rules and companion.games are pure Python: no Django, no I/O, no clock, no randomness
(STYLE.md 12.1)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import companion.rules
from tests.imports import imported

RULES_DIR = Path(companion.rules.__file__).parent
PACKAGE_DIR = RULES_DIR.parent
PURE = ("rules", "games")
SOURCES = sorted(p for name in PURE for p in (PACKAGE_DIR / name).rglob("*.py"))

IMPORT_EVERYTHING = """
import json, pkgutil, importlib, sys
import companion.rules, companion.games
names = ["companion.rules", "companion.games"]
for package in (companion.rules, companion.games):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
        names.append(info.name)
django = sorted(m for m in sys.modules if m.startswith("django"))
print(json.dumps({"imported": names, "django": django}))
"""


def test_importing_every_rules_module_pulls_in_no_django() -> None:
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERYTHING],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=RULES_DIR.parent.parent,
    )
    report = json.loads(done.stdout)
    assert report["django"] == []
    assert "companion.games.recruit.game" in report["imported"]
    expected = {
        "companion." + ".".join(p.relative_to(PACKAGE_DIR).with_suffix("").parts)
        for p in SOURCES
        if p.name != "__init__.py"
    }
    assert expected <= set(report["imported"])


FORBIDDEN = [
    (r"^\s*import\s+django\b", "imports django"),
    (r"^\s*from\s+django\b", "imports from django"),
    (r"\brandom\b", "uses random"),
    (r"\bdatetime\.now\b", "reads the clock (datetime.now)"),
    (r"\btime\.time\b", "reads the clock (time.time)"),
    (r"\bopen\(", "opens files"),
]


def test_the_rules_package_has_source_files() -> None:
    assert len(SOURCES) >= 5


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE_DIR)))
def test_rules_source_has_no_django_io_clock_or_randomness(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {why} ({m.group(0).strip()!r})"
        for pattern, why in FORBIDDEN
        for m in re.finditer(pattern, text, re.MULTILINE)
    ]
    assert found == []


GAME_PACKAGES = sorted(p.parent for p in (PACKAGE_DIR / "games").glob("*/game.py"))
MAY_USE_THE_GAME = {"game.py", "__init__.py", "examples.py"}


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_no_helper_of_a_game_imports_its_game_module(package: Path) -> None:
    """Helpers (events, cards, checks, play, score, text) get what they need passed in, or
    typed by a small Protocol: importing game.py back would make an import cycle."""
    game = f"companion.games.{package.name}.game"
    helpers = [p for p in sorted(package.glob("*.py")) if p.name not in MAY_USE_THE_GAME]
    offenders = [p.name for p in helpers if game in imported(p)]
    assert offenders == [], f"{', '.join(offenders)} import {game}"


def test_the_engine_core_imports_nothing_from_the_games() -> None:
    for path in sorted(RULES_DIR.rglob("*.py")):
        games = sorted(n for n in imported(path) if n.startswith("companion.games"))
        assert games == [], f"{path.name} imports {games}"
