"""WSGI entry point: `gunicorn companion.wsgi`."""

from __future__ import annotations

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

application = get_wsgi_application()


def _settle() -> None:
    """Load what the first request would (the URLs, and through them the views, forms and
    games), then hand everything loaded so far to no garbage collection: it lives as long as
    the process, and each full collection would otherwise walk all of it again. Recording an
    entry spent about 0.9 ms of its CPU in the collector, 0.45 ms after this (in process)."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports the views)
    gc.collect()
    gc.freeze()


_settle()
