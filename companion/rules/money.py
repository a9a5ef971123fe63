"""Money ledger helpers: net balances and work out who pays whom.

All amounts are integers in minor units (cents, chips, points); floats are
never accepted.  A positive balance means the person is owed money (they
receive), a negative balance means they owe money (they pay).

>>> for t in settle({"ann": 3000, "bob": -1000, "cy": -2000}):
...     print(t.payer, "pays", t.payee, format_minor(t.amount, currency="€"))
bob pays ann €10.00
cy pays ann €20.00
"""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .core import HandScore

__all__ = [
    "HOUSE",
    "Chips",
    "Entry",
    "MAX_AMOUNT",
    "LedgerError",
    "Posting",
    "PostsMoney",
    "Transfer",
    "balances",
    "by_person",
    "carried",
    "check_zero_sum",
    "explain",
    "format_minor",
    "hand_is_zero_sum",
    "net",
    "parse_minor",
    "plan",
    "points_amounts",
    "settle",
    "settle_through",
    "timeline",
    "whole_units",
]

#: The largest amount anything may be: a bet, a bank's limit or stack, a side bet (in a game's
#: chips), the value of a chip, a stake per point, a payment (in minor units). No table comes
#: near it (ten billion at two decimals), and it keeps every amount stored far inside a 64-bit
#: column. The rules engine refuses a bet above it (``banking.too_much``), the web layer a
#: setting or a payment (``companion.tables.limits``).
MAX_AMOUNT = 10**12

#: Above this many people with a non-zero balance, ``settle`` falls back to
#: the greedy method (the exact method is exponential in the head count).
EXACT_LIMIT = 10


class LedgerError(ValueError):
    """A ledger is inconsistent: bad amounts, or balances that do not add up."""


@dataclasses.dataclass(frozen=True)
class Transfer:
    """``payer`` hands ``amount`` minor units to ``payee``."""

    payer: str
    payee: str
    amount: int

    def __post_init__(self) -> None:
        _check_amount(self.payer, self.amount)
        if self.amount <= 0:
            raise LedgerError(
                f"transfer from {self.payer!r} to {self.payee!r} must be positive, "
                f"got {self.amount}"
            )
        if self.payer == self.payee:
            raise LedgerError(f"{self.payer!r} cannot pay themselves")


def _check_amount(name: object, amount: object) -> None:
    if not isinstance(name, str):
        raise LedgerError(f"names must be strings, got {name!r}")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise LedgerError(
            f"amount for {name!r} must be an int in minor units, "
            f"got {type(amount).__name__} {amount!r}"
        )


def format_minor(amount: int, *, currency: str = "", decimals: int = 2) -> str:
    """Render minor units: 1234 -> "12.34", -5 -> "-0.05", decimals=0 -> "1234"."""
    _check_amount("format_minor", amount)
    if decimals < 0:
        raise ValueError(f"decimals must be >= 0, got {decimals}")
    sign = "-" if amount < 0 else ""
    whole, frac = divmod(abs(amount), 10**decimals)
    text = f"{whole}.{frac:0{decimals}d}" if decimals else str(whole)
    return f"{sign}{currency}{text}"


def check_zero_sum(balances: Mapping[str, int]) -> None:
    """Raise LedgerError unless every amount is an int and they sum to zero."""
    for name, amount in balances.items():
        _check_amount(name, amount)
    total = sum(balances.values())
    if total != 0:
        raise LedgerError(
            f"balances do not add up to zero: they sum to {total} ({format_minor(total)})"
        )


