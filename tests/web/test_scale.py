"""What a request costs does not grow with the game: every page and every write makes the same
number of queries at entry 10 as at entry 500, and the game page stays small over the wire."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import rules as engine
from companion.tables import actions
from companion.tables.entry import forms_for
from companion.tables.models import Event, Game, Table

from .helpers import HTMX, game_url, new_uuid, words
from .long_games import belote_game, next_entry

PASSED = 2  # hands nobody took between played ones: 500 entries stay under the target


def _count(request: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = request()
    assert response.status_code in (200, 204, 302), (response.status_code, words(response)[:500])
    return len(queries)


def _bid(game: Game, seq: int) -> dict[str, Any]:
    payload = Event.objects.get(game=game, seq=seq).payload
    assert payload["type"] == "bid"
    return {"seat": payload["seat"], "call": payload["call"]}


def _costs(entries: int) -> dict[str, int]:
    """The queries of each page and each write, for a game of ``entries`` entries at a table
    that belongs to a club."""
    club = actions.do_create_club("Tuesday club")
    table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan"], club=club)
    game = belote_game(table, entries, PASSED)
    client = Client()
    score, watch = table.score_key, table.view_key

    def get(suffix: str, key: str = score, **params: Any) -> Callable[[], Any]:
        return lambda: client.get(game_url(game, suffix, key=key), params)

    def post(suffix: str, data: dict[str, Any], **headers: str) -> Callable[[], Any]:
        fields = {"client_id": new_uuid(), **data}
        return lambda: client.post(game_url(game, suffix), fields, headers=headers)

    def version() -> int:
        return Table.objects.get(pk=table.pk).version

    client.get(game_url(game))  # the session, and the replay kept
    costs = {
        "game page": _count(get("")),
        "game page, viewer": _count(get("", key=watch)),
        "entry tab": _count(lambda: client.get(game_url(game), {"entry": "bid"}, headers=HTMX)),
        "live, changed": _count(get("live/", key=watch, v=-1)),
        "live, unchanged": _count(get("live/", key=watch, v=version())),
        "history": _count(get("history/")),
        "history, page 2": _count(get("history/", page=2)),
        "hands": _count(get("hands/")),
        "log.json": _count(get("log.json")),
        "scores.csv": _count(get("scores.csv")),
        "options page": _count(get("options/")),
        "correct page": _count(get("correct/1/")),
        "table page": _count(lambda: client.get(f"/t/{score}/")),
        "club page": _count(lambda: client.get(f"/c/{club.key}/")),
        "club live": _count(lambda: client.get(f"/c/{club.key}/live/", {"v": "0"})),
    }
    # Record two bids, undo the second, undo the undo (restoring it), cancel it again, correct
    # the first as it was, change a house rule: the same steps whatever the log's length.
    costs["record"] = _count(post("record/bid/", next_entry(game, PASSED)))
    costs["record, htmx"] = _count(post("record/bid/", next_entry(game, PASSED), **HTMX))
    costs["undo"] = _count(post("undo/", {}))
    costs["undo, htmx"] = _count(post("undo/", {}, **HTMX))
    costs["void"] = _count(post(f"void/{entries + 3}/", {}))
    costs["correct"] = _count(post(f"correct/{entries}/", _bid(game, entries)))
    costs["options"] = _count(post("options/", {"rounding": "none"}))
    assert game.events.count() == entries + 6
    assert Event.objects.filter(game=game, kind="correction").exists()
    return costs


def test_every_page_and_write_costs_the_same_queries_at_entry_10_and_500(db: None) -> None:
    few, many = _costs(10), _costs(500)

    assert few == many
    assert few["live, unchanged"] <= 1


def test_the_live_poll_makes_one_query_when_nothing_changed(
    client: Client, django_assert_max_num_queries: Any, four_player_table: Table
) -> None:
    game = belote_game(four_player_table, 500, PASSED)
    version = Table.objects.get(pk=four_player_table.pk).version

    with django_assert_max_num_queries(1):
        response = client.get(game_url(game, "live/"), {"v": version})

    assert response.status_code == 204


def test_a_game_page_of_150_entries_is_under_60_kb_over_the_wire(
    client: Client, four_player_table: Table
) -> None:
    """Belote recorded card by card: ten hands and more, 150 entries."""
    game = belote_game(four_player_table, 150)

    response = client.get(game_url(game), headers={"Accept-Encoding": "gzip"})

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    page = gzip.decompress(response.content).decode()
    assert "Every entry (140 earlier)" in page
    assert len(response.content) < 60_000, len(response.content)  # about 5 kB today


@pytest.mark.parametrize("entries", [10, 500])
def test_an_htmx_entry_answers_with_what_changed_at_any_length(
    client: Client, four_player_table: Table, entries: int
) -> None:
    game = belote_game(four_player_table, entries, PASSED)
    data = {"client_id": new_uuid(), **next_entry(game, PASSED)}

    response = client.post(game_url(game, "record/bid/"), data, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none", "a bid within a hand: only what it changed"
    assert not re.search(r'id="(live|scoreboard|export|game-body)"', html)
    for oob in ("status", "entry", "hand-panel", "history", "poll"):
        assert re.search(rf'<[^>]*id="{oob}"[^>]*hx-swap-oob="true"', html), oob
    assert html.count('class="entry-actions"') <= actions.RECENT, "the latest entries only"
    assert len(html) < 30_000


def test_the_game_page_explains_the_latest_hands_and_links_to_every_hand(
    client: Client, four_player_table: Table
) -> None:
    game = belote_game(four_player_table, 14 * 5)  # five hands, each played card by card

    page = client.get(game_url(game)).content.decode()

    assert page.count("why these points") == 3
    assert "Hand 5: why these points" in page and "Hand 2: why these points" not in page
    assert "Why the points of the 2 earlier hands: every hand" in page
    every = client.get(game_url(game, "hands/")).content.decode()
    assert every.count("why these points") == 5


def test_an_entry_sends_the_rules_for_this_hand_only_when_it_changes_them(
    client: Client, four_player_table: Table
) -> None:
    """Within a hand, a card played leaves "Rules for this hand" as it was (not sent again); the
    bid that sets trump changes it (sent, with the whole live panel a bid brings)."""
    seen = {True: 0, False: 0}
    for entries in range(1, 14):
        Table.objects.filter(pk=four_player_table.pk).update(version=0)
        four_player_table.games.all().delete()
        game = belote_game(four_player_table, entries)
        loaded = actions.load(game)
        payload = next_entry(game)
        event = loaded.rules.event_from_dict(payload)
        after = engine.replay(loaded.rules, [*actions.log_events(loaded), event]).state
        changed = loaded.rules.reminders(loaded.state) != loaded.rules.reminders(after)
        kind = payload["type"]
        form_class = forms_for("belote")[kind]
        blank = form_class(loaded)
        initial = blank.initial_from(event)
        data = {"client_id": new_uuid(), "at": str(entries)}
        for name in blank.fields:
            # A bid's call is the button tapped: not in the form's initial values.
            value = initial.get(name, getattr(event, name, None))
            if name not in data and value is not None and value is not False:
                data[name] = (
                    [str(v) for v in value] if isinstance(value, list | tuple) else str(value)
                )
        response = client.post(game_url(game, f"record/{kind}/"), data, headers=HTMX)
        html = response.content.decode()
        assert response.status_code == 200 and not response.has_header("HX-Retarget"), html
        if response.get("HX-Reswap") != "none":
            # A bid or the hand's last trick: the whole live panel, the rules for this hand too.
            assert 'id="reminders-panel"' in html, (entries, kind)
            seen[changed] += 1
            continue
        assert ('id="reminders-panel"' in html) == changed, (entries, kind)
        seen[changed] += 1
    assert seen[True] and seen[False] >= 5, seen
