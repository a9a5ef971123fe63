"""A long legal Ace-Deuce-Jack session, built fast, for the tests and benches of what a worker
keeps in memory (tests/web/test_kept_memory.py, bench/memory.py)."""

from __future__ import annotations

import random
from typing import Any


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
