"""The game screen's panels that every answer to an entry sends again, drawn in Python.

An entry's answer (``views._after_write``) sends the prompt, the next entry form, the latest
entries and the poll again; drawn through the template engine they were the largest part of
the cost of recording an entry (about 4 ms of 10 for a trick). Each function here takes the
template context the pages already use (``context.game_context``) and returns what the
reference template of the same name under ``templates/reference/`` makes:
``tests/web/test_panels.py`` compares the two for the states of every game, in every
language, for a scorer and a viewer, with refusals and errors. The pages include the panels
through ``{% load panels %}`` (``templatetags/panels.py``), so there is one drawing of each.

Translations are the templates' own: the same ``msgid`` s, so the catalogues need nothing new.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.template import Context, engines
from django.urls import reverse
from django.utils.formats import localize
from django.utils.functional import SimpleLazyObject, empty
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import ngettext

from companion.rules.tricks import suit_title

from .entry.base import escape_text
from .i18n import card_label, gettext, pgettext, say
from .kept.rows import history_html

__all__ = [
    "belote_bid_form",
    "buck_euchre_bid_form",
    "entry",
    "entry_form",
    "export",
    "hand",
    "history",
    "live",
    "poll",
    "reminders",
    "scoreboard",
    "status",
    "trick_form",
    "tricks",
    "written",
]


def _v(value: Any) -> str:
    """``{{ value }}``: localised as the template engine does, then escaped."""
    kind = type(value)
    if kind is str:  # the common case, without Django's checks for lazy text
        return escape_text(value)
    if kind is int:
        return str(value)
    if value is None:
        return "None"
    if not isinstance(value, str | int) or isinstance(value, bool):
        value = localize(value)
    return str(conditional_escape(value))


def _s(value: Any) -> str:
    """``{{ value|say }}``."""
    return _v(say(value))


def _got(context: Context, name: str) -> Any:
    """``context[name]``, worked out now if it is one of ``game_context``'s lazy values, and
    unwrapped: each use of a lazy value goes through Django's proxy (a check and a call)."""
    value = context.get(name)
    if type(value) is SimpleLazyObject:
        if value._wrapped is empty:
            value._setup()
        return value._wrapped
    return value


def _game_url(context: Context, rest: str) -> str:
    """An address under the game's own (``urls.py``: every page of a game is under it)."""
    base = context.get("game_url")
    if not base:
        base = reverse("tables:game", args=[context.get("key"), context.get("game").number])
    return f"{base}{rest}"


def _csrf(context: Context) -> str:
    """``{% csrf_token %}``."""
    token = context.get("csrf_token")
    if token and str(token) != "NOTPROVIDED":
        return f'<input type="hidden" name="csrfmiddlewaretoken" value="{_v(str(token))}">'
    return ""


def _template(context: Context, name: str, *, processors: bool = True) -> str:
    """``{% include name %}``. Drawn outside any template (an entry's answer), a template
    binds the context and runs its context processors first (the phone's language choices,
    its messages, the request); ``processors=False`` skips them for a template that reads
    none of what they add (a game's entry form reads ``form``, ``action`` and ``htmx``)."""
    if context.template is not None:
        return str(context.template.engine.get_template(name).render(context))
    template = engines["django"].engine.get_template(name)
    if processors:
        return str(template.render(context))
    # Bound as a plain Context binds (RequestContext's own binding runs the processors):
    # rendering a template in a bound context then only draws it.
    with Context.bind_template(context, template):
        return str(template.render(context))


def _oob(on: Any) -> str:
    return ' hx-swap-oob="true"' if on else ""


def _flags(flags: Any, rules_url: Any, link: str) -> str:
    out = []
    for f in flags or ():
        rule = f' <a href="{_v(rules_url)}#{_v(f.rule)}">{link}</a>' if f.rule else ""
        out.append(f'<div class="flag" role="note">{_s(f.message)}{rule}</div>')
    return "".join(out)


