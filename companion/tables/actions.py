"""Every write goes through here. ``check_*`` functions validate with the rules engine before
appending; ``do_*`` functions need no game validation.

Concurrency: a write locks the game row (``select_for_update``; on SQLite the IMMEDIATE
transaction mode serialises writers), replays the log with the new event, and appends it with
the next sequence number. Two phones recording at once are therefore applied one after the
other, each validated against the state the other left. A retried form submission carries the
same ``client_id`` and is answered from the row already written. On PostgreSQL an entry is
first tried without the lock, in one statement that writes it only if nothing has moved since
the game was read (``_recorded_at_once``); anything else takes the locked path.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import unicodedata
import uuid
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Max, Prefetch, Q, QuerySet
from django.utils.translation import gettext

from companion import games, gcpolicy
from companion import rules as engine
from companion.games import log as game_log

from . import fastsql, limits
from .kept import replays
from .models import Club, Event, Game, OptionChange, Player, Seat, Table

M = TypeVar("M", Table, Club)


#: The latest entries every load brings along: the game page's history shows them.
RECENT = 10


@dataclasses.dataclass(frozen=True)
class Entry:
    """One entry of the log: its position, the event and its row."""

    index: int
    event: engine.Event
    row: Event


@dataclasses.dataclass(frozen=True)
class Loaded:
    """A game with its rules, its replayed log and its latest entries (``recent``, oldest first).
    The whole log is read only where it is needed (``log_entries``)."""

    game: Game
    rules: engine.Rules[Any, Any]
    result: engine.Replay[Any]
    recent: tuple[Entry, ...]

    @property
    def state(self) -> Any:
        return self.result.state

    @property
    def count(self) -> int:
        """The number of entries in the log, voids and corrections included."""
        return self.result.count


def load(game: Game, names: list[str] | None = None) -> Loaded:
    """The game replayed from its log (``names``: its seats' names, if already at hand). Two
    queries, however long the log; the replay itself is usually kept from an earlier request."""
    return _load([(game, game.rules(names))])[0]


def load_many(games: QuerySet[Game]) -> list[Loaded]:
    """Each game replayed, fetched in a fixed number of queries however many there are."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    return _load(
        [
            (game, game.rules([s.player.name for s in game.seats.all()]))
            for game in games.prefetch_related(seats)
        ]
    )


#: The key of the replay each game was last kept under, and the game's id, by the link and
#: number it was opened with: a request for it reads that replay first, then the game and the
#: entries since in one query (``load_by_link``). Only ever a hint: the key is worked out
#: again from what is read.
_LAST_KEYS: dict[tuple[str, int], tuple[str, int]] = {}
_KEEP_LAST_KEYS = 4096


@dataclasses.dataclass(frozen=True)
class _Read:
    """What ``load_by_link`` read before it knew the game: the replay kept under ``key``, and
    the log's rows from ``start`` on."""

    key: str
    kept: replays.Kept | None
    start: int
    rows: list[Event]


def load_by_link(link: str, number: int) -> tuple[list[Seat], Loaded] | None:
    """Game ``number`` of the table whose scorer or viewer link is ``link``: its seats (each
    with its player, the game and its table) and the game replayed, or None if there is none.
    One query, the game and the entries since its kept replay, where this process has opened
    the game before; two otherwise."""
    last = _LAST_KEYS.get((link, number))
    if last is None:
        seats, read = fastsql.seats_of_game(link, number), None
    else:
        key, game_id = last
        kept = replays.get_many([key]).get(key)
        start = _first_needed(kept)
        seats, rows = fastsql.seats_and_log(link, number, game_id, start)
        read = _Read(key, kept, start, rows) if seats and seats[0].game.pk == game_id else None
    if not seats:
        return None
    game = seats[0].game
    rules = game.rules([s.player.name for s in seats])
    key = replays.cache_key(game, rules)
    loaded = _load([(game, rules)], read, [key])[0]
    if len(_LAST_KEYS) >= _KEEP_LAST_KEYS:
        _LAST_KEYS.clear()
    _LAST_KEYS[(link, number)] = (key, game.pk)
    return seats, loaded


