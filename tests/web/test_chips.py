"""The chips are drawn in Python for speed; they must be exactly what the templates draw."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.conf import settings
from django.forms import CheckboxSelectMultiple, RadioSelect

from companion.games import GAMES
from companion.games import log as game_log
from companion.rules import replay
from companion.tables.entry import forms_for
from companion.tables.entry.base import Chips, ChipsMulti

EXAMPLES = sorted(
    p
    for p in (Path(settings.BASE_DIR) / "docs" / "examples").glob("*/*.json")
    if not p.name.endswith(".expected.json") and p.parent.name in GAMES
)


def _template_render(widget: Any, name: str, value: Any) -> str:
    base = RadioSelect if isinstance(widget, Chips) else CheckboxSelectMultiple
    return str(base.render(widget, name, value, {"id": f"id_{name}"}))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_chip_of_every_form_renders_as_its_template_does(path: Path) -> None:
    log = game_log.load_log(json.loads(path.read_text()))
    rules, compared = log.rules, 0
    for end in range(0, len(log.events) + 1, 3):
        state = replay(rules, log.events[:end]).state
        loaded = SimpleNamespace(rules=rules, state=state, game=None, count=end)
        for kind in rules.expects(state):
            form_class = forms_for(rules.key).get(kind)
            if form_class is None:
                continue
            form = form_class(loaded)
            for bound in form:
                widget = bound.field.widget
                if not isinstance(widget, Chips | ChipsMulti):
                    continue
                for value in (bound.value(), None):
                    fast = str(widget.render(bound.html_name, value, {"id": bound.auto_id}))
                    slow = _template_render(widget, bound.html_name, value)
                    assert fast == slow.replace(
                        f'id="id_{bound.html_name}"', f'id="{bound.auto_id}"'
                    )
                    compared += 1
    assert compared > 0


@pytest.mark.parametrize(
    ("value", "attrs"),
    [
        ("0c1d2e3f-0000-4000-8000-000000000001", {"id": "id_client_id"}),
        (17, {"id": "id_at"}),
        (None, {}),
        ('a "quoted" <value> & more', {"id": "x", "data-x": 'y"z', "required": True, "off": False}),
    ],
)
@pytest.mark.parametrize("kind", ["Hidden", "TextInput", "NumberInput"])
def test_inputs_render_as_the_template_does(value: Any, attrs: dict[str, Any], kind: str) -> None:
    from django import forms

    from companion.tables.entry import base

    reference = {"Hidden": forms.HiddenInput}.get(kind) or getattr(forms, kind)
    own = {"class": "count", "placeholder": "AS KS"}
    fast = str(getattr(base, kind)(own).render("client_id", value, attrs))
    slow = str(reference(own).render("client_id", value, attrs))
    assert fast == slow


def _grid_drawn_chip_by_chip(widget: Any, name: str, value: Any, label: str) -> str:
    """A card grid drawn one chip at a time, as CardGrid did before it kept its rows."""
    from django.utils.html import escape

    from companion.tables.entry.base import _card_chip, _options

    parts = [f'<div class="card-grid" role="radiogroup" aria-label="{escape(label)}">']
    for group, options in _options(widget, name, value, {}):
        parts.append(f'<div class="card-row" data-suit="{escape(str(group or ""))}">')
        parts.extend(_card_chip(option) for option in options)
        parts.append("</div>")
    return "".join(parts) + "</div>"


@pytest.mark.parametrize(
    "path",
    [p for p in EXAMPLES if '"type": "trick"' in p.read_text()],
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_card_grids_keep_their_rows_and_draw_each_players_own(path: Path) -> None:
    """The players' grids of one trick share their rows, drawn once; each grid still has its
    own field name and its own card checked, as drawing chip by chip gives."""
    from companion.tables.entry.base import CardGrid

    log = game_log.load_log(json.loads(path.read_text()))
    rules, compared = log.rules, 0
    for end in range(0, len(log.events) + 1, 2):
        state = replay(rules, log.events[:end]).state
        if "trick" not in rules.expects(state):
            continue
        loaded = SimpleNamespace(rules=rules, state=state, game=None, count=end)
        form = forms_for(rules.key)["trick"](loaded)
        grids = [b for b in form if isinstance(b.field.widget, CardGrid)]
        assert len({id(b.field.widget.choices) for b in grids}) == 1
        codes = [str(v) for _, opts in grids[0].field.widget.choices for v, _ in opts]
        for bound, value in zip(grids, [None, codes[0], codes[-1], "ZZ"], strict=False):
            widget = bound.field.widget
            label = widget.attrs["aria-label"]
            drawn = str(widget.render(bound.html_name, value))
            assert drawn == _grid_drawn_chip_by_chip(widget, bound.html_name, value, label)
            assert (" checked" in drawn) == (value in codes)
            compared += 1
    assert compared > 0


def test_a_kept_card_grid_is_drawn_again_in_another_language() -> None:
    """Rows kept for one language are not shown in another (choices with lazy labels)."""
    from django.utils import translation
    from django.utils.translation import gettext_lazy

    from companion.tables.entry.base import CardGrid, FixedChoices

    choices = FixedChoices([("JK", [("JK", gettext_lazy("Dealer"))])])
    grid = CardGrid(choices=choices, attrs={"aria-label": "Ann"})
    with translation.override("en"):
        english = str(grid.render("card_0", None))
    with translation.override("fr"):
        french = str(grid.render("card_0", None))
    assert "Dealer" in english and "Dealer" not in french


def test_a_trick_form_names_its_cards_in_each_page_s_language() -> None:
    """The grid's card labels are worked out once per language (entry.base._said_ranks): an
    English grid names the jack J, a French one V (valet), whichever was drawn first."""
    from django.utils import translation

    path = Path(settings.BASE_DIR) / "docs" / "examples" / "belote" / "made-contract.json"
    log = game_log.load_log(json.loads(path.read_text()))
    rules, events = log.rules, list(log.events)
    first = next(i for i, e in enumerate(events) if e.kind == "trick")
    state = replay(rules, events[:first]).state
    loaded = SimpleNamespace(rules=rules, state=state, game=None, count=first)
    labels = {}
    for language in ("en", "fr", "en", "fr"):
        with translation.override(language):
            form = forms_for(rules.key)["trick"](loaded)
            grid = form.card_choices()
            labels.setdefault(language, grid)
            assert labels[language] == grid
    english = {code: label for _, row in labels["en"] for code, label in row}
    french = {code: label for _, row in labels["fr"] for code, label in row}
    assert english["JS"] == "J♠" and french["JS"] == "V♠" and english["7H"] == french["7H"]


def test_a_chip_s_attributes_are_escaped_as_django_escapes_them() -> None:
    from django.utils.html import escape
    from django.utils.translation import gettext_lazy

    from companion.tables.entry.base import escape_text as _e

    for value in ("Ann & Cat", '"10H"', "<b>'x'</b>", 5, gettext_lazy("Dealer"), ""):
        assert _e(value) == escape(value)
        assert _e(value) == escape(value), "as escaped the first time"
    from django.utils.html import conditional_escape
    from django.utils.safestring import mark_safe

    from companion.tables.entry.base import _ce

    for value in ("Ann & Cat", "<b>'x'</b>", 5, gettext_lazy("Dealer"), mark_safe("<i>a</i>")):
        assert _ce(value) == str(conditional_escape(value))


def test_escaped_texts_are_kept_short_and_few(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short texts are kept as escaped, up to a bound; a long one (a pasted note, a token) is
    escaped each time and never kept; full, the store is emptied and goes on."""
    from django.utils.html import escape

    from companion.tables.entry import base

    monkeypatch.setattr(base, "_ESCAPED", {})
    monkeypatch.setattr(base, "_ESCAPED_MOST", 3)
    long = "<" + "x" * base._ESCAPED_LONGEST
    assert base.escape_text(long) == escape(long) and long not in base._ESCAPED
    for text in ("a&b", "<c>", "'d'"):
        assert base.escape_text(text) == escape(text)
    assert {t: escape(t) for t in ("a&b", "<c>", "'d'")} == base._ESCAPED
    assert base.escape_text('"e"') == "&quot;e&quot;"
    assert base._ESCAPED == {'"e"': "&quot;e&quot;"}
    assert [base.escape_text(t) for t in ("a&b", '"e"')] == ["a&amp;b", "&quot;e&quot;"]


