"""Belote's tricks: the record of each trick, and the irregularities a trick proves.

Nobody's hand is recorded, but every card is played, so a player's hand at trick k is exactly
the cards they play from trick k on (and the taker also holds the upcard until they play it).
Each play is checked against that evidence as soon as it turns up: a card played later that
would have followed suit, trumped, or overtrumped proves the earlier play broke a duty
(rulings §1.2.7), and the play is flagged once, naming the rule actually broken (:func:`prove`).
By the eighth trick every card is known, so every illegal play of the hand has been flagged.
Declarations and belote that the cards contradict are flagged too.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.belote.cards import (
    DECK,
    HAND_POINTS,
    LAST_TRICK,
    belote_cards,
    duties,
    meld_name,
    partner_is_winning,
    trick_points,
    trick_winner,
)
from companion.games.belote.events import Hand, Result
from companion.games.belote.score import HandFacts
from companion.rules.cards import Card, Suit
from companion.rules.core import Severity, Violation
from companion.rules.text import Text, tr
from companion.rules.tricks import Duty, OpenPlay, Proof, TrickRecord, prove_plays

TRICKS = 8


def trick_record(
    tricks: Sequence[TrickRecord],
    cards: Sequence[Card],
    leader: int,
    direction: str,
    trump: Suit | None,
) -> TrickRecord:
    step = 1 if direction == "left" else -1
    seats = tuple((leader + step * i) % 4 for i in range(len(cards)))
    win = trick_winner(cards, trump)
    return TrickRecord(len(tricks) + 1, leader, tuple(cards), cards[0].suit, seats[win], seats)


def play_duties(trick: TrickRecord, position: int, trump: Suit, always: bool) -> tuple[Duty, ...]:
    before = trick.cards[:position]
    seat = trick.seat_of(position, 4)
    partner = partner_is_winning(before, trick.seats[:position], seat, trump)
    return duties(before, trick.cards[position], trump, partner, always)


def prove(
    hand: Hand, record: TrickRecord, always: bool
) -> tuple[tuple[OpenPlay, ...], list[Proof]]:
    """What recording ``record`` proves: the hand's plays still open afterwards, and each play
    now certainly proven wrong (see :func:`~companion.rules.tricks.prove_plays`).

    Each play's duties are worked out once, when its trick is recorded, and each later card is
    checked only against its player's open duties. The taker's upcard is evidence from the
    start, until they play it. A play proven to have failed to trump (or overtrump) is flagged
    only once the player certainly did not hold the led suit: when every card of that suit is
    known to be elsewhere, or every card the player held is known (by the eighth trick at the
    latest). If a later card shows they held it, the one flag is a revoke.
    """
    trump = hand.trump
    assert trump is not None
    new = []
    for position, (seat, card) in enumerate(record.plays(4)):
        if duty_list := play_duties(record, position, trump, always):
            new.append(OpenPlay(record.number, position, seat, card, duty_list, len(duty_list)))
    up = None if hand.upcard is None or hand.taker is None else (hand.taker, hand.upcard)
    return prove_plays(
        hand.pending, record, new, 4, before=hand.tricks, length=TRICKS, deck=DECK, upcard=up
    )


def play_flags(
    names: Sequence[str], hand: Hand, record: TrickRecord, proven: Sequence[Proof]
) -> list[Violation]:
    """Irregularities proven by recording ``record``: plays (``proven``, from :func:`prove`),
    declarations and belote."""
    return [p.violation(names) for p in proven] + _claim_flags(names, hand, record)


def _claim_flags(names: Sequence[str], hand: Hand, record: TrickRecord) -> list[Violation]:
    """Declarations and belote announced by a player whose cards another player now plays."""
    flags = []
    # (owner, cards, the declaration's name or None for belote)
    claims: list[tuple[int, frozenset[Card], Text | None]] = [
        (seat, frozenset(cards), meld_name(cards, _trump(hand))) for seat, cards in hand.melds
    ]
    if hand.belote is not None:
        claims.append((hand.belote, belote_cards(_trump(hand)), None))
    for owner, cards, meld in claims:
        if any(c in cards and s != owner for t in hand.tricks for s, c in t.plays(4)):
            continue  # already flagged
        wrong = [(s, c) for s, c in record.plays(4) if c in cards and s != owner]
        if wrong:
            seat, card = wrong[0]
            if meld is None:
                flags.append(
                    Violation(
                        "belote-not-held",
                        tr(
                            "{owner} announced belote, but {card} was played by {player} in "
                            "trick {n}.",
                            owner=names[owner],
                            card=card,
                            player=names[seat],
                            n=record.number,
                        ),
                        Severity.IRREGULARITY,
                        "belote",
                    )
                )
            else:
                flags.append(
                    Violation(
                        "declaration-not-held",
                        tr(
                            "{owner} declared the {meld}, but {card} was played by {player} in "
                            "trick {n}.",
                            owner=names[owner],
                            meld=meld,
                            card=card,
                            player=names[seat],
                            n=record.number,
                        ),
                        Severity.IRREGULARITY,
                        "declarations",
                    )
                )
    return flags


def _trump(hand: Hand) -> Suit:
    assert hand.trump is not None
    return hand.trump


def belote_holder(hand: Hand) -> int | None:
    """Who held the king and queen of trumps, from the cards played (None if they split)."""
    kq = belote_cards(_trump(hand))
    holders = {seat for t in hand.tricks for seat, c in t.plays(4) if c in kq}
    return holders.pop() if len(holders) == 1 and len(hand.tricks) == TRICKS else None


def card_facts(hand: Hand, belote_announced: bool) -> HandFacts:
    """What scoring needs, from a hand played card by card."""
    trump = _trump(hand)
    assert hand.taker is not None
    points = [0, 0]
    for trick in hand.tricks:
        points[trick.winner % 2] += trick_points(trick.cards, trump)
    points[hand.tricks[-1].winner % 2] += LAST_TRICK
    winners = {t.winner % 2 for t in hand.tricks}
    return HandFacts(
        taker=hand.taker,
        trump=trump,
        points=(points[0], points[1]),
        all_tricks=winners.pop() if len(winners) == 1 else None,
        melds=hand.melds,
        belote=hand.belote if belote_announced else belote_holder(hand),
        dealer=hand.dealer,
    )


def quick_facts(result: Result, dealer: int) -> HandFacts:
    """What scoring needs, from a quick entry (already checked)."""
    t_team = result.taker % 2
    theirs = result.defender_points
    pts = [result.taker_points, HAND_POINTS - result.taker_points if theirs is None else theirs]
    if sum(pts) == HAND_POINTS - LAST_TRICK and result.last_trick is not None:
        pts[int(result.last_trick % 2 != t_team)] += LAST_TRICK
    by_team = (pts[0], pts[1]) if t_team == 0 else (pts[1], pts[0])
    capot = None
    if result.capot:
        capot = 0 if by_team[1] == 0 else 1
    return HandFacts(
        taker=result.taker,
        trump=Suit(result.trump),
        points=by_team,
        all_tricks=capot,
        melds=tuple((d.seat, d.cards) for d in result.declarations),
        belote=result.belote,
        dealer=dealer,
    )
