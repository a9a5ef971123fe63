"""Several phones recording at the same moment: writes are serialised on the game row (on
PostgreSQL an entry is first tried in one statement that writes only if nothing moved).

Each thread has its own database connection (Django's connections are per thread) and closes
it when done. On PostgreSQL the game row is locked with SELECT ... FOR UPDATE; on SQLite the
IMMEDIATE transaction mode takes the write lock at BEGIN.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from companion import rules as engine
from companion.games.recruit.game import Deal, Pile, Piles, Trick
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.models import Club, Event, Game, Table

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 8


def _at_once(n: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``n`` threads released together; returns each result or exception."""
    barrier = threading.Barrier(n)
    results: list[Any] = [None] * n

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[i] = work(i)
        except BaseException as exc:  # reported to the test, which asserts on it
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a writer is stuck"
    return results


def _log(game: Game) -> list[tuple[int, str]]:
    return list(Event.objects.filter(game=game).order_by("seq").values_list("seq", "kind"))


def _first_trick() -> Trick:
    return Trick(cards=(parse_card("AS"), parse_card("2S")), leader=1)


def test_the_same_trick_sent_by_several_phones_is_recorded_once(
    two_player_game_mid_hand: Game,
) -> None:
    game = two_player_game_mid_hand

    results = _at_once(
        THREADS, lambda i: actions.check_record_event(game, _first_trick(), uuid.uuid4())
    )

    recorded = [r for r in results if isinstance(r, actions.Recorded)]
    refused = [r for r in results if isinstance(r, engine.IllegalEventError)]
    assert len(recorded) == 1, results
    assert len(refused) == THREADS - 1, results
    assert {v.code for r in refused for v in r.violations} == {"card-twice"}
    assert all(r.index == 2 for r in refused), "checked against the log holding the winner"
    assert "A♠ was already played in trick 1." in str(refused[0])
    assert _log(game) == [(0, "deal"), (1, "trick")]


def test_one_submission_retried_by_several_threads_is_recorded_once(
    two_player_game_mid_hand: Game,
) -> None:
    game = two_player_game_mid_hand
    client_id = uuid.uuid4()

    results = _at_once(
        THREADS, lambda i: actions.check_record_event(game, _first_trick(), client_id)
    )

    assert all(isinstance(r, actions.Recorded) for r in results), results
    assert [r.index for r in results] == [1] * THREADS
    assert sorted(r.repeated for r in results) == [False] + [True] * (THREADS - 1)
    assert _log(game) == [(0, "deal"), (1, "trick")]
    assert Event.objects.get(game=game, seq=1).client_id == client_id


def test_phones_that_loaded_the_same_state_and_send_the_same_trick_record_it_once(
    two_player_game_mid_hand: Game,
) -> None:
    """As a view does: each phone's request loaded the game, then records against what it
    loaded (``current``). On PostgreSQL that is the path without the lock: one phone's entry
    takes position 1, the others find it taken and are checked again under the lock."""
    game = two_player_game_mid_hand
    current = actions.load(game)

    results = _at_once(
        THREADS,
        lambda i: actions.check_record_event(game, _first_trick(), uuid.uuid4(), current, at=1),
    )

    recorded = [r for r in results if isinstance(r, actions.Recorded)]
    stale = [r for r in results if isinstance(r, actions.StaleEntry)]
    assert len(recorded) == 1, results
    assert len(stale) == THREADS - 1, results
    assert all(r.loaded.count == 2 for r in stale), "told what the log holds now"
    assert _log(game) == [(0, "deal"), (1, "trick")]
    assert Table.objects.get(pk=game.table_id).version == 1 + 2


def test_one_submission_retried_by_phones_that_loaded_the_game_is_recorded_once(
    two_player_game_mid_hand: Game,
) -> None:
    game = two_player_game_mid_hand
    client_id = uuid.uuid4()
    current = actions.load(game)

    results = _at_once(
        THREADS, lambda i: actions.check_record_event(game, _first_trick(), client_id, current)
    )

    assert all(isinstance(r, actions.Recorded) for r in results), results
    assert [r.index for r in results] == [1] * THREADS
    assert sorted(r.repeated for r in results) == [False] + [True] * (THREADS - 1)
    assert _log(game) == [(0, "deal"), (1, "trick")]


