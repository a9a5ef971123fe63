"""The game screen's "Rules for this hand" panel, and its links into the rules pages."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from companion.tables import actions
from companion.tables.kept.screen import reminders

EXAMPLES = Path(settings.BASE_DIR) / "docs" / "examples"
_LINK = re.compile(r'href="(/rules/[a-z_]+/)#([a-z-]+)" target="_blank" rel="noopener">rule</a>')


def _page_after(client: Client, name: str, count: int | None) -> str:
    data = json.loads((EXAMPLES / name).read_text())
    data["events"] = data["events"][:count]
    table, game = actions.check_import_log(data)
    return client.get(f"/t/{table.view_key}/g/{game.number}/").content.decode()


@pytest.mark.parametrize(
    ("name", "count", "shown"),
    [
        ("recruit/two-players-card-by-card.json", 3, "A trick goes to"),
        ("belote/made-contract.json", 4, "Trump ♥, high to low (card points)"),
        ("malilla/normal-hand.json", 4, "Sevens held back"),
        ("buck_euchre/declarer-euchred.json", 4, "Trump ♠, high to low"),
    ],
)
def test_panel_links_each_reminder_to_its_rule(
    client: Client, db: None, name: str, count: int, shown: str
) -> None:
    html = _page_after(client, name, count)
    assert "Rules for this hand" in html and shown in html
    links = _LINK.findall(html)
    assert len(links) >= 3
    for path, anchor in set(links):
        assert f'id="{anchor}"' in client.get(path).content.decode(), f"{path}#{anchor}"


def test_no_panel_once_the_game_is_over(client: Client, db: None) -> None:
    html = _page_after(client, "belote/game-to-1000.json", None)
    assert "Game over" in words_of(html) and "Rules for this hand" not in html


def words_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_viewers_see_the_panel_too(client: Client, db: None) -> None:
    """The page above is the viewer link's: everyone at the table can look the rules up."""
    html = _page_after(client, "belote/made-contract.json", 4)
    assert "view only" in words_of(html) and "Rules for this hand" in html


def test_reminders_are_worked_out_once_per_state_and_house_rules(db: None) -> None:
    """Kept by the state itself (an entry's answer asks for the state before it again), and
    never handed to the same state under other house rules."""
    data = json.loads((EXAMPLES / "belote/made-contract.json").read_text())
    data["events"] = data["events"][:4]
    _, game = actions.check_import_log(data)
    loaded = actions.load(game)

    first = reminders(loaded)
    assert first == loaded.rules.reminders(loaded.state)
    assert reminders(loaded) is first
    lead = "always" if loaded.rules.options.trump_lead == "opponent" else "opponent"
    rules = loaded.rules
    other_rules = type(rules)(
        rules.n_seats, {**rules.options_dict(), "trump_lead": lead}, rules.names
    )
    other = reminders(dataclasses.replace(loaded, rules=other_rules))
    assert other == other_rules.reminders(loaded.state) != first
