"""Worked scoring examples for Belote: shown on the rules page and run through the engine by tests.

Each example is one hand seen from one team. The players are Ann, Bob, Cat and Dan (Ann and
Cat against Bob and Dan); Dan deals, so Ann speaks first. ``expected`` was worked out by hand
from ``shared/rules/belote/rulings.md``; :func:`example_points` scores the same hand with
:func:`score_hand`, so the page and the scoring cannot drift apart.

>>> points, lines = example_points(EXAMPLES[0])
>>> points, [(str(label), n) for label, n in lines]
(90, [('Trick points (last trick included)', 92), ('Rounded to the nearest ten (5 up)', -2)])
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.rules.cards import Suit, parse_cards
from companion.rules.text import Text, tr

from .events import BeloteOptions
from .score import HandFacts, score_hand

NAMES = ("Ann", "Bob", "Cat", "Dan")
ANN, BOB, CAT, DAN = range(4)


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: Text
    text: Text
    taker: int
    trump: str  # S H D C
    points: tuple[int, int]  # trick points: takers, defenders (last trick included)
    team: str  # whose score the example shows: "takers" | "defenders"
    expected: int  # worked out by hand
    capot: str = ""  # "takers" | "defenders" when one team took every trick
    melds: tuple[tuple[int, str], ...] = ()  # (seat, "KD QD JD")
    belote: int | None = None
    options: dict[str, Any] = dataclasses.field(default_factory=dict)


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("A contract made"),
        text=tr(
            "Ann takes hearts. Her side ends with 92 trick points, the other side with 70. "
            "92 beats 70, so both sides keep what they took, rounded to tens: Ann and Cat 90, "
            "Bob and Dan 70."
        ),
        taker=ANN,
        trump="H",
        points=(92, 70),
        team="takers",
        expected=90,
    ),
    WorkedExample(
        title=tr("Declarations and belote for the makers"),
        text=tr(
            "Ann takes spades and her side wins 84 to 78. Cat showed a tierce {cat} and Bob a "
            "tierce {bob}: same length, so the higher top card wins and only Cat's side scores "
            "its declarations. Ann held the king and queen of spades. Ann and Cat: "
            "80 + 20 + 20 = 120; Bob and Dan 80.",
            cat=parse_cards("KD QD JD"),
            bob=parse_cards("QC JC 10C"),
        ),
        taker=ANN,
        trump="S",
        points=(84, 78),
        team="takers",
        expected=120,
        melds=((CAT, "KD QD JD"), (BOB, "QC JC 10C")),
        belote=ANN,
    ),
    WorkedExample(
        title=tr("A failed contract"),
        text=tr(
            "Ann takes clubs but her side takes only 70 trick points against 92. Ann showed a "
            "quarte {cards} and holds belote. The defenders take all 162 (160 rounded) plus "
            "Ann's quarte: 210. Ann and Cat keep only the belote: 20.",
            cards=parse_cards("10H 9H 8H 7H"),
        ),
        taker=ANN,
        trump="C",
        points=(70, 92),
        team="defenders",
        expected=210,
        melds=((ANN, "10H 9H 8H 7H"),),
        belote=ANN,
    ),
    WorkedExample(
        title=tr("Capot"),
        text=tr(
            "Ann takes hearts and her side wins every trick: 252 (250 rounded) instead of the "
            "162, plus Cat's carré of nines (150) and Ann's belote (20): 420. Bob and Dan score 0."
        ),
        taker=ANN,
        trump="H",
        points=(162, 0),
        capot="takers",
        team="takers",
        expected=420,
        melds=((CAT, "9S 9H 9D 9C"),),
        belote=ANN,
    ),
    WorkedExample(
        title=tr("No trick, no declarations"),
        text=tr(
            "Another capot by Ann and Cat, diamonds trumps, seen from Bob and Dan: Bob's carré "
            "of jacks (200) was the best declaration at the table, but his side took no trick, so "
            "it is worth nothing (and, being the best, it leaves Ann and Cat none either). Dan's "
            "belote, the king and queen of diamonds, still counts: 20."
        ),
        taker=ANN,
        trump="D",
        points=(162, 0),
        capot="takers",
        team="defenders",
        expected=20,
        melds=((BOB, "JS JH JD JC"),),
        belote=DAN,
    ),
    WorkedExample(
        title=tr("A carré of queens beats a quinte"),
        text=tr(
            "Cat shows four queens (100) and Bob a quinte {cards} (also 100). At equal "
            "value a carré beats any sequence, so Ann and Cat, who make their diamond contract "
            "100 to 62, score 100 + 100 = 200, and Bob's quinte counts for nothing.",
            cards=parse_cards("JS 10S 9S 8S 7S"),
        ),
        taker=ANN,
        trump="D",
        points=(100, 62),
        team="takers",
        expected=200,
        melds=((CAT, "QS QH QD QC"), (BOB, "JS 10S 9S 8S 7S")),
    ),
    WorkedExample(
        title=tr("Equal sequences: first to speak wins"),
        text=tr(
            "Bob and Cat both show a tierce to the king, in hearts and spades, and clubs are "
            "trumps, so neither is a trump sequence. Bob speaks before Cat (Dan dealt), so "
            "Bob's side scores its tierce: 72 trick points, 70 rounded, + 20 = 90."
        ),
        taker=ANN,
        trump="C",
        points=(90, 72),
        team="defenders",
        expected=90,
        melds=((BOB, "KH QH JH"), (CAT, "KS QS JS")),
    ),
    WorkedExample(
        title=tr("Equal sequences that cancel"),
        text=tr(
            "The same hand at a table that lets equal best sequences cancel out: nobody scores "
            "a tierce, and Bob and Dan have their 70."
        ),
        taker=ANN,
        trump="C",
        points=(90, 72),
        team="defenders",
        expected=70,
        melds=((BOB, "KH QH JH"), (CAT, "KS QS JS")),
        options={"equal_sequences": "cancel"},
    ),
    WorkedExample(
        title=tr("Rounding: only 7, 8 and 9 go up"),
        text=tr(
            "With this house rule only a last digit of 7, 8 or 9 goes up: 86 becomes 80, and "
            "the other side's 76 becomes 70. (By default they would be 90 and 80.)"
        ),
        taker=ANN,
        trump="H",
        points=(86, 76),
        team="takers",
        expected=80,
        options={"rounding": "seven-up"},
    ),
    WorkedExample(
        title=tr("Rounding: the complement to 160"),
        text=tr(
            "With this house rule only the takers' 86 is rounded (to 90); the defenders get "
            "160 − 90 = 70, not their 76."
        ),
        taker=ANN,
        trump="H",
        points=(86, 76),
        team="defenders",
        expected=70,
        options={"rounding": "complement"},
    ),
    WorkedExample(
        title=tr("Litige: 81 all"),
        text=tr(
            "With the litige house rule, a tie does not fail the contract: the defenders score "
            "their 81 (80 rounded) now, the takers only their belote (Cat's, 20), and the takers' "
            "80 wait for whichever side scores more in the next hand."
        ),
        taker=ANN,
        trump="S",
        points=(81, 81),
        team="takers",
        expected=20,
        belote=CAT,
        options={"ties": "litige"},
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (total, [(explanation line, points), ...])."""
    t_team = ex.taker % 2
    by_team = [0, 0]
    by_team[t_team], by_team[1 - t_team] = ex.points
    capot = {"takers": t_team, "defenders": 1 - t_team}.get(ex.capot)
    facts = HandFacts(
        taker=ex.taker,
        trump=Suit(ex.trump),
        points=(by_team[0], by_team[1]),
        all_tricks=capot,
        melds=tuple((seat, parse_cards(cards)) for seat, cards in ex.melds),
        belote=ex.belote,
        dealer=DAN,
    )
    scored = score_hand(facts, BeloteOptions(**ex.options), NAMES, pot=0)
    team = t_team if ex.team == "takers" else 1 - t_team
    lines = scored.lines[team]
    return scored.points[team], [(line.label, line.points) for line in lines]
