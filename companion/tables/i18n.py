"""Saying the engine's sentences in the table's language.

The engine writes every sentence as a :class:`companion.rules.text.Text` (English, with its
message id and values). Here the id is looked up in the active language's catalogue (gettext),
and each value is written the way that language writes it: a card with its own rank letters
(``V♥`` for the French *valet*), a number with its own separators, a nested Text translated in
turn. Anything that is not a Text (a player's name, a note) is shown as it is.

A translation whose placeholders do not match the English ones never breaks a page: the
sentence is shown in English instead (and the catalogue test names the bad entry).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import ngettext

from companion.rules.cards import RANK_NAMES, Card, Suit
from companion.rules.money import Chips
from companion.rules.text import VERBATIM, Text, english
from companion.rules.tricks import name_list

from .kept.memo import kept
from .money_shown import chips_text, use_table_money


class _Said:
    """One language's messages and card labels, each looked up in its catalogue once per
    process (the catalogues do not change while the app runs)."""

    __slots__ = ("cards", "language", "messages")

    def __init__(self, language: str | None) -> None:
        self.language = language
        self.messages: dict[str, str] = {}
        self.cards: dict[Card, str] = {}

    def look_up(self, key: str, *args: str) -> str:
        """The translation of ``args`` (a message, or a context and a message) under ``key``."""
        found = self.messages.get(key)
        if found is None:
            if len(self.messages) >= _MANY:
                self.messages.clear()
            with translation.override(self.language):  # None: no translation, as Django
                found = (translation.gettext if len(args) == 1 else translation.pgettext)(*args)
            self.messages[key] = found
        return found


#: Set within :func:`one_language`: the language of the block and its messages.
_in_one: ContextVar[_Said | None] = ContextVar("companion_one_language", default=None)
_said_in: dict[str | None, _Said] = {}


@contextlib.contextmanager
def one_language() -> Iterator[None]:
    """Within this block, the language active at its start is the language of everything said:
    :func:`gettext`, :func:`pgettext`, :func:`get_language`, :func:`say` and
    :func:`card_label` find it here rather than each asking Django. Django keeps the active
    language in a context-local, and reading it costs about as much as the catalogue lookup:
    an entry's answer says some sixty messages. Nothing may change the active language within
    the block (the views open it once the table's own language is active)."""
    language = translation.get_language()
    said = _said_in.get(language)
    if said is None:
        said = _said_in.setdefault(language, _Said(language))  # one per language spoken
    token = _in_one.set(said)
    try:
        yield
    finally:
        _in_one.reset(token)


def get_language() -> str | None:
    """Django's ``get_language``, found once per :func:`one_language` block."""
    said = _in_one.get()
    return said.language if said is not None else translation.get_language()


def gettext(message: str) -> str:
    """Django's ``gettext``; within :func:`one_language`, each message looked up once."""
    said = _in_one.get()
    return translation.gettext(message) if said is None else said.look_up(message, message)


def pgettext(context: str, message: str) -> str:
    """Django's ``pgettext``; within :func:`one_language`, each message looked up once."""
    said = _in_one.get()
    if said is None:
        return translation.pgettext(context, message)
    return said.look_up(f"{context}\x04{message}", context, message)


gettext_lazy = lazy(gettext, str)
pgettext_lazy = lazy(pgettext, str)


#: The rank letters and joker names, written out so that ``makemessages`` puts them in the
#: catalogues; they are looked up by :func:`rank_label` and :func:`card_label`.
_MESSAGE_IDS = [
    pgettext_lazy("card rank", "A"),
    pgettext_lazy("card rank", "K"),
    pgettext_lazy("card rank", "Q"),
    pgettext_lazy("card rank", "J"),
    pgettext_lazy("card", "Joker"),
    pgettext_lazy("card", "Red joker"),
    pgettext_lazy("card", "Black joker"),
]
_JOKERS = {None: "Joker", "red": "Red joker", "black": "Black joker"}


def rank_label(rank: int) -> str:
    """The rank as the active language writes it on a card: ``J`` is ``V`` in French."""
    name = RANK_NAMES[rank]
    return pgettext("card rank", name) if rank > 10 else name


def card_label(card: Card) -> str:
    said = _in_one.get()
    if said is not None:
        found = said.cards.get(card)
        if found is None:
            found = said.cards[card] = _card_label(card)
        return found
    return _card_label(card)


def _card_label(card: Card) -> str:
    if card.is_joker:
        return pgettext("card", _JOKERS[card.joker])
    assert card.suit is not None
    return rank_label(card.rank) + card.suit.symbol


def say_value(value: Any, language: str | None = None) -> str:
    """A value inside a sentence, as the language (the active one if not given) writes it."""
    if isinstance(value, Text):
        return _say(value, language or get_language())
    if isinstance(value, Card):
        return card_label(value)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Chips):
        return chips_text(value.amount)  # the table's currency, like the ledger
    if isinstance(value, tuple | list) and value and all(isinstance(v, Card) for v in value):
        return " ".join(card_label(c) for c in value)
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return _number(value, language or get_language())
    return str(value)