def status(context: Context, oob: Any = None) -> SafeString:
    """``tables/_status.html``: the prompt (or the game's end), who leads, the game's
    particulars and the irregularities flagged in this hand."""
    oob = context.get("oob") if oob is None else oob
    outcome, abandoned = context.get("outcome"), context.get("abandoned")
    if outcome:
        said = f"<strong>{gettext('Game over.')}</strong> {_s(context.get('winners'))}"
    elif abandoned:
        go_on = gettext("Cancel entry #%(number)s to go on playing.") % {"number": _v(abandoned)}
        said = f"<strong>{gettext('Game abandoned.')}</strong> {go_on}"
    else:
        said = _s(context.get("prompt"))
    over = " prompt-over" if outcome or abandoned else ""
    out = [
        f'<div id="status" class="stack"{_oob(oob)}>\n'
        f'<section class="prompt{over}" id="prompt" aria-live="polite">\n{said}\n</section>\n'
    ]
    leader = _got(context, "leader")
    if not outcome and not abandoned and leader and leader["leading"]:
        words = {"leading": _s(leader["leading"])}
        if leader["tied"]:
            line = gettext("Level at the top: <strong>%(leading)s</strong>") % words
        else:
            line = gettext("Leading: <strong>%(leading)s</strong>") % words
        out.append(f'<p class="leading">{line}</p>')
    info = context.get("info")
    if info:
        rows = "".join(f"<div><dt>{_s(k)}</dt><dd>{_s(v)}</dd></div>" for k, v in info)
        out.append(f'\n<dl class="info">{rows}</dl>\n')
    out.append(_flags(_got(context, "current_flags"), context.get("rules_url"), gettext("Rule")))
    out.append("\n</div>")
    return mark_safe("".join(out))


def poll(context: Context, swap_oob: Any = None) -> SafeString:
    """``tables/_poll.html``: asks every few seconds whether the game changed."""
    swap_oob = context.get("swap_oob") if swap_oob is None else swap_oob
    version, step = _v(context.get("version")), _v(context.get("step"))
    url = f"{context.get('live_url')}?v={version}&amp;s={step}"
    return mark_safe(
        f'\n<div id="poll" hx-get="{url}" hx-trigger="every 3s" hx-target="#live" '
        f'hx-swap="outerHTML"{_oob(swap_oob)}></div>\n'
    )


def entry(context: Context, oob: Any = None) -> SafeString:
    """``tables/_entry.html``: the way to record what is expected next (tabs where there is
    more than one), abandoning the game, or starting another once it is over."""
    oob = context.get("oob") if oob is None else oob
    out = [f'<section class="panel stack" id="entry"{_oob(oob)}>\n']
    stale = context.get("stale")
    if stale:
        out.append(f'<div class="violation" role="alert"><p>{_v(stale)}</p></div>\n')
    form = context.get("form")
    key = context.get("key")
    outcome, abandoned = context.get("outcome"), context.get("abandoned")
    if form:
        kinds = context.get("kinds") or ()
        if len(kinds) > 1:
            game_url = _v(context.get("game_url"))
            tabs = []
            for kind, label in kinds:
                on = kind == form.kind
                href = f"{game_url}?entry={_v(kind)}"
                css, current = (" active", ' aria-current="true"') if on else ("", "")
                tabs.append(
                    f'<a class="tab{css}" href="{href}#entry"\n'
                    f'hx-get="{href}" hx-target="#entry" hx-swap="outerHTML"'
                    f"{current}>{_s(label)}</a>\n"
                )
            out.append(
                f'<nav class="tabs" aria-label="{gettext("How to record")}">\n'
                f"{''.join(tabs)}</nav>\n"
            )
        action = _game_url(context, f"record/{form.kind}/")
        out.append(entry_form(context, form, action, htmx=True))
    elif not outcome and not abandoned:
        out.append(f'<p class="muted">{gettext("Nothing to record right now.")}</p>\n')
    if context.get("can_abandon"):
        words = gettext(
            "Started by mistake, or stopping for the night? The game stays in the history as "
            "abandoned, and no winner is counted. Cancel it to go on playing."
        )
        action = _game_url(context, "abandon/")
        submission = _v(context.get("abandon_client_id"))
        out.append(
            f'<details class="abandon">\n<summary>{gettext("Abandon this game")}</summary>\n'
            f'<form method="post" action="{action}" class="stack">\n{_csrf(context)}\n'
            f'<input type="hidden" name="client_id" value="{submission}">\n'
            f'<input type="hidden" name="at" value="{_v(context.get("at"))}">\n'
            f'<p class="muted">{words}</p>\n<button class="btn btn-secondary" type="submit">'
            f"{gettext('Abandon the game')}</button>\n</form>\n</details>\n"
        )
    if outcome or abandoned:
        rules = context.get("rules")
        again = gettext("Play another game of %(game)s") % {"game": _v(rules.title)}
        start = reverse("tables:start", args=[key])
        out.append(f'<a class="btn btn-primary" href="{start}?game={_v(rules.key)}">{again}</a>\n')
    out.append("</section>")
    return mark_safe("".join(out))


