"""A scorer plays Recruit on a phone: taps chips, types pile sizes, undoes, records a trick."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from companion.tables.models import Event, Table

from .conftest import phone_context
from .phone import (
    BROWSER,
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
    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-recruit.png")


def _pile(
    page: Page, name: str, cards: str, jacks: int = 0, queens: int = 0, kings: int = 0
) -> None:
    pile = page.locator("fieldset.pile").filter(
        has=page.locator("legend", has_text=re.compile(f"^{name}$"))
    )
    pile.locator("input[type=number]").fill(cards)
    for field, count in (("jacks", jacks), ("queens", queens), ("kings", kings)):
        if count:
            face = pile.locator(".face").filter(has=page.locator(f"input[name^={field}_]"))
            tap(face, str(count))


def _first_hand_piles(page: Page) -> None:
    # Ann: 12 cards, one each of J, Q, K: 12. Bob: 18 cards, two kings: 18 - 5 = 13.
    # Cat: left blank, worked out as 39 - 12 - 18 = 9 cards: 9.
    page.get_by_role("button", name="Score the hand").wait_for()
    _pile(page, "Ann", "12", jacks=1, queens=1, kings=1)
    _pile(page, "Bob", "18", kings=2)
    page.get_by_role("button", name="Score the hand").click()


def test_scorer_records_a_hand_undoes_it_and_plays_a_trick(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Recruit", ("Ann", "Bob", "Cat"))
    expect(totals(phone)).to_have_text(["0", "0", "0"])

    deal_upcard(phone, "Ann", "7", "♥")
    expect(phone.locator("#history")).to_contain_text("Ann dealt; 7♥ turned up")
    _first_hand_piles(phone)

    expect(totals(phone)).to_have_text(["12", "13", "9"])
    expect(phone.locator("#scoreboard tbody tr").first).to_have_text(re.compile(r"1\s*12\s*13\s*9"))
    assert phone.locator("#scoreboard").get_by_text("2 Kings: penalty").count() == 1

    phone.get_by_role("button", name="Undo last entry").click()

    expect(totals(phone)).to_have_text(["0", "0", "0"])
    expect(phone.locator("#history")).to_contain_text("(cancelled)")

    _first_hand_piles(phone)
    expect(totals(phone)).to_have_text(["12", "13", "9"])

    # Hand 2: Bob deals (already selected as the next dealer), 2♣ turned up: clubs are trump.
    expect(fieldset(phone, "Dealer").locator("input:checked")).to_have_value("1")
    deal_upcard(phone, "Bob", "2", "♣")
    tab(phone, "Trick by trick")
    phone.get_by_role("button", name="Record trick 1").wait_for()
    # Cat sits left of the dealer and leads; then Ann, then Bob.
    for name, rank, suit in (("Cat", "A", "♠"), ("Ann", "3", "♠"), ("Bob", "K", "♠")):
        tap_card(fieldset(phone, name), rank, suit)
    # The trick records itself when its last card is tapped.

    expect(phone.locator("#tricks")).to_contain_text("A♠ 3♠ K♠ → Cat")
    expect(phone.locator("#prompt")).to_contain_text("Cat leads trick 2 of 13.")
    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "piles", "void", "piles", "deal", "trick"]
    trick = Event.objects.get(game__table=table, kind="trick").payload
    assert trick == {"type": "trick", "cards": ["AS", "3S", "KS"], "leader": 2}
    assert errors == []


def test_recording_the_deal_works_without_javascript(
    chromium: Browser, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    context = phone_context(chromium, live_server, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        start_game(page, "Recruit", ("Ann", "Bob", "Cat"))
        game_path = re.sub(r"^https?://[^/]+", "", page.url)

        deal_upcard(page, "Cat", "J", "♦")

        expect(page.locator("#history")).to_contain_text("Cat dealt; J♦ turned up")
        expect(page.get_by_role("button", name="Score the hand")).to_be_visible()
        assert re.sub(r"^https?://[^/]+", "", page.url) == game_path, "redirected back (PRG)"
    finally:
        context.close()
    row = Event.objects.get()
    assert row.payload == {"type": "deal", "dealer": 2, "shown": "JD", "variants": []}
