"""Hostile and malformed input to every form (issue 10, "Done means"), with hypothesis: every
entry form of every registered game (in states taken from each game's example logs), the
import, the table, club and player forms; and ``manage.py replay`` over mutated logs.

What must hold for every request: no response is a server error (>= 500); a request that
changed nothing carries a message where the user is looking (an alert in the form, an error
list, a flash message or the refusal page); and after a refusal the database is exactly as it
was. A request that is accepted may change things: the fuzzer also builds valid entries.

The suite runs a bounded, repeatable number of examples (derandomized, so CI sees the same
ones); ``bench/fuzz.py`` sends many thousands of random ones at a running server.
"""

from __future__ import annotations

import io
import json
import os
import uuid
from pathlib import Path
from typing import Any

import pytest
from django import forms
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from bench.fuzz import HOSTILE as BENCH_HOSTILE
from companion import games
from companion.rules import InvalidEventError
from companion.rules.cards import RANK_NAMES, parse_card
from companion.tables import actions
from companion.tables.entry import forms_for
from companion.tables.models import Club, Event, Game, OptionChange, Player, Seat, Table
from tests.rules import card_fields

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
HTMX = {"HX-Request": "true"}

#: COMPANION_FUZZ_EXAMPLES=500 for a longer, random run by hand.
_EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "0"))
FUZZ = hsettings(
    max_examples=_EXAMPLES or 12,
    deadline=None,
    derandomize=not _EXAMPLES,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)

#: Values a hostile tester types: the fuzz bench's (control characters, digits that are not
#: ASCII digits, numbers with thousands of digits, markup, formulas, very long text, a few plain
#: digits), and a hexadecimal number.
HOSTILE = [*BENCH_HOSTILE, "0x10"]

#: Marks of a message on the page: an entry form's alert, an error list, a flash message, the
#: page of a request refused before any view (refused.html and the error pages).
MESSAGE_MARKS = ('role="alert"', 'class="errorlist"', 'class="message message-', "refusal")


def _text() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.text(st.characters(exclude_categories=("Cs",)), max_size=12),
    )


def _snapshot() -> tuple[Any, ...]:
    return (
        tuple(m.objects.count() for m in (Table, Club, Player, Game, Seat, Event, OptionChange)),
        tuple(Table.objects.order_by("pk").values_list("pk", "version", "club_id", "name")),
        tuple(Game.objects.order_by("pk").values_list("pk", "options")),
    )


def _has_message(response: Any) -> bool:
    body = response.content.decode("utf-8", "replace")
    return any(mark in body for mark in MESSAGE_MARKS)


def _check(response: Any, before: tuple[Any, ...], what: str, *, submitted: bool = True) -> None:
    """No server error; a submission that changed nothing says why and changed nothing."""
    assert response.status_code < 500, (what, response.status_code)
    if _snapshot() != before:
        assert submitted, ("a page that only shows changed something", what)
        return  # accepted
    if not submitted:
        return
    assert _has_message(response), (what, response.status_code, response.content[:3000])


def _logs(key: str) -> list[dict[str, Any]]:
    return [
        json.loads(p.read_text())
        for p in sorted((EXAMPLES / key).glob("*.json"))
        if not p.name.endswith(".expected.json")
    ]


def _names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"][:n]


def _game_at(key: str, logs: list[dict[str, Any]], which: int, prefix: int) -> Game:
    """A game of ``key``: one of its example logs imported up to entry ``prefix`` (a state
    in the middle of a real game), or a fresh game if the game has no example log."""
    if logs:
        log = dict(logs[which % len(logs)])
        log["events"] = log["events"][: prefix % (len(log["events"]) + 1)]
        return actions.check_import_log(log)[1]
    cls = games.GAMES[key]
    table = actions.do_create_table(_names(cls.seats.start))
    return actions.check_start_game(table, key, list(table.players.all()), {})


def _field_values(field: forms.Field) -> st.SearchStrategy[Any]:
    choices = [str(v) for v, _ in getattr(field, "choices", []) or [] if not isinstance(v, list)]
    one = st.one_of(st.sampled_from(choices), _text()) if choices else _text()
    if isinstance(field, forms.MultipleChoiceField):
        return st.lists(one, max_size=4)
    return one


