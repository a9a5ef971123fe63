"""companion.games: one package per game, each pure Python like ``companion.rules`` (no Django, no
I/O, no clock, no randomness), and the registry of them all.

Adding a game means a new package here (its events, play, scoring, text and examples modules),
its entry forms (``companion/tables/entry/<key>.py``), its templates, its docs page, and one line
in ``_GAME_CLASSES`` below. The web app, the replay command and the rules pages all read ``GAMES``.
"""

from __future__ import annotations

from typing import Any

from companion.rules.core import Rules
from companion.rules.errors import UnknownGameError

from .ace_deuce_jack import AceDeuceJack
from .bastard import Bastard
from .belote import Belote
from .big_three import BigThree
from .buck_euchre import BuckEuchre
from .elusive_34 import Elusive34
from .jersey_gin import JerseyGin
from .kaluki import Kaluki
from .malilla import Malilla
from .recruit import Recruit
from .skin import Skin
from .three_thirteen import ThreeThirteen
from .ui77 import Ui77
from .ziginette import Ziginette

_GAME_CLASSES: tuple[type[Rules[Any, Any]], ...] = (
    Recruit,
    Belote,
    Malilla,
    BuckEuchre,
    Elusive34,
    Bastard,
    BigThree,
    ThreeThirteen,
    Ui77,
    AceDeuceJack,
    Ziginette,
    JerseyGin,
    Skin,
    Kaluki,
)

GAMES: dict[str, type[Rules[Any, Any]]] = {cls.key: cls for cls in _GAME_CLASSES}
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


__all__ = ["GAMES", "GAME_CHOICES", "game_choices", "get_rules"]
