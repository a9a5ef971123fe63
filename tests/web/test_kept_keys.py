"""Every value kept between requests names, in its key, everything its text is made from.

For each kept value (a summary's hand lines, a history row, an entry's line, a state's
reminders) and each input of it, one at a time: the value is made once with the input as it
was (and kept), then with the input changed. What comes back must be what a process that had
kept nothing makes for the changed input, and must differ from the first (or the change proved
nothing). A key that forgets an input hands back the first text for the second.

The pages' and replays' keys are strings handed to a shared cache: their tests change each
input and check that the key changes (``test_a_page_key_names_*``, ``test_a_replay_key_*``).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import RequestFactory, override_settings
from django.utils import translation

from companion import rules as engine
from companion.rules.text import tr
from companion.tables import actions, context, i18n, money_shown
from companion.tables.actions import Loaded
from companion.tables.entry import base as entry_base
from companion.tables.i18n import say
from companion.tables.kept import lines, pages, replays, rows, screen
from companion.tables.models import Game, Table

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
UI77 = "ui77/go-nov-one-decimal.json"
ADJ = "ace_deuce_jack/bank-change.json"


def _forget() -> None:
    """Empty every per-process memo: what a fresh worker has."""
    for memo in (
        lines._HAND_LINES,
        lines._TEXTS,
        screen._REMINDERS,
        screen._RUNS,
        rows._kept,
        rows._lines,
        i18n._numbers,
        i18n._templates,
        entry_base._GRIDS,
        replays._KEYS,
    ):
        memo.clear()
    caches["replays"].clear()
    caches["pages"].clear()


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def _game(
    example: str,
    *,
    rename: dict[str, str] | None = None,
    options: dict[str, Any] | None = None,
    events: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] | None = None,
) -> Game:
    """The example's log imported as a new table's game, changed as asked."""
    data = json.loads((EXAMPLES / example).read_text())
    if rename:
        data["players"] = _renamed(data["players"], rename)
        data["events"] = _renamed(data["events"], rename)
    if options is not None:
        data["options"] = options
    if events is not None:
        data["events"] = events(copy.deepcopy(data["events"]))
    return actions.check_import_log(data)[1]


def _loaded(game: Game, options: dict[str, Any] | None = None) -> Loaded:
    """The game replayed; with ``options``, the same replay read under other house rules (the
    same hands and points, shown the other rules' way)."""
    loaded = actions.load(game)
    if options is None:
        return loaded
    rules = game.rules_class(len(loaded.rules.names), options, list(loaded.rules.names))
    return dataclasses.replace(loaded, rules=rules)


def _money(table: Table, currency: str = "", chip_value: int = 1) -> None:
    table.currency, table.decimals, table.chip_value = currency, 2 if currency else 0, chip_value
    money_shown.use_table_money(table)


# --- the group-chat summary's hand lines (context.summary_text) -------------------------------


def _summary(game: Game, language: str = "en", options: dict[str, Any] | None = None) -> str:
    with translation.override(language):
        return context.summary_text(_loaded(game, options), game.table)


def _swap_first_result(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ann's and Bob's counts in the first hand swapped: other points, the same hand number."""
    result = next(e for e in events if e["type"] == "result")
    for counts in result.values():
        if isinstance(counts, dict):
            counts["Ann"], counts["Bob"] = counts["Bob"], counts["Ann"]
    return events


def _without_first_hand(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's second to fourth hands (the goal is chosen after the fourth): the second
    hand's points as hand 1."""
    deals = [i for i, e in enumerate(events) if e["type"] == "deal"]
    goal = next(i for i, e in enumerate(events) if e["type"] == "goal")
    return events[deals[1] : goal]


Case = Callable[[], tuple[Callable[[], str], Callable[[], str]]]


def _summary_language() -> tuple[Callable[[], str], Callable[[], str]]:
    game = _game(UI77, options={})
    return lambda: _summary(game), lambda: _summary(game, "fr")


def _summary_names() -> tuple[Callable[[], str], Callable[[], str]]:
    one, other = _game(UI77, options={}), _game(UI77, options={}, rename={"Dan": "Zoe"})
    return lambda: _summary(one), lambda: _summary(other)


def _summary_house_rules() -> tuple[Callable[[], str], Callable[[], str]]:
    """Issue 29: the same names, hand numbers and points, shown in tenths (30 reads 3)."""
    game = _game(UI77, options={})
    return lambda: _summary(game), lambda: _summary(game, options={"nov_rounding": "tenth"})


def _summary_points() -> tuple[Callable[[], str], Callable[[], str]]:
    one, other = _game(UI77, options={}), _game(UI77, options={}, events=_swap_first_result)
    return lambda: _summary(one), lambda: _summary(other)


def _summary_hand_number() -> tuple[Callable[[], str], Callable[[], str]]:
    one, other = _game(UI77, options={}), _game(UI77, options={}, events=_without_first_hand)
    return lambda: _summary(one), lambda: _summary(other)


# --- an entry's line in the history (context.history: rows.kept_line, lines.entry_text) ---------


def _lines(game: Game, language: str = "en", currency: str = "") -> str:
    _money(game.table, currency, 50)
    with translation.override(language):
        return "\n".join(row["text"] for row in context.history(actions.load(game), "/g/"))


def _lines_language() -> tuple[Callable[[], str], Callable[[], str]]:
    game = _game(ADJ)
    return lambda: _lines(game), lambda: _lines(game, "fr")


def _lines_money() -> tuple[Callable[[], str], Callable[[], str]]:
    game = _game(ADJ)
    return lambda: _lines(game), lambda: _lines(game, currency="€")


def _lines_names() -> tuple[Callable[[], str], Callable[[], str]]:
    one, other = _game(ADJ), _game(ADJ, rename={"Bob": "Zoe"})
    return lambda: _lines(one), lambda: _lines(other)


def _lower_last_bet(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    [e for e in events if e["type"] == "bet"][-1]["amount"] -= 1  # in view: a latest entry
    return events


def _lines_entry() -> tuple[Callable[[], str], Callable[[], str]]:
    one, other = _game(ADJ), _game(ADJ, events=_lower_last_bet)
    return lambda: _lines(one), lambda: _lines(other)


# --- a history row's HTML (rows.history_html) ----------------------------------------------------


def _row_case(change: Callable[[dict[str, Any]], None], **changed: Any) -> Case:
    """The history of the Ace-Deuce-Jack example drawn, then drawn again with ``change`` made to
    every row (and the drawing's own inputs in ``changed``: language, currency, can_score,
    rules_url)."""

    def case() -> tuple[Callable[[], str], Callable[[], str]]:
        game = _game(ADJ)
        flag = engine.Violation("late-bet", tr("A bet after the first pile."), rule="bets")

        def draw(changed_rows: bool, **inputs: Any) -> str:
            _money(game.table, inputs.get("currency", ""), 50)
            with translation.override(inputs.get("language", "en")):
                shown = context.history(actions.load(game), "/g/")
                for row in shown:
                    row["flags"] = [flag]  # so that the rules' address shows
                    row["client_id"] = "id"
                    if changed_rows:
                        change(row)
                return rows.history_html(
                    shown,
                    can_score=inputs.get("can_score", True),
                    at=7,
                    csrf="token",
                    rules_url=inputs.get("rules_url", "/rules/ace_deuce_jack/"),
                )

        return lambda: draw(False), lambda: draw(True, **changed)

    return case


def _set(**values: Any) -> Callable[[dict[str, Any]], None]:
    return lambda row: row.update(values)


def _other_text(row: dict[str, Any]) -> None:
    row["text"] = row["text"] + "!"
    row["said"] = rows.text_key(row["text"])


def _other_flag(row: dict[str, Any]) -> None:
    row["flags"] = [engine.Violation("late-bet", tr("Another flag."), rule="limits")]


# --- a state's reminders (screen.reminders) ------------------------------------------------------


def _reminders(game: Game, rename: dict[str, str] | None = None, **options: Any) -> str:
    loaded = actions.load(game)
    if rename or options:
        names = [(rename or {}).get(n, n) for n in loaded.rules.names]
        rules = game.rules_class(len(names), {**game.options, **options}, names)
        loaded = dataclasses.replace(loaded, rules=rules)
    _money(game.table)
    return "\n".join(f"{say(r.label)} {say(r.text)}" for r in screen.reminders(loaded))


def _first_bets(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return events[:3]  # a bank and two bets: its limits are on the table


def _reminders_state() -> tuple[Callable[[], str], Callable[[], str]]:
    one = _game(ADJ, events=_first_bets)
    other = _game(ADJ, events=lambda e: [{**e[0], "max_bet": 12}, *e[1:3]])
    return lambda: _reminders(one), lambda: _reminders(other)


def _first_half(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return events[: len(events) // 2]


def _reminders_names() -> tuple[Callable[[], str], Callable[[], str]]:
    """Big Three's reminders name the players: the same state under other seat names."""
    game = _game("big_three/forced-dig.json", events=_first_half)
    last = game.seat_names()[-1]
    return lambda: _reminders(game), lambda: _reminders(game, {last: "Zoe"})


def _reminders_house_rules() -> tuple[Callable[[], str], Callable[[], str]]:
    """Bastard's reminders say who gives cards to whom: the same state under other rules."""
    game = _game("bastard/evening-two-winners.json", events=_first_half)
    other = "right" if game.options.get("givers") == "left" else "left"
    return lambda: _reminders(game), lambda: _reminders(game, givers=other)


# --- a number said in a sentence (i18n.say) -------------------------------------------------------


def _said(value: Any) -> Callable[[], str]:
    def draw() -> str:
        with translation.override("fr"):
            return say(tr("{points} points", points=value))

    return draw


def _said_number_type() -> tuple[Callable[[], str], Callable[[], str]]:
    """3 and Decimal("3.0") are equal (and hash alike), but are written 3 and 3,0."""
    return _said(3), _said(Decimal("3.0"))


CASES: dict[str, Case] = {
    "summary: language": _summary_language,
    "summary: seat names": _summary_names,
    "summary: house rules (Ui77 tenths)": _summary_house_rules,
    "summary: hand points": _summary_points,
    "summary: hand number": _summary_hand_number,
    "entry line: language": _lines_language,
    "entry line: currency": _lines_money,
    "entry line: seat names": _lines_names,
    "entry line: the entry": _lines_entry,
    "row: language": _row_case(lambda row: None, language="fr"),
    "row: currency": _row_case(lambda row: None, currency="€"),
    "row: scorer or viewer": _row_case(lambda row: None, can_score=False),
    "row: rules address": _row_case(lambda row: None, rules_url="/rules/other/"),
    "row: number": _row_case(lambda row: row.update(number=row["number"] + 100)),
    "row: text": _row_case(_other_text),
    "row: cancelled": _row_case(_set(voided=True)),
    "row: a cancel": _row_case(_set(is_void=True)),
    "row: corrected": _row_case(_set(corrected_by=99)),
    "row: correctable": _row_case(_set(can_correct=False)),
    "row: flags": _row_case(_other_flag),
    "row: cancel address": _row_case(lambda row: row.update(void_url=row["void_url"] + "x/")),
    "row: correct address": _row_case(
        lambda row: row.update(correct_url=row["correct_url"] + "x/")
    ),
    "reminders: the state": _reminders_state,
    "reminders: seat names": _reminders_names,
    "reminders: house rules": _reminders_house_rules,
    "said number: its type": _said_number_type,
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_kept_value_is_made_again_when_any_of_its_inputs_changes(name: str, db: None) -> None:
    before, after = CASES[name]()
    _forget()
    first = before()
    kept = after()  # with whatever ``before`` left kept
    _forget()
    fresh = after()  # a worker that kept nothing
    assert fresh != first, "the change does not show: this case proves nothing"
    assert kept == fresh


# --- the keys of what is kept in a cache that may be shared (pages, replays) ---------------------


def _page_key(game: Game, change: str) -> str:
    """The game page's key, with one of its inputs changed (``change``; "" for none)."""
    table, loaded = Table.objects.get(pk=game.table_id), actions.load(game)
    link, template, choices = table.score_key, "tables/game.html", ["/t/x/1/"]
    htmx, language, deploy = False, "en", "release-1"
    if change == "house rules":
        loaded = _loaded(game, {"nov_rounding": "tenth"})
    elif change == "seat names":
        names = [*loaded.rules.names[:-1], "Zoe"]
        loaded = dataclasses.replace(loaded, rules=game.rules_class(len(names), {}, names))
    elif change == "log position":
        loaded = dataclasses.replace(loaded, result=dataclasses.replace(loaded.result, count=1))
    elif change == "table version":
        table.version += 1
    elif change == "table name":
        table.name = "Another table"
    elif change == "club":
        table.club = actions.do_create_club("Tuesday club")
    link = table.view_key if change == "link" else link
    template = "tables/_live.html" if change == "template" else template
    choices = ["/t/x/1/?kind=trick"] if change == "request's choices" else choices
    htmx = change == "htmx"
    language = "fr" if change == "language" else language
    deploy = "release-2" if change == "deploy" else deploy
    request = RequestFactory().get("/", secure=change == "address")  # https://, not http://
    request.htmx = htmx  # type: ignore[attr-defined]
    with translation.override(language), override_settings(COMPANION_DEPLOY_VERSION=deploy):
        return pages.page_key(request, template, table, link, loaded, *choices)


PAGE_INPUTS = [
    "house rules",
    "seat names",
    "log position",
    "table version",
    "table name",
    "club",
    "link",
    "template",
    "request's choices",
    "address",
    "htmx",
    "language",
    "deploy",
]


@pytest.mark.parametrize("change", PAGE_INPUTS)
def test_a_page_key_names_each_input_of_the_page(change: str, db: None) -> None:
    game = _game(UI77, options={})
    _forget()
    assert _page_key(game, "") == _page_key(game, ""), "a key must not change by itself"
    assert _page_key(game, change) != _page_key(game, "")


@pytest.mark.parametrize("change", ["game", "house rules", "seat names", "rules version", "deploy"])
def test_a_replay_key_names_each_input_of_the_replay(change: str, db: None) -> None:
    game, other = _game(UI77, options={}), _game(UI77, options={})
    rules = game.rules()
    names = list(rules.names)
    deploy = "release-2" if change == "deploy" else "release-1"
    changed_game, changed = game, rules
    if change == "game":
        changed_game, changed = other, other.rules()
    elif change == "house rules":
        changed = game.rules_class(len(names), {"nov_rounding": "tenth"}, names)
    elif change == "seat names":
        changed = game.rules_class(len(names), {}, [*names[:-1], "Zoe"])
    elif change == "rules version":
        newer = type("NewerUi77", (type(rules),), {"version": type(rules).version + 1})
        changed = newer(len(names), {}, names)
    _forget()
    with override_settings(COMPANION_DEPLOY_VERSION="release-1"):
        first = replays.cache_key(game, rules)
    with override_settings(COMPANION_DEPLOY_VERSION=deploy):
        assert replays.cache_key(changed_game, changed) != first
