"""The dealer's helper on a phone: Skin, the first banker found by the first ace, one deal card
by card with a side bet, the dead rank shown, the banker's loss and decline; amounts in the
table's money (a new table counts a chip as 1.00).

Worked out by hand (Ann banks 1 to 10 for Bob, Cat and Dan): Dan, on Ann's right, takes the 7♥
and bets 4; Ann's card is the Q♣. Cat takes the 9♠ with 5 and bets Dan 3 that his card goes first.
The 9♦ pairs Cat's card: the bank takes her 5 and Dan wins the side bet's 3; 9s are dead. The Q♥
pairs Ann's card: she pays Dan 4. She takes no new card. Ann +5 −4 = +1, Bob 0, Cat −8, Dan +7.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .conftest import PHONE_VIEWPORT
from .phone import BROWSER, SUITS, fieldset, new_table, open_entry, page_errors, tap, totals

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-skin.png")


def _turn(page: Page, card: str, taker: str = "", bet: str = "") -> None:
    page.get_by_role("button", name="Record the card").wait_for()
    tap(fieldset(page, "Rank"), card[:-1])
    tap(fieldset(page, "Suit"), SUITS[card[-1]])
    if taker:
        tap(fieldset(page, "Taken by"), taker)
        tap(fieldset(page, "Their bet"), bet)
    page.get_by_role("button", name="Record the card").click()


def test_the_dealer_records_a_deal_with_a_side_bet(phone: Page, live_server: LiveServer) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    new_table(phone, ("Ann", "Bob", "Cat", "Dan"))
    phone.get_by_role("link", name="Start a game of Skin").click()
    phone.get_by_role("button", name="Start game").click()

    # The first banker: cards dealt round to the left until an ace (Cat 9♣, Dan K♥, Ann A♦).
    tap(fieldset(phone, "Who was dealt the first ace"), "Ann")
    tap(fieldset(phone, "The ace's suit"), "♦")
    phone.get_by_label("The cards dealt before it").fill("9C KH")
    phone.get_by_role("button", name="Record the first banker").click()
    expect(phone.locator("#prompt")).to_contain_text("Ann was dealt the first ace and banks")
    expect(phone.locator("#status")).to_contain_text("Cat 9♣, Dan K♥, Ann A♦")

    tap(fieldset(phone, "Banker"), "Ann")
    phone.get_by_role("button", name="Set the bank").click()
    expect(phone.locator("#prompt")).to_contain_text("offered to Dan first")

    _turn(phone, "7H", "Dan", "4.00")  # the table counts 1.00 a chip
    expect(phone.locator("#prompt")).to_contain_text("Ann deals their own card")
    tap(fieldset(phone, "Rank"), "Q")
    tap(fieldset(phone, "Suit"), "♣")
    phone.get_by_role("button", name="Record the banker's card").click()
    _turn(phone, "9S", "Cat", "5.00")
    expect(phone.locator("#cards-in-play")).to_contain_text("9♠")

    open_entry(phone, "side_bet")
    phone.get_by_role("button", name="Record the side bet").wait_for()
    tap(fieldset(phone, "Who bets"), "Cat")
    tap(fieldset(phone, "That this player's card goes first"), "Dan")
    phone.get_by_label("Amount").fill("3")
    phone.get_by_role("button", name="Record the side bet").click()
    expect(phone.locator("#status")).to_contain_text("Cat bets Dan 3.00")

    _turn(phone, "9D")
    expect(phone.locator("#status")).to_contain_text("Dead ranks")
    _turn(phone, "QH")
    expect(phone.locator("#prompt")).to_contain_text("Ann lost")
    open_entry(phone, "decline")
    phone.get_by_role("button", name="No new card").click()
    expect(totals(phone)).to_have_text(["1.00", "0.00", "-8.00", "7.00"])

    width = phone.viewport_size["width"] if phone.viewport_size else 0
    assert width == PHONE_VIEWPORT["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    # Amounts are long ("-8.00"): each is inside its own cell, never written over the next.
    spill = phone.evaluate(
        "[...document.querySelectorAll('.scoreboard td.num')]"
        ".filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.textContent)"
    )
    assert spill == []
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOT), full_page=True)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == [
        "first_ace",
        "bank",
        "turn",
        "banker_card",
        "turn",
        "side_bet",
        "turn",
        "turn",
        "decline",
    ]
    assert errors == []
