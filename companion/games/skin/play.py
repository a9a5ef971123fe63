"""Skin's cards and pure play logic: the pack, and what a turned card does in a deal."""

from __future__ import annotations

from companion.games.skin.events import DealState, Move, SkinState
from companion.rules.cards import Card

#: The 52-card pack: a deal ends when every card has been turned.
PACK = 52


def decided(deal: DealState, card: Card) -> tuple[str, int | None]:
    """What the rules do with a turned card, and whose card it pairs: "dead", "banker",
    "player", "centre" or "offer"."""
    if card.rank in deal.dead:
        return "dead", None
    if deal.banker_card is not None and card.rank == deal.banker_card.rank:
        return "banker", None
    for seat, held in enumerate(deal.cards):
        if held is not None and held.rank == card.rank:
            return "player", seat
    if any(c.rank == card.rank for c in deal.centre):
        return "centre", None
    return "offer", None


def money(n_seats: int, moves: tuple[Move, ...]) -> list[int]:
    """Per seat, before any cut: each move's winner takes its amount from its loser."""
    out = [0] * n_seats
    for move in moves:
        out[move.winner] += move.amount
        out[move.loser] -= move.amount
    return out


def paid_so_far(n_seats: int, state: SkinState) -> list[int]:
    """Per seat, what the deal under way has paid at the table so far: a card matched is paid
    at once (ruling 10.3); nothing before a deal or between deals."""
    return money(n_seats, state.deal.moves) if state.deal is not None else []


def put(values: tuple, seat: int, value: object) -> tuple:  # type: ignore[type-arg]
    """``values`` (one per seat) with ``seat``'s replaced by ``value``."""
    return tuple(value if i == seat else v for i, v in enumerate(values))
