"""Each player's record at a table: games finished and won, and head to head. Three example logs
are played at one table (Ann, Bob, Cat, Dan), and the expected records are worked out by hand
from their expected results:

- Belote, game-to-1000: Ann & Cat 1070 beat Bob & Dan 340.
- Recruit, three-players-quick (Dan sits out): Ann 48, Bob 45, Cat 38; Ann wins.
- Buck Euchre, all-five-tricks: Ann wins outright by taking all five tricks, although Bob's 22 is
  lower than her 24; then Bob 22, Dan 24, Cat 25 (lower is better).

Finished / won: Ann 3 / 3, Cat 3 / 1, Bob 3 / 0, Dan 2 / 0. Head to head (partners do not count):
Ann–Bob 3–0 (all three), Ann–Cat 2–0 (Recruit, Buck Euchre), Ann–Dan 2–0, Bob–Cat 2–1 (Cat only
in Belote), Bob–Dan 1–0 (Buck Euchre), Cat–Dan 1–1 (Belote for Cat, Buck Euchre for Dan).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from companion.games import log as engine_log
from companion.tables import actions
from companion.tables.models import Table

from .helpers import words

EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"


def _play(table: Table, example: str) -> None:
    log = engine_log.load_log(json.loads((EXAMPLES / f"{example}.json").read_text()))
    seated = [table.players.get(name=name) for name in log.players]
    game = actions.check_start_game(table, log.rules.key, seated, log.rules.options_dict())
    for event in log.events:
        actions.check_record_event(game, event)


@pytest.fixture
def evening(four_player_table: Table) -> Table:
    for example in (
        "belote/game-to-1000",
        "recruit/three-players-quick",
        "buck_euchre/all-five-tricks",
    ):
        _play(four_player_table, example)
    return four_player_table


def test_records_and_head_to_head(client: Client, evening: Table) -> None:
    page = words(client.get(f"/t/{evening.view_key}/"))
    assert "Games won: Ann 3 · Cat 1 · Bob 0 · Dan 0" in page
    assert (
        "Player Finished Won Won % Ann 3 3 100% Cat 3 1 33% Bob 3 0 0% Dan 2 0 0% Head to head"
    ) in page
    for line in (
        "Ann 3 – 0 Bob",
        "Ann 2 – 0 Cat",
        "Ann 2 – 0 Dan",
        "Bob 2 – 1 Cat",
        "Bob 1 – 0 Dan",
        "Cat 1 – 1 Dan",
    ):
        assert line in page


def test_a_game_under_way_does_not_count(client: Client, four_player_table: Table) -> None:
    _play(four_player_table, "recruit/three-players-quick")
    players = list(four_player_table.players.all())
    actions.check_start_game(four_player_table, "belote", players, {})
    page = words(client.get(f"/t/{four_player_table.view_key}/"))
    assert "Ann 1 1 100% Bob 1 0 0% Cat 1 0 0% Head to head" in page
    assert "Dan" not in page.split("Player Finished")[1].split("Head to head")[0]
