"""Function views. Without htmx every POST redirects (Post/Redirect/Get); with htmx the view
answers with the fragment to swap in. Access is by link: the viewer key can read, only the
scorer key can write."""

from __future__ import annotations

import csv
import dataclasses
import logging
import re
import uuid
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import RequestContext
from django.template.context_processors import csrf
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget, trigger_client_event

from companion import games
from companion import rules as engine
from companion.games import log as game_log
from companion.rules.core import abandoned_violation

from . import actions, context, fastsql, guards, logjson, panels
from .context import describe_entry, game_context, pick_form
from .entry import forms_for
from .i18n import one_language, say, table_language, use_table_language
from .kept import pages
from .kept import screen as kept_screen
from .models import Club, Game, Table
from .qr import qr_svg
from .stats import table_records

logger = logging.getLogger(__name__)

#: Entries on a page of the full history.
HISTORY_PAGE = 50
#: What a table's link can look like (``models.new_key``: URL-safe base64).
_LINK = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _table(key: str) -> tuple[Table, bool]:
    # Links are URL-safe tokens: anything else (a NUL, say) names no table, and is not sent.
    table = fastsql.table_by_link(key) if _LINK.fullmatch(key) else None
    if table is None:
        raise Http404(gettext("No table has this link."))
    use_table_language(table)
    return table, table.score_key == key


def _scorer_only(request: HttpRequest) -> HttpResponse:
    return render(request, "tables/forbidden.html", status=403)


def _game(table: Table, number: int) -> Game:
    return get_object_or_404(Game, table=table, number=number)


def _loaded(key: str, number: int) -> tuple[Table, bool, actions.Loaded]:
    """The table a link opens, whether it is the scorer's link, and game ``number`` there,
    loaded: its table, the game, its seats and the entries since its kept replay come in one
    query where this process has opened the game before (``actions.load_by_link``)."""
    # Links are URL-safe tokens: anything else (a NUL, say) names no table, and is not sent.
    found = actions.load_by_link(key, number) if _LINK.fullmatch(key) else None
    if found is None:
        _table(key)  # no such table: say so
        raise Http404(gettext("No such game."))
    seats, loaded = found
    table = seats[0].game.table
    use_table_language(table)
    return table, table.score_key == key, loaded


def _home(request: HttpRequest, **extra: Any) -> HttpResponse:
    ctx = {"games": games.GAMES.values(), "client_id": uuid.uuid4(), **extra}
    return render(request, "tables/home.html", ctx)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return _home(request)


def create_table(request: HttpRequest, club: Club | None = None) -> Table:
    """The table the "new table" form describes; ValueError says what to fix."""
    table = actions.do_create_table(
        request.POST.getlist("name"),
        request.POST.get("title", ""),
        club,
        _uuid(request.POST.get("client_id")),
    )
    language = table_language(request.POST.get("language", ""))
    if language != table.language:  # the table's own language, chosen with its players
        table.language = language
        table.save(update_fields=["language"])
    return table


@require_POST
def table_new(request: HttpRequest) -> HttpResponse:
    try:
        table = create_table(request)
    except ValueError as exc:
        return _home(request, error=str(exc), names=request.POST.getlist("name"))
    return redirect("tables:table", key=table.score_key)


def _games_played(table: Table, players: list[Any]) -> dict[str, Any]:
    """Each game's state in a line, and each player's record over the finished games (a shared
    win or a tie counts for everyone in it)."""
    rows, finished = [], []
    for loaded in actions.load_many(table.games.all()):
        game, rules, state = loaded.game, loaded.rules, loaded.state
        outcome = rules.outcome(state)
        hands = len(rules.hands(state))
        if outcome is not None:
            status = say(rules.winners_text(outcome))
            status = status[0].upper() + status[1:]
            finished.append((rules, state, outcome))
        elif loaded.result.abandoned >= 0 and hands == 0:
            status = gettext("Abandoned before any hand was scored.")
        elif loaded.result.abandoned >= 0:
            status = ngettext(
                "Abandoned after %(count)s hand scored.",
                "Abandoned after %(count)s hands scored.",
                hands,
            ) % {"count": hands}
        else:
            status = ngettext(
                "Under way: %(count)s hand scored.", "Under way: %(count)s hands scored.", hands
            ) % {"count": hands}
        over = outcome is not None or loaded.result.abandoned >= 0
        rows.append({"game": game, "status": status, "over": over})
    records, pairs = table_records([p.name for p in players], finished)
    return {
        "games": rows,
        "wins": [(r.name, r.won) for r in records] if finished else [],
        "records": [r for r in records if r.played],
        "head_to_head": pairs,
    }