def _load(
    games: list[tuple[Game, engine.Rules[Any, Any]]],
    read: _Read | None = None,
    keys: list[str] | None = None,
) -> list[Loaded]:
    """Each game's kept replay brought up to date from the entries recorded since (one query
    for all of them), or its whole log replayed (one more query) where nothing usable is kept.
    ``read``: for one game, its kept replay and entries as already read, if under its key;
    ``keys``: the games' replay keys, if already worked out."""
    if keys is None:
        keys = [replays.cache_key(game, rules) for game, rules in games]
    if read is not None and keys == [read.key]:
        kept = {read.key: read.kept} if read.kept is not None else {}
        starts = {games[0][0].pk: read.start}
        rows = {games[0][0].pk: read.rows}
    else:
        kept = replays.get_many(keys)
        starts = {
            game.pk: _first_needed(kept.get(key))
            for (game, _), key in zip(games, keys, strict=True)
        }
        rows = _rows_since(starts)
    results: dict[int, engine.Replay[Any]] = {}
    for (game, rules), key in zip(games, keys, strict=True):
        if key in kept:
            found = replays.catch_up(rules, kept[key], rows[game.pk], starts[game.pk])
            if found is not None:
                results[game.pk] = found
    # Where the kept replay could not be used, the rows before it are needed too.
    if missing := {pk: 0 for pk, start in starts.items() if start and pk not in results}:
        rows |= _rows_since(missing)
    out = []
    for (game, rules), key in zip(games, keys, strict=True):
        mine = rows[game.pk]
        result = results.get(game.pk)
        if result is None:  # nothing kept, or nothing usable: replay, and keep that
            result = engine.replay(rules, [rules.event_from_dict(r.payload) for r in mine])
            recent = _entries(rules, mine[-RECENT:])
            replays.put(key, result, mine[-1] if mine else None, recent)
            gcpolicy.made_many()
        else:
            before = kept[key]
            new = mine[before.result.count - starts[game.pk] :]
            if before.recent and starts[game.pk] == max(0, before.result.count - 1):
                recent = (*before.recent, *_entries(rules, new))[-RECENT:]
            else:
                recent = _entries(rules, mine[-RECENT:])
            if new or recent != before.recent:
                replays.put(key, result, mine[-1], recent)
        out.append(Loaded(game, rules, result, recent))
    return out


def _first_needed(kept: replays.Kept | None) -> int:
    """The first entry to read: the last one a kept replay covers (to check it is still that
    row), or the latest few too when they were not kept decoded; all of them with nothing kept."""
    if kept is None:
        return 0
    count = kept.result.count
    if kept.recent or count == 0:
        return max(0, count - 1)
    return max(0, count - RECENT)


def _entries(rules: engine.Rules[Any, Any], rows: Sequence[Event]) -> tuple[Entry, ...]:
    return tuple(Entry(r.seq, rules.event_from_dict(r.payload), r) for r in rows)


def _rows_since(starts: dict[int, int]) -> dict[int, list[Event]]:
    """{game id: its log's rows from entry ``starts[game id]`` on}, in one query."""
    return fastsql.events_since(starts)


def log_entries(
    game: Game, rules: engine.Rules[Any, Any], start: int = 0, stop: int | None = None
) -> list[Entry]:
    """The log's entries from ``start`` up to ``stop`` (the whole log by default), one query."""
    rows = game.events.filter(seq__gte=start)
    if stop is not None:
        rows = rows.filter(seq__lt=stop)
    return [Entry(r.seq, rules.event_from_dict(r.payload), r) for r in rows]


def log_events(loaded: Loaded) -> list[engine.Event]:
    """The whole log: for what needs all of it (an export, a void, a correction)."""
    return [entry.event for entry in log_entries(loaded.game, loaded.rules)]