def entry_form(context: Context, form: Any, action: str, htmx: bool) -> SafeString:
    """``tables/_entry_form.html``: an entry form posting to ``action``, headed by why it was
    refused if it was; its fields drawn by the game's form template (in Python where this
    module draws that template, ``DRAWN``)."""
    hx = f' hx-post="{_v(action)}" hx-target="#live" hx-swap="outerHTML"' if htmx else ""
    out = [
        f'<form method="post" action="{_v(action)}"{hx}\nclass="stack entry-form">\n'
        f"{_csrf(context)}\n{form['client_id']}{form['at']}\n"
    ]
    if form.violations or form.errors:
        rules_url = _v(context.get("rules_url"))
        see = gettext("See the rule")
        items = []
        for v in form.violations:
            link = (
                f' <a href="{rules_url}#{_v(v.rule)}" target="_blank" rel="noopener">{see}</a>'
                if v.rule
                else ""
            )
            items.append(f"<li>{_s(v.message)}{link}</li>")
        items += [f"<li>{_s(e)}</li>" for e in form.non_field_errors()]
        items += [f"<li>{_s(e)}</li>" for e in form["client_id"].errors]
        for field in form.visible_fields():
            items += [f"<li>{_s(field.label)}: {_s(e)}</li>" for e in field.errors]
        out.append(
            f'<div class="violation" role="alert">\n<ul>\n{"".join(items)}\n</ul>\n'
            f'<p class="muted">{gettext("Nothing was recorded.")}</p>\n</div>\n'
        )
    drawn = DRAWN.get(form.template)
    with context.push(form=form, action=action, htmx=htmx):
        if drawn is not None:
            out.append(drawn(context))
        else:
            out.append(_template(context, form.template, processors=False))
    out.append("\n</form>")
    return mark_safe("".join(out))


