from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.db import connections

from companion.games.recruit.game import Deal
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import FIRST_HAND_PILES, PHONE_VIEWPORT, start_recruit
from .phone import QUIET_SCRIPT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page
    from pytest_django.live_server_helper import LiveServer

# Debian's package; Playwright's own browser download is not available here.
CHROMIUM = Path("/usr/bin/chromium")
# Without the networking flags Chromium keeps dialling Google's hosts, which a
# closed network refuses over and over.
CHROMIUM_ARGS = [
    "--headless=new",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Headless Debian Chromium; skips (or fails under COMPANION_REQUIRE_BROWSER=1) without it."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} not found (apt-get install chromium)"
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, and Django then
    # refuses ORM calls from the test body; the test thread is not really async.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield browser
            browser.close()
            # While Playwright's loop runs, Django keeps this thread's connections apart (as for
            # async code), so every test after the first browser test used connections that
            # outlive the loop. Left open, they stop PostgreSQL from dropping the test database.
            connections.close_all()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def phone_context(chromium: Browser, live_server: LiveServer, **options: Any) -> BrowserContext:
    """A browser context for the live server, as every browser test makes them: a 390×844 phone
    (``options`` change that) that asks for reduced motion, so nothing glides under a tap (a
    smooth scroll still moving the page when a tap's press and release came took the tap off
    its button), with phone.py's QUIET_SCRIPT in each page (for ``quiet``)."""
    settings: dict[str, Any] = {
        "base_url": live_server.url,
        "viewport": PHONE_VIEWPORT,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "reduced_motion": "reduce",
    }
    context = chromium.new_context(**{**settings, **options})
    context.add_init_script(QUIET_SCRIPT)
    return context


#: Where a failed browser test leaves its screenshot (and its Playwright trace, with
#: COMPANION_TRACE=1: open it with ``playwright show-trace``).
FAILURES = Path(os.environ.get("COMPANION_FAILURES", "/tmp/shots/failures"))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """Each phase's report kept on the test, so the phone fixture knows if the test failed."""
    report = yield
    setattr(item, f"report_{call.when}", report)
    return report


@pytest.fixture
def phone(
    chromium: Browser, live_server: LiveServer, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A page in a 390×844 phone viewport, with relative URLs going to the live server. A test
    that fails leaves the page's screenshot (and trace) in FAILURES, named after the test."""
    context = phone_context(chromium, live_server)
    tracing = os.environ.get("COMPANION_TRACE") == "1"
    if tracing:
        context.tracing.start(snapshots=True, sources=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.nodeid)
        FAILURES.mkdir(parents=True, exist_ok=True)
        # A page that crashed has no screenshot; the test's own error says why.
        with contextlib.suppress(Exception):
            page.screenshot(path=str(FAILURES / f"{name}.png"), full_page=True)
        if tracing:
            context.tracing.stop(path=str(FAILURES / f"{name}.zip"))
    elif tracing:
        context.tracing.stop()
    context.close()


# --- tables and games, built through the real actions -----------------------------------------


@pytest.fixture
def three_player_table(db: None) -> Table:
    """Ann, Bob and Cat, clockwise."""
    return actions.do_create_table(["Ann", "Bob", "Cat"], "Friday at Ann's")


@pytest.fixture
def four_player_table(db: None) -> Table:
    """Ann, Bob, Cat and Dan, clockwise (partners Ann & Cat, Bob & Dan where a game has them)."""
    return actions.do_create_table(["Ann", "Bob", "Cat", "Dan"], "Card night")


@pytest.fixture
def two_player_table(db: None) -> Table:
    return actions.do_create_table(["Ann", "Bob"])


@pytest.fixture
def recruit_game(three_player_table: Table) -> Game:
    """A fresh three-player game of Recruit with the default house rules: nothing recorded."""
    return start_recruit(three_player_table)


@pytest.fixture
def game_mid_hand(recruit_game: Game) -> Game:
    """Hand 1 dealt by Ann with 7♥ turned up (hearts are trump); Bob leads trick 1."""
    actions.check_record_event(recruit_game, Deal(dealer=0, shown=parse_card("7H")))
    return recruit_game


@pytest.fixture
def game_after_first_hand(game_mid_hand: Game) -> Game:
    """Hand 1 scored as FIRST_HAND_PILES (12, 13, 9); Bob deals hand 2."""
    actions.check_record_event(game_mid_hand, FIRST_HAND_PILES)
    return game_mid_hand


@pytest.fixture
def two_player_game_mid_hand(two_player_table: Table) -> Game:
    """Ann dealt with 8♦ turned up (diamonds are trump); Bob leads trick 1."""
    game = start_recruit(two_player_table)
    actions.check_record_event(game, Deal(dealer=0, shown=parse_card("8D")))
    return game
