"""The environment helpers in companion.settings turn junk into ImproperlyConfigured; the cache
settings they build."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from companion.settings import cache_settings, envbool, envint, envlist, envsecret


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("YES", True), (" on ", True), ("0", False), ("off", False)],
)
def test_envbool_reads_common_spellings(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool
) -> None:
    monkeypatch.setenv("X_FLAG", raw)

    assert envbool("X_FLAG", not expected) is expected


def test_envbool_uses_default_when_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("X_FLAG", raising=False)

    assert envbool("X_FLAG", True) is True


def test_envbool_rejects_junk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("X_FLAG", "maybe")

    with pytest.raises(ImproperlyConfigured, match="X_FLAG"):
        envbool("X_FLAG", False)


def test_envint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("X_INT", "42")
    assert envint("X_INT", 0) == 42

    monkeypatch.setenv("X_INT", "forty")
    with pytest.raises(ImproperlyConfigured, match="X_INT"):
        envint("X_INT", 0)


def test_envlist_splits_on_commas_and_drops_blanks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("X_LIST", " a.example, b.example ,,")

    assert envlist("X_LIST", ["default"]) == ["a.example", "b.example"]


def test_envsecret_reads_a_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("s3cret\n")
    monkeypatch.delenv("X_SECRET", raising=False)
    monkeypatch.setenv("X_SECRET_FILE", str(secret))

    assert envsecret("X_SECRET") == "s3cret"


def test_envsecret_refuses_both_value_and_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("X_SECRET", "a")
    monkeypatch.setenv("X_SECRET_FILE", str(tmp_path / "secret"))

    with pytest.raises(ImproperlyConfigured, match="not both"):
        envsecret("X_SECRET")


def test_envsecret_reports_an_unreadable_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("X_SECRET", raising=False)
    monkeypatch.setenv("X_SECRET_FILE", str(tmp_path / "missing"))

    with pytest.raises(ImproperlyConfigured, match="X_SECRET_FILE"):
        envsecret("X_SECRET")


def test_replays_are_kept_in_process_memory_by_default() -> None:
    cache = cache_settings("")["default"]

    assert cache["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


@pytest.mark.parametrize("url", ["redis://cache.internal:6379/1", "rediss://u:p@cache:6380/0"])
def test_a_cache_url_names_a_shared_redis_server(url: str) -> None:
    cache = cache_settings(url)["default"]

    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == url


def test_a_cache_url_that_is_not_redis_stops_start_up() -> None:
    with pytest.raises(ImproperlyConfigured, match="COMPANION_CACHE_URL"):
        cache_settings("memcached://cache:11211")
