"""Jersey Gin, following our rulings: see ``game.py`` and its helpers ``events``, ``play``,
``checks``, ``text``, ``examples`` and ``turns`` (the play recorded draw by draw)."""

from __future__ import annotations

from .game import JerseyGin

__all__ = ["JerseyGin"]
