"""Fixtures for the whole suite (tests/rules, tests/web, tests/bench)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings

# --- the test database --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Test on SQLite in a file, as the app runs, rather than Django's in-memory default.

    The in-memory test database shares one cache between connections, and there a second
    writer fails at once with "database table is locked" instead of waiting its turn, so the
    concurrency tests could not show that IMMEDIATE transactions queue writers.
    """
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        path = tmp_path_factory.mktemp("db") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(path)


# --- each test starts in the default language ---------------------------------------------------


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Put the thread back in the default language, and amounts back in chips, after each test.
    A view that speaks a table's own language activates it (and the table's currency) for the
    rest of the request, and each is only set again at the start of the next request (Django's
    locale middleware, ``money_shown``'s request_started handler), so a German table's request
    left German active for whatever ran next in the same thread: a form's error message checked
    outside a request came out in German when pytest-randomly put that test after it."""
    from django.utils import translation

    from companion.tables import money_shown

    yield
    translation.deactivate()
    money_shown._forget()
