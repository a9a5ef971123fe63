"""Abandoning a game (a game started by mistake, an evening cut short): an entry like any other,
for every game, after which nothing but a cancellation is taken; cancelling it goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.log import dump_log, load_log
from companion.games.recruit import Deal, Recruit, Trick
from companion.rules import (
    Abandon,
    Correction,
    IllegalEventError,
    Void,
    extend,
    replay,
)
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat

RULES = Recruit(2, names=["Ann", "Bob"])
DEAL = Deal(dealer=Seat(0), shown=parse_card("2H"))
TRICK = Trick(cards=parse_cards("AS 3S"), leader=Seat(1))

EXAMPLE_LOGS = sorted(
    p
    for p in (Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*/*.json")
    if not p.name.endswith(".expected.json")
)


def refused(events: list, rules: Recruit = RULES) -> IllegalEventError:  # type: ignore[type-arg]
    with pytest.raises(IllegalEventError) as err:
        replay(rules, events)
    return err.value


def test_every_game_records_abandon() -> None:
    for key, rules_class in GAMES.items():
        assert rules_class.event_types["abandon"] is Abandon, key


def test_a_game_abandoned_at_the_start_says_where() -> None:
    result = replay(RULES, [Abandon()])
    assert result.abandoned == 0
    assert result.state == RULES.initial_state()
    assert replay(RULES, []).abandoned == -1


def test_no_entry_is_taken_after_an_abandon() -> None:
    err = refused([DEAL, Abandon(), TRICK])
    assert err.index == 2
    assert err.violations[0].code == "game-abandoned"
    assert str(err.violations[0].message) == (
        "The game was abandoned at entry #2: cancel that entry to go on playing."
    )


def test_a_second_abandon_is_refused_too() -> None:
    assert refused([Abandon(), Abandon()]).violations[0].code == "game-abandoned"


def test_cancelling_the_abandon_goes_on_where_it_stopped() -> None:
    result = replay(RULES, [DEAL, Abandon(), Void(target=1), TRICK])
    assert result.abandoned == -1
    assert result.state == replay(RULES, [DEAL, TRICK]).state


def test_restoring_the_abandon_stops_the_game_again() -> None:
    result = replay(RULES, [DEAL, Abandon(), Void(target=1), Void(target=2)])
    assert result.abandoned == 1


def test_restoring_it_after_later_entries_is_refused_naming_the_first_of_them() -> None:
    err = refused([DEAL, Abandon(), Void(target=1), TRICK, Void(target=2)])
    assert (err.index, err.violations[0].code) == (3, "game-abandoned")


def test_an_earlier_entry_can_still_be_cancelled_while_abandoned() -> None:
    result = replay(RULES, [DEAL, Abandon(), Void(target=0)])
    assert result.abandoned == 1
    assert result.state == RULES.initial_state()


def test_the_abandon_cannot_be_corrected() -> None:
    err = refused([DEAL, Abandon(), Correction(target=1, event=Abandon())])
    assert str(err.violations[0].message) == "Entry #2 abandons the game: cancel it instead."


def test_nothing_can_be_corrected_into_an_abandon() -> None:
    err = refused([DEAL, Correction(target=0, event=Abandon())])
    assert err.violations[0].code == "correction-kind"


def test_extend_agrees_with_replay() -> None:
    start = replay(RULES, [DEAL])
    assert extend(RULES, start, [Abandon()]) == replay(RULES, [DEAL, Abandon()])
    with pytest.raises(IllegalEventError) as err:
        extend(RULES, extend(RULES, start, [Abandon()]), [TRICK])
    assert err.value.violations[0].code == "game-abandoned"


def test_an_abandon_is_written_in_logs_like_any_entry() -> None:
    data = dump_log(RULES, [DEAL, Abandon(note="wrong game")])
    assert data["events"][-1] == {"type": "abandon", "note": "wrong game"}
    assert list(load_log(data).events) == [DEAL, Abandon(note="wrong game")]


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_abandoned_halfway_stops_there_and_goes_on_once_cancelled(
    path: Path,
) -> None:
    """Every game's example log, abandoned halfway: the state is the one it stopped at, the next
    entry is refused, and once the abandon is cancelled the rest of the log scores as before;
    a finished game cannot be abandoned."""
    log = load_log(json.loads(path.read_text()))
    rules, events = log.rules, list(log.events)
    if any(isinstance(e, Void | Correction) for e in events):
        pytest.skip("voids aim at positions: an entry put in the middle would move them")
    half = len(events) // 2
    stopped = replay(rules, [*events[:half], Abandon()])
    assert stopped.state == replay(rules, events[:half]).state
    assert rules.outcome(stopped.state) is None
    with pytest.raises(IllegalEventError) as err:
        replay(rules, [*events[:half], Abandon(), events[half]])
    assert err.value.violations[0].code == "game-abandoned"
    resumed = replay(rules, [*events[:half], Abandon(), Void(target=half), *events[half:]])
    whole = replay(rules, events)
    assert rules.hands(resumed.state) == rules.hands(whole.state)
    assert rules.outcome(resumed.state) == rules.outcome(whole.state)
    if rules.outcome(whole.state) is not None:
        with pytest.raises(IllegalEventError) as over:
            replay(rules, [*events, Abandon()])
        assert over.value.violations[0].code == "abandon-over"