def trick_form(context: Context) -> SafeString:
    """``games/_trick_form.html``: a trick's cards, a grid of the cards still out for each
    player in playing order (``entry.base.TrickEntryForm``)."""
    form = context.get("form")
    out = []
    last = form.last_trick()
    if last:
        words = {
            "winner": _v(last["winner"]),
            "number": _v(last["number"]),
            "leader": _v(last["leader"]),
            "next": _v(form.number),
        }
        if last["same"]:
            line = gettext("%(winner)s won trick %(number)s and leads trick %(next)s.") % words
        else:
            line = (
                gettext("%(winner)s won trick %(number)s; %(leader)s leads trick %(next)s.") % words
            )
        out.append(f'<p class="trick-line" id="trick-line">{line}</p>')
    of = {"number": _v(form.number), "total": _v(form.tricks_per_hand)}
    out.append(
        f"\n<h2>{gettext('Trick %(number)s of %(total)s') % of}</h2>\n"
        f'<p class="muted">{_s(form.hint)}</p>\n'
    )
    leads = gettext("leads")
    for p in form.players():
        card = p["card"]
        has_card = card is not None and len(card.field.widget.choices) > 0
        css = (" play-cards" if has_card else "") + (" expected" if p["leads"] else "")
        mark = f' <span class="muted">{leads}</span>' if p["leads"] else ""
        chips = str(card) if has_card else f"{p['rank']}{p['suit']}"
        out.append(
            f'<div class="play-row{css}"><fieldset class="play">\n'
            f"<legend>{_v(p['name'])}{mark}</legend>\n{chips}\n</fieldset></div>\n"
        )
    if "typed" in form.fields:
        typed = form["typed"]
        opened = " open" if typed.value() else ""
        errors = str(typed.errors) if typed.errors else ""
        hint = gettext(
            "Rank then suit letter (S H D C), one card per player, in the order played: "
            "AS KS 10H QH."
        )
        out.append(
            f'<details class="typed"{opened}><summary>{gettext("Type the cards instead")}'
            f'</summary>\n<label class="field">{_v(typed.label)}{typed}</label>{errors}\n'
            f'<p class="muted">{hint}</p></details>'
        )
    record = gettext("Record trick %(number)s") % {"number": _v(form.number)}
    out.append(
        '\n<div class="actionbar" data-records-itself><button class="btn btn-primary" '
        f'type="submit">{record}</button></div>\n'
    )
    return mark_safe("".join(out))


#: The form templates drawn here rather than by the template engine.
def _red(card: Any) -> str:
    """``card.is_red|yesno:" red,"``."""
    return " red" if card is not None and card.is_red else ""


def belote_bid_form(context: Context) -> SafeString:
    """``games/belote/_bid_form.html``: the bidder's calls, one button each
    (``entry.belote.BidForm``)."""
    form = context.get("form")
    upcard, first = form.upcard, form.round == 1
    bidding = gettext("Bidding, round %(round)s") % {"round": _v(form.round)}
    out = [f"<h2>{bidding}</h2>\n<p>"]
    name = _v(form.bidder_name())
    if upcard:
        words = {"name": name, "card": _v(card_label(upcard)), "red": _red(upcard)}
        out.append(
            gettext(
                '<strong>%(name)s</strong> to speak: the upcard is <span class="card%(red)s">'
                "%(card)s</span>."
            )
            % words
        )
    else:
        out.append(gettext("<strong>%(name)s</strong> to speak.") % {"name": name})
    if first:
        out.append("\n" + gettext("Take its suit as trumps, or pass.") + "</p>\n")
    else:
        out.append("\n" + gettext("Name another suit as trumps, or pass.") + "</p>\n")
    if first and not upcard:
        missing = gettext(
            "The upcard was not recorded with the deal, so a take cannot be recorded bid by "
            "bid: use quick entry, or cancel the deal and record it with the upcard."
        )
        out.append(f'<p class="muted">{missing}</p>')
    out.append(f'\n{form["seat"]}\n<div class="actionbar bid-buttons">\n')
    for call, label, css in form.buttons():
        out.append(
            f'<button class="btn {_v(css)}" type="submit" name="call" value="{_v(call)}">'
            f"{_s(label)}</button>\n"
        )
    out.append("</div>\n")
    return mark_safe("".join(out))


