"""A kept replay never changes a result. After random entries, undos, restores, corrections,
refused corrections and house-rule changes, with the cache emptied, left stale (as another app
server's would be), ahead of the log (a backup restored), or holding junk, the game as loaded
and as a write returns it is always the game replayed from scratch from its stored log."""

from __future__ import annotations

import dataclasses
import datetime
import random
import socket
from typing import Any

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from companion import rules as engine
from companion.tables import actions
from companion.tables.kept import replays
from companion.tables.models import Event, Game, Table

from .helpers import game_url, new_uuid
from .long_games import belote_game, belote_log

SCRIPT = belote_log(300, passed=1)
STEPS = 60


def _from_scratch(game: Game) -> engine.Replay[Any]:
    game = Game.objects.get(pk=game.pk)
    rules = game.rules()
    payloads = game.events.order_by("seq").values_list("payload", flat=True)
    return engine.replay(rules, [rules.event_from_dict(p) for p in payloads])


def _meddle(rng: random.Random, key: str, seen: list[Any]) -> None:
    """Do something to the game's kept replay, or leave it be. ``seen``: what was kept under
    ``key`` after earlier steps."""
    kept = replays.store().get(key)
    what = rng.choice(["nothing", "nothing", "clear", "stale", "junk", "other row", "ahead"])
    if what == "clear":
        replays.store().delete(key)
    elif what == "stale" and seen:
        replays.store().set(key, rng.choice(seen))
    elif what == "junk":
        replays.store().set(key, rng.choice(["junk", 42, ("a", "tuple"), {"count": 3}]))
    elif what == "other row" and isinstance(kept, replays.Kept) and kept.last:
        row, at = kept.last  # the same position, another row: a backup restored and written on
        replays.store().set(
            key, dataclasses.replace(kept, last=(row, at + datetime.timedelta(seconds=1)))
        )
    elif what == "ahead" and isinstance(kept, replays.Kept):
        ahead = dataclasses.replace(kept.result, count=kept.result.count + rng.randint(1, 3))
        replays.store().set(key, dataclasses.replace(kept, result=ahead))


def _step(
    rng: random.Random, game: Game, in_force: list[int], undone: list[tuple[int, int]]
) -> engine.Replay[Any] | None:
    """One random write; the replay it returns, if any. ``in_force``: the row of each entry of
    SCRIPT in force, in order; ``undone``: (void, entry) of the undos a restore can reverse."""
    rules = game.rules()
    ops = ["append"] * 6 + ["undo", "correct", "refused", "options"] + ["restore"] * len(undone)
    op = rng.choice(ops) if in_force else "append"
    if op == "append":
        recorded = actions.check_record_event(game, rules.event_from_dict(SCRIPT[len(in_force)]))
        in_force.append(recorded.index)
        undone.clear()
    elif op == "undo":
        target = in_force.pop()
        recorded = actions.check_void_event(game, target)
        undone.append((recorded.index, target))
    elif op == "restore":
        void, target = undone.pop()
        recorded = actions.check_void_event(game, void)
        in_force.append(target)
    elif op == "correct":
        i = rng.randrange(len(in_force))
        event = rules.event_from_dict(SCRIPT[i])
        recorded = actions.check_correct_event(game, in_force[i], event)
    elif op == "refused":
        i = rng.randrange(len(in_force))
        wrong = next(p for p in SCRIPT if p["type"] != SCRIPT[i]["type"])
        with pytest.raises(engine.IllegalEventError):
            actions.check_correct_event(game, in_force[i], rules.event_from_dict(wrong))
        return None
    else:
        rounding = rng.choice(["half-up", "seven-up", "complement", "none"])
        return actions.check_change_options(game, {"rounding": rounding}).result
    return recorded.loaded.result


