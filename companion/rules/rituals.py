"""Set-up rituals that deal cards face up round the table until a card of some kind shows
(The Elusive 34: the first Middle card; Ui77: the first club): who received it deals first.

The games check their own stopping card; what they share is who got the last card dealt.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .errors import Violation
from .text import tr


def receiver(start: int | None, count: int, n_seats: int) -> int:
    """The seat that received the ``count``-th card dealt face up, one a player, from
    ``start`` (default: the first seat).

    >>> receiver(1, 3, 3)
    0
    """
    return ((start or 0) + count - 1) % n_seats


def first_dealer_problems(
    names: Sequence[str], cards: Sequence[Card], start: int | None, dealer: int, rule: str
) -> list[Violation]:
    """``wrong-first-dealer`` when the last of ``cards`` went to someone else than ``dealer``."""
    got = receiver(start, len(cards), len(names))
    if got == dealer:
        return []
    return [
        Violation(
            "wrong-first-dealer",
            tr(
                "{card} went to {player}, so {player} deals first, not {other}.",
                card=cards[-1],
                player=names[got],
                other=names[dealer],
            ),
            rule=rule,
        )
    ]