def buck_euchre_bid_form(context: Context) -> SafeString:
    """``games/buck_euchre/_bid_form.html``: the bidder's calls, one button each
    (``entry.buck_euchre.BidForm``)."""
    form = context.get("form")
    upcard, first = form.upcard, form.round == 1
    name = {"name": _v(form.name())}
    heading = gettext("Round 1: %(name)s") if first else gettext("Round 2: %(name)s")
    out = [f"{form['seat']}\n<h2>{heading % name}"]
    if form.is_dealer:
        out.append(f' <span class="muted">{gettext("(dealer)")}</span>')
    out.append('</h2>\n<p class="muted">')
    if first:
        words = {"card": _v(card_label(upcard) if upcard is not None else ""), "red": _red(upcard)}
        if form.is_dealer:
            said = gettext(
                'Take up <span class="card%(red)s">%(card)s</span> (and discard a card), or '
                "turn it down."
            )
        else:
            said = gettext(
                'Order up <span class="card%(red)s">%(card)s</span> to make its suit trump, or '
                "pass."
            )
        out.append(said % words)
    else:
        suit = upcard.suit if upcard is not None else None  # (round 2 follows an upcard)
        words = {
            "css": _v(suit.value.lower()) if suit else "",
            "symbol": _v(suit.symbol) if suit else "",
            "suit": _v(say(suit_title(suit))) if suit else "",
        }
        out.append(
            gettext(
                'Name a suit other than <span class="suit-%(css)s">%(symbol)s</span> %(suit)s '
                "as trump, or pass. If all four pass, the hand has no trump."
            )
            % words
        )
    out.append(f" {gettext('One tap records the call.')}</p>\n{form['call'].errors}\n")
    out.append('<div class="actionbar">')
    for value, text, css, spoken in form.buttons():
        out.append(
            f'<button class="btn {_v(css)}" type="submit" name="call" value="{_v(value)}" '
            f'aria-label="{_s(spoken)}">{_s(text)}</button>'
        )
    out.append("</div>\n")
    return mark_safe("".join(out))


DRAWN: dict[str, Callable[[Context], SafeString]] = {
    "games/_trick_form.html": trick_form,
    "games/belote/_bid_form.html": belote_bid_form,
    "games/buck_euchre/_bid_form.html": buck_euchre_bid_form,
}


_LEADER = ' class="leader"'


def _more(number: Any) -> str:
    """``{% if number > 0 %}+{% endif %}``: a sign on a gain."""
    try:
        return "+" if number > 0 else ""
    except TypeError:
        return ""


def _raw(value: Any) -> str:
    """``{{ value }}`` under ``{% localize off %}``."""
    return escape_text(value)


def scoreboard(context: Context) -> SafeString:
    """``tables/_scoreboard.html``: each hand's points (the latest ones, or ``board`` of every
    hand), the totals, the teams', the running totals drawn, and why each hand scored so."""
    board, outcome = _got(context, "board"), context.get("outcome")
    hands_url, rules_url = _v(context.get("hands_url")), _v(context.get("rules_url"))
    scores = gettext("Scores")
    money = " money" if board["money"] else ""
    out = [
        f'<section class="panel stack" id="scoreboard">\n<h2>{scores}</h2>\n'
        f'<div class="table-scroll{money}" tabindex="0" role="region" aria-label="{scores}">\n'
        f'<table class="scoreboard">\n<thead>\n<tr><th scope="col">{gettext("Hand")}</th>'
    ]
    dealer = (
        f' <span class="dealer-badge" title="{gettext("Dealer")}">'
        f"{pgettext('dealer badge', 'D')}</span>"
    )
    for seat in board["seats"]:
        badge = dealer if seat["dealer"] and not outcome else ""
        out.append(f'<th scope="col">{_v(seat["name"])}{badge}</th>')
    out.append("</tr>\n</thead>\n<tbody>\n")
    span = len(board["seats"]) + 1
    earlier = board["earlier"]
    if earlier:
        line = ngettext(
            "%(count)s earlier hand: every hand", "%(count)s earlier hands: every hand", earlier
        ) % {"count": _v(earlier)}
        out.append(
            f'<tr><td colspan="{span}" class="muted"><a href="{hands_url}">{line}</a></td></tr>\n'
        )
    for h in board["hands"]:
        cells = "".join(f'<td class="num">{_v(c["points"])}</td>' for c in h["cells"])
        out.append(f'<tr><th scope="row">{_v(h["number"])}</th>{cells}</tr>\n')
    if not board["hands"]:
        none = gettext("No hand scored yet.")
        out.append(f'<tr><td colspan="{span}" class="muted">{none}</td></tr>\n')
    out.append(f'</tbody>\n<tfoot>\n<tr><th scope="row">{gettext("Total")}</th>')
    for seat in board["seats"]:
        lead = " leader" if seat["leader"] else ""
        out.append(f'<td class="num{lead}">{_v(seat["total"])}</td>')
    out.append("</tr>\n</tfoot>\n</table>\n</div>\n")
    if board["teams"]:
        rows = "".join(
            f'<tr{_LEADER if t["leader"] else ""}><th scope="row">{_v(t["name"])}'
            f'</th><td class="num">{_v(t["total"])}</td></tr>'
            for t in board["teams"]
        )
        out.append(f'<table class="scoreboard teams">\n<tbody>{rows}</tbody>\n</table>\n')
    progress = _got(context, "progress")
    if progress:
        out.append(_chart(progress))
    out += [_breakdown(h, rules_url) for h in board["explained"]]
    unexplained = board["unexplained"]
    if unexplained:
        line = ngettext(
            "Why the points of the earlier hand: every hand",
            "Why the points of the %(count)s earlier hands: every hand",
            unexplained,
        ) % {"count": _v(unexplained)}
        out.append(f'<p><a href="{hands_url}">{line}</a></p>\n')
    out.append("</section>")
    return mark_safe("".join(out))