def clean_names(names: Sequence[str]) -> list[str]:
    """Names as typed, blanks dropped; raises ValueError on duplicates or overlong names."""
    out = [" ".join(n.split()) for n in names if n and n.strip()]
    if len({n.casefold() for n in out}) != len(out):
        raise ValueError(
            gettext("Two players have the same name: add an initial to tell them apart.")
        )
    if any(len(n) > 30 for n in out):
        raise ValueError(gettext("A name is longer than 30 characters."))
    if any(not _printable(n) for n in out):
        raise ValueError(gettext("A name holds a control character: type it again."))
    if len(out) > limits.max_players():
        raise ValueError(
            gettext("A table seats at most %(limit)d players.") % {"limit": limits.max_players()}
        )
    return out


def _printable(text: str) -> bool:
    """No control characters, no half of a surrogate pair (no database stores a NUL)."""
    return not any(unicodedata.category(c) in ("Cc", "Cs") for c in text)


def clean_title(text: str) -> str:
    """A table's or a club's name as typed: control characters dropped, spaces tidied."""
    return " ".join("".join(c for c in text if _printable(c)).split())[:60]


def do_create_table(
    names: Sequence[str],
    title: str = "",
    club: Club | None = None,
    client_id: uuid.UUID | None = None,
) -> Table:
    """A new table seating ``names``; a retried submission (same ``client_id``) gets the table
    the first one created. ValueError if there are fewer than two names, or bad ones."""
    cleaned = clean_names(names)
    if len(cleaned) < 2:
        raise ValueError(gettext("Enter at least two players."))

    def create() -> Table:
        if club is not None and club.tables.count() >= limits.MAX_CLUB_TABLES:
            raise ValueError(
                gettext("A club holds at most %(limit)d tables.")
                % {"limit": limits.MAX_CLUB_TABLES}
            )
        table = Table.objects.create(name=clean_title(title), club=club, client_id=client_id)
        Player.objects.bulk_create(
            Player(table=table, name=name, position=i) for i, name in enumerate(cleaned)
        )
        return table

    return _created_once(Table, client_id, create)


def do_create_club(name: str, client_id: uuid.UUID | None = None) -> Club:
    name = clean_title(name) or "Club night"
    return _created_once(
        Club, client_id, lambda: Club.objects.create(name=name, client_id=client_id)
    )


def _created_once(model: type[M], client_id: uuid.UUID | None, create: Callable[[], M]) -> M:
    """``create()`` in a transaction, unless the same submission (``client_id``) already created
    its row: a retry gets that row, also when both arrive at once and the other one wins."""

    def earlier() -> M | None:
        return model.objects.filter(client_id=client_id).first() if client_id else None

    if (found := earlier()) is not None:
        return found
    try:
        with transaction.atomic():
            return create()
    except IntegrityError:
        if (found := earlier()) is not None:
            return found
        raise


def link_key(text: str) -> str:
    """The key in a table link as pasted (a whole URL, a path, or the key alone)."""
    text = text.strip()
    if "/t/" in text:
        text = text.split("/t/", 1)[1]
    return text.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]


def do_add_to_club(club: Club, link: str) -> Table:
    """Put an existing table into the club, by its scorer link. A viewer link is not enough:
    the club page records for its tables, and watching one does not give that right."""
    key = link_key(link)
    if not key:
        raise ValueError(gettext("Paste the table's scorer link."))
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(Q(view_key=key) | Q(score_key=key)).first()
        if table is None:
            raise ValueError(gettext("No table has this link."))
        if table.score_key != key:
            raise ValueError(
                gettext(
                    "This is the viewer link of %(table)s: a table joins the club with its "
                    "scorer link."
                )
                % {"table": table.title}
            )
        if table.club_id == club.pk:
            raise ValueError(gettext("%(table)s is already in this club.") % {"table": table.title})
        if table.club_id is not None:
            raise ValueError(
                gettext("%(table)s is already in another club.") % {"table": table.title}
            )
        if club.tables.count() >= limits.MAX_CLUB_TABLES:
            raise ValueError(
                gettext("A club holds at most %(limit)d tables.")
                % {"limit": limits.MAX_CLUB_TABLES}
            )
        table.club = club
        table.save(update_fields=["club"])
        bump(table.pk)
    return table


