"""Shared pieces of the entry forms: tap-friendly chip widgets and a card picker."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.forms.utils import ErrorList
from django.utils.choices import BaseChoiceIterator
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from companion import rules as engine
from companion.rules.cards import RANK_NAMES, Suit
from companion.tables.i18n import get_language, gettext, gettext_lazy, pgettext_lazy, say
from companion.tables.i18n import gettext_lazy as _
from companion.tables.ids import fresh_id
from companion.tables.kept.memo import kept

if TYPE_CHECKING:
    from companion.tables.actions import Loaded


class _FastChips:
    """Renders the chips in Python rather than with a template per option.

    The HTML is exactly what ``widgets/chips.html`` and ``widgets/chip_option.html`` make (they
    stay as the reference, and a test compares the two); a card form has dozens of chips, and
    rendering each through the template engine was half the cost of a game page.
    """

    input_type: str

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context: dict[str, Any] = super().get_context(name, value, attrs)  # type: ignore[misc]
        context["widget"]["type"] = self.input_type  # radio or checkbox: the group's role
        return context

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        merged = {**self.attrs, **(attrs or {})}  # type: ignore[attr-defined]
        css = str(merged.get("class") or "")
        classes = "chips" + "".join(f" {c}" for c in ("chips-suits", "chips-numbers") if c in css)
        role = "radiogroup" if self.input_type == "radio" else "group"
        head = f'<div class="{classes}" role="{role}"'
        if merged.get("id"):
            head += f' id="{escape_text(merged["id"])}"'
        parts = [head, ">"]
        for _group, options in _options(self, name, value, merged):
            parts.extend(_chip(option) for option in options)
        parts.append("</div>")
        return mark_safe("".join(parts))


def _options(
    widget: Any, name: str, value: Any, attrs: dict[str, Any]
) -> list[tuple[Any, list[dict[str, Any]]]]:
    """The options as Django's ``ChoiceWidget.optgroups`` makes them (value, label, whether
    checked, the id ``<id>_<index>`` or ``<id>_<group>_<index>``), without building each
    option's full context: a card grid has 32 to 52 options per player."""
    selected = widget.format_value(value)
    multiple = widget.allow_multiple_selected
    id_ = attrs.get("id")
    groups: list[tuple[Any, list[dict[str, Any]]]] = []
    has_selected = False
    for index, (option_value, option_label) in enumerate(widget.choices):
        if isinstance(option_label, list | tuple):
            group, items, sub = option_value, option_label, 0
        else:
            group, items, sub = None, [(option_value, option_label)], None
        options = []
        for item_value, item_label in items:
            item_value = "" if item_value is None else item_value
            checked = (not has_selected or multiple) and str(item_value) in selected
            has_selected |= checked
            option: dict[str, Any] = {
                "name": name,
                "value": item_value,
                "label": item_label,
                "type": widget.input_type,
                "checked": checked,
            }
            if id_:
                option["id"] = f"{id_}_{index}" if sub is None else f"{id_}_{index}_{sub}"
            options.append(option)
            if sub is not None:
                sub += 1
        groups.append((group, options))
    return groups


#: Short texts as escaped: {text: its escaped form}. An answer escapes about 150 texts, most
#: of them the same ones every time (names, card labels, a table's addresses): looking one up
#: here costs a fifth of escaping it again. Emptied when full.
_ESCAPED: dict[str, str] = {}
_ESCAPED_MOST = 4096
_ESCAPED_LONGEST = 80


def escape_text(value: Any) -> str:
    """``django.utils.html.escape`` (which is ``html.escape``) without its checks for lazy
    text: a chip's type, name, value and id, a history row's marks, are plain strings."""
    text = value if type(value) is str else str(value)
    escaped = _ESCAPED.get(text)
    if escaped is None:
        escaped = html.escape(text)
        if len(text) <= _ESCAPED_LONGEST:
            if len(_ESCAPED) >= _ESCAPED_MOST:
                _ESCAPED.clear()
            _ESCAPED[text] = escaped
    return escaped


