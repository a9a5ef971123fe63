"""The turn bookkeeping Big Three and Bastard share (``companion.rules.turns``): worked by hand,
and the modules' doctests (the two games' engines show their turns in theirs)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from companion.rules import turns


@pytest.mark.parametrize(
    "module",
    [
        "companion.rules.turns",
        "companion.games.big_three.game",
        "companion.games.big_three.play",
        "companion.games.bastard.game",
        "companion.games.bastard.play",
    ],
)
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("counts", "seat", "step", "expected"),
    [
        ((7, 7, 7), 2, 1, 0),  # round the table to the left
        ((7, 7, 7), 0, -1, 2),  # to the right
        ((7, 0, 0, 3), 3, 1, 0),  # Bob and Cat are out: Dan passes to Ann
        ((0, 0, 5), 2, 1, 2),  # alone: the turn stays
        ((0, 4, 5), 0, 1, 1),  # from a player who just went out
    ],
)
def test_next_in_skips_players_who_are_out(
    counts: tuple[int, ...], seat: int, step: int, expected: int
) -> None:
    assert turns.next_in(counts, seat, step) == expected


def test_a_play_counts_down_and_passes_the_turn() -> None:
    # Cat (seat 2 of 4) plays 3 of her 3 cards: out; Dan (seat 3) is out already, so Ann is next.
    played = turns.after_play((2, 5, 3, 0), 2, 3, 1)
    assert played == turns.Played(counts=(2, 5, 0, 0), turn=0, out=True)
    assert turns.after_play((2, 5, 3, 0), 1, 2, -1).turn == 0


@pytest.mark.parametrize(
    ("counts", "passes", "expected"),
    [
        ((16, 14, 18), 2, True),  # Big Three: two passes give a free lead
        ((16, 14, 18), 1, False),
        ((3, 0, 4, 2), 2, True),  # three still in: the two others passed
        ((0, 0, 4), 0, False),  # nobody else is in: nothing to pass on
    ],
)
def test_everyone_else_passed(counts: tuple[int, ...], passes: int, expected: bool) -> None:
    assert turns.all_passed(counts, passes) is expected


def test_out_of_turn_names_both_players_and_the_direction() -> None:
    names = ["Ann", "Bob", "Cat"]
    assert turns.turn_problem(names, 1, 1, step=1) == []
    (left,) = turns.turn_problem(names, 1, 2, step=1)
    (right,) = turns.turn_problem(names, 1, 2, step=-1)
    assert left.code == right.code == "out-of-turn"
    assert str(left.message) == "It is Bob's turn (play goes to the left), not Cat's."
    assert str(right.message) == "It is Bob's turn (play goes to the right), not Cat's."
