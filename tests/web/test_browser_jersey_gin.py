"""A scorer records Jersey Gin on a phone: a draw, an underknock, then gin.

The hands of docs/examples/jersey_gin/underknock.json and gin.json, worked out by hand: Cat deals,
Ann draws from the stock (20 left), knocks with 8, Bob has 6 after laying off and Cat 20: Bob
underknocks, (8 - 6) + (20 - 6) + 10 = 26. Ann deals, Cat goes gin, Ann holds 12 and Bob 31:
12 + 31 + 40 = 83. Totals 0, 26, 83.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .phone import BROWSER, fieldset, fits_the_phone, page_errors, start_game, tab, tap, totals

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-jersey-gin.png")


def _hand(page: Page, end: str, by: str, counts: tuple[str, str, str]) -> None:
    page.get_by_role("button", name="Score the hand").wait_for()
    tap(fieldset(page, "How the hand ended"), end)
    tap(fieldset(page, "Who knocked"), by)
    for seat, count in enumerate(counts):
        page.locator(f"input[name=deadwood_{seat}]").fill(count)
    page.get_by_role("button", name="Score the hand").click()


def test_scorer_records_an_underknock_then_gin(phone: Page, live_server: LiveServer) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Jersey Gin", ("Ann", "Bob", "Cat"))
    tap(fieldset(phone, "Dealer"), "Cat")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#status")).to_contain_text("the break comes when 3 are left")
    # Following the play: Ann's draw from the stock (both chosen already) counts the stock down.
    tab(phone, "Draw")
    phone.get_by_role("button", name="Record the draw").click()
    expect(phone.locator("#status")).to_contain_text(
        "20 cards left; the break comes in 17 more draws from it"
    )
    _hand(phone, "Knock", "Ann", ("8", "4+2", "20"))
    expect(totals(phone)).to_have_text(["0", "26", "0"])
    expect(phone.locator("#scoreboard")).to_contain_text("Underknock bonus")

    phone.get_by_role("button", name="Record the deal").click()  # Ann deals: already chosen
    _hand(phone, "Gin", "Cat", ("12", "31", ""))
    expect(totals(phone)).to_have_text(["0", "26", "83"])
    expect(phone.locator("#prompt")).to_contain_text("Bob deals hand 3.")

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "draw", "result", "deal", "result"]
    assert errors == []
