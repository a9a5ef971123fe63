"""Entry forms: one small Django form per event kind, per game, each building a rules Event.

The forms only turn taps into an event; every rule is checked once, by the engine, when the
event is recorded. A game registers its forms in ``GAME_FORMS``.
"""

from __future__ import annotations

from typing import Any

from .base import EntryForm
from .belote import BELOTE_FORMS, describe_belote
from .buck_euchre import BUCK_EUCHRE_FORMS, describe_buck_euchre
from .malilla import MALILLA_FORMS, describe_malilla
from .recruit import RECRUIT_FORMS, describe_recruit

GAME_FORMS: dict[str, dict[str, type[EntryForm]]] = {
    "recruit": RECRUIT_FORMS,
    "belote": BELOTE_FORMS,
    "malilla": MALILLA_FORMS,
    "buck_euchre": BUCK_EUCHRE_FORMS,
}
DESCRIBERS: dict[str, Any] = {
    "recruit": describe_recruit,
    "belote": describe_belote,
    "malilla": describe_malilla,
    "buck_euchre": describe_buck_euchre,
}


def forms_for(key: str) -> dict[str, type[EntryForm]]:
    return GAME_FORMS.get(key, {})


__all__ = ["DESCRIBERS", "GAME_FORMS", "EntryForm", "forms_for"]
