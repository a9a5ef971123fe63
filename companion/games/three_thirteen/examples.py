"""Worked scoring examples for Three Thirteen: shown on the rules page, scored through the engine.

Each example is one player's cards at the end of a hand. ``expected`` (their deadwood) was worked
out by hand from rulings §3.2; :func:`example_points` scores the cards with the engine's exact
arrangement, so the page cannot drift from the scoring.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(11, [('Left over 5♥ 6♥ (best arrangement: 7♠ 7♥ 7♦)', 11)])
"""

from __future__ import annotations

import dataclasses

from companion.games.three_thirteen.game import ThreeThirteen
from companion.games.three_thirteen.play import arrange
from companion.rules.cards import Card, parse_cards
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    number: int  # the hand (its cards dealt and wild rank follow)
    cards: tuple[Card, ...]
    expected: int  # the deadwood, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("The obvious run is not the best"),
        text=tr(
            "Hand 11 (kings wild): among his cards Bob holds 5♥ 6♥ 7♥ 7♠ 7♦. The run "
            "5♥ 6♥ 7♥ catches the eye, but it leaves 7♠ 7♦ (14); the set of three 7s leaves "
            "5♥ 6♥ (11). The app keeps the set: 11."
        ),
        number=11,
        cards=parse_cards("5H 6H 7H 7S 7D"),
        expected=11,
    ),
    WorkedExample(
        title=tr("A wild card fills a gap"),
        text=tr(
            "Hand 5 (7 cards, 7s wild): Bob holds 4♠ 5♠ 7♦ 8♠ 9♣ 9♥ K♥, one wild card. As the "
            "6♠ it makes the run 4♠ 5♠ 6♠ and leaves 8♠ 9♣ 9♥ K♥ (36). As a third 9 it makes "
            "a set and leaves 4♠ 5♠ 8♠ K♥ (27). The app keeps the set: 27."
        ),
        number=5,
        cards=parse_cards("4S 5S 7D 8S 9C 9H KH"),
        expected=27,
    ),
    WorkedExample(
        title=tr("Wild cards left over"),
        text=tr(
            "Hand 1 (3 cards, 3s wild): Bob holds 3♣ 3♥ and the K♠. A king with two wild cards "
            "is a meld: nothing left over, 0."
        ),
        number=1,
        cards=parse_cards("3C 3H KS"),
        expected=0,
    ),
    WorkedExample(
        title=tr("No run round the corner"),
        text=tr(
            "Hand 2 (4 cards, 4s wild): Bob holds Q♦ K♦ A♦ 2♣. The ace is low only, so Q-K-A "
            "is no run. Every card is left over: 10 + 10 + 1 + 2 = 23."
        ),
        number=2,
        cards=parse_cards("QD KD AD 2C"),
        expected=23,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (points, [(explanation line, points), ...]).

    The player is Bob (seat 1); Ann (seat 0) went out."""
    rules = ThreeThirteen(len(NAMES), names=NAMES)
    best = tuple(arrange(cards, rules.options, ex.number) for cards in ((), ex.cards, ()))
    lines = rules.full_lines(0, best)[1]
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
