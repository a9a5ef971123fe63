"""A scorer records Belote on a phone: one hand card by card (bids, declarations, eight tricks),
then one hand by quick entry, checking the scores the screen shows."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import (
    BROWSER,
    SUITS,
    fieldset,
    fits_the_phone,
    page_errors,
    start_game,
    tab,
    tap,
    tap_card,
    totals,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-belote.png")
# docs/examples/belote/made-contract.json: Dan deals, 7♥ turned, Cat takes hearts; Ann leads.
TRICKS = ("AD 9D 8D QD", "10D QH 9H KD", "JH 8H KH 10H", "7H 7C AH 8S",
          "7D JS KC JD", "10C 9C AC QC", "KS AS 9S 7S", "10S JC 8C QS")  # fmt: skip


def _card(scope: Locator, card: str) -> None:
    tap_card(scope, card[:-1], SUITS[card[-1]])


def _info(page: Page, label: str) -> Locator:
    """The value of one row of the info panel."""
    rows = page.locator("dl.info > div").filter(has=page.locator("dt", has_text=label))
    return rows.locator("dd")


def _declare(page: Page, who: str, what: str, rank: str, suit: str) -> None:
    tab(page, "Declaration")
    page.get_by_role("button", name="Record the declaration").wait_for()
    tap(fieldset(page, "Who"), who)
    tap(fieldset(page, "What"), what)
    tap(fieldset(page, "Rank"), rank)
    tap(fieldset(page, "Suit"), suit)
    page.get_by_role("button", name="Record the declaration").click()
    page.get_by_role("button", name="Record the declaration").wait_for(state="detached")


def test_scorer_records_a_hand_card_by_card_and_one_quickly(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Belote", ("Ann", "Bob", "Cat", "Dan"))

    # Hand 1, card by card.
    tap(fieldset(phone, "Dealer"), "Dan")
    _card(fieldset(phone, "Upcard"), "7H")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Ann may take ♥ or pass")
    tab(phone, "Bidding")
    phone.get_by_role("button", name="Pass").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob may take ♥ or pass")
    phone.get_by_role("button", name="Pass").click()
    expect(phone.locator("#prompt")).to_contain_text("Cat may take ♥ or pass")
    phone.get_by_role("button", name="Take ♥").click()
    expect(phone.locator("#prompt")).to_contain_text("Ann leads trick 1 of 8.")

    _declare(phone, "Bob", "3", "K", "♠")
    _declare(phone, "Dan", "3", "K", "♦")
    expect(_info(phone, "Declared")).to_have_text("Bob: tierce K♠ high · Dan: tierce K♦ high")

    order = ["Ann", "Bob", "Cat", "Dan"]
    leader = "Ann"
    winners = ["Ann", "Cat", "Cat", "Ann", "Dan", "Bob", "Cat", "Cat"]
    for number, (cards, winner) in enumerate(zip(TRICKS, winners, strict=True), start=1):
        # The trick form is the default once the bidding is over: no tab to tap.
        phone.get_by_role("button", name=f"Record trick {number}").wait_for()
        start = order.index(leader)
        for i, card in enumerate(cards.split()):
            _card(fieldset(phone, order[(start + i) % 4]), card)
        # The trick records itself when its fourth card is tapped.
        if number < 8:
            expect(phone.locator("#prompt")).to_contain_text(f"{winner} leads trick {number + 1}")
            expect(phone.locator("#tricks")).to_contain_text(f"→ {winner}")
        leader = winner
        if number == 4:
            expect(_info(phone, "Ann & Cat trick points")).to_have_text("90")
            expect(_info(phone, "Ann & Cat need")).to_have_text("nothing: made (90 of 82)")

    expect(totals(phone)).to_have_text(["130", "70"])
    expect(phone.locator("#prompt")).to_contain_text("Ann deals hand 2.")
    assert phone.locator(".flag").count() == 0

    # Hand 2, quick entry: Bob takes diamonds (the K♦ turned) and makes 90 with belote.
    tap(fieldset(phone, "Dealer"), "Ann")
    _card(fieldset(phone, "Upcard"), "KD")
    phone.get_by_role("button", name="Record the deal").click()
    # Hand 1 was played card by card: the bidding comes first, quick entry is a tab away.
    expect(phone.locator(".tab.active")).to_have_text("Bidding")
    tab(phone, "Quick entry")
    phone.get_by_role("button", name="Score the hand").wait_for()
    expect(fieldset(phone, "Trump").locator("input:checked")).to_have_value("D")
    tap(fieldset(phone, "Taker"), "Bob")
    phone.get_by_role("textbox", name="Takers").fill("40+30+20")  # summed as counted
    tap(fieldset(phone, "Belote-rebelote"), "Bob")
    phone.get_by_role("button", name="Score the hand").click()

    # Bob & Dan 90 + 20 = 110; Ann & Cat 72 -> 70.
    expect(totals(phone)).to_have_text(["200", "180"])
    expect(_info(phone, "Ann & Cat to 1000")).to_have_text("800")
    expect(_info(phone, "Bob & Dan to 1000")).to_have_text("820")
    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    hand_1 = ["deal", "bid", "bid", "bid", "declare", "declare", *["trick"] * 8]
    assert kinds == [*hand_1, "deal", "result"]
    assert errors == []
