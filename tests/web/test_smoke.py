"""The skeleton works end to end: pages, static files, health check, deploy settings."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import OperationalError
from django.templatetags.static import static
from django.test import Client

from companion import views


def _body(response) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def test_home_page_renders(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>Companion</title>" in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert f'href="{static("css/app.css")}"' in html
    assert 'href="/rules/"' in html


def test_every_page_sends_the_csrf_token_with_htmx_requests(client: Client) -> None:
    html = client.get("/").content.decode()

    assert '<body hx-headers=\'{"x-csrftoken": "' in html
    assert '"x-csrftoken": ""' not in html


def test_htmx_is_served_from_our_own_static_files(client: Client) -> None:
    html = client.get("/").content.decode()
    script = static("django_htmx/htmx-2.min.js")

    assert f'<script src="{script}" defer></script>' in html
    assert "://" not in html.split("<body")[0], "no third-party URLs in <head> (table Wi-Fi)"
    response = client.get(script)
    assert response.status_code == 200
    assert b"htmx" in _body(response)


def test_stylesheet_is_served(client: Client) -> None:
    response = client.get(static("css/app.css"))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/css")
    assert b".chips" in _body(response)


def test_security_headers_keep_table_links_private(client: Client) -> None:
    response = client.get("/")

    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_healthz_answers_ok_when_the_database_does(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response.content == b"ok"
    assert "no-cache" in response["Cache-Control"]


def test_healthz_answers_503_when_the_database_does_not(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    class DownConnection:
        def ensure_connection(self) -> None:
            raise OperationalError("connection refused")

    monkeypatch.setattr(views, "connection", DownConnection())

    response = client.get("/healthz")

    assert response.status_code == 503


def _production_env(**overrides: str) -> dict[str, str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "DATABASE_"))
        and name not in {"PYTEST_VERSION", "COMPANION_TESTING"}
    }
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="example.com",
    )
    env.update(overrides)
    return env


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deploy_checklist() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=_production_env())

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = _manage("check", env=_production_env(DJANGO_SECRET_KEY=""))

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is required" in result.stderr


def test_importing_the_package_does_not_import_django() -> None:
    code = "import companion, sys; print(sorted(m for m in sys.modules if m.startswith('django')))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )

    assert result.stdout.strip() == "[]"


def test_production_sends_every_cookie_over_https_only() -> None:
    """The language cookie (issue 28, item 9) was sent over plain HTTP in production too."""
    code = (
        "from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_HTTPONLY)"
    )
    result = _manage("shell", "-c", code, env=_production_env())
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["True", "True", "True", "True"]
