"""Belote's cards: the two orders, card points, trick winner, play duties and declarations.

Follows ``shared/rules/belote/rulings.md`` §1.2.3-1.2.7 (the plain-suit order includes the jack,
[ERRATUM] 1). Pure helpers; the game itself lives in ``belote.py``.

>>> from companion.rules.cards import parse_cards
>>> trick = parse_cards("AS 10S 7H KS")
>>> trick_winner(trick, Suit.HEARTS), trick_points(trick, Suit.HEARTS)
(2, 25)
>>> str(classify(parse_cards("KH QH JH"), Suit.SPADES).name)
'tierce K♥ high'
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Sequence

from companion.rules.cards import ACE, JACK, KING, QUEEN, Card, Suit, deck
from companion.rules.text import Text, shown, suit_name, tr
from companion.rules.tricks import HELD, Duty, winner_index

DECK = frozenset(deck(32))
TRUMP_ORDER = (JACK, 9, ACE, 10, KING, QUEEN, 8, 7)  # high to low
PLAIN_ORDER = (ACE, 10, KING, QUEEN, JACK, 9, 8, 7)  # [ERRATUM]: the jack sits between Q and 9
TRUMP_POINTS = {JACK: 20, 9: 14, ACE: 11, 10: 10, KING: 4, QUEEN: 3}
PLAIN_POINTS = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2}
LAST_TRICK = 10
CARD_POINTS = 152
HAND_POINTS = CARD_POINTS + LAST_TRICK  # 162
BELOTE = 20
CARRE_VALUES = {JACK: 200, 9: 150, ACE: 100, 10: 100, KING: 100, QUEEN: 100}
SEQUENCE_VALUES = {3: 20, 4: 50}  # 5 cards or more: 100
#: A carré's name inside a sentence, and at the start of one (a score line).
CARRE_NAMES = {
    JACK: (tr("carré of jacks"), tr("Carré of jacks")),
    9: (tr("carré of nines"), tr("Carré of nines")),
    ACE: (tr("carré of aces"), tr("Carré of aces")),
    10: (tr("carré of tens"), tr("Carré of tens")),
    KING: (tr("carré of kings"), tr("Carré of kings")),
    QUEEN: (tr("carré of queens"), tr("Carré of queens")),
}
#: Why cards make no declaration (:func:`classify`); ``checks`` says it in a sentence.
NOT_A_MELD = ("not-in-pack", "card-twice", "carre-rank", "too-short", "not-a-run")


_TRUMP_STRENGTH = {rank: 8 - i for i, rank in enumerate(TRUMP_ORDER)}
_PLAIN_STRENGTH = {rank: 8 - i for i, rank in enumerate(PLAIN_ORDER)}


def strength(card: Card, trump: Suit | None) -> int:
    """8 for the best card of its suit down to 1, in the trump or the plain order."""
    return (_TRUMP_STRENGTH if card.suit == trump else _PLAIN_STRENGTH)[card.rank]


def card_points(card: Card, trump: Suit | None) -> int:
    table = TRUMP_POINTS if card.suit == trump else PLAIN_POINTS
    return table.get(card.rank, 0)


def trick_points(cards: Iterable[Card], trump: Suit | None) -> int:
    return sum(card_points(c, trump) for c in cards)


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in play order of the winning card: the best trump, else the best of the led suit."""
    return winner_index(
        cards, lead=cards[0].suit, trump=trump, strength=lambda c: strength(c, trump)
    )


def _subset_sums(values: Iterable[int]) -> frozenset[int]:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return frozenset(sums)


#: Every card-point total a set of cards can have (the same whichever suit is trump).
POSSIBLE_CARD_POINTS = _subset_sums(
    [*TRUMP_POINTS.values(), *[v for v in PLAIN_POINTS.values() for _ in range(3)]]
)


@functools.cache
def suit_cards(suit: Suit) -> frozenset[Card]:
    return frozenset(c for c in DECK if c.suit == suit)


# --- play duties (rulings §1.2.7) ---------------------------------------------------------


def duties(
    before: Sequence[Card],
    card: Card,
    trump: Suit,
    partner_winning: bool,
    always_head_trump_lead: bool,
) -> tuple[Duty, ...]:
    """The duties ``card`` would break, in order of precedence, given what is already in the
    trick. The play was illegal iff the player held a card of the first duty's set (or, lacking
    those, of a later duty's set)."""
    if not before:
        return ()
    lead = before[0].suit
    assert lead is not None
    if card.suit == lead != trump:
        return ()
    trumps_in = [c for c in before if c.suit == trump]
    top = max(trumps_in, key=lambda c: strength(c, trump)) if trumps_in else None
    weak = top is not None and strength(card, trump) < strength(top, trump)
    if lead == trump:
        if card.suit != trump:
            return (_follow(trump, trumps=True),)
        if weak and (always_head_trump_lead or not partner_winning):
            assert top is not None
            return (_overtrump(trump, top, "trump-lead"),)
        return ()
    if partner_winning:
        return (_follow(lead),)
    if card.suit == trump:
        if weak:
            assert top is not None
            return (_follow(lead), _overtrump(trump, top, "must-trump"))
        return (_follow(lead),)
    return (_follow(lead), _must_trump(trump))


# The duties are built once each (a play's duties are kept in the state until the hand ends).
@functools.cache
def _follow(lead: Suit, trumps: bool = False) -> Duty:
    if trumps:
        words = tr("they held {held} and had to follow trumps", held=HELD)
        must = tr("follow trumps")
    else:
        words = tr("they held {held} and had to follow {suit}", held=HELD, suit=suit_name(lead))
        must = tr("follow {suit}", suit=suit_name(lead))
    return Duty("revoke", "follow-suit", suit_cards(lead), words, must)


