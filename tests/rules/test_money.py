"""Tests for companion.rules.money (pure Python, no Django, no database)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import money
from companion.rules.money import (
    LedgerError,
    Transfer,
    check_zero_sum,
    explain,
    format_minor,
    net,
    settle,
)

T = Transfer


@pytest.mark.parametrize(
    ("balances", "expected"),
    [
        ({}, ()),
        ({"a": 0, "b": 0}, ()),
        ({"a": 500, "b": -500}, (T("b", "a", 500),)),
        (
            {"ann": 3000, "bob": -1000, "cy": -2000},
            (T("bob", "ann", 1000), T("cy", "ann", 2000)),
        ),
        (
            {"ann": -3000, "bob": 1000, "cy": 2000},
            (T("ann", "bob", 1000), T("ann", "cy", 2000)),
        ),
        # Greedy would need 4 (c->a 4, d->b 3, e->a 2, e->b 1); optimum is 3.
        (
            {"a": 6, "b": 4, "c": -4, "d": -3, "e": -3},
            (T("c", "b", 4), T("d", "a", 3), T("e", "a", 3)),
        ),
    ],
    ids=["empty", "all-zero", "two-people", "one-creditor", "one-debtor", "exact-beats-greedy"],
)
def test_settle_examples(balances: dict[str, int], expected: tuple[Transfer, ...]) -> None:
    result = settle(balances)
    assert result == expected
    explain(balances, result)


def test_greedy_really_is_worse_on_the_example() -> None:
    balances = {"a": 6, "b": 4, "c": -4, "d": -3, "e": -3}
    greedy = money._greedy(balances)
    assert len(greedy) == 4
    explain(balances, greedy)
    assert len(settle(balances)) == 3


@pytest.mark.parametrize(
    ("balances", "message"),
    [
        ({"a": 100, "b": 50}, "they sum to 150 (1.50)"),
        ({"a": -7}, "they sum to -7 (-0.07)"),
    ],
    ids=["positive-sum", "negative-sum"],
)
def test_non_zero_sum_raises(balances: dict[str, int], message: str) -> None:
    with pytest.raises(LedgerError, match=r"do not add up to zero") as info:
        settle(balances)
    assert message in str(info.value)


@pytest.mark.parametrize(
    "bad",
    [1.5, True, "100", None],
    ids=["float", "bool", "str", "none"],
)
def test_non_int_amount_raises_naming_person(bad: object) -> None:
    balances = {"alice": 0, "bob": bad}
    with pytest.raises(LedgerError, match="'bob'"):
        check_zero_sum(balances)  # type: ignore[arg-type]
    with pytest.raises(LedgerError, match="'bob'"):
        net([("bob", bad)])  # type: ignore[list-item]


def test_ledger_error_is_value_error() -> None:
    assert issubclass(LedgerError, ValueError)


def test_net_keeps_order_and_zeros() -> None:
    entries = [("cy", 5), ("ann", -3), ("cy", -5), ("bob", 3)]
    result = net(entries)
    assert result == {"cy": 0, "ann": -3, "bob": 3}
    assert list(result) == ["cy", "ann", "bob"]
    assert net([]) == {}


@pytest.mark.parametrize(
    ("amount", "kwargs", "expected"),
    [
        (1234, {}, "12.34"),
        (-5, {}, "-0.05"),
        (0, {}, "0.00"),
        (1234, {"currency": "€"}, "€12.34"),
        (-1234, {"currency": "€"}, "-€12.34"),
        (1234, {"decimals": 0}, "1234"),
        (-1234, {"decimals": 0}, "-1234"),
        (5, {"decimals": 3}, "0.005"),
    ],
    ids=[
        "plain",
        "negative-cents",
        "zero",
        "currency",
        "negative-currency",
        "chips",
        "negative-chips",
        "three-decimals",
    ],
)
def test_format_minor(amount: int, kwargs: dict[str, object], expected: str) -> None:
    assert format_minor(amount, **kwargs) == expected  # type: ignore[arg-type]


def test_format_minor_rejects_float() -> None:
    with pytest.raises(LedgerError):
        format_minor(1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"payer": "a", "payee": "b", "amount": 0}, "must be positive"),
        ({"payer": "a", "payee": "b", "amount": -3}, "must be positive"),
        ({"payer": "a", "payee": "a", "amount": 3}, "cannot pay themselves"),
        ({"payer": "a", "payee": "b", "amount": 2.5}, "must be an int"),
    ],
    ids=["zero", "negative", "self", "float"],
)
def test_transfer_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(LedgerError, match=message):
        Transfer(**kwargs)  # type: ignore[arg-type]


def test_explain_rejects_incomplete_settlement() -> None:
    balances = {"a": 300, "b": -300}
    with pytest.raises(LedgerError, match="'a' is still owed 1.00; 'b' still owes 1.00"):
        explain(balances, [T("b", "a", 200)])
    # An outsider paying someone leaves the outsider owed and the payee owing.
    with pytest.raises(LedgerError, match="'c' is still owed 0.05; 'd' still owes 0.05"):
        explain(balances, [T("b", "a", 300), T("c", "d", 5)])
    explain(balances, [T("b", "a", 100), T("b", "a", 200)])  # split payments are fine


def test_determinism_under_dict_reordering() -> None:
    balances = {"e": -3, "d": -3, "c": -4, "b": 4, "a": 6, "f": 3, "g": -3}
    forward = settle(balances)
    assert settle(dict(reversed(balances.items()))) == forward
    assert settle(dict(sorted(balances.items()))) == forward
    assert list(forward) == sorted(forward, key=lambda t: (t.payer, t.payee))


def test_module_doctest() -> None:
    result = doctest.testmod(money)
    assert result.failed == 0 and result.attempted > 0


# --- property tests ----------------------------------------------------------

NAMES = st.text(alphabet="abcdefghij", min_size=1, max_size=3)
AMOUNTS = st.one_of(st.integers(-10_000, 10_000), st.integers(-6, 6))


def zero_sum_balances(min_people: int, max_people: int) -> st.SearchStrategy[dict[str, int]]:
    @st.composite
    def build(draw: st.DrawFn) -> dict[str, int]:
        names = draw(st.lists(NAMES, min_size=min_people, max_size=max_people, unique=True))
        amounts = [draw(AMOUNTS) for _ in names[1:]]
        return dict(zip(names, [-sum(amounts), *amounts], strict=True))

    return build()


def set_partitions(items: list[str]) -> list[list[list[str]]]:
    """All set partitions of ``items`` (recursive, independent of the bitmask DP)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    partitions = []
    for partition in set_partitions(rest):
        partitions.append([[first], *partition])
        for i in range(len(partition)):
            partitions.append([*partition[:i], [first, *partition[i]], *partition[i + 1 :]])
    return partitions


