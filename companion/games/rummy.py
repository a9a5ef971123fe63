"""What the rummy games (Three Thirteen, Jersey Gin and Kaluki) say and check alike: melds
written out, the standing, and the deal passing to the left. Pure, like the games themselves.

>>> from companion.rules.cards import parse_card
>>> str(melds_text([tuple(parse_card(c) for c in ("7S", "7H", "7D"))]))
'7♠ 7♥ 7♦'
>>> str(melds_text([]))
'no meld'
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.cards import Card
from companion.rules.core import Severity, Violation
from companion.rules.text import dot_list, shown, tr


def melds_text(melds: Sequence[tuple[Card, ...]]) -> str:
    """``7♠ 7♥ 7♦ · 5♥ 6♥ 7♥``, or "no meld"."""
    if not melds:
        return tr("no meld")
    return dot_list([shown(meld) for meld in melds])


def standing(names: Sequence[str], totals: Sequence[object]) -> tuple[str, str]:
    """The info row of the running totals, ``Standing: Ann 12 · Bob 7`` (each total as the game
    writes it)."""
    pairs = zip(names, totals, strict=True)
    return (tr("Standing"), dot_list([tr("{player} {score}", player=n, score=t) for n, t in pairs]))


def deal_problems(names: Sequence[str], expected: int | None, dealer: int) -> list[Violation]:
    """The deal passes to the left: another dealer is recorded and flagged (``wrong-dealer``)."""
    if expected is None or dealer == expected:
        return []
    return [
        Violation(
            "wrong-dealer",
            tr(
                "{player} deals, but the deal passes to the left: it was {expected}'s turn.",
                player=names[dealer],
                expected=names[expected],
            ),
            Severity.IRREGULARITY,
            rule="deal",
        )
    ]
