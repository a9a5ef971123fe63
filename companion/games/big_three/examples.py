"""Worked settlement examples for Big Three's rules page, scored through the engine.

Each example is one hand's winning bid, solo player and first player out, seen from one player.
``expected`` was worked out by hand from rulings §5.2.7.

>>> points, lines = example_points(EXAMPLES[1])
>>> points, [(str(label), n) for label, n in lines]
(-4, [('Solo, Cat went out first: 2 chips to each opponent', -4)])
"""

from __future__ import annotations

import dataclasses

from companion.games.big_three.events import Hand
from companion.games.big_three.game import BigThree
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    bid: int
    solo: int
    first_out: int
    seat: int  # the player the example is about
    expected: int  # their chips, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("The solo player makes it"),
        text=tr(
            "Bob won the bidding at 3, took the widow and was the first to empty his hand. "
            "Ann and Cat each pay him 3 chips: +6 for Bob."
        ),
        bid=3,
        solo=1,
        first_out=1,
        seat=1,
        expected=6,
    ),
    WorkedExample(
        title=tr("The solo player is beaten"),
        text=tr(
            "Ann played solo at 2, but Cat got rid of her cards first. Ann pays 2 chips to "
            "each of them: −4 for Ann."
        ),
        bid=2,
        solo=0,
        first_out=2,
        seat=0,
        expected=-4,
    ),
    WorkedExample(
        title=tr("Winning as the partner"),
        text=tr(
            "In the same hand Bob never went out, but his side beat the solo player: Ann pays "
            "him 2 chips as well: +2."
        ),
        bid=2,
        solo=0,
        first_out=2,
        seat=1,
        expected=2,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (chips, [(explanation line, chips), ...])."""
    rules = BigThree(3, names=NAMES)
    hand = Hand(number=1, dealer=0, opener=0, solo=ex.solo, bid=ex.bid)
    money = rules.settlement(hand, ex.first_out, quick=True)
    lines = rules.score_lines(hand, ex.first_out, money, quick=True)[ex.seat]
    return money[ex.seat], [(line.label, line.points) for line in lines]
