"""What the game screen shows, worked out from the replayed log.

Nothing is kept here: what the screen reuses from one request to the next (its lines, history
rows, reminders, the chart's running totals, addresses) is kept by ``companion.tables.kept``
(``kept_lines``, ``kept_rows``, ``kept_screen``), under the keys docs/kept.md lists; this
module says how each is made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from django.template.loader import get_template
from django.utils import formats
from django.utils.functional import SimpleLazyObject as lazy
from django.utils.translation import ngettext

from companion import rules as engine
from companion.rules.text import for_viewers

from .actions import Entry, Loaded, undo_target
from .entry import EntryForm, describer, forms_for
from .i18n import get_language, gettext, say
from .ids import fresh_id
from .kept import lines as kept_lines
from .kept import rows as kept_rows
from .kept import screen as kept_screen
from .models import Table
from .money_shown import Amount


def available_kinds(loaded: Loaded) -> list[str]:
    """The entries that can be recorded now, in the game's order of preference (the order of
    its forms in the registry; the first one is shown by default)."""
    if loaded.result.abandoned >= 0:
        return []
    expected = loaded.rules.expects(loaded.state)
    return [k for k, form in forms_for(loaded.rules.key).items() if (form.records or k) in expected]


def pick_form(loaded: Loaded, kind: str | None, data: Any = None) -> EntryForm | None:
    """The entry form for ``kind`` (or the default one for what is expected next)."""
    forms = forms_for(loaded.rules.key)
    if data is not None:
        return forms[kind](loaded, data) if kind in forms else None
    kinds = available_kinds(loaded)
    if not kinds:
        return None
    return forms[kind if kind in kinds else default_kind(loaded, kinds)](loaded)


def default_kind(loaded: Loaded, kinds: list[str]) -> str:
    """The form shown when none is asked for: the first of ``kinds`` (the game's order, which
    puts the quick entry of a whole hand first), except at a table that recorded its latest
    hand card by card (its latest entry of either kind was a trick): there, the first of the
    others, so that each deal is followed by the bidding or the first trick, as before it."""
    forms = forms_for(loaded.rules.key)
    if first := next((k for k in kinds if forms[k].shown_first(loaded)), None):
        return first
    if not forms[kinds[0]].whole_hand:
        return kinds[0]
    for entry in reversed(loaded.recent):
        kind = entry.event.kind
        if kind == "trick":
            return next((k for k in kinds if not forms[k].whole_hand), kinds[0])
        if kind in forms and forms[kind].whole_hand:
            break
    return kinds[0]


#: Hands the game page's scoreboard shows, the latest ones; the hands page shows them all.
RECENT_HANDS = 8
#: How many of those have their "why these points" on the game page (every hand's page has all).
EXPLAINED_HANDS = 3


def scoreboard(loaded: Loaded, every_hand: bool = False) -> dict[str, Any]:
    """Totals, the latest hands (every one with ``every_hand``), who leads and who deals."""
    rules, state = loaded.rules, loaded.state
    totals = rules.scores(state)
    teams = rules.teams()
    team_totals = rules.team_totals(state)
    scored = rules.hands(state)
    shown = scored if every_hand else scored[-RECENT_HANDS:]
    best = rules.best(team_totals) if scored else None
    columns, names = rules.columns(), rules.column_names()
    said: Any = rules.shown_points  # tenths of a point (Ui77's Go Nov to one decimal): 30.3
    if rules.family == engine.Family.BANKING:
        said = Amount  # a banking game's chips, in the table's currency (money_shown)
    hands = [
        {
            "number": h.number,
            "summary": h.summary,
            "cells": [
                {
                    "name": name,
                    "points": said(p),
                    "lines": [
                        {"label": line.label, "points": said(line.points), "rule": line.rule}
                        for line in lines
                    ],
                }
                for name, p, lines in zip(names, h.points, h.lines, strict=True)
            ],
        }
        for h in shown
    ]
    leaders = _leaders(loaded, team_totals, best)
    top = [rules.team_name(t) for t in teams if t[0] in leaders]
    dealer = rules.dealer(state)
    return {
        "seats": [
            {
                "name": names[i],
                "total": said(totals[i]),
                "leader": column[0] in leaders,
                "dealer": dealer in column,
            }
            for i, column in enumerate(columns)
        ],
        "teams": [
            {"name": rules.team_name(t), "total": said(tt), "leader": t[0] in leaders}
            for t, tt in zip(teams, team_totals, strict=True)
        ]
        if any(len(t) > 1 for t in teams) and not rules.scores_by_team
        else [],
        "hands": hands,
        "explained": hands if every_hand else hands[-EXPLAINED_HANDS:],
        "unexplained": 0 if every_hand else max(0, len(scored) - EXPLAINED_HANDS),
        "earlier": len(scored) - len(shown),
        "leading": _leading(top, said(best)) if best is not None else "",
        "tied": len(top) > 1,
        "money": rules.family == engine.Family.BANKING,  # amounts, not points: see app.css
    }


def _leaders(loaded: Loaded, team_totals: Sequence[Any], best: Any) -> set[int]:
    """The seats of the side(s) ahead: the game's winners once it is over (who need not hold
    the best total: Buck Euchre's five tricks), else those with the best total."""
    rules = loaded.rules
    teams = rules.teams()
    outcome = rules.outcome(loaded.state)
    if outcome is not None:
        return {s for t in teams if t[0] in outcome.winners for s in t}
    tops = [t for t, total in zip(teams, team_totals, strict=True) if total == best]
    return {s for t in tops for s in t}


