"""Card by card at the speed of play (issue 31): a scorer taps a whole hand's cards on a phone
of 390×844 and of 320×640 and never scrolls. After every card and every trick the trick so far
(its line, or its heading for the first trick, and each card chosen) and the whole grid of the
player expected next are on the screen, above the sticky button bar; axe finds no serious or
critical violation; the taps of a Belote hand are counted (at most 40)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pytest

from .conftest import phone_context
from .phone import (
    BROWSER,
    SUITS,
    deal_upcard,
    fieldset,
    page_errors,
    quiet,
    serious_violations,
    start_game,
    tab,
    tap,
    tap_card,
    totals,
    trick_players,
)
from .test_browser_ready_pages import _overflow

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

PHONES = [{"width": 390, "height": 844}, {"width": 320, "height": 640}]

# docs/examples/belote/made-contract.json: Dan deals, 7♥ turned, Cat takes hearts; Ann leads.
BELOTE = ("AD 9D 8D QD", "10D QH 9H KD", "JH 8H KH 10H", "7H 7C AH 8S",
          "7D JS KC JD", "10C 9C AC QC", "KS AS 9S 7S", "10S JC 8C QS")  # fmt: skip
# docs/examples/buck_euchre/declarer-euchred.json (tests/web/test_browser_buck_euchre.py).
BUCK_EUCHRE = ("AH QH 9H JH", "KH KS 10H 9S", "AS JC 10S 10D", "JS QC QD 9C", "KD KC AC AD")
# docs/examples/malilla/normal-hand.json: Ann deals 3♦; ten ranks a suit, 40 cards.
MALILLA = ("3C 5C 6C QC", "AC 4C KD 7C", "7H QH 6H 3H", "KH JH AH 7D", "6D 2D JD 3D",
           "AD 5H 4D 5D", "QS KS 2S 4S", "6S QD 3S 5S", "KC 2H JC 7S", "2C 4H JS AS")  # fmt: skip

#: Counts the scorer's taps (a finger put down, trusted: not the page's own clicks).
TAPS = """document.addEventListener("pointerdown", (ev) => {
  if (ev.isTrusted) window.__taps = (window.__taps || 0) + 1;
}, true);"""

#: Where the trick so far and the next player's grid are, and how much of the screen is free.
_PLACES = """() => {
  const form = document.querySelector("#entry form.entry-form");
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  const head = form.querySelector(".trick-line") || form.querySelector("h2");
  const next = form.querySelector(".play-row.expected");
  const bar = form.querySelector(".actionbar");
  const played = [...form.querySelectorAll(".play-row")]
    .filter((row) => row.querySelector(".card-grid input:checked"))
    .map((row) => box(row.querySelector("input:checked").parentNode));
  return {head: box(head), next: next && box(next), played: played,
          free: bar ? bar.getBoundingClientRect().top : window.innerHeight,
          name: next && next.querySelector("legend").textContent};
}"""


def _on_screen(page: Page, when: str) -> None:
    """The trick's line (or heading), the cards chosen so far and the next player's whole grid
    are inside the viewport, above the sticky button bar: nothing to scroll."""
    quiet(page)
    page.wait_for_timeout(50)
    at = page.evaluate(_PLACES)
    assert at["next"] is not None, f"{when}: no player expected next"
    if min([at["head"][0], at["next"][0]]) < 0 or at["next"][1] > at["free"]:
        page.screenshot(path="/tmp/shots/thumb-failed.png")  # to see why
    tops = [at["head"][0], at["next"][0], *(p[0] for p in at["played"])]
    bottoms = [at["head"][1], at["next"][1], *(p[1] for p in at["played"])]
    assert min(tops) >= 0, f"{when}: above the screen {at}"
    assert max(bottoms) <= at["free"] + 0.5, f"{when}: below the screen {at}"


def _play(page: Page, tricks: tuple[str, ...], shot: str) -> None:
    """Tap every card of these tricks (the trick form asks for them from the leader), checking
    the screen after each card and each trick."""
    from playwright.sync_api import expect

    for number, cards in enumerate(tricks, start=1):
        page.get_by_role("button", name=f"Record trick {number}").wait_for()
        _on_screen(page, f"trick {number} before its first card")
        players = trick_players(page)
        for i, (name, card) in enumerate(zip(players, cards.split(), strict=True)):
            tap_card(fieldset(page, name), card[:-1], SUITS[card[-1]])
            if i < len(players) - 1:
                expect(page.locator(".play-row.expected legend")).to_contain_text(players[i + 1])
                _on_screen(page, f"trick {number} after card {i + 1}")
        if number == 2:
            page.screenshot(path=f"/tmp/shots/thumb-{shot}.png")
            assert serious_violations(page) == []
        # The trick records itself with its last card; the next one is checked at the top.


@contextlib.contextmanager
def _phone_at(
    chromium: Browser, live_server: LiveServer, viewport: dict[str, int]
) -> Iterator[Page]:
    """A phone of ``viewport`` counting its taps; when the hand is done, nothing scrolls sideways
    and the page logged no error."""
    context = phone_context(chromium, live_server, viewport=viewport)
    context.add_init_script(TAPS)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = page_errors(page)
    try:
        yield page
        assert not _overflow(page)
        assert errors == []
    finally:
        context.close()


def _belote_hand(page: Page, viewport: dict[str, int]) -> None:
    from playwright.sync_api import expect

    start_game(page, "Belote", ("Ann", "Bob", "Cat", "Dan"))
    page.evaluate("window.__taps = 0")
    tap(fieldset(page, "Dealer"), "Dan")
    tap_card(fieldset(page, "Upcard"), "7", "♥")
    page.get_by_role("button", name="Record the deal").click()
    tab(page, "Bidding")
    for bidder, call in (("Ann", "Pass"), ("Bob", "Pass"), ("Cat", "Take ♥")):
        expect(page.locator("#prompt")).to_contain_text(f"{bidder} may take ♥ or pass")
        quiet(page)
        page.get_by_role("button", name=call).click()
    expect(page.locator("#prompt")).to_contain_text("Ann leads trick 1 of 8.")
    _play(page, BELOTE, f"belote-{viewport['width']}")
    expect(page.locator("#prompt")).to_contain_text("Ann deals hand 2.")
    taps = page.evaluate("window.__taps")
    size = f"{viewport['width']}x{viewport['height']}"
    print(f"\nBelote hand card by card at {size}: {taps} taps")
    assert taps <= 40


def _buck_euchre_hand(page: Page, viewport: dict[str, int]) -> None:
    from playwright.sync_api import expect

    start_game(page, "Buck Euchre", ("Ann", "Bob", "Cat", "Dan"))
    deal_upcard(page, "Dan", "10", "♠")
    tab(page, "Bid by bid")
    page.get_by_role("button", name="Pass").click()
    expect(page.locator("#prompt")).to_contain_text("Bob orders up 10♠ or passes.")
    quiet(page)  # each call once the last one's answer is placed
    page.get_by_role("button", name="Order it up").click()
    expect(page.locator("#prompt")).to_contain_text("Who drops out? Cat decides first")
    quiet(page)
    page.get_by_role("button", name="Record the drops").click()
    _play(page, BUCK_EUCHRE, f"buck-euchre-{viewport['width']}")
    expect(totals(page)).to_have_text(["24", "30", "23", "30"])


def _malilla_hand(page: Page, viewport: dict[str, int]) -> None:
    from playwright.sync_api import expect

    start_game(page, "Malilla", ("Ann", "Bob", "Cat", "Dan"))
    deal_upcard(page, "Ann", "3", "♦")
    tab(page, "Trick by trick")
    _play(page, MALILLA, f"malilla-{viewport['width']}")
    expect(page.locator("#prompt")).to_contain_text("Bob deals hand 2.")


#: Each game's hand, played from the start of a game to its end, checked card by card.
HANDS = {"belote": _belote_hand, "buck_euchre": _buck_euchre_hand, "malilla": _malilla_hand}


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
@pytest.mark.parametrize("game", sorted(HANDS))
def test_a_hand_card_by_card_without_scrolling(
    chromium: Browser, live_server: LiveServer, game: str, viewport: dict[str, int]
) -> None:
    with _phone_at(chromium, live_server, viewport) as page:
        HANDS[game](page, viewport)
