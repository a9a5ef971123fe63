"""Big Three's cards and combinations, with no words: the order 3 > 2 > A > K … > 4, what a set
of cards is (single, pair, trips, quads, straight, runs of pairs, trips or quads) and what beats
what. ``shared/rules/big-three/rulings.md`` §5.2.

>>> from companion.rules.cards import parse_cards as cs
>>> classify(cs("7S 7H 8S 8D 9C 9H"))
Combo(kind='pairs-run', cards=6, top=9, low=7)
>>> classify(cs("QS KS AS")) is None, classify(cs("3S 3H")).top
(True, 16)
>>> beats(classify(cs("5S 6H 7D")), classify(cs("4S 5H 6D")))
True
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from companion.rules.cards import ACE, Card, deck

SEATS = 3
HAND = 16
WIDOW = 4
DECK = frozenset(deck(52))
#: Every card's place in the order, low to high: 4 … K, A, 2, 3.
ORDER = {**{r: r for r in range(4, 14)}, ACE: 14, 2: 15, 3: 16}
#: The highest place a straight or run may use: the king (no A, 2 or 3 in them).
RUN_TOP = 13
KINDS = ("single", "pair", "trips", "quads")
MAX_QUADS = 13  # one four of a kind per rank at the most in a hand
RUNS = {1: "straight", 2: "pairs-run", 3: "trips-run", 4: "quads-run"}


def order(card: Card) -> int:
    return ORDER[card.rank]


def in_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Low to high in the game's order (4 … K A 2 3), suits as the pack lists them: how a
    combination or a forced dig is recorded, whatever order its cards were named in. A card
    the game has no place for (a joker) goes last: the rules refuse it with their own message
    when the entry is checked."""
    if not all(isinstance(c, Card) for c in cards):
        return tuple(cards)  # not cards at all: the event's checks say so
    return tuple(sorted(cards, key=lambda c: (ORDER.get(c.rank, len(ORDER)), c.sort_key())))


@dataclasses.dataclass(frozen=True)
class Combo:
    """A valid combination: its kind, how many cards, and its top (and lowest) place."""

    kind: str
    cards: int
    top: int
    low: int

    @property
    def group(self) -> int:
        """Cards of each rank: 1 for a single or a straight, 2 for a pair or a pair-run…"""
        if self.kind in KINDS:
            return KINDS.index(self.kind) + 1
        return next(k for k, name in RUNS.items() if name == self.kind)

    @property
    def is_run(self) -> bool:
        return self.kind in RUNS.values()


def why_not(cards: Sequence[Card]) -> str:
    """Why ``cards`` are no combination, as a code ("" when they are one):
    "joker", "mixed-sizes", "too-short", "gap", "high-in-run", "too-many"."""
    if any(c.is_joker for c in cards):
        return "joker"
    counts = Counter(order(c) for c in cards)
    if len(counts) == 1:
        return "" if len(cards) <= 4 else "too-many"
    sizes = set(counts.values())
    if len(sizes) > 1:
        return "mixed-sizes"
    if len(counts) < 3:
        return "too-short"
    places = sorted(counts)
    if places[-1] - places[0] != len(places) - 1:
        return "gap"
    if places[-1] > RUN_TOP:
        return "high-in-run"
    return ""


def classify(cards: Sequence[Card]) -> Combo | None:
    """The combination ``cards`` make, or None (rulings 5.2.4)."""
    if not cards or why_not(cards):
        return None
    counts = Counter(order(c) for c in cards)
    top, low = max(counts), min(counts)
    size = next(iter(counts.values()))
    kind = KINDS[size - 1] if len(counts) == 1 else RUNS[size]
    return Combo(kind, len(cards), top, low)


def beats(new: Combo, old: Combo, *, bombs: bool = False) -> bool:
    """Same kind and as many cards, and a higher top (5.2.5); with ``bombs``, quads beat anything
    but higher quads."""
    if bombs and new.kind == "quads" and old.kind != "quads":
        return True
    return new.kind == old.kind and new.cards == old.cards and new.top > old.top


def threes_twos(cards: Sequence[Card], before: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """How many 3s and 2s are among ``cards``, added to ``before``."""
    threes = sum(1 for c in cards if c.rank == 3)
    twos = sum(1 for c in cards if c.rank == 2)
    return (before[0] + threes, before[1] + twos)


def forces_dig(threes: int, twos: int) -> bool:
    """Three or four 3s, or two 3s and two 2s: the forced dig's hands (ruling 5.3.4)."""
    return threes >= 3 or (threes >= 2 and twos >= 2)
