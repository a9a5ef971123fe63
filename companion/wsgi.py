"""WSGI entry point: `gunicorn companion.wsgi`."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

from companion import gcpolicy

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

application = get_wsgi_application()
gcpolicy.install()  # the kept replays set aside from the garbage collector's rounds
