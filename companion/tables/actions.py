"""Every write goes through here. ``check_*`` functions validate with the rules engine before
appending; ``do_*`` functions need no game validation.

Concurrency: a write locks the game row (``select_for_update``; on SQLite the IMMEDIATE
transaction mode serialises writers), replays the log with the new event, and appends it with
the next sequence number. Two phones recording at once are therefore applied one after the
other, each validated against the state the other left. A retried form submission carries the
same ``client_id`` and is answered from the row already written.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.db.models import F, Max, Prefetch, Q, QuerySet

from companion import games
from companion import rules as engine
from companion.games import log as game_log

from .models import Club, Event, Game, OptionChange, Player, Seat, Table

M = TypeVar("M", Table, Club)


@dataclasses.dataclass(frozen=True)
class Loaded:
    """A game with its rules and its replayed log."""

    game: Game
    rules: engine.Rules[Any, Any]
    events: tuple[engine.Event, ...]
    rows: tuple[Event, ...]
    result: engine.Replay[Any]

    @property
    def state(self) -> Any:
        return self.result.state


def load(game: Game, names: list[str] | None = None) -> Loaded:
    """The game replayed from its log (``names``: its seats' names, if already at hand)."""
    rules = game.rules(names)
    rows = tuple(game.events.all())
    events = tuple(rules.event_from_dict(r.payload) for r in rows)
    return Loaded(game, rules, events, rows, engine.replay(rules, events))


def load_many(games: QuerySet[Game]) -> list[Loaded]:
    """Each game replayed, fetched in a fixed number of queries however many there are."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    return [
        load(game, [s.player.name for s in game.seats.all()])
        for game in games.prefetch_related("events", seats)
    ]


def clean_names(names: Sequence[str]) -> list[str]:
    """Names as typed, blanks dropped; raises ValueError on duplicates or overlong names."""
    out = [" ".join(n.split()) for n in names if n and n.strip()]
    if len({n.casefold() for n in out}) != len(out):
        raise ValueError("Two players have the same name: add an initial to tell them apart.")
    if any(len(n) > 30 for n in out):
        raise ValueError("A name is longer than 30 characters.")
    return out


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
        raise ValueError("Enter at least two players.")

    def create() -> Table:
        table = Table.objects.create(name=title.strip()[:60], club=club, client_id=client_id)
        Player.objects.bulk_create(
            Player(table=table, name=name, position=i) for i, name in enumerate(cleaned)
        )
        return table

    return _created_once(Table, client_id, create)


def do_create_club(name: str, client_id: uuid.UUID | None = None) -> Club:
    name = " ".join(name.split())[:60] or "Club night"
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
        raise ValueError("Paste the table's scorer link.")
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(Q(view_key=key) | Q(score_key=key)).first()
        if table is None:
            raise ValueError("No table has this link.")
        if table.score_key != key:
            raise ValueError(
                f"This is the viewer link of {table.title}: a table joins the club with its "
                "scorer link."
            )
        if table.club_id == club.pk:
            raise ValueError(f"{table.title} is already in this club.")
        if table.club_id is not None:
            raise ValueError(f"{table.title} is already in another club.")
        table.club = club
        table.save(update_fields=["club"])
        _bump(table)
    return table


def do_remove_from_club(club: Club, table_id: int) -> Table:
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id, club=club).first()
        if table is None:
            raise ValueError("This table is not in the club.")
        table.club = None
        table.save(update_fields=["club"])
    return table


@transaction.atomic
def do_add_player(table: Table, name: str) -> Player:
    table = Table.objects.select_for_update().get(pk=table.pk)
    existing = [p.name for p in table.players.all()]
    added = clean_names([*existing, name])[len(existing) :]
    if not added:
        raise ValueError("Type a name.")
    name = added[0]
    player = Player.objects.create(table=table, name=name, position=len(existing))
    _bump(table)
    return player


def check_start_game(
    table: Table, key: str, players: Sequence[Player], options: dict[str, Any]
) -> Game:
    """Start a game with these players in seat order. Raises SetupError if the rules say no."""
    rules_class = games.get_rules(key)
    names = [p.name for p in players]
    rules = rules_class(len(names), options, names)  # validates seat count and options
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        number = (locked.games.aggregate(n=Max("number"))["n"] or 0) + 1
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
        _bump(locked)
    return game


def _bump(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)


@dataclasses.dataclass(frozen=True)
class Recorded:
    loaded: Loaded
    index: int  # position of the event written (or found, for a retry)
    repeated: bool = False  # the same submission had already been recorded


def check_record_event(
    game: Game, event: engine.Event, client_id: uuid.UUID | None = None
) -> Recorded:
    """Validate ``event`` against the game's whole history and append it.

    Raises ``engine.IllegalEventError`` (nothing written) if the rules refuse it.
    """
    try:
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game.pk)
            seen = locked.events.filter(client_id=client_id).first() if client_id else None
            if seen is not None:
                return Recorded(load(locked), seen.seq, repeated=True)
            current = load(locked)
            events = (*current.events, event)
            result = engine.replay(current.rules, events)  # raises IllegalEventError
            index = len(current.events)
            row = Event.objects.create(
                game=locked,
                seq=index,
                kind=event.kind,
                payload=engine.to_dict(event),
                client_id=client_id,
            )
            _bump(locked.table)
    except IntegrityError:
        # A safety net: the row lock (PostgreSQL) and IMMEDIATE transactions (SQLite) queue
        # writers, so two of them should never collide on a sequence number or client id. If
        # they do, a resent submission is answered as already recorded; anything else is an
        # error and nothing was written (the unique constraints refused it).
        if client_id is not None and game.events.filter(client_id=client_id).exists():
            row = game.events.get(client_id=client_id)
            return Recorded(load(game), row.seq, repeated=True)
        raise
    loaded = Loaded(locked, current.rules, events, (*current.rows, row), result)
    return Recorded(loaded, index)


def check_void_event(game: Game, target: int, client_id: uuid.UUID | None = None) -> Recorded:
    """Cancel the event at ``target``; refused if what follows it would no longer be legal."""
    return check_record_event(game, engine.Void(target=target), client_id)


def check_change_options(
    game: Game, options: dict[str, Any], client_id: uuid.UUID | None = None
) -> Loaded:
    """Play the whole game again under other house rules, and keep them if every entry is
    still legal. Raises ``SetupError`` for a bad option and ``IllegalEventError`` naming the
    first entry the new rules refuse; nothing changes then."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if client_id is not None and OptionChange.objects.filter(client_id=client_id).exists():
            return load(locked)  # a resent form: already done
        before = locked.options
        names = locked.seat_names()
        rules = locked.rules_class(len(names), {**before, **options}, names)
        after = rules.options_dict()
        current = load(locked)
        engine.replay(rules, current.events)  # raises IllegalEventError
        if after != before:
            locked.options = after
            locked.save(update_fields=["options"])
            OptionChange.objects.create(
                game=locked, before=before, after=after, client_id=client_id
            )
            _bump(locked.table)
        return load(locked)


def load_before(game: Game, target: int) -> Loaded:
    """The game as it stood just before entry ``target`` (with every void and correction in
    force): what a correction of that entry is entered and checked against."""
    loaded = load(game)
    result = engine.replay(loaded.rules, loaded.events, before=target)
    return dataclasses.replace(loaded, result=result)


def check_correct_event(
    game: Game, target: int, event: engine.Event, client_id: uuid.UUID | None = None
) -> Recorded:
    """Replace entry ``target`` with ``event``; refused (nothing written) if it or anything
    after it would break a rule."""
    return check_record_event(game, engine.Correction(target=target, event=event), client_id)


def undo_target(loaded: Loaded) -> int | None:
    """The entry "Undo" cancels: the latest one still in effect (a void too, which restores)."""
    voided = loaded.result.voided
    for index in range(len(loaded.events) - 1, -1, -1):
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
    game_log.checked_replay(log)
    with transaction.atomic():
        table = do_create_table(log.players)
        players = list(table.players.all())
        game = check_start_game(table, log.rules.key, players, log.rules.options_dict())
        Event.objects.bulk_create(
            Event(game=game, seq=i, kind=e.kind, payload=engine.to_dict(e))
            for i, e in enumerate(log.events)
        )
    return table, game
