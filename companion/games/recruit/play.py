"""Recruit's cards and pure play logic: the variants, the face ranks and their penalties, the
pack, what each variant's exchange is, the suit a trick follows and who takes it, and what a
pile holds for scoring."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.recruit.events import Collected, Hand, Pile, RecruitOptions
from companion.rules.cards import JACK, KING, QUEEN, Card, Suit, deck
from companion.rules.text import trc

HANDS = 4
TRICKS = 13
VARIANTS = {
    "low_penalty": trc("Recruit variant", "Low Penalty"),
    "keeper": trc("Recruit variant", "Keeper"),
    "passer": trc("Recruit variant", "Passer"),
    "match": trc("Recruit variant", "Match"),
    "dream_team": trc("Recruit variant", "Dream Team"),
    "face_up": trc("Recruit variant", "Face-up"),
}
FACE_PENALTY = 5  # for each face rank (J, Q, K) collected twice or more
LOW_PENALTY = 3  # the same with the Low Penalty variant
MATCH_VALUE = 4  # a card of the turned-up rank, with Match
DREAM_TEAM = 5  # exactly one J, one Q and one K, with Dream Team
#: The face ranks: the Pile field counting each, and the cards as a word ("Ann cannot have 5
#: Jacks", "the matching cards are the jacks").
FACES = (
    (JACK, "jacks", trc("Recruit cards", "Jacks")),
    (QUEEN, "queens", trc("Recruit cards", "Queens")),
    (KING, "kings", trc("Recruit cards", "Kings")),
)
FACE_WORDS = {
    JACK: trc("Recruit cards", "jacks"),
    QUEEN: trc("Recruit cards", "queens"),
    KING: trc("Recruit cards", "kings"),
}
DECK = frozenset(deck(53))


def exchange_kind(hand: Hand, n_seats: int) -> str | None:
    """How cards change hands before trick 1: ``"swap"`` with the stock (2-3 players),
    ``"partner"`` (4 players), ``"left"`` (Passer), or None (Keeper)."""
    if "keeper" in hand.variants:
        return None
    if "passer" in hand.variants:
        return "left"
    return "partner" if n_seats == 4 else "swap"


def match_rank(hand: Hand) -> int | None:
    """The rank that matches with the Match variant, or None (no Match, or the joker shown)."""
    if "match" not in hand.variants or hand.shown.is_joker:
        return None
    return hand.shown.rank


def lead(options: RecruitOptions, cards: Sequence[Card]) -> Suit | None:
    """The suit the trick follows: the first card's, or after a joker lead the next card's
    (``joker_lead="next-card"``) or none."""
    if not cards[0].is_joker:
        return cards[0].suit
    if options.joker_lead == "next-card" and len(cards) > 1:
        return cards[1].suit
    return None


def from_pile(hand: Hand, pile: Pile) -> Collected:
    """A pile recorded by quick entry, reduced to what scoring needs."""
    faces = (pile.jacks, pile.queens, pile.kings)
    rank = match_rank(hand)
    if rank is None:
        matches = 0
    elif rank in (JACK, QUEEN, KING):
        matches = faces[(JACK, QUEEN, KING).index(rank)]
    else:
        matches = pile.matches or 0
    return Collected(pile.cards, faces, matches)


def from_tricks(hand: Hand, n_seats: int) -> list[Collected]:
    """What each player took in the hand's tricks, reduced to what scoring needs."""
    won: list[list[Card]] = [[] for _ in range(n_seats)]
    for trick in hand.tricks:
        won[trick.winner] += trick.cards
    rank = match_rank(hand)
    return [
        Collected(
            len(cards),
            tuple(sum(1 for c in cards if c.rank == r) for r in (JACK, QUEEN, KING)),  # type: ignore[arg-type]
            sum(1 for c in cards if rank is not None and c.rank == rank),
        )
        for cards in won
    ]


def no_card(card: Card) -> bool:
    return False


def is_joker(card: Card) -> bool:
    return card.is_joker
