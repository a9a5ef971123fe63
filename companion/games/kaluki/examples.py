"""Worked payment examples for Kaluki: shown on the rules page, scored through the engine.

Each example is what Bob still holds when Ann goes out. ``expected`` (what Bob pays, negative)
was worked out by hand from rulings §9.2.8; :func:`example_points` scores the cards with the
engine's own score lines, so the page cannot drift from the payments.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [n for _label, n in lines]
(-4, [0, -3, -1])
"""

from __future__ import annotations

import dataclasses

from companion.games.kaluki.game import Kaluki
from companion.rules.cards import Card, parse_cards
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    cards: tuple[Card, ...]  # what Bob still holds
    kaluki: bool
    expected: int  # what Bob's balance moves by, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("A joker costs two"),
        text=tr(
            "Ann goes out while Bob still holds 4♠ 9♦ and a joker: 1 unit for each of the three "
            "cards and 1 more for the joker. Bob pays 4."
        ),
        cards=parse_cards("4S 9D JK"),
        kaluki=False,
        expected=-4,
    ),
    WorkedExample(
        title=tr("Kaluki doubles everything"),
        text=tr(
            "The same cards, but Ann melded all her cards in one turn without having melded "
            "before: she went Kaluki, so Bob pays twice 4: 8."
        ),
        cards=parse_cards("4S 9D JK"),
        kaluki=True,
        expected=-8,
    ),
    WorkedExample(
        title=tr("A meld kept in the hand still costs"),
        text=tr(
            "Bob holds 7♥ 8♥ 9♥ K♣. The three hearts make a run, but Bob never laid it down, "
            "so all four cards are paid for: 4. The app shows the run he could have melded."
        ),
        cards=parse_cards("7H 8H 9H KC"),
        kaluki=False,
        expected=-4,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (points, [(explanation line, points), ...]).

    Bob (seat 1) holds the cards; Ann (seat 0) went out; Cat holds one card."""
    rules = Kaluki(len(NAMES), names=NAMES)
    lines = rules.full_lines(0, ex.kaluki, ((), ex.cards, parse_cards("2C")))[1]
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