def _ce(value: Any) -> str:
    """``conditional_escape``, without its checks for lazy text where the value is a plain
    ``str`` (most labels and attributes): a form has a hundred chips."""
    if type(value) is str:
        return escape_text(value)
    return str(conditional_escape(value))


def _chip(option: dict[str, Any]) -> str:
    label = str(option["label"])
    out = (
        f'<label class="chip"><input type="{escape_text(option["type"])}" '
        f'name="{escape_text(option["name"])}" value="{escape_text(option["value"])}"'
    )
    if option["checked"]:
        out += " checked"
    if option.get("id"):
        out += f' id="{escape_text(option["id"])}"'
    suit = (
        ' class="suit-h"'
        if label in ("♥", "♦")
        else ' class="suit-s"'
        if label in ("♠", "♣")
        else ""
    )
    return out + f"><span{suit}>{_ce(say(option['label']))}</span></label>\n"


class _FastInput:
    """Renders a plain ``<input>`` in Python, exactly as ``django/forms/widgets/input.html``
    does (a test compares the two): the hidden fields every entry form carries and the
    number boxes were three template renders each."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]  # type: ignore[attr-defined]
        out = f'<input type="{_ce(widget["type"])}" name="{_ce(name)}"'
        if widget["value"] is not None:
            out += f' value="{_ce(str(widget["value"]))}"'
        for key, attr in widget["attrs"].items():
            if attr is True:
                out += f" {_ce(key)}"
            elif attr is not False:
                out += f' {_ce(key)}="{_ce(str(attr))}"'
        return mark_safe(out + ">")


class Hidden(_FastInput, forms.HiddenInput):
    pass


class TextInput(_FastInput, forms.TextInput):
    pass


class NumberInput(_FastInput, forms.NumberInput):
    pass


class TypedCards(TextInput):
    """The box to type a trick's cards in."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(
            {
                "autocomplete": "off",
                "spellcheck": "false",
                "autocapitalize": "characters",
                "placeholder": "AS KS 10H QH",
                **(attrs or {}),
            }
        )


class Chips(_FastChips, forms.RadioSelect):
    """Radio buttons drawn as large tap targets (pure CSS, no JavaScript)."""

    template_name = "widgets/chips.html"
    option_template_name = "widgets/chip_option.html"


class ChipsMulti(_FastChips, forms.CheckboxSelectMultiple):
    template_name = "widgets/chips.html"
    option_template_name = "widgets/chip_option.html"


class FixedChoices(BaseChoiceIterator):
    """Choices already in Django's ``[(value, label)]`` or ``[(group, [(value, label)])]``
    form, which Django takes as they are: a field or widget otherwise normalises (and checks
    every label of) its choices each time a form is made, which for a trick's card grid, four
    players' rank and suit chips, was most of the cost of making the form."""

    def __init__(self, choices: Any) -> None:
        self.choices = list(choices)
        # A card grid's rows (CardGrid): the language they were drawn in, the rows, the codes.
        self.grid: tuple[str, str, list[str]] | None = None
        self._fields: dict[str, forms.CharField] = {}

    def field(self, name: str) -> forms.CharField:
        """A player's card grid of these choices, labelled with the player's ``name``: made
        once per name, and shared by the forms that share these choices (as the fields every
        form carries are)."""
        found = self._fields.get(name)
        if found is None:
            # The widget made by the field from its class, then given its choices and label: a
            # widget handed to a field is deep-copied by it.
            found = forms.CharField(label=name, required=False, widget=CardGrid)
            found.widget.choices = self
            found.widget.attrs["aria-label"] = name
            self._fields[name] = found
        return found

    def __iter__(self) -> Any:
        return iter(self.choices)

    def __len__(self) -> int:
        return len(self.choices)

    def __getitem__(self, index: Any) -> Any:
        return self.choices[index]

    def __add__(self, other: Any) -> FixedChoices:
        return FixedChoices([*self.choices, *other])

    def __radd__(self, other: Any) -> FixedChoices:
        return FixedChoices([*other, *self.choices])

    def __deepcopy__(self, memo: dict[int, Any]) -> FixedChoices:
        return self  # never changed in place

    def __copy__(self) -> FixedChoices:
        return self  # a widget's copy (each field copies its widget) shares them too


