"""Malilla's cards and play rules (``shared/rules/malilla/rulings.md`` §7.2 points 2, 3 and 5).

The 40-card pack ranks 7 A K Q J 6 5 4 3 2 in every suit; 7 = 5, A = 4, K = 3, Q = 2, J = 1.
:func:`problem` says what is wrong with one play given the cards the player held; :func:`audit`
runs it over a hand's tricks through :func:`~companion.rules.tricks.audit_hand`.

>>> from companion.rules.cards import parse_card, parse_cards
>>> [strength(parse_card(c)) for c in ("7S", "AS", "2S")]
[10, 9, 1]
>>> trick_winner(parse_cards("AS 7S KS 2H"), Suit.HEARTS)
3
>>> points_range(1), points_range(9)
((0, 20), (40, 60))
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from companion.rules.cards import ACE, JACK, KING, QUEEN, Card, Suit, deck
from companion.rules.core import Violation
from companion.rules.tricks import (
    PlayContext,
    TrickRecord,
    audit_hand,
    suit_word,
    winner_index,
)

#: High to low, in every suit.
ORDER = (7, ACE, KING, QUEEN, JACK, 6, 5, 4, 3, 2)
_STRENGTH = {rank: len(ORDER) - i for i, rank in enumerate(ORDER)}
POINTS = {7: 5, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
DECK = deck(40)
CARD_POINTS = 60
TRICKS = 10
_BEST_FIRST = sorted((POINTS.get(c.rank, 0) for c in DECK), reverse=True)


def strength(card: Card) -> int:
    return _STRENGTH[card.rank]


def points(card: Card) -> int:
    return POINTS.get(card.rank, 0)


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Position (in play order) of the winning card: the best trump, else the best of the lead."""
    return winner_index(cards, lead=cards[0].suit, trump=trump, strength=strength)


def points_range(tricks: int) -> tuple[int, int]:
    """The fewest and the most card points a side can hold after winning ``tricks`` tricks."""
    most = sum(_BEST_FIRST[: 4 * tricks])
    fewest = CARD_POINTS - sum(_BEST_FIRST[: 4 * (TRICKS - tricks)])
    return fewest, most


@dataclasses.dataclass(frozen=True)
class Situation:
    """What decides whether a card may be played: everything the player held (the card
    included), the cards already in the trick, who is winning it, trump, the suits led before."""

    hand: tuple[Card, ...]
    before: tuple[Card, ...]
    opponent_winning: bool
    trump: Suit
    led: frozenset[Suit]


@dataclasses.dataclass(frozen=True)
class Problem:
    code: str  # "revoke" | "must-beat" | "unled-seven"
    how: str  # "follow" | "head" | "trump" | "overtrump" | "seven"
    evidence: tuple[Card, ...]  # cards the player held that would have been legal


def is_unled_seven(card: Card, sit: Situation) -> bool:
    return card.rank == 7 and card.suit != sit.trump and card.suit not in sit.led


def problem(card: Card, sit: Situation) -> Problem | None:
    """Why ``card`` could not be played (rulings 7.2.5 and 7.3.2, 7.3.5), or None if it could."""
    if not sit.before:
        return None  # a lead is always free, 7s included
    lead = sit.before[0].suit
    best = sit.before[trick_winner(sit.before, sit.trump)]
    follow = tuple(c for c in sit.hand if c.suit == lead)
    if follow:
        if card.suit != lead:
            return Problem("revoke", "follow", follow)
        if sit.opponent_winning and best.suit == lead and strength(card) < strength(best):
            higher = tuple(c for c in follow if strength(c) > strength(best))
            if higher:
                return Problem("must-beat", "head", higher)
        return None
    if sit.opponent_winning:
        if best.suit == sit.trump:
            beat = tuple(
                c for c in sit.hand if c.suit == sit.trump and strength(c) > strength(best)
            )
        else:
            beat = tuple(c for c in sit.hand if c.suit == sit.trump)
        if beat:
            if card in beat:
                return None
            return Problem("must-beat", "overtrump" if best.suit == sit.trump else "trump", beat)
    if is_unled_seven(card, sit):
        others = tuple(c for c in sit.hand if not is_unled_seven(c, sit))
        if others:
            return Problem("unled-seven", "seven", others)
    return None


