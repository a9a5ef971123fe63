"""Malilla's cards and play rules (``shared/rules/malilla/rulings.md`` §7.2 points 2, 3 and 5).

The 40-card pack ranks 7 A K Q J 6 5 4 3 2 in every suit; 7 = 5, A = 4, K = 3, Q = 2, J = 1.
:func:`problem` says what is wrong with one play given the cards the player held;
:func:`play_duties` says the same before the hand is known (what holding which cards would make
wrong), and :func:`prove` checks each recorded card against the open duties of its player.

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
from companion.rules.text import suit_name, tr
from companion.rules.tricks import (
    HELD,
    Duty,
    OpenPlay,
    Proof,
    TrickRecord,
    prove_plays,
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


# --- the duties of each play, worked out once when its trick is recorded ---------------------


# The sets of cards a duty names are built once each (a hand's plays keep them until it ends).
@functools.cache
def _suit(suit: Suit) -> frozenset[Card]:
    return frozenset(c for c in DECK if c.suit == suit)


@functools.cache
def _higher(best: Card) -> frozenset[Card]:
    return (
        frozenset(c for c in _suit(best.suit) if strength(c) > strength(best))
        if best.suit
        else frozenset()
    )


@functools.cache
def _not_unled_sevens(trump: Suit, led: frozenset[Suit]) -> frozenset[Card]:
    sit = Situation((), (), False, trump, led)
    return frozenset(c for c in DECK if not is_unled_seven(c, sit))


def play_duties(
    before: Sequence[Card],
    who: str,
    opponent_winning: bool,
    card: Card,
    trump: Suit,
    led: frozenset[Suit],
) -> tuple[Duty, ...]:
    """The duties ``card`` would break, in order of precedence (the play broke the first duty
    whose cards the player held): :func:`problem` as seen before the player's hand is known.
    ``who`` is the name of the player winning the trick so far."""
    if not before:
        return ()
    lead = before[0].suit
    assert lead is not None
    best = before[trick_winner(before, trump)]
    if card.suit == lead:
        if opponent_winning and best.suit == lead and strength(card) < strength(best):
            higher = _higher(best)
            reason = tr(
                "opponent {player} was winning with {card} and they held {held}, so they had to "
                "beat it",
                player=who,
                card=best,
                held=HELD,
            )
            must = tr("beat {card}", card=best)
            return (Duty("must-beat", "must-beat", higher, reason, must),)
        return ()
    follow = _suit(lead)
    duties = [
        Duty(
            "revoke",
            "follow-suit",
            follow,
            tr("they held {held} and had to follow {suit}", held=HELD, suit=suit_name(lead)),
            tr("follow {suit}", suit=suit_name(lead)),
        )
    ]
    if opponent_winning:
        if best.suit == trump:
            beat = _higher(best)
            reason = tr(
                "opponent {player} was winning with the trump {card} and they held the higher "
                "trump {held}, so they had to overtrump",
                player=who,
                card=best,
                held=HELD,
            )
            must = tr("overtrump {card}", card=best)
        else:
            beat = _suit(trump)
            reason = tr(
                "opponent {player} was winning with {card}, and with no {suit} they held the "
                "trump {held}, so they had to trump it",
                player=who,
                card=best,
                suit=suit_name(lead),
                held=HELD,
            )
            must = tr("trump")
        if card in beat:
            return tuple(duties)
        duties.append(Duty("must-beat", "must-beat", beat, reason, must))
    if is_unled_seven(card, Situation((), (), False, trump, led)):
        assert card.suit is not None
        others = _not_unled_sevens(trump, led)
        reason = tr(
            "{suit} had not been led yet, so that 7 could not be discarded while they held {held}",
            suit=suit_name(card.suit),
            held=HELD,
        )
        must = tr("keep the 7 of {suit}, a suit not led yet", suit=suit_name(card.suit))
        duties.append(Duty("unled-seven", "unled-seven", others, reason, must))
    return tuple(duties)


@dataclasses.dataclass(frozen=True)
class Flag:
    """An irregular play flagged: where it was and who made it."""

    trick: int
    seat: int
    code: str


def prove(
    tricks: Sequence[TrickRecord],
    pending: Sequence[OpenPlay],
    record: TrickRecord,
    names: Sequence[str],
    upcard: tuple[int, Card],
) -> tuple[tuple[OpenPlay, ...], list[Proof]]:
    """What recording ``record`` proves: the hand's plays still open afterwards, and each play
    now certainly proven wrong (see :func:`~companion.rules.tricks.prove_plays`).

    Every card is played, and every card a player plays was in their hand at each of their
    earlier plays; the dealer also holds the upcard (``upcard``: the dealer and the card) until
    they play it. Each play's duties are worked out once, here, and each later card is checked
    only against its player's open duties. A play proven to have failed to beat (or to have
    discarded an unled 7) is flagged only once the player certainly did not hold the led suit
    (nor, for the 7, a card that could beat): if a later card shows they did, the one flag is a
    revoke.
    """
    trump = upcard[1].suit
    assert trump is not None
    led = frozenset(t.lead for t in tricks if t.lead is not None)
    plays = record.plays(4)
    new = []
    for position, (seat, card) in enumerate(plays):
        before = record.cards[:position]
        at = trick_winner(before, trump) if before else 0
        winner = plays[at][0]
        duties = play_duties(before, names[winner], winner % 2 != seat % 2, card, trump, led)
        if duties:
            new.append(OpenPlay(record.number, position, seat, card, duties, len(duties)))
    return prove_plays(
        pending, record, new, 4, before=tricks, length=TRICKS, deck=_DECK, upcard=upcard
    )


_DECK = frozenset(DECK)


def with_proofs(flags: Sequence[Flag], proven: Sequence[Proof]) -> tuple[Flag, ...]:
    """The hand's flags after ``proven``: a new flag for each play proven illegal, in the
    order they were proven (the first one forfeits); a proof that names the duty of a play
    flagged earlier only gives that flag its code."""
    out = list(flags)
    for proof in proven:
        flag = Flag(proof.play.trick, proof.play.seat, proof.code)
        if proof.names:
            out = [flag if (f.trick, f.seat) == (flag.trick, flag.seat) else f for f in out]
        else:
            out.append(flag)
    return tuple(out)
