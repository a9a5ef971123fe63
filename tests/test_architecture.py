"""The three floors of docs/architecture.md, and which way their imports point: the web layer
(``companion/tables``) may use the games and the engine, the games (``companion/games``) only
the engine, the engine (``companion/rules``) only itself; nothing below Django imports it, and no
module imports one that imports it back, by any road.

Every import is read from the source (``ast``), wherever it is written: at the top of a module,
inside a function, under ``if TYPE_CHECKING``. A lazy import is still a dependency, and a
cycle of them is one a refactor can turn into an import error.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from tests.imports import MODULES, imported


def imports_of(module: str) -> frozenset[str]:
    """What the module named ``module`` imports (tests/imports.py)."""
    return imported(MODULES[module])


def _top(name: str) -> str:
    """The distribution an import comes from: ``django``, ``decimal``, or ``companion.<part>``."""
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "companion" else parts[0]


#: What each floor may import besides the standard library.
ALLOWED = {
    "companion.rules": {"companion.rules"},
    "companion.games": {"companion.rules", "companion.games"},
}


def _floor(floor: str) -> list[str]:
    return [m for m in MODULES if m == floor or m.startswith(floor + ".")]


@pytest.mark.parametrize("floor", sorted(ALLOWED))
def test_a_floor_imports_only_the_floors_below_it(floor: str) -> None:
    """The engine imports only itself; the games only the engine and each other: no Django, no
    web layer, no third-party library, nothing of the project around them (settings, urls)."""
    modules = _floor(floor)
    assert len(modules) >= 10
    wrong = {
        module: sorted(
            name
            for name in imports_of(module)
            if _top(name) not in ALLOWED[floor]
            and name.split(".")[0] not in sys.stdlib_module_names
        )
        for module in modules
    }
    assert {m: names for m, names in wrong.items() if names} == {}


def test_the_web_layer_is_the_only_floor_that_uses_django() -> None:
    users = {
        _top(m)
        for m in MODULES
        if any(name.split(".")[0] == "django" for name in imports_of(m))
        and _top(m).startswith("companion.")
    }
    assert "companion.tables" in users
    assert users.isdisjoint({"companion.rules", "companion.games"})


def _edges(module: str) -> set[str]:
    """The modules of ours ``module`` depends on; its own packages left out (Python imports
    them before it, so ``from . import checks`` in a game's module is no road back)."""
    return {
        name
        for name in imports_of(module)
        if name in MODULES and name != module and not module.startswith(name + ".")
    }


def _cycles(edges: Callable[[str], set[str]] = _edges) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in MODULES:
        if start in index:
            continue
        work = [(start, iter(sorted(edges(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert len(MODULES) > 100
    assert _cycles() == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above can fail: the game views' context made to import the views back."""
    views, context = "companion.tables.views", "companion.tables.context"
    assert context in _edges(views)

    def edges(module: str) -> set[str]:
        return _edges(module) | ({views} if module == context else set())

    assert any({views, context} <= set(group) for group in _cycles(edges))
