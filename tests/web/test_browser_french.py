"""A Belote table in French, on a phone whose language is French: the whole game screen speaks
French, the cards carry the French letters (V, D, R for valet, dame, roi), a refused card is
refused in French naming the card the French way, and one tap on the language switch brings
the same screen back in English."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from companion.tables.models import Event, Table

from .conftest import phone_context
from .phone import BROWSER, SUITS, fieldset, quiet, tab, tap, totals

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, Locator, Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER

SCREENSHOT = Path("/tmp/shots/browser-french.png")
#: The rank chips as a French table reads them: valet, dame, roi, as.
FRENCH_RANKS = {"J": "V", "Q": "D", "K": "R", "A": "A"}
# docs/examples/belote/made-contract.json: Dan deals, 7♥ turned, Cat takes hearts; Ann leads.
TRICKS = ("AD 9D 8D QD", "10D QH 9H KD", "JH 8H KH 10H", "7H 7C AH 8S",
          "7D JS KC JD", "10C 9C AC QC", "KS AS 9S 7S", "10S JC 8C QS")  # fmt: skip
WINNERS = ["Ann", "Cat", "Cat", "Ann", "Dan", "Bob", "Cat", "Cat"]
ORDER = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def french_phone(chromium: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A phone-size page whose browser asks for French first (Accept-Language: fr-FR)."""
    context = phone_context(chromium, live_server, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def _card(scope: Locator, card: str) -> None:
    rank = card[:-1]
    tap(scope, FRENCH_RANKS.get(rank, rank))
    tap(scope, SUITS[card[-1]])


def _french(card: str) -> str:
    """A card as the French chips write it: QD is D♦ (dame de carreau)."""
    return FRENCH_RANKS.get(card[:-1], card[:-1]) + SUITS[card[-1]]


def _trick(page: Page, number: int, leader: str, cards: str) -> None:
    """One trick on the card grid: each player's card, one tap each, as the chips show it."""
    page.get_by_role("button", name=f"Enregistrer le pli {number}").wait_for()
    start = ORDER.index(leader)
    for i, card in enumerate(cards.split()):
        tap(fieldset(page, ORDER[(start + i) % 4]), _french(card))
    # The trick records itself when its fourth card is tapped.


def test_a_belote_hand_in_french_with_a_card_refused_in_french(
    french_phone: Page, live_server: LiveServer
) -> None:
    from playwright.sync_api import expect

    page = french_phone
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name="Nouvelle table")).to_be_visible()
    boxes = page.locator("#new-table input[name=name]")
    for i, name in enumerate(ORDER):
        boxes.nth(i).fill(name)
    page.get_by_role("button", name="Créer la table").click()
    page.get_by_role("link", name="Commencer une partie de Belote").click()
    page.get_by_role("button", name="Commencer la partie").click()

    # The deal: Dan deals and turns up the 7 of hearts.
    tap(fieldset(page, "Donneur"), "Dan")
    _card(fieldset(page, "Retourne"), "7H")
    page.get_by_role("button", name="Enregistrer la donne").click()
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Enchères, premier tour : Ann peut prendre à ♥ ou passer.")
    tab(page, "Enchères")
    page.get_by_role("button", name="Passe").click()
    expect(prompt).to_contain_text("Bob peut prendre à ♥ ou passer.")
    # Each call once the last one's answer is placed: a button tapped while the page is being
    # replaced can be the old form's, and the call is lost (seen on a loaded machine).
    quiet(page)
    page.get_by_role("button", name="Passe").click()
    expect(prompt).to_contain_text("Cat peut prendre à ♥ ou passer.")
    quiet(page)
    page.get_by_role("button", name="Prendre ♥").click()
    expect(prompt).to_contain_text("Ann entame le pli 1 sur 8.")
    expect(page.locator("#reminders")).to_contain_text("Atout")

    _trick(page, 1, "Ann", TRICKS[0])
    expect(prompt).to_contain_text("Ann entame le pli 2 sur 8.")
    expect(page.locator("#tricks")).to_contain_text("A♦ 9♦ 8♦ D♦")  # the queen is a dame
    expect(page.locator("#history")).to_contain_text("Pli : A♦ 9♦ 8♦ D♦")

    leader = WINNERS[0]
    for number, (cards, winner) in enumerate(zip(TRICKS, WINNERS, strict=True), start=1):
        if number == 1:
            continue
        _trick(page, number, leader, cards)
        if number < 8:
            expect(prompt).to_contain_text(f"{winner} entame le pli {number + 1} sur 8.")
        leader = winner
    # Worked by hand, hearts trumps: Ann & Cat take tricks 1 2 3 4 7 8, 14 + 31 + 34 + 11 + 15
    # + 15 and 10 for the last = 130; Bob & Dan tricks 5 and 6, 8 + 24 = 32, rounded to 30.
    expect(totals(page)).to_have_text(["130", "30"])
    expect(prompt).to_contain_text("Ann donne la donne 2.")
    expect(page.locator("#scoreboard")).to_contain_text("Donne 1 : pourquoi ces points")

    # Hand 2: Ann deals and turns up the king of diamonds (a roi: R♦); Bob takes it.
    tap(fieldset(page, "Donneur"), "Ann")
    _card(fieldset(page, "Retourne"), "KD")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(prompt).to_contain_text("Bob peut prendre à ♦ ou passer.")
    tab(page, "Enchères")
    page.get_by_role("button", name="Prendre ♦").click()
    expect(prompt).to_contain_text("Bob entame le pli 1 sur 8.")

    # Cat plays the upcard, which went to Bob, the taker: refused, in French, naming R♦.
    _trick(page, 1, "Bob", "7S KD 8S 9S")
    refusal = page.locator(".violation")
    expect(refusal).to_contain_text(
        "R♦ était la retourne et est allée au preneur, Bob : Cat ne peut pas la jouer."
    )
    expect(refusal).to_contain_text("Rien n'a été enregistré.")
    expect(refusal.get_by_role("link", name="Voir la règle")).to_be_visible()
    assert Event.objects.filter(kind="trick").count() == 8

    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)

    # One tap on the language switch: the same screen in English, remembered by this phone.
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(prompt).to_contain_text("Bob leads trick 1 of 8.")
    page.reload()
    expect(prompt).to_contain_text("Bob leads trick 1 of 8.")

    table = Table.objects.get()
    assert table.language == ""  # the phone's choice, not the table's
    assert errors == []
