"""companion.rules: the pure-Python rules engine core. No Django, no I/O, no clock, no randomness.

Cards, typed events, the ``Rules`` contract every game fulfils, replay of an event log (with voids
and corrections), the shared trick helpers and the money ledger. The games themselves live in
``companion.games`` (one package each), which also holds the registry ``GAMES``.
"""

from __future__ import annotations

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
    effective_voids,
    extend,
    replay,
    resume,
)
from .errors import (
    IllegalEventError,
    InvalidEventError,
    RulesError,
    Severity,
    UnknownGameError,
    Violation,
)
from .events import Abandon, Correction, Event, Void, from_dict, to_dict, with_note

__all__ = [
    "Abandon",
    "Card",
    "CardError",
    "Correction",
    "Event",
    "Family",
    "HandScore",
    "IllegalEventError",
    "InvalidEventError",
    "Option",
    "Outcome",
    "Reminder",
    "Replay",
    "Rules",
    "RulesError",
    "ScoreLine",
    "SetupError",
    "Severity",
    "Suit",
    "UnknownGameError",
    "Violation",
    "Void",
    "deck",
    "effective_voids",
    "extend",
    "format_cards",
    "from_dict",
    "parse_card",
    "parse_cards",
    "replay",
    "resume",
    "to_dict",
    "with_note",
]
