"""The form shown after a deal follows the way the table recorded its latest hand: quick entry
of the whole hand, unless that hand was played card by card; then the bidding or the first
trick. Asked for by name (a tab), any form the game expects is shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings

from companion.games import log as game_log
from companion.rules import replay
from companion.tables import actions
from companion.tables.context import available_kinds, pick_form
from companion.tables.entry import forms_for

EXAMPLES = sorted(
    p
    for p in (Path(settings.BASE_DIR) / "docs" / "examples").glob("*/*.json")
    if not p.name.endswith(".expected.json")
)
#: The games that can be recorded both ways, and their quick entry of a whole hand.
WHOLE_HAND = {
    "belote": "result",
    "buck_euchre": "result",
    "elusive_34": "result",
    "malilla": "tally",
    "recruit": "piles",
    "ui77": "result",
}


def _expected(kinds: list[str], events: list, whole: str) -> str:
    """What the table did last, read from the log: the latest entry that is a
    trick or the whole hand at once says how the table records."""
    if kinds[0] != whole:
        return kinds[0]
    latest = next((e.kind for e in reversed(events) if e.kind in ("trick", whole)), None)
    if latest == "trick":
        return next(k for k in kinds if k != whole)
    return whole


def _loaded(rules, events):  # type: ignore[no-untyped-def]
    recent = tuple(
        actions.Entry(i, e, None)  # type: ignore[arg-type]
        for i, e in list(enumerate(events))[-actions.RECENT :]
    )
    return actions.Loaded(None, rules, replay(rules, events), recent)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "path",
    [p for p in EXAMPLES if p.parent.name in WHOLE_HAND],
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_after_a_deal_the_form_is_the_one_the_latest_hand_was_recorded_with(path: Path) -> None:
    log = game_log.load_log(json.loads(path.read_text()))
    rules, events = log.rules, list(log.events)
    whole = WHOLE_HAND[rules.key]
    forms = forms_for(rules.key)
    assert [k for k, f in forms.items() if f.whole_hand] == [whole]
    seen = set()
    for end in range(len(events) + 1):
        loaded = _loaded(rules, events[:end])
        kinds = available_kinds(loaded)
        if not kinds:
            continue
        form = pick_form(loaded, None)
        assert form is not None
        want = _expected(kinds, [e.event for e in loaded.recent], whole)
        assert form.kind == want, (end, kinds)
        seen.add(want)
        for kind in kinds:  # a tab still shows its own form
            chosen = pick_form(loaded, kind)
            assert chosen is not None and chosen.kind == kind
    assert seen


@pytest.mark.parametrize(
    ("example", "deal", "shown"),
    [
        ("belote/card-by-card-to-1000", 1, "result"),  # nothing recorded yet: quick entry
        ("belote/card-by-card-to-1000", 2, "bid"),
        ("belote/card-by-card-to-1000", 3, "bid"),
        ("belote/game-to-1000", 2, "result"),
    ],
)
def test_the_form_after_a_deal(example: str, deal: int, shown: str) -> None:
    path = Path(settings.BASE_DIR) / "docs" / "examples" / f"{example}.json"
    log = game_log.load_log(json.loads(path.read_text()))
    events = list(log.events)
    deals = [i for i, e in enumerate(events) if e.kind == "deal"]
    form = pick_form(_loaded(log.rules, events[: deals[deal - 1] + 1]), None)
    assert form is not None and form.kind == shown
