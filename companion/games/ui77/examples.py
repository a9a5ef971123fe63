"""Worked scoring examples for Ui77: shown on the rules page, scored through the engine.

``expected`` was worked out by hand from rulings §4.2 (rule 13) and U-7/U-8; :func:`example_points`
scores each with :meth:`Ui77.score_lines` and :meth:`Ui77.go_nov`, so the page cannot drift
from the scoring.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(1, [('2 tricks won, target 3: 1 away', 1), ('0 cards left outside the slough suit', 0)])
"""

from __future__ import annotations

import dataclasses

from companion.games.ui77.game import Ui77
from companion.rules.core import ScoreLine
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    target: int
    won: int
    outside: int  # cards left in hand outside the slough suit
    expected: int  # the player's points for the hand, worked out by hand
    cut: bool = False
    #: A Go Nov: everyone's totals after the hand, the goal, and the player the example is about.
    nov: tuple[tuple[int, ...], int, int] | None = None


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("One trick short"),
        text=tr(
            "The target is 3. Ann takes 2 tricks and played her last card to end the hand: 1 point."
        ),
        target=3,
        won=2,
        outside=0,
        expected=1,
    ),
    WorkedExample(
        title=tr("Too many tricks, and cards stuck in hand"),
        text=tr(
            "The target is 3. Bob takes 5 tricks, two too many, and still holds three cards, "
            "one of them of the slough suit: 2 for the tricks and 2 for the two other cards."
        ),
        target=3,
        won=5,
        outside=2,
        expected=4,
    ),
    WorkedExample(
        title=tr("On target, but a cut offered"),
        text=tr(
            "The target is 7 (a king as Card Three). Cat takes exactly 7 tricks and holds only "
            "slough cards, but as dealer Cat offered a cut: 1 point."
        ),
        target=7,
        won=7,
        outside=0,
        expected=1,
        cut=True,
    ),
    WorkedExample(
        title=tr("Go Nov"),
        text=tr(
            "The goal is 44. After a hand Dan's total is exactly 44 and the others have 30, 21 "
            "and 40. Dan's total becomes their average, 91 ÷ 3 = 30.33, rounded to 30. This "
            "hand's own points for Dan were 0 tricks off target and no card left."
        ),
        target=2,
        won=2,
        outside=0,
        expected=-14,
        nov=((30, 21, 40, 44), 44, 3),
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (points, [(explanation line, points), ...])."""
    seats = len(ex.nov[0]) if ex.nov else 4
    rules = Ui77(seats, names=NAMES[:seats])
    lines = list(rules.score_lines(ex.target, ex.won, ex.outside, ex.cut))
    if ex.nov is not None:
        totals, goal, seat = ex.nov
        reset = rules.go_nov(totals, goal)[seat]
        label = tr(
            "Go Nov: landed exactly on {goal}, so the total becomes {total}, the average of the "
            "others",
            goal=goal,
            total=reset,
        )
        lines.append(ScoreLine(label, reset - totals[seat], "go-nov"))
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
