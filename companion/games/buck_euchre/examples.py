"""Worked scoring examples for Buck Euchre: shown on the rules page, scored through the engine.

Each example is one hand (who chose trump, who dropped, the tricks of all four players) seen from
one player. ``expected`` was worked out by hand from rulings §8.2.6; :func:`example_points`
scores the hand with :meth:`BuckEuchre.score_lines`, so the page cannot drift from the scoring.

>>> points, lines = example_points(EXAMPLES[1])
>>> points, [(str(label), n) for label, n in lines]
(5, [('Euchred: 2 tricks as declarer, 3 needed', 5)])
"""

from __future__ import annotations

import dataclasses

from companion.games.buck_euchre.game import BuckEuchre
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat", "Dan")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    declarer: int | None  # seat, None when nobody chose trump (dirty clubs, no trump)
    dropped: frozenset[int]
    tricks: tuple[int, int, int, int]  # Ann, Bob, Cat, Dan
    seat: int  # the player the example is about
    expected: int  # their points, worked out by hand
    no_trump: bool = False


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("The declarer makes it"),
        text=tr(
            "Cat orders up the upcard and wins 4 tricks. She needed 3, so she simply knocks 4 "
            "points off her score: −4."
        ),
        declarer=2,
        dropped=frozenset({3}),
        tricks=(1, 0, 4, 0),
        seat=2,
        expected=-4,
    ),
    WorkedExample(
        title=tr("Euchred"),
        text=tr(
            "Bob names hearts in the second round but wins only 2 tricks, one short of the 3 "
            "he promised. His 2 tricks earn nothing; he goes back up 5: +5."
        ),
        declarer=1,
        dropped=frozenset(),
        tricks=(1, 2, 2, 0),
        seat=1,
        expected=5,
    ),
    WorkedExample(
        title=tr("Stayed in and got nothing"),
        text=tr(
            "In the same hand Dan chose to play on and never won a trick: +5, just like a "
            "euchred declarer."
        ),
        declarer=1,
        dropped=frozenset(),
        tricks=(1, 2, 2, 0),
        seat=3,
        expected=5,
    ),
    WorkedExample(
        title=tr("Dropping out is free"),
        text=tr(
            "Dan looked at a weak hand and dropped out. Whatever happens, his score does not "
            "move: 0."
        ),
        declarer=2,
        dropped=frozenset({3}),
        tricks=(1, 0, 4, 0),
        seat=3,
        expected=0,
    ),
    WorkedExample(
        title=tr("Dirty clubs: no way out"),
        text=tr(
            "A club was turned up, so clubs are trump, nobody chose them and nobody may drop. "
            "Ann wins no trick and takes the +5 she could not escape."
        ),
        declarer=None,
        dropped=frozenset(),
        tricks=(0, 2, 2, 1),
        seat=0,
        expected=5,
    ),
    WorkedExample(
        title=tr("No trump: one trick is enough"),
        text=tr(
            "Everyone passed twice, so the hand is played without trump and without a "
            "declarer. Bob scrapes one trick: −1."
        ),
        declarer=None,
        dropped=frozenset(),
        tricks=(1, 1, 3, 0),
        seat=1,
        expected=-1,
        no_trump=True,
    ),
    WorkedExample(
        title=tr("All five tricks"),
        text=tr(
            "Ann, who did not even choose trump, takes all five tricks. The game is over at "
            "once and Ann wins it, whatever the scores say; the hand itself scores nothing."
        ),
        declarer=1,
        dropped=frozenset(),
        tricks=(5, 0, 0, 0),
        seat=0,
        expected=0,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (points, [(explanation line, points), ...])."""
    rules = BuckEuchre(4, names=NAMES)
    lines = rules.score_lines(ex.declarer, ex.dropped, ex.tricks, no_trump=ex.no_trump)[ex.seat]
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