def legal_cards(sit: Situation) -> tuple[Card, ...]:
    return tuple(c for c in sit.hand if problem(c, sit) is None)


def _reason(p: Problem, ctx: PlayContext, trump: Suit, names: Sequence[str]) -> str:
    evidence = ctx.evidence(p.evidence)
    lead = ctx.trick.lead
    assert lead is not None and ctx.card.suit is not None
    if p.how == "follow":
        return f"they held {evidence} and had to follow {suit_word(lead)}"
    if p.how == "seven":
        return (
            f"{suit_word(ctx.card.suit)} had not been led yet, so that 7 could not be discarded "
            f"while they held {evidence}"
        )
    at = trick_winner(ctx.before, trump)
    who, best = names[ctx.trick.seat_of(at, ctx.n_seats)], ctx.before[at].label
    if p.how == "head":
        return (
            f"opponent {who} was winning with {best} and they held {evidence}, so they had to "
            f"beat it"
        )
    if p.how == "trump":
        return (
            f"opponent {who} was winning with {best}, and with no {suit_word(lead)} they held "
            f"the trump {evidence}, so they had to trump it"
        )
    return (
        f"opponent {who} was winning with the trump {best} and they held the higher trump "
        f"{evidence}, so they had to overtrump"
    )


#: The rules page anchor of each kind of flag.
RULE_OF = {"revoke": "follow-suit", "must-beat": "must-beat", "unled-seven": "unled-seven"}


@dataclasses.dataclass(frozen=True)
class Flag:
    """An irregular play found by the audit: where it was and who made it."""

    trick: int
    seat: int
    code: str


def situation(ctx: PlayContext, trump: Suit) -> Situation:
    opponent = False
    if ctx.before:
        winner_seat = ctx.trick.seat_of(trick_winner(ctx.before, trump), ctx.n_seats)
        opponent = winner_seat % 2 != ctx.seat % 2
    return Situation(
        hand=ctx.hand,
        before=ctx.before,
        opponent_winning=opponent,
        trump=trump,
        led=ctx.led,
    )


def audit(
    tricks: Sequence[TrickRecord],
    names: Sequence[str],
    trump: Suit,
    known: frozenset[Flag] = frozenset(),
) -> list[tuple[Flag, Violation]]:
    """Every play of ``tricks`` that broke a rule given the cards the player went on to play,
    in play order, leaving out plays already flagged (``known``). A play flagged for failing to
    beat is flagged again as a revoke once a later card shows the player held the led suit: the
    flag names the rule actually broken, even when that evidence comes later.

    With the hand still running a player's later cards are not known yet, but every card they
    played afterwards was in their hand, so whatever this finds is a real irregularity; the
    audit after the 10th trick, with every hand complete, finds the rest.
    """
    return list(_audit(tuple(tricks), tuple(names), trump, known))


@functools.lru_cache(maxsize=256)
def _audit(
    tricks: tuple[TrickRecord, ...],
    names: tuple[str, ...],
    trump: Suit,
    known: frozenset[Flag],
) -> tuple[tuple[Flag, Violation], ...]:
    # Replay checks a trick (violations) and then records it (apply): the cache halves the work.
    where: list[Flag] = []

    def check(ctx: PlayContext) -> str | None:
        p = problem(ctx.card, situation(ctx, trump))
        if p is None:
            return None
        where.append(Flag(ctx.trick.number, ctx.seat, p.code))
        return _reason(p, ctx, trump, names)

    found = audit_hand(tricks, names, check)
    flagged = {(f.trick, f.seat) for f in known}
    revokes = {(f.trick, f.seat) for f in known if f.code == "revoke"}
    return tuple(
        (flag, dataclasses.replace(v, code=flag.code, rule=RULE_OF[flag.code]))
        for flag, v in zip(where, found, strict=True)
        if (flag.trick, flag.seat) not in flagged
        or (flag.code == "revoke" and (flag.trick, flag.seat) not in revokes)
    )
