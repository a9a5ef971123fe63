"""Live polling, and moving a game between servers as a companion/1 log (export, import)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from companion.games.recruit.game import Deal, Trick
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.models import Event, Game, Table

from .helpers import (
    FIRST_HAND_PILES,
    FIRST_HAND_POINTS,
    game_url,
    record,
    replayed_totals,
    starts_with_element,
    text,
    words,
)

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples" / "recruit"
EXAMPLE_LOGS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def _version(game: Game) -> int:
    return Table.objects.get(pk=game.table_id).version


def _upload(client: Client, content: bytes, name: str = "game.json") -> Any:
    return client.post("/import/", {"file": SimpleUploadedFile(name, content, "application/json")})


def test_live_poll_is_204_while_nothing_changes(
    client: Client, game_mid_hand: Game, django_assert_max_num_queries: Any
) -> None:
    url = game_url(game_mid_hand, "live/")
    version = _version(game_mid_hand)

    with django_assert_max_num_queries(1):
        response = client.get(url, {"v": version})

    assert response.status_code == 204
    assert response.content == b""
    assert "no-cache" in response["Cache-Control"], "a phone must not be served a stale 204"


def test_live_poll_sends_the_fragment_after_another_write(
    client: Client, game_mid_hand: Game
) -> None:
    url = game_url(game_mid_hand, "live/", key=game_mid_hand.table.view_key)
    seen = _version(game_mid_hand)
    assert client.get(url, {"v": seen}).status_code == 204

    trick = Trick(cards=tuple(parse_card(c) for c in ("AS", "2S", "3S")), leader=1)
    actions.check_record_event(game_mid_hand, trick)  # another phone records
    response = client.get(url, {"v": seen})

    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert starts_with_element(html, "live")
    now = _version(game_mid_hand)
    assert now == seen + 1
    assert f"live/?v={now}&amp;s=" in html, "the next poll asks about the new version"
    assert "Trick: A♠ 2♠ 3♠" in text(response)
    assert re.search(r'<[^>]*id="status"[^>]*hx-swap-oob="true"', html), "the prompt updates too"
    assert "Bob leads trick 2 of 13." in words(response)
    assert "Undo last entry" not in html, "the viewer's fragment has no scorer controls"
    assert client.get(url, {"v": now}).status_code == 204


def test_the_text_summary_follows_the_scores(client: Client, game_mid_hand: Game) -> None:
    """The group-chat summary is refreshed with the scores, not left as it was on page load."""
    url = game_url(game_mid_hand, "live/", key=game_mid_hand.table.view_key)
    seen = _version(game_mid_hand)
    before = client.get(game_url(game_mid_hand)).content.decode()
    summary_before = re.search(r'<pre[^>]*class="summary"[^>]*>(.*?)</pre>', before, re.S)
    assert summary_before

    actions.check_record_event(game_mid_hand, FIRST_HAND_PILES)  # another phone ends the hand
    html = client.get(url, {"v": seen}).content.decode()

    assert re.search(r'<section[^>]*id="export"[^>]*hx-swap-oob="true"', html)
    summary_after = re.search(r'<pre[^>]*class="summary"[^>]*>(.*?)</pre>', html, re.S)
    assert summary_after
    assert "Ann 0, Bob 0, Cat 0" in summary_before.group(1)
    assert "Ann 12, Bob 13, Cat 9" in summary_after.group(1)


def test_scorers_poll_after_another_write_swaps_in_the_next_entry_form(
    client: Client, recruit_game: Game
) -> None:
    seen = _version(recruit_game)
    actions.check_record_event(recruit_game, Deal(dealer=0, shown=parse_card("7H")))

    response = client.get(game_url(recruit_game, "live/"), {"v": seen})

    html = response.content.decode()
    assert re.search(r'<[^>]*id="entry"[^>]*hx-swap-oob="true"', html)
    assert '/record/piles/"' in html, "the piles form, now that the deal is in"
    assert '/record/deal/"' not in html


_STEP = re.compile(r"live/\?v=\d+&amp;s=([0-9a-f]+)")


def test_a_half_filled_form_is_left_alone_while_the_step_is_the_same(
    client: Client, game_mid_hand: Game
) -> None:
    """Another phone adds a player to the table: the game still waits for trick 1, so the
    scorer's poll refreshes the scores but not the form they may be filling in."""
    page = client.get(game_url(game_mid_hand)).content.decode()
    step = _STEP.search(page)
    assert step
    seen = _version(game_mid_hand)
    actions.do_add_player(game_mid_hand.table, "Dan")

    response = client.get(game_url(game_mid_hand, "live/"), {"v": seen, "s": step.group(1)})

    html = response.content.decode()
    assert response.status_code == 200 and starts_with_element(html, "live")
    assert 'id="entry"' not in html, "the entry form stays as the scorer left it"
    assert re.search(r'<[^>]*id="status"[^>]*hx-swap-oob="true"', html)
    assert f"&amp;s={step.group(1)}" in html, "the same step"


