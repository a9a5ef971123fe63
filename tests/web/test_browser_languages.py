"""A later game in German and in Spanish at 320 px (issue 33): a Jersey Gin table whose language
is German (or Spanish) scores one hand on a narrow phone, tapping the chips and buttons by the
words the catalogue gives them; the page is in that language, never scrolls sideways, and axe
finds no serious or critical violation.

The hand of docs/examples/jersey_gin/underknock.json: Cat deals, Ann knocks with 8, Bob has 6
after laying off and Cat 20: Bob underknocks, (8 - 6) + (20 - 6) + 10 = 26.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.utils import translation

from companion.tables import actions
from companion.tables.i18n import gettext
from companion.tables.models import Event, Table

from .conftest import phone_context
from .helpers import start
from .phone import fieldset, tap, totals
from .test_browser_ready_pages import SERIOUS, _overflow

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


@pytest.mark.parametrize("language", ["de", "es"])
def test_a_jersey_gin_hand_at_320_px_in_german_and_in_spanish(
    chromium: Browser, live_server: LiveServer, language: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect

    table = actions.do_create_table(["Ann", "Bob", "Cat"], "Mesa")
    Table.objects.filter(pk=table.pk).update(language=language)
    game = start(table, "jersey_gin")
    with translation.override(language):
        words = {
            w: gettext(w)
            for w in (
                "Dealer",
                "Record the deal",
                "How the hand ended",
                "Who knocked, went gin or broke",
                "Knock",
                "Score the hand",
            )
        }
    assert all(said != english for english, said in words.items()), words

    context = phone_context(chromium, live_server, viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"/t/{table.score_key}/g/{game.number}/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        tap(fieldset(page, words["Dealer"]), "Cat")
        page.get_by_role("button", name=words["Record the deal"]).click()
        page.get_by_role("button", name=words["Score the hand"]).wait_for()
        tap(fieldset(page, words["How the hand ended"]), words["Knock"])
        tap(fieldset(page, words["Who knocked, went gin or broke"]), "Ann")
        for seat, count in enumerate(("8", "4+2", "20")):
            page.locator(f"input[name=deadwood_{seat}]").fill(count)
        page.get_by_role("button", name=words["Score the hand"]).click()
        expect(totals(page)).to_have_text(["0", "26", "0"])

        assert not _overflow(page), f"scrolls sideways at 320 px: {_overflow(page)}"
        serious = [
            f"{v['impact']} {v['id']}: {v['help']}"
            for v in Axe().run(page).response["violations"]
            if v["impact"] in SERIOUS
        ]
        assert not serious, serious
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"browser-jersey-gin-{language}.png"), full_page=True)
    finally:
        context.close()
    kinds = list(Event.objects.filter(game__table=table).values_list("kind", flat=True))
    assert kinds == ["deal", "result"]
    assert errors == []
