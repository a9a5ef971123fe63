"""The rules pages: every game in the engine's registry, in our own words, with the house
options and worked examples computed by the same engine that scores the games."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
from django.urls import path
from django.utils.translation import get_language, gettext, trans_real
from django.views.decorators.http import require_safe

from companion import games
from companion.games.ace_deuce_jack import examples as ace_deuce_jack_examples
from companion.games.bastard import examples as bastard_examples
from companion.games.belote import examples as belote_examples
from companion.games.big_three import examples as big_three_examples
from companion.games.buck_euchre import examples as buck_euchre_examples
from companion.games.elusive_34 import examples as elusive_34_examples
from companion.games.jersey_gin import examples as jersey_gin_examples
from companion.games.kaluki import examples as kaluki_examples
from companion.games.malilla import examples as malilla_examples
from companion.games.recruit import examples as recruit_examples
from companion.games.skin import examples as skin_examples
from companion.games.three_thirteen import examples as three_thirteen_examples
from companion.games.ui77 import examples as ui77_examples
from companion.games.ziginette import examples as ziginette_examples

EXAMPLES: dict[str, Any] = {
    "recruit": recruit_examples,
    "belote": belote_examples,
    "malilla": malilla_examples,
    "buck_euchre": buck_euchre_examples,
    "ace_deuce_jack": ace_deuce_jack_examples,
    "elusive_34": elusive_34_examples,
    "bastard": bastard_examples,
    "big_three": big_three_examples,
    "ui77": ui77_examples,
    "three_thirteen": three_thirteen_examples,
    "jersey_gin": jersey_gin_examples,
    "kaluki": kaluki_examples,
    "ziginette": ziginette_examples,
    "skin": skin_examples,
}


def _with_context(context: Any, message: str) -> str:
    """The catalogue key of a message said with a context: ``context\x04message``. A quoted
    context (``context "card rank"``) is resolved when the template compiles, so the
    expression's ``var`` is the string itself; a variable keeps its ``literal``."""
    var = getattr(context, "var", None)
    literal = var if isinstance(var, str) else getattr(var, "literal", None)
    return f"{literal}\x04{message}" if literal else message


@lru_cache(maxsize=64)  # per compiled template: the loader keeps them
def page_messages(template: Any) -> tuple[str, ...]:
    """The catalogue messages a rules page is made of (its ``{% translate %}`` and
    ``{% blocktranslate %}`` texts, a context as ``context\x04message``): none for a page
    written in plain English."""
    found: list[str] = []
    nodes = template.nodelist
    for node in nodes.get_nodes_by_type(TranslateNode):
        message = getattr(node.filter_expression.var, "literal", None)
        if message is not None:
            found.append(_with_context(node.message_context, str(message).replace("%", "%%")))
    for node in nodes.get_nodes_by_type(BlockTranslateNode):
        message, _values = node.render_token_list(node.singular)
        found.append(_with_context(node.message_context, message))
    return tuple(found)


def written_in(template: Any, language: str) -> bool:
    """Whether a page made of catalogue messages is said in ``language``: it has messages and
    the language's catalogue translates every one of them (a ``.mo`` holds only what is
    translated)."""
    messages = page_messages(template)
    catalog = getattr(trans_real.translation(language), "_catalog", None)
    return bool(messages) and catalog is not None and all(m in catalog for m in messages)


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"games": games.GAMES.values()})


@require_safe
def rules_game(request: HttpRequest, key: str) -> HttpResponse:
    rules_class = games.GAMES.get(key)
    if rules_class is None:
        raise Http404(gettext("No such game."))
    module = EXAMPLES.get(key)
    examples = []
    if module is not None:
        for ex in module.EXAMPLES:
            points, lines = module.example_points(ex)
            examples.append({"ex": ex, "points": points, "lines": lines})
    # The rules in the active language where they are written in it (rules/games/<lang>/, or the
    # page's own messages all translated in the catalogue), else in English, marked as such,
    # under a note in the language saying so.
    language = get_language() or settings.LANGUAGE_CODE
    body = select_template(
        [
            f"rules/games/{language}/{key}.html",
            f"rules/games/{key}.html",
            "rules/games/_missing.html",
        ]
    )
    name = body.origin.template_name
    untranslated = (
        language != "en"
        and not name.startswith(f"rules/games/{language}/")
        and not written_in(body.template, language)
    )
    return render(
        request,
        "rules/game.html",
        {
            "rules_class": rules_class,
            "body": body,
            "body_language": "en" if untranslated else "",
            "untranslated": untranslated,
            "examples": examples,
            "options": rules_class.option_info,
            "events": rules_class.event_types.values(),
        },
    )


app_name = "rules"
urlpatterns = [
    path("", rules_index, name="index"),
    path("<str:key>/", rules_game, name="game"),
]
