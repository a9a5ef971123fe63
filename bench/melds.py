"""Benchmark: the exact least-deadwood solver of ``companion/rules/melds.py``.

    .venv/bin/python bench/melds.py [--hands 20000] [--seed 13]

Times :func:`companion.rules.melds.solve` on ``--hands`` random hands of every size the rummy
games use, each game with its own melds and wild cards:

* Three Thirteen: 3 to 13 cards (14 for the going-out check after the draw), one to four
  decks (four, the default for 7-8 players: one card up to four times), the wild rank of the
  hand dealt that many cards (3s with 3 cards ... Ks with 13 and 14);
* Jersey Gin: 10 and 11 cards, one deck, no wild card;
* Kaluki: 3 to 16 cards, two decks and four jokers (sets of different suits, at most four
  cards; runs with the ace low or high).

then on hard hands built to be slow (many wild cards, many overlapping runs and sets, several
copies of each card). Prints the median, 99th percentile and slowest time per hand for each part
and overall, beside the goals (median 2 ms, slowest 50 ms), and the slowest hand. One core,
pure Python; each hand's time is the CPU time of this process (``time.process_time``), so
that another program taking the core for a moment does not count, and the generated hands are
frozen out of the garbage collector's way (``gc.freeze``) before timing. It asserts nothing
(a shared machine is noisy); the tests check exactness.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.rules.cards import JOKER, Card, deck, parse_cards  # noqa: E402
from companion.rules.melds import MeldRules, gin_value, solve  # noqa: E402

GOAL_MEDIAN_MS = 2.0
GOAL_SLOWEST_MS = 50.0

JERSEY = MeldRules()


def thirteen(size: int, distinct: bool = False) -> MeldRules:
    return MeldRules(wild_rank=min(size, 13), set_max=None, all_wild=True, distinct_suits=distinct)


KALUKI = MeldRules(jokers_wild=True, ace="low-or-high", set_max=4, distinct_suits=True)


def kaluki_count(card: Card) -> int:
    """Kaluki pays per card left, a joker twice."""
    return 2 if card.is_joker else 1


Case = tuple[str, Sequence[Card], MeldRules, bool]  # game, hand, rules, counts cards (Kaluki)


def random_hands(n: int, rng: random.Random) -> list[Case]:
    cases: list[Case] = []
    for k in range(n):
        game = ("three_thirteen", "jersey_gin", "kaluki")[k % 3]
        if game == "three_thirteen":
            size = rng.randint(3, 14)
            decks = rng.randint(1, 4)
            rules = thirteen(size, distinct=rng.random() < 0.2)
            cases.append((game, rng.sample(deck(52, copies=decks), size), rules, False))
        elif game == "jersey_gin":
            size = rng.choice((10, 11))
            cases.append((game, rng.sample(deck(52), size), JERSEY, False))
        else:
            size = rng.randint(3, 16)
            pack = list(deck(52, copies=2)) + [JOKER] * 4
            cases.append((game, rng.sample(pack, size), KALUKI, True))
    return cases


def hard_hands(rng: random.Random) -> list[Case]:
    """Hands built to be slow: crowded ranks and suits, several copies, many wild cards."""
    fixed = [
        ("three_thirteen", "3H 4H 5H 6H 7H 3S 4S 5S 6S 7S 3D 4D 5D KS", thirteen(13)),
        ("three_thirteen", "4H 4H 5H 5H 6H 6H 7H 7H 4S 5S 6S KS KD KC", thirteen(13)),
        ("three_thirteen", "5H 5S 5D 5C 6H 6S 6D 6C 7H 7S 7D KH KC KS", thirteen(13)),
        ("three_thirteen", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH KS", thirteen(13)),
        ("three_thirteen", "2H 4H 6H 8H 10H QH 3S 5S 7S 9S JS KH KD KC", thirteen(13)),
        ("three_thirteen", "AH 2H 3H AS 2S 3S AD 2D 3D AC 2C 3C QH QS", thirteen(12)),
        ("three_thirteen", "4H 4H 4H 4H 5H 5H 5H 5H 6H 6H 6H 6H KS KD", thirteen(13)),
        ("three_thirteen", "AH AH AH AH 2H 2H 2H 2H 3H 3H 3H 3H 4H 4H", thirteen(13)),
        ("jersey_gin", "4H 5H 6H 7H 4S 5S 6S 7S 4D 5D 6D", JERSEY),
        ("kaluki", "4H 4H 5H 5H 6H 6H 7H 7H 4S 4S 5S 5S 6S 6S JK JK", KALUKI),
        ("kaluki", "AH AH 2H 2H 3H 3H QH QH KH KH AS AS JK JK JK JK", KALUKI),
        ("kaluki", "5H 6H 7H 5S 6S 7S 5D 6D 7D 5C 6C 7C JK JK JK JK", KALUKI),
        ("kaluki", "2H 4H 6H 8H 10H QH 2S 4S 6S 8S 10S QS JK JK JK JK", KALUKI),
    ]
    cases: list[Case] = [
        (game, parse_cards(text), rules, game == "kaluki") for game, text, rules in fixed
    ]
    # random crowded hands: a few ranks and suits, four decks, many wild cards
    for _ in range(400):
        size = rng.randint(10, 14)
        wild = 13
        ranks = rng.sample(range(2, 13), rng.randint(3, 5))
        suits = rng.sample("SHDC", rng.randint(2, 4))
        wilds = rng.randint(2, 6)
        pool = [c for c in deck(52, copies=4) if c.rank in ranks and str(c)[-1] in suits]
        hand = rng.sample(pool, size - wilds) + rng.sample(
            [c for c in deck(52, copies=4) if c.rank == wild], wilds
        )
        cases.append(("three_thirteen", hand, thirteen(13, distinct=rng.random() < 0.3), False))
    for _ in range(400):
        ranks = rng.sample(range(2, 15), rng.randint(3, 5))
        suits = rng.sample("SHDC", rng.randint(2, 4))
        jokers = rng.randint(2, 4)
        pool = [c for c in deck(52, copies=2) if c.rank in ranks and str(c)[-1] in suits]
        hand = rng.sample(pool, min(len(pool), 16 - jokers)) + [JOKER] * jokers
        cases.append(("kaluki", hand, KALUKI, True))
    return cases


def timed(cases: list[Case]) -> list[tuple[float, Case]]:
    # the benchmark's own thousands of hands are set aside from the garbage collector, so that
    # a full collection walking them is not counted against the hand that happens to trigger it
    gc.collect()
    gc.freeze()
    out = []
    for case in cases:
        _, hand, rules, counts = case
        value = kaluki_count if counts else gin_value
        start = time.process_time()
        solve(hand, rules, value)
        out.append(((time.process_time() - start) * 1000, case))
    return out


def report(title: str, times: list[tuple[float, Case]]) -> None:
    ms = sorted(t for t, _ in times)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{title:<28} {len(ms):>6} hands  median {statistics.median(ms):6.3f} ms"
        f"  p99 {p99:6.2f} ms  slowest {ms[-1]:6.2f} ms"
    )


def describe(case: Case) -> str:
    game, hand, rules, _ = case
    wild = f", wild rank {rules.wild_rank}" if rules.wild_rank else ""
    return f"{game}, {len(hand)} cards{wild}: {' '.join(str(c) for c in hand)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    randoms = timed(random_hands(args.hands, rng))
    hard = timed(hard_hands(rng))
    for game in ("three_thirteen", "jersey_gin", "kaluki"):
        report(f"random, {game}", [t for t in randoms if t[1][0] == game])
    report("random, all", randoms)
    report("hard hands", hard)
    everything = randoms + hard
    report("all", everything)
    slowest = max(everything, key=lambda t: t[0])
    print(f"goals: median <= {GOAL_MEDIAN_MS} ms, slowest <= {GOAL_SLOWEST_MS} ms")
    print(f"slowest hand ({slowest[0]:.2f} ms): {describe(slowest[1])}")


if __name__ == "__main__":
    main()
