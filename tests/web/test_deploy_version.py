"""Kept pages and replays do not outlive a deploy (issue 29): their keys in a shared cache
carry the deploy's version (companion/deploy.py), so app servers of a new release, or of two
releases at once during a rolling deploy, never hand out what another release made.

The shared cache is Django's local-memory backend under one name for both "releases" (what
a Redis server is to several app servers), configured here; only the deploy's version differs.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from django.core.cache import caches
from django.test import Client, override_settings

from companion.deploy import deploy_version
from companion.tables import actions
from companion.tables.kept import replays
from companion.tables.models import Game

from .helpers import game_url

SHARED = {
    name: {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": f"shared-{name}",
    }
    for name in ("default", "replays", "pages")
}


def _tree(root: Path) -> Path:
    for path, text in {
        "companion/tables/views.py": "def view(): ...",
        "templates/tables/game.html": "<p>{{ game }}</p>",
        "locale/fr/LC_MESSAGES/django.mo": "catalogue",
        "staticfiles/staticfiles.json": '{"paths": {"js/app.js": "js/app.1.js"}}',
        "static/js/app.js": "the manifest names it",
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


@pytest.mark.parametrize(
    "changed",
    [
        "companion/tables/views.py",
        "templates/tables/game.html",
        "locale/fr/LC_MESSAGES/django.mo",
        "staticfiles/staticfiles.json",
    ],
)
def test_the_deploy_version_changes_with_the_code_templates_translations_and_manifest(
    tmp_path: Path, changed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMPANION_DEPLOY_VERSION", raising=False)
    root = _tree(tmp_path)
    before = deploy_version(root, root / "staticfiles")
    assert deploy_version(root, root / "staticfiles") == before
    (root / changed).write_text((root / changed).read_text() + " changed")
    assert deploy_version(root, root / "staticfiles") != before


def test_the_deploy_version_can_be_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DEPLOY_VERSION", "v2026.11.28")
    root = _tree(tmp_path)
    assert deploy_version(root, root / "staticfiles") == "v2026.11.28"


def _stale(marker: str) -> None:
    """Every page kept in the shared cache replaced by what an old release would have kept."""
    shared = caches["pages"]
    for key in list(shared._cache):  # type: ignore[attr-defined]
        shared._cache[key] = pickle.dumps(marker)  # type: ignore[attr-defined]


@override_settings(CACHES=SHARED)
def test_a_page_kept_by_one_release_is_not_served_by_another(game_mid_hand: Game) -> None:
    phone = Client()
    url = game_url(game_mid_hand, key=game_mid_hand.table.view_key)
    marker = "<p>made by release 1</p>"
    with override_settings(COMPANION_DEPLOY_VERSION="release-1"):
        assert phone.get(url).status_code == 200
        _stale(marker)
        assert marker in phone.get(url).content.decode(), "release 1 does not keep its pages"
    with override_settings(COMPANION_DEPLOY_VERSION="release-2"):
        page = phone.get(url).content.decode()
        assert marker not in page
        assert "Recruit" in page
    with override_settings(COMPANION_DEPLOY_VERSION="release-1"):  # rolling: both still up
        assert marker in phone.get(url).content.decode()


@override_settings(CACHES=SHARED)
def test_a_replay_kept_by_one_release_is_not_read_by_another(game_mid_hand: Game) -> None:
    rules = game_mid_hand.rules()
    keys = []
    for release in ("release-1", "release-2"):
        with override_settings(COMPANION_DEPLOY_VERSION=release):
            actions.load(game_mid_hand)
            keys.append(replays.cache_key(game_mid_hand, rules))
            assert keys[-1] in replays.get_many(keys)
    assert keys[0] != keys[1], "release 2 would read the replay release 1 kept"
