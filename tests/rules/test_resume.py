"""Resuming a kept replay gives what a full replay gives, and long logs stay linear.

The web layer keeps each game's replay between requests and applies only the new entries
(``resume``). Random sequences of appends, voids (undo, cancel, restore) and corrections on a
Belote game played card by card must give the same result, or the same refusal, either way.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.belote.events import Deal
from companion.games.belote.game import Belote
from companion.rules import core
from companion.rules.core import Replay, replay, resume
from companion.rules.errors import IllegalEventError
from companion.rules.events import Correction, Event, Seat, Void, with_note
from tests.rules.test_belote_properties import NAMES, play_game

OPTIONS = {"direction": "left", "declarations": "all", "belote_announced": False}
TABLE_OPTIONS = {**OPTIONS, "shared_card": True, "trump_lead": "opponent"}


def _outcome(rules: Belote, log: list[Event], kept: Replay[object] | None) -> object:
    """The replay of ``log`` (resumed from ``kept`` when given), or the entry refused."""
    try:
        return replay(rules, log) if kept is None else resume(rules, kept, log)
    except IllegalEventError as exc:
        return ("refused", exc.index, [v.code for v in exc.violations])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(20, 80))
def test_resume_after_appends_voids_and_corrections_equals_a_full_replay(
    seed: int, steps: int
) -> None:
    rnd = random.Random(seed)
    game = play_game(random.Random(seed), TABLE_OPTIONS, hands=2, cheat=rnd.random() < 0.3)
    rules = Belote(4, OPTIONS, NAMES)
    todo, log = list(game.events), []
    kept = replay(rules, log)
    for _ in range(steps):
        roll = rnd.random()
        if roll < 0.6 and todo:
            entry: Event = todo.pop(0)
        elif roll < 0.85 and log:
            entry = Void(target=rnd.randrange(len(log)))  # undo, cancel or restore: any target
        elif log:
            target = rnd.randrange(len(log))
            original = log[target]
            replacement = original.event if isinstance(original, Correction) else original
            entry = Correction(target=target, event=with_note(replacement, f"fixed {target}"))
        else:
            continue
        full = _outcome(rules, [*log, entry], None)
        assert _outcome(rules, [*log, entry], kept) == full
        if isinstance(full, Replay):  # the table keeps only entries the rules accept
            log.append(entry)
            kept = full


class _CountingLookups(dict[int, list[int]]):
    """The voids aimed at each entry, counting each lookup: the work of checking voids."""

    lookups = 0

    def get(self, key: int, default: object = None) -> object:  # type: ignore[override]
        self.lookups += 1
        return super().get(key, default)


def test_a_long_chain_of_voids_replays_in_linear_time() -> None:
    """Undo, restore, undo again... 20,000 times: each void cancels the one before it. The
    work is counted, not timed (a shared machine's clock says nothing): checking every void of
    the chain looks up the voids aimed at an entry a bounded number of times per void."""
    rules = Belote(4, OPTIONS, NAMES)
    log: list[Event] = [Deal(dealer=Seat(0))]
    log += [Void(target=i) for i in range(20_000)]
    voids_on = _CountingLookups(core._voids_on(log))
    for index, event in enumerate(log):
        if isinstance(event, Void):
            assert core._void_problems(log, index, voids_on) == []
    assert 0 < voids_on.lookups <= 3 * len(log), voids_on.lookups
    result = replay(rules, log)
    # The last void stands and cancels the one before it, which no longer cancels its own
    # target, and so on down the chain: with an even number of voids the first one, aimed at
    # the deal, is cancelled and the deal stands. One more void turns the whole chain over.
    assert 0 not in result.voided and result.state.hand is not None
    again = replay(rules, [*log, Void(target=20_000)])
    assert 0 in again.voided and again.state.hand is None
