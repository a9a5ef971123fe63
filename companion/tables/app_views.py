"""The installable app around the pages: the web app manifest, the service worker (served from
the site's root so that it may look after every page) and the page shown offline for a page
this phone never opened. The worker's code is ``static/js/sw.js``; this puts in front of it the
addresses it keeps at install (the static ones as ``{% static %}`` names them, hashed in
production) and a version that changes with them."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

#: Static files every page needs, kept by the service worker when it installs.
SHELL_FILES = (
    "css/app.css",
    "js/app.js",
    "js/entries.js",
    "django_htmx/htmx-2.min.js",
    "img/favicon.svg",
    "img/icon-192.png",
)


@functools.cache
def _worker_source() -> str:
    found = finders.find("js/sw.js")
    assert isinstance(found, str), "static/js/sw.js is missing"
    return Path(found).read_text(encoding="utf-8")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    offline = reverse("tables:offline")
    shell = [static(name) for name in SHELL_FILES] + [offline]
    source = _worker_source()
    version = hashlib.blake2s((json.dumps(shell) + source).encode(), digest_size=6).hexdigest()
    head = (
        f"var SHELL = {json.dumps(shell)};\n"
        f"var OFFLINE = {json.dumps(offline)};\n"
        # The prefix itself, not static(''): the manifest storage of production knows files
        # only, and asked for '' it raises (the worker answered 500 wherever it was deployed).
        f"var STATIC_URL = {json.dumps(settings.STATIC_URL)};\n"
        f"var VERSION = {json.dumps(version)};\n"
    )
    response = HttpResponse(head + source, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on every visit; an old one must never stick.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "name": "Companion",
        "short_name": "Companion",
        "description": _("Keeps score beside a real card table."),
        "start_url": reverse("tables:home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#ffffff",
        "theme_color": "#0b4fc4",
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for a page this phone never opened, when offline."""
    return render(request, "tables/offline.html")
