"""Limits and throttling (issue 10, item 5), the cap on a game's length (item 8) and the
command that removes what nobody has touched for months."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from companion.games.recruit.game import Deal, Trick
from companion.rules import IllegalEventError
from companion.rules.cards import parse_card
from companion.tables import actions, limits
from companion.tables.models import Club, Event, Game, Player, Table

from .helpers import form_ids, game_url, new_uuid, words


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    caches["default"].clear()


@override_settings(COMPANION_CREATE_LIMIT=3, COMPANION_CREATE_WINDOW=600)
def test_creating_tables_past_the_limit_gets_a_readable_429(client: Client, db: None) -> None:
    for _ in range(3):
        data = {"name": ["Ann", "Bob"], "client_id": new_uuid()}
        assert client.post("/new/", data).status_code == 302

    response = client.post("/new/", {"name": ["Ann", "Bob"], "client_id": new_uuid()})

    assert response.status_code == 429
    assert response["Retry-After"] == "600"
    page = words(response)
    assert "created 3 tables within 10 minutes: nothing was created" in page
    assert Table.objects.count() == 3
    # Another address is not held back, and clubs are counted apart.
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post("/new/", {"name": ["A", "B"], "client_id": new_uuid()}).status_code == 302
    assert client.post("/club/new/", {"name": "Club", "client_id": new_uuid()}).status_code == 302


@override_settings(COMPANION_CREATE_LIMIT=2, COMPANION_CREATE_WINDOW=600)
def test_imports_and_clubs_are_throttled_too(client: Client, db: None) -> None:
    for _ in range(2):
        client.post("/club/new/", {"name": "Club", "client_id": new_uuid()})
    club = client.post("/club/new/", {"name": "Club", "client_id": new_uuid()})
    assert club.status_code == 429 and "club pages" in words(club)
    assert Club.objects.count() == 2
    for _ in range(2):
        client.post("/import/", {"log": "{}"})
    refused = client.post("/import/", {"log": "{}"})
    assert refused.status_code == 429 and "imported 2 logs" in words(refused)


def test_a_game_is_capped_at_a_length_no_real_game_reaches(
    monkeypatch: pytest.MonkeyPatch, client: Client, game_mid_hand: Game
) -> None:
    monkeypatch.setattr(limits, "MAX_ENTRIES", 3)
    actions.check_record_event(
        game_mid_hand,
        Trick(cards=(parse_card("AS"), parse_card("2S"), parse_card("3S"))),
    )
    actions.check_record_event(
        game_mid_hand,
        Trick(cards=(parse_card("KS"), parse_card("4S"), parse_card("5S"))),
    )
    client_id, at = form_ids(client, game_mid_hand, "trick")
    response = client.post(
        game_url(game_mid_hand, "record/trick/"),
        {
            "client_id": client_id,
            "at": at,
            "rank_1": "Q",
            "suit_1": "S",
            "rank_2": "6",
            "suit_2": "S",
            "rank_0": "7",
            "suit_0": "S",
        },
    )
    assert response.status_code == 200
    assert "already holds 3 entries, more than any real game" in words(response)
    assert Event.objects.filter(game=game_mid_hand).count() == 3
    with pytest.raises(IllegalEventError):
        actions.check_record_event(game_mid_hand, Deal(dealer=0, shown=parse_card("7H")))


def test_a_long_void_chain_replays_in_time_proportional_to_its_length(
    game_mid_hand: Game,
) -> None:
    """Cancel, restore, cancel…: four times the chain costs about four times the work, not
    sixteen. The work is counted (Python calls made by the replay), not timed, so a busy
    machine cannot fail the test and a quadratic replay cannot pass it."""
    import sys

    from companion.rules import Void, replay

    rules = actions.load(game_mid_hand).rules
    deal = Deal(dealer=0, shown=parse_card("7H"))

    def cost(n: int) -> int:
        events = [deal, *(Void(target=i) for i in range(n))]
        calls = 0

        def count(_frame: object, event: str, _arg: object) -> None:
            nonlocal calls
            calls += event == "call"

        sys.setprofile(count)
        try:
            replay(rules, events)
        finally:
            sys.setprofile(None)
        return calls

    small, large = cost(1000), cost(4000)
    assert large < 5 * small, (small, large)  # linear: about 4 times; quadratic would be 16


def _age(table: Table, days: int) -> None:
    old = timezone.now() - datetime.timedelta(days=days)
    Table.objects.filter(pk=table.pk).update(created=old)
    Game.objects.filter(table=table).update(created=old)
    Event.objects.filter(game__table=table).update(recorded_at=old)


def test_prune_removes_only_tables_and_clubs_untouched_for_the_given_days(db: None) -> None:
    idle = actions.do_create_table(["Ann", "Bob"])
    busy = actions.do_create_table(["Cat", "Dan"])
    game = actions.check_start_game(busy, "recruit", list(busy.players.all()), {})
    _age(idle, 400)
    _age(busy, 400)
    actions.check_record_event(game, Deal(dealer=0, shown=parse_card("7H")))  # today
    old_club = actions.do_create_club("Old club")
    Club.objects.filter(pk=old_club.pk).update(created=timezone.now() - datetime.timedelta(400))
    out = io.StringIO()

    call_command("prune", "--days", "180", "--dry-run", stdout=out)
    assert "would remove 1 tables and 1 clubs" in out.getvalue()
    assert Table.objects.count() == 2

    call_command("prune", "--days", "180", stdout=out)
    assert list(Table.objects.all()) == [busy]
    assert not Club.objects.exists()
    assert not Player.objects.filter(table_id=idle.pk).exists()
