"""Worked examples for Ace-Deuce-Jack: shown on the rules page, scored through the engine.

Each example is one hand with Ann banking (bets 1 to 10) against Bob and Cat. ``expected`` was
worked out by hand from rulings §4.2.4; :func:`example_points` replays the hand through
:class:`AceDeuceJack`, so the page cannot drift from the scoring.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(8, [('7♥ 10♠ Q♦ turned: the bet of 8 is paid at even money', 8)])
"""

from __future__ import annotations

import dataclasses

from companion.games.ace_deuce_jack.events import Bank, Round
from companion.games.ace_deuce_jack.game import AceDeuceJack
from companion.rules.cards import Card, parse_cards
from companion.rules.core import replay
from companion.rules.events import Seat
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    bets: tuple[int, int, int]  # Ann (the banker: 0), Bob, Cat
    cards: tuple[Card, ...]
    seat: int  # the player the example is about
    expected: int  # their money, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("Nothing low, nothing a jack"),
        text=tr(
            "Bob puts 8 on the table. The three piles show 7♥, 10♠ and Q♦: none is an ace, a "
            "deuce or a jack, so Ann pays Bob 8 on top of his stake: +8."
        ),
        bets=(0, 8, 0),
        cards=parse_cards("7H 10S QD"),
        seat=1,
        expected=8,
    ),
    WorkedExample(
        title=tr("One deuce is enough"),
        text=tr(
            "Bob bets 8 and Cat 5. The first pile shows 9♣, the second the 2♥. Ann need not turn "
            "the third: she takes both bets, 13 in all."
        ),
        bets=(0, 8, 5),
        cards=parse_cards("9C 2H"),
        seat=0,
        expected=13,
    ),
    WorkedExample(
        title=tr("A queen and a king are harmless"),
        text=tr(
            "Only aces, deuces and jacks win for the bank. Cat bets 10; the piles show K♣, Q♠ "
            "and 3♦, so Ann pays her 10."
        ),
        bets=(0, 0, 10),
        cards=parse_cards("KC QS 3D"),
        seat=0,
        expected=-10,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """The example's seat's money and its explained lines, as the engine scores the hand."""
    rules = AceDeuceJack(3, names=list(NAMES))
    log = [Bank(banker=Seat(0), min_bet=1, max_bet=10), Round(bets=ex.bets, cards=ex.cards)]
    hand = rules.hands(replay(rules, log).state)[0]
    return hand.points[ex.seat], [(line.label, line.points) for line in hand.lines[ex.seat]]
