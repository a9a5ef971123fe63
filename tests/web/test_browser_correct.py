"""A scorer corrects an earlier hand on a phone, after the game has gone on past it.

The game is docs/examples/recruit/three-players-quick.json (Ann 48, Bob 45, Cat 38). Hand 1 was
played with Low Penalty, so a doubled face rank costs 3. Entry #3 has Ann's pile at 15 cards
with two jacks, which scores 15 − 3 = 12. She really had one jack, so her pile scores 15. Worked
out by hand, the hand becomes Ann 15, Bob 6, Cat 12, and the totals become Ann 51, Bob 45,
Cat 38. Ann still wins.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings

from companion.tables import actions

from .phone import BROWSER

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = BROWSER

EXAMPLE = Path(settings.BASE_DIR) / "docs" / "examples" / "recruit" / "three-players-quick.json"


def test_scorer_corrects_hand_one_after_the_game_went_on(phone: Page) -> None:
    from playwright.sync_api import expect

    table, game = actions.check_import_log(json.loads(EXAMPLE.read_text()))
    phone.goto(f"/t/{table.score_key}/g/{game.number}/")
    totals = phone.locator("#scoreboard table.scoreboard tfoot td")
    expect(totals).to_have_text(["48", "45", "38"])

    phone.get_by_role("link", name="Correct entry 3").click()
    expect(phone.get_by_role("heading", name="Correct entry #3")).to_be_visible()
    ann = phone.locator("fieldset.pile").filter(has=phone.locator("legend", has_text="Ann"))
    expect(ann.locator("input[name=cards_0]")).to_have_value("15")  # filled in as recorded
    jacks = ann.locator(".face").filter(has_text="Jacks")
    expect(jacks.locator("input:checked")).to_have_value("2")
    jacks.locator("label.chip").filter(has_text=re.compile("^1$")).click()
    phone.get_by_role("button", name="Score the hand").click()

    expect(totals).to_have_text(["51", "45", "38"])
    first_hand = phone.locator("#scoreboard table.scoreboard tbody tr").first
    expect(first_hand.locator("td")).to_have_text(["15", "6", "12"])
    history = phone.locator("#history")
    expect(history).to_contain_text("(corrected by #10)")
    expect(history).to_contain_text("Corrects #3:")
    expect(phone.locator("#game-body")).to_contain_text("Ann wins")
