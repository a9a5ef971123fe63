"""Kaluki's validation: every check of an entry, named by its violation code.

Called by :meth:`Kaluki.violations`; each function returns the problems with one event in the
current state (errors refuse it; irregularities are recorded and flagged). See
``docs/games/kaluki.md`` for the list of codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.kaluki import play
from companion.games.kaluki.events import (
    Hand,
    Hands,
    KalukiState,
    Melds,
    Result,
    Table,
)
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.melds import MeldError
from companion.rules.text import Text, tr, tr_n

ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "melds": tr("A turn's melds"),
    "result": tr("A hand's result"),
    "hands": tr("A hand's cards"),
    "stock-out": tr("The stock running out"),
}

#: Why cards make no meld, in the table's words (the meld engine's codes).
WHY_NOT = {
    "too-few": tr("a meld has at least three cards"),
    "all-wild": tr("a meld needs at least one card that is not a joker"),
    "mixed": tr("a set is of one rank, a run of one suit"),
    "set-too-big": tr("a set has at most four cards, one of each suit"),
    "same-suit": tr("the cards of a set must all be of different suits"),
    "gaps": tr("the cards of a run follow one another in one suit"),
    "repeat": tr("a run cannot hold the same rank twice"),
    "too-long": tr("a run cannot go round the corner (K-A-2)"),
}


def why(error: MeldError) -> Text:
    return WHY_NOT.get(error.code) or tr("not a meld")


def unexpected(rules: Table, state: KalukiState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return Violation("game-over", tr("The session is over: nothing more can be recorded."))
    entry = ENTRY_NOUNS.get(event.kind) or tr("A {kind}", kind=event.kind)
    if state.hand is None:
        return Violation(
            "out-of-order",
            tr("{entry} cannot be recorded now: expecting the next deal.", entry=entry),
        )
    return Violation(
        "out-of-order",
        tr(
            "{entry} cannot be recorded now: hand {number} is being played.",
            entry=entry,
            number=state.hand.number,
        ),
    )


def stock_problems(rules: Table) -> list[Violation]:
    if rules.options.stock_out == "void":
        return []
    return [
        Violation(
            "stock-reshuffled",
            tr(
                "This table plays on when the stock runs out: turn the discards over as a new "
                "stock, keeping the top card as the discard pile, and go on with the hand."
            ),
            rule="stock",
        )
    ]


# --- a turn's melds -------------------------------------------------------------------------


def melds_problems(rules: Table, hand: Hand, event: Melds) -> list[Violation]:
    """Every meld valid, every lay-off fitting its meld, a first meld worth 51 with a meld of
    the player's own, a discard drawn melded at once, and no card more than the packs hold."""
    names, options = rules.names, rules.options
    player = names[event.player]
    if not (event.melds or event.layoffs or event.swaps):
        return [
            Violation(
                "nothing-melded",
                tr(
                    "{player} lays down nothing: enter at least one meld or lay-off.",
                    player=player,
                ),
                rule="melds",
            )
        ]
    table = [list(m.cards) for m in hand.melds]
    if event.swaps:
        if not options.joker_swap:
            return [
                Violation(
                    "no-joker-swaps",
                    tr(
                        "This table does not let a joker be taken back from a meld (house rule "
                        "'Joker swapping')."
                    ),
                    rule="jokers",
                )
            ]
        if not hand.opened(event.player) and not event.melds:
            return [
                Violation(
                    "swap-before-first-meld",
                    tr(
                        "{player} has not made a first meld yet: a joker may be taken back only "
                        "by a player who has melded.",
                        player=player,
                    ),
                    rule="jokers",
                )
            ]
        for swap in event.swaps:
            if (problem := missing_meld(player, swap.meld, len(table))) is not None:
                return [problem]
            swapped = play.swap_joker(table[swap.meld - 1], swap.card)
            if swapped is None:
                return [
                    Violation(
                        "swap-does-not-fit",
                        tr(
                            "Meld {number} ({cards}) holds no joker that {card} can take the "
                            "place of.",
                            number=swap.meld,
                            cards=tuple(table[swap.meld - 1]),
                            card=swap.card,
                        ),
                        rule="jokers",
                    )
                ]
            table[swap.meld - 1] = swapped
    own = 0
    parts: list[Text] = []
    for cards in event.melds:
        try:
            found = play.meld(cards)
        except MeldError as exc:
            return [
                Violation(
                    "not-a-meld",
                    tr(
                        "{player}'s {cards} is not a meld: {why}.",
                        player=player,
                        cards=tuple(cards),
                        why=why(exc),
                    ),
                    rule="melds",
                )
            ]
        points = play.meld_points(cards, options)
        own += points
        parts.append(tr("{cards} {points}", cards=found.cards, points=points))
    laid = 0
    for lay in event.layoffs:
        if (problem := missing_meld(player, lay.meld, len(table))) is not None:
            return [problem]
        before = table[lay.meld - 1]
        try:
            after = play.meld([*before, *lay.cards])
        except MeldError as exc:
            return [layoff_refused(player, lay.meld, tuple(before), lay.cards, exc)]
        points = play.layoff_points(before, after.cards, options)
        laid += points
        parts.append(tr("{cards} laid off {points}", cards=lay.cards, points=points))
        table[lay.meld - 1] = list(after.cards)
    if not hand.opened(event.player):
        if not event.melds:
            return [
                Violation(
                    "first-meld-needs-own-meld",
                    tr(
                        "{player} has not melded yet: lay-offs count toward a first meld, but "
                        "it must hold a meld of {player}'s own.",
                        player=player,
                    ),
                    rule="first-meld",
                )
            ]
        if own + laid < play.OPENING:
            return [
                Violation(
                    "first-meld-under-51",
                    tr(
                        "{player}'s first meld is worth {total} ({parts}): a first meld must be "
                        "worth at least 51.",
                        player=player,
                        total=own + laid,
                        parts=joined(parts),
                    ),
                    rule="first-meld",
                )
            ]
    put = [c for cards in event.melds for c in cards]
    put += [c for lay in event.layoffs for c in lay.cards]
    if event.took is not None and event.took not in put:
        return [
            Violation(
                "upcard-not-melded",
                tr(
                    "{player} drew {card} from the discards, so it must be melded in the same "
                    "turn: it is in none of the melds or lay-offs.",
                    player=player,
                    card=event.took,
                ),
                rule="upcard",
            )
        ]
    most = play.DEALT + 1 - hand.put_down[event.player]
    if len(put) > most:
        return [
            Violation(
                "too-many-cards",
                tr(
                    "{player} puts down {n} cards, but holds at most {most} after drawing "
                    "(fifteen dealt and one drawn, {down} already put down).",
                    player=player,
                    n=len(put),
                    most=most,
                    down=hand.put_down[event.player],
                ),
                rule="melds",
            )
        ]
    on_table = [c for cards in table for c in cards] + [c for cards in event.melds for c in cards]
    return pack_problems(on_table)


