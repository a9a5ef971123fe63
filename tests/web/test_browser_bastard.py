"""A scorer records Bastard (Elevator) on a phone: a whole game play by play, then one quickly.

Game 1 is docs/examples/bastard/reversals-and-joker.json: Ann deals 7♣, Bob starts; worked out
by hand: Ann goes out first, Bob second, Cat is the bastard. Game 2, quick entry: Cat (the
bastard) deals; Cat 1st, Bob 2nd, Ann 3rd. Tally: Ann 1, Bob 0, Cat 1.
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
    open_entry,
    page_errors,
    start_game,
    tap,
    totals,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-bastard.png")
#: (who, cards or "pass" / "choice"), in turn from Bob.
GAME = [
    ("Bob", "9H"),
    ("Cat", "JS"),
    ("Ann", "AD"),
    ("Bob", "KC KH"),
    ("Cat", "pass"),
    ("Ann", "5S"),
    ("Bob", "2H"),
    ("Cat", "JK"),
    ("Ann", "3H"),
    ("Bob", "choice"),
    ("Cat", "4C"),
    ("Ann", "8D 8S"),
    ("Bob", "QH QC"),
    ("Cat", "AH"),
    ("Ann", "10C 10D"),
    ("Bob", "9S"),
    ("Cat", "8H"),
    ("Bob", "7S"),
]


def _play(page: Page, cards: str) -> None:
    open_entry(page, "play")
    button = page.get_by_role("button", name="Record the play")
    button.wait_for()
    if cards == "JK":
        tap(fieldset(page, "Rank"), "Joker")
    else:
        first = cards.split()[0]
        tap(fieldset(page, "Rank"), first[:-1])
        for k, card in enumerate(cards.split(), start=1):
            tap(fieldset(page, f"Card {k}"), SUITS[card[-1]])
    button.click()


def _pass(page: Page, how: str) -> None:
    open_entry(page, "pass")
    name = "Pass by choice and draw" if how == "choice" else "Cannot play: pass and draw"
    page.get_by_role("button", name=name).click()


def test_scorer_records_a_game_play_by_play_then_one_quickly(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Bastard (Elevator)", ("Ann", "Bob", "Cat"))
    tap(fieldset(phone, "Dealer"), "Ann")
    card = fieldset(phone, "Card turned up")
    tap(card, "7")
    tap(card, "♣")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob plays on 7♣ or passes.")

    for number, (who, move) in enumerate(GAME, start=1):
        expect(phone.locator("#status")).to_contain_text(re.compile(rf"To play\s*{who}"))
        if move in ("pass", "choice"):
            _pass(phone, move)
        else:
            _play(phone, move)
        if number == 3:
            expect(phone.locator("#status")).to_contain_text("A♦, going down")
        if number == 5:
            expect(phone.locator("#status")).to_contain_text("Ann, if able: the player before")
        if number == 8:
            expect(phone.locator("#status")).to_contain_text("Joker: anything goes, then up")

    expect(totals(phone)).to_have_text(["1", "0", "0"])
    expect(phone.locator("#scoreboard")).to_contain_text("Last holding cards: the bastard")
    expect(phone.locator("#prompt")).to_contain_text("Cat deals game 2.")

    # Game 2, quick entry: Cat deals (already chosen: the bastard deals), no turned card.
    phone.get_by_role("button", name="Record the deal").click()
    button = phone.get_by_role("button", name="Record the finishing order")
    button.wait_for()
    for name, place in (("Ann", "3"), ("Bob", "2"), ("Cat", "1")):
        tap(fieldset(phone, name), place)
    button.click()
    expect(totals(phone)).to_have_text(["1", "0", "1"])
    expect(phone.locator("#status")).to_contain_text(
        re.compile(r"Bastards\s*Ann 1 · Bob 0 · Cat 1")
    )

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds.count("play") == 16 and kinds.count("pass") == 2
    assert kinds[-2:] == ["deal", "result"]
    assert errors == []
