"""Headers (issue 10, item 6): a strict Content-Security-Policy and a Permissions-Policy on
every response, ``Cache-Control: private, no-store`` on the pages of a table or a club, and in
a real browser htmx, the QR codes and the chart still work under the policy."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.test import Client

from companion.games.recruit.game import Deal
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.models import Event, Game

from .helpers import FIRST_HAND_PILES, game_url

if TYPE_CHECKING:
    from playwright.sync_api import Page


def test_every_page_sends_a_strict_policy(client: Client, game_mid_hand: Game) -> None:
    for path in ("/", game_url(game_mid_hand), "/rules/", "/t/nope/"):
        response = client.get(path)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy
        assert "unsafe" not in policy
        assert "camera=()" in response["Permissions-Policy"]


@pytest.mark.parametrize("suffix", ["", "history/", "hands/", "options/", "log.json"])
def test_pages_carrying_a_key_are_not_stored(
    client: Client, game_mid_hand: Game, suffix: str
) -> None:
    response = client.get(game_url(game_mid_hand, suffix))
    assert response.status_code == 200
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]
    table = client.get(f"/t/{game_mid_hand.table.score_key}/")
    assert "no-store" in table["Cache-Control"]


def test_no_template_has_inline_script_or_style() -> None:
    import re
    from pathlib import Path

    from django.conf import settings

    for path in (Path(settings.BASE_DIR) / "templates").rglob("*.html"):
        html = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert not re.search(r"\sstyle=", html), path
        assert not re.search(r"\son[a-z]+=", html), path
        assert "<style" not in html, path


def _game_with_two_hands(game: Game) -> None:
    actions.check_record_event(game, FIRST_HAND_PILES)
    actions.check_record_event(game, Deal(dealer=1, shown=parse_card("9C")))
    actions.check_record_event(game, FIRST_HAND_PILES)


@pytest.mark.browser
def test_htmx_the_qr_codes_and_the_chart_work_under_the_policy(
    phone: Page, game_mid_hand: Game
) -> None:
    _game_with_two_hands(game_mid_hand)
    violations: list[str] = []
    phone.on(
        "console",
        lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    phone.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )

    phone.goto(game_url(game_mid_hand))

    assert phone.evaluate("typeof window.htmx") == "object"
    chart = phone.locator("#progress svg").first
    assert chart.bounding_box()["height"] > 50, "the chart is drawn"
    _assert_qr_codes_drawn(phone, 1)
    # htmx: Undo posts with hx-post and the page reloads from the answer's HX-Redirect.
    before = Event.objects.filter(game=game_mid_hand).count()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Undo last entry").click()
    assert Event.objects.filter(game=game_mid_hand).count() == before + 1
    assert phone.evaluate("window.__csp") == [] and violations == []
    phone.goto(f"/t/{game_mid_hand.table.score_key}/")
    phone.locator("#share details summary").click()
    _assert_qr_codes_drawn(phone, 2)
    assert phone.evaluate("window.__csp") == [] and violations == []


def _assert_qr_codes_drawn(phone: Page, count: int) -> None:
    codes = phone.locator("img.qr").all()
    assert len(codes) == count
    for qr in codes:
        qr.scroll_into_view_if_needed()
        phone.wait_for_function("(img) => img.complete", arg=qr.element_handle())
        assert phone.evaluate("(img) => img.naturalWidth > 0", qr.element_handle())
