"""Long legal Belote logs, built fast, for the tests of what a request costs at club scale.

The hand of ``docs/examples/belote/made-contract.json`` (recorded card by card: the deal, the
bids, two declarations, eight tricks) is played again and again, each time by the next dealer
with every seat turned one place round, so each one is as legal as the first. Hands that
everybody passed (a deal and eight passes) can come between them, so that a log of any length
stays short of the target and the game is never over.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings

from companion import rules as engine
from companion.games import log as game_log
from companion.tables import actions
from companion.tables.models import Event, Game, Table

HAND = Path(settings.BASE_DIR) / "docs" / "examples" / "belote" / "made-contract.json"
SEAT_FIELDS = ("dealer", "seat", "taker", "belote", "last_trick")
#: The hand above scores 100 a side on average: to 2000, a game holds 19 of them.
OPTIONS = {"target": 2000}


def _turned(payload: dict[str, Any], by: int) -> dict[str, Any]:
    return {
        name: (value + by) % 4 if name in SEAT_FIELDS and isinstance(value, int) else value
        for name, value in payload.items()
    }


def _passed(dealer: int) -> list[dict[str, Any]]:
    bids = [{"type": "bid", "seat": (dealer + 1 + i) % 4, "call": "pass"} for i in range(8)]
    return [{"type": "deal", "dealer": dealer, "upcard": "9S"}, *bids]


def belote_log(entries: int, passed: int = 0) -> list[dict[str, Any]]:
    """The first ``entries`` entries (stored form) of a game where each played hand follows
    ``passed`` hands nobody took. With ``passed=0`` every hand is played card by card (14
    entries); 500 entries need ``passed=2`` to stay under the target."""
    hand = [engine.to_dict(e) for e in game_log.load_log(json.loads(HAND.read_text())).events]
    first_dealer = hand[0]["dealer"]
    out: list[dict[str, Any]] = []
    dealer = first_dealer
    while len(out) < entries:
        for _ in range(passed):
            out += _passed(dealer)
            dealer = (dealer + 1) % 4
        out += [_turned(p, dealer - first_dealer) for p in hand]
        dealer = (dealer + 1) % 4
    return out[:entries]


def belote_game(table: Table, entries: int, passed: int = 0) -> Game:
    """A game of Belote at ``table`` (four players) with ``entries`` entries already recorded,
    written in one go: only the rows, as an import writes them."""
    game = actions.check_start_game(table, "belote", list(table.players.all()), OPTIONS)
    Event.objects.bulk_create(
        Event(game=game, seq=i, kind=p["type"], payload=p)
        for i, p in enumerate(belote_log(entries, passed))
    )
    return game


def next_entry(game: Game, passed: int = 0) -> dict[str, Any]:
    """The entry that comes next in ``game``'s log, built by ``belote_game``."""
    count = game.events.count()
    return belote_log(count + 1, passed)[count]
