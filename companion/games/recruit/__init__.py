"""Recruit (Fervent Workshop), with our rulings: see ``game.py``."""

from __future__ import annotations

from .game import Deal, Exchange, Pile, Piles, Recruit, RecruitOptions, RecruitState, Trick

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
