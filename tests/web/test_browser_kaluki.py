"""A scorer records Kaluki on a phone (390 x 844): the deal with a joker cut, a first meld refused
with its total shown then made, and a hand gone Kaluki entered with the cards.

The first hand of docs/examples/kaluki/kaluki-with-jokers.json, worked out by hand: Cat goes
Kaluki; Ann holds six cards, two of them jokers: (6 + 2) x 2 = 16; Bob three cards, one a joker:
(3 + 1) x 2 = 8; Cat collects 24.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .conftest import PHONE_VIEWPORT
from .phone import BROWSER, fieldset, page_errors, pick, player_cards, start_game, tab, tap, totals

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-kaluki.png")


def test_scorer_records_melds_and_a_kaluki_hand(phone: Page, live_server: LiveServer) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)
    width = phone.viewport_size["width"] if phone.viewport_size else 0
    assert width == PHONE_VIEWPORT["width"]

    start_game(phone, "Kaluki", ("Ann", "Bob", "Cat"))
    expect(phone.locator("#entry")).to_contain_text("Hand 1: fifteen cards each")
    tap(fieldset(phone, "Dealer"), "Ann")
    phone.locator("label.chip", has_text="The cutter turned up a joker").click()
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#status")).to_contain_text("Cat kept the joker and was dealt 14")

    # Bob's first meld: 27 + 9 = 36 is refused with the total; Q-K-A and three 7s (52) stand.
    tab(phone, "Melds")
    phone.get_by_role("button", name="Record the melds").wait_for()
    tap(fieldset(phone, "Who melds"), "Bob")
    phone.locator("input[name=melds]").fill("8H 9H 10H / 2S 3S 4S")
    phone.get_by_role("button", name="Record the melds").click()
    expect(phone.locator("#entry")).to_contain_text("Bob's first meld is worth 36")
    phone.locator("input[name=melds]").fill("QH KH AH / 7S 7D 7C")
    phone.get_by_role("button", name="Record the melds").click()
    expect(phone.locator("#status")).to_contain_text("1: Q♥ K♥ A♥ (Bob)")

    # Cat goes Kaluki: Ann's cards tapped (two jokers), Bob's typed.
    tab(phone, "Cards")
    phone.locator("details.player-cards").first.wait_for()
    tap(fieldset(phone, "Went out"), "Cat")
    phone.locator("label.chip", has_text="Kaluki: every card melded").click()
    pick(player_cards(phone, "Ann"), "JK JK 5H 8C KC 3D")
    player_cards(phone, "Bob").locator("input[name=cards_1_typed]").fill("jk 4h 10c")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOT), full_page=True)
    phone.get_by_role("button", name="Settle the hand").click()

    expect(totals(phone)).to_have_text([re.compile("16"), re.compile("8"), re.compile("24")])
    expect(phone.locator("#scoreboard")).to_contain_text("Kaluki: the payment doubled")
    expect(phone.locator("#prompt")).to_contain_text("Bob deals hand 2")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "melds", "hands"]
    assert errors == []