def do_remove_from_club(club: Club, table_id: int) -> Table:
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id, club=club).first()
        if table is None:
            raise ValueError(gettext("This table is not in the club."))
        table.club = None
        table.save(update_fields=["club"])
        bump(table.pk)  # the club's page and the table's phones hear of it
    return table


@transaction.atomic
def do_add_player(table: Table, name: str) -> Player:
    table = Table.objects.select_for_update().get(pk=table.pk)
    wanted = name.strip().casefold()
    back = [p for p in table.players.filter(left=True) if p.name.casefold() == wanted]
    if back:  # someone who left comes back under the same name: seated again
        return do_seat_again(table, back[0].pk)
    existing = [p.name for p in table.players.all()]
    added = clean_names([*existing, name])[len(existing) :]
    if not added:
        raise ValueError(gettext("Type a name."))
    name = added[0]
    player = Player.objects.create(table=table, name=name, position=len(existing))
    bump(table.pk)
    return player


def check_start_game(
    table: Table,
    key: str,
    players: Sequence[Player],
    options: dict[str, Any],
    at: int | None = None,
) -> Game:
    """Start a game with these players in seat order. Raises SetupError if the rules say no.

    ``at``: the number of games the table had when the "Start game" form was shown. If it has
    more now, the form was already sent (a double tap, a retry) or another phone started one:
    no game is started, and the latest one is returned with ``repeated`` set on it.
    """
    rules_class = games.get_rules(key)
    names = [p.name for p in players]
    rules = rules_class(len(names), options, names)  # validates seat count and options
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        number = (locked.games.aggregate(n=Max("number"))["n"] or 0) + 1
        if at is not None and number - 1 != at and number > 1:
            latest = locked.games.get(number=number - 1)
            latest.repeated = True  # type: ignore[attr-defined]
            return latest
        if number > limits.MAX_GAMES:
            raise engine.SetupError(
                gettext("A table plays at most %(limit)d games: start a new table.")
                % {"limit": limits.MAX_GAMES}
            )
        game = Game.objects.create(
            table=locked,
            number=number,
            game=key,
            options=rules.options_dict(),
            rules_version=rules_class.version,
        )
        Seat.objects.bulk_create(
            Seat(game=game, player=p, position=i) for i, p in enumerate(players)
        )
        bump(locked.pk)
    return game


def bump(table_id: int) -> None:
    """Tell the table's phones something changed: their next poll (``?v=``) gets the new view.
    Every write at the table bumps it, in the same transaction."""
    Table.objects.filter(pk=table_id).update(version=F("version") + 1)


def _bumped(table_id: int) -> int:
    """Bump the table's version and return the new one: one statement where the database can
    return what it updated (PostgreSQL, SQLite 3.35 and later), two otherwise."""
    if connection.vendor == "postgresql" or (
        connection.vendor == "sqlite" and sqlite3.sqlite_version_info >= (3, 35)
    ):
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Table._meta.db_table} SET version = version + 1 "
                "WHERE id = %s RETURNING version",
                [table_id],
            )
            return int(cursor.fetchone()[0])
    bump(table_id)
    return _version(table_id)


def _version(table_id: int) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table_id)


class StaleEntry(Exception):  # noqa: N818 (a refusal, like the engine's errors)
    """A submission made for another state of the log: it was made when the log held ``at``
    entries (the position its entry would take), and the game has moved on since (another
    phone recorded, cancelled or corrected something). Nothing is written; ``loaded`` is the
    game as it stands now, read under the lock."""

    def __init__(self, at: int, loaded: Loaded) -> None:
        super().__init__(f"made for entry #{at + 1}, the log has {loaded.count} entries")
        self.at = at
        self.loaded = loaded


