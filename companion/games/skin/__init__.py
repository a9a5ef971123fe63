"""Skin: a banking game of matched cards and side bets (``shared/rules/skin/rulings.md``)."""

from __future__ import annotations

from companion.games.skin.game import Skin

__all__ = ["Skin"]
