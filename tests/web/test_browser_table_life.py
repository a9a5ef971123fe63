"""Everyday changes of a table's evening, in the browser at phone sizes (issue 9): abandon a game
started by mistake and take it back, a player who played leaves and is seated again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from companion.tables.models import Game

from .conftest import phone_context
from .phone import BROWSER, serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = BROWSER

SIZES = [{"width": 390, "height": 844}, {"width": 320, "height": 640}]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def small_phone(request: Any, chromium: Any, live_server: Any) -> Iterator[Page]:
    context = phone_context(chromium, live_server, viewport=request.param)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def _fits(page: Page) -> None:
    """No sideways scrolling, and no serious or critical accessibility violation (axe)."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert serious_violations(page) == []


def test_a_game_started_by_mistake_is_abandoned_then_taken_back(
    small_phone: Page, game_mid_hand: Game
) -> None:
    from playwright.sync_api import expect

    page = small_phone
    table = game_mid_hand.table
    page.goto(f"/t/{table.score_key}/g/1/")
    page.get_by_text("Abandon this game").click()
    _fits(page)
    page.get_by_role("button", name="Abandon the game").click()
    expect(page.locator("#prompt")).to_have_text(
        "Game abandoned. Cancel entry #2 to go on playing."
    )
    expect(page.locator("#entry form")).to_have_count(0)
    expect(page.locator("#history li").first).to_contain_text("#2 Game abandoned")
    _fits(page)
    page.goto(f"/t/{table.score_key}/")
    expect(page.locator("#games")).to_contain_text("Abandoned before any hand was scored.")
    page.goto(f"/t/{table.score_key}/g/1/")
    page.get_by_role("button", name="Undo last entry").click()
    expect(page.locator("#prompt")).to_contain_text("Bob leads trick 1")
    expect(page.locator("#entry form").first).to_be_visible()
    assert game_mid_hand.events.count() == 3


def test_a_player_who_played_leaves_and_is_seated_again(
    small_phone: Page, game_mid_hand: Game
) -> None:
    from playwright.sync_api import expect

    page = small_phone
    table = game_mid_hand.table
    page.goto(f"/t/{table.score_key}/")
    page.get_by_text("Rename or remove a player").click()
    page.get_by_role("button", name="Remove Ann from this table").click()
    expect(page.get_by_role("heading", name="Remove Ann from this table?")).to_be_visible()
    _fits(page)
    page.get_by_role("button", name="Yes, remove Ann").click()
    expect(page.locator("#players-left")).to_have_text("Left the table: Ann")
    _fits(page)
    page.get_by_text("Rename or remove a player").click()
    page.get_by_role("button", name="Seat Ann again").click()
    expect(page.locator("#players-left")).to_have_count(0)
    expect(page.get_by_text("Ann is back at the table and can play the next game.")).to_be_visible()
    _fits(page)
