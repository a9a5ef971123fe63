"""The card notation (companion.rules.cards): parsing, errors, labels and packs."""

from __future__ import annotations

import doctest

import pytest

from companion.rules import cards as cards_module
from companion.rules.cards import (
    BLACK_JOKER,
    JOKER,
    RED_JOKER,
    Card,
    CardError,
    Suit,
    deck,
    format_cards,
    parse_card,
    parse_cards,
)
from companion.rules.errors import InvalidEventError

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def test_module_doctests_pass() -> None:
    result = doctest.testmod(cards_module)
    assert result.failed == 0
    assert result.attempted > 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QS", Card(12, S)),
        ("AH", Card(14, H)),
        ("KD", Card(13, D)),
        ("JC", Card(11, C)),
        ("10H", Card(10, H)),
        ("TH", Card(10, H)),
        ("th", Card(10, H)),
        ("2C", Card(2, C)),
        ("9s", Card(9, S)),
        ("qs", Card(12, S)),
        ("Q♠", Card(12, S)),
        ("10♥", Card(10, H)),
        ("a♦", Card(14, D)),
        ("2♣", Card(2, C)),
        ("Q♤", Card(12, S)),
        ("Q♡", Card(12, H)),
        ("Q♢", Card(12, D)),
        ("Q♧", Card(12, C)),
        ("  QS  ", Card(12, S)),
        ("\t10d\n", Card(10, D)),
        ("JK", JOKER),
        ("jk", JOKER),
        ("RJ", RED_JOKER),
        ("rj", RED_JOKER),
        ("BJ", BLACK_JOKER),
        (" bj ", BLACK_JOKER),
    ],
    ids=lambda v: repr(v) if isinstance(v, str) else "",
)
def test_parse_card_reads_every_notation_form(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


def test_jokers_of_different_colours_are_different_cards() -> None:
    assert len({JOKER, RED_JOKER, BLACK_JOKER}) == 3
    assert JOKER.is_joker and RED_JOKER.is_joker and BLACK_JOKER.is_joker
    assert JOKER.suit is None


@pytest.mark.parametrize(
    "text",
    ["AS 10h jk", "AS,10h,jk", "AS, 10h , jk", "  AS\t10h\njk  ", "as,,TH  JK,"],
    ids=["spaces", "commas", "commas-and-spaces", "mixed-whitespace", "empty-parts"],
)
def test_parse_cards_splits_on_whitespace_and_commas(text: str) -> None:
    assert parse_cards(text) == (Card(14, S), Card(10, H), JOKER)


def test_parse_cards_accepts_a_list_of_card_strings() -> None:
    assert parse_cards(["QS", " 10♥ ", "rj"]) == (Card(12, S), Card(10, H), RED_JOKER)


def test_parse_cards_of_empty_text_is_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards("  , ") == ()


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("1S", ["'1S' is not a card", "'1' is not a rank"]),
        ("11H", ["'11' is not a rank"]),
        ("ZD", ["'Z' is not a rank"]),
        ("zd", ["'zd' is not a card", "'z' is not a rank"]),
        ("0C", ["'0' is not a rank"]),
    ],
    ids=["rank-1", "rank-11", "rank-Z", "lower-case-rank", "rank-0"],
)
def test_bad_rank_message_names_the_rank(text: str, names: list[str]) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    for part in names:
        assert part in str(err.value)
    assert "A K Q J 10 9 8 7 6 5 4 3 2" in str(err.value)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("QX", "'X' is not a suit"),
        ("qx", "'x' is not a suit"),
        ("10Z", "'Z' is not a suit"),
        ("QQ", "'Q' is not a suit"),
        ("10", "'0' is not a suit"),
        ("Q★", "'★' is not a suit"),
    ],
    ids=["QX", "lower-case", "10Z", "QQ", "no-suit-10", "star"],
)
def test_bad_suit_message_names_the_suit(text: str, bad: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert bad in str(err.value)
    assert "S, H, D or C" in str(err.value)


def test_bad_suit_is_reported_before_bad_rank() -> None:
    with pytest.raises(CardError, match="'X' is not a suit"):
        parse_card("ZX")


@pytest.mark.parametrize("text", ["Q", "", " ", "s", " 7 "], ids=["Q", "empty", "space", "s", "7"])
def test_too_short_message_says_write_rank_and_suit(text: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    message = str(err.value)
    assert f"'{text.strip()}' is not a card" in message
    assert "write a rank and a suit" in message


@pytest.mark.parametrize("value", [5, None, 12.0, ["QS"], b"QS"], ids=repr)
def test_non_string_message_names_the_value(value: object) -> None:
    with pytest.raises(CardError) as err:
        parse_card(value)  # type: ignore[arg-type]
    assert "must be written as text" in str(err.value)
    assert repr(value) in str(err.value)


def test_parse_cards_reports_the_bad_card_in_a_list() -> None:
    with pytest.raises(CardError, match="'QX' is not a card"):
        parse_cards("AS KS QX")


def test_card_error_is_an_invalid_event_error() -> None:
    assert issubclass(CardError, InvalidEventError)
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize(
    ("rank", "suit", "fragment"),
    [
        (0, S, "a joker has no suit"),
        (15, S, "not a card"),
        (1, H, "not a card"),
        (12, None, "not a card"),
    ],
    ids=["joker-with-suit", "rank-15", "rank-1", "no-suit"],
)
def test_card_constructor_refuses_impossible_cards(
    rank: int, suit: Suit | None, fragment: str
) -> None:
    with pytest.raises(CardError, match=fragment):
        Card(rank, suit)


@pytest.mark.parametrize("card", deck(54), ids=str)
def test_str_round_trips_for_every_card_of_the_54_card_pack(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(str(card).lower()) == card


@pytest.mark.parametrize("card", deck(52), ids=str)
def test_label_round_trips_for_every_suited_card(card: Card) -> None:
    assert card.suit is not None
    assert card.label.endswith(card.suit.symbol)
    assert parse_card(card.label) == card


@pytest.mark.parametrize(
    ("card", "text", "label"),
    [(JOKER, "JK", "Joker"), (RED_JOKER, "RJ", "Red joker"), (BLACK_JOKER, "BJ", "Black joker")],
    ids=["plain", "red", "black"],
)
def test_jokers_have_a_code_and_a_word_label(card: Card, text: str, label: str) -> None:
    assert str(card) == text
    assert card.label == label


def test_ten_is_written_10_not_t() -> None:
    assert str(parse_card("TS")) == "10S"
    assert parse_card("TS").label == "10♠"


def test_format_cards_is_the_inverse_of_parse_cards() -> None:
    cards = parse_cards("QS 10H jk 2c RJ")
    assert format_cards(cards) == "QS 10H JK 2C RJ"
    assert parse_cards(format_cards(cards)) == cards


def test_card_colours() -> None:
    assert parse_card("QH").is_red and parse_card("QD").is_red
    assert not parse_card("QS").is_red and not parse_card("QC").is_red
    assert RED_JOKER.is_red and not BLACK_JOKER.is_red and not JOKER.is_red


def test_sort_key_orders_suits_s_h_d_c_then_high_to_low_then_jokers() -> None:
    shuffled = parse_cards("2C JK AH 10S KS 3D AS")
    assert format_cards(sorted(shuffled, key=Card.sort_key)) == "AS KS 10S AH 3D 2C JK"


def test_suit_symbol_title_and_colour() -> None:
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.title for s in Suit] == ["Spades", "Hearts", "Diamonds", "Clubs"]
    assert [s.is_red for s in Suit] == [False, True, True, False]


@pytest.mark.parametrize(
    ("size", "lowest"),
    [(24, 9), (32, 7), (40, 2), (52, 2), (53, 2), (54, 2)],
    ids=["24", "32", "40", "52", "53", "54"],
)
def test_deck_sizes(size: int, lowest: int) -> None:
    pack = deck(size)
    assert len(pack) == size
    assert len(set(pack)) == size
    suited = [c for c in pack if not c.is_joker]
    assert min(c.rank for c in suited) == lowest
    assert max(c.rank for c in suited) == 14
    for suit in Suit:
        assert sum(1 for c in suited if c.suit == suit) == len(suited) // 4


def test_jokers_in_the_53_and_54_card_packs() -> None:
    assert [c for c in deck(52) if c.is_joker] == []
    assert [c for c in deck(53) if c.is_joker] == [JOKER]
    assert [c for c in deck(54) if c.is_joker] == [RED_JOKER, BLACK_JOKER]


def test_40_card_pack_has_no_8_9_or_10() -> None:
    ranks = {c.rank for c in deck(40)}
    assert ranks == {2, 3, 4, 5, 6, 7, 11, 12, 13, 14}
    assert not {8, 9, 10} & ranks


def test_24_and_32_card_packs_have_the_top_ranks() -> None:
    assert {c.rank for c in deck(24)} == set(range(9, 15))
    assert {c.rank for c in deck(32)} == set(range(7, 15))


def test_deck_is_in_suit_then_rank_order() -> None:
    assert format_cards(deck(24)[:7]) == "AS KS QS JS 10S 9S AH"


@pytest.mark.parametrize("size", [24, 32, 40, 52, 53, 54], ids=str)
def test_two_copies_hold_every_card_twice(size: int) -> None:
    pack = deck(size, copies=2)
    assert len(pack) == 2 * size
    assert all(pack.count(c) == 2 for c in deck(size))


@pytest.mark.parametrize(
    ("size", "copies"),
    [(36, 1), (0, 1), (55, 1), (52, 0), (52, -1)],
    ids=["36", "0", "55", "no-copies", "negative-copies"],
)
def test_unknown_deck_size_is_refused(size: int, copies: int) -> None:
    with pytest.raises(ValueError, match="sizes: 24, 32, 40, 52, 53, 54"):
        deck(size, copies=copies)
