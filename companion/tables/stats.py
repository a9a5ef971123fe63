"""Each player's record over the finished games of a table: games played and won, and head to
head against every other player. Works from the replayed games; nothing is stored."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from companion import rules as engine


@dataclasses.dataclass
class Record:
    name: str
    played: int = 0
    won: int = 0

    @property
    def rate(self) -> int:
        """Games won, as a whole percentage of games finished."""
        return round(100 * self.won / self.played) if self.played else 0


@dataclasses.dataclass(frozen=True)
class HeadToHead:
    """How often ``first`` finished ahead of ``second`` and the other way round, counting the
    finished games where they sat on opposite sides."""

    first: str
    second: str
    first_ahead: int
    second_ahead: int


def finishing_order(
    rules: engine.Rules[Any, Any], state: Any, outcome: engine.Outcome
) -> dict[str, tuple[int, tuple[int, ...]]]:
    """Each player's place in a finished game (0 = first; equal places are ties). The winners
    come first, whatever their totals (Buck Euchre's five tricks); then the better totals."""
    sign = 1 if rules.lower_is_better else -1
    keys: dict[str, tuple[tuple[bool, int], tuple[int, ...]]] = {}
    for team, total in zip(rules.teams(), rules.team_totals(state), strict=True):
        key = (team[0] not in outcome.winners, sign * total)
        for seat in team:
            keys[rules.names[seat]] = (key, team)
    ordered = sorted({k for k, _ in keys.values()})
    return {name: (ordered.index(k), team) for name, (k, team) in keys.items()}


def table_records(
    names: Sequence[str], finished: Iterable[tuple[engine.Rules[Any, Any], Any, engine.Outcome]]
) -> tuple[list[Record], list[HeadToHead]]:
    """Everyone's record, most wins first (then in seat order), and head to head for each pair
    that has met across the table at least once."""
    records = {n: Record(n) for n in names}
    ahead: dict[tuple[str, str], int] = {}
    for rules, state, outcome in finished:
        places = finishing_order(rules, state, outcome)
        for name, (_, team) in places.items():
            record = records.setdefault(name, Record(name))
            record.played += 1
            record.won += team[0] in outcome.winners
        for a, b in combinations(places, 2):
            (pa, ta), (pb, tb) = places[a], places[b]
            if ta == tb:
                continue  # partners
            ahead.setdefault((a, b), 0)
            ahead.setdefault((b, a), 0)
            if pa != pb:
                ahead[(a, b) if pa < pb else (b, a)] += 1
    order = {n: i for i, n in enumerate(records)}
    ranked = sorted(records.values(), key=lambda r: (-r.won, order[r.name]))
    pairs = [
        HeadToHead(a, b, ahead[(a, b)], ahead[(b, a)])
        for a, b in combinations(records, 2)
        if (a, b) in ahead
    ]
    return ranked, pairs
