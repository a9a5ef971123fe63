"""``Rules.scores`` keeps the sum of a tuple of hands: the totals are those of the hands asked
about, for games of any width, before and after a hand is scored."""

from __future__ import annotations

from companion.games import get_rules
from companion.games.recruit.game import Deal, Pile, Piles
from companion.rules import replay
from companion.rules.cards import parse_card


def test_kept_totals_follow_the_hands_and_the_width_of_each_game() -> None:
    two = get_rules("recruit")(2, {}, ["Ann", "Bob"])
    four = get_rules("belote")(4, {}, ["Ann", "Bob", "Cat", "Dan"])
    three = get_rules("recruit")(3, {}, ["Ann", "Bob", "Cat"])
    # No hands yet: the same empty tuple in every game, each with its own width.
    assert two.scores(two.initial_state()) == (0, 0)
    assert four.scores(four.initial_state()) == (0, 0)  # Belote: two teams
    assert three.scores(three.initial_state()) == (0, 0, 0)
    assert two.scores(two.initial_state()) == (0, 0)
    # A scored hand: its points, then the same again (kept), for the state asked about.
    before = replay(three, [Deal(dealer=0, shown=parse_card("7H"))]).state
    piles = Piles(
        piles=(Pile(cards=12, jacks=1, queens=1, kings=1), Pile(cards=18, kings=2), Pile(cards=9))
    )
    state = replay(three, [Deal(dealer=0, shown=parse_card("7H")), piles]).state
    first = three.scores(state)
    assert first == (12, 13, 9)  # worked out in tests/web/helpers.py (FIRST_HAND_POINTS)
    assert three.scores(state) == first
    assert three.scores(before) == (0, 0, 0)
