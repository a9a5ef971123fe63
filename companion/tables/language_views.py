"""A table's own language: chosen when the table is created, changed on the table page by its
scorer. When set, every phone and the big-screen viewer of the table show it (the table's views
call ``i18n.use_table_language``); empty, each phone shows its own (the language switch at the
foot of every page, or the phone's preferences)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import i18n
from .models import Table
from .views import _scorer_only, _table


@require_POST
def table_language(request: HttpRequest, key: str) -> HttpResponse:
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    if "language" not in request.POST:  # a form sent with no choice: "" would mean each phone's
        messages.error(request, _("Choose the table's language: nothing was changed."))
        return redirect("tables:table", key=key)
    posted = request.POST["language"]
    if posted and not i18n.table_language(posted):
        messages.error(request, _("This app does not speak that language."))
        return redirect("tables:table", key=key)
    if posted == table.language:
        if posted:
            messages.info(request, _("Every phone at this table already shows this language."))
        else:
            messages.info(request, _("Each phone already shows its own language."))
    else:
        # The version moves too: every phone's next poll brings the page in the new language.
        Table.objects.filter(pk=table.pk).update(language=posted, version=F("version") + 1)
        table.language = posted
        if posted:
            i18n.use_table_language(table)
            messages.success(request, _("Every phone at this table now shows this language."))
        else:
            translation.activate(translation.get_language_from_request(request))
            messages.success(request, _("Each phone now shows its own language."))
    return redirect("tables:table", key=key)
