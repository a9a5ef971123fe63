"""Worked scoring examples for Recruit: shown on the rules page and run through the engine by tests.

Each example is one player's collected cards at the end of a hand. ``expected`` was worked out by
hand from ``shared/rules/recruit/rulings.md``; :func:`example_points` scores the same cards with
:meth:`Recruit.score_lines`, so the page and the scoring cannot drift apart.

>>> plain = EXAMPLES[0]
>>> example_points(plain)
(5, [(Text('5 cards collected, 1 each'), 5)])

The title and the text are translatable sentences (``companion.rules.text``), like the lines.
"""

from __future__ import annotations

import dataclasses

from companion.rules.cards import JACK, KING, QUEEN, parse_card
from companion.rules.text import Text, tr

from .events import Collected
from .game import Recruit


@dataclasses.dataclass(frozen=True)
class WorkedExample:
    title: Text
    text: Text
    variants: frozenset[str]
    shown: str  # the card turned up for trump, in the card notation
    collected: str  # the cards the player collected, space separated
    options: dict[str, str]  # Recruit option overrides, usually {}
    expected: int  # the points, worked out by hand


EXAMPLES: tuple[WorkedExample, ...] = (
    WorkedExample(
        title=tr("One of each is fine"),
        text=tr(
            "Five cards won, with a single jack and a single king among them. "
            "No face rank appears twice, so every card is simply worth a point: 5."
        ),
        variants=frozenset(),
        shown="7H",
        collected="3S 6D 8C JH KS",
        options={},
        expected=5,
    ),
    WorkedExample(
        title=tr("A second king hurts"),
        text=tr(
            "The same pile plus another king makes six cards, but two kings cost 5: 6 − 5 = 1."
        ),
        variants=frozenset(),
        shown="7H",
        collected="3S 6D 8C JH KS KD",
        options={},
        expected=1,
    ),
    WorkedExample(
        title=tr("Doubled jacks and tripled kings"),
        text=tr(
            "Eight cards, including two jacks and three kings. Each rank is penalised once, "
            "however many copies you hold: 8 − 5 − 5 = −2."
        ),
        variants=frozenset(),
        shown="7H",
        collected="3S 6D 8C JH JC KS KD KC",
        options={},
        expected=-2,
    ),
    WorkedExample(
        title=tr("Low Penalty softens the blow"),
        text=tr(
            "The same eight cards in a Low Penalty hand: each doubled rank costs only 3, "
            "so 8 − 3 − 3 = 2."
        ),
        variants=frozenset({"low_penalty"}),
        shown="7H",
        collected="3S 6D 8C JH JC KS KD KC",
        options={},
        expected=2,
    ),
    WorkedExample(
        title=tr("A full Dream Team"),
        text=tr(
            "Six cards, the joker among them, with exactly one jack, one queen and one king. "
            "Dream Team adds 5 to the 6 for the cards: 11."
        ),
        variants=frozenset({"dream_team"}),
        shown="7H",
        collected="JK 4C 9H JD QS KH",
        options={},
        expected=11,
    ),
    WorkedExample(
        title=tr("Sevens are gold"),
        text=tr(
            "Match hand with the 7♥ turned up. Of five cards won, two are sevens: they are worth "
            "4 each and the other three 1 each, so 8 + 3 = 11."
        ),
        variants=frozenset({"match"}),
        shown="7H",
        collected="7S 7D 2C 5H 10S",
        options={},
        expected=11,
    ),
    WorkedExample(
        title=tr("Sevens with the bonus house rule"),
        text=tr(
            "The same five cards when the table plays Match as a bonus: every card scores 1 "
            "and each seven earns 4 more, so 5 + 8 = 13."
        ),
        variants=frozenset({"match"}),
        shown="7H",
        collected="7S 7D 2C 5H 10S",
        options={"match_scoring": "bonus"},
        expected=13,
    ),
    WorkedExample(
        title=tr("Nothing matches a joker"),
        text=tr(
            "Match was declared but the joker was turned up. A joker has no rank, so no card "
            "matches and the two sevens count 1 like the rest: 5."
        ),
        variants=frozenset({"match"}),
        shown="JK",
        collected="7S 7D 2C 5H 10S",
        options={},
        expected=5,
    ),
)


def example_points(ex: WorkedExample) -> tuple[int, list[tuple[str, int]]]:
    """Score an example through the engine: (total, [(explanation line, points), ...])."""
    shown = parse_card(ex.shown)
    cards = [parse_card(c) for c in ex.collected.split()]
    faces = tuple(sum(1 for c in cards if c.rank == rank) for rank in (JACK, QUEEN, KING))
    matching = "match" in ex.variants and not shown.is_joker
    matches = sum(1 for c in cards if c.rank == shown.rank) if matching else 0
    got = Collected(cards=len(cards), faces=faces, matches=matches)  # type: ignore[arg-type]
    lines = Recruit(n_seats=2, options=ex.options).score_lines(ex.variants, shown, got)
    return sum(line.points for line in lines), [(line.label, line.points) for line in lines]
