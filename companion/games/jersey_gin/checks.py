"""Jersey Gin's validation: every check of an entry, named by its violation code (see
``docs/games/jersey_gin.md``)."""

from __future__ import annotations

from companion.games.jersey_gin import play
from companion.games.jersey_gin.events import Deal, JerseyGinState, Result, Table
from companion.rules.core import Severity, Violation
from companion.rules.events import Event
from companion.rules.text import tr

ENDS = ("knock", "gin", "break")


def unexpected(rules: Table, state: JerseyGinState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return Violation("game-over", tr("The game is over: nothing more can be recorded."))
    if state.hand is None:
        return Violation(
            "out-of-order",
            tr("This cannot be recorded now: expecting the next deal."),
        )
    return Violation(
        "out-of-order",
        tr("Hand {number} is dealt: record how it ended.", number=state.hand.number),
    )


def deal_problems(rules: Table, state: JerseyGinState, event: Deal) -> list[Violation]:
    expected = state.next_dealer
    if expected is None or event.dealer == expected:
        return []
    return [
        Violation(
            "wrong-dealer",
            tr(
                "{player} deals, but the deal passes to the left: it was {expected}'s turn.",
                player=rules.names[event.dealer],
                expected=rules.names[expected],
            ),
            Severity.IRREGULARITY,
            rule="deal",
        )
    ]


def result_problems(rules: Table, event: Result) -> list[Violation]:
    names = rules.names
    if event.end not in ENDS:
        return [
            Violation(
                "unknown-end",
                tr("A hand ends with a knock, gin or the break, not '{end}'.", end=event.end),
            )
        ]
    problems = []
    for seat, points in enumerate(event.deadwood):
        if not 0 <= points <= play.MAX_DEADWOOD:
            problems.append(
                Violation(
                    "deadwood-out-of-range",
                    tr(
                        "{player}'s deadwood of {points} cannot be: ten cards leave 0 to {top}.",
                        player=names[seat],
                        points=points,
                        top=play.MAX_DEADWOOD,
                    ),
                    rule="values",
                )
            )
    if problems:
        return problems
    mine = event.deadwood[event.by]
    if event.end == "knock" and mine > play.KNOCK_LIMIT:
        problems.append(
            Violation(
                "knock-too-high",
                tr(
                    "{player} cannot knock with {points}: a knock needs {limit} or less.",
                    player=names[event.by],
                    points=mine,
                    limit=play.KNOCK_LIMIT,
                ),
                rule="knocking",
            )
        )
    if event.end == "knock" and mine == 0:
        problems.append(
            Violation(
                "knock-is-gin",
                tr(
                    "{player} has no deadwood at all: record the hand as gin.",
                    player=names[event.by],
                ),
                rule="gin",
            )
        )
    if event.end == "gin" and mine != 0:
        problems.append(
            Violation(
                "gin-has-deadwood",
                tr(
                    "{player} went gin, so every card was melded: their deadwood must be 0, "
                    "not {points}.",
                    player=names[event.by],
                    points=mine,
                ),
                rule="gin",
            )
        )
    return problems
