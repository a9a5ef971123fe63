"""A last guard (issue 28): when the app itself fails on a log (an exception the rules do not
raise by contract: a defect of ours, not a fault of the log), ``manage.py replay`` answers with
its JSON error and the import with its refusal page, each naming the entry, and the traceback
goes to our log; never a traceback to the user, never a 500, nothing written.

The real logs that made the app fail (issue 28: a joker in Jersey Gin's ``rest``, one card
four times in Three Thirteen with four packs) are fixed in the same issue, each with its own
test, and the card-field fuzz (``tests/rules/test_card_fields.py``) finds no other; a test that
leaned on one of them would stop testing the guard the day it is fixed. So these tests register
a game of their own: ``FaultyAverage`` below, a real class implementing the Rules contract with
a real defect of the kind the fuzz looks for (a value its checks let through that its scoring
cannot take: a tally of 0 rounds, divided by). It is registered for the test only
(``monkeypatch.setitem``) and goes through the real command, view, log reader and replay;
nothing of ours is mocked.
"""

from __future__ import annotations

import dataclasses
import io
import json
import logging
from pathlib import Path
from typing import Any, ClassVar

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from companion import games
from companion.rules.core import Family, HandScore, Outcome, Rules, Violation
from companion.rules.events import Event, Seat, event_types
from companion.tables.models import Event as EventRow
from companion.tables.models import Game, Table

from .helpers import words


@dataclasses.dataclass(frozen=True, kw_only=True)
class Tally(Event):
    kind = "tally"
    summary = "A player's points over some rounds."
    seat: Seat
    points: int
    rounds: int


@dataclasses.dataclass(frozen=True)
class FaultyOptions:
    pass


class FaultyAverage(Rules[tuple[HandScore, ...], FaultyOptions]):
    """Each tally scores the player's average per round. The defect: ``violations`` refuses
    negative points but forgets 0 rounds, which ``apply`` divides by (ZeroDivisionError)."""

    key = "faulty_average"
    title = "Faulty average"
    family = Family.RUMMY
    seats = range(2, 5)
    options_type = FaultyOptions
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Tally)

    def initial_state(self) -> tuple[HandScore, ...]:
        return ()

    def expects(self, state: tuple[HandScore, ...]) -> frozenset[str]:
        return frozenset({"tally"})

    def prompt(self, state: tuple[HandScore, ...]) -> str:
        return "Record a tally."

    def violations(self, state: tuple[HandScore, ...], event: Event) -> list[Violation]:
        assert isinstance(event, Tally)
        if event.points < 0:
            return [Violation("negative-points", "Points are 0 or more.")]
        return []

    def apply(self, state: tuple[HandScore, ...], event: Event) -> tuple[HandScore, ...]:
        assert isinstance(event, Tally)
        average = event.points // event.rounds
        points = tuple(average if s == event.seat else 0 for s in range(self.n_seats))
        return (*state, HandScore(number=len(state) + 1, points=points, lines=()))

    def hands(self, state: tuple[HandScore, ...]) -> tuple[HandScore, ...]:
        return state

    def outcome(self, state: tuple[HandScore, ...]) -> Outcome | None:
        return None


def _log(rounds: int) -> dict[str, Any]:
    """Three tallies; the third (entry #3, index 2) with ``rounds`` rounds."""
    return {
        "format": "companion/1",
        "game": "faulty_average",
        "players": ["Ann", "Bob"],
        "options": {},
        "events": [
            {"type": "tally", "seat": "Ann", "points": 12, "rounds": 3},
            {"type": "tally", "seat": "Bob", "points": 10, "rounds": 2},
            {"type": "tally", "seat": "Ann", "points": 9, "rounds": rounds},
        ],
    }


@pytest.fixture
def faulty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.GAMES, FaultyAverage.key, FaultyAverage)


def _traceback_logged(caplog: pytest.LogCaptureFixture) -> str:
    """The text of the error logged with its traceback (the cause included)."""
    failed = [r for r in caplog.records if r.levelno >= logging.ERROR and r.exc_info]
    assert failed, "no error logged with its traceback"
    return logging.Formatter().formatException(failed[0].exc_info)  # type: ignore[arg-type]


def test_replay_answers_a_failure_of_ours_with_its_json_error_naming_the_entry(
    faulty: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(_log(rounds=3)))
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)  # the game works on a good log
    assert json.loads(out.getvalue())["totals"] == {"Ann": 7, "Bob": 5}

    path.write_text(json.dumps(_log(rounds=0)))
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("replay", str(path), stdout=out)
    assert exit_.value.code == 1
    printed = json.loads(out.getvalue())
    assert printed == {
        "error": {
            "event": 2,
            "code": "internal-error",
            "message": "the app failed on this entry: the fault is ours, not the log's, and "
            "has been noted for us to fix",
        }
    }
    logged = _traceback_logged(caplog)
    assert "ZeroDivisionError" in logged and "average = event.points // event.rounds" in logged


def test_the_import_refuses_a_log_the_app_fails_on_naming_the_entry(
    faulty: None, client: Client, caplog: pytest.LogCaptureFixture, db: None
) -> None:
    before = (Table.objects.count(), Game.objects.count(), EventRow.objects.count())
    upload = SimpleUploadedFile("faulty.json", json.dumps(_log(rounds=0)).encode())
    response = client.post("/import/", {"file": upload})
    assert response.status_code == 200
    page = words(response)
    assert (
        "Entry #3: the app failed on this entry: the fault is ours, not the log's, and has "
        "been noted for us to fix" in page
    )
    assert "Traceback" not in page and "ZeroDivisionError" not in page
    assert (Table.objects.count(), Game.objects.count(), EventRow.objects.count()) == before
    assert "ZeroDivisionError" in _traceback_logged(caplog)


def test_the_entry_is_found_after_voids_and_in_a_long_log(
    faulty: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The entry named is the one the replay failed on, however far into the log."""
    log = _log(rounds=3)
    good = log["events"][0]
    log["events"] = [good] * 40 + [{"type": "void", "target": 3}]
    log["events"] += [good] * 20 + [{**good, "rounds": 0}] + [good] * 5
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("replay", str(path), stdout=out)
    assert json.loads(out.getvalue())["error"]["event"] == 61