@pytest.mark.parametrize("seed", range(4))
def test_a_kept_replay_never_changes_a_result(four_player_table: Table, seed: int) -> None:
    rng = random.Random(seed)
    game = belote_game(four_player_table, 0)
    in_force: list[int] = []
    undone: list[tuple[int, int]] = []
    seen: dict[str, list[Any]] = {}  # what was kept under each key (house rules change it)
    for _ in range(STEPS):
        game = Game.objects.get(pk=game.pk)
        key = replays.cache_key(game, game.rules())
        _meddle(rng, key, seen.setdefault(key, []))
        # Another app server writes: this one's cache does not hear of it.
        elsewhere, before = rng.random() < 0.25, replays.store().get(key)

        written = _step(rng, game, in_force, undone)

        if elsewhere:
            replays.store().set(key, before) if before is not None else replays.store().delete(key)
        truth = _from_scratch(game)
        if written is not None:
            assert written == truth
        assert actions.load(Game.objects.get(pk=game.pk)).result == truth
        # As a request opens it: by its link, after the replay kept (or meddled with) and the
        # entries since in one query, where this process has opened the game before.
        for link in (four_player_table.score_key, four_player_table.view_key):
            found = actions.load_by_link(link, game.number)
            assert found is not None and found[1].result == truth
        seen.setdefault(key, []).append(replays.store().get(key))
    assert len(in_force) > 10


def test_a_game_opened_again_by_its_link_is_read_in_one_query(four_player_table: Table) -> None:
    game = belote_game(four_player_table, 40)
    link = four_player_table.view_key
    with CaptureQueriesContext(connection) as first:
        seats, loaded = actions.load_by_link(link, game.number) or ([], None)
    assert [s.player.name for s in seats] == ["Ann", "Bob", "Cat", "Dan"]
    assert loaded is not None and loaded.result == _from_scratch(game)
    assert len(first) == 2  # the game and its seats, then the entries since the kept replay

    with CaptureQueriesContext(connection) as again:
        seats, loaded = actions.load_by_link(link, game.number) or ([], None)
    assert len(again) == 1
    assert loaded is not None and loaded.result == _from_scratch(game)
    assert [s.position for s in seats] == [0, 1, 2, 3] and seats[0].game.table.pk > 0
    assert [e.index for e in loaded.recent] == list(range(30, 40))

    # Entries another server wrote (this one's kept replay is behind), the kept replays gone,
    # a player renamed (the replay is kept under another key then): still right.
    for seq, payload in enumerate(belote_log(43)[40:], start=40):
        Event.objects.create(game=game, seq=seq, kind=payload["type"], payload=payload)
    for _ in range(2):
        with CaptureQueriesContext(connection) as caught_up:
            seats, loaded = actions.load_by_link(link, game.number) or ([], None)
        assert loaded is not None and loaded.count == 43
        assert loaded.result == _from_scratch(game) and len(caught_up) == 1
        replays.store().clear()
    actions.do_rename_player(four_player_table, seats[1].player.pk, "Bea")
    seats, loaded = actions.load_by_link(link, game.number) or ([], None)
    assert seats[1].player.name == "Bea" and loaded is not None
    assert loaded.rules.names[1] == "Bea" and loaded.result == _from_scratch(game)
    assert actions.load_by_link(link, game.number + 1) is None
    assert actions.load_by_link("no-such-link", game.number) is None
    # A hint naming another game (its entries are read, and not used).
    other = belote_game(four_player_table, 20)
    key, _ = actions._LAST_KEYS[(link, game.number)]
    actions._LAST_KEYS[(link, game.number)] = (key, other.pk)
    loaded = (actions.load_by_link(link, game.number) or ([], None))[1]
    assert loaded is not None and loaded.result == _from_scratch(game)


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements: PostgreSQL")
def test_on_postgresql_the_hot_reads_and_the_append_are_prepared_once(
    four_player_table: Table,
) -> None:
    """Planned once per connection, not once per request: the read of a game by its link and
    the one-statement append are prepared; with the setting off, nothing is."""
    game = belote_game(four_player_table, 40)
    link = four_player_table.score_key
    actions.load_by_link(link, game.number)  # prepared, if on, whatever ran before
    with connection.cursor() as cursor:  # psycopg forgets them too, seeing the status
        cursor.execute("DEALLOCATE ALL")
    with override_settings(COMPANION_PREPARED_STATEMENTS=False):
        for _ in range(3):
            assert actions.load_by_link(link, game.number) is not None
        assert _prepared() == []
    for _ in range(3):
        loaded = (actions.load_by_link(link, game.number) or ([], None))[1]
        assert loaded is not None and loaded.result == _from_scratch(game)
    event = loaded.rules.event_from_dict(belote_log(41)[40])
    recorded = actions.check_record_event(game, event, new_uuid(), loaded, at=40)
    assert recorded.index == 40 and recorded.loaded.result == _from_scratch(game)
    statements = _prepared()
    assert len(statements) == 2, statements  # each prepared once, however often it ran
    assert any("UNION ALL" in s for s in statements)  # the game, seats and entries since
    assert any(s.startswith("WITH g AS") for s in statements)  # the one-statement append


