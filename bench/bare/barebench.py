"""A bare Django project in one module, the baseline ``bench/club.py`` measures the app against.

Same Django, same gunicorn (sync workers), same PostgreSQL server (its own database) and the
same connection settings as the app (``CONN_MAX_AGE=60`` with health checks), but no app: one
URL, ``/``, answered by one view that

- reads one row through the ORM (one query: the content type of ``ContentType`` itself, by its
  natural key), as a minimal database-backed page does;
- renders a small HTML page (about 0.5 KB) through the Django template engine, with a form
  carrying ``{% csrf_token %}`` (so a GET hands out the CSRF cookie);
- answers POST the same way once the CSRF middleware has checked the token (the form's fields
  are read and echoed as a count).

Middleware, as the app's stack minus WhiteNoise and django-htmx: SecurityMiddleware,
SessionMiddleware, CommonMiddleware, CsrfViewMiddleware, MessageMiddleware,
XFrameOptionsMiddleware. DEBUG is off, the template loader is cached, logging is at WARNING.

Run (``bench/club.py`` does this)::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_bare \\
    python -m django migrate --settings barebench --pythonpath bench/bare
    gunicorn barewsgi --pythonpath bench/bare --workers 2 --bind 127.0.0.1:8802
"""

from __future__ import annotations

import os

import dj_database_url
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

DEBUG = False
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "bare-bench-" + "x" * 50)
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = __name__
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Django</title></head>
<body><main>
<h1>Bare Django</h1>
<p>Content type {{ pk }}; {{ fields }} fields posted.</p>
<form method="post" action="/">{% csrf_token %}
<input name="note" value=""><button type="submit">Send</button></form>
</main></body></html>
"""
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "OPTIONS": {
            "context_processors": ["django.template.context_processors.request"],
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [("django.template.loaders.locmem.Loader", {"bare.html": PAGE})],
                )
            ],
        },
    }
]
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_bare")
    )
}
DATABASES["default"]["CONN_MAX_AGE"] = 60
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}


def page(request: HttpRequest) -> HttpResponse:
    from django.contrib.contenttypes.models import ContentType  # the apps are ready by now

    pk = (
        ContentType.objects.filter(app_label="contenttypes", model="contenttype")
        .values_list("pk", flat=True)
        .first()
    )
    return render(request, "bare.html", {"pk": pk, "fields": len(request.POST)})


urlpatterns = [path("", page)]
