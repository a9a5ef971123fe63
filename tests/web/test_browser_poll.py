"""The live poll and an answer that replaces it: a poll whose element was replaced while its
request was on the way (an entry's answer, or another refresh, brings a new #live with a new
poll) must not have its late answer applied to a page that no longer holds its elements."""

from __future__ import annotations

import contextlib
import re
import time
from typing import TYPE_CHECKING, Any

from companion.tables.models import Game

from .conftest import phone_context
from .helpers import game_url
from .phone import BROWSER

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER


def test_a_poll_replaced_while_on_its_way_is_dropped(
    chromium: Browser, live_server: LiveServer, game_mid_hand: Game
) -> None:
    # Its own phone, with every console error counted.
    context = phone_context(chromium, live_server)
    try:
        _a_poll_replaced_while_on_its_way_is_dropped(context.new_page(), game_mid_hand)
    finally:
        context.close()


def _open_with_a_poll_held(phone: Page, game: Game) -> tuple[list[Any], list[str]]:
    """The game page opened with its first poll's request left hanging (on its way): that
    request's route, and the console errors as they come."""
    errors: list[str] = []
    phone.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    held: list[Any] = []

    def hold_the_first_poll(route: Any) -> None:
        if not held:
            held.append(route)  # left hanging: the poll's request is on its way
        else:
            route.continue_()

    phone.route("**/live/**", hold_the_first_poll)
    phone.goto(game_url(game))
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        phone.wait_for_timeout(200)
    assert held, "the page polls every few seconds"
    return held, errors


def _a_poll_replaced_while_on_its_way_is_dropped(phone: Page, game_mid_hand: Game) -> None:
    held, errors = _open_with_a_poll_held(phone, game_mid_hand)

    # Meanwhile #live is replaced (as an entry's answer does), with a new poll in it.
    phone.evaluate(
        """() => new Promise((done) => {
            document.body.addEventListener("htmx:afterSettle", () => done(), { once: true });
            const poll = document.getElementById("poll");
            const url = poll.getAttribute("hx-get").replace(/v=\\d+/, "v=0");
            htmx.ajax("GET", url, { target: "#live", swap: "outerHTML" });
        })"""
    )
    # The first poll's answer arrives now, too late.
    # (asking as a phone that missed a change, so that the answer is a whole #live, not a 204)
    late = re.sub(r"v=\d+", "v=0", held[0].request.url)
    with contextlib.suppress(Exception):  # (had the page given up on it, nothing to answer)
        held[0].continue_(url=late)
    phone.wait_for_timeout(500)
    assert phone.locator("#status").count() == 1
    assert errors == []  # no out-of-band part without a target, nothing else either


def test_a_poll_on_its_way_when_a_tab_is_tapped_never_replaces_the_form_opened(
    chromium: Browser, live_server: LiveServer, game_mid_hand: Game
) -> None:
    """The scorer taps a tab while a poll is on its way; the poll's answer (here one that
    carries the entry form, as when the step seemed to move on) comes after: it is dropped, so
    the form just opened stays, and the next poll asks again."""
    context = phone_context(chromium, live_server)
    try:
        phone = context.new_page()
        held, errors = _open_with_a_poll_held(phone, game_mid_hand)
        phone.get_by_role("link", name="Trick by trick").click()
        phone.get_by_role("button", name="Record trick 1").wait_for()
        # The held poll answers now: a whole #live with the default (piles) entry form.
        late = re.sub(r"v=\d+", "v=0", re.sub(r"s=[^&]*", "s=moved", held[0].request.url))
        with contextlib.suppress(Exception):
            held[0].continue_(url=late)
        phone.wait_for_timeout(700)
        assert phone.get_by_role("button", name="Record trick 1").is_visible()
        assert phone.locator("#entry").count() == 1
        assert errors == []
    finally:
        context.close()
