"""companion.rules: the pure-Python rules engine. No Django, no I/O, no clock, no randomness.

The registry ``GAMES`` maps each game key to its rules class; the web app, the replay command and
the rules pages all list games from it.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, CardError, Suit, deck, format_cards, parse_card, parse_cards
from .core import (
    Family,
    HandScore,
    Option,
    Outcome,
    Reminder,
    Replay,
    Rules,
    ScoreLine,
    SetupError,
    Severity,
    Violation,
    effective_voids,
    replay,
)
from .errors import IllegalEventError, InvalidEventError, RulesError, UnknownGameError
from .events import Correction, Event, Void, from_dict, to_dict, with_note
from .log import FORMAT, GameLog, LogError, dump_log, load_log, summarize
from .trick_taking.belote import Belote
from .trick_taking.buck_euchre import BuckEuchre
from .trick_taking.malilla import Malilla
from .trick_taking.recruit import Deal, Exchange, Pile, Piles, Recruit, Trick

GAMES: dict[str, type[Rules[Any, Any]]] = {
    cls.key: cls for cls in (Recruit, Belote, Malilla, BuckEuchre)
}
GAME_CHOICES = [(key, cls.title) for key, cls in GAMES.items()]


def game_choices() -> list[tuple[str, str]]:
    """(key, title) pairs for every registered game; a callable so that adding a game
    to the registry needs no database migration."""
    return list(GAME_CHOICES)


def get_rules(key: str) -> type[Rules[Any, Any]]:
    try:
        return GAMES[key]
    except KeyError:
        raise UnknownGameError(f"unknown game: {key!r} (known: {', '.join(GAMES)})") from None


__all__ = [
    "FORMAT",
    "GAMES",
    "GAME_CHOICES",
    "game_choices",
    "Card",
    "CardError",
    "Deal",
    "Event",
    "Exchange",
    "Family",
    "GameLog",
    "HandScore",
    "IllegalEventError",
    "InvalidEventError",
    "LogError",
    "Option",
    "Outcome",
    "Reminder",
    "Pile",
    "Piles",
    "Recruit",
    "Replay",
    "Rules",
    "RulesError",
    "ScoreLine",
    "SetupError",
    "Severity",
    "Suit",
    "Trick",
    "UnknownGameError",
    "Violation",
    "Void",
    "Correction",
    "deck",
    "dump_log",
    "effective_voids",
    "format_cards",
    "from_dict",
    "get_rules",
    "load_log",
    "parse_card",
    "parse_cards",
    "replay",
    "summarize",
    "to_dict",
    "with_note",
]
