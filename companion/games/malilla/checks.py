"""Malilla's validation: every check of an entry, named by its violation code.

Called by :meth:`Malilla.violations`; each function returns the problems with one event in the
current state (errors refuse it; irregularities such as revokes are recorded and flagged). The
check of a quick entry's figures is :meth:`~companion.games.malilla.score.Scorer.tally_problems`,
beside the scoring it mirrors.
"""

from __future__ import annotations

from companion.games.malilla.events import Deal, Forfeit, Hand, MalillaState, Table, Trick
from companion.games.malilla.play import DECK
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.text import tr
from companion.rules.tricks import (
    duplicate_problems,
    game_over,
    lead_and_size_problems,
    out_of_order,
)

_IN_DECK = frozenset(DECK)


def unexpected(rules: Table, state: MalillaState, event: Event) -> Violation:
    if state.winner is not None:
        return game_over()
    if event.kind == "forfeit":
        if state.hand is not None:
            return Violation(
                "forfeit-too-early",
                tr(
                    "With the house rule 'forfeit the hand', finish recording this hand "
                    "first (its tricks or its points): the forfeit is scored from them."
                ),
                rule="irregularities",
            )
        return Violation(
            "out-of-order",
            tr(
                "There is no hand to forfeit: a forfeit belongs to the hand being played "
                "or the one just scored, before the next deal."
            ),
            rule="irregularities",
        )
    first = tr("the first trick or the hand's points")
    return out_of_order(event.kind, None if state.hand is None else state.hand.tricks, first)


def deal_problems(rules: Table, state: MalillaState, deal: Deal) -> list[Violation]:
    problems = []
    expected = state.next_dealer
    if expected is not None and deal.misdeal:
        expected = rules.next_seat(expected)
    if expected is not None and deal.dealer != expected:
        names = {"player": rules.names[expected], "dealer": rules.names[deal.dealer]}
        if deal.misdeal:
            message = tr(
                "It is {player}'s deal (the deal passes after a misdeal the next player "
                "deals), not {dealer}'s.",
                **names,
            )
        elif rules.options.direction == "clockwise":
            message = tr(
                "It is {player}'s deal (the deal passes to the left), not {dealer}'s.", **names
            )
        else:
            message = tr(
                "It is {player}'s deal (the deal passes to the right), not {dealer}'s.",
                **names,
            )
        problems.append(Violation("wrong-dealer", message, rule="setup"))
    if deal.upcard not in _IN_DECK:
        problems.append(not_in_deck(deal.upcard))
    return problems


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    names, leader = rules.names, rules.leader(hand)
    why = tr("the winner of the last one, or the player after the dealer")
    if shape := lead_and_size_problems(
        names, leader, trick.leader, len(trick.cards), range(4), why
    ):
        return shape
    if problems := [not_in_deck(c) for c in trick.cards if c not in _IN_DECK]:
        return problems
    problems = duplicate_problems(trick.cards, hand.tricks)
    record = rules.record(hand, trick.cards)
    for seat, card in record.plays(4):
        if card == hand.upcard and seat != hand.dealer:
            problems.append(
                Violation(
                    "upcard-elsewhere",
                    tr(
                        "{player} cannot play {card}: it was turned up to the dealer, "
                        "{dealer}, and is in their hand.",
                        player=names[seat],
                        card=card,
                        dealer=names[hand.dealer],
                    ),
                    rule="setup",
                )
            )
    if problems:
        return problems
    _, proven = rules.prove(hand, record)
    return [p.violation(names) for p in proven]


def forfeit_problems(rules: Table, state: MalillaState, event: Forfeit) -> list[Violation]:
    hand = state.hand if state.hand is not None else state.last.hand if state.last else None
    assert hand is not None
    team = event.player % 2
    if any(f.seat % 2 == team for f in hand.flags) or event.note.strip():
        return []
    side = rules.team_name(rules.teams()[team])
    return [
        Violation(
            "forfeit-reason",
            tr(
                "No irregularity by {side} has been flagged in hand {number}: write what "
                "{player} did in the note to confirm the forfeit anyway.",
                side=side,
                number=hand.number,
                player=rules.names[event.player],
            ),
            rule="irregularities",
        )
    ]


def not_in_deck(card: Card) -> Violation:
    return Violation(
        "not-in-deck",
        tr(
            "{card} is not in the Malilla pack (A, K, Q, J and 7 down to 2 in each suit).",
            card=card,
        ),
        rule="setup",
    )
