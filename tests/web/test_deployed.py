"""The app as the README deploys it, in a real browser: `.ci/deployed` runs the README's deploy
section (PostgreSQL, `DJANGO_DEBUG=0`, `collectstatic` under the manifest storage, gunicorn)
behind Debian's nginx with `bench/nginx.conf`, and points ``COMPANION_DEPLOYED_URL`` at nginx.
Without that variable these tests are skipped: the rest of the suite runs the app in process,
with the plain static storage and no proxy, which is how the service worker once answered 500
on every deployed server while every test passed.

The phone installs the service worker, records two entries offline, reloads (the page comes from
the worker; a page never opened is the worker's offline page), comes back and sees both
recorded once; then every game's page is opened once. No
page may log a Content-Security-Policy violation or an error, and no answer may be a 4xx or 5xx
(offline, the browser's own "disconnected" errors are expected, and only those)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from companion.games import GAMES

from .helpers import PHONE_VIEWPORT
from .phone import QUIET_SCRIPT, controlled, fieldset, new_table, tab, tap, tap_card

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

URL = os.environ.get("COMPANION_DEPLOYED_URL", "")

pytestmark = [
    pytest.mark.deployed,
    pytest.mark.skipif(not URL, reason="COMPANION_DEPLOYED_URL is not set (see .ci/deployed)"),
]

FOUR = ("Ann", "Bob", "Cat", "Dan")
THREE = FOUR[:3]
_OFFLINE_ERROR = "net::ERR_INTERNET_DISCONNECTED"


class Watch:
    """Every console message, page error and failed answer of a browser context's pages."""

    def __init__(self) -> None:
        self.offline = False
        self.problems: list[str] = []
        self.csp: list[str] = []

    def page(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        page.on("response", self._response)

    def _console(self, message: Any) -> None:
        text = message.text
        if "Content Security Policy" in text or text.startswith("CSP violation"):
            self.csp.append(text)
        elif message.type == "error" and not (self.offline and _OFFLINE_ERROR in text):
            self.problems.append(f"console error: {text}")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"{response.status} for {response.request.method} {response.url}")


# Each page reports a violation to its own console (besides the browser's own message), with
# what was refused and where, in case a browser words its message otherwise.
_REPORT_CSP = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " refused " + e.blockedURI +
                " at " + e.sourceFile + ":" + e.lineNumber);
});
"""


@pytest.fixture
def deployed(chromium: Browser) -> Iterator[tuple[Page, Watch]]:
    """A phone-sized page on the deployed app, and what it reported."""
    context = chromium.new_context(
        base_url=URL,
        viewport=PHONE_VIEWPORT,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",  # as conftest.phone_context: nothing glides under a tap
    )
    context.add_init_script(QUIET_SCRIPT)  # for phone.quiet, which tap and tab wait on
    context.add_init_script(_REPORT_CSP)
    watch = Watch()
    context.on("page", watch.page)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page, watch
    context.close()
    assert watch.csp == [], "\n".join(watch.csp)
    assert watch.problems == [], "\n".join(watch.problems)


def _table(page: Page, names: tuple[str, ...]) -> str:
    """A new table, as a phone makes one; its scorer address."""
    new_table(page, names)
    return page.url


def _start(page: Page, table: str, key: str) -> str:
    """A game of ``key`` started from the table's page with its house rules as offered; the
    game page's address."""
    page.goto(table)
    page.get_by_role("link", name=f"Start a game of {GAMES[key].title},").click()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/g/\d+/$"))
    return page.url


def _log(page: Page, game: str) -> list[dict[str, Any]]:
    answer = page.context.request.get(game + "log.json")
    assert answer.ok, answer.status
    events: list[dict[str, Any]] = answer.json()["events"]
    return events


def test_entries_made_offline_are_recorded_once_through_the_deployed_worker(
    deployed: tuple[Page, Watch],
) -> None:
    from playwright.sync_api import expect

    page, watch = deployed
    assert page.request.get("/sw.js").status == 200
    game = _start(page, _table(page, FOUR), "belote")
    controlled(page)  # the worker installed (its shell kept) and keeps this page
    tap(fieldset(page, "Dealer"), "Dan")
    tap_card(fieldset(page, "Upcard"), "7", "♥")
    page.get_by_role("button", name="Record the deal").click()
    expect(page.locator("#prompt")).to_contain_text("Ann may take ♥ or pass")
    tab(page, "Bidding")
    expect(page.get_by_role("button", name="Pass")).to_be_visible()

    watch.offline = True
    page.context.set_offline(True)
    outbox = page.locator("#outbox")
    for n in (1, 2):
        page.get_by_role("button", name="Pass").click()
        expect(outbox).to_contain_text(f"Waiting to send: {n}")
    page.reload()  # offline: the worker answers with the copy kept on this phone
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(outbox).to_contain_text("Waiting to send: 2")
    other = page.context.new_page()  # a page never opened here: the worker's offline page
    other.goto("/rules/")
    expect(other.locator("h1")).to_have_text("No connection")
    assert other.evaluate("getComputedStyle(document.body).fontSize") == "18px"  # its stylesheet
    other.close()

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(outbox).to_contain_text("Last entry: recorded at the table.")
    expect(page.locator("#offline-banner")).to_be_hidden()
    watch.offline = False
    expect(page.locator("#prompt")).to_contain_text("Cat may take ♥ or pass")
    events = _log(page, game)
    assert events == [
        {"type": "deal", "dealer": "Dan", "upcard": "7H"},
        {"type": "bid", "seat": "Ann", "call": "pass"},
        {"type": "bid", "seat": "Bob", "call": "pass"},
    ]
    page.reload()  # online again: the page is the server's, and it says the same
    expect(page.locator("#prompt")).to_contain_text("Cat may take ♥ or pass")
    assert len(_log(page, game)) == 3


def test_every_games_page_opens_once(deployed: tuple[Page, Watch]) -> None:
    from playwright.sync_api import expect

    page, _ = deployed
    tables = {4: _table(page, FOUR), 3: _table(page, THREE)}
    opened = set()
    for key, rules in GAMES.items():
        opened.add(_start(page, tables[4 if 4 in rules.seats else 3], key))
        expect(page.locator("h1")).to_contain_text(rules.title)
        expect(page.locator("#entry form").first).to_be_visible()
    assert len(opened) == len(GAMES) == 14  # a page of its own for each game
