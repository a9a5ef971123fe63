"""Bastard's cards and moves, with no words: the pack, what beats what and the bastard rule's
penalty (whose turn it is: :mod:`companion.rules.turns`). ``shared/rules/bastard/rulings.md``
§3.2 and §3.3.

>>> from companion.rules.cards import parse_card as c
>>> beats(c("9H"), c("7S"), down=False), beats(c("9H"), c("7S"), down=True)
(True, False)
>>> plan = penalty_plan((5, 1, 2, 4), 1, 3, seat=0, owed=3, towards=-1, reshuffle=False)
>>> plan.from_stock, plan.givers, plan.went_out
(1, (3, 2), ())
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.rules.cards import ACE, Card, deck

HAND = 7  # cards dealt to each player
PACK = 54  # 52 cards and two jokers
ONE_PACK_MAX = 6  # above this many players, two packs by default (ruling 3.2.1)
#: What a quick entry or a card can be: every card of the 54-card pack (jokers in any notation).
CARDS = frozenset(deck(52))


def packs(decks_option: int, n_seats: int) -> int:
    """How many 54-card packs are in play (option ``decks``, 0: by the player count)."""
    if decks_option:
        return decks_option
    return 2 if n_seats > ONE_PACK_MAX else 1


def stock_after_deal(n_packs: int, n_seats: int) -> int:
    """The face-down stock once everyone has 7 cards and one card is turned up."""
    return PACK * n_packs - HAND * n_seats - 1


def copies(card: Card, n_packs: int, coloured: bool) -> int:
    """How many of this card the packs hold; the two jokers count as one kind unless the
    coloured-joker variant tells them apart."""
    if card.is_joker and not coloured:
        return 2 * n_packs
    return n_packs


def same_card(a: Card, b: Card, coloured: bool) -> bool:
    if a.is_joker and b.is_joker:
        return a == b if coloured else True
    return a == b


def beats(card: Card, top: Card, *, down: bool) -> bool:
    """Rank only: strictly higher going up, strictly lower going down (aces high)."""
    return card.rank < top.rank if down else card.rank > top.rank


def direction_after(cards: Sequence[Card], down: bool) -> bool:
    """Aces turn the pile down, twos turn it up, a joker resets it to up (rules 6 and 7)."""
    last = cards[-1]
    if last.is_joker:
        return False
    if last.rank == ACE:
        return True
    if last.rank == 2:
        return False
    return down


@dataclasses.dataclass(frozen=True)
class Plan:
    """How the bastard rule's cards reach the stuck player."""

    from_stock: int
    givers: tuple[int, ...]
    went_out: tuple[int, ...]
    reshuffled: bool
    short: int  # cards still owed when everyone had given one


def penalty_plan(
    counts: Sequence[int],
    stock: int,
    pile: int,
    *,
    seat: int,
    owed: int,
    towards: int,
    reshuffle: bool,
) -> Plan:
    """The stock first (remade from the pile but its top card if the option says so), then one
    card from each other player still in, starting next to ``seat`` in direction ``towards``
    (-1: to the right, as the rulings say), until the count is reached (rule 10)."""
    reshuffled = False
    if stock < owed and reshuffle and pile > 1:
        stock += pile - 1
        reshuffled = True
    take = min(stock, owed)
    left = owed - take
    givers: list[int] = []
    went_out: list[int] = []
    n = len(counts)
    for k in range(1, n):
        if left == 0:
            break
        other = (seat + towards * k) % n
        if counts[other] <= 0:
            continue
        givers.append(other)
        left -= 1
        if counts[other] == 1:
            went_out.append(other)
    return Plan(take, tuple(givers), tuple(went_out), reshuffled, left)
