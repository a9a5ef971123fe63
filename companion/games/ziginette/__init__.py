"""Ziginette: a banking game on board cards (``shared/rules/ziginette/rulings.md``)."""

from __future__ import annotations

from companion.games.ziginette.game import Ziginette

__all__ = ["Ziginette"]