def leader(loaded: Loaded) -> dict[str, Any]:
    """The scoreboard's ``leading`` and ``tied`` alone, for the prompt's line "Leading: Ann
    (12)", which every answer to an entry sends (the whole scoreboard only when it changed)."""
    rules, state = loaded.rules, loaded.state
    team_totals = rules.team_totals(state)
    best = rules.best(team_totals) if rules.hands(state) else None
    if best is None:
        return {"leading": "", "tied": False}
    leaders = _leaders(loaded, team_totals, best)
    top = [rules.team_name(t) for t in rules.teams() if t[0] in leaders]
    said: Any = Amount if rules.family == engine.Family.BANKING else rules.shown_points
    return {"leading": _leading(top, said(best)), "tied": len(top) > 1}


def _leading(top: list[str], best: int | Decimal) -> str:
    """Who leads, and with what: "Ann (12)", "Ann and Bob (12)", "Ann, Bob and Dan (0)", in
    the active language."""
    names = top[0]
    if len(top) > 1:
        names = gettext("%(names)s and %(name)s") % {"names": ", ".join(top[:-1]), "name": top[-1]}
    return gettext("%(names)s (%(points)s)") % {"names": names, "points": _number(best)}


def _number(value: int | Decimal) -> int | str:
    """A number of points for a plain-text sentence: a fraction with the language's decimal
    separator (30,3 in French); a whole number as it always was."""
    return formats.number_format(value) if isinstance(value, Decimal) else value


CHART_W, CHART_H, CHART_PAD = 320, 150, 8
#: Hands a line is drawn through, at most: a longer game's line goes through every k-th hand
#: (and always the first and the latest), so drawing it costs the same after 300 hands as after
#: 40 (the chart is 304 pixels wide: one pixel a hand at 300).
CHART_POINTS = 40


def progress(loaded: Loaded) -> dict[str, Any] | None:
    """Each column's running total after every hand, drawn as lines (an inline SVG, no script).

    Starts from the totals before the first hand (0, or 25 in Buck Euchre's count-down), so
    each line ends on the total the scoreboard shows. A game of more than ``CHART_POINTS``
    hands is drawn through every k-th hand and the latest; its lowest and highest totals are
    still those of every hand.
    """
    rules, state = loaded.rules, loaded.state
    hands = rules.hands(state)
    if len(hands) < 2:
        return None
    runs = kept_screen.runs(hands, rules.scores(state))
    n = len(hands)
    if n <= CHART_POINTS:
        shown: Sequence[int] = range(n + 1)
    else:
        shown = sorted({round(i * n / CHART_POINTS) for i in range(CHART_POINTS + 1)})
    low, high = runs.low[n], runs.high[n]
    span = (high - low) or 1
    step = (CHART_W - 2 * CHART_PAD) / n

    def y(value: int) -> float:
        return round(CHART_PAD + (high - value) * (CHART_H - 2 * CHART_PAD) / span, 1)

    xs = [round(CHART_PAD + k * step, 1) for k in shown]
    series = []
    for column, name in enumerate(rules.column_names()):
        last = runs.totals[n][column]
        series.append(
            {
                "name": name,
                "css": f"series-{column % 8}",
                "last": rules.shown_points(last),
                # for the chart's label, drawn unlocalised: 8,7 in French all the same
                "said": _number(rules.shown_points(last)),
                "points": " ".join(
                    f"{x},{y(runs.totals[k][column])}" for x, k in zip(xs, shown, strict=True)
                ),
            }
        )
    return {
        "width": CHART_W,
        "height": CHART_H,
        "zero": y(0),
        "high": rules.shown_points(high),
        "low": rules.shown_points(low),
        "hands": n,
        "series": series,
    }


