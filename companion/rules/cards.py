"""Playing cards and the one card notation used everywhere.

Notation: a rank followed by a suit, case-insensitive.

* ranks ``A K Q J 10 9 8 7 6 5 4 3 2`` (``T`` is accepted for 10, ``1`` is not);
* suits ``S H D C`` (``♠ ♥ ♦ ♣`` and ``♤ ♡ ♢ ♧`` are accepted);
* jokers ``JK`` (a plain joker), ``RJ`` (red joker) and ``BJ`` (black joker).

>>> parse_card("t♥")
Card(rank=10, suit=<Suit.HEARTS: 'H'>)
>>> str(parse_card("qs")), parse_card("QS").label
('QS', 'Q♠')
>>> [str(c) for c in parse_cards("AS 10h jk")]
['AS', '10H', 'JK']
>>> len(deck(32)), len(deck(53)), len(deck(52, copies=2))
(32, 53, 104)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable

from .errors import InvalidEventError


class CardError(InvalidEventError):
    """A card in the notation could not be read."""


class Suit(enum.StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def title(self) -> str:  # type: ignore[override]  # "Spades", not str.title()
        return self.name.capitalize()


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ALIASES = {
    **{s.value: s for s in Suit},
    **{sym: s for s, sym in _SUIT_SYMBOLS.items()},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}

ACE, KING, QUEEN, JACK = 14, 13, 12, 11
#: Rank numbers from high to low, as the notation writes them.
RANK_NAMES = {14: "A", 13: "K", 12: "Q", 11: "J", **{n: str(n) for n in range(10, 1, -1)}}
RANK_WORDS = {14: "Ace", 13: "King", 12: "Queen", 11: "Jack"}
_RANK_ALIASES = {name: n for n, name in RANK_NAMES.items()} | {"T": 10}
#: Joker colours: None for a plain joker.
JOKER_CODES = {"JK": None, "RJ": "red", "BJ": "black"}


@dataclasses.dataclass(frozen=True)
class Card:
    """A card. ``rank`` is 2..14 (ace high) and ``suit`` a Suit, or rank 0 for a joker."""

    rank: int
    suit: Suit | None = None
    joker: str | None = dataclasses.field(default=None, compare=True, repr=False)

    def __post_init__(self) -> None:
        if self.rank == 0:
            if self.suit is not None:
                raise CardError("a joker has no suit")
        elif self.rank not in RANK_NAMES or self.suit is None:
            raise CardError(f"not a card: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def sort_key(self) -> tuple[int, int, str]:
        """Suit order S H D C, then rank high to low, jokers last."""
        if self.suit is None:
            return (4, 0, str(self))
        return ("SHDC".index(self.suit.value), -self.rank, "")

    def __str__(self) -> str:
        if self.is_joker:
            return {None: "JK", "red": "RJ", "black": "BJ"}[self.joker]
        assert self.suit is not None
        return RANK_NAMES[self.rank] + self.suit.value

    @property
    def label(self) -> str:
        """How the card is shown to people: ``Q♠``, ``10♥``, ``Joker``."""
        if self.is_joker:
            return {None: "Joker", "red": "Red joker", "black": "Black joker"}[self.joker]
        assert self.suit is not None
        return RANK_NAMES[self.rank] + self.suit.symbol

    @property
    def is_red(self) -> bool:
        if self.is_joker:
            return self.joker == "red"
        assert self.suit is not None
        return self.suit.is_red


JOKER = Card(0)
RED_JOKER = Card(0, joker="red")
BLACK_JOKER = Card(0, joker="black")


def rank_name(rank: int) -> str:
    """``11`` -> ``"J"``; used in messages."""
    return RANK_NAMES[rank]


def parse_card(text: str) -> Card:
    """Read one card in the notation; raises CardError saying exactly what is wrong."""
    if not isinstance(text, str):
        raise CardError(f"a card must be written as text like 'QS', not {text!r}")
    raw = text.strip()
    code = raw.upper()
    if code in JOKER_CODES:
        return Card(0, joker=JOKER_CODES[code])
    if len(code) < 2:
        raise CardError(f"'{raw}' is not a card: write a rank and a suit, like 'QS' or '10H'")
    rank_part, suit_part = code[:-1], code[-1]
    suit = _SUIT_ALIASES.get(suit_part)
    rank = _RANK_ALIASES.get(rank_part)
    if suit is None:
        raise CardError(f"'{raw}' is not a card: '{raw[-1]}' is not a suit (use S, H, D or C)")
    if rank is None:
        raise CardError(
            f"'{raw}' is not a card: '{raw[:-1]}' is not a rank (use A K Q J 10 9 8 7 6 5 4 3 2)"
        )
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas (or a list of card strings)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(p) for p in parts)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


_DECK_RANKS = {
    24: range(9, 15),  # 9 .. A (euchre)
    32: range(7, 15),  # 7 .. A (piquet / belote)
    40: (*range(2, 8), 11, 12, 13, 14),  # Latin 40-card pack: no 8, 9, 10
    52: range(2, 15),
}


def deck(size: int, *, copies: int = 1) -> tuple[Card, ...]:
    """A pack in suit then rank order. Sizes 24, 32, 40, 52, 53 (+ a joker), 54 (+ red and black).

    ``copies`` packs are put together (Kaluki plays with two 54-card packs).
    """
    base = {53: 52, 54: 52}.get(size, size)
    if base not in _DECK_RANKS or copies < 1:
        raise ValueError(f"no {size}-card deck (sizes: 24, 32, 40, 52, 53, 54)")
    cards = [Card(r, s) for s in Suit for r in sorted(_DECK_RANKS[base], reverse=True)]
    if size == 53:
        cards.append(JOKER)
    elif size == 54:
        cards += [RED_JOKER, BLACK_JOKER]
    return tuple(cards) * copies
