"""The panels drawn in Python (companion/tables/panels.py) are what their reference templates
under ``templates/reference/`` draw: the prompt, the entry panel and form, a trick's form, the
hand's tricks, the scores (latest hands and every hand), the rules for this hand, the history,
the poll, the result to share, and the live panel and the answer to an entry that are made of
them, for the states of
every game's example log (a trick under way, a deal, the game over), in every language, for a
scorer and a viewer, with a stale form, a refused one and one with field errors, an abandoned
game."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.template import Context, engines
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from companion import rules as engine
from companion.games import GAMES
from companion.games import log as game_log
from companion.tables import actions, panels
from companion.tables.context import game_context, pick_form, scoreboard
from companion.tables.entry import forms_for
from companion.tables.i18n import one_language
from companion.tables.models import Event, Game, Player, Table

from .test_history_rows import _flat

EXAMPLES = sorted(
    p
    for p in (Path(settings.BASE_DIR) / "docs" / "examples").glob("*/*.json")
    if not p.name.endswith(".expected.json") and p.parent.name in GAMES
)
LANGUAGES = [code for code, _ in settings.LANGUAGES]
ENGINE = engines["django"].engine


def _game(log: game_log.GameLog, events: list[engine.Event]) -> Game:
    """A table and game holding ``events`` of the example's log."""
    table = Table.objects.create(name="Panels")
    players = Player.objects.bulk_create(
        Player(table=table, name=name, position=i) for i, name in enumerate(log.rules.names)
    )
    game = actions.check_start_game(table, log.rules.key, players, log.rules.options_dict())
    Event.objects.bulk_create(
        Event(game=game, seq=i, kind=e.kind, payload=engine.to_dict(e))
        for i, e in enumerate(events)
    )
    return game


def _context(game: Game, can_score: bool, form: Any = None, **extra: Any) -> dict[str, Any]:
    table = Table.objects.get(pk=game.table_id)
    loaded = actions.load(game)
    request = RequestFactory().get("/", HTTP_HOST="testserver")
    key = table.score_key if can_score else table.view_key
    chosen = form if form is not None else pick_form(loaded, None)
    ctx = game_context(request, table, key, can_score, loaded, chosen)
    return {**ctx, "csrf_token": "TOKEN", "loaded": loaded, **extra}


def _same(reference: str, drawn: Any, ctx: dict[str, Any]) -> None:
    want = ENGINE.get_template(reference).render(Context(ctx))
    with one_language():  # as the views draw the answer to an entry
        got = str(drawn(Context(ctx)))
    assert _flat(got) == _flat(want.split("{% endcomment %}")[-1])


def _compare_all(ctx: dict[str, Any]) -> int:
    """Every panel of ``ctx`` against its reference; how many forms' own templates were
    compared too."""
    compared = 0
    for oob in (True, False):
        with_oob = {**ctx, "oob": oob, "swap_oob": oob}
        _same("reference/tables/_status.html", panels.status, with_oob)
        _same("reference/tables/_history.html", panels.history, with_oob)
        _same("reference/tables/_poll.html", panels.poll, with_oob)
        _same("reference/tables/_export.html", panels.export, with_oob)
        if ctx["can_score"]:
            _same("reference/tables/_entry.html", panels.entry, with_oob)
    # The live panel: an entry's answer (written), the poll's with the step seen or not, the page.
    for oob, written, seen in ((True, True, None), (True, False, ctx["step"]), (True, False, "x")):
        live = {**ctx, "oob": oob, "swap_oob": oob, "written": written, "seen_step": seen}
        _same("reference/tables/_live.html", panels.live, live)
    _same("reference/tables/_live.html", panels.live, {**ctx, "oob": False, "swap_oob": False})
    if ctx["can_score"]:  # the answer to an entry within a hand, rules for it changed or not
        for same in (True, False):
            _same("reference/tables/_written.html", panels.written, {**ctx, "same_reminders": same})
    _same("reference/tables/_scoreboard.html", panels.scoreboard, ctx)
    _same("reference/tables/_reminders.html", panels.reminders, ctx)
    every = {**ctx, "board": scoreboard(ctx["loaded"], every_hand=True)}
    _same("reference/tables/_scoreboard.html", panels.scoreboard, every)
    hand = f"reference/{ctx['hand_template'].template.origin.template_name}"
    if (Path(settings.BASE_DIR) / "templates" / hand).exists():
        _same(hand, panels.hand, ctx)
        compared += 1
    form = ctx.get("form")
    if ctx["can_score"] and form is not None:
        for htmx in (True, False):
            with_action = {**ctx, "action": "/record/", "htmx": htmx}
            _same(
                "reference/tables/_entry_form.html",
                lambda c, htmx=htmx: panels.entry_form(c, form, "/record/", htmx),
                with_action,
            )
        for name, draw in panels.DRAWN.items():
            if form.template == name:
                _same(f"reference/{name}", draw, ctx)
                compared += 1
    return compared


