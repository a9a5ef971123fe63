"""Requests the views never see: what no view could store or read is refused here, with a page
that says why (status 400 or 413), before any database is touched.

- A NUL character anywhere in the address, the query or a form field: no database stores it
  (PostgreSQL refuses it outright), and no phone keyboard types it.
- A form larger than Django accepts (``DATA_UPLOAD_MAX_MEMORY_SIZE``, 2.5 MB) or with more
  fields than it accepts (``DATA_UPLOAD_MAX_NUMBER_FIELDS``): a pasted import that big gets a
  page that says so instead of a bare 400.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, ResolverMatch, resolve
from django.utils.translation import gettext


def refused(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """The page for a request refused before any view: what was wrong, and a way back."""
    return render(request, "refused.html", {"message": message}, status=status)


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path or "\x00" in request.META.get("QUERY_STRING", ""):
        return True
    for data in (request.GET, request.POST):
        for values in data.lists():
            if "\x00" in values[0] or any("\x00" in v for v in values[1]):
                return True
    return False


class RefuseUnreadable:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            nul = _has_nul(request)
        except RequestDataTooBig:
            return refused(
                request,
                gettext(
                    "This is more than the app accepts in one form (2.5 MB): nothing was "
                    "changed. To import a long log, choose it as a file."
                ),
                413,
            )
        except TooManyFieldsSent:
            return refused(
                request,
                gettext("This form has more fields than the app accepts: nothing was changed."),
                400,
            )
        if nul:
            return refused(
                request,
                gettext(
                    "This request holds a NUL character, which no name or entry can contain: "
                    "nothing was changed."
                ),
                400,
            )
        return self.get_response(request)


#: What a client address may create, per window: the path's view name and its kind.
_CREATIONS = {
    "tables:new": "table",
    "tables:club_table_new": "table",
    "tables:club_new": "club",
    "tables:import": "import",
}
_CREATION_ENDS = ("/new/", "/import/")


def client_address(request: HttpRequest) -> str:
    """The address a request came from: the proxy's word for it only when the deployment says
    a proxy sets it (DJANGO_BEHIND_PROXY), the last address it added (the one it saw)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.BEHIND_PROXY and forwarded:
        return forwarded.split(",")[-1].strip()
    return str(request.META.get("REMOTE_ADDR", ""))


class Throttle:
    """New tables, clubs and imports are counted per client address in Django's cache; past
    ``COMPANION_CREATE_LIMIT`` of a kind in ``COMPANION_CREATE_WINDOW`` seconds, the request is
    answered 429 with a page saying when to try again. A real club night starts a few dozen
    tables from one phone at most; a script creating a hundred a second is stopped at once."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.COMPANION_CREATE_LIMIT
        # Every creation's address ends so (urls.py): other posts, entries among them, are not
        # resolved a second time here.
        if limit and request.method == "POST" and request.path_info.endswith(_CREATION_ENDS):
            match = getattr(request, "resolver_match", None) or _resolve(request.path_info)
            kind = _CREATIONS.get(match.view_name) if match else None
            if kind and not self._allowed(kind, client_address(request), limit):
                minutes = max(1, settings.COMPANION_CREATE_WINDOW // 60)
                response = render(
                    request,
                    "429.html",
                    {"kind": kind, "limit": limit, "minutes": minutes},
                    status=429,
                )
                response["Retry-After"] = str(settings.COMPANION_CREATE_WINDOW)
                return response
        return self.get_response(request)

    def _allowed(self, kind: str, address: str, limit: int) -> bool:
        window = settings.COMPANION_CREATE_WINDOW
        slot = int(time.time() // window)
        key = f"throttle:{kind}:{address}:{slot}"
        cache = caches["default"]
        try:
            if cache.add(key, 1, timeout=window + 5):
                return True
            return int(cache.incr(key)) <= limit
        except Exception:  # noqa: BLE001 (a cache that is down throttles nothing)
            return True


def _resolve(path: str) -> ResolverMatch | None:
    try:
        return resolve(path)
    except Resolver404:
        return None


#: Where a page's scripts, styles, images and requests may come from: the app itself only.
#: No inline script or style attribute, no eval; nothing may frame a page (a scorer's page in
#: someone else's frame could be clicked through).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        # No style attribute either: htmx is told not to copy them while settling a swap
        # (base.html's htmx-config), which is what applied one.
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
#: Browser features no page of the app uses.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
        "interest-cohort",
    )
)
#: Addresses whose pages carry a table's or a club's key in their links and forms.
_KEYED = ("/t/", "/c/", "/new/", "/import/", "/club/new/")


class SecurityHeaders:
    """Content-Security-Policy and Permissions-Policy on every response; on every page of a
    table or a club (which carry its scorer or organiser key, or a viewer key: all of them
    capabilities), ``Cache-Control: private, no-store``: no shared cache keeps it and the
    browser does not write it to disk."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if request.path.startswith(_KEYED) and "no-store" not in response.get("Cache-Control", ""):
            response["Cache-Control"] = "private, no-store"
        return response