@require_safe
def table_page(request: HttpRequest, key: str) -> HttpResponse:
    table, can_score = _table(key)
    everyone = list(table.players.all())
    players = [p for p in everyone if not p.left]
    return render(
        request,
        "tables/table.html",
        {
            "table": table,
            "key": key,
            "can_score": can_score,
            "players": players,
            "left": [p for p in everyone if p.left],
            **_games_played(table, everyone),
            "choices": [
                {
                    "rules": cls,
                    "short": max(0, cls.seats.start - len(players)),
                    "out": max(0, len(players) - (cls.seats.stop - 1)),
                }
                for cls in games.GAMES.values()
            ],
            **_links(request, table, can_score),
        },
    )


def _links(request: HttpRequest, table: Table, can_score: bool) -> dict[str, str]:
    out = {"view_url": request.build_absolute_uri(reverse("tables:table", args=[table.view_key]))}
    if can_score:
        out["score_url"] = request.build_absolute_uri(
            reverse("tables:table", args=[table.score_key])
        )
    return out


@require_POST
def add_player(request: HttpRequest, key: str) -> HttpResponse:
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    try:
        actions.do_add_player(table, request.POST.get("name", ""))
    except ValueError as exc:
        messages.error(request, str(exc))
    return redirect("tables:table", key=key)


def _option_rows(rules_class: type[engine.Rules[Any, Any]], chosen: Any) -> list[dict[str, Any]]:
    """Each house rule with its choices, the one in ``chosen`` (an options object) checked."""
    return [
        {
            "opt": o,
            "choices": [(v, label, v == getattr(chosen, o.name)) for v, label in o.choices],
        }
        for o in rules_class.option_info
    ]


def start_game(request: HttpRequest, key: str) -> HttpResponse:
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    game_key = request.GET.get("game") or request.POST.get("game") or next(iter(games.GAMES))
    rules_class = games.GAMES.get(game_key)
    if rules_class is None:
        raise Http404(gettext("No such game."))
    players = list(table.players.filter(left=False))  # not those who left the table
    error = ""
    if request.method == "POST":
        chosen = [p for p in players if str(p.pk) in request.POST.getlist("player")]
        try:
            options = guards.posted_options(rules_class, request.POST)
            game = actions.check_start_game(
                table, game_key, chosen, options, guards.posted_at(request.POST)
            )
        except (engine.RulesError, ValueError) as exc:
            error = str(exc)
        else:
            if getattr(game, "repeated", False):
                messages.info(
                    request,
                    gettext(
                        "This game had already been started (a second tap, or another "
                        "phone): here it is."
                    ),
                )
            return redirect("tables:game", key=key, number=game.number)
    return render(
        request,
        "tables/start.html",
        {
            "table": table,
            "key": key,
            "rules_class": rules_class,
            "players": players,
            "option_rows": _option_rows(rules_class, rules_class.parse_options({})),
            "error": error,
            "selected": [p.pk for p in players][: rules_class.seats.stop - 1],
            "at": table.games.count(),
        },
    )


@require_safe
def game_page(request: HttpRequest, key: str, number: int) -> HttpResponse:
    table, can_score, loaded = _loaded(key, number)
    entry = request.GET.get("entry")
    template = "tables/_entry.html" if request.htmx and entry else "tables/game.html"

    def build() -> dict[str, Any]:
        form = pick_form(loaded, entry) if can_score else None
        return game_context(request, table, key, can_score, loaded, form)

    # The full path: the language switch at the foot of the page returns to it.
    page = pages.page_key(request, template, table, key, loaded, request.get_full_path())
    with one_language():  # the table's
        return pages.render_kept(request, template, page, build)


