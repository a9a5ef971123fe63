"""An organiser runs a club night from a phone: creates the club page, starts a table on it, and
sees that table's game move on by itself (the page polls) while the table records on its own
phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.recruit.game import Deal
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.models import Table

from .helpers import FIRST_HAND_PILES
from .phone import BROWSER

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = BROWSER


def test_organiser_follows_a_table_without_reloading(phone: Page) -> None:
    from playwright.sync_api import expect

    phone.goto("/")
    phone.locator("#club input[name=name]").fill("Tuesday club")
    phone.get_by_role("button", name="Create a club page").click()
    expect(phone.get_by_role("heading", name="Tuesday club")).to_be_visible()

    form = phone.locator("#club-new-table")
    for i, name in enumerate(["Ann", "Bob", "Cat"]):
        form.locator("input[name=name]").nth(i).fill(name)
    form.locator("input[name=title]").fill("Table 1")
    form.get_by_role("button", name="Create the table").click()
    expect(phone.get_by_text("Table 1 is ready")).to_be_visible()
    card = phone.locator("li.club-table").filter(has_text="Table 1")
    expect(card).to_contain_text("No game started yet.")

    # The new table's QR codes are shown at once, ready to hand out, and are real images.
    qr = card.get_by_role("img", name="QR code of the scorer link of Table 1")
    expect(qr).to_be_visible()
    assert qr.evaluate("img => img.complete && img.naturalWidth > 0")

    # The table plays on its own phone; the club page is not reloaded.
    phone.evaluate("window.stillHere = true")
    table = Table.objects.get()
    game = actions.check_start_game(table, "recruit", list(table.players.all()), {})
    actions.check_record_event(game, Deal(dealer=0, shown=parse_card("7H")))
    actions.check_record_event(game, FIRST_HAND_PILES)
    expect(card).to_contain_text("Bob deals hand 2 of 4.", timeout=20_000)
    expect(card).to_contain_text("Bob 13 · Ann 12 · Cat 9")
    assert phone.evaluate("window.stillHere === true"), "the page reloaded instead of polling"
    expect(qr).to_be_visible()  # the QR code being shown stayed open through the refresh

    card.get_by_role("link", name="Recruit, game 1").click()
    expect(phone.locator("#scoreboard table.scoreboard tfoot td")).to_have_text(["12", "13", "9"])
