"""The Elusive 34's cards: categories and their values, the order across suits with the
promoted rank, who plays in which round of a trick, and each trick's winner and loser.

The rulings are ``shared/rules/elusive-34/rulings.md`` §1.1 and §1.2.

>>> from companion.rules.cards import parse_card as c
>>> category(c("2C")), category(c("10H")), category(c("JS")), category(c("JK"))
('low', 'middle', 'high', 'joker')
>>> promoted(c("4S")), promoted(c("AS")), promoted(c("KD"))
(5, 2, 14)
>>> strength(c("5C"), 5) > strength(c("AC"), 5), strength(c("5C"), 5) < strength(c("2S"), 5)
(True, True)
>>> values_for("5/0/-5/-7")
{'high': 5, 'middle': 0, 'low': -5, 'joker': -7}
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.cards import ACE, Card, Suit, deck
from companion.rules.text import Text, tr, trc

PACK = frozenset(deck(53))
#: Suits from low to high in the order across suits (not bridge order).
SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS)
SUIT_CODES = {s.value: s for s in Suit}
CATEGORIES = ("high", "middle", "low", "joker")
#: How many of each category the 53-card pack holds.
IN_PACK = {"high": 16, "middle": 20, "low": 16, "joker": 1}
#: Point order for trades: Joker < Low < Middle < High.
WORTH = {"joker": 0, "low": 1, "middle": 2, "high": 3}
DECLARED = ("none", "low", "middle", "high")
CATEGORY_WORDS = {
    "high": trc("category", "High"),
    "middle": trc("category", "Middle"),
    "low": trc("category", "Low"),
    "joker": trc("category", "Joker"),
}
#: The deal and the cards each player may add to a trick, by player count (rules 4, 10, 23, 24).
DEAL_SIZE = {2: 13, 3: 10, 4: 13}
ALLOWANCE = {2: 3, 3: 2, 4: 2}
VALUE_CHOICES = ("5/0/-5/-7", "4/0/-4/-6", "6/0/-6/-8", "3/0/-3/-5")


def category(card: Card) -> str:
    if card.is_joker:
        return "joker"
    if card.rank <= 5:
        return "low"
    if card.rank <= 10:
        return "middle"
    return "high"


def goal_piles(cards: Sequence[Card], redeal: bool) -> tuple[int | None, int, int]:
    """The goal ritual (rule 3): cards turned onto the Low, Middle and High piles (a Joker onto
    none, D-2) until a Low and a Middle show; ``redeal`` (option ``goal_ten``) also waits for a
    6 to 9 on top of the Middle pile (E-4). Returns the index of the card that ends the turning
    (None if the cards never get there) and the ranks on top of the Low and Middle piles then
    (0 for an empty pile).

    >>> from companion.rules.cards import parse_cards
    >>> goal_piles(parse_cards("KS 2H JK 9C 7D"), redeal=False)
    (3, 2, 9)
    >>> goal_piles(parse_cards("4C 10H 6S"), redeal=True)
    (2, 4, 6)
    """
    low = middle = 0
    for i, card in enumerate(cards):
        kind = category(card)
        if kind == "low":
            low = card.rank
        elif kind == "middle":
            middle = card.rank
        if low and middle and not (redeal and middle == 10):
            return i, low, middle
    return None, low, middle


def values_for(choice: str) -> dict[str, int]:
    """ "5/0/-5/-7" as {category: points}."""
    parts = [int(p) for p in choice.split("/")]
    return dict(zip(CATEGORIES, parts, strict=True))


def promoted(faceup: Card | None) -> int | None:
    """The rank promoted above the ace of its suit: the face-up rank + 1 (an ace promotes the
    twos; a king promotes the aces, which changes nothing). None when the Joker is face up."""
    if faceup is None or faceup.is_joker:
        return None
    return 2 if faceup.rank == ACE else faceup.rank + 1


def strength(card: Card, promote: int | None) -> int:
    """A card's place in the order across all 52 cards (the Joker is handled apart)."""
    assert card.suit is not None
    rank = 15 if card.rank == promote and promote != ACE else card.rank
    return SUIT_ORDER.index(card.suit) * 16 + rank


def pass_order(
    leader: int, n: int, allowance: Sequence[int], held: Sequence[int], out: Sequence[bool]
) -> list[int]:
    """Who plays each card of the next trick: round 1 clockwise from the leader among the
    players still in with a card, then round 2 for those allowed (and holding) two, round 3."""
    seats = [(leader + i) % n for i in range(n)]
    order: list[int] = []
    for round_ in range(1, max(allowance) + 1):
        order += [s for s in seats if not out[s] and allowance[s] >= round_ and held[s] >= round_]
    return order


def led_suit(cards: Sequence[Card]) -> Suit | None:
    """The suit to follow: the first card's, or the first natural card's after a led Joker."""
    return next((c.suit for c in cards if not c.is_joker), None)


def winner_and_loser(
    cards: Sequence[Card],
    seats: Sequence[int],
    *,
    promote: int | None,
    trump: Suit | None,
    joker: str,
    self_loss: str,
) -> tuple[int, int]:
    """(winner seat, loser seat). Normal hand: highest and lowest in the order across suits
    (rules 14, 8). Joker turned up: highest trump, else highest of the led suit; the lowest
    card of the led suit loses (rule 15). With ``self_loss == "others"`` a winner who also
    played the lowest card does not lose: the lowest card of the others does (E-10)."""
    lead = led_suit(cards)
    plays = list(zip(seats, cards, strict=True))

    def high(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (3, 0) if joker == "win" else (-1, 0)
        if trump is not None:
            assert card.suit is not None
            if card.suit == trump:
                return (2, card.rank)
            return (1, card.rank) if card.suit == lead else (0, 0)
        return (1, strength(card, promote))

    def low(card: Card) -> tuple[int, int] | None:
        """The lower, the likelier to lose; None: this card cannot lose."""
        if card.is_joker:
            return (-1, 0) if joker == "lose" else None
        if trump is not None:
            return (0, card.rank) if card.suit == lead else None
        return (0, strength(card, promote))

    win = max(plays, key=lambda p: high(p[1]))[0]
    losing = [(low(c), s) for s, c in plays if low(c) is not None]
    lose = min(losing, key=lambda x: x[0] or (0, 0))[1]
    if self_loss == "others" and lose == win:
        others = [(k, s) for k, s in losing if s != win]
        if others:
            lose = min(others, key=lambda x: x[0] or (0, 0))[1]
    return win, lose


def category_word(name: str) -> Text:
    return CATEGORY_WORDS[name]


def worth_text(values: dict[str, int]) -> Text:
    """ "High +5 · Middle 0 · Low −5 · Joker −7"."""
    return tr(
        "High {high} · Middle {middle} · Low {low} · Joker {joker}",
        high=signed(values["high"]),
        middle=signed(values["middle"]),
        low=signed(values["low"]),
        joker=signed(values["joker"]),
    )


def signed(n: int) -> Text:
    """A number with its sign: +5, 0, −5."""
    if n > 0:
        return tr("+{n}", n=n)
    if n < 0:
        return tr("−{n}", n=-n)
    return tr("{n}", n=n)