def _breakdown(hand: Any, rules_url: str) -> str:
    """One hand's "why these points": each seat's lines, each with its rule."""
    why = gettext("Hand %(number)s: why these points") % {"number": _v(hand["number"])}
    see = gettext("(rule)")
    out = [
        f'<details class="breakdown">\n<summary>{why}</summary>\n'
        f'<p class="muted">{_s(hand["summary"])}</p>\n'
    ]
    for c in hand["cells"]:
        lines = "".join(_reason(line, rules_url, see) for line in c["lines"])
        out.append(
            f'<div class="breakdown-seat">\n<strong>{_v(c["name"])}: {_v(c["points"])}'
            f"</strong>\n<ul>{lines}</ul>\n</div>\n"
        )
    out.append("</details>\n")
    return "".join(out)


def _reason(line: Any, rules_url: str, see: str) -> str:
    """One line of a seat's points: the points, what for, and the rule."""
    rule = (
        f' <a href="{rules_url}#{_v(line["rule"])}" class="muted">{see}</a>' if line["rule"] else ""
    )
    points = f"{_more(line['points'])}{_v(line['points'])}"
    return f'<li><span class="num">{points}</span> {_s(line["label"])}{rule}</li>'


def _chart(progress: Any) -> str:
    """The running totals, hand by hand, as an inline SVG (numbers never localised)."""
    width, height = _raw(progress["width"]), _raw(progress["height"])
    series = progress["series"]
    said = ", ".join(f"{_raw(s['name'])} {_raw(s['said'])}" for s in series)
    hands = progress["hands"]
    after = ngettext(
        "Running totals after %(hands)s hand:", "Running totals after %(hands)s hands:", hands
    ) % {"hands": _raw(hands)}
    lines = "".join(
        f'<polyline class="{_raw(s["css"])}" points="{_raw(s["points"])}"/>' for s in series
    )
    legend = "".join(
        f'<li><svg width="30" height="10" aria-hidden="true"><line class="{_raw(s["css"])}" '
        f'x1="2" y1="5" x2="28" y2="5"/></svg>{_v(s["name"])} <strong class="num">'
        f"{_v(s['last'])}</strong></li>"
        for s in series
    )
    zero = _raw(progress["zero"])
    return (
        f'<figure class="chart" id="progress">\n'
        f"<figcaption>{gettext('Running totals, hand by hand')}</figcaption>\n"
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{after} {said}.">\n'
        f'<line class="axis" x1="0" x2="{width}" y1="{zero}" y2="{zero}"/>\n'
        f'<text x="4" y="12">{_raw(progress["high"])}</text><text x="4" '
        f'y="{_raw(progress["height"] - 4)}">{_raw(progress["low"])}</text>\n'
        f"{lines}\n</svg>\n"
        f'<ul class="chart-legend">{legend}</ul>\n</figure>\n'
    )


