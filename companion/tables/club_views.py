"""A club night: one page for the organiser that follows every table at once.

The club's organiser link opens every table of the club as a scorer, so it is kept private
like a scorer link; its viewer link shows the same overview and opens the tables read-only.
Tables are started from the club page, or an existing table joins with its scorer link. The
page polls like a game screen: 204 while nothing changed.
"""

from __future__ import annotations

import datetime
import functools
import time
import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db.models import Count, Max, OuterRef, Q, Subquery, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from companion.rules.text import for_viewers

from . import actions
from .context import current_flags, standings
from .i18n import gettext
from .models import Club, Game, Table
from .qr import qr_svg
from .views import _home, _uuid, create_table


def _club(key: str) -> tuple[Club, bool]:
    """The club this link opens, and whether it is the organiser's link (not the viewer's)."""
    club = Club.objects.filter(Q(key=key) | Q(view_key=key)).first()
    if club is None:
        raise Http404(gettext("No club has this link."))
    return club, club.key == key


def organiser_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """For views that change the club: called with the club for the organiser's link; the
    viewer's link gets the page saying it only watches (403)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, key: str, *args: Any, **kwargs: Any) -> HttpResponse:
        club, manages = _club(key)
        if not manages:
            return render(request, "tables/forbidden.html", {"club": club}, status=403)
        return view(request, club, *args, **kwargs)

    return wrapped


def club_token(club: Club) -> str:
    """Changes whenever a table of the club records anything, joins or leaves, and once a minute
    (so "last entry 3 min ago" stays true). One aggregate query."""
    row = Table.objects.filter(club=club).aggregate(n=Count("id"), v=Sum("version"), m=Max("id"))
    return f"{row['n']}.{row['v'] or 0}.{row['m'] or 0}.{int(time.time() // 60)}"


def ago(moment: datetime.datetime, now: datetime.datetime | None = None) -> str:
    """ "just now", "4 min ago", "1 h 5 min ago": short enough for a glance across the room."""
    minutes = int(((now or timezone.now()) - moment).total_seconds() // 60)
    if minutes < 1:
        return gettext("just now")
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return gettext("%(hours)s h %(minutes)s min ago") % {"hours": hours, "minutes": minutes}
    if hours:
        return gettext("%(hours)s h ago") % {"hours": hours}
    return gettext("%(minutes)s min ago") % {"minutes": minutes}


def table_row(table: Table, loaded: actions.Loaded | None) -> dict[str, Any]:
    """One table at a glance: its current game (``loaded``, None before the first), what it
    waits for, who leads, when it last recorded anything, and whether an irregularity was
    flagged in the hand under way."""
    row: dict[str, Any] = {
        "table": table,
        "players": [p.name for p in table.players.all() if not p.left],  # not those who left
        "game": None,
    }
    if loaded is None:
        return row
    game, rules, state = loaded.game, loaded.rules, loaded.state
    outcome = rules.outcome(state)
    last = loaded.recent[-1].row.recorded_at if loaded.recent else game.created
    hands = len(rules.hands(state))
    ranked = standings(loaded)
    row.update(
        game=game,
        title=rules.title,
        hands=hands,
        prompt=for_viewers(rules.prompt(state)),  # an overview: no ways of recording
        result=rules.winners_text(outcome) if outcome else "",
        abandoned=loaded.result.abandoned >= 0,
        # (name, total, leads): the best total is in bold once a hand has been scored.
        standings=[(name, total, hands > 0 and total == ranked[0][1]) for name, total in ranked],
        flags=[v.message for v in current_flags(loaded)],
        last=ago(last),
    )
    return row


def _rows(request: HttpRequest, club: Club, manages: bool) -> list[dict[str, Any]]:
    """Each table's row. The organiser's page opens the tables as their scorer; the viewer's
    page only as a viewer, and never shows a scorer link. A handful of queries in all, however
    many tables: each table's latest game is fetched and replayed with the others."""

    def link(key: str) -> str:
        return request.build_absolute_uri(reverse("tables:table", args=[key]))

    latest = Subquery(
        Game.objects.filter(table=OuterRef("table")).order_by("-number").values("number")[:1]
    )
    current = {
        loaded.game.table_id: loaded
        for loaded in actions.load_many(Game.objects.filter(table__club=club, number=latest))
    }
    rows = []
    for table in club.tables.order_by("created", "pk").prefetch_related("players"):
        row = table_row(table, current.get(table.pk))
        row["key"] = table.score_key if manages else table.view_key
        row["view_url"] = link(table.view_key)
        if manages:
            row["score_url"] = link(table.score_key)
        rows.append(row)
    return rows


