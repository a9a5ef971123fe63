"""Every duty, proven late (issue 28): when the cards seen prove an injected breach.

The trick games' property tests play random legal hands with full information, inject one
illegal play, and ask this module, written from the definition and not from the engine, at
which trick the app must flag it and with which code. A play broke the first of its duties
(in the order of precedence of the game's rulings) whose cards the player held, and was legal
if they held none: the test's own oracle gives the cards of each duty (:func:`duty_cards`).

What the table knows after trick ``t``: the cards played so far, the cards known in a hand (an
upcard the dealer or taker holds until they play it), and so the cards still unseen; of the
breaker's hand at the breach, the cards they played since (and a known card), plus ``hidden``
cards nobody has seen, which can be any of the unseen ones. The play is proven illegal once
every hand it could have been makes it illegal; the duty it broke is proven once every such
hand breaks the same first duty. The first proof is flagged ``illegal-play`` unless it proves
the duty too; the duty is flagged when it is proven.

With ``PROVEN_LATE`` set to a number, each game's long-run test plays that many hands with an
injected breach and prints the tally (flagged right, wrong, missed, false flags).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, settings

from companion.rules.cards import Card
from companion.rules.core import Violation

ILLEGAL_PLAY = "illegal-play"


def whole_hands(examples: int, *suppressed: HealthCheck) -> settings:
    """Hypothesis settings for a test that plays whole hands: ``examples`` of them, no deadline,
    no shrinking (a failing hand is reported as found), a slow one never a failure (nor what
    ``suppressed`` names)."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, *suppressed],
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )


#: How many hands each game's long run plays (0: the long runs are skipped).
LONG_RUN = int(os.environ.get("PROVEN_LATE", "0") or 0)


def duty_cards(
    card: Card,
    pack: Iterable[Card],
    broken: Callable[[Card], str | None],
    order: Sequence[str],
) -> tuple[tuple[str, frozenset[Card]], ...]:
    """Each duty's cards, in ``order``: the cards ``c`` such that holding ``c`` (and nothing
    else but ``card``) makes playing ``card`` break that duty (``broken(c)``: the code, or None
    if the play would be legal)."""
    sets: dict[str, set[Card]] = {code: set() for code in order}
    for other in pack:
        if other != card and (code := broken(other)) is not None:
            sets[code].add(other)
    return tuple((code, frozenset(sets[code])) for code in order if sets[code])


@dataclass(frozen=True)
class Breach:
    """The injected play: trick number (1-based), seat, card, and the cards of each duty."""

    trick: int
    seat: int
    card: Card
    duties: tuple[tuple[str, frozenset[Card]], ...]


@dataclass(frozen=True)
class Seen:
    """What the table knows of the breaker's hand at the breach, after some trick."""

    shown: frozenset[Card]  # played since the breach
    mine: frozenset[Card]  # known in their hand all along (a card taken face up)
    unseen: frozenset[Card]  # the cards not played nor known in a hand
    rest: int  # their cards nobody has seen yet
    draws: int  # cards they drew since the breach

    def holds(self, cards: frozenset[Card]) -> bool:
        """Whether they certainly held one of ``cards`` at the breach."""
        least = len(self.shown & cards) + max(0, self.rest - len(self.unseen - cards))
        return bool(self.mine & cards) or least > self.draws


@dataclass(frozen=True)
class Either:
    """Two moments of one trick (before and after its draw): what either proves."""

    after: Seen
    ahead: Seen

    def holds(self, cards: frozenset[Card]) -> bool:
        return self.after.holds(cards) or self.ahead.holds(cards)


