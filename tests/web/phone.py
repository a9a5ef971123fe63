"""Helpers for the browser tests: find and tap things the way a thumb would.

A thumb waits for the page to stop changing before it taps; so do these helpers. ``tap`` and
``open_entry`` first wait until no request of the scorer's own (a tab, an entry: the live poll
aside) is on its way and the app has finished placing its answer, focus and scroll included
(``quiet``). A tap sent while an entry's answer was still coming landed on a form about to be
replaced, and a page opened then could be served before the entry was written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .helpers import PHONE_VIEWPORT

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

#: The marks of every browser test (``pytestmark = BROWSER``): it drives a browser, against a
#: live server that must see what the test writes (a transaction per test, committed).
BROWSER = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The suit letters of the card codes and the symbols the pages show.
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def fieldset(scope: Page | Locator, legend: str) -> Locator:
    """The fieldset whose legend starts with ``legend``."""
    return scope.locator("fieldset").filter(
        has=scope.locator("legend", has_text=re.compile(f"^{re.escape(legend)}"))
    )


#: Run in each test page before the page's own scripts (``phone_context`` in conftest.py): counts
#: the scorer's htmx requests (the live poll aside) from the moment one is sent until its answer
#: is swapped in, settled and focus has followed it. entries.js moves focus, scrolling the page,
#: on a 100 ms timer started before the answer is swapped in (htmx's settle takes 20 ms); a timer
#: started here when the request ends, for longer, runs after it: the count is an order of
#: events, not a guess at how long the machine takes.
QUIET_SCRIPT = """
(() => {
  let busy = 0;
  Object.defineProperty(window, "__companionBusy", { get: () => busy });
  document.addEventListener("htmx:beforeSend", (ev) => {
    const xhr = ev.detail && ev.detail.xhr;
    if (!xhr || (ev.detail.elt && ev.detail.elt.id === "poll")) return;
    busy += 1;
    xhr.addEventListener("loadend", () => setTimeout(() => { busy -= 1; }, 200));
  });
})();
"""


def quiet(page: Page) -> None:
    """Wait until the page has no request of the scorer's own on its way and has placed the
    last answer (QUIET_SCRIPT). A page without JavaScript changes only by navigating."""
    done = page.wait_for_function(
        "() => '__companionBusy' in window ? window.__companionBusy === 0"
        " : (window.htmx ? 'unwatched' : 'no scripts')"
    )
    if done.json_value() == "unwatched":
        raise AssertionError("the page's context was not made by phone_context (QUIET_SCRIPT)")


def open_entry(page: Page, kind: str) -> None:
    """Open the game's entry form for ``kind`` as its own page (``?entry=kind``), once the last
    entry's answer is in: a page asked for while that entry was on its way could be served
    before it was recorded, and the navigation cancels the entry's request in the browser."""
    quiet(page)
    page.goto(page.url.split("#")[0].split("?")[0] + f"?entry={kind}")


def tab(page: Page, name: str) -> None:
    """Tap the entry tab ``name`` (Quick entry, Trick by trick, ...) once the page is quiet: a
    tab tapped while the last entry was on its way was the old page's, and its answer raced the
    entry's (the tab's form replaced by the entry's answer, or brought back after it)."""
    quiet(page)
    page.get_by_role("link", name=name).click()


def _is_page(scope: Page | Locator) -> bool:
    return hasattr(scope, "goto")


def tap(scope: Page | Locator, label: str) -> None:
    """Tap the chip showing exactly ``label`` (its radio or checkbox is visually hidden), once
    the page is quiet."""
    quiet(scope if _is_page(scope) else scope.page)  # type: ignore[arg-type]
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


def deal_upcard(page: Page, dealer: str, rank: str, suit: str) -> None:
    """Record a deal: tap the dealer, then the rank and the suit of the card turned up."""
    tap(fieldset(page, "Dealer"), dealer)
    card = fieldset(page, "Card turned up")
    tap(card, rank)
    tap(card, suit)
    page.get_by_role("button", name="Record the deal").click()


def trick_players(page: Page) -> list[str]:
    """The players of the trick form, in the order it asks for their cards (from the leader)."""
    return [legend.inner_text().split()[0] for legend in page.locator("fieldset.play legend").all()]


def tap_card(scope: Page | Locator, rank: str, suit: str) -> None:
    """Pick a card: one tap in a trick form's card grid ("A♠"), else a rank chip then a suit
    chip (a deal's upcard)."""
    if scope.locator("label.card-chip").count():
        tap(scope, rank + suit)
    else:
        tap(scope, rank)
        tap(scope, suit)


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


def page_errors(page: Page) -> list[str]:
    """The page's uncaught script errors and console errors, gathered from now on (the test
    ends with ``assert errors == []``)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


def fits_the_phone(page: Page, shot: Path) -> int:
    """The page is shown on the test phone (``PHONE_VIEWPORT``) without sideways scrolling; a
    full-page screenshot is kept at ``shot``. The phone's width."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert width == PHONE_VIEWPORT["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shot), full_page=True)
    return width


def serious_violations(page: Page) -> list[tuple[str, list[object]]]:
    """The serious and critical accessibility violations axe finds on ``page``: each rule's id
    and the first three elements it names."""
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


def player_cards(page: Page, name: str) -> Locator:
    """A player's card picker in a full entry (opened if it was folded away)."""
    details = page.locator("details.player-cards").filter(
        has=page.locator("summary", has_text=re.compile(f"^{name}$"))
    )
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return details


def pick(picker: Locator, codes: str) -> None:
    """Tap each card in a card picker (``9H``, ``JK``; a second ``9H`` taps the copy button
    ``9H.2``)."""
    seen: dict[str, int] = {}
    for code in codes.split():
        seen[code] = seen.get(code, 0) + 1
        value = code if seen[code] == 1 else f"{code}.{seen[code]}"
        picker.locator(f'label.pick:has(input[value="{value}"])').click()