def tricks(context: Context) -> SafeString:
    """``games/trick_taking/_hand.html``: the hand's tricks so far, each with its winner."""
    rows = _got(context, "tricks")
    if not rows:
        return mark_safe("\n")
    title = gettext("This hand's tricks")
    out = [f'\n<section class="panel stack" id="tricks">\n<h2>{title}</h2>\n<ol class="tricks">\n']
    for t in rows:
        cards = "".join(
            f'<span class="card{" red" if c.is_red else ""}">{_v(card_label(c))}</span> '
            for c in t["cards"]
        )
        out.append(f"<li>{cards}→ <strong>{_v(t['winner_name'])}</strong></li>\n")
    out.append("</ol>\n</section>\n")
    return mark_safe("".join(out))


def hand(context: Context) -> SafeString:
    """The hand's panel: the game's own template (``context.hand_template``), drawn here where
    this module draws it (``HANDS``)."""
    chosen = context.get("hand_template")
    template = getattr(chosen, "template", chosen)  # the engine's own Template
    drawn = HANDS.get(template.origin.template_name)
    if drawn is not None:
        return drawn(context)
    return mark_safe(template.render(context))


#: The hand panels drawn here rather than by the template engine.
HANDS: dict[str, Callable[[Context], SafeString]] = {"games/trick_taking/_hand.html": tricks}


def history(context: Context, swap_oob: Any = None) -> SafeString:
    """``tables/_history.html``: the latest entries (or a page of them), each with its Cancel
    and Correct buttons for a scorer, and Undo for the last one."""
    swap_oob = context.get("swap_oob") if swap_oob is None else swap_oob
    out = [f'<section class="panel stack" id="history"{_oob(swap_oob)}>\n']
    out.append(f"<h2>{gettext('Entries')}</h2>\n")
    at = context.get("at")
    if context.get("can_score") and context.get("can_undo"):
        undo = _game_url(context, "undo/")
        out.append(
            f'<form method="post" action="{undo}" hx-post="{undo}">\n{_csrf(context)}\n'
            f'<input type="hidden" name="client_id" value="{_v(context.get("undo_client_id"))}">\n'
            f'<input type="hidden" name="at" value="{_v(at)}">\n'
            f'<button class="btn btn-secondary" type="submit">{gettext("Undo last entry")}'
            "</button>\n</form>\n"
        )
    rows = _got(context, "history")
    if rows:
        drawn = history_html(
            rows,
            can_score=bool(context.get("can_score")),
            at=at,
            csrf=str(context.get("csrf_token") or ""),
            rules_url=str(context.get("rules_url") or ""),
        )
        start = _v(rows[0]["number"])
        out.append(f'<ol class="history" reversed start="{start}">\n{drawn}\n</ol>\n')
    else:
        out.append(f'<p class="muted">{gettext("Nothing recorded yet.")}</p>\n')
    earlier = context.get("earlier_entries")
    if earlier:
        every = gettext("Every entry (%(count)s earlier)") % {"count": _v(earlier)}
        out.append(
            f'<p><a class="btn btn-secondary" href="{_v(context.get("history_url"))}">'
            f"{every}</a></p>\n"
        )
    out.append("</section>")
    return mark_safe("".join(out))


def reminders(context: Context) -> SafeString:
    """``tables/_reminders.html``: the rules for this hand (what is trump, who must take how
    many tricks), each with a link to its rule."""
    rows = _got(context, "reminders")
    if not rows:
        return mark_safe("\n")
    rules_url = _v(context.get("rules_url"))
    see = gettext("rule")
    items = []
    for r in rows:
        link = (
            f' <a href="{rules_url}#{_v(r.rule)}" target="_blank" rel="noopener">{see}</a>'
            if r.rule
            else ""
        )
        items.append(f"<div><dt>{_s(r.label)}</dt><dd>{_s(r.text)}{link}</dd></div>\n")
    return mark_safe(
        f'\n<section class="panel stack" id="reminders">\n<h2>{gettext("Rules for this hand")}'
        f'</h2>\n<dl class="reminders">\n{"".join(items)}</dl>\n</section>\n'
    )