def _context(request: HttpRequest, club: Club, manages: bool, **extra: Any) -> dict[str, Any]:
    def link(key: str) -> str:
        return request.build_absolute_uri(reverse("tables:club", args=[key]))

    return {
        "club": club,
        "manages": manages,
        "key": club.key if manages else club.view_key,
        "rows": _rows(request, club, manages),
        "token": club_token(club),
        "club_url": link(club.key) if manages else "",
        "watch_url": link(club.view_key),
        "client_id": uuid.uuid4(),
        **extra,
    }


@require_POST
def club_new(request: HttpRequest) -> HttpResponse:
    try:
        client_id = _uuid(request.POST.get("client_id"))
    except ValueError as exc:  # a damaged submission id: refused, saying so
        return _home(request, club_error=str(exc))
    club = actions.do_create_club(request.POST.get("name", ""), client_id)
    return redirect("tables:club", key=club.key)


@require_safe
def club_page(request: HttpRequest, key: str) -> HttpResponse:
    club, manages = _club(key)
    # ?open=<table id>: the table just started or added, its links and QR codes shown.
    opened = request.GET.get("open", "")
    ok = opened.isascii() and opened.isdigit() and len(opened) < 19  # "²" and 5,000 digits
    ctx = _context(request, club, manages, opened=int(opened) if ok else None)
    return render(request, "tables/club.html", ctx)


def _show_table(club: Club, table: Table) -> HttpResponse:
    """Back to the club page, scrolled to ``table`` with its QR codes open to hand out."""
    url = reverse("tables:club", args=[club.key])
    return redirect(f"{url}?open={table.pk}#table-{table.pk}")


@never_cache
@require_safe
def club_live(request: HttpRequest, key: str) -> HttpResponse:
    club, manages = _club(key)
    if request.GET.get("v") == club_token(club):
        return HttpResponse(status=204)
    return render(request, "tables/club.html#club-tables", _context(request, club, manages))


@require_safe
def club_qr(request: HttpRequest, key: str) -> HttpResponse:
    """The QR code of the club's viewer link, to put up where the players can scan it."""
    club, _ = _club(key)
    url = request.build_absolute_uri(reverse("tables:club", args=[club.view_key]))
    return HttpResponse(qr_svg(url), content_type="image/svg+xml")


@require_POST
@organiser_only
def club_table_new(request: HttpRequest, club: Club) -> HttpResponse:
    try:
        table = create_table(request, club)
    except ValueError as exc:
        names = request.POST.getlist("name")
        return render(
            request,
            "tables/club.html",
            _context(request, club, True, error=str(exc), names=names),
        )
    messages.success(
        request,
        gettext("%(table)s is ready: give its scorer QR code to the table's scorer.")
        % {"table": table.title},
    )
    return _show_table(club, table)


@require_POST
@organiser_only
def club_add(request: HttpRequest, club: Club) -> HttpResponse:
    try:
        table = actions.do_add_to_club(club, request.POST.get("link", ""))
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("tables:club", key=club.key)
    messages.success(request, gettext("%(table)s joined the club.") % {"table": table.title})
    return _show_table(club, table)


@require_POST
@organiser_only
def club_remove(request: HttpRequest, club: Club, table_id: int) -> HttpResponse:
    try:
        table = actions.do_remove_from_club(club, table_id)
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            gettext("%(table)s left the club; its own links still work as before.")
            % {"table": table.title},
        )
    return redirect("tables:club", key=club.key)
