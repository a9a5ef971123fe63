"""The table's ledger (companion.rules.money): postings, balances, the plan of who pays whom,
payments marked done, settling through one person, stakes per point. Pure Python."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.money import (
    Entry,
    LedgerError,
    Posting,
    Transfer,
    balances,
    by_person,
    explain,
    hand_is_zero_sum,
    parse_minor,
    plan,
    points_amounts,
    settle,
    settle_through,
    timeline,
)

NAMES = st.sampled_from(["ann", "bob", "cy", "dan", "eve", "fay", "gus", "house"])


@st.composite
def zero_sum_entries(draw: st.DrawFn) -> list[Entry]:
    """Hands of a few games, each moving money between some people and adding up to zero."""
    entries: list[Entry] = []
    for game in range(1, draw(st.integers(1, 3)) + 1):
        for hand in range(1, draw(st.integers(1, 5)) + 1):
            people = draw(st.lists(NAMES, min_size=2, max_size=6, unique=True))
            amounts = [draw(st.integers(-5000, 5000)) for _ in people[1:]]
            for person, amount in zip(people, [-sum(amounts), *amounts], strict=True):
                entries.append(Entry(person, amount, game, hand))
    return entries


@settings(max_examples=200, deadline=None)
@given(zero_sum_entries())
def test_balances_of_zero_sum_hands_add_up_to_zero_and_the_plan_reproduces_them(
    entries: list[Entry],
) -> None:
    owed = balances(entries)
    assert sum(owed.values()) == 0
    transfers = plan(owed)
    explain(owed, transfers)  # raises unless the transfers bring everyone to zero
    people = sum(1 for amount in owed.values() if amount)
    assert len(transfers) <= max(people - 1, 0)
    assert len(transfers) == len(settle(owed))


@settings(max_examples=200, deadline=None)
@given(zero_sum_entries(), st.data())
def test_marking_payments_done_keeps_the_rest_of_the_plan(
    entries: list[Entry], data: st.DataObject
) -> None:
    owed = balances(entries)
    full = plan(owed)
    done = data.draw(st.lists(st.sampled_from(full), unique=True)) if full else []
    rest = plan(owed, done)
    assert sorted(rest, key=repr) == sorted((t for t in full if t not in done), key=repr)
    explain(owed, [*done, *rest])


@settings(max_examples=200, deadline=None)
@given(zero_sum_entries(), st.data())
def test_settling_through_one_person(entries: list[Entry], data: st.DataObject) -> None:
    owed = balances(entries)
    hub = data.draw(st.sampled_from(sorted(owed)))
    transfers = settle_through(owed, hub)
    explain(owed, transfers)
    assert all(hub in (t.payer, t.payee) for t in transfers)
    assert len(transfers) <= len(owed) - 1
    full = plan(owed, hub=hub)
    assert full == transfers
    if full:
        assert plan(owed, [full[-1]], hub=hub) == full[:-1]


def test_a_payment_not_in_the_plan_makes_a_new_plan_of_what_is_left() -> None:
    owed = {"ann": 50, "bob": -30, "cy": -20}
    assert plan(owed) == (Transfer("bob", "ann", 30), Transfer("cy", "ann", 20))
    # Bob paid Ann only 10 so far: he still owes 20, Cy still owes 20.
    assert plan(owed, [Transfer("bob", "ann", 10)]) == (
        Transfer("bob", "ann", 20),
        Transfer("cy", "ann", 20),
    )
    # Cy paid Bob instead: Bob passes it on.
    assert plan(owed, [Transfer("cy", "bob", 20)]) == (Transfer("bob", "ann", 50),)


def test_balances_explained_per_deal_and_over_time() -> None:
    entries = [
        Entry("ann", 10, 1, 1),
        Entry("bob", -10, 1, 1),
        Entry("ann", -4, 1, 2),
        Entry("house", 1, 1, 2),
        Entry("bob", 3, 1, 2),
        Entry("bob", 6, 2, 1),
        Entry("ann", -6, 2, 1),
    ]
    assert balances(entries) == {"ann": 0, "bob": -1, "house": 1}
    assert [(e.game, e.hand, e.amount) for e in by_person(entries)["ann"]] == [
        (1, 1, 10),
        (1, 2, -4),
        (2, 1, -6),
    ]
    assert timeline(entries) == [
        ((1, 1), {"ann": 10, "bob": -10}),
        ((1, 2), {"ann": 6, "bob": -7, "house": 1}),
        ((2, 1), {"ann": 0, "bob": -1, "house": 1}),
    ]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-300, 300), min_size=2, max_size=8),
    st.integers(0, 1000),
    st.booleans(),
)
def test_a_stake_per_point_is_zero_sum_and_pairwise(
    points: list[int], stake: int, lower: bool
) -> None:
    amounts = points_amounts(points, stake, lower_is_better=lower)
    assert sum(amounts) == 0
    sign = -1 if lower else 1
    for seat, amount in enumerate(amounts):
        pairwise = sum(sign * stake * (points[seat] - other) for other in points)
        assert amount == pairwise


def test_points_amounts_by_hand() -> None:
    # Three players score 10, 4 and 1 at 5 cents a point: Ann gets 6 x 5 from Bob and 9 x 5 from
    # Cy; Bob gets 3 x 5 from Cy and pays 30; Cy pays 45 + 15.
    assert points_amounts([10, 4, 1], 5) == (75, -15, -60)
    assert points_amounts([10, 4, 1], 5, lower_is_better=True) == (-75, 15, 60)
    # Partners (same points) never pay each other.
    assert points_amounts([7, 7, 3, 3], 10) == (80, 80, -80, -80)


def test_postings_check_their_amounts_and_hands() -> None:
    with pytest.raises(LedgerError, match="must be an int"):
        Posting(hand=1, seat=0, amount=1.5)  # type: ignore[arg-type]
    with pytest.raises(LedgerError, match="numbered from 1"):
        Posting(hand=0, seat=0, amount=1)
    good = [Posting(1, 0, 5), Posting(1, 1, -5), Posting(2, 0, 3), Posting(2, None, -2)]
    assert hand_is_zero_sum(good) == {2: 1}


@pytest.mark.parametrize(
    ("text", "decimals", "expected"),
    [
        ("12.5", 2, 1250),
        ("3", 2, 300),
        ("0.05", 2, 5),
        (" 7 ", 0, 7),
        ("1,25", 2, 125),
        (".5", 1, 5),
    ],
)
def test_parse_minor(text: str, decimals: int, expected: int) -> None:
    assert parse_minor(text, decimals=decimals) == expected


@pytest.mark.parametrize("text", ["", "-3", "1.234", "abc", "1e3", "٣"])
def test_parse_minor_refuses(text: str) -> None:
    with pytest.raises(LedgerError):
        parse_minor(text)
