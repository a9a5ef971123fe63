"""Ziginette's validation: every check of an entry, named by its violation code.

Called by :meth:`Ziginette.violations`; each function returns the problems with one event in
the current state (errors refuse it; a bet beyond the bank is flagged unless the ``cover``
option refuses it). What every banking game checks alike (the limits, a banker who bets, a card
turned twice, a bet beyond the bank) is :mod:`companion.rules.banking`'s.
"""

from __future__ import annotations

from companion.games.ziginette import play
from companion.games.ziginette.events import (
    Bank,
    Bet,
    Deal,
    DealState,
    Draw,
    End,
    Limits,
    Stop,
    Table,
    ZiginetteState,
)
from companion.rules import banking
from companion.rules.cards import Card
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.money import Chips
from companion.rules.text import tr
from companion.rules.tricks import rank_word


def violations(rules: Table, state: ZiginetteState, event: Event) -> list[Violation]:
    """Every problem with ``event`` in ``state``."""
    if state.ended:
        return [banking.game_over()]
    if isinstance(event, Bank):
        return bank_problems(rules, state, event)
    if isinstance(event, End):
        if state.deal is not None:
            return [Violation("deal-under-way", tr("Finish the deal first."), rule="end")]
        return []
    if state.limits is None:
        return [banking.no_bank()]
    if isinstance(event, Deal):
        return deal_problems(rules, state, event)
    deal = state.deal
    if deal is None:
        return [
            Violation(
                "no-deal", tr("Deal the board cards and the banker's card first."), rule="deal"
            )
        ]
    if isinstance(event, Bet):
        return bet_problems(rules, state.limits, deal, event)
    if isinstance(event, Draw):
        return card_problems(deal, event.card)
    if isinstance(event, Stop) and not rules.can_stop(deal):
        return [
            Violation(
                "bets-on-board",
                tr("Bets are still on the board: keep turning cards until they are settled."),
                rule="end-of-deal",
            )
        ]
    return []


def bank_problems(rules: Table, state: ZiginetteState, event: Bank) -> list[Violation]:
    """``deal-under-way``, ``wrong-banker`` (the bank passes to the right), ``must-pass`` (the
    banker lost it), and the limits' own checks."""
    problems: list[Violation] = []
    if state.deal is not None:
        return [
            Violation(
                "deal-under-way", tr("Finish the deal before changing the bank."), rule="bank"
            )
        ]
    limits = state.limits
    if limits is not None and event.banker != limits.banker:
        right = rules.right_of(limits.banker)
        if event.banker != right:
            problems.append(
                Violation(
                    "wrong-banker",
                    tr(
                        "The bank passes to {next}, on {banker}'s right, not to {player}.",
                        next=rules.names[right],
                        banker=rules.names[limits.banker],
                        player=rules.names[event.banker],
                    ),
                    rule="bank",
                )
            )
    elif limits is not None and state.must_pass:
        problems.append(
            Violation(
                "must-pass",
                tr(
                    "{banker} lost the bank: it passes to {next}.",
                    banker=rules.names[limits.banker],
                    next=rules.names[rules.right_of(limits.banker)],
                ),
                rule="bank",
            )
        )
    return problems + banking.limits_problems(event)


def deal_problems(rules: Table, state: ZiginetteState, event: Deal) -> list[Violation]:
    """``deal-under-way``, ``must-pass``, ``two-board-cards``, ``not-in-pack``, ``card-twice``."""
    if state.deal is not None:
        return [Violation("deal-under-way", tr("A deal is under way."), rule="deal")]
    if state.must_pass:
        assert state.limits is not None
        return [
            Violation(
                "must-pass",
                tr(
                    "{banker} lost the bank: record {next} taking it first.",
                    banker=rules.names[state.limits.banker],
                    next=rules.names[rules.right_of(state.limits.banker)],
                ),
                rule="bank",
            )
        ]
    problems: list[Violation] = []
    if len(event.board) != 2:
        problems.append(
            Violation(
                "two-board-cards",
                tr("A deal starts with exactly two board cards."),
                rule="deal",
            )
        )
    cards = (*event.board, event.banker_card)
    for card in cards:
        if card not in play.PACK:
            problems.append(not_in_pack(card))
    if len(set(cards)) < len(cards):
        problems.append(
            Violation("card-twice", tr("The same card cannot be dealt twice."), rule="cards")
        )
    return problems


