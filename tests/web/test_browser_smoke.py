"""A real phone-sized browser loads the page with its stylesheet and htmx."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_home_page_on_a_phone(phone: Page) -> None:
    errors: list[str] = []
    phone.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    phone.on("pageerror", lambda exc: errors.append(str(exc)))

    phone.goto("/")

    assert phone.title() == "Companion"
    assert phone.locator("h1").inner_text() == "Companion"
    assert phone.evaluate("typeof window.htmx") == "object"
    assert phone.evaluate("getComputedStyle(document.body).fontSize") == "18px"
    width = phone.viewport_size["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scroll"
    assert errors == []
