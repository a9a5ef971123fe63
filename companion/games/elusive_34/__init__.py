"""The Elusive 34, following our rulings: see ``game.py`` and its helpers ``events``,
``play``, ``checks``, ``text`` and ``examples``."""

from __future__ import annotations

from .game import Elusive34

__all__ = ["Elusive34"]
