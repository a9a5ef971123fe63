"""The hot path's hand-written reads (companion/tables/fastsql.py) give the same instances as
the ORM: every field's value, the state Django keeps on them, and they save like any other."""

from __future__ import annotations

import uuid

from django.db.models import Model
from django.db.models.signals import post_init, pre_init

from companion.tables import actions, fastsql
from companion.tables.models import Event, Game, Player, Seat, Table

from .long_games import belote_game

MODELS = (Seat, Player, Game, Table, Event)


def _fields(instance: Model) -> dict[str, object]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


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
