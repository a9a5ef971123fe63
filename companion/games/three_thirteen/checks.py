"""Three Thirteen's validation: every check of an entry, named by its violation code.

Called by :meth:`ThreeThirteen.violations`; each function returns the problems with one event in
the current state (errors refuse it; irregularities are recorded and flagged). See
``docs/games/three_thirteen.md`` for the list of codes.
"""

from __future__ import annotations

from collections import Counter

from companion.games.three_thirteen import play
from companion.games.three_thirteen.events import (
    Hand,
    Hands,
    Result,
    Table,
    ThreeThirteenState,
)
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.melds import Arrangement, MeldError, classify
from companion.rules.text import tr, tr_n

ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "result": tr("A hand's result"),
    "hands": tr("A hand's cards"),
}


def unexpected(rules: Table, state: ThreeThirteenState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return Violation("game-over", tr("The game is over: nothing more can be recorded."))
    entry = ENTRY_NOUNS.get(event.kind) or tr("A {kind}", kind=event.kind)
    if state.hand is None:
        return Violation(
            "out-of-order",
            tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry),
        )
    return Violation(
        "out-of-order",
        tr(
            "{entry} cannot be recorded now: hand {number} is dealt, record its result.",
            entry=entry,
            number=state.hand.number,
        ),
    )


def result_problems(rules: Table, hand: Hand, event: Result) -> list[Violation]:
    names, options = rules.names, rules.options
    top = play.max_deadwood(options, hand.number)
    problems = []
    for seat, points in enumerate(event.deadwood):
        if points < 0:
            problems.append(
                Violation(
                    "deadwood-negative",
                    tr(
                        "{player}'s deadwood cannot be below 0 ({points}).",
                        player=names[seat],
                        points=points,
                    ),
                    rule="scoring",
                )
            )
        elif points > top:
            problems.append(
                Violation(
                    "deadwood-too-high",
                    tr(
                        "{player}'s deadwood of {points} is more than this hand allows: "
                        "{cards} cards at {most} at most make {top}.",
                        player=names[seat],
                        points=points,
                        cards=play.cards_dealt(hand.number),
                        most=play.card_top(options),
                        top=top,
                    ),
                    rule="scoring",
                )
            )
    if event.deadwood[event.out] != 0:
        problems.append(
            Violation(
                "out-has-deadwood",
                tr(
                    "{player} went out, so every card was melded: their deadwood must be 0, "
                    "not {points}.",
                    player=names[event.out],
                    points=event.deadwood[event.out],
                ),
                rule="going-out",
            )
        )
    return problems


def hands_problems(rules: Table, hand: Hand, event: Hands) -> list[Violation]:
    names, options = rules.names, rules.options
    dealt = play.cards_dealt(hand.number)
    problems = []
    for seat, cards in enumerate(event.cards):
        if any(c.is_joker for c in cards):
            problems.append(
                Violation(
                    "no-jokers",
                    tr(
                        "{player} has a joker: Three Thirteen is played without jokers.",
                        player=names[seat],
                    ),
                    rule="cards",
                )
            )
        if len(cards) != dealt:
            problems.append(
                Violation(
                    "wrong-card-count",
                    tr_n(
                        "{player} has {n} card, but each player ends hand {number} with {dealt}.",
                        "{player} has {n} cards, but each player ends hand {number} with {dealt}.",
                        len(cards),
                        player=names[seat],
                        number=hand.number,
                        dealt=dealt,
                    ),
                    rule="cards",
                )
            )
    decks = rules.decks()
    seen = Counter(c for cards in event.cards for c in cards if not c.is_joker)
    for card, count in seen.items():
        if count > decks:
            problems.append(
                Violation(
                    "too-many-copies",
                    tr_n(
                        "{card} is entered {count} times, but the pack holds it only once.",
                        "{card} is entered {count} times, but the {n} packs hold it only {n} "
                        "times.",
                        decks,
                        card=card,
                        count=count,
                    ),
                    rule="cards",
                )
            )
    if problems:
        return problems
    if options.arrangement == "declared":
        problems = declared_problems(rules, hand, event)
        if problems:
            return problems
        assert event.melds is not None
        melds = event.melds[event.out]
        best = play.declared(event.cards[event.out], melds, options, hand.number)
        return _not_out(names[event.out], best, declared=True)
    best = play.arrange(event.cards[event.out], options, hand.number)
    return _not_out(names[event.out], best, declared=False)


def _not_out(player: str, best: Arrangement, *, declared: bool) -> list[Violation]:
    """Going out with cards left over, in the melds laid out or at best (``out-not-melded``)."""
    if not best.deadwood_value:
        return []
    values = {"player": player, "cards": best.deadwood, "points": best.deadwood_value}
    if declared:
        message = tr(
            "{player} cannot have gone out: the melds laid out leave {cards} ({points} points).",
            **values,
        )
    else:
        message = tr(
            "{player} cannot have gone out: at best {cards} are left over ({points} points).",
            **values,
        )
    return [Violation("out-not-melded", message, rule="going-out")]


def declared_problems(rules: Table, hand: Hand, event: Hands) -> list[Violation]:
    """With the option ``arrangement = "declared"``: every player's melds as laid out, each a
    meld of this hand, made of that player's own cards."""
    names = rules.names
    if event.melds is None:
        return [
            Violation(
                "melds-missing",
                tr(
                    "This table scores the melds as each player lays them out: enter every "
                    "player's melds."
                ),
                rule="scoring",
            )
        ]
    rules_now = play.meld_rules(rules.options, hand.number)
    for seat, melds in enumerate(event.melds):
        held = Counter(event.cards[seat])
        for meld in melds:
            try:
                classify(list(meld), rules_now)
            except MeldError:
                return [
                    Violation(
                        "not-a-meld",
                        tr(
                            "{player}'s {cards} is not a meld this hand.",
                            player=names[seat],
                            cards=tuple(meld),
                        ),
                        rule="melds",
                    )
                ]
            held.subtract(meld)
        if short := [c for c, n in held.items() if n < 0]:
            return [
                Violation(
                    "meld-card-not-held",
                    tr(
                        "{player} lays out {card} in a meld, but it is not among their cards.",
                        player=names[seat],
                        card=short[0],
                    ),
                    rule="melds",
                )
            ]
    return []
