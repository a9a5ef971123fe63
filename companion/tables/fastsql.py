"""The hot path's reads as plain SQL, turned into model instances as the ORM would.

Building a query through the ORM costs more CPU than running it: the seats of a game with
their table and players cost about 1.3 ms to compile and 0.2 ms to run. The two reads every
game request makes (the game with its table and seats; the entries since the kept replay) are
written here once as SQL, and as one query for both where the kept replay is known first
(``seats_and_log``). Each column goes through the same converters the ORM applies (so a
datetime, a UUID or a JSON value comes back as the ORM would give it, on SQLite as on
PostgreSQL), and each row becomes instances as ``Model.from_db`` makes them for a queryset.
A field added to a model later is simply not loaded here: the instance defers it, and reading
it costs a query (the test in tests/web/test_scale.py counts them).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC
from typing import Any, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connection, connections
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, Model
from django.db.models.base import ModelState
from psycopg import Cursor, adapters
from psycopg.pq import Format

from .models import Event, Game, Player, Seat, Table

Converter = Callable[[Any, Any, Any], Any]
#: psycopg's own loader of a ``timestamptz`` (in C where psycopg has its C build).
_TIMESTAMPTZ = adapters.get_loader(adapters.types["timestamptz"].oid, Format.TEXT)
_T = TypeVar("_T")
log = logging.getLogger(__name__)


class Layout:
    """The columns of ``model`` read from the table aliased ``alias``: their SQL, and how to
    turn their values into an instance."""

    def __init__(self, model: type[Model], alias: str) -> None:
        self.model = model
        self.fields: list[Field[Any, Any]] = list(model._meta.concrete_fields)
        self.names = [f.attname for f in self.fields]
        self.sql = ", ".join(f'{alias}."{f.column}"' for f in self.fields)
        self._converters: dict[str, list[tuple[int, list[Converter], Any]]] = {}

    def converters(self, conn: Any) -> list[tuple[int, list[Converter], Any]]:
        vendor = conn.vendor
        found = self._converters.get(vendor)
        if found is None:
            found = []
            for i, f in enumerate(self.fields):
                col = f.get_col(self.model._meta.db_table)
                funcs = conn.ops.get_db_converters(col) + col.get_db_converters(conn)
                if funcs:
                    found.append((i, funcs, col))
            self._converters[vendor] = found
        return found

    def build(self, values: Sequence[Any], conn: Any = None) -> Any:
        """The instance, as ``Model.from_db`` makes it (``conn``: the database connection,
        if already at hand). Its attributes are set directly, as ``Model.__init__`` would set
        them from a row holding every field: these models have no ``__init__`` or
        ``from_db`` of their own, and nothing listens to ``pre_init`` or ``post_init``
        (tests/web/test_fastsql.py checks both)."""
        if conn is None:
            conn = connections[DEFAULT_DB_ALIAS]
        row = list(values)
        for i, funcs, col in self.converters(conn):
            value = row[i]
            for func in funcs:
                value = func(value, col, conn)
            row[i] = value
        model = self.model
        instance = model.__new__(model)
        instance.__dict__.update(zip(self.names, row, strict=True))
        state = instance._state = ModelState()
        state.adding, state.db = False, conn.alias
        return instance

    def __len__(self) -> int:
        return len(self.fields)


def _run(sql: str, params: Sequence[Any], fetch: Callable[[CursorWrapper], _T]) -> _T:
    """``fetch(cursor)`` once ``sql`` has run on a cursor from ``_cursor``.

    A request's first statement on a connection kept from an earlier request is not preceded
    by Django's health check (``CONN_HEALTH_CHECKS``: a ``SELECT 1``, a round trip to the
    database before every request's first query). Instead, if that connection turns out to
    have died (the database restarted, a pooler or firewall dropped it), the statement is run
    again on a new one, once. Only outside a transaction: inside one, Django has checked the
    connection before opening it. A statement that fails on a live connection is not run
    again. Running a write again is safe too: on a connection found dead it was not
    committed, or, if it was, the retry finds its position or submission id taken and writes
    nothing (``append_unless_moved``)."""
    conn = connections[DEFAULT_DB_ALIAS]  # looked up once: each use of `connection` looks it up
    retry = (
        conn.connection is not None
        and conn.health_check_enabled
        and not conn.health_check_done
        and not conn.in_atomic_block
    )
    if retry:
        conn.health_check_done = True  # this statement is the check
    try:
        with _cursor(conn) as cursor:
            cursor.execute(sql, params)
            return fetch(cursor)
    except (OperationalError, InterfaceError):
        raw = conn.connection
        if not retry or (raw is not None and not raw.closed and not getattr(raw, "broken", False)):
            raise
        log.warning("a kept database connection had died: connecting again")
        conn.close()
    with _cursor(conn) as cursor:
        cursor.execute(sql, params)
        return fetch(cursor)


def _all(cursor: CursorWrapper) -> list[Any]:
    return list(cursor.fetchall())


def _one(cursor: CursorWrapper) -> Any:
    return cursor.fetchone()


def _cursor(conn: Any = None) -> CursorWrapper:
    """A cursor for these statements. On PostgreSQL, each is prepared the first time a
    connection runs it, so that PostgreSQL plans it once per connection instead of once per
    request (planning the seats' join costs it about 0.3 ms, running it about 0.1 ms); Django's
    own cursors bind on the client and never prepare. The cursor is wrapped as Django wraps
    its own, so the queries are counted and logged the same. Off with the setting
    ``COMPANION_PREPARED_STATEMENTS`` (environment: ``DATABASE_PREPARED_STATEMENTS=0``) for a
    connection pooler that cannot keep prepared statements."""
    if conn is None:
        conn = connections[DEFAULT_DB_ALIAS]
    if conn.vendor != "postgresql" or not settings.COMPANION_PREPARED_STATEMENTS:
        return conn.cursor()
    conn.close_if_health_check_failed()
    conn.ensure_connection()
    with conn.wrap_database_errors:
        raw = conn.connection
        if raw.prepare_threshold is None:  # as Django leaves it
            raw.prepare_threshold = 0  # prepared on first use
        if getattr(raw, "_companion_timezone", None) != conn.timezone:
            # Django registers the time zone's loader on each cursor it makes; here it is
            # registered once on the connection, which its cursors inherit.
            register_tzloader(conn.timezone, raw)
            raw._companion_timezone = conn.timezone
            raw._companion_utc = conn.timezone is UTC and raw.info.timezone is UTC
        cursor = Cursor(raw)
        if raw._companion_utc:
            # Django's loader is psycopg's Python one, then the time zone set: 6.2 µs a value
            # here, against 0.8 µs for psycopg's own in C, which gives the same value with the
            # connection's time zone. When that is UTC, Django's too, the two are the same
            # (tests/web/test_fastsql.py), and these cursors take psycopg's own. Only these:
            # Django reads the loader's time zone on its cursors, and psycopg's has none.
            cursor.adapters.register_loader("timestamptz", _TIMESTAMPTZ)
    conn.validate_thread_sharing()
    if conn.queries_logged:
        return conn.make_debug_cursor(cursor)
    return conn.make_cursor(cursor)


_SEAT = Layout(Seat, "s")
_PLAYER = Layout(Player, "p")
_GAME = Layout(Game, "g")
_TABLE = Layout(Table, "t")
_EVENT = Layout(Event, "e")


def _split(row: Sequence[Any], layouts: Sequence[Layout], conn: Any) -> list[Any]:
    out, start = [], 0
    for layout in layouts:
        out.append(layout.build(row[start : start + len(layout)], conn))
        start += len(layout)
    return out


_LINKED = (
    f'FROM "{Seat._meta.db_table}" s '
    f'JOIN "{Game._meta.db_table}" g ON s."game_id" = g."id" '
    f'JOIN "{Table._meta.db_table}" t ON g."table_id" = t."id" '
    f'JOIN "{Player._meta.db_table}" p ON s."player_id" = p."id" '
    'WHERE (t."view_key" = %s OR t."score_key" = %s) AND g."number" = %s'
)
_SEATED = (_SEAT, _PLAYER, _GAME, _TABLE)
_SEATED_SQL = ", ".join(lay.sql for lay in _SEATED)
_SEATED_WIDTH = sum(len(lay) for lay in _SEATED)
_SEATS_SQL = f'SELECT {_SEATED_SQL} {_LINKED} ORDER BY s."position"'
#: The seats' rows, then the entries' (each padded with NULLs where the other has columns).
_SEATS_AND_LOG_SQL = (
    f'SELECT 0, s."position", {_SEATED_SQL}, {", ".join(["NULL"] * len(_EVENT))} {_LINKED} '
    f'UNION ALL SELECT 1, e."seq", {", ".join(["NULL"] * _SEATED_WIDTH)}, {_EVENT.sql} '
    f'FROM "{Event._meta.db_table}" e WHERE e."game_id" = %s AND e."seq" >= %s '
    "ORDER BY 1, 2"
)


#: The related instances are cached on each instance as ``select_related`` caches them
#: (``Field.set_cached_value``), without the checks of assigning through the descriptor.
_SEAT_PLAYER = Seat._meta.get_field("player")
_SEAT_GAME = Seat._meta.get_field("game")
_GAME_TABLE = Game._meta.get_field("table")


def _seats(rows: Sequence[Sequence[Any]]) -> list[Seat]:
    seats: list[Seat] = []
    game: Game | None = None
    conn = connections[DEFAULT_DB_ALIAS]
    for row in rows:
        if game is None:
            seat, player, game, table = _split(row, _SEATED, conn)
            _GAME_TABLE.set_cached_value(game, table)
        else:  # the same game and table on every row: built once
            seat, player = _split(row, _SEATED[:2], conn)
        _SEAT_PLAYER.set_cached_value(seat, player)
        _SEAT_GAME.set_cached_value(seat, game)
        seats.append(seat)
    return seats


_TABLE_SQL = (
    f'SELECT {_TABLE.sql} FROM "{Table._meta.db_table}" t '
    'WHERE t."view_key" = %s OR t."score_key" = %s'
)


def table_by_link(key: str) -> Table | None:
    """The table whose scorer or viewer link is ``key``, or None: one query, the one a live
    poll with nothing new makes."""
    row = _run(_TABLE_SQL, [key, key], _one)
    return None if row is None else _TABLE.build(row)


def seats_of_game(key: str, number: int) -> list[Seat]:
    """Game ``number`` of the table whose scorer or viewer link is ``key``: its seats in order,
    each with its player, and its game with the table, in one query ([] if there is none)."""
    rows = _run(_SEATS_SQL, [key, key, number], _all)
    return _seats(rows)


def seats_and_log(
    key: str, number: int, game_id: int, start: int
) -> tuple[list[Seat], list[Event]]:
    """``seats_of_game`` and the log of game ``game_id`` (that game, as last seen) from entry
    ``start`` on, in one query: the seats' rows, then the entries' (each row padded with NULLs
    where the other kind has columns). The entries are those of ``game_id`` whatever game the
    link and number name now: the caller checks that they are the same."""
    rows = _run(_SEATS_AND_LOG_SQL, [key, key, number, game_id, start], _all)
    width = _SEATED_WIDTH
    seats = _seats([row[2 : 2 + width] for row in rows if row[0] == 0])
    conn = connections[DEFAULT_DB_ALIAS]
    events = [_EVENT.build(row[2 + width :], conn) for row in rows if row[0] == 1]
    return seats, events


def events_since(starts: dict[int, int]) -> dict[int, list[Event]]:
    """{game id: its log's rows from entry ``starts[game id]`` on}, in one query."""
    out: dict[int, list[Event]] = {pk: [] for pk in starts}
    if not starts:
        return out
    where = " OR ".join('(e."game_id" = %s AND e."seq" >= %s)' for _ in starts)
    params = [value for pk, start in starts.items() for value in (pk, start)]
    sql = (
        f'SELECT {_EVENT.sql} FROM "{Event._meta.db_table}" e WHERE {where} '
        'ORDER BY e."game_id", e."seq"'
    )
    rows = _run(sql, params, _all)
    conn = connections[DEFAULT_DB_ALIAS]
    for row in rows:
        event = _EVENT.build(row, conn)
        out[event.game_id].append(event)
    return out


def lock_game(pk: int) -> Game:
    """The game, its row locked until the transaction ends (``SELECT ... FOR UPDATE`` where the
    database has it; SQLite's IMMEDIATE transactions already queue writers)."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    sql = f'SELECT {_GAME.sql} FROM "{Game._meta.db_table}" g WHERE g."id" = %s{lock}'
    row = _run(sql, [pk], _one)
    if row is None:
        raise Game.DoesNotExist(f"no game {pk}")
    game: Game = _GAME.build(row)
    return game


def log_tail(game_id: int, start: int | None, client_id: Any) -> list[tuple[int, int, Any]]:
    """(seq, row id, client id) of the game's entries from ``start`` on (none if None), and of
    the entry sent with ``client_id`` wherever it is: one query."""
    clauses, params = [], [game_id]
    if start is not None:
        clauses.append('e."seq" >= %s')
        params.append(start)
    if client_id is not None:
        clauses.append('e."client_id" = %s')
        params.append(Event._meta.get_field("client_id").get_db_prep_value(client_id, connection))
    if not clauses:
        return []
    cid = Event._meta.get_field("client_id")
    sql = (
        f'SELECT e."seq", e."id", e."client_id" FROM "{Event._meta.db_table}" e '
        f'WHERE e."game_id" = %s AND ({" OR ".join(clauses)})'
    )
    rows = _run(sql, params, _all)
    col = cid.get_col(Event._meta.db_table)
    funcs = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
    out = []
    for seq, pk, value in rows:
        for func in funcs:
            value = func(value, col, connection)
        out.append((seq, pk, value))
    return out


def _row(
    game: Game, seq: int, kind: str, payload: Any, client_id: Any
) -> tuple[Event, list[Field[Any, Any]], list[Any]]:
    """A new log row, with the columns to write and their values as the database takes them."""
    event = Event(game=game, seq=seq, kind=kind, payload=payload, client_id=client_id)
    fields = [f for f in Event._meta.concrete_fields if not f.primary_key]
    values = [f.get_db_prep_save(f.pre_save(event, add=True), connection) for f in fields]
    return event, fields, values


def _written(event: Event, pk: int) -> Event:
    event.pk = pk
    event._state.adding = False
    event._state.db = connection.alias
    return event


def insert_event(game: Game, seq: int, kind: str, payload: Any, client_id: Any) -> Event:
    """Append an entry to the log, as ``Event.objects.create`` would: one INSERT."""
    event, fields, values = _row(game, seq, kind, payload, client_id)
    columns = ", ".join(f'"{f.column}"' for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    table = Event._meta.db_table
    with _cursor() as cursor:
        if connection.features.can_return_columns_from_insert:
            cursor.execute(
                f'INSERT INTO "{table}" ({columns}) VALUES ({marks}) RETURNING "id"', values
            )
            event.pk = cursor.fetchone()[0]
        else:
            cursor.execute(f'INSERT INTO "{table}" ({columns}) VALUES ({marks})', values)
            event.pk = connection.ops.last_insert_id(cursor, table, "id")
    return _written(event, event.pk)


def append_unless_moved(
    game: Game, seq: int, kind: str, payload: Any, client_id: Any
) -> tuple[Event, int] | None:
    """PostgreSQL only: append entry ``seq`` and bump the table's version in one statement,
    with no transaction to open and no lock to queue for, provided that nothing has moved since
    ``game`` was read: the game still plays the same game with the same house rules, no entry
    ``seq`` is in its log yet, and no entry came with ``client_id``. Returns the row written and
    the table's new version, or None with nothing written.

    Why it is safe without the game's lock: the log is append-only, and an entry goes at the
    next position, which the unique constraint (game, seq) lets only one writer take. A writer
    that got there first (another phone, a cancellation, a correction) leaves ``seq`` taken
    and this statement writes nothing; so does a resent submission (``client_id`` taken). The
    game's row is read ``FOR SHARE``: a change of house rules holding it ``FOR UPDATE`` is
    waited for, and then seen."""
    event, fields, values = _row(game, seq, kind, payload, client_id)
    columns = ", ".join(f'"{f.column}"' for f in fields)
    marks = ", ".join("g.id" if f.attname == "game_id" else "%s" for f in fields)
    values = [v for f, v in zip(fields, values, strict=True) if f.attname != "game_id"]
    options = Game._meta.get_field("options").get_db_prep_save(game.options, connection)
    sql = (
        f'WITH g AS (SELECT id FROM "{Game._meta.db_table}" '
        "WHERE id = %s AND game = %s AND options = %s FOR SHARE), "
        f'ins AS (INSERT INTO "{Event._meta.db_table}" ({columns}) SELECT {marks} FROM g '
        'ON CONFLICT DO NOTHING RETURNING "id") '
        f'UPDATE "{Table._meta.db_table}" SET version = version + 1 '
        "WHERE id = %s AND EXISTS (SELECT 1 FROM ins) RETURNING version, (SELECT id FROM ins)"
    )
    found = _run(sql, [game.pk, game.game, options, *values, game.table_id], _one)
    if found is None:
        return None
    version, pk = found
    return _written(event, pk), int(version)
