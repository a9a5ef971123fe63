"""Errors raised by companion.rules (python-chess style: malformed versus illegal)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .core import Violation


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
