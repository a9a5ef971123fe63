"""Ace-Deuce-Jack: a banking game of pure chance (``shared/rules/ace-deuce-jack/rulings.md``)."""

from __future__ import annotations

from companion.games.ace_deuce_jack.game import AceDeuceJack

__all__ = ["AceDeuceJack"]
