"""The convention for translatable text (companion.rules.text)."""

from __future__ import annotations

import pickle

import pytest

from companion.rules.cards import Suit, parse_card, parse_cards
from companion.rules.text import Text, suit_name, tr, tr_n, trc


def test_a_text_is_its_english_sentence_and_keeps_its_id_and_values() -> None:
    text = tr(
        "{player} cannot play {card}: {suit} was led.",
        player="Bob",
        card=parse_card("10S"),
        suit=Suit.HEARTS,
    )
    assert text == "Bob cannot play 10♠: ♥ was led."
    assert isinstance(text, str)
    assert text.msgid == "{player} cannot play {card}: {suit} was led."
    assert text.values["card"] == parse_card("10S")


def test_plural_is_chosen_by_the_count() -> None:
    assert tr_n("{n} trick", "{n} tricks", 1) == "1 trick"
    assert tr_n("{n} trick", "{n} tricks", 0) == "0 tricks"
    assert tr_n("{n} card left for {player}", "{n} cards left for {player}", 2, player="Ann") == (
        "2 cards left for Ann"
    )


def test_nested_texts_and_card_lists_read_in_english() -> None:
    inner = suit_name(Suit.CLUBS)
    assert inner == "clubs" and inner.context == "suit"
    text = tr("Trump is {name}; {cards} are out.", name=inner, cards=parse_cards("JC 9C"))
    assert text == "Trump is clubs; J♣ 9♣ are out."
    assert text.values["name"] is inner


def test_a_missing_value_is_a_programming_error_named_at_once() -> None:
    with pytest.raises(KeyError, match="player"):
        tr("{player} deals.")


def test_texts_survive_pickling_with_their_parts() -> None:
    """The web layer keeps replayed states (and the flags in them) in a cache."""
    for text in (
        tr("{player} played {card}.", player="Ann", card=parse_card("QS")),
        tr_n("{n} point", "{n} points", 5),
        trc("card rank", "J"),
    ):
        again = pickle.loads(pickle.dumps(text))
        assert type(again) is Text
        assert again == text
        assert (again.msgid, again.plural, again.number, again.context, dict(again.values)) == (
            text.msgid,
            text.plural,
            text.number,
            text.context,
            dict(text.values),
        )


def test_a_value_shown_alone_has_nothing_to_translate() -> None:
    from companion.rules.text import VERBATIM, shown

    text = shown(parse_card("QH"))
    assert text == "Q♥" and text.context == VERBATIM and text.msgid == "{value}"
    assert shown(250) == "250"


def test_a_sentence_without_values_reads_as_written_and_braces_still_escape() -> None:
    plain = tr("Scoring")
    assert plain == "Scoring" and plain.msgid == "Scoring" and dict(plain.values) == {}
    assert (plain.plural, plain.number, plain.context) == ("", None, "")
    assert tr("Write {{n}} for a count") == "Write {n} for a count"
    # A suit is a str too, but written as its symbol; a player's name and a sentence as they are.
    assert tr("{a} {b} {c}", a=Suit.SPADES, b="Ann", c=tr("{x}!", x=Suit.CLUBS)) == "♠ Ann ♣!"


def test_a_card_order_is_made_once_and_reads_the_same() -> None:
    from companion.rules.tricks import _order_text, order_text

    ranks, points = [14, 13, 12, 11], {14: 11, 11: 2}
    first = order_text(ranks, points)
    assert first == "A (11) · K · Q · J (2)".replace(" (", "\u00a0(")
    assert order_text(tuple(ranks), dict(points)) is first
    assert order_text(ranks) == _order_text(ranks, {}) == "A · K · Q · J"
    assert order_text(ranks) is not first