def current_flags(loaded: Loaded) -> list[engine.Violation]:
    """Irregularities flagged since the last deal: in the hand being played, or in the hand just
    finished (the audit after its last trick flags then). Older ones stay in the history."""
    start = loaded.result.hand_start
    return [v for i, v in loaded.result.flagged if i > start]


def tricks(loaded: Loaded) -> list[dict[str, Any]]:
    """The current hand's tricks, for games whose state has ``hand.tricks``."""
    hand = getattr(loaded.state, "hand", None)
    names = loaded.rules.names
    return [
        {"number": t.number, "cards": t.cards, "winner_name": names[t.winner]}
        for t in getattr(hand, "tricks", ())
    ]


def describe_entry(
    rules: engine.Rules[Any, Any], event: engine.Event, language: str | None = None
) -> str:
    """One line for the history: "Trick: A♠ 3♣", "Corrects #2: Piles: ..." (``language``: the
    active one, if already looked up)."""
    if isinstance(event, engine.Correction):
        return gettext("Corrects #%(number)s: %(entry)s") % {
            "number": event.target + 1,
            "entry": describe_entry(rules, event.event, language),
        }
    if isinstance(event, engine.Abandon):
        return gettext("Game abandoned")
    describe = describer(rules.key)
    if describe is None:
        return event.kind
    return kept_rows.kept_line(rules, event, describe, language)


def history(
    loaded: Loaded, game_url: str, entries: Sequence[Entry] | None = None
) -> list[dict[str, Any]]:
    """The history's rows for ``entries`` (the latest ones by default), newest first, with the
    addresses that cancel and correct each (under ``game_url``, the game page's address)."""
    entries = loaded.recent if entries is None else entries
    shown = {entry.index for entry in entries}
    flags: dict[int, list[engine.Violation]] = {}
    for index, violation in loaded.result.flagged:
        if index in shown:
            flags.setdefault(index, []).append(violation)

    correctable = forms_for(loaded.rules.key)
    corrected = loaded.result.corrected
    rows, language = [], get_language()
    for index, event, row in ((e.index, e.event, e.row) for e in reversed(entries)):
        voided = index in loaded.result.voided
        special = isinstance(event, engine.Void | engine.Correction)
        text, said = kept_lines.entry_text(loaded.rules, event, row, language, describe_entry)
        rows.append(
            {
                "index": index,
                "number": index + 1,
                "text": text,
                "said": said,
                "voided": voided,
                "is_void": isinstance(event, engine.Void),
                "corrected_by": corrected[index] + 1 if index in corrected else None,
                "can_correct": not (voided or special) and event.kind in correctable,
                "flags": flags.get(index, []),
                "at": row.recorded_at,
                "void_url": f"{game_url}void/{index}/",
                "client_id": fresh_id(),  # a resent cancel is recognised, like an entry
                "correct_url": f"{game_url}correct/{index}/",
            }
        )
    return rows


def standings(loaded: Loaded) -> list[tuple[str, int | Decimal]]:
    """Each side's name and total, the best first (lowest first where that wins)."""
    rules = loaded.rules
    sign = 1 if rules.lower_is_better else -1
    ranked = sorted(
        zip(rules.teams(), rules.team_totals(loaded.state), strict=True),
        key=lambda tt: sign * tt[1],
    )
    return [(rules.team_name(t), rules.shown_points(total)) for t, total in ranked]


def _hand_line(rules: engine.Rules[Any, Any], hand: Any) -> str:
    """A hand's line of the summary: "Hand 3: Ann 12, Bob 9" (kept: ``kept_lines.hand_lines``)."""
    scores = ", ".join(
        f"{n} {_number(rules.shown_points(p))}"
        for n, p in zip(rules.column_names(), hand.points, strict=True)
    )
    return gettext("Hand %(number)s: %(scores)s") % {"number": hand.number, "scores": scores}


#: The group-chat summary lists every hand up to this many; a longer game's summary lists its
#: latest ones after a line saying how many came before (every hand is in the CSV file), so
#: the summary, sent with every page and fragment, is the same size at any length of game.
SUMMARY_HANDS = 20


def summary_text(loaded: Loaded, table: Table) -> str:
    """A plain-text result to paste into a group chat: every hand of a short game, the latest
    ``SUMMARY_HANDS`` of a longer one."""
    rules, state = loaded.rules, loaded.state
    game = {"game": rules.title, "number": loaded.game.number, "table": table.title}
    lines = [gettext("%(game)s, game %(number)s at %(table)s") % game]
    hands = rules.hands(state)
    earlier = len(hands) - SUMMARY_HANDS
    if earlier > 0:
        lines.append(
            ngettext(
                "(%(count)s earlier hand: every hand is in the CSV file.)",
                "(%(count)s earlier hands: every hand is in the CSV file.)",
                earlier,
            )
            % {"count": earlier}
        )
    lines += kept_lines.hand_lines(rules, hands[-SUMMARY_HANDS:], _hand_line)
    totals = ", ".join(f"{name} {_number(total)}" for name, total in standings(loaded))
    lines.append(gettext("Totals: %(totals)s") % {"totals": totals})
    outcome = rules.outcome(state)
    if outcome is not None:
        lines.append(gettext("Result: %(result)s") % {"result": say(rules.winners_text(outcome))})
    return "\n".join(lines)


