"""Every rules page written in another language (``templates/rules/games/<language>/``, or said
through the catalogues), opened by a phone asking for that language at 320×640: served in it,
no sideways scrolling, and no serious or critical accessibility violation (axe-core). The
English pages are checked by ``test_browser_ready_pages.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

from .phone import BROWSER
from .test_browser_ready_pages import SERIOUS, _overflow, narrow  # noqa: F401 (fixture)
from .test_rules_languages import WRITTEN

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = BROWSER


def test_every_written_rules_page_fits_320_wide_in_its_language_and_passes_axe(
    narrow: Page,  # noqa: F811 (the fixture imported above)
    live_server: LiveServer,
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    problems: list[str] = []
    assert WRITTEN
    for language, key in WRITTEN:
        narrow.context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
        )
        url = f"/rules/{key}/"
        response = narrow.goto(url)
        assert response is not None and response.status == 200, url
        narrow.wait_for_load_state("load")
        where = f"{language} {url}"
        if narrow.locator("html").get_attribute("lang") != language:
            problems.append(f"{where}: not served in {language}")
        if narrow.locator(".rules-untranslated").count():
            problems.append(f"{where}: shows the note for a page not written in the language")
        wide = _overflow(narrow)
        if wide:
            problems.append(f"{where}: scrolls sideways at 320 px: {wide}")
        for v in axe.run(narrow).response["violations"]:
            if v["impact"] in SERIOUS:
                targets = [n["target"] for n in v["nodes"]][:3]
                problems.append(f"{where}: {v['impact']} {v['id']}: {v['help']} {targets}")
    assert not problems, "\n".join(problems)
