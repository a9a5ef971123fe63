"""Belote, following our rulings: see ``game.py`` (the rules class) and its helper modules
``events``, ``cards``, ``checks``, ``play``, ``score``, ``text`` and ``examples``."""

from __future__ import annotations

from .game import Belote

__all__ = ["Belote"]
