"""Recruit (Fervent Workshop), with our rulings: see ``game.py``."""

from __future__ import annotations

from .events import Deal, Exchange, Pile, Piles, RecruitOptions, RecruitState, Trick
from .game import Recruit

__all__ = [
    "Deal",
    "Exchange",
    "Pile",
    "Piles",
    "Recruit",
    "RecruitOptions",
    "RecruitState",
    "Trick",
]
