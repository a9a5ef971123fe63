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
from collections.abc import Iterable, Mapping, Sequence

__all__ = [
    "LedgerError",
    "Transfer",
    "check_zero_sum",
    "explain",
    "format_minor",
    "net",
    "settle",
]

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
