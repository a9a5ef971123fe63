from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.db import connections

from companion.games.recruit.game import Deal
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import FIRST_HAND_PILES, PHONE_VIEWPORT, start_recruit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
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


@pytest.fixture
def phone(chromium: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A page in a 390×844 phone viewport, with relative URLs going to the live server."""
    context = chromium.new_context(
        base_url=live_server.url,
        viewport=PHONE_VIEWPORT,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
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