@dataclasses.dataclass(frozen=True)
class Recorded:
    loaded: Loaded
    index: int  # position of the event written (or found, for a retry)
    # The table's version, read with the game locked: never newer than ``loaded``, so a phone
    # shown ``loaded`` and told this version misses no later change when it polls.
    version: int
    repeated: bool = False  # the same submission had already been recorded


def check_record_event(
    game: Game,
    event: engine.Event,
    client_id: uuid.UUID | None = None,
    current: Loaded | None = None,
    at: int | None = None,
) -> Recorded:
    """Validate ``event`` against the game's whole history and append it. The game as it
    stands after it comes back (``Recorded.loaded``), ready to show. ``current``: the game as
    the caller loaded it; used if the log has not moved since (checked under the lock).
    ``at``: the number of entries the log held when the submission was made (the position
    its entry takes); None claims nothing.

    A resent submission (its ``client_id`` already recorded) is answered as recorded. Raises
    ``StaleEntry`` if the log no longer holds ``at`` entries, and ``engine.IllegalEventError``
    if the rules refuse the event; nothing is written then.
    """
    if current is not None and (at is None or at == current.count):
        done = _recorded_at_once(current, event, client_id)
        if done is not None:
            return done
    try:
        with transaction.atomic():
            locked = fastsql.lock_game(game.pk)
            seen, current = _checked(locked, client_id, current)
            if seen is not None:
                loaded = load(locked)
                return Recorded(loaded, seen, _version(locked.table_id), repeated=True)
            if at is not None and at != current.count:
                raise StaleEntry(at, current)
            payload = _check_size(current.count, event)
            result = _appended(current, event)  # raises IllegalEventError
            index = current.count
            row = fastsql.insert_event(locked, index, event.kind, payload, client_id)
            version = _bumped(locked.table_id)
    except IntegrityError:
        # A safety net: the row lock (PostgreSQL) and IMMEDIATE transactions (SQLite) queue
        # writers, so two of them should never collide on a sequence number or client id. If
        # they do, a resent submission is answered as already recorded; anything else is an
        # error and nothing was written (the unique constraints refused it).
        if client_id is not None and game.events.filter(client_id=client_id).exists():
            row = game.events.get(client_id=client_id)
            version = _version(game.table_id)  # read first: the state shown is as new or newer
            return Recorded(load(game), row.seq, version, repeated=True)
        raise
    # Kept once the row is committed (or, inside an outer transaction, written): a replay kept
    # for a row that is then rolled back is never used, as that row is not found in the log.
    return _kept(current, event, result, row, version)


def check_record_events(
    game: Game,
    events: Sequence[engine.Event],
    client_id: uuid.UUID | None = None,
    current: Loaded | None = None,
    at: int | None = None,
) -> Recorded:
    """Several entries made with one form (a round's bets), recorded in order as one: each is
    checked against the game as the ones before it left it, and if any is refused nothing is
    written (``engine.IllegalEventError`` for that one). The submission's ``client_id`` goes on
    the first, so a resent form is answered as recorded without writing the rest again. The
    game as it stands after the last comes back."""
    if not events:
        raise ValueError("no entry to record")
    if len(events) == 1:  # every form but a few: the one entry's own path, nothing added
        return check_record_event(game, events[0], client_id, current=current, at=at)
    with transaction.atomic():
        recorded = check_record_event(game, events[0], client_id, current=current, at=at)
        if recorded.repeated:
            return recorded
        for event in events[1:]:
            recorded = check_record_event(game, event, None, current=recorded.loaded)
    return recorded


def _recorded_at_once(
    current: Loaded, event: engine.Event, client_id: uuid.UUID | None
) -> Recorded | None:
    """The common case on PostgreSQL, in one statement: the entry checked against ``current``
    and appended after it, if nothing has moved since ``current`` was read (see
    ``fastsql.append_unless_moved``). None, with nothing written, when the entry is refused or
    something moved: the locked path then works out why (another phone's entry, a resent
    submission, a refusal) as it always has."""
    if connection.vendor != "postgresql":
        return None
    index = current.count
    try:
        payload = _check_size(index, event)
        result = _appended(current, event)
    except engine.IllegalEventError:
        return None  # said under the lock, where a resent submission is told apart
    written = fastsql.append_unless_moved(current.game, index, event.kind, payload, client_id)
    if written is None:
        return None
    row, version = written
    return _kept(current, event, result, row, version)