def game_options(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Change the house rules of a game under way: the whole game is scored again under the
    new ones, or the change is refused naming the first entry they would make illegal."""
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    game = _game(table, number)
    loaded = actions.load(game)
    rules_class = loaded.rules.__class__
    error = ""
    if request.method == "POST":
        try:
            changed = actions.check_change_options(
                game,
                guards.posted_options(rules_class, request.POST),
                guards.posted_uuid(request.POST.get("client_id")),
                guards.posted_at(request.POST),
            )
        except actions.StaleEntry as exc:
            messages.error(request, guards.stale_message(exc.loaded, exc.at))
            return redirect("tables:game", key=key, number=number)
        except engine.IllegalEventError as exc:
            error = gettext(
                "Not changed: under these house rules entry #%(number)s would break a rule — "
                "%(message)s"
            ) % {"number": exc.index + 1, "message": say(exc.violations[0].message)}
        except engine.RulesError as exc:
            error = gettext("Not changed: %(reason)s") % {"reason": exc}
        except ValueError as exc:  # a choice not offered, a damaged submission id
            error = str(exc)
        else:
            if changed.rules.options_dict() == loaded.rules.options_dict():
                messages.info(request, gettext("Nothing changed: these were the house rules."))
            else:
                messages.success(
                    request, gettext("House rules changed; the whole game was scored again.")
                )
            return redirect("tables:game", key=key, number=number)
    return render(
        request,
        "tables/options.html",
        {
            "table": table,
            "key": key,
            "game": game,
            "rules": loaded.rules,
            "option_rows": _option_rows(rules_class, loaded.rules.options),
            "error": error,
            "client_id": uuid.uuid4(),
            "at": loaded.count,
            "hands": len(loaded.rules.hands(loaded.state)),
        },
    )


@require_POST
def record(request: HttpRequest, key: str, number: int, kind: str) -> HttpResponse:
    table, can_score, loaded = _loaded(key, number)
    if not can_score:
        return _scorer_only(request)
    with one_language():  # the table's: everything said from here on is in it
        return _record(request, table, key, loaded, kind)


def _record(
    request: HttpRequest, table: Table, key: str, loaded: actions.Loaded, kind: str
) -> HttpResponse:
    game = loaded.game
    form = pick_form(loaded, kind, request.POST)
    if form is None:
        raise Http404(gettext("This game records no such entry."))
    at = guards.posted_at(request.POST)
    if loaded.result.abandoned >= 0:
        why = abandoned_violation(loaded.result.abandoned).message
        return _stale(request, table, key, loaded, at or 0, say(why))
    if form.is_valid():
        try:
            recorded = actions.check_record_events(
                game, form.to_events(), form.cleaned_data["client_id"], current=loaded, at=at
            )
        except actions.StaleEntry as exc:
            return _stale(request, table, key, exc.loaded, exc.at)
        except engine.IllegalEventError as exc:
            form.violations = list(exc.violations)
        else:
            return _after_write(request, table, key, recorded, loaded)
    elif at is not None and at != loaded.count:
        return _stale(request, table, key, loaded, at)
    ctx = game_context(request, table, key, True, loaded, form)
    if not request.htmx:
        return render(request, "tables/game.html", ctx)
    return retarget(render(request, "tables/_entry.html", ctx), "#entry")


def _stale(
    request: HttpRequest,
    table: Table,
    key: str,
    loaded: actions.Loaded,
    at: int,
    why: str = "",
) -> HttpResponse:
    """An entry made for another state of the game (or ``why`` it is refused): nothing
    written. The game as it is now, with a fresh entry form headed by what happened since."""
    ctx = game_context(request, table, key, True, loaded, pick_form(loaded, None))
    ctx["stale"] = why or guards.stale_message(loaded, at)
    if not request.htmx:
        return render(request, "tables/game.html", ctx)
    return render(request, "tables/_live.html", {**ctx, "oob": True})


def _same_hand(before: actions.Loaded, after: actions.Loaded) -> bool:
    """Whether an entry left the scoreboard as it was: the same hands and totals (the latest
    hand compared in full, as some games score a hand under way), the same dealer, the game
    not over, nothing cancelled or corrected."""

    def board(loaded: actions.Loaded) -> tuple[Any, ...]:
        rules, state = loaded.rules, loaded.state
        hands = rules.hands(state)
        return (len(hands), hands[-1:], rules.scores(state), rules.dealer(state))

    return (
        after.rules.outcome(after.state) is None
        and board(before) == board(after)
        and before.result.voided == after.result.voided
        and before.result.corrected == after.result.corrected
    )


def _after_write(
    request: HttpRequest,
    table: Table,
    key: str,
    recorded: actions.Recorded,
    before: actions.Loaded,
) -> HttpResponse:
    """Without htmx, back to the game page. With htmx, what the entry changed: within a hand,
    the prompt, the next form, the hand's panel, the latest entries and the poll's version, out
    of band (the rest of the page stays as it is); an entry that scores a hand or ends the game
    also refreshes the scores and the summary (the whole live panel)."""
    loaded = recorded.loaded
    if not request.htmx:
        return redirect("tables:game", key=key, number=loaded.game.number)
    # The write bumped the version: the answer must carry the new one, or the next poll
    # re-sends everything and resets the entry form the scorer is filling in.
    table.version = recorded.version
    ctx = game_context(request, table, key, True, loaded, pick_form(loaded, None))
    if _same_hand(before, loaded) and not recorded.repeated:
        # "Rules for this hand" is sent only if the entry changed it (a bid that sets trump).
        ctx["same_reminders"] = kept_screen.reminders(before) == kept_screen.reminders(loaded)
        # What templates/reference/tables/_written.html draws, without the template engine
        # (the context processors run only if a template is drawn on the way).
        drawn = panels.written(RequestContext(request, {**ctx, **csrf(request)}))
        response = reswap(HttpResponse(drawn), "none")
    else:
        # What templates/tables/_live.html draws, without the template engine (as above).
        context = RequestContext(request, {**ctx, **csrf(request), "oob": True, "written": True})
        response = HttpResponse(panels.live(context))
    return trigger_client_event(response, "scores-changed")


def _void(request: HttpRequest, key: str, number: int, target: int | None) -> HttpResponse:
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    game = _game(table, number)
    loaded = actions.load(game)
    if target is None:
        target = actions.undo_target(loaded)
    try:
        client_id = guards.posted_uuid(request.POST.get("client_id"))
    except guards.BadSubmissionId as exc:
        messages.error(request, str(exc))
        target = None
    else:
        if target is None:
            messages.error(request, gettext("Nothing to undo: no entry is in effect."))
    if target is not None:
        try:
            actions.check_void_event(game, target, client_id, guards.posted_at(request.POST))
        except actions.StaleEntry as exc:
            messages.error(request, guards.stale_message(exc.loaded, exc.at))
        except engine.IllegalEventError as exc:
            messages.error(request, guards.void_refused(target, exc, loaded.count))
    if request.htmx:
        return HttpResponseClientRedirect(reverse("tables:game", args=[key, game.number]))
    return redirect("tables:game", key=key, number=game.number)


def correct(request: HttpRequest, key: str, number: int, index: int) -> HttpResponse:
    """Enter an earlier entry again, right this time: it replaces the old one and the whole game
    after it is checked and scored again. Refused, naming the rule, if anything would break."""
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    game = _game(table, number)
    loaded = actions.load(game)
    if not 0 <= index < loaded.count:
        raise Http404(gettext("No such entry."))
    events = actions.log_events(loaded)
    original = events[index]
    form_class = forms_for(loaded.rules.key).get(original.kind)
    if form_class is None or isinstance(original, engine.Void | engine.Correction):
        raise Http404(gettext("This entry cannot be corrected: cancel it instead."))
    if index in loaded.result.voided:
        messages.error(
            request,
            gettext("Entry #%(number)s is cancelled: restore it first.") % {"number": index + 1},
        )
        return redirect("tables:game", key=key, number=number)
    before = actions.load_before(loaded, events, index)
    form = form_class(
        before, request.POST if request.method == "POST" else None, initial={"at": loaded.count}
    )
    current = loaded.result.corrected.get(index)  # the correction in force, if any
    in_force = original if current is None else events[current]
    if isinstance(in_force, engine.Correction):
        in_force = in_force.event
    form.initial.update(form.initial_from(in_force))
    if request.method == "POST" and form.is_valid():
        event = form.to_event()
        if not event.note and in_force.note:  # a note the form does not ask for stays
            event = engine.with_note(event, in_force.note)
        try:
            actions.check_correct_event(
                game, index, event, form.cleaned_data["client_id"], guards.posted_at(request.POST)
            )
        except actions.StaleEntry as exc:
            messages.error(request, guards.stale_message(exc.loaded, exc.at))
            return redirect("tables:game", key=key, number=number)
        except engine.IllegalEventError as exc:
            form.violations = list(exc.violations)
            if exc.index < len(events):  # a later entry, not the correction itself
                form.violations[0] = dataclasses.replace(
                    exc.violations[0],
                    message=gettext(
                        "With this correction, entry #%(number)s would break a rule: %(message)s"
                    )
                    % {"number": exc.index + 1, "message": say(exc.violations[0].message)},
                )
        else:
            messages.success(
                request,
                gettext("Entry #%(number)s corrected; everything after it was scored again.")
                % {"number": index + 1},
            )
            return redirect("tables:game", key=key, number=number)
    return render(
        request,
        "tables/correct.html",
        {
            "table": table,
            "key": key,
            "game": game,
            "rules": before.rules,
            "prompt": before.rules.prompt(before.state),
            "rules_url": reverse("rules:game", args=[before.rules.key]),
            "form": form,
            "index": index,
            "original": describe_entry(loaded.rules, original),
            "action": reverse("tables:correct", args=[key, number, index]),
        },
    )


def _uuid(value: str | None) -> uuid.UUID | None:
    """The submission id as posted; ValueError (saying so) if it is damaged: a bad id is
    refused, never taken as none (that would lose the protection against a double tap)."""
    return guards.posted_uuid(value)


@require_POST
def undo(request: HttpRequest, key: str, number: int) -> HttpResponse:
    return _void(request, key, number, None)


@require_POST
def void(request: HttpRequest, key: str, number: int, index: int) -> HttpResponse:
    return _void(request, key, number, index)


@require_POST
def abandon(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Stop a game started by mistake (or left unfinished): an entry like any other, shown in
    the history, that Undo or its Cancel button takes back."""
    table, can_score = _table(key)
    if not can_score:
        return _scorer_only(request)
    game = _game(table, number)
    try:
        client_id = guards.posted_uuid(request.POST.get("client_id"))
        actions.check_record_event(
            game, engine.Abandon(), client_id, at=guards.posted_at(request.POST)
        )
    except guards.BadSubmissionId as exc:
        messages.error(request, str(exc))
    except actions.StaleEntry as exc:
        messages.error(request, guards.stale_message(exc.loaded, exc.at))
    except engine.IllegalEventError as exc:
        messages.error(request, say(exc.violations[0].message))
    if request.htmx:
        return HttpResponseClientRedirect(reverse("tables:game", args=[key, game.number]))
    return redirect("tables:game", key=key, number=game.number)


@never_cache
@require_safe
def live(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Polled every few seconds: 204 (nothing to do, one query) unless the table changed since
    ``v``."""
    table, can_score = _table(key)
    if request.GET.get("v") == str(table.version):
        return HttpResponse(status=204)
    table, can_score, loaded = _loaded(key, number)
    seen_step = request.GET.get("s")

    def build() -> dict[str, Any]:
        # Another phone recorded something: refresh the scorer's entry form too, since the
        # step it was showing has probably been done.
        form = pick_form(loaded, None) if can_score else None
        ctx = game_context(request, table, key, can_score, loaded, form)
        # The entry form is swapped in only if the step moved on: a form half filled in for
        # the step still expected is not wiped by another phone's unrelated change.
        return {**ctx, "oob": True, "seen_step": seen_step}

    page = pages.page_key(request, "tables/_live.html", table, key, loaded, seen_step)
    with one_language():  # the table's
        return pages.render_kept(request, "tables/_live.html", page, build)


@require_safe
def history(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Every entry of the game, newest first, a page at a time."""
    table, can_score = _table(key)
    loaded = actions.load(_game(table, number))
    pages = Paginator(range(loaded.count - 1, -1, -1), HISTORY_PAGE, allow_empty_first_page=True)
    page = pages.get_page(request.GET.get("page"))
    shown = page.object_list
    entries = (
        actions.log_entries(loaded.game, loaded.rules, shown[-1], shown[0] + 1) if shown else []
    )
    ctx = game_context(request, table, key, can_score, loaded)
    return render(
        request,
        "tables/history.html",
        {
            **ctx,
            "history": context.history(loaded, reverse("tables:game", args=[key, number]), entries),
            "page": page,
            "earlier_entries": 0,
            "can_undo": False,  # undo belongs on the game page, where its effect shows
        },
    )


@require_safe
def hands(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Every hand of the game on the scoreboard, each with why it scored what it did."""
    table, can_score = _table(key)
    loaded = actions.load(_game(table, number))
    ctx = game_context(request, table, key, can_score, loaded)
    return render(
        request, "tables/hands.html", {**ctx, "board": context.scoreboard(loaded, every_hand=True)}
    )


@require_safe
def export_log(request: HttpRequest, key: str, number: int) -> HttpResponse:
    table, _ = _table(key)
    loaded = actions.load(_game(table, number))
    data = game_log.dump_log(loaded.rules, actions.log_events(loaded), table=table.name)
    response = JsonResponse(data, json_dumps_params={"indent": 2, "ensure_ascii": False})
    name = f"{loaded.rules.key}-{table.pk}-{number}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_safe
def export_csv(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Each hand's points and the totals, one column per player (or team), for spreadsheets."""
    table, _ = _table(key)
    loaded = actions.load(_game(table, number))
    rules, state = loaded.rules, loaded.state
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = f"{rules.key}-{table.pk}-{number}-scores.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response.write("\ufeff")  # lets spreadsheet programs see UTF-8 (accented names)
    # ?decimal=comma: for the spreadsheets of a language that writes 30,3 (they read a comma
    # as the decimal separator, and semicolons between the cells).
    comma = request.GET.get("decimal") == "comma"
    out = csv.writer(response, delimiter=";" if comma else ",")
    shown = rules.shown_points  # tenths (Ui77's Go Nov to one decimal) written as 30.3

    def said(points: Any) -> Any:
        return str(shown(points)).replace(".", ",") if comma else shown(points)

    out.writerow([pgettext("scores file", "Hand"), *map(csv_cell, rules.column_names())])
    for hand in rules.hands(state):
        out.writerow([hand.number, *map(said, hand.points)])
    out.writerow([pgettext("scores file", "Total"), *map(said, rules.scores(state))])
    if not rules.scores_by_team and any(len(team) > 1 for team in rules.teams()):
        for team, total in zip(rules.teams(), rules.team_totals(state), strict=True):
            name = pgettext("scores file", "Team %(team)s") % {"team": rules.team_name(team)}
            out.writerow([csv_cell(name), said(total)])
    return response


#: What a spreadsheet reads as the start of a formula in a cell (OWASP's CSV injection list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A cell of text (a player's name) that a spreadsheet shows as text, never runs as a
    formula: one that begins like a formula gets a leading apostrophe. Numbers are written as
    numbers, so a negative score stays a number."""
    return f"'{text}" if text.startswith(_FORMULA_START) else text


@require_POST
def import_log(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("file")
    raw = upload.read(logjson.MAX_BYTES + 1) if upload else request.POST.get("log", "")
    if not raw.strip():  # no file chosen, or an empty one (a BOM alone is read as JSON text)
        return _home(
            request,
            import_error=gettext("Choose a game log file (.json) to import: this one is empty."),
        )
    try:
        table, game = actions.check_import_log(logjson.parse(raw))
    except game_log.LogError as exc:
        if isinstance(exc, game_log.UnexpectedError):  # a defect of ours: the traceback for us
            logger.exception("import: the app failed on entry %s of a log", exc.index)
        error = say(exc.message)
        if exc.index is not None:
            error = gettext("Entry #%(number)s: %(problem)s") % {
                "number": exc.index + 1,
                "problem": error,
            }
        if isinstance(exc, logjson.NotJSON):
            error = gettext("This is not a JSON file: %(reason)s.") % {"reason": say(exc.message)}
    except Exception:  # the last guard: a refusal page, never a 500 (the import wrote nothing)
        logger.exception("import: the app failed on a log")
        error = say(game_log.UnexpectedError(None).message)
    else:
        return redirect("tables:game", key=table.score_key, number=game.number)
    return _home(request, import_error=error)


@require_safe
def qr(request: HttpRequest, key: str, role: str) -> HttpResponse:
    table, can_score = _table(key)
    if role == "score" and not can_score:
        return _scorer_only(request)
    target = table.score_key if role == "score" else table.view_key
    url = request.build_absolute_uri(reverse("tables:table", args=[target]))
    return HttpResponse(qr_svg(url), content_type="image/svg+xml")


def context_rules(key: str) -> dict[str, Any]:
    rules_class = games.GAMES.get(key)
    if rules_class is None:
        raise Http404(gettext("No such game."))
    return {"rules_class": rules_class}
