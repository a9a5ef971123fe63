"""Worked examples for Skin: shown on the rules page, scored through the engine.

Ann banks (bets 1 to 10) for Bob, Cat and Dan; each example is one deal. ``expected`` was worked
out by hand from rulings §10.2; :func:`example_points` replays the deal through :class:`Skin`.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(-4, [("7♣ paired Dan's card: the bank takes 4", -4)])
"""

from __future__ import annotations

import dataclasses

from companion.games.skin.events import Bank, BankerCard, Decline, Out, SideBet, Turn
from companion.games.skin.game import Skin
from companion.rules.cards import parse_card
from companion.rules.core import replay
from companion.rules.events import Event, Seat
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat", "Dan")
c = parse_card
START: tuple[Event, ...] = (
    Turn(card=c("7H"), taker=Seat(3), bet=4),
    BankerCard(card=c("QC")),
)


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    events: tuple[Event, ...]  # after Ann takes the bank
    seat: int
    expected: int  # worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("Your rank comes up"),
        text=tr(
            "Dan, on Ann's right, takes the 7♥ and bets 4; Ann matches it and turns the Q♣ "
            "for herself. The next card is the 7♣: Dan's rank, so Ann takes the 8 on his "
            "card and Dan is down 4."
        ),
        events=(*START, Turn(card=c("7C")), Out()),
        seat=3,
        expected=-4,
    ),
    WorkedExample(
        title=tr("The banker's rank comes up"),
        text=tr(
            "Same start; Cat takes the 9♠ and bets 5. Then the Q♦ appears, pairing Ann's Q♣: "
            "Ann pays every player who has a bet with her. Cat wins 5, Dan 4; Ann is down 9."
        ),
        events=(*START, Turn(card=c("9S"), taker=Seat(2), bet=5), Turn(card=c("QD")), Decline()),
        seat=0,
        expected=-9,
    ),
    WorkedExample(
        title=tr("A side bet"),
        text=tr(
            "Cat, holding the 9♠ with 5 on it, bets Dan 3 that his 7♥ goes first. The 7♦ "
            "comes: Dan loses his 4 to the bank and his 3 to Cat. Cat is +3 so far."
        ),
        events=(
            *START,
            Turn(card=c("9S"), taker=Seat(2), bet=5),
            SideBet(bettor=Seat(2), target=Seat(3), amount=3),
            Turn(card=c("7D")),
            Out(),
        ),
        seat=2,
        expected=3,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """The example's seat's money for the deal and its lines, as the engine scores it."""
    rules = Skin(4, names=list(NAMES))
    log = [Bank(banker=Seat(0), min_bet=1, max_bet=10), *ex.events]
    hand = rules.hands(replay(rules, log).state)[0]
    return hand.points[ex.seat], [(line.label, line.points) for line in hand.lines[ex.seat]]