def net(entries: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Sum (name, amount) pairs per person, in first-seen order; zeros are kept."""
    totals: dict[str, int] = {}
    for name, amount in entries:
        _check_amount(name, amount)
        totals[name] = totals.get(name, 0) + amount
    return totals


def _greedy(balances: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor (ties by name) until all are square.

    Every transfer zeroes at least one side, and the last one zeroes both, so a
    zero-sum group of n people needs at most n - 1 transfers.
    """
    debtors = [(amount, name) for name, amount in balances.items() if amount < 0]
    creditors = [(-amount, name) for name, amount in balances.items() if amount > 0]
    heapq.heapify(debtors)  # most negative first == largest debt first
    heapq.heapify(creditors)
    transfers: list[Transfer] = []
    while debtors and creditors:
        debt, payer = heapq.heappop(debtors)
        credit, payee = heapq.heappop(creditors)
        amount = min(-debt, -credit)
        transfers.append(Transfer(payer, payee, amount))
        if debt + amount < 0:
            heapq.heappush(debtors, (debt + amount, payer))
        if credit + amount < 0:
            heapq.heappush(creditors, (credit + amount, payee))
    return transfers


def _zero_sum_groups(names: Sequence[str], amounts: Sequence[int]) -> list[list[str]]:
    """Split people into the maximum number of disjoint zero-sum groups.

    ``dp[mask]`` is the most zero-sum prefixes reachable along a chain of
    single-person additions ending at ``mask``; consecutive zero-sum masks on
    the best chain differ by a zero-sum group.
    """
    n = len(names)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    dp = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
        best = max(dp[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        dp[mask] = best + (sums[mask] == 0)
    groups: list[list[str]] = []
    mask, group_end = full, full
    while mask:
        bonus = sums[mask] == 0
        bit = next(
            1 << i for i in range(n) if mask >> i & 1 and dp[mask ^ (1 << i)] + bonus == dp[mask]
        )
        mask ^= bit
        if sums[mask] == 0:
            group = group_end ^ mask
            groups.append([names[i] for i in range(n) if group >> i & 1])
            group_end = mask
    return groups


def settle(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Return the fewest transfers that bring every balance to zero.

    Exact for up to ``EXACT_LIMIT`` people with a non-zero balance, greedy
    (at most n - 1 transfers) above that.  Sorted by (payer, payee).
    """
    check_zero_sum(balances)
    owing = {name: balances[name] for name in sorted(balances) if balances[name]}
    if len(owing) <= EXACT_LIMIT:
        names = list(owing)
        transfers = [
            transfer
            for group in _zero_sum_groups(names, [owing[name] for name in names])
            for transfer in _greedy({name: owing[name] for name in group})
        ]
    else:
        transfers = _greedy(owing)
    return tuple(sorted(transfers, key=lambda t: (t.payer, t.payee)))


def explain(balances: Mapping[str, int], transfers: Sequence[Transfer]) -> None:
    """Raise LedgerError unless the transfers bring every balance to exactly zero."""
    for name, amount in balances.items():
        _check_amount(name, amount)
    remaining = dict(balances)
    for transfer in transfers:
        remaining[transfer.payer] = remaining.get(transfer.payer, 0) + transfer.amount
        remaining[transfer.payee] = remaining.get(transfer.payee, 0) - transfer.amount
    unsettled = [
        f"{name!r} {'is still owed' if left > 0 else 'still owes'} {format_minor(abs(left))}"
        for name, left in remaining.items()
        if left
    ]
    if unsettled:
        raise LedgerError("transfers do not settle the ledger: " + "; ".join(unsettled))


# --- what a game posts, and the table's ledger ----------------------------------------------

#: The person key of the house (the cut a banking game may take) in a table's ledger.
HOUSE = "house"

#: A game's ``money_unit`` when its postings are points (a final settlement of a points game):
#: the ledger pays them at the table's stake per point, not at the chip value, and leaves them
#: out while the stake is 0. Without ``money_unit``, postings are chips.
POINTS = "points"


@dataclasses.dataclass(frozen=True)
class Posting:
    """Money one hand of a game moves: ``seat`` receives ``amount`` minor units (negative:
    pays). ``seat`` is None for the house (a banking game's cut). ``hand`` is the hand's number
    (``HandScore.number``, 1-based) that caused it; ``reason`` says why, as a Text.

    A game posts money by giving its rules class a method
    ``postings(self, state) -> tuple[Posting, ...]`` (see :class:`PostsMoney`); the postings of
    one hand always add up to zero, the house included.
    """

    hand: int
    seat: int | None
    amount: int
    reason: str = ""

    def __post_init__(self) -> None:
        _check_amount(f"seat {self.seat}", self.amount)
        if self.hand < 1:
            raise LedgerError(f"a posting belongs to a hand numbered from 1, not {self.hand}")


@dataclasses.dataclass(frozen=True)
class Chips:
    """An amount in a game's own unit (a banking game's chips) inside an engine sentence:
    ``tr("the bet of {bet} is paid", bet=Chips(4))``. The English text (logs, ``manage.py
    replay``) shows the number, ``4``; a page shows it in the table's currency at its chip value
    (``€1.00``), the way the ledger does (``companion.tables.money_shown``).

    >>> str(Chips(12)), Chips(-3).amount
    ('12', -3)
    """

    amount: int

    def __post_init__(self) -> None:
        _check_amount("Chips", self.amount)

    def __str__(self) -> str:
        return str(self.amount)


@runtime_checkable
class PostsMoney(Protocol):
    """A game's rules that move money. The web layer reads ``postings(state)`` from the replayed
    state of every game at a table; games without money do not have the method and post nothing."""

    def postings(self, state: Any) -> tuple[Posting, ...]: ...


def hand_is_zero_sum(postings: Iterable[Posting]) -> dict[int, int]:
    """{hand: what its postings add up to} for every hand whose postings do not add up to zero
    (empty when the game is sound)."""
    totals: dict[int, int] = {}
    for posting in postings:
        totals[posting.hand] = totals.get(posting.hand, 0) + posting.amount
    return {hand: total for hand, total in totals.items() if total}


def hand_postings(hands: Iterable[HandScore]) -> tuple[Posting, ...]:
    """Each hand's points as money, for a game whose points are its stakes (zero-sum, no house):
    every seat's non-zero points, posted on the hand with its summary as the reason."""
    return tuple(
        Posting(hand.number, seat, amount, hand.summary)
        for hand in hands
        for seat, amount in enumerate(hand.points)
        if amount
    )


def points_amounts(
    points: Sequence[int], stake: int, *, lower_is_better: bool = False
) -> tuple[int, ...]:
    """Money per seat for points scored, at ``stake`` minor units per point: every player settles
    with every other player the difference of their points. Seat ``s`` receives
    ``stake * (n * points[s] - sum(points))``, which always adds up to zero. Partners score the
    same points, so they never pay each other. Counting down (``lower_is_better``) turns it over.

    >>> points_amounts([10, 4, 1], 5)
    (75, -15, -60)
    """
    _check_amount("stake", stake)
    n, total = len(points), sum(points)
    sign = -1 if lower_is_better else 1
    return tuple(sign * stake * (n * p - total) for p in points)


def whole_units(amounts: Sequence[int], scale: int, *, first: int = 0) -> tuple[int, ...]:
    """Amounts counted in 1/``scale`` of a minor unit (a game keeping tenths of a point: Ui77's
    Go Nov to one decimal) in whole minor units, still adding up to what they added up to: each
    rounded down, then the units left over go to the largest remainders; among equal remainders
    they go round the table from seat ``first``.

    >>> whole_units((7, 7, -14), 10)  # 0.7, 0.7, -1.4
    (1, 1, -2)
    >>> whole_units((5, 5, -10), 10), whole_units((5, 5, -10), 10, first=1)
    ((1, 0, -1), (0, 1, -1))
    """
    return _rounded(amounts, scale, first)[0]


def _rounded(amounts: Sequence[int], scale: int, first: int) -> tuple[tuple[int, ...], int]:
    """:func:`whole_units`, and the seat the next tie starts from: the seat after the last one
    a tie gave a unit to (``first`` again when no tie was decided)."""
    n = len(amounts)
    out = [a // scale for a in amounts]
    if scale == 1:
        return tuple(out), first
    left_over = sum(amounts) // scale - sum(out)
    by_remainder = sorted(range(n), key=lambda i: (-(amounts[i] % scale), (i - first) % n))
    for i in by_remainder[:left_over]:
        out[i] += 1
    if 0 < left_over < n:
        last, after = by_remainder[left_over - 1], by_remainder[left_over]
        if amounts[last] % scale == amounts[after] % scale:  # a tie, decided by the turn
            first = (last + 1) % n
    return tuple(out), first


def carried(
    hands: Iterable[Sequence[int]], scale: int, *, first: int = 0
) -> Iterator[tuple[int, ...]]:
    """Each hand's zero-sum amounts, counted in 1/``scale`` of a minor unit, as whole minor
    units, the remainder carried from hand to hand: each hand posts the exact running total
    rounded once (:func:`whole_units`) minus what the hands before it posted. Every hand still
    adds up to zero, and after any hand the amounts posted so far are the exact sum rounded
    once: no remainder is lost. Equal remainders go round the table: the first tie starts from
    seat ``first`` (the ledger moves it on with each game at the table), and each later one from
    the seat after the one that took the last tie.

    >>> list(carried([(3, 3, -6)] * 4, 10))  # 0.3, 0.3, -0.6 a hand: 1.2, 1.2, -2.4
    [(0, 0, 0), (1, 0, -1), (0, 1, -1), (0, 0, 0)]
    >>> [sum(a) for a in zip(*carried([(5, 5, -10)] * 30, 10))]  # 15, 15, -30: not 30, 0
    [15, 15, -30]
    """
    exact: list[int] = []
    posted: tuple[int, ...] = ()
    turn = first
    for amounts in hands:
        if not exact:
            exact, posted = [0] * len(amounts), (0,) * len(amounts)
            turn %= len(amounts)
        exact = [e + a for e, a in zip(exact, amounts, strict=True)]
        now, turn = _rounded(exact, scale, turn)
        yield tuple(x - p for x, p in zip(now, posted, strict=True))
        posted = now


@dataclasses.dataclass(frozen=True)
class Entry:
    """One line of a table's ledger: ``person`` receives ``amount`` (negative: pays) because of
    hand ``hand`` of the table's game number ``game``; ``reason`` says why (a Text or a name)."""

    person: str
    amount: int
    game: int
    hand: int
    reason: str = ""

    def __post_init__(self) -> None:
        _check_amount(self.person, self.amount)


def balances(entries: Iterable[Entry]) -> dict[str, int]:
    """Each person's balance: what the entries add up to (positive: is owed)."""
    return net((e.person, e.amount) for e in entries)


def by_person(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    """The entries that made each person's balance, in order, to explain it deal by deal."""
    out: dict[str, list[Entry]] = {}
    for entry in entries:
        out.setdefault(entry.person, []).append(entry)
    return out


def timeline(entries: Sequence[Entry]) -> list[tuple[tuple[int, int], dict[str, int]]]:
    """The balances after each hand, in the entries' order: [((game, hand), balances), ...]."""
    out: list[tuple[tuple[int, int], dict[str, int]]] = []
    running: dict[str, int] = {}
    for entry in entries:
        running[entry.person] = running.get(entry.person, 0) + entry.amount
        key = (entry.game, entry.hand)
        if out and out[-1][0] == key:
            out[-1] = (key, dict(running))
        else:
            out.append((key, dict(running)))
    return out


def settle_through(balances: Mapping[str, int], hub: str) -> tuple[Transfer, ...]:
    """Everything settled through one person (the banker, the host): everyone who owes pays
    ``hub``, and ``hub`` pays everyone owed. At most n - 1 transfers, sorted by (payer, payee).

    >>> settle_through({"ann": 30, "bob": -10, "cy": -20}, "bob")
    (Transfer(payer='bob', payee='ann', amount=30), Transfer(payer='cy', payee='bob', amount=20))
    """
    check_zero_sum(balances)
    transfers = []
    for name in sorted(balances):
        amount = balances[name]
        if name == hub or not amount:
            continue
        transfers.append(
            Transfer(name, hub, -amount) if amount < 0 else Transfer(hub, name, amount)
        )
    return tuple(sorted(transfers, key=lambda t: (t.payer, t.payee)))


def plan(
    balances: Mapping[str, int], done: Sequence[Transfer] = (), *, hub: str | None = None
) -> tuple[Transfer, ...]:
    """The transfers still to make, once the payments ``done`` are made.

    Stable: the full plan is worked out from the balances (fewest transfers, or through ``hub``),
    and each payment done that is one of its transfers is struck off it, leaving the others as
    they were. Only when a payment done is not in the plan (a different amount, or made before
    the balances changed) is a new plan worked out from what is left to settle.

    >>> full = plan({"a": 5, "b": -3, "c": -2})
    >>> plan({"a": 5, "b": -3, "c": -2}, [full[0]]) == full[1:]
    True
    """

    def fresh(owed: Mapping[str, int]) -> tuple[Transfer, ...]:
        if hub is None:
            return settle(owed)
        return settle_through({hub: 0, **owed}, hub)

    full = list(fresh(balances))
    for payment in done:
        if payment in full:
            full.remove(payment)
            continue
        remaining = dict(balances)
        for paid in done:
            remaining[paid.payer] = remaining.get(paid.payer, 0) + paid.amount
            remaining[paid.payee] = remaining.get(paid.payee, 0) - paid.amount
        return fresh(remaining)
    return tuple(full)


def parse_minor(text: str, *, decimals: int = 2) -> int:
    """Minor units from what someone typed: "12.5" -> 1250, "3" -> 300, "0.05" -> 5. Raises
    LedgerError for anything else (a negative amount, too many decimals, not a number)."""
    cleaned = text.strip().replace(",", ".")
    whole, _, frac = cleaned.partition(".")
    if cleaned in ("", "."):
        raise LedgerError(f"{text!r} is not an amount")
    if not whole:
        whole = "0"
    if not (whole.isdigit() and (frac == "" or frac.isdigit()) and whole.isascii()):
        raise LedgerError(f"{text!r} is not an amount")
    if len(frac) > decimals:
        raise LedgerError(f"{text!r} has more than {decimals} decimals")
    scale: int = 10**decimals
    return int(whole) * scale + int((frac + "0" * decimals)[:decimals] or 0)