def export(context: Context, oob: Any = None) -> SafeString:
    """``tables/_export.html``: the result to paste into a group chat, and the game's log and
    scores to download."""
    oob = context.get("oob") if oob is None else oob
    log, scores = _game_url(context, "log.json"), _game_url(context, "scores.csv")
    restore = gettext(
        "The log restores the whole game on any Companion: Import it from the home page."
    )
    comma = ""
    if context.get("decimal_comma"):
        comma = (
            f'<p><a class="btn btn-secondary" href="{_v(scores)}?decimal=comma" download>'
            f"{gettext('Download the scores with decimal commas (CSV with semicolons)')}"
            "</a></p>\n"
        )
    return mark_safe(
        f'<section class="panel stack" id="export"{_oob(oob)}>\n'
        f"<h2>{gettext('Share the result')}</h2>\n"
        f'<p class="muted">{gettext("Text summary for the group chat")}</p>\n'
        f'<pre class="summary" id="summary-text">{_v(_got(context, "summary"))}</pre>\n'
        f'<p class="row share-actions"><button type="button" class="btn btn-primary" '
        f'data-share="summary-text" hidden>{gettext("Share…")}</button> '
        f'<button type="button" class="btn btn-secondary" data-copy="summary-text" hidden>'
        f'{gettext("Copy the text")}</button></p>\n'
        f'<p class="muted" id="summary-copied" role="status"></p>\n'
        f'<p><a class="btn btn-secondary" href="{_v(log)}" download>'
        f"{gettext('Download the game log (JSON)')}</a></p>\n"
        f'<p><a class="btn btn-secondary" href="{_v(scores)}" download>'
        f"{gettext('Download the scores (CSV, for a spreadsheet)')}</a></p>\n"
        f"{comma}"
        f'<p class="muted">{restore}</p>\n</section>'
    )


def live(context: Context) -> SafeString:
    """``tables/_live.html``: what the live poll replaces (the poll itself, the rules for this
    hand, the hand's panel, the scores, the latest entries) and, sent out of band (``oob``),
    the prompt, the entry form if the step moved on from the one the phone shows
    (``seen_step``), the result to share, and the house rules unless the answer is an entry's
    (``written``)."""
    out = [
        '<div id="live" class="stack">\n',
        poll(context),
        f'\n<div id="reminders-panel">{reminders(context)}</div>\n',
        f'<div id="hand-panel">{hand(context)}</div>\n',
        scoreboard(context),
        "\n",
        history(context),
        "\n</div>\n",
    ]
    if context.get("oob"):
        out.append(status(context))
        if context.get("can_score") and context.get("step") != context.get("seen_step"):
            out.append(entry(context))
        out.append(export(context))
        if not context.get("written"):
            out.append(_template(context, "tables/_options.html"))
    return mark_safe("".join(out))


def written(context: Context) -> SafeString:
    """``tables/_written.html``: the answer to an entry that did not end a hand, what it
    changed, out of band: the prompt, the next form, the rules for this hand if the entry
    changed them (``same_reminders`` false), the hand's panel, the latest entries and the
    poll's version. Drawn here rather than by the template engine, whose own work (the
    context processors, the tags' arguments) cost about as much as drawing the history."""
    out = [status(context, True), "\n", entry(context, True), "\n"]
    if not context.get("same_reminders"):
        out.append(f'<div id="reminders-panel" hx-swap-oob="true">{reminders(context)}</div>')
    out += [
        f'\n<div id="hand-panel" hx-swap-oob="true">{hand(context)}</div>\n',
        history(context, True),
        "\n",
        poll(context, True),
        "\n",
    ]
    return mark_safe("".join(out))
