"""WSGI entry point of the bare Django baseline: ``gunicorn barewsgi --pythonpath bench/bare``."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "barebench")

application = get_wsgi_application()