@st.composite
def _entry_post(draw: st.DrawFn, game: Game) -> tuple[str, dict[str, Any], bool]:
    """A kind (usually one the game records, sometimes not) and its fields: each drawn from the
    field's own choices or from hostile text, or left out; plus junk fields."""
    loaded = actions.load(game)
    kinds = list(forms_for(game.game))
    kind = draw(st.one_of(st.sampled_from(kinds), st.sampled_from(["nonsense", "void", "²"])))
    data: dict[str, Any] = {}
    if kind in kinds:
        form = forms_for(game.game)[kind](loaded)
        for name, field in form.fields.items():
            if name in ("client_id", "at"):
                continue
            if draw(st.integers(0, 9)) < 8:
                data[name] = draw(_field_values(field))
    data["client_id"] = draw(
        st.one_of(st.just(str(uuid.uuid4())), st.just(str(uuid.uuid4())), _text())
    )
    at = draw(st.one_of(st.just(str(loaded.count)), st.just(str(loaded.count)), _text()))
    if draw(st.booleans()) or at:
        data["at"] = at
    for _ in range(draw(st.integers(0, 2))):
        data[draw(_text()) or "junk"] = draw(_text())
    return kind, data, draw(st.booleans())


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_every_entry_form_survives_hostile_input(key: str, db: None) -> None:
    logs = _logs(key)

    @FUZZ
    @given(which=st.integers(0, 50), prefix=st.integers(0, 400), data=st.data())
    def run(which: int, prefix: int, data: st.DataObject) -> None:
        game = _game_at(key, logs, which, prefix)
        kind, fields, htmx = data.draw(_entry_post(game))
        client = Client()
        before = _snapshot()
        response = client.post(
            f"/t/{game.table.score_key}/g/{game.number}/record/{kind}/",
            fields,
            headers=HTMX if htmx else {},
        )
        _check(response, before, f"{key} {kind} {fields!r}"[:500])

    run()


# --- the import and ``manage.py replay`` over mutated logs ------------------------------------

ALL_LOGS = [p for p in sorted(EXAMPLES.glob("*/*.json")) if not p.name.endswith(".expected.json")]

JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([10**40, -(10**40), 1.5, float("1e308")]),
        _text(),
        st.sampled_from(["QS", "JK", "10H", "ZZ", "north", "Ann", "deal", "void"]),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text(), inner, max_size=3),
    max_leaves=6,
)


@st.composite
def _mutated_log(draw: st.DrawFn) -> bytes:
    """An example log with a few changes: a value replaced, a key dropped, events cut or
    repeated, or the JSON text itself broken (cut, bytes changed, nested deep)."""
    path = draw(st.sampled_from(ALL_LOGS))
    log: Any = json.loads(path.read_text())
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.integers(0, 5))
        events = log.get("events") if isinstance(log, dict) else None
        if how == 0 and isinstance(events, list) and events:
            i = draw(st.integers(0, len(events) - 1))
            if isinstance(events[i], dict) and events[i]:
                field = draw(st.sampled_from(sorted(events[i])))
                events[i][field] = draw(JSON_VALUES)
        elif how == 1 and isinstance(log, dict):
            log[draw(st.sampled_from(["format", "game", "players", "options", "events"]))] = draw(
                JSON_VALUES
            )
        elif how == 2 and isinstance(log, dict) and log:
            log.pop(draw(st.sampled_from(sorted(log))))
        elif how == 3 and isinstance(events, list) and events:
            cut = draw(st.integers(0, len(events)))
            log["events"] = events[:cut] + events[: draw(st.integers(0, cut))]
        elif how == 4 and isinstance(log, dict):
            log["players"] = draw(st.lists(_text(), max_size=6))
        elif how == 5 and isinstance(events, list):
            events.append(
                {"type": "correction", "target": 0, "event": draw(JSON_VALUES)}
                if draw(st.booleans())
                else {"type": "void", "target": draw(st.integers(-3, 10**6))}
            )
    raw = json.dumps(log).encode()
    damage = draw(st.integers(0, 6))
    if damage == 0 and raw:
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at + 1 :]
    elif damage == 1:
        raw = raw[: draw(st.integers(0, len(raw)))]
    elif damage == 2:
        raw = b'{"events": ' + b"[" * draw(st.integers(30, 5000)) + raw
    elif damage == 3:
        raw = (
            raw.replace(b'"', b'"\\ud800', 1)
            if draw(st.booleans())
            else raw.decode().encode("utf-16")
        )
    return raw


@FUZZ
@given(raw=_mutated_log())
def test_the_import_survives_mutated_logs(raw: bytes, db: None) -> None:
    client = Client()
    before = _snapshot()
    response = client.post("/import/", {"file": SimpleUploadedFile("g.json", raw)})
    _check(response, before, repr(raw[:300]))


