"""The syntax trees of the app's source files, made once, while the tests are collected.

CPython 3.11 before 3.11.8 keeps the AST converter's recursion depth for the whole interpreter,
not per thread (python/cpython#106905): a tree made while another thread compiles code (the
live server answering a browser test's last request, say, evaluating a type hint or a
translation's plural rule) can fail with "SystemError: AST constructor recursion depth
mismatch". A CI run hit it twice in one session. Collection runs before any test starts a
server thread, so every tree a test reads is made then, never while a test runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Every Python file of the app (``companion/``), its syntax tree.
TREES: dict[Path, ast.Module] = {
    path: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for path in sorted((ROOT / "companion").rglob("*.py"))
}


def tree(path: Path) -> ast.Module:
    """The syntax tree of the app's file at ``path``, made at collection."""
    return TREES[path.resolve()]
