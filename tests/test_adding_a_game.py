"""docs/architecture.md's "Adding a game" and "The anatomy of a game", checked for every game in
the registry: the lists are read from the page itself, so the page and this test cannot part.

A bullet that opens with a path in backquotes is a file the game needs. A path with ``<game>``
in it is the game's own (its key put in): it must exist (a folder, not empty; a pattern with
``*``, at least one match). A path without it is shared by every game, and must name the key.
The anatomy's modules (``companion/games/<game>/<module>.py``) must also import.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from companion.games import GAMES
from companion.tables.entry import describer, forms_for

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
#: A list item opening with a path: ``- `companion/games/<game>/events.py` – ...``.
_ITEM = re.compile(r"^- `([^`]+)`", re.MULTILINE)


def listed(heading: str) -> list[str]:
    """The paths listed in the section of docs/architecture.md under ``## heading``."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return _ITEM.findall(text[start : end if end >= 0 else len(text)])


ANATOMY = listed("The anatomy of a game")
ADDING = listed("Adding a game")
KEYS = sorted(GAMES)


def test_the_page_lists_the_anatomy_and_the_files_of_a_game() -> None:
    modules = [Path(p).stem for p in ANATOMY]
    assert modules == ["__init__", "events", "play", "checks", "text", "game", "examples"]
    assert all(p.startswith("companion/games/<game>/") for p in ANATOMY)
    assert len(ADDING) >= 12
    assert "companion/games/__init__.py" in ADDING  # the registry
    assert "companion/tables/entry/<game>.py" in ADDING


@pytest.mark.parametrize("key", KEYS)
def test_a_game_s_package_is_named_by_its_key(key: str) -> None:
    """The entry forms, the templates and the docs are all found by the key."""
    module = GAMES[key].__module__
    assert module.rsplit(".", 1)[0] == f"companion.games.{key}"


def _missing(key: str, pattern: str) -> str | None:
    """What is wrong with ``pattern`` (a path of the list) for game ``key``, or None."""
    if "<game>" in pattern:
        path = pattern.replace("<game>", key)
        if "*" in path:
            return None if list(ROOT.glob(path)) else f"nothing matches {path}"
        if path.endswith("/"):
            folder = ROOT / path
            return None if folder.is_dir() and any(folder.iterdir()) else f"no folder {path}"
        return None if (ROOT / path).is_file() else f"no file {path}"
    shared = sorted(ROOT.glob(pattern))
    if not shared:
        return f"no file {pattern}"
    silent = [str(p.relative_to(ROOT)) for p in shared if key not in p.read_text("utf-8")]
    return f"{', '.join(silent)} never names {key!r}" if silent else None


@pytest.mark.parametrize("key", KEYS)
def test_every_file_a_game_touches_is_there(key: str) -> None:
    problems = [why for pattern in ADDING if (why := _missing(key, pattern))]
    assert problems == []


@pytest.mark.parametrize("key", KEYS)
def test_a_game_package_has_the_anatomy_s_modules(key: str) -> None:
    """Every game is shaped alike: ``events``, ``play``, ``checks``, ``text``, ``game`` and
    ``examples`` (a game may have more), each a module that imports."""
    missing = []
    for pattern in ANATOMY:
        path = ROOT / pattern.replace("<game>", key)
        stem = path.stem
        name = f"companion.games.{key}" + ("" if stem == "__init__" else f".{stem}")
        if not path.is_file():
            missing.append(path.name)
        else:
            importlib.import_module(name)
    assert missing == [], f"companion/games/{key}/ has no {', '.join(missing)}"


@pytest.mark.parametrize("key", KEYS)
def test_a_game_s_entry_module_records_every_event_it_takes(key: str) -> None:
    """``companion/tables/entry/<game>.py``: a form for every event kind of the game but the
    engine's own (void, correction, abandon), each with a template that loads, and a
    describer for the history."""
    forms = forms_for(key)
    engine_kinds = {"void", "correction", "abandon"}
    # A form records its own kind of event, or (``records``) several of another kind at once.
    assert {f.records or k for k, f in forms.items()} <= set(GAMES[key].event_types) - engine_kinds
    assert forms, f"no entry forms for {key}"
    for kind, form in forms.items():
        assert form.kind == kind
        get_template(form.template)
    assert callable(describer(key))