#: The rank chips: the value is the rank's code (J), the label as the language writes it (V).
RANK_CHOICES = [
    (name, pgettext_lazy("card rank", name) if rank > 10 else name)
    for rank, name in RANK_NAMES.items()
]
SUIT_CHOICES = [(s.value, s.symbol) for s in Suit]
_RANKS_FIXED = FixedChoices(RANK_CHOICES)
_SUITS_FIXED = FixedChoices(SUIT_CHOICES)


def count_field(label: str, top: int, initial: int | None = 0) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label,
        choices=FixedChoices((i, str(i)) for i in range(top + 1)),
        coerce=int,
        widget=Chips(attrs={"class": "chips-numbers"}),
        initial=initial,
    )


SUM = re.compile(r"\d{1,6}(?:\+\d{1,6}){0,40}")  # no hand holds a million points


class PointsField(forms.IntegerField):
    """A number of points, or a sum typed while counting the cards: ``12+11+7`` is 30.

    Blank stays blank (``None``), never zero. The phone keypad for ``inputmode="tel"`` has a
    plus key, which the plain number keypad lacks.
    """

    widget = TextInput(
        attrs={"inputmode": "tel", "class": "count", "autocomplete": "off", "spellcheck": "false"}
    )
    default_error_messages = {
        "invalid": gettext_lazy("Type a number of points, or a sum such as 12+11+7."),
    }

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = "".join(str(value).split())
        if not (text.isascii() and SUM.fullmatch(text)):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return sum(int(part) for part in text.split("+"))

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        return {}  # min/max are checked here, not by the browser (it would refuse "12+11")


class QuietErrors(ErrorList):
    """A field's or a form's errors, drawn as Django draws them, except that none draw as
    nothing without a template: Django draws even an empty list through its template (which
    then writes nothing), and an entry form's template prints each field's errors, about a
    tenth of a millisecond each."""

    def render(
        self, template_name: str | None = None, context: Any = None, renderer: Any = None
    ) -> SafeString:
        if not self.data and template_name is None and context is None:
            return mark_safe("")
        return super().render(template_name, context, renderer)

    __str__ = render
    __html__ = render


_ID_ERRORS = {
    "required": _("This form has no submission id: reload the page and try again."),
    "invalid": _("This form's submission id is damaged: reload the page and try again."),
}


#: Fields that every form (or every trick form) carries as they are, made once rather than for
#: each form: a form's fields are only read once it is made, by Django (cleaning, drawing) and
#: by this app (a form only adds its own fields, in ``build``), so forms can share them.
_CLIENT_ID = forms.UUIDField(widget=Hidden, error_messages=_ID_ERRORS)
#: The number of entries in the log when the form was rendered: the position its entry takes.
#: Read by guards.posted_at (never an error here); a form made for another state of the log is
#: refused (actions.StaleEntry).
_AT = forms.CharField(widget=Hidden, required=False)
_TYPED = forms.CharField(
    label=_("Or type the cards in the order played"),
    required=False,
    max_length=80,
    widget=TypedCards,
)


