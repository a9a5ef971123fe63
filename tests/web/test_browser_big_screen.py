"""The big screen: a club's viewer link and a game's viewer link on a TV (1920×1080) across the
room, opened with ``?screen=big``. Twelve tables, each a different game part-way or finished
(the documented example logs, imported as real tables), all on one screen with nothing
scrolled, every text at least 28 px, and no serious accessibility violation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables import actions

from .conftest import phone_context
from .phone import BROWSER, serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
TV = {"width": 1920, "height": 1080}
#: One example log of twelve games: the longest names and most players, so the cards are full.
LOGS = [
    "belote/made-contract.json",
    "malilla/whole-game.json",
    "buck_euchre/whole-game.json",
    "recruit/four-players-partners.json",
    "elusive_34/four-players.json",
    "bastard/evening-two-winners.json",
    "big_three/session-quick.json",
    "three_thirteen/whole-game.json",
    "ui77/whole-game.json",
    "jersey_gin/whole-game.json",
    "kaluki/first-meld-and-lay-offs.json",
    "ace_deuce_jack/bank-change.json",
]


def _tv(chromium: Browser, live_server: LiveServer) -> Page:
    context = phone_context(
        chromium, live_server, viewport=TV, device_scale_factor=1, is_mobile=False, has_touch=False
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _smallest_text(page: Page, selector: str) -> list[tuple[float, str]]:
    """The font size of every element under ``selector`` that holds text of its own (the
    chart's axis labels aside: the drawing is scaled to its box)."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel.split(',').map(s => s + ' *').join(','))]
            .filter(e => !e.closest('svg') && e.getClientRects().length && [...e.childNodes].some(
                n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => [parseFloat(getComputedStyle(e).fontSize), e.textContent.trim().slice(0, 40)])
            .sort((a, b) => a[0] - b[0])""",
        selector,
    )


def test_twelve_tables_fill_a_tv_with_nothing_scrolled(
    chromium: Browser, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    club = actions.do_create_club("Thursday club")
    for i, name in enumerate(LOGS, start=1):
        data = json.loads((EXAMPLES / name).read_text())
        table, _ = actions.check_import_log({**data, "table": f"Table {i}"})
        actions.do_add_to_club(club, table.score_key)
    page = _tv(chromium, live_server)

    # The organiser's page offers the big screen; it opens the read-only overview.
    page.goto(f"/c/{club.key}/")
    page.get_by_role("link", name="Show on a big screen").click()
    page.wait_for_url(f"**/c/{club.view_key}/?screen=big")
    cards = page.locator("li.club-table")
    expect(cards).to_have_count(12)
    expect(page.get_by_role("button", name="Take this table out of the club")).to_have_count(0)

    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size[0] <= TV["width"] and size[1] <= TV["height"], size
    for i in range(12):
        box = cards.nth(i).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= TV["height"], (i, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= TV["width"], (i, box)
    # Several tables side by side: a TV's width is used, not a phone's column.
    assert len({round(cards.nth(i).bounding_box()["x"]) for i in range(12)}) >= 3  # type: ignore[index]
    smallest = _smallest_text(page, "main")
    assert smallest[0][0] >= 28, smallest[:5]
    expect(cards.first).to_contain_text("Table 1")
    expect(cards.first).to_contain_text("Belote")
    assert serious_violations(page) == []

    # Still a normal page without ?screen=big: the phone's layout and the page's own links.
    page.goto(f"/c/{club.view_key}/")
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "18px"


def test_a_games_viewer_on_a_tv_shows_the_scores_in_large_type(
    chromium: Browser, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    data = json.loads((EXAMPLES / "belote/card-by-card-to-1000.json").read_text())
    table, game = actions.check_import_log({**data, "events": data["events"][:60]})
    page = _tv(chromium, live_server)
    page.goto(f"/t/{table.view_key}/g/{game.number}/")
    page.get_by_role("link", name="Show this game on a big screen").click()
    page.wait_for_url(f"**/t/{table.view_key}/g/{game.number}/?screen=big")

    for part in ("#prompt", "#scoreboard table.scoreboard"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= TV["height"], (part, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    totals = page.locator("#scoreboard table.scoreboard tfoot td").first
    assert float(totals.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 56
    smallest = _smallest_text(page, "#status, #scoreboard")
    assert smallest[0][0] >= 28, smallest[:5]
    expect(page.locator("#share")).to_be_hidden()
    assert serious_violations(page) == []