def test_the_form_is_replaced_once_the_step_moves_on(client: Client, game_mid_hand: Game) -> None:
    """Another phone records trick 1: the scorer's form for trick 1 is obsolete."""
    page = client.get(game_url(game_mid_hand)).content.decode()
    step = _STEP.search(page)
    assert step
    seen = _version(game_mid_hand)
    trick = Trick(cards=tuple(parse_card(c) for c in ("AS", "2S", "3S")), leader=1)
    actions.check_record_event(game_mid_hand, trick)

    response = client.get(game_url(game_mid_hand, "live/"), {"v": seen, "s": step.group(1)})

    html = response.content.decode()
    assert re.search(r'<[^>]*id="entry"[^>]*hx-swap-oob="true"', html)
    assert "Trick 2 of 13" in words(response)
    new_step = _STEP.search(html)
    assert new_step and new_step.group(1) != step.group(1)


def test_live_poll_without_a_version_sends_the_fragment(
    client: Client, game_mid_hand: Game
) -> None:
    response = client.get(game_url(game_mid_hand, "live/"))

    assert response.status_code == 200
    assert 'id="live"' in response.content.decode()


def test_export_then_import_recreates_the_game(client: Client, game_after_first_hand: Game) -> None:
    game = game_after_first_hand
    actions.check_record_event(game, Deal(dealer=1, shown=parse_card("JK")))
    actions.check_record_event(
        game, Trick(cards=tuple(parse_card(c) for c in ("AS", "2S", "3S")), leader=2)
    )
    actions.check_void_event(game, 3)  # the trick, cancelled
    exported = client.get(game_url(game, "log.json", key=game.table.view_key))
    assert exported.status_code == 200
    assert exported["Content-Disposition"] == (
        f'attachment; filename="recruit-{game.table_id}-{game.number}.json"'
    )
    log = json.loads(exported.content)
    assert log["players"] == ["Ann", "Bob", "Cat"]
    assert log["events"][0] == {"type": "deal", "dealer": "Ann", "shown": "7H", "variants": []}
    tables_before = Table.objects.count()

    response = _upload(client, exported.content)

    assert response.status_code == 302
    assert Table.objects.count() == tables_before + 1
    copy_table = Table.objects.latest("pk")
    assert copy_table.pk != game.table_id
    assert response["Location"] == f"/t/{copy_table.score_key}/g/1/"
    copied = copy_table.games.get()
    assert copied.seat_names() == ["Ann", "Bob", "Cat"]
    assert copied.options == game.options
    rows = list(Event.objects.filter(game=copied).values_list("seq", "payload"))
    assert rows == list(Event.objects.filter(game=game).values_list("seq", "payload"))
    assert replayed_totals(copied) == replayed_totals(game) == FIRST_HAND_POINTS
    page = client.get(response["Location"])
    assert "Bob dealt; Joker turned up" in text(page)
    assert "Cancelled entry #4" in text(page)


def test_an_imported_game_keeps_its_tables_name(
    client: Client, game_after_first_hand: Game
) -> None:
    game = game_after_first_hand
    Table.objects.filter(pk=game.table_id).update(name="Thursday at Ann's")
    log = json.loads(client.get(game_url(game, "log.json", key=game.table.view_key)).content)
    assert log["table"] == "Thursday at Ann's"

    response = _upload(client, json.dumps(log).encode())

    copy_table = Table.objects.latest("pk")
    assert response["Location"] == f"/t/{copy_table.score_key}/g/1/"
    assert copy_table.name == "Thursday at Ann's"
    assert "Thursday at Ann" in text(client.get(f"/t/{copy_table.score_key}/"))
    # A table with no name writes none, and its import is a "Card table" as before.
    Table.objects.filter(pk=game.table_id).update(name="")
    unnamed = json.loads(client.get(game_url(game, "log.json", key=game.table.view_key)).content)
    assert "table" not in unnamed


@pytest.mark.parametrize("table", [5, None, ["Thursday"], "x" * 61])
def test_an_import_with_a_bad_table_name_is_refused(
    client: Client, db: None, table: object
) -> None:
    log = json.loads((EXAMPLES / "three-players-quick.json").read_text())
    tables_before = Table.objects.count()

    response = _upload(client, json.dumps({**log, "table": table}).encode())

    assert response.status_code == 200
    assert "&#x27;table&#x27; must be the table&#x27;s name, 60 characters at most" in (
        response.content.decode()
    )
    assert Table.objects.count() == tables_before


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: p.stem)
def test_every_documented_example_imports(client: Client, db: None, path: Path) -> None:
    expected = json.loads(path.with_name(f"{path.stem}.expected.json").read_text())
    tables_before = Table.objects.count()

    response = _upload(client, path.read_bytes(), path.name)

    if "error" in expected:
        error = expected["error"]
        assert response.status_code == 200
        where = f"Entry #{error['event'] + 1}: " if error["event"] is not None else ""
        assert f"{where}{error['message']}" in text(response)
        assert Table.objects.count() == tables_before
        return
    assert response.status_code == 302
    assert Table.objects.count() == tables_before + 1
    game = Table.objects.latest("pk").games.get()
    loaded = actions.load(game)
    hands = [
        dict(zip(loaded.rules.names, h.points, strict=True))
        for h in loaded.rules.hands(loaded.state)
    ]
    assert hands == expected["hands"]
    assert Event.objects.filter(game=game).count() == len(json.loads(path.read_text())["events"])
    if expected["over"]:
        assert "Game over." in words(client.get(response["Location"]))


