"""What the rummy games (Three Thirteen and Jersey Gin) say and check alike: lists joined with
dots, melds written out, and the deal passing to the left. Pure, like the games themselves.

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
from companion.rules.text import shown, tr


def dot_list(parts: Sequence[str]) -> str:
    """``a · b · c``."""
    out = parts[0]
    for part in parts[1:]:
        out = tr("{items} · {item}", items=out, item=part)
    return out


def melds_text(melds: Sequence[tuple[Card, ...]]) -> str:
    """``7♠ 7♥ 7♦ · 5♥ 6♥ 7♥``, or "no meld"."""
    if not melds:
        return tr("no meld")
    return dot_list([shown(meld) for meld in melds])


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
