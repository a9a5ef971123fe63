"""Replay of an event log: voids, re-validation, flagged irregularities, determinism."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.log import dump_log, load_log
from companion.games.recruit import Exchange, Recruit
from companion.rules import (
    Correction,
    Event,
    IllegalEventError,
    Severity,
    Void,
    effective_voids,
    replay,
)
from companion.rules.text import Text
from tests.rules.test_recruit import deal, piles, trick

RULES = Recruit(2, names=["Ann", "Bob"])


def refused(events: list[Event], rules: Recruit = RULES) -> IllegalEventError:
    with pytest.raises(IllegalEventError) as err:
        replay(rules, events)
    return err.value


# A hand in which Bob shows out of spades in trick 1 and plays a spade in trick 2.
REVOKE = [deal(1), trick("AS 3C"), trick("KS 4S")]


def test_empty_log_replays_to_the_initial_state() -> None:
    result = replay(RULES, [])
    assert result.state == RULES.initial_state()
    assert result.flagged == ()
    assert result.voided == frozenset()
    assert result.count == 0


def test_void_cancels_its_target() -> None:
    result = replay(RULES, [deal(0), Void(target=0), deal(1)])
    assert result.state.hand is not None
    assert result.state.hand.dealer == 1
    assert result.voided == frozenset({0})
    assert result.count == 3


def test_voiding_the_last_event_gives_the_state_before_it() -> None:
    events: list[Event] = [deal(1), trick("AS 2S"), trick("KS 3S")]
    assert replay(RULES, [*events, Void(target=2)]).state == replay(RULES, events[:2]).state


def test_void_revalidates_later_events_and_names_the_first_illegal_one() -> None:
    # Without the deal, the trick at index 1 cannot be recorded.
    err = refused([deal(1), trick("AS 2S"), trick("KS 3S"), Void(target=0)])
    assert err.index == 1
    assert [v.code for v in err.violations] == ["out-of-order"]


def test_void_of_a_trick_changes_who_leads_the_next_one() -> None:
    # Ann leads trick 1 and Bob wins it, so Bob leads trick 2. Cancel trick 1 and the
    # trick recorded with Bob as leader is now led out of turn.
    events: list[Event] = [deal(1), trick("2S AS", leader=0), trick("KD 3D", leader=1)]
    assert replay(RULES, events).flagged == ()
    err = refused([*events, Void(target=1)])
    assert err.index == 2
    assert err.violations[0].code == "wrong-leader"
    assert "Ann leads this trick" in err.violations[0].message


def test_void_of_a_hands_piles_makes_the_next_deal_out_of_order() -> None:
    events: list[Event] = [deal(0), piles(10, 16), deal(1), piles(12, 14), deal(0)]
    replay(RULES, events)
    err = refused([*events, Void(target=3)])
    # Without hand 2's piles, the deal at index 4 arrives in the middle of hand 2.
    assert err.index == 4
    assert err.violations[0].code == "out-of-order"


def test_void_of_a_whole_hand_makes_the_next_deal_the_wrong_dealer() -> None:
    events: list[Event] = [deal(0), piles(10, 16), deal(1), piles(12, 14), deal(0)]
    err = refused([*events, Void(target=3), Void(target=2)])
    assert err.index == 4
    assert err.violations[0].code == "wrong-dealer"
    assert err.violations[0].message == ("It is Bob's deal (the deal passes clockwise), not Ann's.")


def test_void_of_a_void_restores_its_target() -> None:
    result = replay(RULES, [deal(0), Void(target=0), Void(target=1)])
    assert result.state.hand is not None
    assert result.state.hand.dealer == 0
    assert result.voided == frozenset({1})


def test_voiding_again_after_a_restore_is_allowed() -> None:
    result = replay(RULES, [deal(0), Void(target=0), Void(target=1), Void(target=0)])
    assert result.state.hand is None
    assert result.voided == frozenset({0, 1})


def test_restoring_an_event_revalidates_it() -> None:
    # Hand 1 is scored twice once the void of the first piles is itself voided.
    events: list[Event] = [deal(0), piles(10, 16), Void(target=1), piles(12, 14)]
    assert RULES.hands(replay(RULES, events).state)[0].points == (12, 14)
    err = refused([*events, Void(target=2)])
    assert err.index == 3
    assert err.violations[0].code == "out-of-order"


@pytest.mark.parametrize(
    ("events", "index", "message"),
    [
        ([deal(0), Void(target=1)], 1, "There is no entry #2 to cancel."),
        ([deal(0), Void(target=5)], 1, "There is no entry #6 to cancel."),
        ([deal(0), Void(target=-1)], 1, "There is no entry #0 to cancel."),
        ([Void(target=0)], 0, "There is no entry #1 to cancel."),
    ],
    ids=["itself", "the-future", "negative", "first-entry-itself"],
)
def test_void_must_target_an_earlier_entry(events: list[Event], index: int, message: str) -> None:
    err = refused(events)
    assert err.index == index
    assert [(v.code, v.message) for v in err.violations] == [("void-target", message)]
    assert isinstance(err.violations[0].message, Text)
    assert err.violations[0].message.values == {"number": events[-1].target + 1}  # type: ignore[attr-defined]


def test_void_of_an_entry_already_cancelled_is_refused() -> None:
    err = refused([deal(0), Void(target=0), Void(target=0)])
    assert err.index == 2
    assert [(v.code, v.message) for v in err.violations] == [
        ("void-twice", "Entry #1 is already cancelled.")
    ]
    assert err.violations[0].message.msgid == "Entry #{number} is already cancelled."  # type: ignore[attr-defined]


def test_void_of_a_void_that_is_already_cancelled_is_refused() -> None:
    err = refused([deal(0), Void(target=0), Void(target=1), Void(target=1)])
    assert err.index == 3
    assert err.violations[0].code == "void-twice"


def test_effective_voids_follows_chains_of_voids() -> None:
    assert effective_voids([]) == frozenset()
    assert effective_voids([deal(0), Void(target=0)]) == {0}
    assert effective_voids([deal(0), Void(target=0), Void(target=1)]) == {1}
    chain = [deal(0), Void(target=0), Void(target=1), Void(target=2)]
    assert effective_voids(chain) == {0, 2}


def test_irregularities_are_collected_with_their_index_not_raised() -> None:
    result = replay(RULES, REVOKE)
    assert len(result.flagged) == 1
    index, flag = result.flagged[0]
    assert index == 2
    assert flag.code == "revoke"
    assert flag.severity is Severity.IRREGULARITY
    assert result.state.hand is not None
    assert len(result.state.hand.tricks) == 2


def test_flag_disappears_when_the_flagged_event_is_voided() -> None:
    result = replay(RULES, [*REVOKE, Void(target=2), trick("KS 4D")])
    assert result.flagged == ()


def test_flag_index_counts_voids_in_the_log() -> None:
    events: list[Event] = [deal(1), trick("AS 3C"), Void(target=1), trick("AS 3C"), trick("KS 4S")]
    assert [(i, v.code) for i, v in replay(RULES, events).flagged] == [(4, "revoke")]


def test_replay_raises_at_the_first_refused_event_with_its_violations() -> None:
    err = refused([deal(1), trick("AS 2S 3S"), trick("AS RJ")])
    assert err.index == 1
    assert err.violations[0].code == "trick-size"
    assert str(err) == err.violations[0].message


def test_replay_is_deterministic() -> None:
    events: list[Event] = [*REVOKE, Void(target=2), trick("KS 4D"), trick("QS 5D")]
    for end in range(len(events) + 1):
        first, second = replay(RULES, events[:end]), replay(RULES, events[:end])
        assert first == second
        assert RULES.prompt(first.state) == RULES.prompt(second.state)


def test_replay_does_not_depend_on_a_shared_rules_object() -> None:
    fresh = Recruit(2, names=["Ann", "Bob"])
    assert replay(fresh, REVOKE) == replay(RULES, REVOKE)


STATES: dict[str, list[Event]] = {
    "start": [],
    "after-deal": [deal(1)],
    "keeper": [deal(1, "2H", "keeper")],
    "after-exchange": [deal(1), Exchange(swapped=(2, 3))],
    "mid-hand": [deal(1), trick("AS 2S")],
    "after-hand": [deal(1), piles(10, 16)],
}
CANDIDATES: list[Event] = [
    deal(0),
    deal(1),
    deal(0, "RJ"),
    deal(0, "2H", "keeper", "passer"),
    Exchange(swapped=(4, 0)),
    Exchange(swapped=(5, 0)),
    piles(10, 16),
    piles(10, 15),
    trick("AS 2S"),
    trick("KS 3S"),
    trick("2H 3S"),
    trick("AS 2S", leader=1),
    trick("AS"),
    trick("AS AS"),
]


@pytest.mark.parametrize("state_name", STATES)
@pytest.mark.parametrize("event", CANDIDATES, ids=lambda e: repr(e)[:60])
def test_apply_checked_raises_exactly_when_can_apply_is_false(
    state_name: str, event: Event
) -> None:
    state = replay(RULES, STATES[state_name]).state
    if RULES.can_apply(state, event):
        assert RULES.apply_checked(state, event) == RULES.apply(state, event)
    else:
        with pytest.raises(IllegalEventError) as err:
            RULES.apply_checked(state, event, index=7)
        assert err.value.index == 7
        assert err.value.violations
        assert all(v.severity is Severity.ERROR for v in err.value.violations)


def test_can_apply_ignores_irregularities() -> None:
    state = replay(RULES, REVOKE[:2]).state
    assert [v.code for v in RULES.violations(state, REVOKE[2])] == ["revoke"]
    assert RULES.can_apply(state, REVOKE[2])
    RULES.apply_checked(state, REVOKE[2])


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone() -> None:
    before = replay(RULES, [deal(1)]).state
    after = RULES.apply_checked(before, trick("AS 2S"))
    assert before.hand is not None and before.hand.tricks == ()
    assert after.hand is not None and len(after.hand.tricks) == 1


# --- corrections: an earlier entry replaced, everything after it checked again -------------

TWO_HANDS = [deal(0), piles(14, 12), deal(1), piles(12, 14)]


def test_correction_replaces_an_earlier_hand_and_rescores_the_game() -> None:
    """Hand 1's piles were 10 and 16, not 14 and 12: Ann 10 + 12, Bob 16 + 14."""
    result = replay(RULES, [*TWO_HANDS, Correction(target=1, event=piles(10, 16))])
    assert [h.points for h in RULES.hands(result.state)] == [(10, 16), (12, 14)]
    assert RULES.scores(result.state) == (22, 30)
    assert result.corrected == {1: 4}
    assert result.voided == frozenset()


