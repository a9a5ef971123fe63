"""Ace-Deuce-Jack's validation: every check of an entry, named by its violation code.

Called by :meth:`AceDeuceJack.violations`; each function returns the problems with one event in
the current state (errors refuse it; a bet beyond the bank is flagged unless the ``cover``
option refuses it). What every banking game checks alike (the limits, a banker who bets, a bet
outside the limits or beyond the bank) is :mod:`companion.rules.banking`'s.
"""

from __future__ import annotations

from companion.games.ace_deuce_jack import play
from companion.games.ace_deuce_jack.events import (
    AceDeuceJackState,
    Bank,
    Bet,
    End,
    Hand,
    HighCard,
    Limits,
    Misdeal,
    Round,
    Table,
    Turn,
)
from companion.rules import banking
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.money import Chips
from companion.rules.text import tr, tr_n


def violations(rules: Table, state: AceDeuceJackState, event: Event) -> list[Violation]:
    """Every problem with ``event`` in ``state``."""
    if state.ended:
        return [banking.game_over()]
    if isinstance(event, Bank):
        return bank_problems(rules, state, event)
    if isinstance(event, HighCard):
        return high_card_problems(rules, state, event)
    if isinstance(event, End):
        if not rules.whole_rotations(state):
            return [
                Violation(
                    "uneven-banks",
                    tr_n(
                        "The session ends only when everyone has banked as often, after "
                        "the last banker's {n} hand.",
                        "The session ends only when everyone has banked as often, after "
                        "the last banker's {n} hands.",
                        rules.options.hands_per_bank,
                    ),
                    rule="bank",
                )
            ]
        return []
    if state.limits is None:
        return [banking.no_bank()]
    if isinstance(event, Turn) and state.hand is None and state.showing:
        last = state.played[-1]  # the rest of its piles shown (ruling 4.2.3)
        return card_problems(last.bets, last.cards, (event.card,))
    if rules.rotation_due(state) and state.hand is None:
        return [
            Violation(
                "bank-passes",
                tr_n(
                    "{banker} has banked {n} hand: record {next} taking the bank first.",
                    "{banker} has banked {n} hands: record {next} taking the bank first.",
                    state.in_bank,
                    banker=rules.names[state.limits.banker],
                    next=rules.names[(state.limits.banker + 1) % rules.n_seats],
                ),
                rule="bank",
            )
        ]
    if isinstance(event, Misdeal):
        if state.hand is None:
            return [Violation("no-hand", tr("No hand is under way to void."), rule="misdeal")]
        return []
    if isinstance(event, Bet):
        hand = state.hand or Hand(limits=state.limits)
        if hand.cards:
            return [
                Violation(
                    "bets-closed", tr("Bets are closed: a pile has been turned."), rule="bets"
                )
            ]
        return bet_problems(rules, state.limits, hand.bets, event.seat, event.amount)
    if isinstance(event, Turn):
        hand = state.hand or Hand(limits=state.limits)
        return card_problems(hand.bets, hand.cards, (event.card,))
    if isinstance(event, Round):
        if state.hand is not None:
            return [
                Violation(
                    "hand-under-way",
                    tr("A hand is under way: finish it pile by pile, or void it."),
                    rule="bets",
                )
            ]
        problems: list[Violation] = []
        bets: list[tuple[int, int]] = []
        for seat, amount in enumerate(event.bets):
            if seat == state.limits.banker:
                if amount:
                    problems.append(banking.banker_bets(rules.names[seat]))
                continue
            if amount == 0:
                continue
            problems += bet_problems(rules, state.limits, tuple(bets), seat, amount)
            bets.append((seat, amount))
        problems += card_problems(tuple(bets), (), event.cards, whole=True)
        return problems
    return []


