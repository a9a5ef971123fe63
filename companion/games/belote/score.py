"""Scoring one Belote hand: declarations compared, contract judged, capot, rounding, litige.

Follows ``shared/rules/belote/rulings.md`` §1.2.8-1.2.9 with the house options of
:class:`BeloteOptions`. The same function scores a quick entry and a hand played card by card.

>>> from companion.rules.cards import Suit
>>> facts = HandFacts(taker=0, trump=Suit.HEARTS, points=(92, 70), all_tricks=None,
...                   melds=(), belote=None, dealer=3)
>>> score_hand(facts, BeloteOptions(), ("Ann", "Bob", "Cat", "Dan"), pot=0).points
(90, 70)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.games.belote.cards import (
    BELOTE,
    HAND_POINTS,
    Meld,
    best_team,
    classify,
)
from companion.games.belote.events import BeloteOptions
from companion.rules.cards import Card, Suit
from companion.rules.core import ScoreLine
from companion.rules.text import Text, tr


@dataclasses.dataclass(frozen=True)
class HandFacts:
    """What scoring needs from a hand, however it was recorded."""

    taker: int
    trump: Suit
    points: tuple[int, int]  # trick points per team (seat % 2), last trick included: sum 162
    all_tricks: int | None  # the team that took every trick (capot), if one did
    melds: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) as declared
    belote: int | None  # the seat whose team scores belote-rebelote
    dealer: int


@dataclasses.dataclass(frozen=True)
class Scored:
    points: tuple[int, int]
    lines: tuple[tuple[ScoreLine, ...], tuple[ScoreLine, ...]]
    pot: int  # litige points still waiting after this hand
    result: str  # "made" | "capot" | "failed" | "litige"


def turn_order(dealer: int, direction: str) -> list[int]:
    """Seats in playing order, starting left (or right) of the dealer."""
    step = 1 if direction == "left" else -1
    return [(dealer + step * i) % 4 for i in range(1, 5)]


def round_half_up(points: int) -> int:
    return (points + 5) // 10 * 10


def round_seven_up(points: int) -> int:
    return (points + 3) // 10 * 10


ROUNDING_WORDS = {
    "half-up": tr("Rounded to the nearest ten (5 up)"),
    "seven-up": tr("Rounded to the nearest ten (7, 8, 9 up)"),
    "complement": tr("Rounded to the nearest ten (5 up)"),
}


def round_pair(mode: str, taker: int, defence: int) -> tuple[int, int]:
    """Round the trick part of both teams' scores (declarations are multiples of ten)."""
    if mode == "none":
        return taker, defence
    if mode == "seven-up":
        return round_seven_up(taker), round_seven_up(defence)
    if mode == "complement" and taker > 0 and defence > 0 and taker + defence == HAND_POINTS:
        mine = round_half_up(taker)
        return mine, 160 - mine
    return round_half_up(taker), round_half_up(defence)


def valid_melds(facts: HandFacts, options: BeloteOptions) -> list[tuple[int, Meld]]:
    if options.declarations != "all":
        return []
    out = []
    for seat, cards in facts.melds:
        meld = classify(cards, facts.trump)
        if isinstance(meld, Meld):
            out.append((seat, meld))
    return out


def declaration_points(
    facts: HandFacts, options: BeloteOptions, names: Sequence[str]
) -> tuple[list[int], list[list[ScoreLine]]]:
    """Points and lines of the team whose best declaration wins (the other team gets none)."""
    melds = valid_melds(facts, options)
    order = turn_order(facts.dealer, options.direction)
    winner = best_team(melds, order.index, options.equal_sequences)
    points, lines = [0, 0], [[], []]  # type: ignore[var-annotated]
    for seat, meld in melds:
        if seat % 2 == winner:
            points[winner] += meld.value
            lines[winner].append(
                ScoreLine(
                    tr("{meld} ({player})", meld=meld.title, player=names[seat]),
                    meld.value,
                    "declarations",
                )
            )
    if melds and winner is None:
        for team in (0, 1):
            lines[team].append(ScoreLine(tr("Equal best sequences cancel out"), 0, "declarations"))
    return points, lines


def contract_threshold(options: BeloteOptions, extra_taker: int, extra_defence: int) -> int:
    """Trick points the taker's team needs to make the contract (82 when only tricks count)."""
    if options.contract == "tricks":
        extra_taker = extra_defence = 0
    return (HAND_POINTS + extra_defence - extra_taker) // 2 + 1


