"""The banker's helper on a phone: Ziginette, a playette then a deal card by card, with the board,
the dead ranks and the banker's loss shown as they happen.

Worked out by hand: Ann banks (1 to 10). The first deal 3♠ 5♥ 3♣ is a playette. Then board 4♠ 6♥,
Ann's card K♣. Bob bets 6 on the 4♠, Cat 5 on the 6♥. The 4♥ pairs the 4♠: Ann takes Bob's 6
and 4s are dead. The 7♦ joins the board. The 4♦ is dead. The K♦ pairs Ann's card: she pays Cat 5.
Ann +1, Bob −6, Cat +5; Ann's net win of 1 gives no cut (10 % of 1 rounds down to 0).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import BROWSER, SUITS, fieldset, fits_the_phone, new_table, page_errors, tap, totals

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-ziginette.png")


def _open(page: Page, kind: str) -> None:
    """Open an entry form as its own page (no tap lands on a form an answer is replacing)."""
    page.goto(page.url.split("?")[0].split("#")[0] + f"?entry={kind}")


def _deal(page: Page, *cards: str) -> None:
    for legend, card in zip(
        ("Board card 1", "Board card 2", "The banker's card"), cards, strict=True
    ):
        scope = fieldset(page, legend)
        tap(scope, card[:-1])
        tap(scope, SUITS[card[-1]])
    page.get_by_role("button", name="Record the deal").click()


def _turn(page: Page, card: str) -> None:
    tap(fieldset(page, "Rank"), card[:-1])
    tap(fieldset(page, "Suit"), SUITS[card[-1]])
    page.get_by_role("button", name="Record the card").click()


def _bets(page: Page, bets: dict[tuple[str, str], str]) -> int:
    """Every bet of the round in the bets form: a tap on each amount, then one to record them.
    The taps it took."""
    from playwright.sync_api import expect

    button = page.get_by_role("button", name="Record the bets")
    expect(button).to_be_visible()
    for (who, card), amount in bets.items():
        tap(page.get_by_role("group", name=f"{who}: {card}"), amount)
    button.click()
    return len(bets) + 1


def test_four_punters_bet_in_one_form(phone: Page, live_server: LiveServer) -> None:
    """Four players bet on a deal's board in five taps (one an amount, one to record), where a
    bet at a time took five taps each."""
    from playwright.sync_api import expect

    errors = page_errors(phone)
    new_table(phone, ("Ann", "Bob", "Cat", "Dan", "Eve"))
    phone.get_by_role("link", name="Start a game of Ziginette").click()
    phone.get_by_role("button", name="Start game").click()
    tap(fieldset(phone, "Banker"), "Ann")
    phone.get_by_role("button", name="Set the bank").click()
    _deal(phone, "4S", "6H", "KC")
    taps = _bets(
        phone,
        {
            ("Bob", "4♠"): "3.00",
            ("Cat", "6♥"): "2.00",
            ("Dan", "4♠"): "5.00",
            ("Eve", "6♥"): "1.00",
        },
    )
    assert taps == 5
    expect(phone.locator("#board")).to_contain_text("Eve 1.00")
    fits_the_phone(phone, SCREENSHOT.with_name("browser-ziginette-bets.png"))
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(phone).response["violations"]
    assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
    kinds = list(
        Event.objects.filter(game__table=Table.objects.get()).values_list("kind", "payload")
    )
    assert [(k, p["seat"], p["card"], p["amount"]) for k, p in kinds if k == "bet"] == [
        ("bet", 1, "4S", 3), ("bet", 2, "6H", 2), ("bet", 3, "4S", 5), ("bet", 4, "6H", 1)
    ]  # fmt: skip
    assert errors == []


def test_the_banker_deals_a_playette_then_a_deal_card_by_card(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    new_table(phone, ("Ann", "Bob", "Cat"))
    phone.get_by_role("link", name="Start a game of Ziginette").click()
    phone.get_by_role("button", name="Start game").click()

    tap(fieldset(phone, "Banker"), "Ann")
    phone.get_by_role("button", name="Set the bank").click()
    expect(phone.locator("#prompt")).to_contain_text("Ann deals two board cards")

    _deal(phone, "3S", "5H", "3C")
    expect(phone.locator("#status")).to_contain_text("Playettes")
    _deal(phone, "4S", "6H", "KC")
    expect(phone.locator("#board")).to_contain_text("K♣")

    # The round's bets, one form, offered first after the deal: a tap a bet, and one to record.
    _bets(phone, {("Bob", "4♠"): "6.00", ("Cat", "6♥"): "5.00"})  # 1.00 a chip here
    expect(phone.locator("#board")).to_contain_text("Bob 6.00")

    _open(phone, "draw")
    phone.get_by_role("button", name="Record the card").wait_for()
    _turn(phone, "4H")
    expect(phone.locator("#status")).to_contain_text("Dead ranks")
    _turn(phone, "7D")
    expect(phone.locator("#board")).to_contain_text("7♦")
    # A new board card: the bets form comes first again; nobody bets, so on to the next card.
    expect(phone.get_by_role("button", name="Record the bets")).to_be_visible()
    _open(phone, "draw")
    _turn(phone, "4D")
    expect(phone.locator("#board")).to_contain_text("Dead cards turned: 4♦")
    _turn(phone, "KD")
    expect(totals(phone)).to_have_text(["1.00", "-6.00", "5.00"])
    expect(phone.locator("#prompt")).to_contain_text("Ann lost the bank: it passes to Cat")

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["bank", "deal", "deal", "bet", "bet", "draw", "draw", "draw", "draw"]
    assert errors == []