def test_a_game_opened_by_its_link_after_its_house_rules_changed_is_scored_by_them(
    four_player_table: Table,
) -> None:
    """The replay kept under the old house rules is never used for the new ones."""
    game = belote_game(four_player_table, 60)
    link = four_player_table.score_key
    scores = set()
    for rounding in ("none", "half-up", "none"):
        # Changed by another server: this one's replays under the new rules are gone.
        actions.check_change_options(Game.objects.get(pk=game.pk), {"rounding": rounding})
        game = Game.objects.get(pk=game.pk)
        replays.store().delete(replays.cache_key(game, game.rules()))
        loaded = (actions.load_by_link(link, game.number) or ([], None))[1]
        assert loaded is not None and loaded.rules.options.rounding == rounding
        assert loaded.result == _from_scratch(game)
        scores.add(loaded.rules.scores(loaded.state))
    assert len(scores) == 2, "the house rules make a difference here"
    assert actions.load_by_link("no-such-link", game.number) is None


def test_a_backup_restored_and_written_on_differently_is_replayed(
    four_player_table: Table,
) -> None:
    """The kept replay covers entries that are no longer in the log: the database was restored
    from a backup and other entries were recorded at their positions since. The row kept with
    the replay tells them apart."""
    game = belote_game(four_player_table, 20, passed=1)
    rules = game.rules()
    for payload in belote_log(25, passed=1)[20:]:
        actions.check_record_event(game, rules.event_from_dict(payload))  # kept: 25 entries
    game.events.all().delete()
    Event.objects.bulk_create(
        Event(game=game, seq=i, kind=p["type"], payload=p)
        for i, p in enumerate(belote_log(25, passed=2))
    )

    assert actions.load(game).result == _from_scratch(game)


class _Down:
    """A cache server that does not answer."""

    def __getattr__(self, name: str) -> Any:
        def fail(*args: Any, **kwargs: Any) -> Any:
            raise ConnectionError("cache server down")

        return fail


def test_the_game_goes_on_while_the_cache_server_is_down(
    client: Client, four_player_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = belote_game(four_player_table, 30)
    monkeypatch.setattr(replays, "store", _Down)
    entry = {"client_id": new_uuid(), **belote_log(31)[30]}

    response = client.post(game_url(game, f"record/{entry['type']}/"), entry)

    assert response.status_code == 302
    assert client.get(game_url(game)).status_code == 200
    assert actions.load(game).result == _from_scratch(game)


def _redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.2).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _redis_answers(), reason="no Redis server on 127.0.0.1:6379")
def test_app_servers_sharing_redis_pick_up_each_others_replays(four_player_table: Table) -> None:
    shared = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/0",
        "KEY_PREFIX": f"companion-test-{new_uuid()}",
    }
    redis = {"default": shared, "replays": shared}
    game = belote_game(four_player_table, 40)
    with override_settings(CACHES=redis):
        written = actions.check_record_event(game, game.rules().event_from_dict(belote_log(41)[40]))
        key = replays.cache_key(game, written.loaded.rules)
        try:
            kept = replays.store().get(key)
            assert isinstance(kept, replays.Kept) and kept.result == written.loaded.result
            assert actions.load(game).result == _from_scratch(game)
        finally:
            replays.store().delete(key)  # never clear(): that empties the whole Redis database


def test_a_replay_key_worked_out_once_still_names_everything_it_depends_on(
    four_player_table: Table,
) -> None:
    """The key is kept per game, rules, house options and seat names (replays.cache_key): each
    of them changed gives the key worked out afresh, never the one kept for the others."""
    game = belote_game(four_player_table, 4)
    other = belote_game(four_player_table, 4)
    names = ["Ann", "Bob", "Cat", "Dan"]
    cases = [
        (game, game.rules(names)),
        (game, game.rules(["Ann", "Bea", "Cat", "Dan"])),
        (game, type(game.rules(names))(4, {"rounding": "half-up"}, names)),
        (other, other.rules(names)),
    ]
    keys = []
    for _ in range(2):  # worked out, then kept
        keys.append([replays.cache_key(g, rules) for g, rules in cases])
    assert keys[0] == keys[1] == [replays._cache_key(g, rules) for g, rules in cases]
    assert len(set(keys[0])) == len(cases)
