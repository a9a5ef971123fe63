"""Benchmark: what the pure engine costs to load, replay and validate a game log.

    .venv/bin/python bench/engine.py [--runs 7]

Prints (a) the time to load and replay, with full validation, the Belote game to 1000 played
card by card (``docs/examples/belote/card-by-card-to-1000.json``), beside the 20 ms goal; and
(b) the cost per event of Belote logs of 50 to 5,000 events, played card by card by the legal
player of ``tests/rules/test_belote_properties.py``. A game to 1000 ends after about 150 events
and the highest target a table can choose (2000) after about 300, so the long logs are the same
kind of game with the target set out of reach (1,000,000: given to the engine as a
``BeloteOptions``, since the option's choices stop at 2000), cut at the wanted length (a cut log
is a game still under way). Each is read from its JSON events and replayed as ``manage.py
replay`` does. Then the other three games' example logs, per event. Medians of several runs;
it asserts nothing (shared machines are noisy).

``--write-example`` writes the card-by-card example again (with its ``.expected.json``, whose
hands and totals are worked out here from the simulated table's own counts, not by the engine).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games.belote.events import Result  # noqa: E402
from companion.games.belote.game import Belote  # noqa: E402
from companion.games.belote.score import BeloteOptions  # noqa: E402
from companion.games.log import GameLog, dump_log, load_log, summarize  # noqa: E402
from companion.rules.core import replay  # noqa: E402
from companion.rules.events import to_dict  # noqa: E402
from tests.rules.test_belote_properties import NAMES, Table  # noqa: E402

EXAMPLE = ROOT / "docs/examples/belote/card-by-card-to-1000.json"
EXAMPLE_OPTIONS: dict[str, Any] = {"declarations": "belote"}
EXAMPLE_SEED = 1005
GOAL_MS = 20.0
SIZES = (50, 100, 500, 1_000, 2_000, 5_000)


def independent_points(result: Result) -> tuple[int, int]:
    """A hand's score per team (Ann & Cat, Bob & Dan) for ``EXAMPLE_OPTIONS``, from the table's
    own counts: made, each team its trick points rounded half up; failed (a tie fails), 160 to
    the defenders; capot 252, rounded to 250; belote 20 to its holder's team whatever happens."""
    t_team = result.taker % 2
    mine = result.taker_points
    theirs = 162 - mine if result.defender_points is None else result.defender_points
    points = [0, 0]
    if result.capot and mine == 162:
        points[t_team] = 250
    elif result.capot:
        points[1 - t_team] = 250
    elif mine > theirs:
        points[t_team], points[1 - t_team] = (mine + 5) // 10 * 10, (theirs + 5) // 10 * 10
    else:
        points[1 - t_team] = 160
    if result.belote is not None:
        points[result.belote % 2] += 20
    return points[0], points[1]


def belote_table(seed: int, options: dict[str, Any], enough: Callable[[Table], bool]) -> Table:
    """Hands played legally, card by card, until ``enough`` says stop (checked after each)."""
    rnd = random.Random(seed)
    table = Table(rnd, {"direction": "left", "declarations": "all", **options}, rnd.randrange(4))
    table.options.setdefault("shared_card", True)
    table.options.setdefault("belote_announced", False)
    table.options.setdefault("trump_lead", "opponent")
    while not enough(table):
        table.hand(cheat=False)
        table.dealer = (table.dealer + table.step) % 4
    return table


def game_to_1000() -> tuple[Table, list[tuple[int, int]]]:
    scored: list[tuple[int, int]] = []

    def over(table: Table) -> bool:
        scored[:] = [independent_points(e) for e in table.quick if isinstance(e, Result)]
        return any(sum(p[team] for p in scored) >= 1000 for team in (0, 1))

    return belote_table(EXAMPLE_SEED, EXAMPLE_OPTIONS, over), scored


def write_example() -> None:
    table, scored = game_to_1000()
    rules = Belote(4, EXAMPLE_OPTIONS, NAMES)
    EXAMPLE.write_text(
        json.dumps(dump_log(rules, table.events), indent=2, ensure_ascii=False) + "\n"
    )
    teams = ("Ann & Cat", "Bob & Dan")
    totals = [sum(p[t] for p in scored) for t in (0, 1)]
    expected = {
        "game": "belote",
        "hands": [dict(zip(teams, p, strict=True)) for p in scored],
        "totals": dict(zip(teams, totals, strict=True)),
        "over": True,
        "winners": [teams[0 if totals[0] > totals[1] else 1]],
        "flags": [],
    }
    path = EXAMPLE.with_name(EXAMPLE.stem + ".expected.json")
    path.write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {EXAMPLE.relative_to(ROOT)}: {len(table.events)} events, totals {totals}")


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def replay_log(data: dict[str, Any]) -> None:
    """What ``manage.py replay`` does, without printing: read every event, replay, summarize."""
    summarize(load_log(data))


def long_belote_log(size: int) -> tuple[Belote, list[dict[str, Any]]]:
    """A legal Belote log of ``size`` events (JSON form) and rules whose target is out of reach."""
    rules = Belote(4, BeloteOptions(target=1_000_000), NAMES)
    table = belote_table(size, {}, lambda t: len(t.events) >= size)
    return rules, [to_dict(e, NAMES) for e in table.events[:size]]


def replay_raw(rules: Belote, raw: list[dict[str, Any]]) -> None:
    """``replay_log`` for events whose rules cannot be written in a log: read, replay, summarize."""
    summarize(GameLog(rules, tuple(rules.event_from_dict(e, by_name=True) for e in raw)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--write-example", action="store_true")
    args = parser.parse_args()
    if args.write_example:
        write_example()
        return
    runs = args.runs

    data = json.loads(EXAMPLE.read_text())
    n = len(data["events"])
    replay_log(data)  # warm up: imports, caches of event classes
    ms = median_ms(lambda: replay_log(data), runs)
    print(f"Belote game to 1000, card by card ({EXAMPLE.relative_to(ROOT)}, {n} events)")
    print(
        f"  load + replay + validate: {ms:.1f} ms (goal {GOAL_MS:.0f} ms), "
        f"{ms * 1000 / n:.0f} µs per event"
    )
    game = load_log(data)
    rest = median_ms(lambda: replay(game.rules, game.events), runs)
    print(f"  of which replay + validate alone: {rest:.1f} ms")
    print()
    print("Belote card by card, target out of reach: cost per event by log length")
    print(f"  {'events':>7}  {'total ms':>9}  {'µs/event':>9}")
    for size in SIZES:
        rules, raw = long_belote_log(size)
        replay_raw(rules, raw)
        times = max(3, runs // (1 + size // 1000))
        total = median_ms(lambda rules=rules, raw=raw: replay_raw(rules, raw), times)
        print(f"  {size:>7}  {total:>9.1f}  {total * 1000 / size:>9.0f}")
    print()
    print("The other games' example logs (load + replay + validate)")
    for game_dir in ("recruit", "malilla", "buck_euchre"):
        for path in sorted((ROOT / "docs/examples" / game_dir).glob("*.json")):
            if path.name.endswith(".expected.json"):
                continue
            log = json.loads(path.read_text())
            try:
                replay_log(log)
            except Exception:  # an example of a refused log: nothing to time
                continue
            size = len(log["events"])
            total = median_ms(lambda log=log: replay_log(log), runs)
            name = f"{game_dir}/{path.stem}"
            print(
                f"  {name:<36} {size:>4} events  {total:>6.1f} ms  "
                f"{total * 1000 / size:>5.0f} µs/event"
            )


if __name__ == "__main__":
    main()
