"""Sharing a game's summary in one tap (the phone's share sheet, or the clipboard), and the
screen kept on during a game (Screen Wake Lock) with a switch to turn that off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from companion.tables import actions

from .conftest import phone_context
from .phone import BROWSER

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

#: The browser's share sheet, as a phone has it (desktop Chromium has none): what it was
#: given is kept for the test to read. Our code is not replaced, only the browser's API.
SHARE_SHEET = """
Object.defineProperty(navigator, "share", {configurable: true, value: function (data) {
  window.shared = data;
  return Promise.resolve();
}});
"""


def _page(chromium: Browser, live_server: LiveServer, script: str = "") -> Page:
    context = phone_context(chromium, live_server)
    # As a phone's browser grants them to a page in front (Chromium's test browser asks).
    context.grant_permissions(
        ["clipboard-read", "clipboard-write", "screen-wake-lock"], origin=live_server.url
    )
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _game() -> str:
    data = json.loads((EXAMPLES / "recruit/three-players-quick.json").read_text())
    table, game = actions.check_import_log(data)
    return f"/t/{table.score_key}/g/{game.number}/"


def test_the_summary_goes_to_the_share_sheet_or_the_clipboard_in_one_tap(
    chromium: Browser, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    url = _game()
    page = _page(chromium, live_server, SHARE_SHEET)
    page.goto(url)
    summary = page.locator("#summary-text").inner_text()
    assert "Recruit" in summary and "Ann" in summary

    page.get_by_role("button", name="Share…").click()
    page.wait_for_function("window.shared !== undefined")
    shared = page.evaluate("window.shared")
    assert shared["text"] == summary and shared["title"] == page.title()

    page.get_by_role("button", name="Copy the text").click()
    expect(page.locator("#summary-copied")).to_have_text("Copied: paste it in the group chat.")
    assert page.evaluate("navigator.clipboard.readText()") == summary


def test_without_a_share_sheet_only_copy_is_offered(
    chromium: Browser, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    page = _page(chromium, live_server)
    page.goto(_game())
    expect(page.get_by_role("button", name="Copy the text")).to_be_visible()
    expect(page.get_by_role("button", name="Share…")).to_be_hidden()


def test_a_games_page_keeps_the_screen_on_until_switched_off(
    chromium: Browser, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    page = _page(chromium, live_server)
    page.goto(_game())
    if not page.evaluate("'wakeLock' in navigator"):
        pytest.skip("this browser has no Screen Wake Lock")
    switch = page.get_by_role("button", name="Keep the screen on")
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_have_attribute("data-held", "1")  # the browser granted the lock

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).to_have_attribute("data-held", "0")
    page.reload()  # remembered on this phone
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).to_have_attribute("data-held", "0")

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_have_attribute("data-held", "1")
