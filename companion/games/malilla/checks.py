"""Malilla's validation: every check of an entry, named by its violation code.

Called by :meth:`Malilla.violations`; each function returns the problems with one event in the
current state (errors refuse it; irregularities such as revokes are recorded and flagged).
"""

from __future__ import annotations

from companion.games.malilla.events import Deal, Forfeit, Hand, MalillaState, Table, Trick
from companion.games.malilla.play import CARD_POINTS, DECK, TRICKS, points_range
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.text import Text, tr, tr_n
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


def tally_problems(
    rules: Table,
    side: int,
    cards: int,
    tricks: int,
    other_cards: int | None,
    other_tricks: int | None,
) -> list[Violation]:
    """What is wrong with one side's card points and tricks (and the other's, if given)."""
    mine, other = rules.side_name(side), rules.side_name(1 - side)
    out = []
    for name, c, t in ((mine, cards, tricks), (other, other_cards, other_tricks)):
        if c is not None and not 0 <= c <= CARD_POINTS:
            out.append(
                _tally(
                    "tally-range",
                    tr(
                        "{side} cannot have {points} card points (0 to 60).",
                        side=name,
                        points=c,
                    ),
                )
            )
        if t is not None and not 0 <= t <= TRICKS:
            out.append(
                _tally(
                    "tally-range",
                    tr("{side} cannot have won {tricks} tricks (0 to 10).", side=name, tricks=t),
                )
            )
    if out:
        return out
    cards_2, tricks_2 = CARD_POINTS - cards, TRICKS - tricks
    if other_cards is not None and other_cards != cards_2:
        out.append(
            _tally(
                "card-points-total",
                tr(
                    "{side} {points} and {other} {other_points} card points make {total}, "
                    "but the cards are worth 60 in all.",
                    side=mine,
                    points=cards,
                    other=other,
                    other_points=other_cards,
                    total=cards + other_cards,
                ),
            )
        )
    if other_tricks is not None and other_tricks != tricks_2:
        out.append(
            _tally(
                "tricks-total",
                tr_n(
                    "{side} {tricks} and {other} {other_tricks} trick make {total}, "
                    "but a hand has 10 tricks.",
                    "{side} {tricks} and {other} {other_tricks} tricks make {total}, "
                    "but a hand has 10 tricks.",
                    other_tricks,
                    side=mine,
                    tricks=tricks,
                    other=other,
                    other_tricks=other_tricks,
                    total=tricks + other_tricks,
                ),
            )
        )
    if out:
        return out
    for name, c, t in ((mine, cards, tricks), (other, cards_2, tricks_2)):
        low, high = points_range(t)
        if not low <= c <= high:
            out.append(
                _tally(
                    "card-points-impossible",
                    tr_n(
                        "{side} won {n} trick: {cards} cards hold {between} card points, "
                        "not {points}.",
                        "{side} won {n} tricks: {cards} cards hold {between} card points, "
                        "not {points}.",
                        t,
                        side=name,
                        cards=4 * t,
                        between=_between(low, high),
                        points=c,
                    ),
                )
            )
    return out


def _tally(code: str, message: Text) -> Violation:
    return Violation(code, message, rule="quick-entry")


def _between(low: int, high: int) -> Text:
    if low == high:
        return tr("exactly {points}", points=low)
    return tr("{low} to {high}", low=low, high=high)
