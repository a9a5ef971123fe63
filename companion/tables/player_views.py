"""Everyday changes to a table's players between games: rename one, take off one who has not
played (a late arrival is seated with the table page's "Add"); removing asks once more first.
Scorer link only; each answers with the table page and a message (Post/Redirect/Get, no
JavaScript needed)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from . import actions
from .models import Player, Table
from .views import _table


def _scorer_table(request: HttpRequest, key: str) -> Table | HttpResponse:
    table, can_score = _table(key)
    if not can_score:
        return render(request, "tables/forbidden.html", status=403)
    return table


@require_POST
def rename_player(request: HttpRequest, key: str, player_id: int) -> HttpResponse:
    table = _scorer_table(request, key)
    if isinstance(table, HttpResponse):
        return table
    try:
        old = table.players.get(pk=player_id).name
        player = actions.do_rename_player(table, player_id, request.POST.get("name", ""))
    except Player.DoesNotExist:
        messages.error(request, gettext("No such player at this table."))
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        if player.name != old:
            messages.success(
                request, gettext("%(old)s is now %(new)s.") % {"old": old, "new": player.name}
            )
    return redirect("tables:table", key=key)


@require_POST
def remove_player(request: HttpRequest, key: str, player_id: int) -> HttpResponse:
    table = _scorer_table(request, key)
    if isinstance(table, HttpResponse):
        return table
    try:
        player = table.players.get(pk=player_id)
        played = player.seats.exists()
        if request.POST.get("confirm") != "1":
            # The first tap only asks: removing is a second tap on a page that says what it does.
            return render(
                request,
                "tables/remove_player.html",
                {"key": key, "table": table, "player": player, "played": played},
            )
        name = actions.do_remove_player(table, player_id)
    except Player.DoesNotExist:
        messages.error(request, gettext("No such player at this table."))
    else:
        if played:
            message = gettext(
                "%(name)s has left the table: their games and results stay, and they are not "
                "offered for new games. Seat them again if they come back."
            )
        else:
            message = gettext("%(name)s is no longer at this table.")
        messages.success(request, message % {"name": name})
    return redirect("tables:table", key=key)


@require_POST
def seat_again(request: HttpRequest, key: str, player_id: int) -> HttpResponse:
    table = _scorer_table(request, key)
    if isinstance(table, HttpResponse):
        return table
    try:
        player = actions.do_seat_again(table, player_id)
    except Player.DoesNotExist:
        messages.error(request, gettext("No such player at this table."))
    else:
        messages.success(
            request,
            gettext("%(name)s is back at the table and can play the next game.")
            % {"name": player.name},
        )
    return redirect("tables:table", key=key)