def test_importing_a_log_with_an_illegal_entry_creates_nothing(client: Client, db: None) -> None:
    log = json.loads((EXAMPLES / "three-players-quick.json").read_text())
    bad = copy.deepcopy(log)
    bad["events"][2]["piles"]["Ann"]["cards"] = 16  # not a multiple of 3
    tables_before = (Table.objects.count(), Game.objects.count(), Event.objects.count())

    response = _upload(client, json.dumps(bad).encode())

    assert response.status_code == 200
    assert (
        "Entry #3: Ann's pile has 16 cards: every trick holds 3 cards, so a pile is a multiple "
        "of 3." in text(response)
    )
    assert (Table.objects.count(), Game.objects.count(), Event.objects.count()) == tables_before


def test_importing_a_log_with_an_unreadable_entry_names_it(client: Client, db: None) -> None:
    log = json.loads((EXAMPLES / "three-players-quick.json").read_text())
    log["events"][3]["shown"] = "ZZ"
    tables_before = Table.objects.count()

    response = _upload(client, json.dumps(log).encode())

    assert "Entry #4:" in text(response)
    assert Table.objects.count() == tables_before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "companion/1", "game": ', "This is not a JSON file:"),
        (b"", "Choose a game log file (.json) to import: this one is empty."),
        (b"\xff\xfe not even text", "This is not a JSON file:"),
        (b"[1, 2, 3]", "a log must be a JSON object"),
        (b'{"format": "companion/2"}', "unknown format 'companion/2'"),
    ],
    ids=["truncated", "empty", "binary", "not-an-object", "wrong-format"],
)
def test_a_file_that_is_not_a_log_gets_a_clear_message(
    client: Client, db: None, content: bytes, message: str
) -> None:
    response = _upload(client, content)

    assert response.status_code == 200
    assert message in text(response)
    assert Table.objects.count() == 0


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["A" * 31, "Bob"], "A name is longer than 30 characters."),
        (["Ann  Lee", "Ann Lee"], "Two players have the same name"),
    ],
    ids=["too-long", "same-after-spacing"],
)
def test_a_log_with_names_the_app_cannot_seat_gets_a_message(
    client: Client, db: None, players: list[str], message: str
) -> None:
    log = {"format": "companion/1", "game": "recruit", "players": players, "events": []}

    response = _upload(client, json.dumps(log).encode())

    assert response.status_code == 200
    assert message in text(response)
    assert Table.objects.count() == 0


def test_a_pasted_log_imports_too(client: Client, db: None) -> None:
    pasted = (EXAMPLES / "two-players-card-by-card.json").read_text()

    response = client.post("/import/", {"log": pasted})

    assert response.status_code == 302
    assert Table.objects.get().games.get().seat_names() == ["Ann", "Bob"]


def test_after_an_htmx_write_the_next_poll_is_204(client: Client, game_mid_hand: Game) -> None:
    """The fragment a write answers with carries the new version. With a stale one the scorer's
    next poll would re-send the page and reset the entry form they had started to fill in."""
    response = record(
        client, game_mid_hand, "exchange", {"swap_0": 1, "swap_1": 2, "swap_2": 3}, htmx=True
    )
    assert response.status_code == 200
    now = _version(game_mid_hand)

    assert f"live/?v={now}&amp;s=" in response.content.decode()
    assert client.get(game_url(game_mid_hand, "live/"), {"v": now}).status_code == 204


def test_the_summary_s_kept_hand_lines_are_each_language_s_own(
    game_after_first_hand: Game,
) -> None:
    """A hand's line of the summary is kept once written, per language: a French phone is not
    given the English line, and the kept lines say what writing them afresh says."""
    from django.utils import translation

    from companion.tables import context
    from companion.tables.kept import lines

    game = game_after_first_hand
    table = Table.objects.get(pk=game.table_id)
    loaded = actions.load(game)
    said = {}
    for language in ("en", "fr", "en", "fr"):
        with translation.override(language):
            summary = context.summary_text(loaded, table)
            lines._HAND_LINES.clear()
            assert summary == context.summary_text(loaded, table)
            said.setdefault(language, summary)
            assert said[language] == summary
    assert "Hand 1: Ann 12, Bob 13, Cat 9" in said["en"].splitlines()
    assert "Hand 1: Ann 12" not in said["fr"] and "Ann 12, Bob 13, Cat 9" in said["fr"]
