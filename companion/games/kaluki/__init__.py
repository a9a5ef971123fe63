"""Kaluki (Caloochi), following our rulings: see ``game.py`` and its helpers ``events``,
``play``, ``checks``, ``text`` and ``examples``."""

from __future__ import annotations

from .game import Kaluki

__all__ = ["Kaluki"]
