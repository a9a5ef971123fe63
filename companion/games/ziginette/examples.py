"""Worked examples for Ziginette: shown on the rules page, scored through the engine.

Ann banks (bets 1 to 10) against Bob and Cat; each example is one deal. ``expected`` was worked
out by hand from rulings §2.2; :func:`example_points` replays the deal through :class:`Ziginette`,
so the page cannot drift from the scoring.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(-4, [('5♣ matched 5♥: the bet of 4 is lost to the bank', -4)])
"""

from __future__ import annotations

import dataclasses

from companion.games.ziginette.events import Bank, Bet, Deal, Draw
from companion.games.ziginette.game import Ziginette
from companion.rules.cards import parse_card, parse_cards
from companion.rules.core import replay
from companion.rules.events import Event, Seat
from companion.rules.text import tr

NAMES = ("Ann", "Bob", "Cat")
c, cs = parse_card, parse_cards


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: str  # a Text, like the text
    text: str
    events: tuple[Event, ...]  # after Ann takes the bank
    seat: int  # the player the example is about
    expected: int  # their money for the deal, worked out by hand
    cut: str = "net"


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("A board card matched"),
        text=tr(
            "The board shows 3♠ and 5♥; Ann's own card is the K♣. Bob puts 4 on the 5♥. The "
            "next card is the 5♣: it pairs Bob's card, so Ann takes his 4, and the two 5s "
            "still in the pack are dead from now on. Then the K♦ comes: Ann's card is paired, "
            "but no bet is left on the board: −4 for Bob."
        ),
        events=(
            Deal(board=cs("3S 5H"), banker_card=c("KC")),
            Bet(seat=Seat(1), card=c("5H"), amount=4),
            Draw(card=c("5C")),
            Draw(card=c("KD")),
        ),
        seat=1,
        expected=-4,
    ),
    WorkedExample(
        title=tr("The banker's card comes first"),
        text=tr(
            "Same start, but Cat puts 6 on the 3♠ and 2 on the 7♦ that came up next. The K♦ "
            "appears before any 3 or 7: Ann must pay every bet still on the board, so Cat gets "
            "her 8 back and 8 more: +8."
        ),
        events=(
            Deal(board=cs("3S 5H"), banker_card=c("KC")),
            Bet(seat=Seat(2), card=c("3S"), amount=6),
            Draw(card=c("7D")),
            Bet(seat=Seat(2), card=c("7D"), amount=2),
            Draw(card=c("KD")),
        ),
        seat=2,
        expected=8,
    ),
    WorkedExample(
        title=tr("The house takes its cut"),
        text=tr(
            "In a house game Bob bets 9 on the 3♠ and Cat 6 on the 5♥; the 3♦ and then the "
            "5♦ clear the board, so Ann wins 15. The house keeps 10% of that, rounded down to "
            "the chip: 1. Ann ends the deal +14."
        ),
        events=(
            Deal(board=cs("3S 5H"), banker_card=c("KC")),
            Bet(seat=Seat(1), card=c("3S"), amount=9),
            Bet(seat=Seat(2), card=c("5H"), amount=6),
            Draw(card=c("3D")),
            Draw(card=c("5D")),
        ),
        seat=0,
        expected=14,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """The example's seat's money for the deal and its explained lines, as the engine scores it."""
    rules = Ziginette(3, {"cut": ex.cut}, list(NAMES))
    log = [Bank(banker=Seat(0), min_bet=1, max_bet=10), *ex.events]
    hand = rules.hands(replay(rules, log).state)[0]
    return hand.points[ex.seat], [(line.label, line.points) for line in hand.lines[ex.seat]]
