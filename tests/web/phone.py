"""Helpers for the browser tests: find and tap things the way a thumb would."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def fieldset(scope: Page | Locator, legend: str) -> Locator:
    """The fieldset whose legend starts with ``legend``."""
    return scope.locator("fieldset").filter(
        has=scope.locator("legend", has_text=re.compile(f"^{re.escape(legend)}"))
    )


def tap(scope: Locator, label: str) -> None:
    """Tap the chip showing exactly ``label`` (its radio or checkbox is visually hidden)."""
    scope.locator("label.chip").filter(has_text=re.compile(f"^{re.escape(label)}$")).first.click()


def totals(page: Page) -> Locator:
    """The scoreboard's total cells, one per column."""
    return page.locator("#scoreboard table.scoreboard tfoot td")


def new_table(page: Page, names: Sequence[str]) -> None:
    """From the home page, a table with these players; the page is then the table's."""
    page.goto("/")
    boxes = page.locator("#new-table input[name=name]")
    for i, name in enumerate(names):
        boxes.nth(i).fill(name)
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/$"))


def start_game(page: Page, title: str, names: Sequence[str]) -> None:
    """From the home page: a table with these players, then a game of ``title`` with them."""
    new_table(page, names)
    page.get_by_role("link", name=f"Start a game of {title}").click()
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("button", name="Record the deal").wait_for()


def tap_card(scope: Page | Locator, rank: str, suit: str) -> None:
    """Pick a card: one tap in a trick form's card grid ("A♠"), else a rank chip then a suit
    chip (a deal's upcard)."""
    if scope.locator("label.card-chip").count():
        tap(scope, rank + suit)  # type: ignore[arg-type]
    else:
        tap(scope, rank)  # type: ignore[arg-type]
        tap(scope, suit)  # type: ignore[arg-type]


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page and has kept a copy of it."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    for _ in range(50):
        if page.evaluate(
            "caches.open('companion-pages').then(c => c.match(location.pathname)).then(Boolean)"
        ):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page was not kept on the phone")
