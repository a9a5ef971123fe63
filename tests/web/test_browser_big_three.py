"""A scorer records Big Three on a phone: a hand bid by bid and play by play, then one quickly.

Hand 1 is docs/examples/big_three/solo-wins-after-free-leads.json: Bob opens (4♥), bids 1, Cat
2, Ann 3; Ann, solo at 3, wins after two free leads: +6, −3, −3 (worked out by hand). Hand 2,
quick entry: Cat solo at 1, Ann out first: Cat pays 1 to each: totals 7, −2, −5.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from companion.tables.models import Event, Table

from .conftest import PHONE_VIEWPORT
from .phone import fieldset, start_game, tap, totals

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOT = Path("/tmp/shots/browser-big-three.png")
PLAYS = [
    ("Bob", "4H"),
    ("Cat", "9H"),
    ("Ann", "3S"),
    ("Bob", ""),
    ("Cat", ""),
    ("Ann", "4S 5S 6S 7S 8S 9S 10S JS QS KS"),
    ("Bob", ""),
    ("Cat", ""),
    ("Ann", "5H 5D 5C 6H 6D 6C 7H 7D 7C"),
]


def _open(page: Page, kind: str) -> None:
    """The entry form for ``kind``, loaded as a page (no tab switch racing the last answer)."""
    page.goto(page.url.split("#")[0].split("?")[0] + f"?entry={kind}")


def _play(page: Page, cards: str) -> None:
    _open(page, "play")
    button = page.get_by_role("button", name="Record the play")
    button.wait_for()
    for card in cards.split():
        page.locator(f'label.pick:has(input[value="{card}"])').click()
    button.click()


def test_scorer_records_a_hand_play_by_play_then_one_quickly(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    start_game(phone, "Big Three", ("Ann", "Bob", "Cat"))
    tap(fieldset(phone, "Dealer"), "Ann")
    tap(fieldset(phone, "Opens the bidding"), "Bob")
    tap(fieldset(phone, "Their lowest heart"), "4♥")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob opens the bidding with 1, 2 or 3.")

    for who, bid in (("Bob", "1"), ("Cat", "2"), ("Ann", "3")):
        expect(phone.locator("#entry h2")).to_contain_text(f"{who} to bid")
        phone.get_by_role("button", name=bid, exact=True).click()
    expect(phone.locator("#status")).to_contain_text(re.compile(r"Solo\s*Ann, bid 3, stake 3"))

    for number, (who, cards) in enumerate(PLAYS, start=1):
        expect(phone.locator("#status")).to_contain_text(re.compile(rf"To play\s*{who}"))
        if cards:
            _play(phone, cards)
        else:
            _open(phone, "pass")
            phone.get_by_role("button", name="Pass", exact=True).click()
        if number == 5:
            expect(phone.locator("#prompt")).to_contain_text("Ann leads any combination.")

    expect(totals(phone)).to_have_text(["6", "-3", "-3"])
    expect(phone.locator("#scoreboard")).to_contain_text("Solo, out first: 3 chips")
    expect(phone.locator("#prompt")).to_contain_text("Bob deals hand 2.")

    tap(fieldset(phone, "Opens the bidding"), "Cat")
    phone.get_by_role("button", name="Record the deal").click()
    _open(phone, "result")
    button = phone.get_by_role("button", name="Settle the hand")
    button.wait_for()
    tap(fieldset(phone, "Winning bid"), "1")
    tap(fieldset(phone, "Solo player"), "Cat")
    tap(fieldset(phone, "First to empty"), "Ann")
    button.click()
    expect(totals(phone)).to_have_text(["7", "-2", "-5"])

    width = phone.viewport_size["width"] if phone.viewport_size else 0
    assert width == PHONE_VIEWPORT["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOT), full_page=True)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "bid", "bid", "bid", *["play"] * 3, "pass", "pass", "play"] + [
        "pass",
        "pass",
        "play",
        "deal",
        "result",
    ]
    assert errors == []
