"""Django settings for companion.

Everything that differs between a laptop, a test run and a server comes from
environment variables (the README lists them all). The helpers below turn
junk values into ImproperlyConfigured at start-up rather than surprises later.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from companion.deploy import deploy_version

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    if value.strip().lower() in _TRUE:
        return True
    if value.strip().lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {value!r}")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from None


def envlist(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blank items are dropped."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def envsecret(name: str) -> str | None:
    """The value of NAME, or the contents of the file named by NAME_FILE."""
    value = os.environ.get(name)
    path = os.environ.get(f"{name}_FILE")
    if value and path:
        raise ImproperlyConfigured(f"Set {name} or {name}_FILE, not both")
    if path:
        try:
            return Path(path).read_text().strip() or None
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE: cannot read {path!r}: {exc}") from None
    return value or None


#: What a process keeps in memory of replays and pages, in MB, by default (README: "Memory").
KEPT_MB = 160


def cache_settings(url: str, kept_mb: int = KEPT_MB) -> dict[str, dict[str, object]]:
    """CACHES for COMPANION_CACHE_URL: a Redis server (``redis://``, ``rediss://``, ``unix://``)
    that several app servers share, or, when empty, memory local to each process: no server to
    run, and each process catches up with what the others wrote from the database. In memory,
    the replays are kept to three quarters of ``kept_mb`` and the pages to a quarter, as
    counted by companion/tables/kept/cache.py."""
    kept = max(1, kept_mb) * 1024 * 1024
    if not url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "companion",
                "OPTIONS": {"MAX_ENTRIES": 1000},
            },
            # Replayed games, kept as the objects themselves (no pickling: see kept/cache.py).
            "replays": {
                "BACKEND": "companion.tables.kept.cache.ObjectCache",
                "LOCATION": "companion-replays",
                "OPTIONS": {"MAX_ENTRIES": 1000, "MAX_BYTES": kept * 3 // 4},
            },
            # Rendered game pages and live fragments, by log position (see kept/pages.py): 500 of
            # them (20 to 130 KB each) is at most 65 MB a process, a club's worth of tables.
            "pages": {
                "BACKEND": "companion.tables.kept.cache.ObjectCache",
                "LOCATION": "companion-pages",
                "OPTIONS": {"MAX_ENTRIES": 500, "MAX_BYTES": kept // 4},
            },
        }
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(
            f"COMPANION_CACHE_URL must be a redis://, rediss:// or unix:// URL, not {url!r}"
        )
    redis = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        # A cache server that does not answer makes requests replay, not hang.
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
    return {
        "default": redis,
        "replays": {**redis, "KEY_PREFIX": "replays"},
        "pages": {**redis, "KEY_PREFIX": "pages"},
    }


DEBUG = envbool("DJANGO_DEBUG", False)

# pytest >= 8.2 exports PYTEST_VERSION while it runs; pytest-django imports this
# module before any conftest.py could set variables, so that is how a bare
# `pytest` is recognised. COMPANION_TESTING=1 does the same for other runners.
# A test run is not production: it gets an insecure key, plain static storage
# and no HTTPS-only behaviour (the test client and live server speak plain HTTP).
TESTING = "PYTEST_VERSION" in os.environ or envbool("COMPANION_TESTING", False)
PRODUCTION = not DEBUG and not TESTING

SECRET_KEY = envsecret("DJANGO_SECRET_KEY") or ""
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "django-insecure-companion-development-key"
    elif TESTING:
        SECRET_KEY = "django-insecure-companion-test-key"
    elif (
        sys.argv[1:2] in (["replay"], ["makemessages"], ["compilemessages"])
        and Path(sys.argv[0]).name == "manage.py"
    ):
        # `manage.py replay` only reads a file and prints JSON, and the catalogue commands only
        # write files: they sign nothing and serve nobody, so they run on a fresh checkout
        # without any configuration.
        SECRET_KEY = "django-insecure-unused-by-this-command"
    else:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off")

ALLOWED_HOSTS = envlist(
    "DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = envlist("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",  # runserver serves static files the way production does
    "django.contrib.staticfiles",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.forms",  # the built-in widget templates, for the TemplatesSetting renderer
    "django_htmx",
    "template_partials",  # wraps the template loaders itself (partials loader + cache)
    "companion.tables",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # CSP, Permissions-Policy, and no-store on the pages of a table or a club (middleware.py).
    "companion.tables.middleware.SecurityHeaders",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # serves static files compressed itself
    # Pages compressed on the way out (compress.py: Django's, at zlib's fastest level). Each
    # response is padded at random against BREACH, which matters here: pages carry a CSRF
    # token, and scorer links are secrets.
    "companion.tables.compress.GZip",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The phone's language: its cookie (set by the language switch), else Accept-Language.
    # A table's own language, when it has one, replaces it in the table's views (i18n.py).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A NUL in a request, or a form too large: refused with a page that says so (400/413).
    "companion.tables.middleware.RefuseUnreadable",
    # New tables, clubs and imports per client address: past the limit, 429 with a page.
    "companion.tables.middleware.Throttle",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "companion.urls"
# Widgets render through the project's templates, so the chip pickers live in templates/widgets/.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "companion.tables.i18n.languages",
            ],
        },
    },
]

# SQLite: IMMEDIATE transactions take the write lock at BEGIN, so two writers
# queue on `timeout` instead of failing with "database is locked" mid-transaction;
# WAL lets readers (every phone polling the scoreboard) proceed during a write.
_SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {**_SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = envint("DATABASE_CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The hot path's few statements (companion/tables/fastsql.py) are prepared once per PostgreSQL
# connection instead of planned for every request. A connection pooler that cannot keep
# prepared statements (PgBouncer before 1.21 in transaction mode) needs this off.
COMPANION_PREPARED_STATEMENTS = envbool("DATABASE_PREPARED_STATEMENTS", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Each game's replayed log is kept here between requests (companion/tables/kept/replays.py).
COMPANION_KEPT_MB = envint("COMPANION_KEPT_MB", KEPT_MB)
CACHES = cache_settings(os.environ.get("COMPANION_CACHE_URL", "").strip(), COMPANION_KEPT_MB)

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
# Languages: docs/i18n.md (the catalogues are locale/<code>/LC_MESSAGES/django.po, compiled .mo
# files committed beside them; `python manage.py makemessages` then `compilemessages`).
USE_I18N = True
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("es", "Español"),
    ("it", "Italiano"),
    ("de", "Deutsch"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # a phone's choice is remembered for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where `collectstatic` puts the files production serves (WhiteNoise reads them from there).
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", "").strip() or BASE_DIR / "staticfiles")
# The manifest storage needs `collectstatic` and raises on files missing from the manifest
# (names hashed, compressed copies beside them), so it is for production only; the tests run it
# after collecting into a directory of their own (tests/web/test_collected_static.py).
PRODUCTION_STATICFILES_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": PRODUCTION_STATICFILES_STORAGE
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Outside production WhiteNoise serves straight from the finders, so neither
# runserver nor the tests need `collectstatic`.
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = not PRODUCTION

# Keys what is kept in a shared cache (companion/deploy.py): worked out once, at start-up.
COMPANION_DEPLOY_VERSION = deploy_version(BASE_DIR, STATIC_ROOT)

# Creations per client address (tables, clubs, imports, each counted apart) in a window of
# seconds; 0 turns the throttle off (the default of a test run, whose tests create many).
COMPANION_CREATE_LIMIT = envint("COMPANION_CREATE_LIMIT", 0 if TESTING else 30)
COMPANION_CREATE_WINDOW = max(1, envint("COMPANION_CREATE_WINDOW", 600))

# Table links are secret capability URLs: never leak them to other sites in Referer.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

if PRODUCTION:
    SECURE_SSL_REDIRECT = envbool("DJANGO_SECURE_SSL_REDIRECT", True)
    # Load balancers often probe over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # The phone's own language (the switch at the foot of every page) is a cookie too: sent
    # over HTTPS only, and no script reads it.
    LANGUAGE_COOKIE_SECURE = True
    LANGUAGE_COOKIE_HTTPONLY = True
    SECURE_HSTS_SECONDS = envint("DJANGO_SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = envbool("DJANGO_SECURE_HSTS_PRELOAD", True)

BEHIND_PROXY = envbool("DJANGO_BEHIND_PROXY", False)
if BEHIND_PROXY:
    # Only safe when a proxy in front sets (and overwrites) X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

_LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO").strip().upper()
if _LOG_LEVEL not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
    raise ImproperlyConfigured(f"DJANGO_LOG_LEVEL must be a logging level name, not {_LOG_LEVEL!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    # No log line carries a table's or a club's key (companion.tables.logkeys.HideKeys).
    "filters": {"hide_keys": {"()": "companion.tables.logkeys.HideKeys"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["hide_keys"],
        },
    },
    "root": {"handlers": ["console"], "level": _LOG_LEVEL},
    "loggers": {
        # Replaces Django's default handlers (console only in DEBUG, mail_admins).
        "django": {"handlers": ["console"], "level": _LOG_LEVEL, "propagate": False},
    },
}