def test_correction_that_breaks_a_later_entry_names_it() -> None:
    """Hand 1 was dealt by Bob, so hand 2 is Ann's deal, not Bob's (entry #3)."""
    err = refused([*TWO_HANDS, Correction(target=0, event=deal(1))])
    assert err.index == 2
    assert err.violations[0].code == "wrong-dealer"


def test_correction_that_is_itself_illegal_names_the_correction() -> None:
    err = refused([*TWO_HANDS, Correction(target=1, event=piles(13, 13))])
    assert err.index == 4, "the piles break the rule, and the correction brought them"


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([*TWO_HANDS, Correction(target=1, event=deal(1))],
         "Entry #2 is a piles entry: only another piles entry can correct it, not a deal entry."),
        ([*TWO_HANDS, Correction(target=4, event=piles(10, 16))], "There is no entry #5"),
        ([*TWO_HANDS, Void(target=3), Correction(target=4, event=piles(10, 16))],
         "Entry #5 is itself a cancellation or a correction"),
        ([*TWO_HANDS, Void(target=3), Correction(target=3, event=piles(10, 16))],
         "Entry #4 is cancelled: restore it first"),
    ],
)  # fmt: skip
def test_correction_must_replace_a_live_entry_of_the_same_type(
    events: list[Event], message: str
) -> None:
    err = refused(events)
    assert err.index == len(events) - 1
    assert message in err.violations[0].message
    assert isinstance(err.violations[0].message, Text)