class EntryForm(forms.Form):
    """Base: carries the game being recorded and a one-time submission id.

    Each subclass defines ``to_event(self) -> engine.Event`` (called once the form is valid).
    """

    kind: ClassVar[str]
    label: ClassVar[str]  # the tab / button text: "Deal", "Trick", "Piles"
    template: ClassVar[str]
    #: Records a whole hand at once (quick entry), where the game can also be recorded card by
    #: card: shown first after a deal, unless the table played its latest hand card by card
    #: (``context.default_kind``).
    whole_hand: ClassVar[bool] = False
    #: The event kind whose turn it must be for the form to be offered (its own ``kind`` when
    #: None): a form recording several entries at once (``to_events``) names theirs.
    records: ClassVar[str | None] = None

    @classmethod
    def shown_first(cls, loaded: Loaded) -> bool:
        """Offered first, before the game's usual order, in this state of the game."""
        return False

    def to_events(self) -> list[engine.Event]:
        """The entries the form records, in order: its one event, unless it makes several."""
        return [self.to_event()]

    def __init__(self, loaded: Loaded, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs.setdefault("error_class", QuietErrors)
        kwargs["initial"].setdefault("client_id", fresh_id())
        kwargs["initial"].setdefault("at", loaded.count)
        kwargs.setdefault("label_suffix", "")  # no template draws a label with Django's suffix
        super().__init__(*args, **kwargs)
        # Added here rather than declared on the class, which Django would deep-copy (each
        # field and its widget) for every form. No entry form declares fields on its class.
        self.fields["client_id"] = _CLIENT_ID
        self.fields["at"] = _AT
        self.loaded = loaded
        self.rules = loaded.rules
        self.state = loaded.state
        self.violations: list[engine.Violation] = []
        self.build()
        if self.is_bound and self.data.get("sequel") and self.data.get("at") == str(loaded.count):
            self.follow_the_log()

    def follow_the_log(self) -> None:
        """An entry kept on the phone (offline) after others, from a page that has not seen
        them (entries.js marks it ``sequel``), and now next in the log (its ``at``): the hidden
        fields that pin the step it was shown for (the bidder) take the step as it is now, so
        that bids or plays made in sequence offline land in order. Only the next entry of the
        log is read this way; any other is refused as made for another state."""
        self.data = self.data.copy()
        for name, field in self.fields.items():
            hidden = isinstance(field.widget, forms.HiddenInput)
            if hidden and name not in ("client_id", "at") and field.initial is not None:
                self.data[name] = str(field.initial)

    def build(self) -> None:
        """Add the fields that depend on the game (seats, variants)."""

    def initial_from(self, event: Any) -> dict[str, Any]:
        """The form's fields filled in as they would have been to record ``event``, so that
        correcting an entry starts from what was recorded. Empty: start from a blank form."""
        return {}

    def seat_choices(self) -> FixedChoices:
        """(seat, name) for each player, as Django takes choices without normalising them
        again for each field and widget (``FixedChoices``)."""
        return FixedChoices(enumerate(self.rules.names))

    def dealer_field(self) -> forms.TypedChoiceField:
        """The dealer's chips, with whoever the rules say deals next already chosen."""
        return forms.TypedChoiceField(
            label=gettext_lazy("Dealer"),
            choices=self.seat_choices(),
            coerce=int,
            widget=Chips,
            initial=self.rules.dealer(self.state),
        )


class PlainForm(EntryForm):
    """An entry with no field (a misdeal, the end of a session): the form records its
    ``event_type`` as it is."""

    event_type: ClassVar[type[engine.Event]]

    def to_event(self) -> engine.Event:
        return self.event_type()


class CardGrid(_FastChips, forms.RadioSelect):
    """One chip per card, a row per suit: a card in one tap. Choices are grouped by suit
    (``[(suit label, [(code, label), ...]), ...]``); a code is what ``parse_card`` reads."""

    template_name = "widgets/chips.html"
    option_template_name = "widgets/chip_option.html"

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        merged = {**self.attrs, **(attrs or {})}
        head = '<div class="card-grid" role="radiogroup"'
        if merged.get("id"):
            head += f' id="{escape_text(merged["id"])}"'
        if merged.get("aria-label"):
            head += f' aria-label="{escape_text(merged["aria-label"])}"'
        body, codes = self._grid()
        selected = set(self.format_value(value))
        for code in codes:  # the first card chosen, as Django checks one radio button
            if code in selected:
                mark = f'value="{escape_text(code)}">'
                body = body.replace(mark, f'value="{escape_text(code)}" checked>', 1)
                break
        return mark_safe(f"{head}>{body.replace(_NAME, escape_text(name))}</div>")

    def _grid(self) -> tuple[str, list[str]]:
        """The rows of chips, with a marker for the field's name, and the cards' codes in
        order. The players' grids of one trick share their choices (``FixedChoices``), so
        the rows are drawn once per form rather than once per player."""
        choices = self.choices
        language = get_language()
        kept = getattr(choices, "grid", None)
        if kept is not None and kept[0] == language:  # labels are in the active language
            return kept[1], kept[2]
        parts, codes = [], []
        for group, options in _options(self, _NAME, None, {}):
            parts.append(f'<div class="card-row" data-suit="{escape_text(str(group or ""))}">')
            parts.extend(_card_chip(option) for option in options)
            parts.append("</div>")
            codes += [str(option["value"]) for option in options]
        if isinstance(choices, FixedChoices):
            choices.grid = (language, "".join(parts), codes)
        return "".join(parts), codes


#: Where a card grid's field name goes in its kept rows (never in a name or a label).
_NAME = "\x00name\x00"


def _card_chip(option: dict[str, Any]) -> str:
    code = str(option["value"])
    red = code[-1:] in ("H", "D")
    out = (
        f'<label class="chip card-chip"><input type="radio" name="{escape_text(option["name"])}" '
        f'value="{escape_text(code)}"'
    )
    if option["checked"]:
        out += " checked"
    colour = "suit-h" if red else "suit-s"
    return out + f'><span class="{colour}">{conditional_escape(option["label"])}</span></label>'


def card_from(rank: str | None, suit: str | None, who: str = "", *, card: str = "") -> engine.Card:
    """Combine a rank chip and a suit chip into a card; the joker needs no suit. The card is
    named by whose it is (``who``: a player's name) or by what it is (``card``: "the card
    turned up")."""
    if not rank:
        if card:
            raise forms.ValidationError(gettext("Choose %(card)s.") % {"card": card})
        raise forms.ValidationError(gettext("Choose %(who)s's card.") % {"who": who})
    if rank == "JK":
        return engine.parse_card("JK")
    if not suit:
        if card:
            raise forms.ValidationError(gettext("Choose the suit of %(card)s.") % {"card": card})
        raise forms.ValidationError(gettext("Choose the suit of %(who)s's card.") % {"who": who})
    return engine.parse_card(rank + suit)


def card_initial(
    card: engine.Card | None, rank: str = "rank", suit: str = "suit"
) -> dict[str, str]:
    """A card as the rank and suit chips that pick it (the joker has no suit)."""
    if card is None:
        return {rank: "", suit: ""}
    if card.is_joker:
        return {rank: "JK", suit: ""}
    assert card.suit is not None
    return {rank: RANK_NAMES[card.rank], suit: card.suit.value}


def rank_chips(label: str, choices: list[tuple[str, str]]) -> forms.ChoiceField:
    fixed = _RANKS_FIXED if choices is RANK_CHOICES else FixedChoices(choices)
    return forms.ChoiceField(label=label, choices=fixed, widget=Chips, required=False)


def suit_chips(
    label: Any = None, choices: list[tuple[str, str]] = SUIT_CHOICES
) -> forms.ChoiceField:
    label = gettext_lazy("Suit") if label is None else label
    fixed = _SUITS_FIXED if choices is SUIT_CHOICES else FixedChoices(choices)
    return forms.ChoiceField(
        label=label, choices=fixed, widget=Chips(attrs={"class": "chips-suits"}), required=False
    )


#: The card grids of trick forms, by language, form and cards already played in the hand.
_GRIDS: dict[tuple[Any, ...], FixedChoices] = {}
_KEEP_GRIDS = 1000

_SAID_RANKS: dict[tuple[str, int], tuple[Any, list[tuple[str, str]]]] = {}


def _said_ranks(ranks: list[tuple[str, Any]]) -> list[tuple[str, str]]:
    """A form's ranks with their labels said in the active language ("V" for a jack in
    French), once per language: a trick's card grid names each of its 32 to 54 cards."""
    key = (get_language(), id(ranks))
    kept = _SAID_RANKS.get(key)
    if kept is None or kept[0] is not ranks:
        kept = _SAID_RANKS[key] = (ranks, [(value, str(label)) for value, label in ranks])
    return kept[1]


class TrickEntryForm(EntryForm):
    """One trick: a rank chip and a suit chip for each player, in playing order from the leader.

    A game's form sets ``ranks`` and ``tricks_per_hand``, says who plays (``playing_order``) and
    turns the cards into its own event (``to_event``, with ``self.cleaned_data["cards"]``).
    """

    kind = "trick"
    label = gettext_lazy("Trick by trick")
    template = "games/_trick_form.html"
    ranks: ClassVar[list[tuple[str, str]]] = RANK_CHOICES
    tricks_per_hand: ClassVar[int]
    #: Whether the form's template shows each player's rank and suit chips (Ui77's) rather
    #: than the card grid alone; if not, they are made only for a post that uses them.
    rank_and_suit_shown: ClassVar[bool] = False
    hint = gettext_lazy(
        "Pick each card in the order played. The app names the winner and checks the play."
    )

    def playing_order(self) -> tuple[int, list[int]]:
        """The leader of the trick to record, and the seats that play it, leader first: by
        default everyone, clockwise, from the leader the rules name (``rules.leader(hand)``)."""
        hand = getattr(self.state, "hand", None)
        leader: int = self.rules.leader(hand) if hand is not None else 0  # type: ignore[attr-defined]
        n = self.rules.n_seats
        return leader, [(leader + i) % n for i in range(n)]

    def initial_from(self, event: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for seat, card in zip(self.order, event.cards, strict=False):
            out |= card_initial(card, f"rank_{seat}", f"suit_{seat}")
            out[f"card_{seat}"] = card_code(card)
        return out

    def build(self) -> None:
        hand = getattr(self.state, "hand", None)
        self.number = len(hand.tricks) + 1 if hand is not None else 1
        self.leader, self.order = self.playing_order()
        grid = self.grid()
        # A card in one tap (the grid). The rank and suit chips are made only for a post that
        # uses them (or a grid with no card): the form shown has the grid, which needs neither.
        chips = (
            self.rank_and_suit_shown
            or not len(grid)
            or (self.is_bound and any(k.startswith(("rank_", "suit_")) for k in self.data))
        )
        for seat in self.order:
            name = self.rules.names[seat]
            self.fields[f"card_{seat}"] = grid.field(name)
            if chips:
                self.fields[f"rank_{seat}"] = rank_chips(name, self.ranks)
                self.fields[f"suit_{seat}"] = suit_chips()
        self.fields["typed"] = _TYPED

    def grid(self) -> FixedChoices:
        """``card_choices()``, as a card grid's choices. Where a form takes the grid as this
        class makes it, the same grid (and its rows, once drawn) serves every form made for
        the same cards in the same language: the next form an entry's answer draws is the form
        its next entry is posted to, and every phone at the table is shown it."""
        if type(self).card_choices is not TrickEntryForm.card_choices:
            return FixedChoices(self.card_choices())
        played = frozenset(card_code(c) for c in self.played_this_hand())
        key = (get_language(), type(self), played)  # the class: its ranks and its pack
        return kept(_GRIDS, key, lambda: FixedChoices(self.card_choices()), _KEEP_GRIDS)

    def played_this_hand(self) -> list[engine.Card]:
        """The cards already played in this hand's tricks."""
        tricks = getattr(getattr(self.state, "hand", None), "tricks", ())
        return [card for trick in tricks for card in trick.cards]

    def card_choices(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The grid: for each suit, the cards of this game's pack not yet played this hand; the
        joker (where the pack has one) on a row of its own, never taken out."""
        played = {card_code(c) for c in self.played_this_hand()}
        ranks = _said_ranks(self.ranks)
        rows: list[tuple[str, list[tuple[str, str]]]] = []
        for suit in Suit:
            cards = [
                (value + suit.value, f"{label}{suit.symbol}")
                for value, label in ranks
                if value != "JK" and value + suit.value not in played
            ]
            if cards:
                rows.append((suit.symbol, cards))
        if any(value == "JK" for value, _label in self.ranks):
            rows.append(("JK", [("JK", str(_("Joker")))]))
        return rows

    def last_trick(self) -> dict[str, Any] | None:
        """The trick just recorded in this hand (its number and winner's name) and who leads the
        next, for the line said right above this form; None before the first trick."""
        played = getattr(getattr(self.state, "hand", None), "tricks", ())
        if not played:
            return None
        names = self.rules.names
        last = played[-1]
        return {
            "number": last.number,
            "winner": names[last.winner],
            "leader": names[self.leader],
            "same": last.winner == self.leader,
        }

    def players(self) -> list[dict[str, Any]]:
        return [
            {
                "name": self.rules.names[s],
                "card": self[f"card_{s}"] if f"card_{s}" in self.fields else None,
                "rank": self[f"rank_{s}"] if f"rank_{s}" in self.fields else "",
                "suit": self[f"suit_{s}"] if f"suit_{s}" in self.fields else "",
                "leads": i == 0,
            }
            for i, s in enumerate(self.order)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        typed = str(data.get("typed") or "").strip()
        if typed:
            data["cards"] = self.typed_cards(typed)
            return data
        cards: list[engine.Card] = []
        errors = []
        for seat in self.order:
            rank, suit = data.get(f"rank_{seat}"), data.get(f"suit_{seat}")
            code = str(data.get(f"card_{seat}") or "")
            try:
                cards.append(
                    parse_code(code, self.rules.names[seat])
                    if code
                    else card_from(rank, suit, self.rules.names[seat])
                )
            except forms.ValidationError as exc:
                errors.append(exc)
        if errors:
            raise forms.ValidationError(errors)
        data["cards"] = tuple(cards)
        return data

    def typed_cards(self, typed: str) -> tuple[engine.Card, ...]:
        """``AS KS 10H QH``: one card per player, in the order played from the leader."""
        words = typed.replace(",", " ").split()
        if len(words) != len(self.order):
            raise forms.ValidationError(
                _(
                    "Type %(n)s cards, one per player in the order played from %(leader)s; you "
                    "typed %(typed)s."
                )
                % {
                    "n": len(self.order),
                    "leader": self.rules.names[self.leader],
                    "typed": len(words),
                }
            )
        return tuple(
            parse_code(word.upper(), self.rules.names[seat])
            for word, seat in zip(words, self.order, strict=True)
        )


def card_code(card: engine.Card) -> str:
    """The code a card chip posts: ``AS``, ``10H``, ``JK``."""
    if card.is_joker:
        return "JK"
    assert card.suit is not None
    return RANK_NAMES[card.rank] + card.suit.value


def parse_code(code: str, who: str) -> engine.Card:
    try:
        return engine.parse_card(code)
    except engine.RulesError:
        raise forms.ValidationError(
            _("%(who)s: “%(code)s” is not a card; write it like AS, 10H or QD.")
            % {"who": who, "code": code}
        ) from None