def _kept(
    current: Loaded, event: engine.Event, result: engine.Replay[Any], row: Event, version: int
) -> Recorded:
    """The game after ``event``, written as ``row``, kept for the next request."""
    index = current.count
    recent = (*current.recent, Entry(index, event, row))[-RECENT:]
    replays.put(replays.cache_key(current.game, current.rules), result, row, recent)
    return Recorded(Loaded(current.game, current.rules, result, recent), index, version)


def _check_size(index: int, event: engine.Event) -> dict[str, Any]:
    """Refuse an entry past the most a game holds, or longer than any real one (limits.py).
    The entry as the log stores it (``engine.to_dict``), worked out once for both."""
    if index >= limits.MAX_ENTRIES:
        raise limits.log_full(index)
    payload = engine.to_dict(event)
    if len(json.dumps(payload, ensure_ascii=False)) > limits.MAX_EVENT_BYTES:
        raise limits.entry_too_long(index)
    return payload


def _checked(
    locked: Game, client_id: uuid.UUID | None, current: Loaded | None
) -> tuple[int | None, Loaded]:
    """Under the game's lock: the position of the entry this submission already wrote, if it
    was sent before (``client_id``), and the game as it stands. That is ``current`` (loaded
    before the lock was taken) if nothing changed since: the same house rules, and the log's
    last entry still the one it ends with. One query for both, however long the log."""
    usable = current is not None and (locked.options, locked.game) == (
        current.game.options,
        current.game.game,
    )
    start = current.count - 1 if usable and current is not None else None
    rows = fastsql.log_tail(locked.pk, start, client_id)
    seen = next((seq for seq, _, cid in rows if client_id and cid == client_id), None)
    if usable and current is not None:
        tail = sorted((seq, pk) for seq, pk, _ in rows if seq >= current.count - 1)
        last = current.recent[-1] if current.recent else None
        if tail == ([(last.index, last.row.pk)] if last else []):
            return seen, current
    return seen, load(locked)


def _appended(current: Loaded, event: engine.Event) -> engine.Replay[Any]:
    """The replay of the log with ``event`` appended. Only the new entry is checked, except for
    a void or a correction, which can change anything after its target: the whole log then."""
    if replays.is_rewrite(event):
        return engine.replay(current.rules, [*log_events(current), event])
    return engine.extend(current.rules, current.result, [event])


def check_void_event(
    game: Game, target: int, client_id: uuid.UUID | None = None, at: int | None = None
) -> Recorded:
    """Cancel the event at ``target``; refused if what follows it would no longer be legal."""
    return check_record_event(game, engine.Void(target=target), client_id, at=at)


