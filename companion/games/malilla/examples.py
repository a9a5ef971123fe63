"""Worked scoring examples for Malilla: shown on the rules page and run through the engine by tests.

Each example is one hand seen from Ann & Cat's side: the score before it, who dealt which
card, and the card points and tricks Ann & Cat took. ``expected`` (their points for the hand)
was worked out by hand from ``shared/rules/malilla/rulings.md``; :func:`example_points` scores
the same hand with the engine's :meth:`Malilla.deal` and :meth:`Malilla.score_hand`.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(9, [('38 card points + 6 tricks = 44, minus 35', 9)])
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.games.malilla.events import MalillaState
from companion.games.malilla.game import Malilla
from companion.games.malilla.play import CARD_POINTS, TRICKS
from companion.rules.cards import parse_card
from companion.rules.core import HandScore
from companion.rules.text import Text, tr

NAMES = ("Ann", "Bob", "Cat", "Dan")


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: Text
    text: Text
    before: tuple[int, int]  # Ann & Cat, Bob & Dan before the hand
    dealer: str  # who dealt
    upcard: str  # the card turned up, in the card notation
    card_points: int  # Ann & Cat's card points in the hand
    tricks: int  # Ann & Cat's tricks
    options: dict[str, Any]
    expected: int  # Ann & Cat's points for the hand, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("An ordinary win"),
        text=tr(
            "Bob dealt the {card} (no bonus). Ann and Cat took 38 card points in 6 tricks: "
            "38 + 6 = 44, and 44 − 35 = 9. Bob and Dan, with 22 + 4 = 26, score nothing.",
            card=parse_card("4S"),
        ),
        before=(0, 0),
        dealer="Bob",
        upcard="4S",
        card_points=38,
        tricks=6,
        options={},
        expected=9,
    ),
    WorkedExample(
        title=tr("The dealer's bonus, at once"),
        text=tr(
            "Ann dealt and the {card} came up: 5 points for Ann and Cat straight away (10 + 5 is "
            "still short of 35). They then lost the hand, 25 + 4 = 29 against 41: 5 in all.",
            card=parse_card("7H"),
        ),
        before=(10, 0),
        dealer="Ann",
        upcard="7H",
        card_points=25,
        tricks=4,
        options={},
        expected=5,
    ),
    WorkedExample(
        title=tr("Thirty-five all"),
        text=tr("30 card points and 5 tricks on each side: 35 against 35. Nobody scores."),
        before=(0, 0),
        dealer="Dan",
        upcard="5C",
        card_points=30,
        tricks=5,
        options={},
        expected=0,
    ),
    WorkedExample(
        title=tr("Capote"),
        text=tr(
            "All ten tricks: every card point (60) plus 10 for the tricks is 70, and 70 − 35 "
            "= 35. That is the game, whatever the score was."
        ),
        before=(4, 30),
        dealer="Bob",
        upcard="2D",
        card_points=60,
        tricks=10,
        options={},
        expected=35,
    ),
    WorkedExample(
        title=tr("A held bonus decides the game"),
        text=tr(
            "Ann and Cat have 31. Cat deals the {card}: 31 + 4 would reach 35, so the bonus waits. "
            "They win the hand with 33 + 4 = 37, which scores 2 (33 so far, not yet 35); then the "
            "held 4 is added: 37, and they win.",
            card=parse_card("AC"),
        ),
        before=(31, 12),
        dealer="Cat",
        upcard="AC",
        card_points=33,
        tricks=4,
        options={},
        expected=6,
    ),
    WorkedExample(
        title=tr("A held bonus that comes too late"),
        text=tr(
            "Ann and Cat have 31 and Ann deals the {card}: the 5 waits. Bob and Dan, on 30, win "
            "the hand 34 + 6 = 40, which scores 5: they reach 35 first. The game is decided by the "
            "hand result, so the held bonus is never added.",
            card=parse_card("7S"),
        ),
        before=(31, 30),
        dealer="Ann",
        upcard="7S",
        card_points=26,
        tricks=4,
        options={},
        expected=0,
    ),
    WorkedExample(
        title=tr("Counting the source's way (60 points)"),
        text=tr(
            "With the house rule that counts card points only, 33 card points win the hand "
            "against 27 but score 33 − 35 = −2."
        ),
        before=(0, 0),
        dealer="Bob",
        upcard="3H",
        card_points=33,
        tricks=5,
        options={"trick_point": False},
        expected=-2,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (Ann & Cat's points, [(line, points), ...])."""
    rules = Malilla(4, ex.options, NAMES)
    earlier = HandScore(number=0, points=ex.before, lines=((), ()))
    state = rules.deal(MalillaState(done=(earlier,)), NAMES.index(ex.dealer), parse_card(ex.upcard))
    assert state.hand is not None
    cards = (ex.card_points, CARD_POINTS - ex.card_points)
    tricks = (ex.tricks, TRICKS - ex.tricks)
    score, _, _ = rules.score_hand(state.hand, ex.before, cards, tricks)
    lines = score.lines[0]
    return score.points[0], [(line.label, line.points) for line in lines]
