"""Buck Euchre, following our rulings: see ``game.py`` and its helpers ``checks``, ``play``,
``text`` and ``examples``."""

from __future__ import annotations

from .game import BuckEuchre

__all__ = ["BuckEuchre"]