def option_changes(loaded: Loaded) -> list[dict[str, Any]]:
    """The house-rule changes made after the game started, each as "Target: 1000 → 501"."""
    rules = loaded.rules
    kind, names = type(rules), list(rules.names)
    out = []
    for change in loaded.game.option_changes.all():
        before = dict(kind(len(names), change.before, names).describe_options())
        after = kind(len(names), change.after, names).describe_options()
        text = "; ".join(
            f"{say(label)}: {say(before.get(label, '?'))} → {say(value)}"
            for label, value in after
            if before.get(label) != value
        )
        out.append({"at": change.changed_at, "text": text})
    return out


def step_token(loaded: Loaded) -> str:
    """What the game is waiting for, as a short token. A scorer's live poll sends it back, and
    the entry form is only replaced when the step has moved on (another phone recorded it);
    otherwise a form being filled in is left alone."""
    rules = loaded.rules
    waiting = rules.prompt(loaded.state) + "|" + ",".join(available_kinds(loaded))
    return hashlib.blake2s(waiting.encode(), digest_size=6).hexdigest()


def game_context(
    request: HttpRequest,
    table: Table,
    key: str,
    can_score: bool,
    loaded: Loaded,
    form: EntryForm | None = None,
) -> dict[str, Any]:
    rules, state = loaded.rules, loaded.state
    game = loaded.game
    outcome = rules.outcome(state)
    hand_template = get_template(kept_screen.hand_template(rules.key, rules.family.value))
    base = kept_screen.address("tables:game", key, game.number)
    # What only some answers show is worked out when a template first reads it (an entry's
    # answer within a hand shows neither the scores nor the summary).
    return {
        "table": table,
        "key": key,
        "game": game,
        "can_score": can_score,
        "rules": rules,
        "state": state,
        # Only the scorer records, so only the scorer is offered ways to (quick entry).
        "prompt": rules.prompt(state) if can_score else for_viewers(rules.prompt(state)),
        "info": rules.info(state),
        "reminders": lazy(lambda: kept_screen.reminders(loaded)),
        "options": lazy(rules.describe_options),
        "option_changes": lazy(lambda: option_changes(loaded)),
        "outcome": outcome,
        "winners": rules.winners_text(outcome) if outcome else "",
        "abandoned": loaded.result.abandoned + 1,  # the abandoning entry's number, 0: not
        "can_abandon": can_score and outcome is None and loaded.result.abandoned < 0,
        "board": lazy(lambda: scoreboard(loaded)),
        "leader": lazy(lambda: leader(loaded)),
        "progress": lazy(lambda: progress(loaded)),
        "history": lazy(lambda: history(loaded, base)),
        "earlier_entries": loaded.count - len(loaded.recent),
        "current_flags": lazy(lambda: current_flags(loaded)),
        "summary": lazy(lambda: summary_text(loaded, table)),
        "form": form,
        "kinds": [(k, forms_for(rules.key)[k].label) for k in available_kinds(loaded)],
        "can_undo": can_score and undo_target(loaded) is not None,
        # Undo is not idempotent (a second one restores what the first cancelled), so a
        # resent tap must be recognised by its id, like an entry form's.
        "undo_client_id": fresh_id(),
        "abandon_client_id": fresh_id(),
        # The log's length: every form that changes the game carries it (guards.posted_at).
        "at": loaded.count,
        # The language writes 8,7 (not 8.7): the scores are offered as a CSV its spreadsheets
        # read too (semicolons between the cells, decimal commas).
        "decimal_comma": formats.get_format("DECIMAL_SEPARATOR") == ",",
        "hand_template": hand_template,
        "tricks": lazy(lambda: tricks(loaded)),
        "version": table.version,
        "step": step_token(loaded),
        # The game's pages are all under its address (urls.py): no need to look each one up.
        "live_url": base + "live/",
        "game_url": base,
        "history_url": base + "history/",
        "hands_url": base + "hands/",
        "rules_url": kept_screen.address("rules:game", rules.key),
        "view_url": lazy(
            lambda: request.build_absolute_uri(kept_screen.address("tables:table", table.view_key))
        ),
    }
