"""Jersey Gin's validation: every check of an entry, named by its violation code (see
``docs/games/jersey_gin.md``)."""

from __future__ import annotations

from collections import Counter

from companion.games.jersey_gin import play
from companion.games.jersey_gin.events import (
    Deal,
    JerseyGinState,
    LayOff,
    Rest,
    Result,
    Show,
    Shown,
    Table,
)
from companion.rules.cards import Card
from companion.rules.core import Severity, Violation
from companion.rules.events import Event
from companion.rules.melds import MeldError, classify
from companion.rules.text import tr, tr_n

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


def _card_count(names: tuple[str, ...], seat: int, cards: int, wanted: int) -> Violation:
    return Violation(
        "wrong-card-count",
        tr_n(
            "{player} has {n} card here, but should have {wanted}.",
            "{player} has {n} cards here, but should have {wanted}.",
            cards,
            player=names[seat],
            wanted=wanted,
        ),
        rule="deal",
    )


def _twice(card: Card) -> Violation:
    return Violation(
        "card-twice",
        tr("{card} is entered twice, but the pack holds it once.", card=card),
        rule="deal",
    )


def show_problems(rules: Table, event: Show) -> list[Violation]:
    names = rules.names
    if event.end not in ("knock", "gin"):
        return [
            Violation(
                "unknown-end",
                tr("Cards are shown for a knock or gin, not '{end}'.", end=event.end),
            )
        ]
    if len(event.cards) != play.DEALT:
        return [_card_count(names, event.by, len(event.cards), play.DEALT)]
    if any(c.is_joker for c in event.cards):
        return [Violation("no-jokers", tr("Jersey Gin is played without jokers."), rule="deal")]
    if twice := [c for c, n in Counter(event.cards).items() if n > 1]:
        return [_twice(twice[0])]
    best = play.arrange(event.cards)
    mine, player = best.deadwood_value, names[event.by]
    if event.end == "knock" and mine > play.KNOCK_LIMIT:
        return [
            Violation(
                "knock-too-high",
                tr(
                    "{player} cannot knock: at best {cards} are left over, {points}; a knock "
                    "needs {limit} or less.",
                    player=player,
                    cards=best.deadwood,
                    points=mine,
                    limit=play.KNOCK_LIMIT,
                ),
                rule="knocking",
            )
        ]
    if event.end == "knock" and mine == 0:
        return [
            Violation(
                "knock-is-gin",
                tr("{player} has no deadwood at all: record the hand as gin.", player=player),
                rule="gin",
            )
        ]
    if event.end == "gin" and mine:
        return [
            Violation(
                "gin-has-deadwood",
                tr(
                    "{player} cannot have gone gin: at best {cards} are left over ({points}).",
                    player=player,
                    cards=best.deadwood,
                    points=mine,
                ),
                rule="gin",
            )
        ]
    return []


def layoff_problems(rules: Table, shown: Shown, event: LayOff) -> list[Violation]:
    names = rules.names
    if shown.end == "gin":
        return [Violation("no-layoff-on-gin", tr("Nobody may lay off on a gin hand."), rule="gin")]
    if event.seat == shown.by:
        return [
            Violation(
                "layoff-by-knocker",
                tr("{player} knocked: only the two others lay off.", player=names[event.seat]),
                rule="knocking",
            )
        ]
    first = (shown.by + 1) % play.SEATS
    if event.seat == first and any(s != first for s, _, _ in shown.layoffs):
        return [
            Violation(
                "layoff-order",
                tr(
                    "{player} lays off first, before {other}: too late once {other} has laid off.",
                    player=names[first],
                    other=names[(shown.by + 2) % play.SEATS],
                ),
                rule="knocking",
            )
        ]
    if not 1 <= event.meld <= len(shown.melds):
        return [
            Violation(
                "layoff-no-meld",
                tr_n(
                    "The knocker has {n} meld: there is no meld {number}.",
                    "The knocker has {n} melds: there is no meld {number}.",
                    len(shown.melds),
                    number=event.meld,
                ),
                rule="knocking",
            )
        ]
    if event.card in shown.cards or any(c == event.card for _, c, _ in shown.layoffs):
        return [_twice(event.card)]
    meld = shown.melds[event.meld - 1]
    try:
        classify((*meld, event.card), play.MELDS)
    except MeldError:
        return [
            Violation(
                "layoff-does-not-fit",
                tr(
                    "{card} does not extend the meld {meld}.",
                    card=event.card,
                    meld=meld,
                ),
                rule="knocking",
            )
        ]
    return []


def rest_problems(rules: Table, shown: Shown, event: Rest) -> list[Violation]:
    names = rules.names
    problems = []
    if event.cards[shown.by]:
        problems.append(
            Violation(
                "rest-of-knocker",
                tr(
                    "{player}'s cards were entered already: leave them out here.",
                    player=names[shown.by],
                ),
            )
        )
    for seat in range(play.SEATS):
        if seat == shown.by:
            continue
        laid = sum(1 for s, _, _ in shown.layoffs if s == seat)
        if len(event.cards[seat]) != play.DEALT - laid:
            problems.append(_card_count(names, seat, len(event.cards[seat]), play.DEALT - laid))
    every = [*shown.cards, *(c for _, c, _ in shown.layoffs)]
    every += [c for seat, cards in enumerate(event.cards) if seat != shown.by for c in cards]
    if twice := [c for c, n in Counter(every).items() if n > 1]:
        problems.append(_twice(twice[0]))
    return problems
