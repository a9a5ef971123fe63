"""Limits that no real table meets, so that nobody can fill the database or stall a server by
sending more than a card game ever holds. Each refusal says which limit, in words.

- ``MAX_ENTRIES``: entries in one game's log, voids and corrections included. A Belote game to
  2000 recorded card by card lasts about 300 entries; the longest game any test or benchmark
  plays is 1,000. Checked on every entry and on import.
- ``MAX_EVENT_BYTES``: one entry as stored (its JSON), which bounds a note typed on an entry.
- ``MAX_IMPORT_BYTES``: a log to import or replay (a log of ``MAX_ENTRIES`` entries written
  out with indentation is well under it).
- ``max_players()``: players seated at one table: twice the most seats any registered game has
  (a table where players sit out in turn, or a club's table that swaps players), and never
  fewer than 12.
- ``MAX_GAMES``: games played at one table (an evening is a few dozen at most); it also keeps
  game numbers far inside their column's small-integer range.
- ``MAX_CLUB_TABLES``: tables in one club.
- ``MAX_AMOUNT``: any amount of money, in minor units (a chip's value, a stake per point, a
  payment marked done) or in a game's chips (a bet, a bank's limits, a side bet): 10^12, ten
  billion at two decimals. It is ``companion.rules.money.MAX_AMOUNT``, so the rules engine
  refuses the same bets on import; the columns that hold amounts are 64-bit.
"""

from __future__ import annotations

from django.utils.translation import gettext

from companion import games
from companion import rules as engine
from companion.rules.money import MAX_AMOUNT

__all__ = [
    "MAX_AMOUNT",
    "MAX_CLUB_TABLES",
    "MAX_ENTRIES",
    "MAX_EVENT_BYTES",
    "MAX_GAMES",
    "MAX_IMPORT_BYTES",
    "entry_too_long",
    "log_full",
    "max_players",
]

MAX_ENTRIES = 5000
MAX_EVENT_BYTES = 8000
MAX_IMPORT_BYTES = 2_000_000
MAX_GAMES = 1000
MAX_CLUB_TABLES = 200


def max_players() -> int:
    """Players one table may seat, from the games' own ranges (read now: games are added)."""
    most = max((cls.seats.stop - 1 for cls in games.GAMES.values()), default=6)
    return max(12, 2 * most)


def log_full(index: int) -> engine.IllegalEventError:
    """The refusal of entry ``index`` of a game whose log is full."""
    return engine.IllegalEventError(
        index,
        [
            engine.Violation(
                "log-full",
                gettext(
                    "This game already holds %(limit)d entries, more than any real game: "
                    "nothing more can be recorded. Start a new game to play on."
                )
                % {"limit": MAX_ENTRIES},
            )
        ],
    )


def entry_too_long(index: int) -> engine.IllegalEventError:
    return engine.IllegalEventError(
        index,
        [
            engine.Violation(
                "entry-too-long",
                gettext(
                    "This entry is longer than any real one (%(limit)d characters): shorten "
                    "its note."
                )
                % {"limit": MAX_EVENT_BYTES},
            )
        ],
    )
