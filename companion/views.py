"""Project-level views that belong to no app."""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers: 200 "ok" only if the database answers."""
    try:
        connection.ensure_connection()
    except DatabaseError:
        logger.exception("healthz: database unavailable")
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")