def bet_problems(rules: Table, limits: Limits, deal: DealState, event: Bet) -> list[Violation]:
    """``banker-bets``, ``bet-on-banker``, ``dead-rank``, ``not-on-board``, ``newest-only``,
    ``bet-out-of-limits`` (a player's bets on one card add up) and ``beyond-bank``."""
    name = rules.names[event.seat]
    if event.seat == limits.banker:
        return [banking.banker_bets(name)]
    if event.card == deal.banker_card or event.card.rank == deal.banker_card.rank:
        return [
            Violation(
                "bet-on-banker",
                tr("{card} is the banker's card: no bet on it.", card=event.card),
                rule="bets",
            )
        ]
    if event.card.rank in deal.dead:
        return [
            Violation(
                "dead-rank",
                tr(
                    "{rank}s are dead: that board card was matched and is gone.",
                    rank=rank_word(event.card.rank),
                ),
                rule="dead",
            )
        ]
    index = next((i for i, s in enumerate(deal.board) if s.card == event.card), None)
    if index is None:
        return [
            Violation(
                "not-on-board", tr("{card} is not on the board.", card=event.card), rule="bets"
            )
        ]
    if rules.options.targets == "newest" and index != len(deal.board) - 1:
        return [
            Violation(
                "newest-only",
                tr("Bets go on the newest board card only, {card}.", card=deal.board[-1].card),
                rule="bets",
            )
        ]
    before = sum(a for s, a in deal.board[index].bets if s == event.seat)
    if event.amount < limits.min_bet:  # every bet, a second one on a card too (ruling 5)
        return [
            Violation(
                "bet-out-of-limits",
                tr(
                    "{player}'s bet of {amount} on {card} is below the smallest bet, {low}.",
                    player=name,
                    amount=Chips(event.amount),
                    card=event.card,
                    low=Chips(limits.min_bet),
                ),
                rule="bets",
            )
        ]
    if before + event.amount > limits.max_bet:
        return [
            Violation(
                "bet-out-of-limits",
                tr(
                    "{player}'s bet on {card} would be {total}, more than the largest, "
                    "{high} per card.",
                    player=name,
                    card=event.card,
                    total=Chips(before + event.amount),
                    high=Chips(limits.max_bet),
                ),
                rule="bets",
            )
        ]
    total = sum(a for spot in deal.board for _, a in spot.bets) + event.amount
    return banking.beyond_bank(
        limits,
        total,
        rules.options.cover,
        "cover",
        lambda total, stack: tr(
            "{player}'s bet of {amount} brings the bets on the board to {total}, more "
            "than the {stack} {banker} can cover.",
            player=name,
            amount=Chips(event.amount),
            total=total,
            stack=stack,
            banker=rules.names[limits.banker],
        ),
    )


def card_problems(deal: DealState, card: Card) -> list[Violation]:
    """``not-in-pack``, ``card-twice``: a card turned must be one of the 40 not yet seen."""
    if card not in play.PACK:
        return [not_in_pack(card)]
    if card in deal.seen:
        return [banking.turned_twice(card)]
    return []


def not_in_pack(card: Card) -> Violation:
    """``not-in-pack``: an 8, 9, 10 or joker, which the Italian pack has not."""
    return Violation(
        "not-in-pack",
        tr("{card} is not in the 40-card pack (no 8, 9, 10 or joker).", card=card),
        rule="cards",
    )
