"""Errors raised by companion.rules (python-chess style: malformed versus illegal)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence


class Severity(enum.StrEnum):
    ERROR = "error"  # refused: nothing is recorded
    IRREGULARITY = "irregularity"  # recorded and flagged (a revoke seen after the fact)


@dataclasses.dataclass(frozen=True)
class Violation:
    code: str  # stable kebab-case slug: "must-follow-suit"
    message: str  # one sentence for the phone, naming the player, the card and the rule
    severity: Severity = Severity.ERROR
    rule: str = ""  # anchor of the rule on the game's rules page ("follow-suit")


class RulesError(ValueError):
    """Base class for everything companion.rules raises."""


class InvalidEventError(RulesError):
    """The event is malformed: an unknown card, a seat out of range, a missing field."""

    code = "invalid-event"


class UnknownGameError(RulesError):
    """No game is registered under that key."""


class IllegalEventError(RulesError):
    """The event is well formed but the rules do not allow it in the current state."""

    def __init__(self, index: int, violations: Sequence[Violation]) -> None:
        super().__init__("; ".join(v.message for v in violations))
        self.index = index
        self.violations = tuple(violations)
