"""A banker's helper on a phone: Ace-Deuce-Jack, one hand bet by bet and pile by pile, one hand
at once, then the money on the table's ledger page.

Worked out by hand: Ann banks (1 to 10). Hand 1: Bob bets 5, Cat 10; the piles show 7♥ K♠ 4♦, no
ace, deuce or jack, so Ann pays both: Ann −15, Bob +5, Cat +10. Hand 2: Bob bets 3 and the first
pile shows J♣: Ann takes it. Totals Ann −12, Bob +2, Cat +10 chips; at the default chip value of
1.00, Ann pays Bob 2.00 and Cat 10.00.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import (
    BROWSER,
    fieldset,
    fits_the_phone,
    new_table,
    open_entry,
    page_errors,
    tap,
    totals,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-ace-deuce-jack.png")


def _turn(page: Page, rank: str, suit: str) -> None:
    page.get_by_role("button", name="Record the card").wait_for()
    tap(fieldset(page, "Rank"), rank)
    tap(fieldset(page, "Suit"), suit)
    page.get_by_role("button", name="Record the card").click()


def test_the_banker_records_bets_and_piles_and_the_ledger_settles(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    new_table(phone, ("Ann", "Bob", "Cat"))
    phone.get_by_role("link", name="Start a game of Ace-Deuce-Jack").click()
    phone.get_by_role("button", name="Start game").click()

    tap(fieldset(phone, "Banker"), "Ann")
    phone.get_by_label("Smallest bet").fill("1")
    phone.get_by_label("Largest bet").fill("10")
    phone.get_by_role("button", name="Set the bank").click()
    expect(phone.locator("#prompt")).to_contain_text("Bets of 1.00 to 10.00 against Ann")

    for who, amount in (("Bob", "5.00"), ("Cat", "10.00")):  # the table counts 1.00 a chip
        tap(fieldset(phone, "Who bets"), who)
        tap(fieldset(phone, "Bet"), amount)
        phone.get_by_role("button", name="Record the bet").click()
        expect(phone.locator("#entry")).to_contain_text(f"{who} {amount}")

    open_entry(phone, "turn")
    phone.get_by_role("button", name="Record the card").wait_for()
    _turn(phone, "7", "♥")
    expect(phone.locator("#prompt")).to_contain_text("Turn pile 2 of 3.")
    expect(phone.locator("#piles")).to_contain_text("7♥")
    _turn(phone, "K", "♠")
    expect(phone.locator("#prompt")).to_contain_text("Turn pile 3 of 3.")
    _turn(phone, "4", "♦")
    expect(totals(phone)).to_have_text(["-15.00", "5.00", "10.00"])
    expect(phone.locator("#scoreboard")).to_contain_text(
        "No ace, deuce or jack: the bank pays 2 bets"
    )

    open_entry(phone, "round")
    phone.get_by_role("button", name="Settle the hand").wait_for()
    tap(fieldset(phone, "Bob"), "3.00")
    pile = fieldset(phone, "Pile 1")
    tap(pile, "J")
    tap(pile, "♣")
    phone.get_by_role("button", name="Settle the hand").click()
    expect(totals(phone)).to_have_text(["-12.00", "2.00", "10.00"])

    width = fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    phone.goto(f"/t/{table.score_key}/ledger/")
    plan = phone.locator("#plan")
    expect(plan).to_contain_text("Ann pays Bob 2.00")
    expect(plan).to_contain_text("Ann pays Cat 10.00")
    # The row of that transfer (the plan's order follows the players' internal keys).
    plan.locator("li", has_text="Ann pays Bob 2.00").get_by_role("button", name="Paid").click()
    expect(phone.locator("#done")).to_contain_text("Ann paid Bob 2.00")
    expect(phone.locator("#plan")).to_contain_text("Ann pays Cat 10.00")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"

    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["bank", "bet", "bet", "turn", "turn", "turn", "round"]
    assert errors == []
