"""Long legal Belote and Ace-Deuce-Jack logs, built fast, for the tests of what a request costs
at club scale.

The Belote hand of ``docs/examples/belote/made-contract.json`` (recorded card by card: the deal, the
bids, two declarations, eight tricks) is played again and again, each time by the next dealer
with every seat turned one place round, so each one is as legal as the first. Hands that
everybody passed (a deal and eight passes) can come between them, so that a log of any length
stays short of the target and the game is never over. The Ace-Deuce-Jack session
(``banking_log``) is made of random bets and cards, each hand as legal as the first.
"""

from __future__ import annotations

import json
import random
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


def banking_log(entries: int, seed: int, hands_per_bank: int = 2) -> list[dict[str, Any]]:
    """An Ace-Deuce-Jack session of ``entries`` entries, four players, quick entry: the bank
    passes every ``hands_per_bank`` hands; each hand, every player but the banker bets 1 to 10
    and three safe cards are turned, or an ace, a deuce or a jack after none to two of them."""
    rnd = random.Random(seed)
    safe = [r + s for r in ("3", "4", "5", "6", "7", "8", "9", "10", "Q", "K") for s in "SHDC"]
    bad = [r + s for r in "A2J" for s in "SHDC"]
    out: list[dict[str, Any]] = []
    banker = hand = 0
    while len(out) < entries:
        if hand % hands_per_bank == 0:
            out.append({"type": "bank", "banker": banker, "min_bet": 1, "max_bet": 10})
            banker = (banker + 1) % 4
        bets = [0 if seat == (banker - 1) % 4 else rnd.randint(1, 10) for seat in range(4)]
        if rnd.random() < 0.5:
            cards = rnd.sample(safe, 3)
        else:
            cards = [*rnd.sample(safe, rnd.randint(0, 2)), rnd.choice(bad)]
        out.append({"type": "round", "bets": bets, "cards": cards})
        hand += 1
    return out[:entries]
