"""A scorer records Three Thirteen on a phone: a hand by quick entry, then one with the cards.

The two hands of docs/examples/three_thirteen/best-arrangement.json, worked out by hand: hand 1
(3 cards, 3s wild) Bob goes out, Ann 7, Cat 13; hand 2 (4 cards, 4s wild) Cat goes out with 7♠ 7♦
7♣ 4♣, Ann holds 4♥ 4♠ 9♦ K♣ (the king with the two wild 4s leaves the 9: 9), Bob 2♥ 3♥ 4♦ 9♠
(2♥ 3♥ and the wild 4♦, 9♠ left: 9). Totals 16, 9, 13.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import (
    BROWSER,
    fieldset,
    fits_the_phone,
    page_errors,
    pick,
    player_cards,
    start_game,
    tab,
    tap,
    totals,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-three-thirteen.png")


def test_scorer_records_a_quick_hand_then_one_with_the_cards(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Three Thirteen", ("Ann", "Bob", "Cat"))
    expect(phone.locator("#entry")).to_contain_text("Hand 1 of 11: 3 cards each, 3s wild.")
    tap(fieldset(phone, "Dealer"), "Ann")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#status")).to_contain_text("3s")

    # Hand 1, quick entry: Bob went out; Ann counts 4+3, Cat 13.
    phone.get_by_role("button", name="Score the hand").wait_for()
    tap(fieldset(phone, "Went out"), "Bob")
    phone.locator("input[name=deadwood_0]").fill("4+3")
    phone.locator("input[name=deadwood_2]").fill("13")
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["7", "0", "13"])

    # Hand 2: Bob deals (already chosen); the cards, tapped for Ann and Cat, typed for Bob.
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#status")).to_contain_text("4s")
    tab(phone, "Cards")
    # The quick form has a "Score the hand" button too: wait for the cards form itself.
    phone.locator("details.player-cards").first.wait_for()
    tap(fieldset(phone, "Went out"), "Cat")
    pick(player_cards(phone, "Ann"), "4H 4S 9D KC")
    player_cards(phone, "Bob").locator("input[name=cards_1_typed]").fill("2h 3h 4d 9s")
    pick(player_cards(phone, "Cat"), "7S 7D 7C 4C")
    # two packs: every card has a second-copy button, and the grid still fits the phone
    width = fits_the_phone(phone, SCREENSHOT)
    phone.get_by_role("button", name="Score the hand").click()

    expect(totals(phone)).to_have_text(["16", "9", "13"])
    expect(phone.locator("#scoreboard")).to_contain_text("Left over 9♦")
    expect(phone.locator("#prompt")).to_contain_text("Cat deals hand 3: 5 cards each, 5s wild.")

    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "result", "deal", "hands"]
    assert errors == []
