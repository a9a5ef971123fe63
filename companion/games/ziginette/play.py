"""Ziginette's arithmetic: the pack, what a turned card does, the settlement and the house's cut."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.cards import Card, deck

from .events import DealState, Move, ZiginetteState

#: The 40-card Italian pack: A, 2-7, J, Q, K in four suits (no 8, 9, 10).
PACK = frozenset(deck(40))


def is_playette(cards: Sequence[Card]) -> bool:
    """Two of the first three cards (two board cards, the banker's) share a rank."""
    ranks = [c.rank for c in cards]
    return len(set(ranks)) < len(ranks)


def outcome(deal: DealState, card: Card) -> str:
    """What a turned card does: "banker" (the banker's rank: the bank loses), "dead" (discarded),
    "match" (takes the bets on that board card) or "board" (a new board card)."""
    if card.rank == deal.banker_card.rank:
        return "banker"
    if card.rank in deal.dead:
        return "dead"
    if any(spot.card.rank == card.rank for spot in deal.board):
        return "match"
    return "board"


def money(n_seats: int, banker: int, moves: Sequence[Move]) -> list[int]:
    """Per seat, before any cut: each move pays the player, the banker takes the other side."""
    out = [0] * n_seats
    for move in moves:
        out[move.seat] += move.amount
        out[banker] -= move.amount
    return out


def paid_so_far(n_seats: int, state: ZiginetteState) -> list[int]:
    """Per seat, what the deal under way has paid at the table so far: the bets on a board card
    matched go to the bank at once (ruling 4); nothing before a deal or between deals."""
    deal = state.deal
    return money(n_seats, deal.limits.banker, deal.moves) if deal is not None else []
