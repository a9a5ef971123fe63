"""Rendered game pages and live fragments, kept by log position.

A game page or a live fragment says the same thing to every phone holding the same link, as
long as the log has not moved: after an entry, the first phone to ask renders it, and the
others (the rest of the table, the big screen) get the same HTML from ``CACHES["pages"]``. The
key names everything the HTML is made of: the deploy (``settings.COMPANION_DEPLOY_VERSION``:
the code, templates, translations and static files' names, see companion/deploy.py), the link
(scorer or viewer, and the URLs it builds), the game's kept-replay key (its rules, options,
seat names, the engine's code), the number of entries in its log, the table's version (bumped
by every write at the table), the table's name, the language, the address the page was asked
at, and the template with the request's own choices (which entry form, which step the poll
has seen).

What must differ on every response is rendered as a placeholder and filled in as the page is
sent: the CSRF token (each browser has its own) and each form's submission id (``client_id``,
made by ``ids.fresh_id``: two phones must never send the same one, or the second entry would be
taken for a resend of the first). A page with a flash message on it is never kept.

A stale or missing entry only costs a render: the key changes whenever the log or the table
does, so a kept page is never shown for another position.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.translation import get_language

from companion.tables import ids
from companion.tables.actions import Loaded
from companion.tables.kept import replays
from companion.tables.models import Table

log = logging.getLogger(__name__)

#: Stands for the CSRF token in a kept page (letters a token never has: tokens are alphanumeric).
CSRF_PLACEHOLDER = "csrf-token-placeholder-7f3c"
CLIENT_ID_PLACEHOLDER = ids.PLACEHOLDER
_CLIENT_ID_RE = re.compile(re.escape(str(CLIENT_ID_PLACEHOLDER)))
#: How long a rendered page is kept after its last use.
TIMEOUT = 3600


def page_key(
    request: HttpRequest, template: str, table: Table, key: str, loaded: Loaded, *choices: Any
) -> str:
    about = json.dumps(
        [
            settings.COMPANION_DEPLOY_VERSION,  # the code, templates, catalogues, static names
            template,
            key,
            replays.cache_key(loaded.game, loaded.rules),
            loaded.count,
            table.version,
            table.title,
            table.club_id,
            get_language(),
            request.build_absolute_uri("/"),
            bool(getattr(request, "htmx", False)),
            choices,
        ],
        default=str,
    )
    return "companion:page:" + hashlib.blake2b(about.encode(), digest_size=16).hexdigest()


def _has_messages(request: HttpRequest) -> bool:
    return any(True for _ in get_messages(request))


def render_kept(
    request: HttpRequest,
    template: str,
    key: str,
    build: Callable[[], dict[str, Any]],
    status: int = 200,
) -> HttpResponse:
    """``template`` rendered with the context ``build()`` makes, or the same page kept under
    ``key`` by an earlier request; either way with this response's own CSRF token and fresh
    submission ids."""
    html = None if _has_messages(request) else _get(key)
    if html is None:
        with ids.placeholders():  # every form's submission id (ids.fresh_id)
            ctx = build()
            html = render_to_string(template, {**ctx, "csrf_token": CSRF_PLACEHOLDER}, request)
        if not _has_messages(request):
            _put(key, html)
    html = html.replace(CSRF_PLACEHOLDER, get_token(request))
    html = _CLIENT_ID_RE.sub(lambda _: str(uuid.uuid4()), html)
    return HttpResponse(html, status=status)


def _get(key: str) -> str | None:
    try:
        value = caches["pages"].get(key)
    except Exception:  # a cache server down: render
        log.warning("a kept page could not be read", exc_info=True)
        return None
    return value if isinstance(value, str) else None


def _put(key: str, html: str) -> None:
    try:
        caches["pages"].set(key, html, TIMEOUT)
    except Exception:
        log.warning("a page could not be kept", exc_info=True)
