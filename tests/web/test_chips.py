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
