"""companion.gcpolicy: a server process sets what it keeps (the replays) aside from the
garbage collector's rounds, and leaves no garbage behind for good in doing so."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from django.core.signals import request_finished, request_started
from django.test import Client

from companion import gcpolicy
from companion.tables.models import Game, Table

from .helpers import game_url, new_uuid
from .long_games import belote_game, next_entry


@pytest.fixture
def server() -> Client:
    """A client whose handler has answered once: its middleware is made, as a server's is
    before its first request, and lives as long as the test."""
    client = Client()
    assert client.get("/healthz").status_code == 200
    return client


@pytest.fixture
def policy(server: Client, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The policy as the server installs it, setting aside every 5 requests; the collector as
    it was afterwards."""
    monkeypatch.setattr(gcpolicy, "EVERY", 5)
    monkeypatch.setattr(gcpolicy, "_seen", 0)
    monkeypatch.setattr(gcpolicy, "_under_way", 0)
    gc.collect()
    gc.freeze()  # what the test process already holds is not the policy's
    gcpolicy.install()
    try:
        yield
    finally:
        request_started.disconnect(dispatch_uid="companion.gcpolicy")
        request_finished.disconnect(dispatch_uid="companion.gcpolicy")
        gc.unfreeze()


def _play(client: Client, game: Game, bids: int) -> None:
    """``bids`` bids recorded, each followed by the game page and the live fragment."""
    for _ in range(bids):
        data = {"client_id": new_uuid(), **next_entry(game, 2)}
        assert data["type"] == "bid"
        assert client.post(game_url(game, "record/bid/"), data).status_code == 302
        assert client.get(game_url(game)).status_code == 200
        assert client.get(game_url(game, "live/"), {"v": -1}).status_code == 200


@pytest.mark.django_db
def test_a_server_sets_kept_replays_aside_and_leaves_no_garbage_behind(
    server: Client, policy: None, four_player_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = server
    game = belote_game(four_player_table, 33, 2)  # eight bids come next
    # What each setting aside adds (objects set aside earlier, by this process's other tests,
    # may be freed meanwhile: a kept replay replaced or evicted, so the total can go down).
    added: list[int] = []
    set_aside = gcpolicy.set_aside

    def counted() -> None:
        before = gc.get_freeze_count()
        set_aside()
        added.append(gc.get_freeze_count() - before)

    monkeypatch.setattr(gcpolicy, "set_aside", counted)
    client.get(game_url(game))  # the whole log replayed: set aside at the next request
    _play(client, game, 1)
    assert added and sum(added) > 0, "nothing was set aside"
    _play(client, game, 7)
    # What the collector still goes through is what was made since (not the kept replays).
    gc.collect()
    assert len(gc.get_objects(generation=2)) < sum(added)
    # Whatever garbage there is outside what was set aside goes now; then what was set aside
    # is handed back: any garbage in it would have stayed for good.
    gc.collect()
    gc.unfreeze()
    assert gc.collect() == 0, "garbage was set aside, and would never have been freed"


@pytest.mark.django_db
def test_nothing_is_set_aside_while_another_request_is_under_way(policy: None) -> None:
    """In a threaded worker: another thread's request holds reference cycles that would never
    be freed once set aside, so the policy waits until it is the only request."""
    request_started.send(sender=None)  # another thread's request, still under way
    frozen = gc.get_freeze_count()
    gcpolicy.made_many()
    request_started.send(sender=None)
    assert gc.get_freeze_count() == frozen, "set aside while another request was under way"
    request_finished.send(sender=None)
    request_finished.send(sender=None)
    request_started.send(sender=None)  # alone now: what was due is done
    assert gc.get_freeze_count() > frozen
    request_finished.send(sender=None)
