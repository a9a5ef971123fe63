"""Worked scoring examples for Jersey Gin: shown on the rules page, scored through the engine.

Each example is one hand's end (how it ended, who, the three counts after lay-offs) seen from
the player who scores. ``expected`` was worked out by hand from rulings §6.2;
:func:`example_points` scores it with :meth:`JerseyGin.hand_lines`.

>>> points, lines = example_points(EXAMPLES[0])
>>> points
7
"""

from __future__ import annotations

import dataclasses

from companion.games.jersey_gin import play
from companion.games.jersey_gin.game import JerseyGin
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str
    text: str
    end: str
    by: int
    deadwood: tuple[int, int, int]
    expected: int  # the scorer's points, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("A knock"),
        text=tr(
            "Ann knocks with 9. After laying off, Bob has 11 and Cat 14. Ann scores the two "
            "differences: 2 + 5 = 7."
        ),
        end="knock",
        by=0,
        deadwood=(9, 11, 14),
        expected=7,
    ),
    WorkedExample(
        title=tr("An underknock"),
        text=tr(
            "Ann knocks with 8, but after laying off Bob is down to 6 and Cat has 20. Bob "
            "scores instead: 2 against Ann, 14 against Cat, and 10 more: 26."
        ),
        end="knock",
        by=0,
        deadwood=(8, 6, 20),
        expected=26,
    ),
    WorkedExample(
        title=tr("Gin"),
        text=tr(
            "Cat melds all ten cards. Nobody may lay off; Ann holds 12 and Bob 31. Cat scores "
            "12 + 31 + 40 = 83."
        ),
        end="gin",
        by=2,
        deadwood=(12, 31, 0),
        expected=83,
    ),
    WorkedExample(
        title=tr("After the break"),
        text=tr(
            "Bob was the breaker. When the stock is gone Ann has 4, Bob 4 and Cat 9. The tie "
            "involves the breaker, so Bob scores: 0 against Ann, 5 against Cat, no bonus: 5."
        ),
        end="break",
        by=1,
        deadwood=(4, 4, 9),
        expected=5,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    rules = JerseyGin(3, names=NAMES)
    scorer, how = play.hand_winner(ex.end, ex.by, ex.deadwood, rules.options)
    lines = rules.hand_lines(how, ex.by, scorer, ex.deadwood)[scorer]
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
