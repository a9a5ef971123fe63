"""A scorer records Buck Euchre on a phone: a hand bid by bid and trick by trick, then a quick one.

Hand 1 is docs/examples/buck_euchre/declarer-euchred.json: Dan deals 10♠, Ann passes, Bob orders
up, nobody drops. Worked out by hand: Ann 1 trick −1, Bob declarer with 2 tricks +5 (euchred),
Cat 2 tricks −2, Dan stayed in with none +5: totals 24 30 23 30.
"""

from __future__ import annotations

import re
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
    trick_players,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-buck-euchre.png")
TRICKS = ["AH QH 9H JH", "KH KS 10H 9S", "AS JC 10S 10D", "JS QC QD 9C", "KD KC AC AD"]


def test_scorer_records_a_hand_card_by_card_then_one_quickly(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Buck Euchre", ("Ann", "Bob", "Cat", "Dan"))
    expect(totals(phone)).to_have_text(["25", "25", "25", "25"])
    deal_upcard(phone, "Dan", "10", "♠")
    expect(phone.locator("#prompt")).to_contain_text("Ann orders up 10♠ or passes.")

    tab(phone, "Bid by bid")
    phone.get_by_role("button", name="Pass").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob orders up 10♠ or passes.")
    phone.get_by_role("button", name="Order it up").click()
    expect(phone.locator("#prompt")).to_contain_text("Who drops out? Cat decides first")
    phone.get_by_role("button", name="Record the drops").click()

    for number, cards in enumerate(TRICKS, start=1):
        button = phone.get_by_role("button", name=f"Record trick {number}")
        button.wait_for()
        players = trick_players(phone)
        assert len(players) == 4
        for name, card in zip(players, cards.split(), strict=True):
            tap_card(fieldset(phone, name), card[:-1], SUITS[card[-1]])
        # The trick records itself when its fourth card is tapped.
        if number == 3:
            # The left bower J♣ beats the A♠ led: Cat wins and leads.
            expect(phone.locator("#tricks")).to_contain_text("A♠ J♣ 10♠ 10♦ → Cat")
            expect(phone.locator("#status")).to_contain_text("Bob: 1 of the 3 tricks needed")

    expect(totals(phone)).to_have_text(["24", "30", "23", "30"])
    expect(phone.locator("#scoreboard tbody tr").first).to_have_text(
        re.compile(r"1\s*-1\s*5\s*-2\s*5")
    )
    expect(phone.locator("#scoreboard")).to_contain_text("Euchred: 2 tricks as declarer")
    expect(phone.locator("#prompt")).to_contain_text("Ann deals hand 2.")

    # Hand 2, quick entry: Ann deals 9♣ (dirty clubs). Ann 1, Bob 1, Cat 3, Dan left blank (0):
    # Ann −1 → 23, Bob −1 → 29, Cat −3 → 20, Dan no trick +5 → 35.
    deal_upcard(phone, "Ann", "9", "♣")
    # Hand 1 was played card by card: its first trick comes first, quick entry is a tab away.
    expect(phone.locator(".tab.active")).to_have_text("Trick by trick")
    tab(phone, "Quick entry")
    phone.get_by_role("button", name="Score the hand").wait_for()
    for name, count in (("Ann", "1"), ("Bob", "1"), ("Cat", "3")):
        tap(fieldset(phone, name), count)
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["23", "29", "20", "35"])

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "bid", "bid", "drops", *["trick"] * 5, "deal", "result"]
    assert errors == []
