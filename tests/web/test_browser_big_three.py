"""A scorer records Big Three on a phone: a hand bid by bid and play by play, then one quickly.

Hand 1 is docs/examples/big_three/solo-wins-after-free-leads.json: Bob opens (4♥), bids 1, Cat
2, Ann 3; Ann, solo at 3, wins after two free leads: +6, −3, −3 (worked out by hand). Hand 2,
quick entry: Cat solo at 1, Ann out first: Cat pays 1 to each: totals 7, −2, −5.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.tables.models import Event, Table

from .phone import (
    BROWSER,
    fieldset,
    fits_the_phone,
    new_table,
    open_entry,
    page_errors,
    quiet,
    start_game,
    tap,
    totals,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-big-three.png")
SERIOUS = ("serious", "critical")  # axe impacts that fail the test
PLAYS = [
    ("Bob", "4H"),
    ("Cat", "9H"),
    ("Ann", "3S"),
    ("Bob", ""),
    ("Cat", ""),
    ("Ann", "4S 5S 6S 7S 8S 9S 10S JS QS KS"),
    ("Bob", ""),
    ("Cat", ""),
    ("Ann", "5H 5D 5C 6H 6D 6C 7H 7D 7C"),
]


def _play(page: Page, cards: str) -> None:
    open_entry(page, "play")
    button = page.get_by_role("button", name="Record the play")
    button.wait_for()
    for card in cards.split():
        page.locator(f'label.pick:has(input[value="{card}"])').click()
    button.click()


def _quick_hand(
    page: Page, opener: str, answers: dict[str, str], extra: Callable[[], None] | None = None
) -> None:
    """A hand dealt (by whoever the app names) and settled by quick entry: ``answers`` maps
    each question to the chip tapped; ``extra`` runs on the open form first."""
    tap(fieldset(page, "Opens the bidding"), opener)
    page.get_by_role("button", name="Record the deal").click()
    open_entry(page, "result")
    button = page.get_by_role("button", name="Settle the hand")
    button.wait_for()
    if extra is not None:
        extra()
    for question, chip in answers.items():
        tap(fieldset(page, question), chip)
    button.click()


def _serious(axe: Any, page: Page) -> list[str]:
    """The serious or critical accessibility problems axe finds on the page."""
    return [v["id"] for v in axe.run(page).response["violations"] if v["impact"] in SERIOUS]


def test_scorer_records_a_hand_play_by_play_then_one_quickly(
    phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    errors = page_errors(phone)

    start_game(phone, "Big Three", ("Ann", "Bob", "Cat"))
    tap(fieldset(phone, "Dealer"), "Ann")
    tap(fieldset(phone, "Opens the bidding"), "Bob")
    tap(fieldset(phone, "Their lowest heart"), "4♥")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob opens the bidding with 1, 2 or 3.")

    for who, bid in (("Bob", "1"), ("Cat", "2"), ("Ann", "3")):
        expect(phone.locator("#entry h2")).to_contain_text(f"{who} to bid")
        # The heading shows once the last bid's answer is placed; the page may still be moving
        # (its entry line, the scroll to the form): a tap then can miss the button.
        quiet(phone)
        phone.get_by_role("button", name=bid, exact=True).click()
    expect(phone.locator("#status")).to_contain_text(re.compile(r"Solo\s*Ann, bid 3, stake 3"))

    for number, (who, cards) in enumerate(PLAYS, start=1):
        expect(phone.locator("#status")).to_contain_text(re.compile(rf"To play\s*{who}"))
        if cards:
            _play(phone, cards)
        else:
            open_entry(phone, "pass")
            phone.get_by_role("button", name="Pass", exact=True).click()
        if number == 5:
            expect(phone.locator("#prompt")).to_contain_text("Ann leads any combination.")

    expect(totals(phone)).to_have_text(["6", "-3", "-3"])
    expect(phone.locator("#scoreboard")).to_contain_text("Solo, out first: 3 chips")
    expect(phone.locator("#prompt")).to_contain_text("Bob deals hand 2.")

    _quick_hand(phone, "Cat", {"Winning bid": "1", "Solo player": "Cat", "First to empty": "Ann"})
    expect(totals(phone)).to_have_text(["7", "-2", "-5"])

    fits_the_phone(phone, SCREENSHOT)

    table = Table.objects.get()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "bid", "bid", "bid", *["play"] * 3, "pass", "pass", "play"] + [
        "pass",
        "pass",
        "play",
        "deal",
        "result",
    ]
    assert errors == []


HOUSE_SHOT = Path("/tmp/shots/browser-big-three-house.png")
RUN_OF_EIGHT_PAIRS = "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H 10S 10H JS JH"


def test_house_rules_a_forced_dig_then_quads_and_a_spring_by_quick_entry(
    phone: Page, live_server: LiveServer
) -> None:
    """Forced dig, quads doubling and spring on. Hand 1: Cat shows three 3s and digs, solo at 3;
    Bob (the opener) leads his sixteen cards at once, a run of eight pairs, and is out before
    Cat played a card: a spring, stake 3 × 2 = 6, Cat pays 6 to each, +6, +6, −12. Hand 2, quick
    entry: Ann opens, plays solo at 2 and goes out first with one four of a kind played and a
    spring: stake 2 × 2 × 2 = 8, +16, −8, −8. Totals 22, −2, −20 (all worked out by hand)."""
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect

    errors = page_errors(phone)
    axe, serious = Axe(), list[str]()

    new_table(phone, ("Ann", "Bob", "Cat"))
    phone.get_by_role("link", name="Start a game of Big Three").click()
    for option in ("Forced dig", "Quads double the stake", "Spring doubles the stake"):
        tap(fieldset(phone, option), "yes")
    phone.get_by_role("button", name="Start game").click()
    tap(fieldset(phone, "Dealer"), "Ann")
    tap(fieldset(phone, "Opens the bidding"), "Bob")
    phone.get_by_role("button", name="Record the deal").click()
    expect(phone.locator("#prompt")).to_contain_text("Bob opens the bidding")

    open_entry(phone, "dig")
    button = phone.get_by_role("button", name="Record the forced dig")
    button.wait_for()
    serious += _serious(axe, phone)
    tap(fieldset(phone, "Who digs"), "Cat")
    for card in ("3S", "3H", "3D"):
        phone.locator(f'label.pick:has(input[value="{card}"])').click()
    button.click()
    expect(phone.locator("#status")).to_contain_text(re.compile(r"Solo\s*Cat, bid 3, stake 3"))
    expect(phone.locator("#prompt")).to_contain_text("Bob leads any combination.")
    _play(phone, RUN_OF_EIGHT_PAIRS)
    expect(totals(phone)).to_have_text(["6", "6", "-12"])
    expect(phone.locator("#scoreboard")).to_contain_text("Cat dug by force at 3")

    def spring() -> None:
        serious.extend(_serious(axe, phone))
        phone.locator("label.chip", has_text="Spring: the losing side").click()

    answers = {"Winning bid": "2", "Solo player": "Ann", "First to empty": "Ann"}
    _quick_hand(phone, "Ann", {**answers, "Fours of a kind played": "1"}, spring)
    expect(totals(phone)).to_have_text(["22", "-2", "-20"])

    width = phone.viewport_size["width"] if phone.viewport_size else 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    HOUSE_SHOT.parent.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(HOUSE_SHOT), full_page=True)
    rows = Event.objects.filter(game__table=Table.objects.get())
    kinds = list(rows.values_list("kind", flat=True))
    assert kinds == ["deal", "dig", "play", "deal", "result"]
    assert serious == []
    assert errors == []