@FUZZ
@given(raw=_mutated_log())
def test_replay_answers_mutated_logs_with_json(raw: bytes, tmp_path_factory: Any) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "log.json"
    path.write_bytes(raw)
    out = io.StringIO()
    try:
        call_command("replay", str(path), stdout=out)
    except SystemExit as exc:
        assert exc.code == 1
        printed = json.loads(out.getvalue())
        assert set(printed) == {"error"} and printed["error"]["message"]
    else:
        assert "totals" in json.loads(out.getvalue())


# --- the table, club and player forms ---------------------------------------------------------


@st.composite
def _table_request(draw: st.DrawFn, table: Table, club: Club) -> tuple[str, str, dict[str, Any]]:
    players = [str(p) for p in table.players.values_list("pk", flat=True)]
    game = draw(st.sampled_from(sorted(games.GAMES)))
    option_names = [o.name for o in games.GAMES[game].option_info]
    choice = draw(st.integers(0, 9))
    if choice == 0:
        names = draw(st.lists(st.one_of(_text(), st.sampled_from(_names(10))), max_size=8))
        return "post", "/new/", {"name": names, "title": draw(_text()), "client_id": draw(_text())}
    if choice == 1:
        return "post", "/club/new/", {"name": draw(_text()), "client_id": draw(_text())}
    if choice == 2:
        return "post", f"/t/{table.score_key}/players/", {"name": draw(_text())}
    if choice == 3:
        link = draw(
            st.one_of(
                _text(), st.just(f"https://x/t/{table.score_key}/"), st.just(f"/t/{table.view_key}")
            )
        )
        return "post", f"/c/{club.key}/tables/add/", {"link": link}
    if choice == 4:
        names = draw(st.lists(_text(), max_size=5))
        return "post", f"/c/{club.key}/tables/new/", {"name": names, "client_id": draw(_text())}
    if choice in (5, 6):
        data: dict[str, Any] = {
            "game": draw(st.one_of(st.just(game), _text())),
            "player": draw(st.lists(st.one_of(st.sampled_from(players), _text()), max_size=6)),
        }
        for name in option_names:
            if draw(st.booleans()):
                data[name] = draw(_text())
        if draw(st.booleans()):
            data["at"] = draw(st.one_of(st.just(str(table.games.count())), _text()))
        return "post", f"/t/{table.score_key}/start/", data
    if choice == 7:
        return "get", f"/c/{club.key}/", {"open": draw(_text())}
    if choice == 8:
        return "post", f"/c/{club.key}/tables/{draw(st.integers(0, 10**6))}/remove/", {}
    return "get", f"/t/{draw(_text())}/", {}


@pytest.mark.django_db
@hsettings(FUZZ, max_examples=_EXAMPLES or 60)
@given(data=st.data())
def test_the_table_club_and_player_forms_survive_hostile_input(data: st.DataObject) -> None:
    table = Table.objects.first() or actions.do_create_table(_names(4))
    club = Club.objects.first() or actions.do_create_club("Club")
    method, path, fields = data.draw(_table_request(table, club))
    client = Client()
    before = _snapshot()
    response = getattr(client, method)(path, fields, follow=method == "post")
    _check(response, before, f"{method} {path} {fields!r}"[:500], submitted=method == "post")


# --- every card in every card field, through the entry forms (issue 28) -----------------------

#: Every rank once (each in another suit, so every suit comes too), each kind of joker, and
#: malformed codes: what a phone can post into a card field, the grid's hidden values included.
WEB_TOKENS = [r + "SHDC"[i % 4] for i, r in enumerate(RANK_NAMES[n] for n in range(14, 1, -1))]
WEB_TOKENS += ["JK", "RJ", "BJ", "1H", "ZZ", "10X", "Q"]
RANK_CODES = {*RANK_NAMES.values(), "JK"}


def _is_card(text: Any) -> bool:
    try:
        parse_card(str(text))
    except InvalidEventError:
        return False
    return True


def _rank_chips(field: forms.Field) -> bool:
    values = {str(v) for v, _ in getattr(field, "choices", []) or [] if not isinstance(v, list)}
    return len(values & RANK_CODES) >= 3 and values <= RANK_CODES | {""}


