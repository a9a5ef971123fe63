"""What a module of ``companion`` imports, read from its source with ``ast``: every import
statement, wherever it is written (at the top, inside a function, under ``if TYPE_CHECKING``),
relative imports resolved. Shared by the floors' test (tests/test_architecture.py) and the
engine's purity test (tests/rules/test_purity.py)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from tests.syntax import tree

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    """``companion/games/belote/game.py`` -> ``companion.games.belote.game`` (a package's
    ``__init__.py``: the package's name)."""
    parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: Every module of companion (migrations aside), by name.
MODULES = {
    module_name(p): p
    for p in sorted(PACKAGE.rglob("*.py"))
    if "migrations" not in p.relative_to(ROOT).parts
}


@cache
def imported(path: Path) -> frozenset[str]:
    """Every module the file at ``path`` imports, as written: ``from p import n`` is ``p.n``
    when that is a module of ours, else ``p``."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    names: set[str] = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES}
            names.update(subs)
            if len(subs) < len(node.names):
                names.add(base)
    return frozenset(names)
