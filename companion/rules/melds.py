"""Melds for the rummy games: sets and runs, wild cards and jokers, several decks, meld values,
and an exact least-deadwood solver.

One module serves Three Thirteen, Jersey Gin and Kaluki; each game describes its own melds with a
:class:`MeldRules`:

* ``wild_rank``: every card of that rank is wild (Three Thirteen: the hand's rank); ``None`` for
  none. ``jokers_wild``: jokers are wild (Kaluki). A natural card of the wild rank is a wild
  card, which may stand for itself.
* ``ace``: ``"low"`` (A-2-3 only, Three Thirteen and Jersey Gin) or ``"low-or-high"`` (A-2-3 or
  Q-K-A, Kaluki). Never round the corner (K-A-2).
* ``set_max``: the largest set (Kaluki 4; ``None``: no limit). ``distinct_suits``: the natural
  cards of a set must be of different suits (Kaluki; an option in Three Thirteen).
* ``all_wild``: a meld of wild cards only is allowed (Three Thirteen).

:func:`solve` finds the arrangement with the least deadwood, exactly: a depth-first search that
always places the first card left (in suit then rank order) either in the deadwood, in a set with
cards of its rank, or at the bottom of a run of its suit, memoised on the cards left, the wild
cards left and how many more wild cards the melds made so far could still take (the cards left
are one integer, each kind of card a field of bits wide enough for the most copies in the hand:
four packs give four of one card). Wild cards left over at the end join a meld that has room (a
set below ``set_max``, a run shorter than 13) or, three or more of them and ``all_wild``, make a
meld of their own; otherwise they are deadwood.

:func:`readings` lists every meld a group of cards can be read as (the set, each run with its
wild cards shared between the ends, each ace low or high), for a value that takes the best one.

>>> from companion.rules.cards import parse_cards
>>> best = solve(parse_cards("5H 6H 7H 7S 7D"), MeldRules())
>>> [str(m) for m in best.melds], [str(c) for c in best.deadwood], best.deadwood_value
(['7S 7H 7D'], ['5H', '6H'], 11)
>>> best = solve(parse_cards("5H 6H 7H 7S 7D 8H"), MeldRules())
>>> [str(m) for m in best.melds], best.deadwood_value
(['5H 6H 7H 8H'], 14)
>>> thirteen = MeldRules(wild_rank=5)
>>> best = solve(parse_cards("5C QH KH 2S"), thirteen)
>>> [str(m) for m in best.melds], [str(c) for c in best.deadwood]
(['5C QH KH'], ['2S'])
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import cast

from .cards import ACE, Card, Suit

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def gin_value(card: Card) -> int:
    """Ace 1, 2 to 10 their number, J Q K 10 (jokers 0: a game with jokers says their value)."""
    if card.is_joker:
        return 0
    if card.rank == ACE:
        return 1
    return min(card.rank, 10)


@dataclasses.dataclass(frozen=True)
class MeldRules:
    wild_rank: int | None = None
    jokers_wild: bool = False
    ace: str = "low"  # "low" or "low-or-high"
    set_max: int | None = 4
    distinct_suits: bool = False
    all_wild: bool = False
    min_size: int = 3

    def is_wild(self, card: Card) -> bool:
        if card.is_joker:
            return self.jokers_wild
        return self.wild_rank is not None and card.rank == self.wild_rank


@dataclasses.dataclass(frozen=True)
class Meld:
    """A set or a run. ``cards`` in order (a run from its lowest position), and ``stands_for``
    for each card the rank it takes (1 = low ace, 14 = high ace) and, in a run, its suit
    (``None`` for a wild card in a set: it takes the rank, whatever the suit)."""

    kind: str  # "set" or "run"
    cards: tuple[Card, ...]
    stands_for: tuple[tuple[int, Suit | None], ...]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    @property
    def rank(self) -> int:
        """A set's rank; a run's lowest position."""
        return self.stands_for[0][0]


@dataclasses.dataclass(frozen=True)
class Arrangement:
    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int


class MeldError(ValueError):
    """Cards that make no meld; ``code`` says why (for the game's own wording)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --- one meld -------------------------------------------------------------------------------


def _pos(card: Card) -> int:
    """Rank as a position in a run, the ace low (1)."""
    return 1 if card.rank == ACE else card.rank


def classify(cards: Sequence[Card], rules: MeldRules, *, prefer_high: bool = True) -> Meld:
    """The meld these cards make, or MeldError saying why not.

    Where wild cards at a run's end could go either way, they go high if ``prefer_high`` (the
    higher value, for Kaluki's first meld) and low otherwise.
    """
    if len(cards) < rules.min_size:
        raise MeldError("too-few", f"a meld needs at least {rules.min_size} cards")
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    if not naturals:
        if not rules.all_wild:
            raise MeldError("all-wild", "a meld needs at least one natural card")
        return Meld("set", tuple(cards), tuple((cards[0].rank, None) for _ in cards))
    errors: list[MeldError] = []
    try:
        return _as_set(naturals, wilds, rules)
    except MeldError as e:
        errors.append(e)
    try:
        return _as_run(naturals, wilds, rules, prefer_high)
    except MeldError as e:
        errors.append(e)
    ranks = {c.rank for c in naturals}
    raise errors[0] if len(ranks) == 1 else errors[1]


def _as_set(naturals: list[Card], wilds: list[Card], rules: MeldRules) -> Meld:
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        raise MeldError("mixed", "a set is of one rank, a run of one suit")
    size = len(naturals) + len(wilds)
    if rules.set_max is not None and size > rules.set_max:
        raise MeldError("set-too-big", f"a set has at most {rules.set_max} cards")
    if rules.distinct_suits and len({c.suit for c in naturals}) < len(naturals):
        raise MeldError("same-suit", "the cards of a set must be of different suits")
    rank = naturals[0].rank
    cards = tuple(naturals) + tuple(wilds)
    return Meld(
        "set", cards, tuple((rank, c.suit) for c in naturals) + ((rank, None),) * len(wilds)
    )


def _as_run(naturals: list[Card], wilds: list[Card], rules: MeldRules, prefer_high: bool) -> Meld:
    placed = _run_placements(naturals, wilds, rules)
    # the wild cards at the ends all high (or all low); of two ace readings, the higher (lower)
    return max(placed, key=lambda m: m.rank) if prefer_high else min(placed, key=lambda m: m.rank)


def _run_placements(naturals: list[Card], wilds: list[Card], rules: MeldRules) -> list[Meld]:
    """Every way these cards make a run: each reading of an ace (low, or high where it may be),
    and each way to share the wild cards not needed in the gaps between the two ends."""
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        raise MeldError("mixed", "a set is of one rank, a run of one suit")
    suit = naturals[0].suit
    options = [[_pos(c) for c in naturals]]
    if rules.ace == "low-or-high" and any(c.rank == ACE for c in naturals):
        options.append([14 if c.rank == ACE else c.rank for c in naturals])
    found: list[Meld] = []
    problem = MeldError("gaps", "the cards of a run follow one another in one suit")
    for positions in options:
        if len(set(positions)) < len(positions):
            problem = MeldError("repeat", "a run cannot hold the same rank twice")
            continue
        low, high = min(positions), max(positions)
        gaps = high - low + 1 - len(positions)
        if gaps > len(wilds):
            continue
        extra = len(wilds) - gaps
        if high - low + 1 + extra > 13:
            problem = MeldError(
                "too-long", "a run has at most 13 cards: it cannot go round the corner"
            )
            continue
        if 14 in positions:
            floor, ceiling = 2, 14
        elif 1 in positions or rules.ace != "low-or-high":
            floor, ceiling = 1, 13
        else:
            floor, ceiling = 1, 14
        by_pos = dict(zip(positions, naturals, strict=True))
        for down in range(extra + 1):
            up = extra - down
            if low - down < floor or high + up > ceiling:
                continue
            spare = list(wilds)
            span = range(low - down, high + up + 1)
            cards = tuple(by_pos[p] if p in by_pos else spare.pop() for p in span)
            found.append(Meld("run", cards, tuple((p, suit) for p in span)))
    if not found:
        raise problem
    return found


def readings(cards: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every meld these cards can be read as: the set they make, and each run, with every
    placement of the wild cards at its ends (each ace low or high where it may be). Kaluki's
    first meld counts the reading worth most (ruling 9.2.6): ``7♣ JK JK`` is a set of sevens
    or 5-6-7, 6-7-8 or 7-8-9 of clubs. Raises MeldError (as :func:`classify`) for cards that make
    no meld."""
    found = classify(cards, rules)
    if found.kind == "set" and all(rules.is_wild(c) for c in cards):
        return [found]
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    out: list[Meld] = []
    with contextlib.suppress(MeldError):
        out.append(_as_set(naturals, wilds, rules))
    with contextlib.suppress(MeldError):
        out.extend(_run_placements(naturals, wilds, rules))
    return out


def meld_value(meld: Meld, value: Callable[[int, bool], int]) -> int:
    """The points of a meld, each card (wild ones too) counted as the card it stands for:
    ``value(position, in_run)`` with position 1 for a low ace and 14 for a high one."""
    return sum(value(rank, meld.kind == "run") for rank, _ in meld.stands_for)


# --- the solver -----------------------------------------------------------------------------


def solve(
    cards: Iterable[Card],
    rules: MeldRules,
    value: Callable[[Card], int] = gin_value,
) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood (``value`` per card left), exactly."""
    return _Solver(tuple(cards), rules, value).run()


#: A meld the search may make: the cards it takes (as a count code), the wild cards it takes, how
#: many more wild cards it has room for, and how to rebuild it.
_Choice = tuple[int, int, int, tuple[object, ...]]


class _Solver:
    def __init__(self, cards: tuple[Card, ...], rules: MeldRules, value: Callable[[Card], int]):
        self.rules = rules
        self.value = value
        self.wilds = [c for c in cards if rules.is_wild(c)]
        self.wild_cost = [value(c) for c in self.wilds]
        naturals = [c for c in cards if not rules.is_wild(c)]
        kinds = sorted(set(naturals), key=lambda c: (_SUITS.index(cast(Suit, c.suit)), _pos(c)))
        self.kinds = kinds
        self.slot = {c: i for i, c in enumerate(kinds)}
        self.cost = [value(c) for c in kinds]
        # the count code: each kind of card has a field of ``width`` bits holding how many of it
        # are left, wide enough for the most copies in the hand (four packs: four of one card)
        counts = [0] * len(kinds)
        for c in naturals:
            counts[self.slot[c]] += 1
        self.width = max(2, max(counts, default=1).bit_length())
        self.mask = (1 << self.width) - 1
        self.shift = [self.width * i for i in range(len(kinds))]
        self.units = [1 << s for s in self.shift]
        self.start = sum(n << s for n, s in zip(counts, self.shift, strict=True))
        # slot of (suit, position), and the other suits' slots of the same rank after each slot
        self.at = {(c.suit, _pos(c)): i for i, c in enumerate(kinds)}
        self.same_rank = [
            [j for j in range(i + 1, len(kinds)) if kinds[j].rank == kinds[i].rank]
            for i in range(len(kinds))
        ]
        self.high_ace = rules.ace == "low-or-high"
        self.set_cap = 99 if rules.set_max is None else rules.set_max
        self.memo: dict[tuple[int, int, int], tuple[int, _Choice | None]] = {}
        # wilds are interchangeable only if they cost the same; otherwise the cheapest melded
        self.wild_costs_sorted = sorted(self.wild_cost)

    def count(self, code: int, i: int) -> int:
        """How many cards of kind ``i`` are left in ``code``."""
        return (code >> self.shift[i]) & self.mask

    def lowest(self, code: int) -> int:
        """The first kind of card left in ``code``."""
        return ((code & -code).bit_length() - 1) // self.width

    # leftover wild cards: absorbed by melds with room, an all-wild meld, or deadwood
    def leaf(self, wl: int, cap: int) -> int:
        rest = wl - min(wl, cap)
        if rest == 0 or (self.rules.all_wild and rest >= self.rules.min_size):
            return 0
        # the dearest wild cards are melded first, the cheapest left over
        return sum(self.wild_costs_sorted[:rest])

    def run(self) -> Arrangement:
        w = len(self.wilds)
        best = self.f(self.start, w, 0)
        return self.rebuild(best)

    def f(self, code: int, wl: int, cap: int) -> int:
        cap = min(cap, wl)
        if code == 0:
            return self.leaf(wl, cap)
        key = (code, wl, cap)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        i = ((code & -code).bit_length() - 1) // self.width  # the first kind left
        low = self.units[i]
        # 1. deadwood
        best = self.cost[i] + self.f(code - low, wl, cap)
        choice: _Choice | None = None
        if best > 0:
            # 2. sets and 3. runs with this card
            for delta, used, room, how in self.melds_from(code, i, wl):
                if best == 0:
                    break
                got = self.f(code - delta, wl - used, cap + room)
                if got < best:
                    best, choice = got, (delta, used, room, how)
        self.memo[key] = (best, choice)
        return best

    def melds_from(self, code: int, i: int, wl: int) -> Iterable[_Choice]:
        rules = self.rules
        need_min = rules.min_size
        # sets: this card, plus copies and cards of the same rank in later suits
        copies = self.count(code, i)
        own = range(1, (1 if rules.distinct_suits else copies) + 1)
        shift, mask = self.shift, self.mask
        others = [(j, (code >> shift[j]) & mask) for j in self.same_rank[i]]
        others = [(j, n if not rules.distinct_suits else min(n, 1)) for j, n in others if n]
        combos: list[tuple[int, int, tuple[tuple[int, int], ...]]] = [(0, 0, ())]
        for j, n in others:
            combos = [
                (d + k * self.units[j], size + k, picked + (((j, k),) if k else ()))
                for d, size, picked in combos
                for k in range(n + 1)
            ]
        unit = self.units[i]
        for k0 in own:
            for d, size, picked in combos:
                total = size + k0
                if total > self.set_cap:
                    continue
                need = max(0, need_min - total)
                if need > wl:
                    continue
                room = self.set_cap - total - need
                yield (d + k0 * unit, need, room, ("set", ((i, k0),) + picked))
        # runs with this card as the lowest natural card
        suit = self.kinds[i].suit
        p0 = _pos(self.kinds[i])
        yield from self.runs(code, i, suit, p0, 1, wl, 14 if self.high_ace and p0 > 1 else 13)
        if self.high_ace and p0 == 1:
            yield from self.runs(code, i, suit, 14, -1, wl, 14)

    def runs(
        self, code: int, i: int, suit: Suit | None, p0: int, step: int, wl: int, top: int
    ) -> Iterable[_Choice]:
        need_min = self.rules.min_size
        at, shift, mask, units = self.at, self.shift, self.mask, self.units
        bottom = 2 if top == 14 and step < 0 else 1
        # walk away from p0, each position a natural card (if any left) or a wild card; a run
        # is offered each time it ends on a natural card (wild cards at its ends are padding)
        stack: list[tuple[int, int, int, int, tuple[int, ...]]] = [(p0, self.units[i], 0, 1, (p0,))]
        while stack:
            p, delta, used, length, nat = stack.pop()
            if nat[-1] == p:
                pad = max(0, need_min - length)
                if used + pad <= wl:
                    yield (delta, used + pad, 13 - length - pad, ("run", suit, nat, used + pad))
            q = p + step
            if q < bottom or q > top or length >= 13:
                continue
            j = at.get((suit, q))
            if j is not None and (code >> shift[j]) & mask:
                stack.append((q, delta + units[j], used, length + 1, nat + (q,)))
            if used < wl:
                stack.append((q, delta, used + 1, length + 1, nat))

    # --- the arrangement, rebuilt from the memo ------------------------------------------------
    def rebuild(self, best: int) -> Arrangement:
        code, wl, cap = self.start, len(self.wilds), 0
        picks: list[tuple[object, ...]] = []
        deadwood: list[Card] = []
        while code:
            cap = min(cap, wl)
            _, choice = self.memo.get((code, wl, cap), (0, None))
            i = self.lowest(code)
            low = self.units[i]
            if choice is None:
                deadwood.append(self.kinds[i])
                code -= low
                continue
            delta, used, room, how = choice
            picks.append(how)
            code -= delta
            wl -= used
            cap += room
        wilds = sorted(self.wilds, key=self.value, reverse=True)
        melds: list[list[Card]] = []
        for how in picks:
            if how[0] == "set":
                picked = cast(tuple[tuple[int, int], ...], how[1])
                cards = [self.kinds[j] for j, k in picked for _ in range(k)]
                need = max(0, self.rules.min_size - len(cards))
                cards += [wilds.pop(0) for _ in range(need)]
            else:
                suit, nat = cast(Suit, how[1]), cast(tuple[int, ...], how[2])
                cards = [self.kinds[self.at[(suit, _fold(p))]] for p in nat]
                cards += [wilds.pop(0) for _ in range(cast(int, how[3]))]
            melds.append(cards)
        # leftover wild cards: into melds with room, else a meld of their own, else deadwood
        if wilds:
            for cards in melds:
                while wilds:
                    try:
                        classify(cards + [wilds[0]], self.rules)
                    except MeldError:
                        break
                    cards.append(wilds.pop(0))
            if wilds and self.rules.all_wild and len(wilds) >= self.rules.min_size:
                melds.append(list(wilds))
                wilds = []
        deadwood += wilds
        built = tuple(classify(cards, self.rules) for cards in melds)
        value = sum(self.value(c) for c in deadwood)
        assert value == best, (value, best)
        return Arrangement(built, tuple(deadwood), value)


def _fold(p: int) -> int:
    return 1 if p == 14 else p