def _card_spots(form: forms.Form, data: dict[str, Any]) -> list[tuple[str, str]]:
    """The card fields of a form, found from the fields and from what the form posts for a
    recorded entry: (how, name). A card code (a trick's grid, a card chip: ``code``), rank
    chips (``rank``, with the suit chips beside them if the form has them), or text with cards
    among its words (typed cards, a picker's text, melds typed: ``words``)."""
    found = []
    for name, field in form.fields.items():
        if _rank_chips(field):
            found.append(("rank", name))
    for name, value in data.items():
        if isinstance(value, list) or ("rank", name) in found:
            continue
        text = str(value)
        if _is_card(text):
            found.append(("code", name))
        elif any(_is_card(word) for word in text.split()):
            found.append(("words", name))
    # one field of each way, and the last card field: a trick's first and last player
    picked = {how: (how, name) for how, name in reversed(found)}
    return sorted({*picked.values(), *found[-1:]})


def _posted(form: forms.Form, initial: dict[str, Any]) -> dict[str, Any]:
    """The form's fields as a phone posts them, from ``initial_from`` of a recorded entry."""
    from companion.tables.entry.cards import CardsField

    data: dict[str, Any] = {}
    for name, value in initial.items():
        field = form.fields.get(name)
        if value is None or field is None:
            continue
        if isinstance(field, CardsField):
            data[f"{name}_typed"] = " ".join(str(c) for c in value)
        elif isinstance(value, list | tuple | set | frozenset):
            data[name] = [str(v) for v in value]
        elif isinstance(value, bool):
            data[name] = "on" if value else ""
        else:
            data[name] = str(value)
    return data


def _with_token(data: dict[str, Any], how: str, name: str, token: str) -> list[dict[str, Any]]:
    """``data`` with ``token`` put in card field ``name``: in place of a card; among words,
    also added, and the first card entered twice."""
    if how == "code":
        return [{**data, name: token}]
    if how == "rank":
        rank, suit = ("JK", "") if token in ("JK", "RJ", "BJ") else (token[:-1], token[-1])
        partner = name.replace("rank", "suit")
        return [{**data, name: rank, **({partner: suit} if partner != name else {})}]
    words = str(data[name]).split()
    first = next(i for i, w in enumerate(words) if _is_card(w))
    changed = [[*words[:first], token, *words[first + 1 :]]]
    if token == WEB_TOKENS[0]:  # once per field: a card added, and a card entered twice
        changed.append([*words[: first + 1], "JK", *words[first + 1 :]])
        changed.append([*words[: first + 1], words[first], *words[first + 1 :]])
    return [{**data, name: " ".join(words)} for words in changed]


def _fresh(template: Any) -> Game:
    """The game of ``template``'s example log, imported up to the entry it stands for."""
    log = dict(dict(card_fields.example_logs(template.key))[template.log])
    log["events"] = log["events"][: template.index]
    return actions.check_import_log(log)[1]


WEB_TEMPLATES = [t for key in sorted(games.GAMES) for t in card_fields.templates(key, per_kind=1)]


@pytest.mark.parametrize(
    "template",
    WEB_TEMPLATES,
    ids=[f"{t.key}-{t.data['type']}-{t.log}-{t.index}" for t in WEB_TEMPLATES],
)
def test_every_card_in_every_card_field_of_the_entry_forms(template: Any, db: None) -> None:
    """Each card of ``WEB_TOKENS`` (and copies, and codes that are no card) posted into every
    card field of the form that records ``template``'s kind, filled in as for the entry the
    example log records there: refused with a message where the user looks, or accepted;
    never a server error."""
    game = _fresh(template)
    loaded = actions.load(game)
    form_class = forms_for(template.key)[template.data["type"]]
    event = loaded.rules.event_from_dict(template.data, by_name=True)
    form = form_class(loaded)
    base = _posted(form, form.initial_from(event))
    url = f"/t/{game.table.score_key}/g/{game.number}/record/{template.data['type']}/"
    spots = _card_spots(form, base)
    assert spots, f"{template.key} {template.data['type']}: no card field found in the form"
    client = Client()
    posts = 0
    for how, name in spots:
        for token in WEB_TOKENS:
            for data in _with_token(base, how, name, token):
                fields = {**data, "client_id": str(uuid.uuid4()), "at": str(loaded.count)}
                before = _snapshot()
                response = client.post(url, fields)
                posts += 1
                _check(response, before, f"{template.key} {how} {name} {fields!r}"[:500])
                if _snapshot() != before:  # accepted: start again from the same state
                    game = _fresh(template)
                    loaded = actions.load(game)
                    url = f"/t/{game.table.score_key}/g/{game.number}/record/"
                    url += f"{template.data['type']}/"
    print(template.key, template.data["type"], posts, "posts")  # the figures, with -s
    assert posts >= len(WEB_TOKENS)