def test_seat_chips_are_not_normalised_again_for_each_field_and_widget() -> None:
    """Django normalises a field's choices, then its widget's, each time a form is made; the
    players' chips are handed over as ``FixedChoices``, which it takes as they are, even with
    a "nobody" chip added in front."""
    from companion.tables.entry.base import FixedChoices

    log = game_log.load_log(
        json.loads(
            (Path(settings.BASE_DIR) / "docs/examples/belote/made-contract.json").read_text()
        )
    )
    state = replay(log.rules, log.events[:1]).state
    loaded = SimpleNamespace(rules=log.rules, state=state, game=None, count=1)
    form = forms_for("belote")["result"](loaded)
    for name in ("taker", "last_trick"):
        field = form.fields[name]
        assert isinstance(field.choices, FixedChoices) and field.widget.choices is field.choices
    assert [v for v, _ in form.fields["last_trick"].choices] == ["", 0, 1, 2, 3]


def _trick_state(hands_in: int = 0) -> tuple[Any, Any, list[Any]]:
    path = Path(settings.BASE_DIR) / "docs" / "examples" / "belote" / "made-contract.json"
    log = game_log.load_log(json.loads(path.read_text()))
    events = list(log.events)
    tricks = [i for i, e in enumerate(events) if e.kind == "trick"]
    at = tricks[hands_in]
    state = replay(log.rules, events[:at]).state
    return log.rules, SimpleNamespace(rules=log.rules, state=state, game=None, count=at), events


