"""Requests the views never see: what no view could store or read is refused here, with a page
that says why (status 400 or 413), before any database is touched.

- A NUL character anywhere in the address, the query or a form field: no database stores it
  (PostgreSQL refuses it outright), and no phone keyboard types it.
- A form larger than Django accepts (``DATA_UPLOAD_MAX_MEMORY_SIZE``, 2.5 MB) or with more
  fields than it accepts (``DATA_UPLOAD_MAX_NUMBER_FIELDS``): a pasted import that big gets a
  page that says so instead of a bare 400.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
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