def test_latest_correction_wins_and_cancelling_it_restores_the_one_before() -> None:
    first, second = (
        Correction(target=1, event=piles(10, 16)),
        Correction(target=1, event=piles(20, 6)),
    )
    log = [*TWO_HANDS, first, second]
    assert RULES.scores(replay(RULES, log).state) == (32, 20)
    assert RULES.scores(replay(RULES, [*log, Void(target=5)]).state) == (22, 30)
    assert RULES.scores(replay(RULES, [*log, Void(target=5), Void(target=4)]).state) == (26, 26)


def test_state_before_an_entry_uses_the_corrections_in_force() -> None:
    log = [*TWO_HANDS, Correction(target=1, event=piles(10, 16))]
    before = replay(RULES, log, before=3).state
    assert [h.points for h in RULES.hands(before)] == [(10, 16)]
    assert before.hand is not None and before.hand.dealer == 1


def test_a_correction_is_written_in_logs_like_any_entry() -> None:
    log = [*TWO_HANDS, Correction(target=0, event=deal(0, "JK", "match"))]
    data = dump_log(RULES, log)
    assert data["events"][-1] == {
        "type": "correction",
        "target": 0,
        "event": {"type": "deal", "dealer": "Ann", "shown": "JK", "variants": ["match"]},
    }
    assert list(load_log(data).events) == log


EXAMPLE_LOGS = sorted(
    p
    for p in (Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*/*.json")
    if not p.name.endswith(".expected.json")
)


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_correcting_any_entry_with_itself_changes_nothing(path: Path) -> None:
    """Every example log, every live entry: a correction that repeats the entry leaves every
    hand's score, the flags and the end of the game as they were."""
    log = load_log(json.loads(path.read_text()))
    rules, events = log.rules, list(log.events)
    plain = replay(rules, events)
    for index, event in enumerate(events):
        if isinstance(event, Void | Correction) or index in plain.voided:
            continue
        again = replay(rules, [*events, Correction(target=index, event=event)])
        assert rules.hands(again.state) == rules.hands(plain.state), f"entry #{index + 1}"
        assert rules.outcome(again.state) == rules.outcome(plain.state)
        assert again.flagged == plain.flagged
