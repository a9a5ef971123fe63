"""Worked scoring examples for The Elusive 34: shown on the rules page, scored through the engine.

Each example is one player's end of a hand: the cards they collected in tricks and the cards left
in their hand, by category. ``expected`` was worked out by hand from rule 20 and the value table
of §1.1; :func:`example_points` scores it with :meth:`Elusive34.score_lines`, so the page cannot
drift from the scoring.

>>> points, lines = example_points(EXAMPLES[0])
>>> points
19
"""

from __future__ import annotations

import dataclasses

from companion.games.elusive_34.game import Elusive34
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat", "Dan")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    players: int
    collected: int
    high: int
    middle: int
    low: int
    joker: bool
    expected: int  # worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("The last one standing"),
        text=tr(
            "Three players. Ann outlasted the others: she took 14 cards in tricks and kept a "
            "king, a 9 and a 6. 14 for the cards, +5 for the king, nothing for the Middle "
            "cards: 19."
        ),
        players=3,
        collected=14,
        high=1,
        middle=2,
        low=0,
        joker=False,
        expected=19,
    ),
    WorkedExample(
        title=tr("Stuck with low cards"),
        text=tr(
            "Three players. Bob was knocked out early with nothing collected, holding a king, "
            "two Middle cards and a 3: 0 + 5 − 5 = 0."
        ),
        players=3,
        collected=0,
        high=1,
        middle=2,
        low=1,
        joker=False,
        expected=0,
    ),
    WorkedExample(
        title=tr("Caught with the Joker"),
        text=tr(
            "Three players. Cat collected 4 cards but still held the Joker and two Low cards: "
            "4 − 10 − 7 = −13."
        ),
        players=3,
        collected=4,
        high=0,
        middle=0,
        low=2,
        joker=True,
        expected=-13,
    ),
    WorkedExample(
        title=tr("Two players count smaller"),
        text=tr(
            "Two players use +4, −4 and −6. Dan collected 9 cards and kept two aces, a 2 and "
            "the Joker: 9 + 8 − 4 − 6 = 7."
        ),
        players=2,
        collected=9,
        high=2,
        middle=0,
        low=1,
        joker=True,
        expected=7,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (points, [(explanation line, points), ...])."""
    rules = Elusive34(ex.players, names=NAMES[: ex.players])
    zeros = [0] * ex.players
    lines = rules.score_lines(
        [ex.collected, *zeros[1:]],
        [ex.high, *zeros[1:]],
        [ex.middle, *zeros[1:]],
        [ex.low, *zeros[1:]],
        0 if ex.joker else None,
    )[0]
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