def bank_problems(rules: Table, state: AceDeuceJackState, event: Bank) -> list[Violation]:
    """``hand-under-way``, ``wrong-banker`` (the draw's winner banks first; the bank passes to
    the left after the agreed hands), and the limits' own checks."""
    problems: list[Violation] = []
    if state.hand is not None:
        return [
            Violation(
                "hand-under-way",
                tr("Finish or void the hand under way before changing the bank."),
                rule="bank",
            )
        ]
    expected = rules.next_banker(state)
    if expected is not None and event.banker != expected:
        if state.limits is None:
            message = tr(
                "{next} drew the highest card and banks first, not {player}.",
                next=rules.names[expected],
                player=rules.names[event.banker],
            )
        elif rules.rotation_due(state):
            message = tr(
                "The bank passes to {next}, on {banker}'s left, not to {player}.",
                next=rules.names[expected],
                banker=rules.names[state.limits.banker] if state.limits else "",
                player=rules.names[event.banker],
            )
        else:
            message = tr_n(
                "{banker} keeps the bank for {n} more hand; only the limits may change now.",
                "{banker} keeps the bank for {n} more hands; only the limits may change now.",
                rules.options.hands_per_bank - state.in_bank,
                banker=rules.names[expected],
            )
        problems.append(Violation("wrong-banker", message, rule="bank"))
    return problems + banking.limits_problems(event)


def high_card_problems(rules: Table, state: AceDeuceJackState, event: HighCard) -> list[Violation]:
    """``banker-known``, ``not-drawing``, ``bad-card``, ``card-twice``: a card of the draw for
    the first banker."""
    if state.limits is not None or state.first_banker is not None:
        return [
            Violation(
                "banker-known",
                tr("The first banker is already known: no more cards for the bank."),
                rule="first-banker",
            )
        ]
    name = rules.names[event.seat]
    if event.seat not in rules.still_to_draw(state):
        if any(seat == event.seat for seat, _ in state.this_round):
            message = tr("{player} already has a card in this round of the draw.", player=name)
        else:
            message = tr(
                "{player} is not in the tie: only the tied players draw again.", player=name
            )
        return [Violation("not-drawing", message, rule="first-banker")]
    if event.card.is_joker:
        return [banking.no_joker()]
    if any(card == event.card for _, card in state.drawn):
        return [
            Violation(
                "card-twice",
                tr("{card} has already been dealt in the draw.", card=event.card),
                rule="first-banker",
            )
        ]
    return []


def bet_problems(
    rules: Table, limits: Limits, bets: tuple[tuple[int, int], ...], seat: int, amount: int
) -> list[Violation]:
    """``banker-bets``, ``bet-twice``, ``bet-out-of-limits`` and ``beyond-bank`` (the bets
    ``bets`` placed before it, taken in order, and this one)."""
    name = rules.names[seat]
    if seat == limits.banker:
        return [banking.banker_bets(name)]
    if any(s == seat for s, _ in bets):
        return [
            Violation(
                "bet-twice", tr("{player} has already bet this hand.", player=name), rule="bets"
            )
        ]
    if not limits.min_bet <= amount <= limits.max_bet:
        return [banking.outside_limits(name, amount, limits)]
    return banking.beyond_bank(
        limits,
        sum(a for _, a in bets) + amount,
        rules.options.cover,
        "cover",
        lambda total, stack: tr(
            "{player}'s bet of {amount} brings the bets to {total}, more than the "
            "{stack} {banker} can cover.",
            player=name,
            amount=Chips(amount),
            total=total,
            stack=stack,
            banker=rules.names[limits.banker],
        ),
    )


def card_problems(
    bets: tuple[tuple[int, int], ...],
    before: tuple[Card, ...],
    cards: tuple[Card, ...],
    *,
    whole: bool = False,
) -> list[Violation]:
    """``no-bets``, ``bad-card``, ``card-twice``, ``piles-turned`` and (for a ``whole`` hand)
    ``piles-missing``: the piles turned after ``before``."""
    problems: list[Violation] = []
    if not bets and not before:
        problems.append(
            Violation(
                "no-bets",
                tr("Nobody has bet: record the bets before turning a pile."),
                rule="bets",
            )
        )
    seen = list(before)
    for card in cards:
        if card.is_joker:
            problems.append(banking.no_joker())
        elif card in seen:
            problems.append(
                Violation(
                    "card-twice",
                    tr("{card} is already turned: the three cards are different.", card=card),
                    rule="cards",
                )
            )
        elif len(seen) >= play.PILES:
            problems.append(
                Violation(
                    "piles-turned",
                    tr(
                        "The three piles are turned already ({cards}): there is no fourth.",
                        cards=tuple(seen),
                    ),
                    rule="settle",
                )
            )
        seen.append(card)
    if whole and not play.decided(seen):
        problems.append(
            Violation(
                "piles-missing",
                tr("Turn all three piles, or stop at the first ace, deuce or jack."),
                rule="settle",
            )
        )
    return problems
