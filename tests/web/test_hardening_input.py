"""No server error on any input (issue 10, items 1, 4 and 9): each hostile input the tester
found gets a page that says what is wrong, and nothing is written."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from companion.tables import actions
from companion.tables.logkeys import HideKeys
from companion.tables.models import Club, Event, Game, Player, Table

from .helpers import game_url, new_uuid, words

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
RECRUIT_LOG = json.loads((EXAMPLES / "recruit" / "three-players-quick.json").read_text())


def _counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Table, Club, Player, Game, Event))


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("post", "/new/", {"name": ["Ann\x00", "Bob"], "client_id": ""}),
        ("post", "/new/", {"name": ["Ann", "Bob"], "title": "Fri\x00day"}),
        ("post", "/club/new/", {"name": "Club\x00"}),
        ("get", "/t/%00/", {}),
        ("get", "/c/%00/", {}),
        ("get", "/t/abc\x00def/g/1/", {}),
    ],
)
def test_a_nul_anywhere_is_refused_with_a_page_saying_so(
    client: Client, db: None, method: str, path: str, data: dict[str, Any]
) -> None:
    before = _counts()
    response = getattr(client, method)(path, data)
    assert response.status_code == 400
    assert "NUL character" in words(response)
    assert _counts() == before


def test_a_nul_in_a_link_pasted_into_the_club_page_is_refused(client: Client, db: None) -> None:
    club = actions.do_create_club("Tuesday")
    response = client.post(f"/c/{club.key}/tables/add/", {"link": "/t/\x00abc/"})
    assert response.status_code == 400 and "NUL character" in words(response)


def test_a_control_character_in_a_name_is_refused(client: Client, db: None) -> None:
    response = client.post("/new/", {"name": ["Ann\x07", "Bob"], "client_id": new_uuid()})
    assert response.status_code == 200
    assert "A name holds a control character" in words(response)
    assert Table.objects.count() == 0


def test_a_damaged_submission_id_on_new_table_and_club_is_refused(client: Client, db: None) -> None:
    table = client.post("/new/", {"name": ["Ann", "Bob"], "client_id": "nope"})
    club = client.post("/club/new/", {"name": "Club", "client_id": "nope"})
    assert "submission id is damaged" in words(table)
    assert "submission id is damaged" in words(club)
    assert (Table.objects.count(), Club.objects.count()) == (0, 0)


@pytest.mark.parametrize("points", ["9" * 5000, "1" * 7, "12+" * 60 + "1", "²", "١٢"])
def test_a_points_field_refuses_numbers_no_hand_holds(
    client: Client, four_player_table: Table, points: str
) -> None:
    from .helpers import start

    game = start(four_player_table, "belote")
    response = client.post(
        game_url(game, "record/result/"),
        {"client_id": new_uuid(), "taker_points": points, "defender_points": "10"},
    )
    assert response.status_code == 200
    assert "Type a number of points" in words(response)
    assert Event.objects.filter(game=game).count() == 0


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", "x"])
def test_the_club_page_reads_only_a_plain_open_number(client: Client, db: None, value: str) -> None:
    club = actions.do_create_club("Tuesday")
    assert client.get(f"/c/{club.key}/", {"open": value}).status_code == 200


def _import(client: Client, content: bytes) -> Any:
    return client.post("/import/", {"file": SimpleUploadedFile("g.json", content)})


def _with(**changes: Any) -> bytes:
    return json.dumps({**RECRUIT_LOG, **changes}).encode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "companion/1", "x": ' + b"9" * 5000 + b"}", "longer than 30 digits"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"a":' * 40 + b"1" + b"}" * 40, "nested too deeply"),
        (_with(players=["Ann\\u0000", "Bob", "Cat"]).replace(b"\\\\u0000", b"\\u0000"), "NUL"),
        (_with(players=["Ann", "Bob", "Cat"]).replace(b'"Ann"', b'"\\ud800"'), "lone surrogate"),
        (b"\xff\xfe\x00{", "This is not a JSON file"),
    ],
    ids=["huge-number", "deep-list", "deep-object", "nul", "surrogate", "utf16"],
)
def test_an_import_that_cannot_be_a_log_gets_a_message(
    client: Client, db: None, content: bytes, message: str
) -> None:
    response = _import(client, content)
    assert response.status_code == 200
    assert message in words(response)
    assert Table.objects.count() == 0


def test_an_import_of_a_log_past_the_cap_is_refused(client: Client, db: None) -> None:
    from companion.tables.limits import MAX_ENTRIES

    events = RECRUIT_LOG["events"]
    content = _with(events=(events * (MAX_ENTRIES // len(events) + 1))[: MAX_ENTRIES + 1])
    response = _import(client, content)
    assert f"a game holds at most {MAX_ENTRIES}" in words(response)
    assert Table.objects.count() == 0


def test_a_pasted_import_too_large_for_a_form_gets_a_page_saying_so(
    client: Client, db: None
) -> None:
    response = client.post("/import/", {"log": "x" * 3_000_000})
    assert response.status_code == 413
    assert "more than the app accepts" in words(response)


def _replay(tmp_path: Path, content: bytes) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "log.json"
    path.write_bytes(content)
    out = io.StringIO()
    try:
        call_command("replay", str(path), stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (json.dumps(RECRUIT_LOG).encode("utf-16"), "not UTF-8"),
        (b"\xc3\x28", "not UTF-8"),
        (b'{"n": ' + b"7" * 5000 + b"}", "longer than 30 digits"),
        (b"[" * 100_000, "nested too deeply"),
        (json.dumps(RECRUIT_LOG).encode().replace(b'"Ann"', b'"\\ud83d"'), "lone surrogate"),
        (json.dumps(RECRUIT_LOG).encode().replace(b'"Ann"', b'"A\\u0000"'), "NUL"),
    ],
    ids=["utf16", "bad-utf8", "huge-number", "deep", "surrogate", "nul"],
)
def test_replay_answers_every_unreadable_log_with_its_json_error(
    tmp_path: Path, content: bytes, message: str
) -> None:
    status, printed = _replay(tmp_path, content)
    assert status == 1
    assert message in printed["error"]["message"]


def test_corrections_nested_deep_are_refused_not_a_recursion_error(tmp_path: Path) -> None:
    log = json.loads(json.dumps(RECRUIT_LOG))
    event: dict[str, Any] = dict(log["events"][0])
    for _ in range(400):
        event = {"type": "correction", "target": 0, "event": event}
    log["events"].append(event)
    status, printed = _replay(tmp_path, json.dumps(log).encode())
    assert status == 1 and "nested too deeply" in printed["error"]["message"]


def test_own_404_page_says_why(client: Client, db: None) -> None:
    response = client.get("/t/no-such-key/")
    assert response.status_code == 404
    page = words(response)
    assert "No table has this link." in page and "Check the link" in page
    assert "no-such-key" not in page


def test_own_500_page(client: Client, db: None) -> None:
    from django.test import RequestFactory
    from django.views.defaults import server_error

    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()


def test_the_request_log_carries_no_keys(caplog: pytest.LogCaptureFixture) -> None:
    record = logging.LogRecord(
        "django.request",
        logging.WARNING,
        __file__,
        1,
        "Not Found: %s",
        ("/t/Abc123_-xyz/g/2/",),
        None,
    )
    HideKeys().filter(record)
    assert record.getMessage() == "Not Found: /t/…/g/2/"
    club = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"GET /c/SeCrEt99/live/?v=1 HTTP/1.1" 204',
        None,
        None,
    )
    HideKeys().filter(club)
    assert "SeCrEt99" not in club.getMessage()


def test_the_console_log_handler_hides_keys() -> None:
    assert "hide_keys" in settings.LOGGING["handlers"]["console"]["filters"]


def test_a_table_seats_no_more_than_the_games_allow(client: Client, db: None) -> None:
    from companion.tables.limits import max_players

    names = [f"P{i}" for i in range(max_players() + 1)]
    response = client.post("/new/", {"name": names, "client_id": new_uuid()})
    assert f"A table seats at most {max_players()} players." in words(response)
    table = actions.do_create_table(names[:-1])
    response = client.post(f"/t/{table.score_key}/players/", {"name": "One more"}, follow=True)
    assert "A table seats at most" in words(response)
    assert table.players.count() == max_players()


def test_a_note_longer_than_any_real_entry_is_refused(client: Client, game_mid_hand: Game) -> None:
    from companion.games.recruit.game import Piles
    from companion.rules import IllegalEventError

    from .helpers import FIRST_HAND_PILES

    big = Piles(piles=FIRST_HAND_PILES.piles, note="x" * 9000)
    with pytest.raises(IllegalEventError, match="longer than any real one"):
        actions.check_record_event(game_mid_hand, big)
    assert Event.objects.filter(game=game_mid_hand).count() == 1


def _skin_log(**change: Any) -> bytes:
    path = (
        Path(settings.BASE_DIR)
        / "docs"
        / "examples"
        / "skin"
        / "side-bet-and-the-pack-runs-out.json"
    )
    log = json.loads(path.read_text())
    for index, fields in change.items():
        log["events"][int(index.lstrip("e"))].update(fields)
    return json.dumps(log).encode()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"e4": {"amount": 2**63}},
            f"Entry #5: A side bet of {2**63} is more than any table plays: at most 1000000000000.",
        ),
        (
            {"e0": {"max_bet": 2**31 * 2**31}},
            f"Entry #1: The largest bet ({2**62}) is more than any table plays: at most "
            "1000000000000.",
        ),
    ],
    ids=["side-bet", "largest-bet"],
)
def test_an_import_with_an_amount_no_table_plays_is_refused(
    client: Client, db: None, change: dict[str, dict[str, int]], message: str
) -> None:
    """Bets and side bets had no upper bound, so an import brought in amounts that break the
    ledger's sums and columns (issue 28, item 7): the engine refuses them, naming the entry."""
    assert _import(client, _skin_log()).status_code == 302  # the log as it is imports
    Table.objects.all().delete()
    response = _import(client, _skin_log(**change))
    assert response.status_code == 200
    assert message in words(response)
    assert Table.objects.count() == 0
