"""Every page of every registered game at 320×640: no sideways scrolling, and an automated
accessibility check (axe-core, through axe-playwright-python) with no serious or critical
violation. The pages: home, the rules, a table (scorer and viewer), starting each game, and
each game's page at the start and part-way through its first example log (every entry form
open there, as a tab), its history, hands, house rules and correction pages, and the viewer's
game page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from companion import games
from companion.tables import actions
from companion.tables.context import available_kinds
from companion.tables.models import Game

from .conftest import phone_context
from .helpers import start
from .phone import BROWSER

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
NARROW = {"width": 320, "height": 640}
SERIOUS = ("serious", "critical")


@pytest.fixture
def narrow(chromium: Browser, live_server: LiveServer) -> Iterator[Page]:
    context = phone_context(chromium, live_server, viewport=NARROW)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _example(key: str) -> dict[str, Any] | None:
    folder = EXAMPLES / key
    logs = sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    return json.loads(logs[0].read_text()) if logs else None


def _game_pages(game: Game, key: str) -> list[str]:
    base = f"/t/{key}/g/{game.number}/"
    loaded = actions.load(game)
    pages = [base] + [f"{base}?entry={kind}" for kind in available_kinds(loaded)[1:]]
    return pages


def _pages(key: str) -> list[str]:
    rules = games.GAMES[key]
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][: max(rules.seats.start, 2)]
    table = actions.do_create_table(names, f"Pages of {key}")
    game = start(table, key)
    pages = ["/", "/rules/", f"/rules/{key}/", f"/t/{table.score_key}/",
             f"/t/{table.view_key}/", f"/t/{table.score_key}/start/?game={key}"]  # fmt: skip
    pages += _game_pages(game, table.score_key)
    log = _example(key)
    if log is not None:
        part = {**log, "events": log["events"][: max(1, len(log["events"]) // 2)]}
        played_table, played = actions.check_import_log(part)
        skey = played_table.score_key
        pages += _game_pages(played, skey)
        base = f"/t/{skey}/g/{played.number}/"
        pages += [f"{base}history/", f"{base}hands/", f"{base}options/", f"{base}correct/0/",
                  f"/t/{played_table.view_key}/g/{played.number}/"]  # fmt: skip
    return pages


def _overflow(page: Page) -> list[str]:
    """The elements reaching past the right edge of the screen (the page scrolls sideways)."""
    return page.evaluate(
        """() => {
          const w = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= w) return [];
          const out = [];
          for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.right > w + 0.5 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
              out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
                (typeof el.className === 'string' && el.className
                  ? '.' + el.className.split(' ').join('.') : '') +
                ' right=' + Math.round(r.right));
            }
          }
          return out.slice(0, 5);
        }"""
    )


@pytest.mark.parametrize("key", list(games.GAMES))
def test_every_page_fits_320_wide_and_has_no_serious_accessibility_violation(
    narrow: Page, key: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    problems: list[str] = []
    pages = _pages(key)
    for url in pages:
        response = narrow.goto(url)
        assert response is not None and response.status == 200, url
        narrow.wait_for_load_state("load")
        wide = _overflow(narrow)
        if wide:
            problems.append(f"{url}: scrolls sideways at 320 px: {wide}")
        results = axe.run(narrow)
        for v in results.response["violations"]:
            if v["impact"] in SERIOUS:
                targets = [n["target"] for n in v["nodes"]][:3]
                problems.append(f"{url}: {v['impact']} {v['id']}: {v['help']} {targets}")
    assert len(pages) >= 8
    assert not problems, "\n".join(problems)
