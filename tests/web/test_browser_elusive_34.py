"""A scorer records The Elusive 34 on a phone: the set-up rituals, a hand trick by trick with its
trades, then a hand with the Joker turned up, recorded quickly.

It is docs/examples/elusive_34/whole-game.json, worked out by hand: hand 1 Ann 19, Bob 0, Cat 16;
hand 2 (Joker up, Bob names hearts) Ann 15, Bob 7, Cat 5: totals 34, 7, 21.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import (
    BROWSER,
    SUITS,
    fieldset,
    fits_the_phone,
    new_table,
    page_errors,
    tab,
    tap,
    totals,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-elusive-34.png")
HAND_1 = [
    ("2C 4C 3C 8C 9C 7C", "none"),
    ("QC 10C 5C AS 2D", None),  # Ann wins and loses: no trade
    ("KH 4H 3H 9H", "5D QD"),
    ("JS 10S 6S", "KS AH"),
    ("5D JD", "none"),
]
CATEGORY = {"5D": "Low", "KS": "High"}


def _row(scope: Locator, label: str) -> Locator:
    return scope.locator("div.count-row").filter(has_text=re.compile(f"^{re.escape(label)}"))


def _card(scope: Locator, code: str) -> None:
    tap(scope, code[:-1])
    tap(scope, SUITS[code[-1]])


def test_scorer_records_the_set_up_a_hand_card_by_card_and_a_quick_one(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    new_table(phone, ("Ann", "Bob", "Cat"))
    phone.get_by_role("link", name="Start a game of The Elusive 34").click()
    phone.get_by_role("button", name="Start game").click()

    expect(phone.locator("#prompt")).to_contain_text("Who deals first?")
    tap(fieldset(phone, "Got the first Middle card"), "Ann")
    phone.get_by_role("button", name="Record the first dealer").click()
    expect(phone.locator("#prompt")).to_contain_text("Ann turns cards face up")
    tap(fieldset(phone, "Top of the Low pile"), "4")
    tap(fieldset(phone, "Top of the Middle pile"), "8")
    tap(fieldset(phone, "Goal: that number times"), "×1")
    phone.get_by_role("button", name="Set the goal").click()
    expect(phone.locator("#prompt")).to_contain_text("Ann deals hand 1: 10 cards each")

    _card(fieldset(phone, "Card turned face up"), "4S")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob leads trick 1.")
    expect(phone.locator("#status")).to_contain_text("every 5 ranks above its suit's ace")

    tab(phone, "Trick by trick")
    for number, (cards, trade) in enumerate(HAND_1, start=1):
        button = phone.get_by_role("button", name=f"Record trick {number}")
        button.wait_for()
        plays = phone.locator("fieldset.play")
        expect(plays).to_have_count(len(cards.split()))
        for i, code in enumerate(cards.split()):
            tap(plays.nth(i), code[:-1] + SUITS[code[-1]])  # one tap in the card grid
        button.click()
        if trade is None:
            continue
        if trade == "none":
            phone.get_by_role("button", name="No trade").click()
            continue
        given, back = trade.split()
        tap(fieldset(phone, "Declared"), CATEGORY[given])
        _card(fieldset(phone, "Card passed"), given)
        _card(fieldset(phone, "Card given back"), back)
        phone.get_by_role("button", name="Record the trade").click()

    expect(phone.locator("#prompt")).to_contain_text("Play is over")
    for name, high, middle, low in (("Ann", 1, 2, 0), ("Bob", 1, 2, 1), ("Cat", 2, 1, 0)):
        scope = fieldset(phone, name)
        tap(_row(scope, f"{name}: High"), str(high))
        tap(_row(scope, f"{name}: Middle"), str(middle))
        tap(_row(scope, f"{name}: Low"), str(low))
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["19", "0", "16"])
    expect(phone.locator("#scoreboard")).to_contain_text("14 cards collected in tricks")

    # Hand 2: Bob deals and turns up the Joker; Bob (lowest) names hearts; quick entry.
    tap(fieldset(phone, "Card turned face up"), "Joker")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob (lowest score) names trump")
    phone.get_by_role("button", name="♥").click()
    expect(phone.locator("#status")).to_contain_text("♥ Hearts trump")
    # Hand 1 was played card by card: its first trick comes first, quick entry is a tab away.
    expect(phone.locator(".tab.active")).to_have_text("Trick by trick")
    tab(phone, "Quick entry")
    phone.get_by_role("button", name="Score the hand").wait_for()
    for name, collected, high, middle, low in (
        ("Ann", "10", 1, 2, 0),
        ("Bob", "6+6", 0, 1, 1),
        ("Cat", "0", 1, 2, 0),
    ):
        scope = fieldset(phone, name)
        scope.locator("input[name^=collected]").fill(collected)
        tap(_row(scope, f"{name}: High"), str(high))
        tap(_row(scope, f"{name}: Middle"), str(middle))
        tap(_row(scope, f"{name}: Low"), str(low))
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["34", "7", "21"])
    expect(phone.locator("#prompt")).to_contain_text("Cat deals hand 3")

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds[:3] == ["first-dealer", "goal", "deal"]
    assert kinds.count("trick") == 5 and kinds.count("trade") == 4
    assert kinds[-4:] == ["left", "deal", "trump", "result"]
    assert errors == []
