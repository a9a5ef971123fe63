"""Belote's tricks: the record of each trick, and the irregularities a trick proves.

Nobody's hand is recorded, but every card is played, so a player's hand at trick k is exactly
the cards they play from trick k on (and the taker also holds the upcard until they play it).
Each play is checked against that evidence as soon as it turns up: a card played later that
would have followed suit, trumped, or overtrumped proves the earlier play broke a duty
(rulings §1.2.7). After the eighth trick :func:`audit_hand` re-checks every play against the
whole reconstructed hand. Declarations and belote that the cards contradict are flagged too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.games.belote.cards import (
    HAND_POINTS,
    LAST_TRICK,
    Duty,
    broken_duty,
    duties,
    partner_is_winning,
    trick_points,
    trick_winner,
)
from companion.games.belote.checks import belote_cards, meld_name
from companion.games.belote.events import Result
from companion.games.belote.score import HandFacts
from companion.rules.cards import Card, Suit
from companion.rules.core import Severity, Violation
from companion.rules.tricks import PlayContext, TrickRecord, audit_hand

if TYPE_CHECKING:
    from companion.games.belote.events import Hand
    from companion.games.belote.game import Belote

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


def _known(
    hand: Hand, tricks: Sequence[TrickRecord], k: int, seat: int, upto: int
) -> list[tuple[Card, str]]:
    """Cards ``seat`` still held after playing in trick ``k``, as seen by trick ``upto``."""
    out = [
        (card, f"played in trick {t.number}")
        for t in tricks[k:upto]
        for s, card in t.plays(4)
        if s == seat
    ]
    up = hand.upcard
    if up is None or seat != hand.taker or any(c == up for c, _ in out):
        return out
    if not any(s == seat and c == up for t in tricks[:k] for s, c in t.plays(4)):
        out.append((up, "the upcard"))
    return out


def _proof(
    hand: Hand, tricks: Sequence[TrickRecord], k: int, pos: int, upto: int, always: bool
) -> tuple[Duty, list[tuple[Card, str]]] | None:
    assert hand.trump is not None
    trick = tricks[k - 1]
    seat = trick.seat_of(pos, 4)
    known = _known(hand, tricks, k, seat, upto)
    found = broken_duty(play_duties(trick, pos, hand.trump, always), [c for c, _ in known])
    if found is None:
        return None
    duty, cards = found
    return duty, [(c, where) for c, where in known if c in cards]


def _seen(hand: Hand, tricks: Sequence[TrickRecord], k: int, pos: int, always: bool) -> bool:
    """Whether the play was already proven wrong before the last trick in ``tricks``."""
    return _proof(hand, tricks, k, pos, len(tricks) - 1, always) is not None


def play_flags(rules: Belote, hand: Hand, record: TrickRecord) -> list[Violation]:
    """Irregularities proven by recording ``record``: plays, declarations, belote."""
    tricks = (*hand.tricks, record)
    always = rules.options.trump_lead == "always"
    flags = _audit(rules, hand, tricks, always) if record.number == TRICKS else []
    if record.number < TRICKS:
        for k in range(1, record.number + 1):
            for pos, (seat, card) in enumerate(tricks[k - 1].plays(4)):
                now = _proof(hand, tricks, k, pos, record.number, always)
                if now is None or (k < record.number and _seen(hand, tricks, k, pos, always)):
                    continue
                duty, proof = now
                held = " and ".join(f"{c.label} ({where})" for c, where in proof[:2])
                flags.append(
                    Violation(
                        duty.code,
                        f"Trick {k}: {rules.names[seat]} played {card.label}, but they held "
                        f"{held} and {duty.words}.",
                        Severity.IRREGULARITY,
                        duty.rule,
                    )
                )
    return flags + _claim_flags(rules, hand, record)


def _audit(
    rules: Belote, hand: Hand, tricks: tuple[TrickRecord, ...], always: bool
) -> list[Violation]:
    """The end-of-hand audit, leaving out plays already flagged by an earlier trick."""
    assert hand.trump is not None
    trump = hand.trump
    found: list[Duty] = []
    last = len(tricks)  # the eighth trick

    def check(ctx: PlayContext) -> str | None:
        k = ctx.trick.number
        if k < last and _seen(hand, tricks, k, ctx.position, always):
            return None
        broken = broken_duty(play_duties(ctx.trick, ctx.position, trump, always), ctx.hand)
        if broken is None:
            return None
        duty, cards = broken
        found.append(duty)
        return f"they held {ctx.evidence(cards)} and {duty.words}"

    flags = audit_hand(tricks, rules.names, check)
    return [
        Violation(d.code, v.message, v.severity, d.rule) for v, d in zip(flags, found, strict=True)
    ]


def _claim_flags(rules: Belote, hand: Hand, record: TrickRecord) -> list[Violation]:
    """Declarations and belote announced by a player whose cards another player now plays."""
    names, flags = rules.names, []
    claims: list[tuple[int, frozenset[Card], str, str]] = [
        (
            seat,
            frozenset(cards),
            "declaration-not-held",
            f"declared the {meld_name(cards, _trump(hand))}",
        )
        for seat, cards in hand.melds
    ]
    if hand.belote is not None:
        claims.append(
            (hand.belote, belote_cards(_trump(hand)), "belote-not-held", "announced belote")
        )
    for owner, cards, code, what in claims:
        if any(c in cards and s != owner for t in hand.tricks for s, c in t.plays(4)):
            continue  # already flagged
        wrong = [(s, c) for s, c in record.plays(4) if c in cards and s != owner]
        if wrong:
            seat, card = wrong[0]
            flags.append(
                Violation(
                    code,
                    f"{names[owner]} {what}, but {card.label} was played by {names[seat]} in "
                    f"trick {record.number}.",
                    Severity.IRREGULARITY,
                    "belote" if code == "belote-not-held" else "declarations",
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
