"""The banking games' shared part (companion/rules/banking.py): the limits' checks, the house's
cut, postings with the house, the session's outcome."""

from __future__ import annotations

import doctest

from companion.games.ace_deuce_jack.events import Bank
from companion.rules import banking, money
from companion.rules.core import HandScore
from companion.rules.events import Seat
from companion.rules.money import hand_is_zero_sum
from companion.rules.text import tr


def test_doctest() -> None:
    result = doctest.testmod(banking)
    assert result.attempted and not result.failed


def test_limits_problems_name_each_bad_limit() -> None:
    bad = Bank(banker=Seat(0), min_bet=0, max_bet=-1, stack=-5)
    problems = banking.limits_problems(bad)
    assert [p.code for p in problems] == ["bad-limits"] * 3
    assert [p.rule for p in problems] == ["bets", "bets", "cover"]
    assert str(problems[1].message) == "The largest bet (-1) is below the smallest (0)."
    assert len(banking.limits_problems(bad, stack_rule=None)) == 2
    assert banking.limits_problems(Bank(banker=Seat(1), min_bet=1, max_bet=1)) == []


def test_limits_of_a_bank_without_a_stack_is_zero() -> None:
    limits = banking.Limits.of(Bank(banker=Seat(2), min_bet=1, max_bet=5))
    assert limits == banking.Limits(2, 1, 5, 0)


def test_postings_send_the_cut_to_the_house_and_add_up() -> None:
    # Deal 1: the banker (seat 0) takes 30 from seat 1 and pays 10 to seat 2: +20, cut 2.
    # Deal 2: the banker pays 5: no cut.
    hands = (
        HandScore(1, (18, -30, 10), ((), (), ()), 0, tr("one")),
        HandScore(2, (-5, 5, 0), ((), (), ()), 0, tr("two")),
    )
    posted = banking.postings(hands, [2, 0])
    assert [(p.hand, p.seat, p.amount) for p in posted] == [
        (1, 0, 18),
        (1, 1, -30),
        (1, 2, 10),
        (1, None, 2),
        (2, 0, -5),
        (2, 1, 5),
    ]
    assert hand_is_zero_sum(posted) == {}


def test_the_best_totals_win_once_ended() -> None:
    assert banking.session_outcome(False, (3, -3)) is None
    outcome = banking.session_outcome(True, (4, -8, 4))
    assert outcome is not None and outcome.winners == (0, 2)


# --- amounts no table reaches (issue 28, item 7) ------------------------------------------------


def test_limits_and_stacks_above_any_table_are_refused() -> None:
    """A bank whose largest bet or stack is above ``money.MAX_AMOUNT`` is refused, naming the
    limit; at the bound it is accepted. Every bet is checked against the largest bet, so no bet
    can pass the bound either."""
    top = money.MAX_AMOUNT
    assert banking.limits_problems(Bank(banker=Seat(0), min_bet=1, max_bet=top, stack=top)) == []
    huge = Bank(banker=Seat(0), min_bet=1, max_bet=top + 1, stack=2**63)
    problems = banking.limits_problems(huge)
    assert [(p.code, p.rule) for p in problems] == [("too-much", "bets"), ("too-much", "cover")]
    assert str(problems[0].message) == (
        f"The largest bet ({top + 1}) is more than any table plays: at most {top}."
    )
    assert str(problems[1].message) == (
        f"What the bank can cover ({2**63}) is more than any table plays: at most {top}."
    )
    assert [(p.code, p.rule) for p in banking.limits_problems(huge, stack_rule=None)] == [
        ("too-much", "bets"),
        ("too-much", "bank"),
    ]


def test_every_banking_game_refuses_a_bank_above_any_table() -> None:
    from companion.games.ace_deuce_jack import events as adj
    from companion.games.ace_deuce_jack.game import AceDeuceJack
    from companion.games.skin import events as skin
    from companion.games.skin.game import Skin
    from companion.games.ziginette import events as zig
    from companion.games.ziginette.game import Ziginette

    names = ["Ann", "Bob", "Cat"]
    for rules, bank in (
        (AceDeuceJack(3, {}, names), adj.Bank),
        (Skin(3, {}, names), skin.Bank),
        (Ziginette(3, {}, names), zig.Bank),
    ):
        event = bank(banker=Seat(0), min_bet=1, max_bet=2**31 * 2**32)
        codes = [v.code for v in rules.violations(rules.initial_state(), event)]
        assert "too-much" in codes, (rules.key, codes)
