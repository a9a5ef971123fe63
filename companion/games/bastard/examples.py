"""Worked examples for Bastard's rules page, scored through the engine.

Each example is one game's finishing order (groups of players who went out together), seen
from one player. ``expected`` was worked out by hand from rulings §3.2 rule 9 and B-13;
:func:`example_points` scores it with :meth:`Bastard.score_lines`.

>>> points, lines = example_points(EXAMPLES[1])
>>> points, [(str(label), n) for label, n in lines]
(1, [('Out first, together with Bob: a win', 1)])
"""

from __future__ import annotations

import dataclasses

from companion.games.bastard.game import Bastard
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat", "Dan")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    groups: tuple[tuple[int, ...], ...]  # finishing order; the last group is the bastard
    seat: int  # the player the example is about
    expected: int  # their points, worked out by hand
    bastard_point: bool = False


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("A plain win"),
        text=tr(
            "Cat gets rid of her last card before anyone else. That is a win for her tally: +1."
        ),
        groups=((2,), (0,), (3,), (1,)),
        seat=2,
        expected=1,
    ),
    WorkedExample(
        title=tr("Two winners at once"),
        text=tr(
            "Dan cannot beat his own queen after everyone passed, and the stock is empty. Ann "
            "and Bob each give him their last card and are out together: both win, +1 each."
        ),
        groups=((0, 1), (2,), (3,)),
        seat=0,
        expected=1,
    ),
    WorkedExample(
        title=tr("The bastard, tally only"),
        text=tr(
            "Bob is the last one holding cards. By default that goes into the evening's tally "
            "of bastards and costs no point: 0."
        ),
        groups=((2,), (0,), (3,), (1,)),
        seat=1,
        expected=0,
    ),
    WorkedExample(
        title=tr("The bastard, with a point off"),
        text=tr("The same game at a table that chose to take a point off the bastard: Bob −1."),
        groups=((2,), (0,), (3,), (1,)),
        seat=1,
        expected=-1,
        bastard_point=True,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (points, [(explanation line, points), ...])."""
    rules = Bastard(len(NAMES), {"bastard_point": ex.bastard_point}, names=NAMES)
    lines = rules.score_lines(ex.groups)[ex.seat]
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
