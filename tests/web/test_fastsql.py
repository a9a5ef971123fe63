"""The hot path's hand-written reads (companion/tables/fastsql.py) give the same instances as
the ORM: every field's value, the state Django keeps on them, and they save like any other."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Model
from django.db.models.signals import post_init, pre_init
from django.test.utils import CaptureQueriesContext

from companion.tables import actions, fastsql
from companion.tables.models import Event, Game, Player, Seat, Table

from .long_games import belote_game

MODELS = (Seat, Player, Game, Table, Event)


def _fields(instance: Model) -> dict[str, object]:
    """Every field's value; a date and time with its time zone, as the ORM gives it."""
    values = {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}
    return {
        name: (value, value.tzinfo) if isinstance(value, datetime.datetime) else value
        for name, value in values.items()
    }


def _same(built: Model, orm: Model) -> None:
    assert type(built) is type(orm)
    assert _fields(built) == _fields(orm)
    assert (built._state.adding, built._state.db) == (orm._state.adding, orm._state.db)
    assert built == orm and hash(built) == hash(orm)


def test_the_read_of_a_game_by_its_link_builds_what_the_orm_builds(
    four_player_table: Table,
) -> None:
    game = belote_game(four_player_table, 12)
    seats, events = fastsql.seats_and_log(four_player_table.score_key, game.number, game.pk, 5)
    orm_seats = list(Seat.objects.filter(game=game).select_related("player", "game__table"))
    assert len(seats) == 4
    with CaptureQueriesContext(connection) as read:  # the relations come with the seats
        assert all(s.game.table.pk == game.table_id and s.player.pk for s in seats)
    assert not read.captured_queries
    for seat, orm in zip(seats, orm_seats, strict=True):
        _same(seat, orm)
        _same(seat.player, orm.player)
        _same(seat.game, orm.game)
        _same(seat.game.table, orm.game.table)
    assert [e.seq for e in events] == list(range(5, 12))
    for event, orm in zip(events, Event.objects.filter(game=game, seq__gte=5), strict=True):
        _same(event, orm)
        assert isinstance(event.client_id, uuid.UUID | None) and event.payload == orm.payload
    _same(fastsql.lock_game(game.pk), Game.objects.get(pk=game.pk))
    # They save, and read their relations, as ORM instances do.
    table = seats[0].game.table
    table.name = "Renamed"
    table.save(update_fields=["name"])
    assert Table.objects.get(pk=table.pk).name == "Renamed"
    assert events[0].game.pk == game.pk and seats[0].player.table_id == table.pk
    loaded = (actions.load_by_link(four_player_table.view_key, game.number) or ([], None))[1]
    assert loaded is not None and loaded.count == 12


def test_the_models_leave_instances_to_django() -> None:
    """What building instances directly relies on: no model has an ``__init__`` or a
    ``from_db`` of its own, and nothing listens to their construction."""
    for model in MODELS:
        assert model.__init__ is Model.__init__, model
        assert model.from_db.__func__ is Model.from_db.__func__, model  # type: ignore[attr-defined]
        assert not pre_init.has_listeners(model) and not post_init.has_listeners(model), model


@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_found_dead_is_replaced_with_no_check_before_each_request(
    four_player_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Django's health check costs a round trip (``SELECT 1``) before every request's first
    query; the hot path's reads go without it, and a connection that died between requests
    (the database restarted) is replaced when the first read finds it dead."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no connection to lose")
    assert connection.settings_dict["CONN_HEALTH_CHECKS"]
    game = belote_game(four_player_table, 12)
    link = four_player_table.score_key
    connection.close()  # a new connection, well within its CONN_MAX_AGE
    assert actions.load_by_link(link, game.number) is not None
    checks: list[int] = []
    usable = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(1) or usable())

    def next_request() -> tuple[list[Seat], actions.Loaded]:
        connection.close_if_unusable_or_obsolete()  # what a request's start does
        found = actions.load_by_link(link, game.number)
        assert found is not None
        return found

    pid = connection.connection.info.backend_pid
    assert next_request()[1].count == 12
    assert connection.connection.info.backend_pid == pid and checks == []
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    seats, loaded = next_request()
    assert loaded.count == 12 and [s.player.name for s in seats] == ["Ann", "Bob", "Cat", "Dan"]
    assert connection.connection.info.backend_pid != pid and checks == []
