"""The running-totals chart drawn under the scoreboard, and the CSV of a game's scores."""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from companion.games import GAMES
from companion.tables import actions
from companion.tables.context import RECENT_HANDS
from companion.tables.models import Game

from .helpers import number, page_hands, page_totals, words

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
SEVERAL_HANDS = [
    p.relative_to(EXAMPLES).as_posix()
    for p in sorted(EXAMPLES.glob("*/*.json"))
    if not p.name.endswith(".expected.json")
    and p.parent.name in GAMES
    # (an example of a refused log has no hands)
    and len(json.loads(p.with_suffix(".expected.json").read_text()).get("hands", [])) >= 2
]
_POLYLINE = re.compile(r'<polyline class="series-\d" points="([^"]+)"/>')
_LEGEND = re.compile(r'</svg>([^<]+) <strong class="num">(-?\d+(?:\.\d+)?)</strong>')


def _imported(name: str) -> Game:
    _, game = actions.check_import_log(json.loads((EXAMPLES / name).read_text()))
    return game


def _page(client: Client, game: Game) -> str:
    return client.get(f"/t/{game.table.view_key}/g/{game.number}/").content.decode()


def _lines(html: str) -> list[list[tuple[float, float]]]:
    return [
        [(float(x), float(y)) for x, y in (p.split(",") for p in points.split())]
        for points in _POLYLINE.findall(html)
    ]


def test_there_are_examples_with_several_hands() -> None:
    assert {name.split("/")[0] for name in SEVERAL_HANDS} >= {"belote", "buck_euchre", "malilla"}


@pytest.mark.parametrize("name", SEVERAL_HANDS)
def test_chart_has_a_line_per_column_ending_on_the_totals(
    client: Client, db: None, name: str
) -> None:
    game = _imported(name)
    response = client.get(f"/t/{game.table.view_key}/g/{game.number}/")
    html = response.content.decode()
    # The game page shows the latest hands; the hands page every one.
    every_hand = client.get(f"/t/{game.table.view_key}/g/{game.number}/hands/")
    totals, hands = page_totals(response), page_hands(every_hand)
    assert page_totals(every_hand) == totals
    assert page_hands(response) == hands[-RECENT_HANDS:]

    lines = _lines(html)
    assert len(lines) == len(totals)
    assert all(len(line) == len(hands) + 1 for line in lines), "a start point, then one a hand"
    assert len({line[0] for line in lines}) == 1, "every column starts from the same score"
    legend = [(who.strip(), number(points)) for who, points in _LEGEND.findall(html)]
    assert [points for _, points in legend] == totals
    # Higher totals are drawn higher (a smaller y), and equal totals at the same height.
    ends = [line[-1][1] for line in lines]
    for t1, y1 in zip(totals, ends, strict=True):
        for t2, y2 in zip(totals, ends, strict=True):
            assert (t1 > t2) == (y1 < y2) and (t1 == t2) == (y1 == y2)
    # Each step is that hand's points: a gain climbs, a loss falls, nothing stays level.
    for column, line in enumerate(lines):
        for hand, (before, after) in zip(hands, itertools.pairwise(line), strict=True):
            change = hand[column]
            assert (change > 0) == (after[1] < before[1]) and (change == 0) == (
                after[1] == before[1]
            )


def test_buck_euchre_lines_start_from_25(client: Client, db: None) -> None:
    """Buck Euchre counts down from 25 (a euchre adds 5, so a line may climb above it)."""
    html = _page(client, _imported("buck_euchre/whole-game.json"))
    high, low = (int(n) for n in re.findall(r'<text x="4" y="\d+">(-?\d+)</text>', html))
    top, bottom = 8, 150 - 8
    start = top + (high - 25) * (bottom - top) / (high - low)
    assert {line[0][1] for line in _lines(html)} == {round(start, 1)}


def test_no_chart_before_the_second_hand(
    client: Client, recruit_game: Game, game_after_first_hand: Game
) -> None:
    assert 'id="progress"' not in _page(client, recruit_game)
    assert 'id="progress"' not in _page(client, game_after_first_hand), "one hand is no trend"


