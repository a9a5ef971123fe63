"""Translatable text: the one convention for every sentence the engine and the games write.

The engine imports nothing from Django, so it cannot translate. Instead, each sentence meant for
people (a refusal, a flag, a prompt, a reminder, a score line, an option label) is built with
:func:`tr` (or :func:`tr_n` for a count, :func:`trc` for a short word that needs a context). The
result is a :class:`Text`: a ``str`` holding the English sentence, so logs, tests and the
replay command read exactly as before, which also carries its *message id* (the English template
with named placeholders) and the values. The web layer looks the id up in the language's
catalogue (gettext) and fills in each value the way that language writes it: a card (``V♥`` in
French for the jack of hearts), a suit word, a number, or another Text, itself translated.

The rules of the convention:

* The message id is a literal, written in full where it is used, so that ``makemessages``
  finds it (the keywords ``tr``, ``tr_n:1,2`` and ``trc:1c,2``).
* Values are named (``{player}``, ``{card}``), never positional, and are passed as what they
  are: a :class:`~companion.rules.cards.Card`, a tuple of cards, a
  :class:`~companion.rules.cards.Suit` (written as its symbol in every language), an ``int``,
  another Text (a suit word: :func:`suit_name`), or a plain ``str`` for what is never translated
  (a player's name, a note).
* Sentences are never glued together with ``+`` or ``join``: the result would be a plain
  ``str`` again, and untranslatable. Put the parts in one message, or pass the inner sentence
  as a value.

>>> from companion.rules.cards import parse_card
>>> text = tr("{player} must follow suit with {card}.", player="Ann", card=parse_card("JH"))
>>> str(text), text.msgid
('Ann must follow suit with J♥.', '{player} must follow suit with {card}.')
>>> str(tr_n("{n} trick", "{n} tricks", 3))
'3 tricks'
>>> str(tr("Trump is {suit} ({name}).", suit=Suit.HEARTS, name=suit_name(Suit.HEARTS)))
'Trump is ♥ (hearts).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import Card, Suit

#: The context of a Text that only shows a value: nothing to translate (see :func:`shown`).
VERBATIM = "verbatim"


def english(value: Any) -> str:
    """A value as the English sentence shows it."""
    kind = type(value)
    if kind is str or kind is Text:  # a name, or another sentence (not a Suit: a str too)
        said: str = value
        return said
    if isinstance(value, Card):
        return value.label
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, tuple | list) and all(isinstance(v, Card) for v in value):
        return " ".join(c.label for c in value)
    return str(value)


class _English:
    """The values as ``str.format_map`` reads them: each written in English."""

    __slots__ = ("values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.values = values

    def __getitem__(self, key: str) -> str:
        try:
            value = self.values[key]
        except KeyError:
            raise KeyError(f"no value for {{{key}}} in a translatable sentence") from None
        return english(value)


class Text(str):
    """An English sentence that also knows how to be said in another language.

    ``msgid`` is the template (the key in the catalogues), ``plural`` the plural template for
    :func:`tr_n` (with ``number`` choosing between them), ``context`` the gettext context for
    :func:`trc`, and ``values`` the named values to fill in.
    """

    msgid: str
    values: Mapping[str, Any]
    # Most sentences have no plural and no context: these are set only where they differ.
    plural: str = ""
    number: int | None = None
    context: str = ""

    def __new__(
        cls,
        msgid: str,
        values: Mapping[str, Any] | None = None,
        *,
        plural: str = "",
        number: int | None = None,
        context: str = "",
    ) -> Text:
        values = dict(values) if values else {}
        template = plural if plural and number != 1 else msgid
        said = template.format_map(_English(values)) if values or "{" in template else template
        self = super().__new__(cls, said)
        self.msgid = msgid
        self.values = values
        if plural:
            self.plural = plural
        if number is not None:
            self.number = number
        if context:
            self.context = context
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Kept in the replay cache: rebuilt from its parts, not from the English text alone.
        return (
            _rebuild,
            (self.msgid, dict(self.values), self.plural, self.number, self.context),
        )

    def __repr__(self) -> str:
        return f"Text({str.__repr__(self)})"


def _rebuild(
    msgid: str, values: Mapping[str, Any], plural: str, number: int | None, context: str
) -> Text:
    return Text(msgid, values, plural=plural, number=number, context=context)


def tr(msgid: str, /, **values: Any) -> Text:
    """A sentence to translate: ``tr("{player} deals.", player=name)``."""
    return Text(msgid, values)


def tr_n(singular: str, plural: str, count: int, /, **values: Any) -> Text:
    """A sentence whose wording depends on ``count`` (available as ``{n}``)."""
    return Text(singular, {"n": count, **values}, plural=plural, number=count)


def trc(context: str, msgid: str, /, **values: Any) -> Text:
    """A short word whose translation depends on where it is used: ``trc("card rank", "J")``."""
    return Text(msgid, values, context=context)


def shown(value: Any) -> Text:
    """A value on its own (a number, a card, cards, a name) where a sentence is expected, as in
    an info row's value: written the way each language writes it (``1 000``, ``V♥``), with no
    words to translate, so it is not in the catalogues (``makemessages`` does not read it)."""
    return Text("{value}", {"value": value}, context=VERBATIM)


def dot_list(parts: Sequence[str]) -> str:
    """``a · b · c``, as an info row's value (``Ann 2 · Bob 1``): one message joining two,
    nested."""
    out = parts[0]
    for part in parts[1:]:
        out = tr("{items} · {item}", items=out, item=part)
    return out


SUIT_NAMES = {
    Suit.SPADES: trc("suit", "spades"),
    Suit.HEARTS: trc("suit", "hearts"),
    Suit.DIAMONDS: trc("suit", "diamonds"),
    Suit.CLUBS: trc("suit", "clubs"),
}


def suit_name(suit: Suit) -> Text:
    """The suit as a word (``hearts``), translated like any other Text."""
    return SUIT_NAMES[suit]


def or_quick_entry(step: Text, *, finishing_order: bool = False) -> Text:
    """A scorer's prompt: ``step`` (what the table does next, a whole sentence), then the offer
    to record the whole hand (or, with ``finishing_order``, the order the players went out) at
    once instead. A viewer is shown ``step`` alone (:func:`for_viewers`): only the scorer
    records, so only the scorer is offered ways to."""
    if finishing_order:
        # Translators: {step} is a whole sentence saying what the table does next.
        return tr("{step} Or record the finishing order at once (quick entry).", step=step)
    # Translators: {step} is a whole sentence saying what the table does next.
    return tr("{step} Or record the whole hand at once (quick entry).", step=step)


def or_trick_by_trick(step: Text, *, at_the_end: str = "piles") -> Text:
    """A scorer's prompt before the first trick: ``step`` (a whole sentence), then the two ways
    of recording the hand, trick by trick or its ``at_the_end`` ("piles" or "points") once it
    is over. A viewer is shown ``step`` alone (:func:`for_viewers`)."""
    if at_the_end == "points":
        # Translators: {step} is a whole sentence saying what the table does next.
        return tr("{step} Record the tricks one by one, or the points at the end.", step=step)
    # Translators: {step} is a whole sentence saying what the table does next.
    return tr("{step} Record the tricks one by one, or the piles at the end.", step=step)


#: Prompts that add an offer to the scorer to a step (their ``step`` value): see for_viewers.
_SCORER_OFFERS = frozenset(
    {
        "{step} Or record the whole hand at once (quick entry).",
        "{step} Or record the finishing order at once (quick entry).",
        "{step} Record the tricks one by one, or the points at the end.",
        "{step} Record the tricks one by one, or the piles at the end.",
    }
)


def for_viewers(prompt: str) -> str:
    """``prompt`` as someone who only watches reads it: the step, without the ways of recording
    it that are offered to the scorer (:func:`or_quick_entry`)."""
    while isinstance(prompt, Text) and prompt.msgid in _SCORER_OFFERS:
        prompt = prompt.values["step"]
    return prompt


__all__ = [
    "SUIT_NAMES",
    "VERBATIM",
    "Text",
    "english",
    "for_viewers",
    "or_quick_entry",
    "or_trick_by_trick",
    "shown",
    "suit_name",
    "tr",
    "tr_n",
    "trc",
]
