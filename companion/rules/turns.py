"""Turn bookkeeping for games where players take turns playing cards or passing until they go
out (climbing and shedding games: Big Three, Bastard): who is still in, whose turn comes next,
when everyone else has passed on the last play, and the out-of-turn and too-many-cards refusals.

Hands are counted, not seen: ``counts`` holds the cards each seat holds, in seat order, and a
seat with none is out. ``step`` is 1 when play goes to the left (the next seat), -1 to the right.

>>> still_in((7, 0, 3))
[0, 2]
>>> next_in((7, 0, 3), 0, 1), next_in((7, 0, 3), 0, -1), next_in((7, 0, 0), 0, 1)
(2, 2, 0)
>>> after_play((5, 2, 4), 1, 2, 1)
Played(counts=(5, 0, 4), turn=2, out=True)
>>> all_passed((5, 0, 4), 1), all_passed((5, 3, 4), 1)
(True, False)
>>> [v.code for v in count_problem(("Ann", "Bob"), (3, 1), 1, 2)]
['too-many-cards']
>>> count_problem(("Ann",), (3,), 0, 3)
[]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from .errors import Violation
from .text import tr, tr_n


def still_in(counts: Sequence[int]) -> list[int]:
    """The seats still holding cards, in seat order."""
    return [s for s, n in enumerate(counts) if n > 0]


def next_seat(n: int, seat: int, step: int, skip: Callable[[int], bool]) -> int | None:
    """The first seat after ``seat`` going ``step`` that ``skip`` does not pass over, or None."""
    for k in range(1, n + 1):
        other = (seat + step * k) % n
        if other != seat and not skip(other):
            return other
    return None


def next_in(counts: Sequence[int], seat: int, step: int) -> int:
    """The next seat still holding cards after ``seat`` (``seat`` itself when nobody else is)."""
    found = next_seat(len(counts), seat, step, lambda s: counts[s] <= 0)
    return seat if found is None else found


@dataclasses.dataclass(frozen=True)
class Played:
    """The counts after a play, whose turn is next, and whether the player went out."""

    counts: tuple[int, ...]
    turn: int
    out: bool


def after_play(counts: Sequence[int], seat: int, cards: int, step: int) -> Played:
    """``seat`` plays ``cards`` cards: one fewer each, and the turn passes on to the next seat
    still in (the player is out when their hand is empty)."""
    new = list(counts)
    new[seat] -= cards
    return Played(tuple(new), next_in(new, seat, step), new[seat] == 0)


def all_passed(counts: Sequence[int], passes: int) -> bool:
    """Everyone else still in has passed, in a row, on the last play (``passes`` since it)."""
    others = len(still_in(counts)) - 1
    return passes >= others > 0


def turn_problem(
    names: Sequence[str], turn: int, seat: int, *, step: int, rule: str = "play"
) -> list[Violation]:
    """``out-of-turn`` when ``seat`` is not ``turn``, naming both and the direction of play."""
    if seat == turn:
        return []
    who = {"player": names[turn], "other": names[seat]}
    if step == 1:
        message = tr("It is {player}'s turn (play goes to the left), not {other}'s.", **who)
    else:
        message = tr("It is {player}'s turn (play goes to the right), not {other}'s.", **who)
    return [Violation("out-of-turn", message, rule=rule)]


def count_problem(
    names: Sequence[str], counts: Sequence[int], seat: int, played: int
) -> list[Violation]:
    """``too-many-cards`` when ``seat`` plays more cards than it holds."""
    held = counts[seat]
    if played <= held:
        return []
    message = tr_n(
        "{player} has only {n} card left, not {played}.",
        "{player} has only {n} cards left, not {played}.",
        held,
        player=names[seat],
        played=played,
    )
    return [Violation("too-many-cards", message, rule="play")]