def joined(parts: Sequence[Text]) -> str:
    out: str = parts[0]
    for part in parts[1:]:
        out = tr("{items} + {item}", items=out, item=part)
    return out


def missing_meld(player: str, number: int, count: int) -> Violation | None:
    if 1 <= number <= count:
        return None
    if not count:
        message = tr("There is no meld on the table yet for {player} to add to.", player=player)
    else:
        message = tr_n(
            "There is no meld {number} on the table: there is {n} meld.",
            "There is no meld {number} on the table: melds are numbered 1 to {n}.",
            count,
            number=number,
        )
    return Violation("no-such-meld", message, rule="melds")


def layoff_refused(
    player: str, number: int, before: tuple[Card, ...], cards: tuple[Card, ...], exc: MeldError
) -> Violation:
    if exc.code == "set-too-big":
        message = tr(
            "{player} cannot add {cards} to meld {number} ({meld}): a set of four is complete, "
            "not even a joker can join it.",
            player=player,
            cards=cards,
            number=number,
            meld=before,
        )
    else:
        message = tr(
            "{player} cannot add {cards} to meld {number} ({meld}): {why}.",
            player=player,
            cards=cards,
            number=number,
            meld=before,
            why=why(exc),
        )
    return Violation("layoff-does-not-fit", message, rule="melds")


def pack_problems(cards: Sequence[Card]) -> list[Violation]:
    """No card more than twice and no more than four jokers (two packs and four jokers)."""
    over, jokers = play.over_copies(cards)
    problems = [
        Violation(
            "too-many-copies",
            tr(
                "{card} is entered {count} times, but the two packs hold it only twice.",
                card=card,
                count=count,
            ),
            rule="cards",
        )
        for card, count in over
    ]
    if jokers > play.JOKERS:
        problems.append(
            Violation(
                "too-many-jokers",
                tr("{n} jokers are entered, but the pack holds only four.", n=jokers),
                rule="cards",
            )
        )
    return problems


# --- the end of a hand ----------------------------------------------------------------------