def test_trick_forms_for_the_same_cards_share_one_grid() -> None:
    """The grid is made once for a hand's cards still out, in a language: the form an entry's
    answer draws and the form that entry is then posted to share it (and its drawn rows); a
    trick later, or in another language, it is another grid; a form with its own
    ``card_choices`` makes its own."""
    from django.utils import translation

    rules, loaded, _events = _trick_state(0)
    trick = forms_for(rules.key)["trick"]
    with translation.override("en"):
        shown = trick(loaded)
        posted = trick(loaded, {"card_0": "JS", "at": str(loaded.count)})
        grid = shown.fields["card_0"].widget.choices
        assert posted.fields["card_1"].widget.choices is grid
        str(shown["card_0"])  # drawn once: the posted form's grid has the rows
        assert posted.fields["card_0"].widget.choices.grid is not None
        _, later, _ = _trick_state(1)
        assert trick(later).fields["card_0"].widget.choices is not grid
    with translation.override("fr"):
        french = trick(loaded).fields["card_0"].widget.choices
        assert french is not grid and list(french) != list(grid)

    class OwnGrid(trick):  # type: ignore[misc, valid-type]
        def card_choices(self) -> list[tuple[str, list[tuple[str, str]]]]:
            return [("♠", [("AS", "A♠")])]

    mine = OwnGrid(loaded).fields["card_0"].widget.choices
    assert list(mine) == [("♠", [("AS", "A♠")])]
    assert OwnGrid(loaded).fields["card_0"].widget.choices is not mine


def test_trick_forms_for_the_same_cards_share_their_fields_and_nothing_else() -> None:
    """Forms made for the same cards share their fields (each player's grid, the typed box, the
    submission id, the log's length), made once; what was posted to one, its errors and its
    choices, is never seen by another."""
    rules, loaded, _events = _trick_state(0)
    trick = forms_for(rules.key)["trick"]
    first, second = trick(loaded), trick(loaded)
    assert list(first.fields) == list(second.fields)
    assert all(first.fields[n] is second.fields[n] for n in first.fields)
    shown = str(first["card_0"])
    blank = {name: str(second[name]) for name in second.fields if name != "client_id"}
    posted = trick(loaded, {"card_0": "JS", "card_1": "ZZ", "typed": "x" * 81, "client_id": "x"})
    assert not posted.is_valid()
    assert set(posted.errors) >= {"typed", "client_id"}
    assert 'value="JS" checked' in str(posted["card_0"])
    assert 'value="JS" checked' not in str(first["card_0"]) == shown
    # Forms made before and after the post draw as they did, without its errors or cards.
    for form in (second, trick(loaded)):
        assert {name: str(form[name]) for name in form.fields if name != "client_id"} == blank
        assert form.is_bound is False and not form.errors
    assert trick(loaded).fields["card_0"].label == rules.names[0]