def brute_force_minimum(balances: dict[str, int]) -> int:
    people = [name for name, amount in balances.items() if amount]
    most_groups = max(
        (
            len(partition)
            for partition in set_partitions(people)
            if all(sum(balances[name] for name in block) == 0 for block in partition)
        ),
        default=0,
    )
    return len(people) - most_groups


def assert_valid_settlement(balances: dict[str, int], transfers: tuple[Transfer, ...]) -> None:
    explain(balances, transfers)
    nonzero = sum(1 for amount in balances.values() if amount)
    assert len(transfers) <= max(nonzero - 1, 0)
    for t in transfers:
        assert t.amount > 0
        assert t.payer != t.payee
        assert balances[t.payer] < 0 < balances[t.payee]
    assert list(transfers) == sorted(transfers, key=lambda t: (t.payer, t.payee))


@settings(max_examples=150, deadline=None)
@given(zero_sum_balances(2, 10))
def test_settle_property_small(balances: dict[str, int]) -> None:
    transfers = settle(balances)
    assert_valid_settlement(balances, transfers)
    assert settle(dict(reversed(balances.items()))) == transfers
    if sum(1 for amount in balances.values() if amount) <= 7:
        assert len(transfers) == brute_force_minimum(balances)


@settings(max_examples=40, deadline=None)
@given(zero_sum_balances(11, 30))
def test_settle_property_large_uses_sound_greedy(balances: dict[str, int]) -> None:
    transfers = settle(balances)
    assert_valid_settlement(balances, transfers)
    assert settle(dict(reversed(balances.items()))) == transfers


def test_brute_force_helper_agrees_on_known_example() -> None:
    assert len(set_partitions(list("abcd"))) == 15  # Bell(4)
    assert brute_force_minimum({"a": 6, "b": 4, "c": -4, "d": -3, "e": -3}) == 3
