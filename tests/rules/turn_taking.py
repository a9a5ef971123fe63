"""What the random-game property tests of the turn-taking games (Big Three, Bastard) share:
every candidate play for the player on turn, each verdict of the rules checked against the
test's own oracle."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.rules.cards import Card
from companion.rules.events import Seat


def checked_plays(
    rules: Any,
    state: Any,
    play: Callable[..., Any],
    candidates: Iterable[tuple[Card, ...]],
    oracle: Callable[[tuple[Card, ...]], bool],
) -> list[tuple[Card, ...]]:
    """The candidates the rules accept from the player on turn, asserting that the rules accept
    exactly those the oracle says are legal."""
    seat = Seat(state.hand.turn)
    legal = []
    for cards in candidates:
        accepted = rules.can_apply(state, play(seat=seat, cards=cards))
        assert accepted == oracle(cards), (state.hand, cards)
        if accepted:
            legal.append(cards)
    return legal