@pytest.mark.django_db
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_panel_of_every_example_is_its_reference_templates(path: Path) -> None:
    log = game_log.load_log(json.loads(path.read_text()))
    events = list(log.events)
    ends = sorted({*range(0, len(events) + 1, max(1, len(events) // 5)), len(events)})
    for end in ends:
        game = _game(log, events[:end])
        for can_score in (True, False):
            for language in LANGUAGES:
                with translation.override(language):
                    _compare_all(_context(game, can_score))


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_refused_stale_and_abandoned_panels_are_their_reference_templates(
    language: str,
) -> None:
    """A trick refused by the rules (a violation with its rule), a form with field errors and
    a typed line, a stale form, several ways to record (tabs), and an abandoned game."""
    path = Path(settings.BASE_DIR) / "docs" / "examples" / "belote" / "made-contract.json"
    log = game_log.load_log(json.loads(path.read_text()))
    rules = log.rules
    events = list(log.events)
    # The first trick of the game: the trick form, with the cards the rules expect.
    first = next(i for i, e in enumerate(events) if e.kind == "trick")
    game = _game(log, events[:first])
    loaded = actions.load(game)
    drawn = 0
    with translation.override(language):
        form = pick_form(loaded, "trick", {"typed": "AS KS", "client_id": "not-a-uuid"})
        assert form is not None and not form.is_valid()
        drawn += _compare_all(_context(game, True, form, stale="Made for entry #3."))
        form = pick_form(loaded, "trick", {"typed": "AS KS QS JS"})
        assert form is not None
        form.violations = [
            engine.Violation("revoke", "Ann must follow suit.", rule="follow-suit"),
            engine.Violation("no-card", "Bob has no such card."),
        ]
        ctx = _context(game, True, form)
        assert len(ctx["kinds"]) > 1 or rules.key != "belote"
        drawn += _compare_all(ctx)
        actions.check_record_event(game, engine.Abandon())
        drawn += _compare_all(_context(game, True))
        drawn += _compare_all(_context(game, False))
    assert drawn >= 5


def test_the_game_page_draws_its_panels_in_python() -> None:
    """The pages reach the panels through the tags: the live templates are one line each."""
    for name in ("_status", "_entry", "_entry_form", "_history", "_poll", "_scoreboard"):
        source = (Path(settings.BASE_DIR) / "templates" / "tables" / f"{name}.html").read_text()
        assert source.startswith("{% load panels %}") and source.count("\n") <= 1, name
    for name in panels.HANDS:
        source = (Path(settings.BASE_DIR) / "templates" / name).read_text()
        assert source.startswith("{% load panels %}") and source.count("\n") <= 1, name
    assert reverse("tables:live", args=["k", 1]) == reverse("tables:game", args=["k", 1]) + "live/"


def test_a_games_hand_template_is_looked_for_once() -> None:
    """Looking for a game's own hand template, and not finding it, is dearer than drawing a
    small panel: each game's is looked for once, and is the game's own where it has one."""
    from companion.tables.kept.screen import hand_template as _hand_template

    _hand_template.cache_clear()
    for key, rules_class in GAMES.items():
        family = rules_class.family.value
        names = [f"games/{key}/_hand.html", f"games/{family}/_hand.html"]
        own = (Path(settings.BASE_DIR) / "templates" / names[0]).exists()
        assert _hand_template(key, family) == names[0 if own else 1]
        assert _hand_template(key, family) == names[0 if own else 1]
    assert _hand_template.cache_info().misses == len(GAMES)


@pytest.mark.django_db
def test_what_an_entry_s_answer_does_not_show_is_worked_out_only_when_drawn() -> None:
    """The share link and the house rules in force are on the page, not in the answer to an
    entry: the context works them out when a template first reads them."""
    from django.utils.functional import empty

    path = Path(settings.BASE_DIR) / "docs" / "examples" / "belote" / "made-contract.json"
    log = game_log.load_log(json.loads(path.read_text()))
    game = _game(log, list(log.events)[:3])
    ctx = _context(game, True)
    for name in ("view_url", "options"):
        assert ctx[name]._wrapped is empty, name
    table = Table.objects.get(pk=game.table_id)
    assert str(ctx["view_url"]) == f"http://testserver/t/{table.view_key}/"
    assert list(ctx["options"]) == list(log.rules.describe_options())


_PROCESSED: list[str] = []


def counting_processor(request: Any) -> dict[str, Any]:
    """A context processor that notes each time it runs."""
    _PROCESSED.append(request.path)
    return {}


@pytest.mark.django_db
def test_an_entrys_answer_runs_no_context_processor_for_a_form_drawn_by_its_template(
    client: Any, settings: Any
) -> None:
    """Recruit's swaps recorded with htmx: the answer draws the piles' form with the game's
    template (not drawn in Python), without binding the request's context processors to it;
    the page still runs them."""
    templates = [{**settings.TEMPLATES[0], "OPTIONS": {**settings.TEMPLATES[0]["OPTIONS"]}}]
    templates[0]["OPTIONS"]["context_processors"] = [
        *templates[0]["OPTIONS"]["context_processors"],
        f"{__name__}.counting_processor",
    ]
    settings.TEMPLATES = templates
    path = Path(settings.BASE_DIR) / "docs" / "examples" / "recruit" / "four-players-partners.json"
    log = game_log.load_log(json.loads(path.read_text()))
    events = list(log.events)
    assert [e.kind for e in events[:3]] == ["deal", "exchange", "piles"]
    game = _game(log, events[:1])
    after = actions.Loaded(game, log.rules, engine.replay(log.rules, events[:2]), ())
    form = pick_form(after, None)
    assert form is not None and form.kind == "piles" and form.template not in panels.DRAWN
    table = Table.objects.get(pk=game.table_id)
    base = f"/t/{table.score_key}/g/{game.number}/"
    client.get(base)
    assert _PROCESSED, "the page runs the context processors"
    _PROCESSED.clear()
    swaps = {f"swap_{seat}": n for seat, n in enumerate(events[1].swapped)}
    data = {**swaps, "client_id": str(uuid.uuid4()), "at": 1}
    response = client.post(f"{base}record/exchange/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert Event.objects.filter(game=game).count() == 2
    body = response.content.decode()
    assert "/record/piles/" in body and 'name="at" value="2"' in body
    assert _PROCESSED == []


#: The forms drawn in Python other than a trick's (which every example above draws often).
FORMS_DRAWN = sorted(name for name in panels.DRAWN if name != "games/_trick_form.html")


@pytest.mark.parametrize("name", FORMS_DRAWN)
def test_every_state_of_the_examples_draws_a_form_as_its_reference_template(name: str) -> None:
    """A form drawn in Python, for every state of its game's example logs that expects it
    (each bid of each round, dealer or not, upcard or not), blank and with a refused call, in
    every language."""
    game_key = name.split("/")[1]
    compared = 0
    for path in (p for p in EXAMPLES if p.parent.name == game_key):
        log = game_log.load_log(json.loads(path.read_text()))
        rules, events = log.rules, list(log.events)
        kinds = [k for k, f in forms_for(rules.key).items() if f.template == name]
        for end in range(len(events) + 1):
            result = engine.replay(rules, events[:end])
            loaded = actions.Loaded(None, rules, result, ())  # type: ignore[arg-type]
            for kind in kinds:
                if kind not in rules.expects(result.state):
                    continue
                form_class, draw = forms_for(rules.key)[kind], panels.DRAWN[name]
                for language in LANGUAGES:
                    with translation.override(language):
                        _same(f"reference/{name}", draw, {"form": form_class(loaded)})
                        refused = form_class(loaded, {"seat": "0", "call": "no-such-call"})
                        assert not refused.is_valid()
                        _same(f"reference/{name}", draw, {"form": refused})
                compared += 1
    assert compared >= 8  # bids of both rounds, in several hands