def kaluki_problems(rules: Table, hand: Hand, out: int, kaluki: bool) -> list[Violation]:
    """With the winner's melds recorded during play, a Kaluki claim must match them."""
    turns = hand.turns[out]
    if not turns:
        return []
    player = rules.names[out]
    went = turns == 1 and hand.first_turn[out] >= play.DEALT
    if kaluki and not went:
        if turns > 1:
            message = tr_n(
                "{player} melded in {n} turn this hand: going Kaluki is melding every card in "
                "one turn, with no meld before.",
                "{player} melded in {n} turns this hand: going Kaluki is melding every card in "
                "one turn, with no meld before.",
                turns,
                player=player,
            )
        else:
            message = tr(
                "{player} put down {down} cards in their one turn: going Kaluki is melding all "
                "fifteen in one turn.",
                player=player,
                down=hand.first_turn[out],
            )
        return [Violation("not-kaluki", message, rule="kaluki")]
    if went and not kaluki:
        return [
            Violation(
                "kaluki-missed",
                tr(
                    "{player} put down {down} cards in one turn with no meld before: that is "
                    "Kaluki, and every payment is doubled. Tick Kaluki.",
                    player=player,
                    down=hand.first_turn[out],
                ),
                rule="kaluki",
            )
        ]
    return []


def loser_count_problems(rules: Table, hand: Hand, seat: int, held: int) -> list[Violation]:
    """A loser holds at least one card, and no more than fifteen less what they put down."""
    player = rules.names[seat]
    if held < 1:
        return [
            Violation(
                "loser-holds-nothing",
                tr(
                    "{player} holds no card, but only one player goes out: enter the cards "
                    "{player} still holds.",
                    player=player,
                ),
                rule="going-out",
            )
        ]
    most = play.DEALT - hand.put_down[seat]
    if held > most:
        if hand.put_down[seat]:
            message = tr(
                "{player} holds {n} cards, but can hold at most {most}: fifteen less the {down} "
                "they put down in melds.",
                player=player,
                n=held,
                most=most,
                down=hand.put_down[seat],
            )
        else:
            message = tr(
                "{player} holds {n} cards, but a player holds at most fifteen at the end of "
                "a hand.",
                player=player,
                n=held,
            )
        return [Violation("too-many-cards", message, rule="going-out")]
    return []


def out_holds(rules: Table, out: int, held: int) -> list[Violation]:
    if not held:
        return []
    return [
        Violation(
            "out-has-cards",
            tr_n(
                "{player} went out, so holds no card: not {n}.",
                "{player} went out, so holds no card: not {n}.",
                held,
                player=rules.names[out],
            ),
            rule="going-out",
        )
    ]


def table_cards(hand: Hand) -> list[Card]:
    return [c for m in hand.melds for c in m.cards]


def result_problems(rules: Table, hand: Hand, event: Result) -> list[Violation]:
    problems = out_holds(rules, event.out, event.cards[event.out])
    names = rules.names
    for seat, (held, jokers) in enumerate(zip(event.cards, event.jokers, strict=True)):
        if held < 0 or jokers < 0:
            problems.append(
                Violation(
                    "negative",
                    tr("{player}'s cards and jokers cannot be below 0.", player=names[seat]),
                    rule="payment",
                )
            )
            continue
        if jokers > held:
            problems.append(
                Violation(
                    "jokers-more-than-cards",
                    tr_n(
                        "{player} holds {jokers} jokers among only {n} card.",
                        "{player} holds {jokers} jokers among only {n} cards.",
                        held,
                        player=names[seat],
                        jokers=jokers,
                        n=held,
                    ),
                    rule="payment",
                )
            )
        if seat != event.out:
            problems += loser_count_problems(rules, hand, seat, held)
    on_table = sum(1 for c in table_cards(hand) if c.is_joker)
    total = sum(j for j in event.jokers if j > 0) + on_table
    if total > play.JOKERS:
        message = (
            tr_n(
                "{n} joker is entered, with {table} more in melds on the table, but the pack "
                "holds only four.",
                "{n} jokers are entered, with {table} more in melds on the table, but the pack "
                "holds only four.",
                total - on_table,
                table=on_table,
            )
            if on_table
            else tr("{n} jokers are entered, but the pack holds only four.", n=total)
        )
        problems.append(Violation("too-many-jokers", message, rule="cards"))
    return problems or kaluki_problems(rules, hand, event.out, event.kaluki)


def hands_problems(rules: Table, hand: Hand, event: Hands) -> list[Violation]:
    problems = out_holds(rules, event.out, len(event.cards[event.out]))
    for seat, cards in enumerate(event.cards):
        if seat != event.out:
            problems += loser_count_problems(rules, hand, seat, len(cards))
    seen = table_cards(hand) + [c for cards in event.cards for c in cards]
    problems += pack_problems(seen)
    return problems or kaluki_problems(rules, hand, event.out, event.kaluki)
