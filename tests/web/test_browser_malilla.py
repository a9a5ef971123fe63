"""A scorer plays Malilla on a phone: the deal with its bonus, a quick-entry hand, then a trick."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import (
    BROWSER,
    SUITS,
    deal_upcard,
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
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-malilla.png")


def _deal(page: Page, dealer: str, card: str) -> None:
    deal_upcard(page, dealer, card[:-1], SUITS[card[-1]])


def test_scorer_records_a_deal_a_quick_hand_and_a_trick(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Malilla", ("Ann", "Bob", "Cat", "Dan"))
    expect(totals(phone)).to_have_text(["0", "0"])

    # Ann deals K♥: hearts are trump and Ann & Cat score the king's 3 at once.
    _deal(phone, "Ann", "KH")
    expect(phone.locator("#history")).to_contain_text("Ann dealt; K♥ turned up (+3 dealer's bonus)")
    expect(totals(phone)).to_have_text(["3", "0"])
    expect(phone.locator("#status")).to_contain_text("+3 to Ann & Cat, scored")

    # Quick entry for Bob & Dan only: 22 card points, 4 tricks = 26. Ann & Cat are worked out:
    # 38 + 6 = 44, which scores 9, plus the bonus: 12.
    phone.get_by_role("button", name="Score the hand").wait_for()
    bob_dan = phone.locator("fieldset.pile").filter(
        has=phone.locator("legend", has_text="Bob & Dan")
    )
    bob_dan.locator("input[inputmode=tel]").fill("10+12")  # summed as counted
    tap(bob_dan, "4")
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["12", "0"])
    expect(phone.locator("#prompt")).to_contain_text("Bob deals hand 2.")
    assert (
        phone.locator("#scoreboard").get_by_text("38 card points + 6 tricks = 44, minus 35").count()
        == 1
    )

    # Hand 2: Bob (already selected) deals 4♠; Cat leads, then Dan, Ann, Bob.
    expect(fieldset(phone, "Dealer").locator("input:checked")).to_have_value("1")
    _deal(phone, "Bob", "4S")
    tab(phone, "Trick by trick")
    phone.get_by_role("button", name="Record trick 1").wait_for()
    for name, card in (("Cat", "AC"), ("Dan", "7C"), ("Ann", "2C"), ("Bob", "KC")):
        tap_card(fieldset(phone, name), card[:-1], SUITS[card[-1]])
    # The trick records itself when its fourth card is tapped.

    expect(phone.locator("#tricks")).to_contain_text("A♣ 7♣ 2♣ K♣ → Dan")
    expect(phone.locator("#prompt")).to_contain_text("Dan leads trick 2 of 10.")
    expect(phone.locator("#status")).to_contain_text("13 this hand (1 trick)")
    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "tally", "deal", "trick"]
    tally = Event.objects.get(game__table=table, kind="tally").payload
    assert tally == {"type": "tally", "side": 1, "card_points": 22, "tricks": 4}
    assert errors == []