def test_a_trick_form_s_fields_draw_as_fields_given_their_widgets_do() -> None:
    """The card grids and the typed box are made from their widget classes (a widget handed
    to a field is deep-copied by it); they draw exactly as fields handed the widgets would."""
    from django import forms

    from companion.tables.entry.base import CardGrid, FixedChoices, TextInput

    rules, loaded, _events = _trick_state(0)
    form = forms_for(rules.key)["trick"](loaded, {"card_2": "JS", "typed": "7h"})
    name = rules.names[2]
    grid = FixedChoices(form.card_choices())
    made = {
        "card_2": forms.CharField(
            label=name,
            required=False,
            widget=CardGrid(choices=grid, attrs={"aria-label": name}),
        ),
        "typed": forms.CharField(
            label=form.fields["typed"].label,
            required=False,
            max_length=80,
            widget=TextInput(
                attrs={
                    "autocomplete": "off",
                    "spellcheck": "false",
                    "autocapitalize": "characters",
                    "placeholder": "AS KS 10H QH",
                }
            ),
        ),
    }
    for field_name, field in made.items():
        given = forms.Form({"card_2": "JS", "typed": "7h"})
        given.fields[field_name] = field
        assert str(form[field_name]) == str(given[field_name])
        assert list(form.fields[field_name].widget.attrs) == list(field.widget.attrs)


def test_entry_forms_declare_no_fields_to_be_copied_for_each_form() -> None:
    """Django deep-copies a form class's declared fields for every form it makes; the entry
    forms make theirs instead, the submission id and the log's length first."""
    from companion.tables.entry.base import EntryForm

    classes = {c for game in GAMES for c in forms_for(game).values()}
    assert classes and all(not c.base_fields for c in [EntryForm, *classes])
    rules, loaded, _events = _trick_state(0)
    form = forms_for(rules.key)["trick"](loaded, {"client_id": "x"})
    assert list(form.fields)[:2] == ["client_id", "at"]
    assert not form.is_valid()
    assert form.errors["client_id"] == [
        "This form's submission id is damaged: reload the page and try again."
    ]


@pytest.mark.parametrize("path", EXAMPLES[:: max(1, len(EXAMPLES) // 6)], ids=lambda p: p.stem)
def test_no_errors_draw_as_nothing_without_a_template_and_errors_as_django_draws_them(
    path: Path,
) -> None:
    """An entry form's field errors: none draw as nothing without rendering a template (each
    form template prints every field's errors), some as Django's own error list draws them."""
    from django.forms.utils import ErrorList
    from django.test.signals import template_rendered

    from companion.tables.entry.base import QuietErrors

    log = game_log.load_log(json.loads(path.read_text()))
    rules = log.rules
    state = replay(rules, log.events[:1]).state
    loaded = SimpleNamespace(rules=rules, state=state, game=None, count=1, result=None)
    kind = sorted(rules.expects(state))[0]
    form_class = forms_for(rules.key)[kind]
    rendered: list[Any] = []

    def seen(**kwargs: Any) -> None:
        rendered.append(kwargs["template"])

    template_rendered.connect(seen)
    try:
        blank = form_class(loaded)
        errors = blank[next(iter(blank.fields))].errors
        assert isinstance(errors, QuietErrors)
        assert (str(errors), errors.__html__()) == ("", "")
        assert rendered == []
        refused = form_class(loaded, {"client_id": "not-a-uuid"})
        assert not refused.is_valid()
        said = refused["client_id"].errors
        assert isinstance(said, QuietErrors) and len(said) == 1
        assert str(said) == ErrorList.render(said)  # Django's own drawing of the same list
        assert "<ul" in str(said) and rendered  # drawn by Django's template
    finally:
        template_rendered.disconnect(seen)
