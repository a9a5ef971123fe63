"""Big Three (Dig a Hole), following our rulings: see ``game.py`` and its helpers ``events``,
``play`` (the combinations), ``checks``, ``text`` and ``examples``."""

from __future__ import annotations

from .game import BigThree

__all__ = ["BigThree"]