def score_hand(facts: HandFacts, options: BeloteOptions, names: Sequence[str], pot: int) -> Scored:
    t_team, d_team = facts.taker % 2, 1 - facts.taker % 2
    decl, decl_lines = declaration_points(facts, options, names)
    belote = [0, 0]
    if options.declarations != "none" and facts.belote is not None:
        belote[facts.belote % 2] = BELOTE
    took = [facts.all_tricks in (None, team) for team in (0, 1)]
    own = [decl[team] if took[team] else 0 for team in (0, 1)]
    t = facts.points
    mine, theirs = t[t_team], t[d_team]
    if options.contract != "tricks":
        mine += own[t_team] + belote[t_team]
        theirs += own[d_team] + belote[d_team]
    if facts.all_tricks == t_team:
        result = "capot"
    elif mine > theirs:
        result = "made"
    elif mine == theirs and options.ties == "litige":
        result = "litige"
    else:
        result = "failed"
    lines: list[list[ScoreLine]] = [[], []]
    tricks = [0, 0]  # the trick part of each team's score, before rounding
    if result == "capot":
        tricks[t_team] = options.capot
        lines[t_team].append(ScoreLine(tr("Capot: every trick"), options.capot, "capot"))
    elif result == "failed":
        tricks[d_team] = options.capot if facts.all_tricks == d_team else HAND_POINTS
        label = _failed_label(
            mine, theirs, options.contract == "tricks", facts.all_tricks == d_team
        )
        lines[d_team].append(ScoreLine(label, tricks[d_team], "contract"))
        lines[t_team].append(ScoreLine(tr("Contract failed"), 0, "contract"))
    else:
        tricks = [t[0], t[1]]
        for team in (0, 1):
            kept = result == "litige" and team == t_team
            lines[team].append(
                ScoreLine(
                    tr("Litige: {n} trick points held back for the next hand", n=t[team]),
                    0,
                    "contract",
                )
                if kept
                else ScoreLine(tr("Trick points (last trick included)"), t[team], "card-points")
            )
    rounded = list(round_pair(options.rounding, tricks[t_team], tricks[d_team]))
    if t_team == 1:
        rounded.reverse()
    points = [0, 0]
    for team in (0, 1):
        diff = rounded[team] - tricks[team]
        kept = result == "litige" and team == t_team
        if diff and not kept:
            word = ROUNDING_WORDS.get(options.rounding) or tr("Rounded")
            if options.rounding == "complement" and team == d_team and result == "made":
                word = tr("Rounded: 160 minus the takers' rounded points")
            lines[team].append(ScoreLine(word, diff, "rounding"))
        if not kept:
            points[team] = rounded[team]
    new_pot = 0
    if result == "litige":
        new_pot = rounded[t_team] + own[t_team]
    _add_declarations(facts, result, t_team, d_team, decl, decl_lines, took, lines, points)
    _add_belote(facts, options, result, t_team, d_team, names, lines, points)
    pot = _award_pot(pot, new_pot, result, lines, points)
    return Scored((points[0], points[1]), (tuple(lines[0]), tuple(lines[1])), pot, result)


def _failed_label(mine: int, theirs: int, tricks_only: bool, capot: bool) -> Text:
    """The defenders' line when the contract fails: the points compared, and what they score."""
    if tricks_only and capot:
        return tr(
            "Contract failed ({mine} against {theirs} trick points): capot: every trick",
            mine=mine,
            theirs=theirs,
        )
    if tricks_only:
        return tr(
            "Contract failed ({mine} against {theirs} trick points): all {total}",
            mine=mine,
            theirs=theirs,
            total=HAND_POINTS,
        )
    if capot:
        return tr(
            "Contract failed ({mine} against {theirs} with declarations): capot: every trick",
            mine=mine,
            theirs=theirs,
        )
    return tr(
        "Contract failed ({mine} against {theirs} with declarations): all {total}",
        mine=mine,
        theirs=theirs,
        total=HAND_POINTS,
    )


def _add_declarations(
    facts: HandFacts,
    result: str,
    t_team: int,
    d_team: int,
    decl: list[int],
    decl_lines: list[list[ScoreLine]],
    took: list[bool],
    lines: list[list[ScoreLine]],
    points: list[int],
) -> None:
    for team in (0, 1):
        if not decl_lines[team]:
            continue
        if result == "failed" and team == t_team:
            # The takers' declarations go to the defenders (rulings §1.2.8).
            for line in decl_lines[team]:
                lines[d_team].append(
                    dataclasses.replace(line, label=tr("From the takers: {line}", line=line.label))
                )
            points[d_team] += decl[team]
            continue
        if result == "litige" and team == t_team:
            for line in decl_lines[team]:
                lines[team].append(
                    dataclasses.replace(
                        line, label=tr("Held back: {line}", line=line.label), points=0
                    )
                )
            continue
        if not took[team]:
            lines[team].append(
                ScoreLine(tr("No trick taken, so no carré or sequence counts"), 0, "declarations")
            )
            continue
        lines[team] += decl_lines[team]
        points[team] += decl[team]


def _add_belote(
    facts: HandFacts,
    options: BeloteOptions,
    result: str,
    t_team: int,
    d_team: int,
    names: Sequence[str],
    lines: list[list[ScoreLine]],
    points: list[int],
) -> None:
    if options.declarations == "none" or facts.belote is None:
        return
    team = facts.belote % 2
    label = tr("Belote-rebelote ({player})", player=names[facts.belote])
    if result == "failed" and team == t_team and options.belote_on_failure == "transferred":
        team, label = d_team, tr("From the takers: {line}", line=label)
    lines[team].append(ScoreLine(label, BELOTE, "belote"))
    points[team] += BELOTE


def _award_pot(
    pot: int, new_pot: int, result: str, lines: list[list[ScoreLine]], points: list[int]
) -> int:
    """A litige pot goes to the team that scores more in the next hand that is not a litige."""
    if result == "litige":
        return pot + new_pot
    if pot and points[0] != points[1]:
        team = 0 if points[0] > points[1] else 1
        lines[team].append(ScoreLine(tr("Litige points from an earlier hand"), pot, "ties"))
        points[team] += pot
        return 0
    return pot