def expected_flags(
    breach: Breach,
    tricks: Sequence[Sequence[tuple[int, Card]]],
    pack: Iterable[Card],
    known: Callable[[int], dict[int, Card]],
    hidden: Callable[[int], int],
    drawn: Callable[[int], int] = lambda t: 0,
) -> list[tuple[int, str]]:
    """The flags the breach must get: (trick number, code), in order.

    ``tricks``: every trick of the hand as (seat, card) in play order; ``known(t)``: the cards
    known in a hand after trick ``t`` (seat: card); ``hidden(t)``: how many cards of the
    breaker's are still unseen after trick ``t`` (a known card not counted); ``drawn(t)``: how
    many cards the breaker drew after the breach, up to trick ``t`` (after its play: a card they
    play in trick ``t`` may be one drawn after trick ``t - 1``, not after trick ``t``).

    With draws (one duty), the breaker's hand at the breach and the cards drawn since are
    together the cards played since and the hidden ones, so they held a card of the duty for
    certain once the duty's cards among those cannot all be drawn ones: the cards of the duty
    played since, plus the fewest the hidden cards can hold (all but the unseen cards outside
    the duty), outnumber the cards drawn."""
    deck = frozenset(pack)
    union = frozenset().union(*(cards for _, cards in breach.duties))
    flags: list[tuple[int, str]] = []
    played: set[Card] = set()
    shown: set[Card] = set()
    for number, trick in enumerate(tricks, 1):
        played |= {c for _, c in trick}
        if number < breach.trick:
            continue
        if number > breach.trick:
            shown |= {c for s, c in trick if s == breach.seat}
        here = known(number)
        mine = {here[breach.seat]} if breach.seat in here else set()
        unseen = deck - played - set(here.values())
        rest, draws, before = hidden(number), drawn(number), drawn(number - 1)
        after = Seen(frozenset(shown), frozenset(mine), unseen, rest, draws)
        # Before the draw that follows the trick, if any: their card in it cannot be that one.
        ahead = Seen(frozenset(shown), frozenset(mine), unseen, rest - (draws - before), before)
        seen = Either(after, ahead)
        illegal = seen.holds(union)
        named = None
        for code, cards in breach.duties:
            if seen.holds(cards):
                named = code
                break
            if rest and unseen & cards:
                break  # this duty may still have been broken: none named yet
        if named is not None:
            flags.append((number, named))
            return flags
        if illegal and not flags:
            flags.append((number, ILLEGAL_PLAY))
    return flags


@dataclass
class LongRun:
    """A long run's counts, per duty injected."""

    right: Counter[str] = field(default_factory=Counter)
    wrong: Counter[str] = field(default_factory=Counter)
    missed: Counter[str] = field(default_factory=Counter)
    false_flags: int = 0
    late: Counter[str] = field(default_factory=Counter)  # proven by a later trick
    either: Counter[str] = field(default_factory=Counter)  # flagged before the duty was known
    never: Counter[str] = field(default_factory=Counter)  # the hand never proves it
    hands: int = 0

    def add(
        self, duty: str, trick: int, want: list[tuple[int, str]], got: list[tuple[int, str]]
    ) -> None:
        self.hands += 1
        if got == want:
            self.right[duty] += 1
        elif not got:
            self.missed[duty] += 1
        else:
            self.wrong[duty] += 1
        if len(want) == 2:
            self.either[duty] += 1
        if not want:
            self.never[duty] += 1
        if want and want[0][0] > trick:
            self.late[duty] += 1

    def report(self, game: str) -> str:
        lines = [f"{game}: {self.hands} hands with an injected breach"]
        for duty in sorted(set(self.right) | set(self.wrong) | set(self.missed)):
            lines.append(
                f"  {duty}: flagged right {self.right[duty]}, wrong {self.wrong[duty]}, "
                f"missed {self.missed[duty]} (proven by a later trick {self.late[duty]}, "
                f"flagged before the duty was known {self.either[duty]}, never proven by the "
                f"hand and not flagged {self.never[duty]})"
            )
        lines.append(f"  false flags on legal hands: {self.false_flags}")
        return "\n".join(lines)


#: A flag as the tests compare them: (trick number, code).
Flags = list[tuple[int, str]]


def long_run(
    game: str,
    breach_hand: Callable[[int], tuple[str, Flags, Flags, Breach | None]],
    legal_hand_flagged: Callable[[int], bool],
) -> None:
    """The long run of one game: ``breach_hand(n)`` plays hand ``n`` with a breach injected
    (the duty asked for, the flags the proof asks for and the engine's, the breach or None if
    the hand gave no chance), ``legal_hand_flagged(n)`` plays a legal hand and says whether
    anything was flagged; until LONG_RUN hands had a breach. Prints the tally."""
    tally = LongRun()
    for n in range(LONG_RUN * 10):
        if tally.hands >= LONG_RUN:
            break
        duty, want, got, breach = breach_hand(n)
        if breach is not None:
            tally.add(duty, breach.trick, want, got)
        if legal_hand_flagged(n):
            tally.false_flags += 1
    print(tally.report(game))
    assert not tally.wrong and not tally.missed and not tally.false_flags


def flags_of(
    flagged: Sequence[tuple[int, Violation]], trick_of: dict[int, int]
) -> list[tuple[int, str]]:
    """The engine's flags as (trick number, code): ``trick_of`` maps an event's index to the
    number of the trick it recorded."""
    return [(trick_of[i], v.code) for i, v in flagged]