#: What ``number_format`` wrote for a number in a language, and each message's translation in a
#: language (the catalogues do not change while the app runs). Both are small: the numbers a
#: game shows and the messages of the catalogues; each is emptied if it ever grows past ``_MANY``.
_numbers: dict[tuple[str, type, Any], str] = {}
_templates: dict[tuple[Any, ...], str] = {}
_MANY = 50_000


def _number(value: int | Decimal, language: str) -> str:
    # Thousands grouped the language's way (1 000, 1.000) in a sentence; English keeps
    # writing 1000, as it always has (its tests and its players read it so).
    if language == "en" and type(value) is int:
        return str(value)
    grouped = language != "en"
    key = (language, type(value), value)  # 3 and Decimal("3.0") are equal keys, not texts
    return kept(_numbers, key, lambda: number_format(value, force_grouping=grouped), _MANY)


def _template(text: Text, language: str) -> str:
    key = (language, text.context, text.msgid, text.plural, text.number if text.plural else None)
    return kept(_templates, key, lambda: _translated(text), _MANY)


def _translated(text: Text) -> str:
    if text.context == VERBATIM:
        return text.msgid  # only a value: nothing to translate
    if text.plural:
        return ngettext(text.msgid, text.plural, text.number or 0)
    if text.context:
        return pgettext(text.context, text.msgid)
    return gettext(text.msgid)


def say(text: Any) -> str:
    """``text`` in the active language (a plain str is returned as it is)."""
    if not isinstance(text, Text):
        return "" if text is None else str(text)
    return _say(text, get_language())


def names_joined(names: Any) -> str:
    """Players' names as a list in the active language: ``Ann, Bob, Cat`` in English,
    ``Ann, Bob et Cat`` in French (``rules.tricks.name_list``)."""
    return say(name_list(list(names)))


def _say(text: Text, language: str) -> str:
    template = _template(text, language)
    values = {name: say_value(value, language) for name, value in text.values.items()}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        return str(text)  # a broken translation: English rather than an error page


def language_names() -> dict[str, str]:
    """Each shipped language's code and its name in itself ("Français"): never translated."""
    return dict(settings.LANGUAGES)


def table_language(language: str) -> str:
    """A table's language setting as a code this app speaks, or "" (each phone's own)."""
    return language if language in language_names() else ""


def use_table_language(table: Any) -> None:
    """Speak the table's own language, when it has one, for the rest of this request (the
    locale middleware activates the phone's own at the start of the next): every phone and the
    big-screen viewer of the table then show the same words. Called by the table's views once
    they have the table, so it costs no query. Amounts of chips are written in the table's
    currency from then on too (``money_shown``)."""
    use_table_money(table)
    code = table_language(getattr(table, "language", ""))
    if code:
        translation.activate(code)


def languages(request: HttpRequest) -> dict[str, Any]:
    """Template context: the language switch's choices (code, own name, whether current)."""
    current = translation.get_language() or settings.LANGUAGE_CODE
    return {
        "language_choices": [
            (code, name, code == current) for code, name in language_names().items()
        ],
        "table_language_choices": table_language_choices(),
    }


#: The table setting's choices: each phone's own language, or one for everyone.
def table_language_choices() -> list[tuple[str, str]]:
    return [("", str(EACH_PHONE)), *language_names().items()]


EACH_PHONE = gettext_lazy("Each phone's own language")


__all__ = [
    "card_label",
    "english",
    "get_language",
    "gettext",
    "gettext_lazy",
    "language_names",
    "languages",
    "names_joined",
    "one_language",
    "pgettext",
    "pgettext_lazy",
    "rank_label",
    "say",
    "say_value",
    "table_language",
    "table_language_choices",
    "use_table_language",
]
