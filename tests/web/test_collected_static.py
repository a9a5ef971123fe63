"""Static files as production serves them: collected by ``collectstatic`` into a directory,
under the manifest storage (hashed names, a manifest that knows files only), and served by
WhiteNoise from there, not found in the source tree. The rest of the suite runs the plain
storage, which answers any name; here a name the manifest does not know is a 500, as it is on a
deployed server (the service worker once asked for ``static('')`` and never installed)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from companion.games import GAMES
from companion.tables import actions
from companion.tables.context import available_kinds

from .helpers import game_url

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
_STATIC_LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')


@pytest.fixture
def collected(settings: Any, tmp_path: Path) -> Path:
    """Production's static storage, its files collected into a directory of this test's own,
    and WhiteNoise serving that directory only."""
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": settings.PRODUCTION_STATICFILES_STORAGE},
    }
    settings.WHITENOISE_USE_FINDERS = False
    settings.WHITENOISE_AUTOREFRESH = False
    call_command("collectstatic", interactive=False, verbosity=0)
    assert (settings.STATIC_ROOT / "staticfiles.json").exists()
    return Path(settings.STATIC_ROOT)


def _served(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200, url


def test_the_worker_answers_and_everything_it_keeps_is_served(
    client: Client, collected: Path
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    body = response.content.decode()
    head = dict(re.findall(r"^var (\w+) = (.*);$", body, re.M))
    assert json.loads(head["STATIC_URL"]) == "/static/"
    shell = json.loads(head["SHELL"])
    assert "/offline/" in shell
    hashed = [url for url in shell if url.startswith("/static/")]
    assert len(hashed) == len(shell) - 1
    # The names the manifest gives (css/app.<hash>.css), which are what the pages link.
    assert "/static/css/app.css" not in hashed
    assert any(re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", url) for url in hashed)
    for url in shell:
        _served(client, url)


def test_the_web_manifest_names_icons_that_are_served(client: Client, collected: Path) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    for icon in json.loads(response.content)["icons"]:
        _served(client, icon["src"])


def test_every_page_of_every_game_links_files_that_are_served(
    client: Client, collected: Path, settings: Any
) -> None:
    """Each game half way through its first example: its page with each kind of entry form
    (the card grid brings its own stylesheet), the entries, hands and house rules, its rules
    page and the table's; then the home and offline pages."""
    pages = ["/", "/offline/", "/rules/"]
    for key in GAMES:
        logs = (p for p in (EXAMPLES / key).glob("*.json") if ".expected." not in p.name)
        data = json.loads(min(logs).read_text())
        events = data["events"][: len(data["events"]) // 2]
        table, game = actions.check_import_log({**data, "events": events})
        score = game_url(game)
        kinds = available_kinds(actions.load(game))
        pages += [score, *(f"{score}?entry={kind}" for kind in kinds)]
        pages += [f"{score}history/", f"{score}hands/", f"{score}options/"]
        pages += [f"/rules/{key}/", f"/t/{table.score_key}/", f"/t/{table.view_key}/"]
    links: set[str] = set()
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        links |= set(_STATIC_LINK.findall(response.content.decode()))
    assert any("/card_picker." in link for link in links)  # a form's own stylesheet among them
    for link in sorted(links):
        _served(client, link)
    # The error page names its stylesheet plainly, needing no manifest: that name is served too.
    assert 'href="/static/css/app.css"' in (settings.BASE_DIR / "templates/500.html").read_text()
    _served(client, "/static/css/app.css")
