"""A scorer records Ui77 on a phone: a hand card by card, a hand by quick entry, then the goal.

Hand 1 is docs/examples/ui77/two-players-card-by-card.json: Ann deals 5♠ 8♥ 7♦ (trump ♠ from
trick 2, slough ♥, throw 3, target 4); Ann throws 2, Bob 3; eight tricks; Bob keeps one heart.
Worked out by hand: Ann 3 tricks (1 away) and no card: 1; Bob 5 tricks (1 away) and a heart: 1.
Hand 2 (quick): Bob deals 5♠ 8♥ K♦ (target 7); Bob wins all 9 tricks and the 4 draws and keeps 4
cards, none a heart: 2 + 4 = 6; Ann no trick and no card: 7. Totals 8 and 7; goal 22.
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
    page_errors,
    start_game,
    tab,
    tap,
    totals,
    trick_players,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-ui77.png")
TRICKS = ["AC 2S", "KC QC", "3D 4D", "5D 6D", "7C JC", "2H 3H", "AH 4H", "9C 10C"]
FACEUP = ("Card One", "Card Two", "Card Three")


def _deal(page: Page, dealer: str, cards: str) -> None:
    tap(fieldset(page, "Dealer"), dealer)
    for legend, card in zip(FACEUP, cards.split(), strict=True):
        scope = fieldset(page, legend)
        tap(scope, card[:-1])
        tap(scope, SUITS[card[-1]])
    page.get_by_role("button", name="Record the deal").click()


def test_scorer_records_a_hand_card_by_card_then_one_quickly_then_the_goal(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Ui77", ("Ann", "Bob"))
    _deal(phone, "Ann", "5S 8H 7D")
    status = phone.locator("#status")
    expect(status).to_contain_text(
        "Trump ♠, powerless until after trick 1; slough ♥; throw up to 3; target 4 tricks"
    )
    tab(phone, "Card by card")
    button = phone.get_by_role("button", name="Record the discards")
    button.wait_for()
    tap(fieldset(phone, "Bob"), "3")
    tap(fieldset(phone, "Ann"), "2")
    button.click()
    expect(phone.locator("#prompt")).to_contain_text("Bob leads trick 1")

    for number, cards in enumerate(TRICKS, start=1):
        button = phone.get_by_role("button", name=f"Record trick {number}")
        button.wait_for()
        players = trick_players(phone)
        assert len(players) == 2
        for name, card in zip(players, cards.split(), strict=True):
            scope = fieldset(phone, name)
            tap(scope, card[:-1])
            tap(scope, SUITS[card[-1]])
        button.click()
        if number == 1:
            # 2♠ has no power in trick 1: Bob's A♣ wins, and he draws.
            expect(phone.locator("#tricks")).to_contain_text("A♣ 2♠ → Bob")
            expect(status).to_contain_text("Ann 6 · Bob 6")

    expect(phone.locator("#prompt")).to_contain_text("Ann played their last card")
    tap(fieldset(phone, "Bob"), "1")
    tap(fieldset(phone, "Ann"), "0")
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["1", "1"])
    expect(phone.locator("#prompt")).to_contain_text("Bob deals hand 2")

    _deal(phone, "Bob", "5S 8H KD")
    # Hand 1 was played card by card: so is the next (discards first), quick entry a tab away.
    expect(phone.locator(".tab.active")).to_have_text("Card by card")
    tab(phone, "Quick entry")
    phone.get_by_role("button", name="Score the hand").wait_for()
    for name, counts in (("Ann", ("0", "0", "0", "0")), ("Bob", ("0", "9", "4", "0"))):
        player = fieldset(phone, name)
        for legend, count in zip(
            ("Discarded", "Tricks won", "Cards left", "Slough cards left"), counts, strict=True
        ):
            column = player.locator("fieldset").filter(
                has=phone.locator("legend", has_text=re.compile(f"^{legend}$"))
            )
            tap(column, count)
    phone.get_by_role("button", name="Score the hand").click()
    expect(totals(phone)).to_have_text(["8", "7"])
    expect(phone.locator("#prompt")).to_contain_text("choose the goal")

    tap(fieldset(phone, "Goal"), "22")
    phone.get_by_role("button", name="Set the goal").click()
    expect(status).to_contain_text("Ann 14 · Bob 15")
    expect(phone.locator("#prompt")).to_contain_text("Ann deals hand 3")

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "discards", *["trick"] * 8, "leftover", "deal", "result", "goal"]
    assert errors == []
