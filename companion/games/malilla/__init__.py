"""Malilla, following our rulings: see ``game.py`` and its helpers ``play``, ``score`` and
``examples``."""

from __future__ import annotations

from .game import Malilla

__all__ = ["Malilla"]