def check_change_options(
    game: Game,
    options: dict[str, Any],
    client_id: uuid.UUID | None = None,
    at: int | None = None,
) -> Loaded:
    """Play the whole game again under other house rules, and keep them if every entry is
    still legal. Raises ``SetupError`` for a bad option and ``IllegalEventError`` naming the
    first entry the new rules refuse, ``StaleEntry`` if the log no longer holds ``at`` entries
    (the form was made for another state of the game); nothing changes then."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if client_id is not None and OptionChange.objects.filter(client_id=client_id).exists():
            return load(locked)  # a resent form: already done
        if at is not None and at != locked.events.count():
            raise StaleEntry(at, load(locked))
        before = locked.options
        names = locked.seat_names()
        rules = locked.rules_class(len(names), {**before, **options}, names)
        after = rules.options_dict()
        entries = log_entries(locked, rules)
        result = engine.replay(rules, [e.event for e in entries])  # raises IllegalEventError
        if after != before:
            locked.options = after
            locked.save(update_fields=["options"])
            OptionChange.objects.create(
                game=locked, before=before, after=after, client_id=client_id
            )
            bump(locked.table_id)
    last = entries[-1].row if entries else None
    recent = tuple(entries[-RECENT:])
    replays.put(replays.cache_key(locked, rules), result, last, recent)
    return Loaded(locked, rules, result, recent)


def load_before(loaded: Loaded, events: Sequence[engine.Event], target: int) -> Loaded:
    """The game as it stood just before entry ``target`` of its log ``events`` (with every void
    and correction in force): what a correction of that entry is entered and checked against."""
    result = engine.replay(loaded.rules, events, before=target)
    return dataclasses.replace(loaded, result=result)


def check_correct_event(
    game: Game,
    target: int,
    event: engine.Event,
    client_id: uuid.UUID | None = None,
    at: int | None = None,
) -> Recorded:
    """Replace entry ``target`` with ``event``; refused (nothing written) if it or anything
    after it would break a rule."""
    return check_record_event(game, engine.Correction(target=target, event=event), client_id, at=at)


def undo_target(loaded: Loaded) -> int | None:
    """The entry "Undo" cancels: the latest one still in effect (a void too, which restores)."""
    voided = loaded.result.voided
    for index in range(loaded.count - 1, -1, -1):
        if index not in voided:
            return index
    return None


def check_import_log(data: Any) -> tuple[Table, Game]:
    """Create a table and game from a companion/1 log, after replaying it in full.

    Raises ``game_log.LogError`` naming the first bad event; nothing is written then.
    """
    log = game_log.load_log(data)
    try:
        clean_names(log.players)  # the log allows names the app cannot seat (over 30 characters)
    except ValueError as exc:
        raise game_log.LogError(str(exc)) from None
    if len(log.events) > limits.MAX_ENTRIES:
        raise game_log.LogError(limits.log_full(len(log.events)).violations[0].message)
    for index, event in enumerate(log.events):
        try:
            _check_size(index, event)
        except engine.IllegalEventError as exc:
            raise game_log.LogError(exc.violations[0].message, index=index) from None
    game_log.checked_replay(log)
    with transaction.atomic():
        table = do_create_table(log.players, title=log.table)
        players = list(table.players.all())
        game = check_start_game(table, log.rules.key, players, log.rules.options_dict())
        Event.objects.bulk_create(
            Event(game=game, seq=i, kind=e.kind, payload=engine.to_dict(e))
            for i, e in enumerate(log.events)
        )
    return table, game


def do_rename_player(table: Table, player_id: int, name: str) -> Player:
    """Give a player of ``table`` another name (a typo, a nickname): every game shows it, as
    the games name their seats by player. ValueError says what is wrong with the name."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        player = table.players.get(pk=player_id)
        others = [p.name for p in table.players.exclude(pk=player.pk)]
        renamed = clean_names([*others, name])[len(others) :]
        if not renamed:
            raise ValueError(gettext("Type a name."))
        player.name = renamed[0]
        player.save(update_fields=["name"])
        bump(table.pk)
    return player


def do_remove_player(table: Table, player_id: int) -> str:
    """Take a player off ``table``. One who has not played a game there (a name added by
    mistake) is deleted; the others keep their order. One who has played has left between
    games: they stay in those games' scores and records, are no longer offered for new games,
    and can be seated again (:func:`do_seat_again`). Returns the name."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        player = table.players.get(pk=player_id)
        if player.seats.exists():
            if not player.left:
                player.left = True
                player.save(update_fields=["left"])
                bump(table.pk)
            return player.name
        name, position = player.name, player.position
        player.delete()
        for later in table.players.filter(position__gt=position).order_by("position"):
            later.position -= 1
            later.save(update_fields=["position"])
        bump(table.pk)
    return name


def do_seat_again(table: Table, player_id: int) -> Player:
    """Seat again a player of ``table`` who had left: offered for new games once more."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        player = table.players.get(pk=player_id)
        if player.left:
            player.left = False
            player.save(update_fields=["left"])
            bump(table.pk)
    return player