@pytest.mark.parametrize("name", SEVERAL_HANDS)
def test_csv_has_each_hand_and_the_totals(client: Client, db: None, name: str) -> None:
    game = _imported(name)
    expected = json.loads(
        (EXAMPLES / name).with_suffix(".expected.json").read_text(), parse_float=Decimal
    )
    response = client.get(f"/t/{game.table.view_key}/g/{game.number}/scores.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    body = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body)))
    header, rows = rows[0], rows[1:]
    names = header[1:]
    assert header[0] == "Hand" and names == list(expected["hands"][0])
    hand_rows = rows[: len(expected["hands"])]
    assert [[number(c) for c in row[1:]] for row in hand_rows] == [
        [hand[n] for n in names] for hand in expected["hands"]
    ]
    assert [row[0] for row in hand_rows] == [str(i) for i in range(1, len(hand_rows) + 1)]
    total_row, team_rows = rows[len(hand_rows)], rows[len(hand_rows) + 1 :]
    if names == list(expected["totals"]):
        assert total_row == ["Total", *(str(expected["totals"][n]) for n in names)]
        assert team_rows == []
    else:  # partners scored seat by seat (Recruit with four): a total for each team too
        sums = [sum(hand[n] for hand in expected["hands"]) for n in names]
        assert total_row == ["Total", *map(str, sums)]
        assert team_rows == [[f"Team {t}", str(v)] for t, v in expected["totals"].items()]


def test_csv_needs_a_table_link(client: Client, db: None) -> None:
    game = _imported("belote/game-to-1000.json")
    assert client.get(f"/t/not-a-key/g/{game.number}/scores.csv").status_code == 404


def test_table_page_shows_each_games_state_and_the_wins(client: Client, db: None) -> None:
    """Two Belote games at one table: one won by Ann & Cat, one just started."""
    game = _imported("belote/game-to-1000.json")
    table = game.table
    expected = json.loads((EXAMPLES / "belote/game-to-1000.expected.json").read_text())
    players = list(table.players.all())
    actions.check_start_game(table, "belote", players, {})

    page = words(client.get(f"/t/{table.view_key}/"))

    winners = " & ".join(expected["winners"])
    assert f"Game 1: Belote {winners} win." in page
    assert "Game 2: Belote Under way: 0 hands scored." in page
    winning = {name for team in expected["winners"] for name in team.split(" & ")}
    assert winning == {"Ann", "Cat"}
    won = {p.name: 1 if p.name in winning else 0 for p in players}
    ranked = sorted(won.items(), key=lambda nw: -nw[1])
    assert "Games won: " + " · ".join(f"{n} {w}" for n, w in ranked) in page


def test_table_page_has_no_wins_line_before_a_game_ends(
    client: Client, game_after_first_hand: Game
) -> None:
    page = words(client.get(f"/t/{game_after_first_hand.table.view_key}/"))
    assert "Under way: 1 hand scored." in page and "Games won" not in page


def test_csv_cells_never_start_a_formula(client: Client, db: None) -> None:
    """Player names that a spreadsheet would run as formulas are written as text (a leading
    apostrophe); the scores stay numbers (a negative one is written as a number, not quoted)."""
    from companion.games import log as game_log

    hostile = ["=cmd|' /C calc'!A0", "@SUM(1+1)", '=HYPERLINK("//evil.io","x")', "-Dan"]
    example = game_log.load_log(
        json.loads((EXAMPLES / "recruit" / "four-players-partners.json").read_text())
    )
    table = actions.do_create_table(hostile)
    game = actions.check_start_game(
        table, "recruit", list(table.players.all()), example.rules.options_dict()
    )
    for event in example.events:
        actions.check_record_event(game, event)

    body = client.get(f"/t/{table.view_key}/g/{game.number}/scores.csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body)))

    assert rows[0][1:] == [f"'{name}" for name in hostile]
    cells = [cell for row in rows for cell in row]
    assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in cells)
    assert all(cell.lstrip("-").isdigit() for row in rows[1:] for cell in row[1:]), rows
    teams = [row[0] for row in rows if row[0].startswith("Team")]
    assert teams == [f"Team {hostile[0]} & {hostile[2]}", f"Team {hostile[1]} & {hostile[3]}"]


def _belote_states(hands: int) -> list[actions.Loaded]:
    """The loaded game at the end of each of the first ``hands`` hands of a long Belote game
    (played card by card, to 2000), each state made from the one before, as a server's are."""
    from companion import rules as engine
    from companion.games import get_rules

    from .long_games import OPTIONS, belote_log

    rules = get_rules("belote")(4, OPTIONS, ["Ann", "Bob", "Cat", "Dan"])
    result = engine.replay(rules, [])
    out = []
    for payload in belote_log(14 * hands):
        result = engine.extend(rules, result, [rules.event_from_dict(payload)])
        if len(rules.hands(result.state)) > len(out):
            out.append(actions.Loaded(None, rules, result, ()))  # type: ignore[arg-type]
    assert len(out) == hands
    return out


def _from_scratch(loaded: actions.Loaded) -> tuple[list[list[int]], int, int]:
    """Each column's running totals, and the lowest and highest total, summed hand by hand."""
    rules = loaded.rules
    hands, totals = rules.hands(loaded.state), rules.scores(loaded.state)
    runs = []
    for column, total in enumerate(totals):
        value = total - sum(h.points[column] for h in hands)
        runs.append([value, *itertools.accumulate(h.points[column] for h in hands)])
        runs[-1][1:] = [value + v for v in runs[-1][1:]]
    values = [v for run in runs for v in run]
    return runs, min(0, *values), max(0, *values)


def test_a_long_game_is_drawn_through_every_kth_hand_and_ends_on_the_totals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past ``CHART_POINTS`` hands a line goes through every k-th hand, the first and the
    latest; its lowest and highest totals are still those of every hand."""
    from companion.tables import context

    monkeypatch.setattr(context, "CHART_POINTS", 5)
    states = _belote_states(12)
    for loaded in states[1:]:
        chart = context.progress(loaded)
        assert chart is not None
        runs, low, high = _from_scratch(loaded)
        n = len(runs[0]) - 1
        assert chart["hands"] == n
        assert (chart["low"], chart["high"]) == (low, high)
        span = (high - low) or 1
        for series, run in zip(chart["series"], runs, strict=True):
            points = [tuple(map(float, p.split(","))) for p in series["points"].split()]
            assert len(points) == min(n, 5) + 1
            assert points[0][0] == 8 and points[-1][0] == 312  # the first hand to the latest
            assert series["last"] == run[-1]
            for x, y in points:  # each point is the running total after its hand
                k = round((x - 8) * n / 304)
                assert y == round(8 + (high - run[k]) * 134 / span, 1)


def test_running_totals_kept_from_hand_to_hand_are_those_summed_from_scratch() -> None:
    """Each hand's chart made from the runs kept for the hand before (one step more, the
    runs before it let go) is the chart worked out from every hand again; so is the chart of
    the same game replayed again (other objects, equal hands)."""
    from companion.tables import context
    from companion.tables.kept import screen

    screen._RUNS.clear()
    states = _belote_states(8)
    kept = [context.progress(loaded) for loaded in states]
    assert len(screen._RUNS) == 1, "each hand's runs made from the hand before's"
    for loaded, chart in zip(states, kept, strict=True):
        screen._RUNS.clear()
        assert context.progress(loaded) == chart
    assert context.progress(_belote_states(8)[-1]) == kept[-1]
    runs, low, high = _from_scratch(states[-1])
    assert kept[-1] is not None and (kept[-1]["low"], kept[-1]["high"]) == (low, high)
    assert [s["last"] for s in kept[-1]["series"]] == [run[-1] for run in runs]