@functools.cache
def _overtrump(trump: Suit, top: Card, rule: str) -> Duty:
    higher = frozenset(c for c in suit_cards(trump) if strength(c, trump) > strength(top, trump))
    words = tr("they held {held} and had to play a trump higher than {card}", held=HELD, card=top)
    must = tr("play a trump higher than {card}", card=top)
    return Duty("must-overtrump", rule, higher, words, must)


@functools.cache
def _must_trump(trump: Suit) -> Duty:
    words = tr(
        "they held {held} and had to trump while an opponent was winning the trick", held=HELD
    )
    return Duty("must-trump", "must-trump", suit_cards(trump), words, tr("trump"))


def partner_is_winning(before: Sequence[Card], seats: Sequence[int], me: int, trump: Suit) -> bool:
    if not before:
        return False
    return seats[trick_winner(before, trump)] == (me + 2) % 4


# --- declarations (rulings §1.2.6) --------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Meld:
    """A valid carré or sequence, with its value and its ranking key."""

    kind: str  # "carre" | "sequence"
    cards: tuple[Card, ...]  # sorted high to low
    value: int
    key: tuple[int, int, int, int, int]  # (value, class, length, top rank, trump)
    name: Text  # "carré of jacks", "quarte A♠ high"
    title: Text  # the name starting a line: "Carré of jacks", "Quarte A♠ high"

    @property
    def suit(self) -> Suit | None:
        return self.cards[0].suit if self.kind == "sequence" else None


def _sequence_names(length: int, top: Card) -> tuple[Text, Text]:
    """A sequence's name inside a sentence, and at the start of one."""
    if length == 3:
        return tr("tierce {card} high", card=top), tr("Tierce {card} high", card=top)
    if length == 4:
        return tr("quarte {card} high", card=top), tr("Quarte {card} high", card=top)
    if length == 5:
        return tr("quinte {card} high", card=top), tr("Quinte {card} high", card=top)
    return (
        tr("sequence of {n} {card} high", n=length, card=top),
        tr("Sequence of {n} {card} high", n=length, card=top),
    )


def classify(cards: Sequence[Card], trump: Suit | None) -> Meld | str:
    """The declaration these cards make, or why they make none (one of :data:`NOT_A_MELD`).
    Kept per cards and trump (a hand's declarations are named again for every card played)."""
    return _classify(tuple(cards), trump)


@functools.lru_cache(maxsize=4096)
def _classify(cards: tuple[Card, ...], trump: Suit | None) -> Meld | str:
    if any(c not in DECK for c in cards):
        return "not-in-pack"
    if len(set(cards)) != len(cards):
        return "card-twice"
    ordered = tuple(sorted(cards, key=lambda c: (-c.rank, c.sort_key())))
    ranks = {c.rank for c in ordered}
    if len(ordered) == 4 and len(ranks) == 1:
        rank = ordered[0].rank
        if rank not in CARRE_VALUES:
            return "carre-rank"
        value = CARRE_VALUES[rank]
        key = (value, 1, 4, 8 - PLAIN_ORDER.index(rank), 0)
        return Meld("carre", ordered, value, key, *CARRE_NAMES[rank])
    suits = {c.suit for c in ordered}
    if len(ordered) < 3:
        return "too-short"
    run = [c.rank for c in ordered] == list(
        range(ordered[0].rank, ordered[0].rank - len(ordered), -1)
    )
    if len(suits) != 1 or not run:
        return "not-a-run"
    length = len(ordered)
    value = SEQUENCE_VALUES.get(length, 100)
    top = ordered[0]
    key = (value, 0, length, top.rank, int(top.suit == trump))
    return Meld("sequence", ordered, value, key, *_sequence_names(length, top))


def meld_cards(kind: str, rank: int, suit: Suit | None, length: int) -> tuple[Card, ...]:
    """The cards of a carré of ``rank``, or of a sequence of ``length`` from ``rank`` down."""
    if kind == "carre":
        return tuple(Card(rank, s) for s in Suit)
    assert suit is not None
    return tuple(Card(r, suit) for r in range(rank, rank - length, -1) if r >= 2)


def best_team(
    melds: Sequence[tuple[int, Meld]], order: Callable[[int], int], equal: str
) -> int | None:
    """The team (seat % 2) whose best declaration wins, or None (nobody declared, or equal best
    sequences cancel). ``order`` gives a seat's place in turn from the dealer's left."""
    best: dict[int, tuple[tuple[int, ...], int]] = {}
    for seat, meld in melds:
        team = seat % 2
        mine = (meld.key, -order(seat))
        if team not in best or mine > best[team]:
            best[team] = mine
    if not best:
        return None
    if len(best) == 1:
        return next(iter(best))
    (key0, first0), (key1, first1) = best[0], best[1]
    if key0 != key1:
        return 0 if key0 > key1 else 1
    if equal == "cancel":
        return None
    return 0 if first0 > first1 else 1


def meld_name(cards: Sequence[Card], trump: Suit) -> Text:
    """The declaration's name (``tierce K♥ high``), or its cards if they make none."""
    meld = classify(cards, trump)
    return meld.name if isinstance(meld, Meld) else shown(tuple(cards))


def belote_cards(trump: Suit) -> frozenset[Card]:
    return frozenset({Card(KING, trump), Card(QUEEN, trump)})