def test_an_entry_checked_against_house_rules_changed_since_it_was_loaded_uses_the_new_ones(
    two_player_game_mid_hand: Game,
) -> None:
    game = two_player_game_mid_hand
    current = actions.load(game)
    assert current.rules.options.joker_play == "void-only"
    actions.check_change_options(game, {"joker_play": "any-time"})

    recorded = actions.check_record_event(game, _first_trick(), uuid.uuid4(), current)

    assert recorded.loaded.rules.options.joker_play == "any-time"
    assert actions.load(Game.objects.get(pk=game.pk)).rules.options.joker_play == "any-time"
    assert _log(game) == [(0, "deal"), (1, "trick")]


def test_on_postgresql_an_entry_on_a_game_nobody_else_touched_is_one_statement(
    two_player_game_mid_hand: Game,
) -> None:
    """No transaction to open and no lock to queue for: the row and the table's new version
    in one statement (``fastsql.append_unless_moved``); SQLite takes the locked path."""
    game = two_player_game_mid_hand
    current = actions.load(game)
    version = Table.objects.get(pk=game.table_id).version

    with CaptureQueriesContext(connection) as queries:
        recorded = actions.check_record_event(game, _first_trick(), uuid.uuid4(), current, at=1)

    if connection.vendor == "postgresql":
        assert len(queries) == 1, [q["sql"] for q in queries]
    assert recorded.index == 1 and not recorded.repeated
    assert recorded.version == version + 1 == Table.objects.get(pk=game.table_id).version
    row = Event.objects.get(game=game, seq=1)
    assert (recorded.loaded.recent[-1].row.pk, recorded.loaded.recent[-1].index) == (row.pk, 1)
    assert actions.load(game).state == recorded.loaded.state


def _next_event(loaded: actions.Loaded) -> engine.Event:
    """What a scorer would record next in a quick two-player game: the deal, then the piles."""
    rules, state = loaded.rules, loaded.state
    if "deal" in rules.expects(state):
        dealer = rules.dealer(state)
        return Deal(dealer=0 if dealer is None else dealer, shown=parse_card("7H"))
    # Ann 14 cards, Bob 12 with two kings: 14 and 12 - 5 = 7 points a hand.
    return Piles(piles=(Pile(cards=14), Pile(cards=12, kings=2)))


def test_phones_racing_through_a_game_leave_a_gapless_legal_log(two_player_table: Table) -> None:
    game = actions.check_start_game(
        two_player_table, "recruit", list(two_player_table.players.all()), {}
    )

    def play(i: int) -> int:
        written = 0
        for _ in range(100):
            loaded = actions.load(Game.objects.get(pk=game.pk))
            if loaded.rules.outcome(loaded.state) is not None:
                return written
            try:
                actions.check_record_event(
                    loaded.game, _next_event(loaded), uuid.uuid4(), current=loaded
                )
            except (engine.IllegalEventError, actions.StaleEntry):
                continue  # another phone got there first: look again
            written += 1
        raise AssertionError("the game never ended")

    results = _at_once(THREADS, play)

    assert all(isinstance(r, int) for r in results), results
    assert sum(results) == 8, "four deals and four piles, each written by exactly one thread"
    log = _log(game)
    assert [seq for seq, _ in log] == list(range(8))
    assert [kind for _, kind in log] == ["deal", "piles"] * 4
    loaded = actions.load(game)  # replays with full validation: raises if anything is illegal
    events = actions.log_events(loaded)
    assert [e.dealer for e in events if isinstance(e, Deal)] == [0, 1, 0, 1]
    assert loaded.rules.scores(loaded.state) == (56, 28)
    assert loaded.rules.outcome(loaded.state) is not None
    assert Table.objects.get(pk=game.table_id).version == 1 + 8


def test_a_create_table_tap_resent_at_once_makes_one_table(db: None) -> None:
    client_id = uuid.uuid4()
    results = _at_once(
        THREADS, lambda i: actions.do_create_table(["Ann", "Bob"], "Kitchen", client_id=client_id)
    )
    assert all(isinstance(r, Table) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert Table.objects.count() == 1
    assert list(Table.objects.get().players.values_list("name", flat=True)) == ["Ann", "Bob"]


def test_a_create_club_tap_resent_at_once_makes_one_club(db: None) -> None:
    client_id = uuid.uuid4()
    results = _at_once(THREADS, lambda i: actions.do_create_club("Tuesday club", client_id))
    assert len({r.pk for r in results if isinstance(r, Club)}) == 1, results
    assert Club.objects.count() == 1
