"""Checks on what a Belote table records: declarations, belote and a hand's trick points.

Each function returns the problems as :class:`Violation` sentences for the phone; the rules class
(``belote.py``) decides when to call them. Rulings: ``shared/rules/belote/rulings.md`` §1.2.4,
§1.2.6 and §1.3.9-1.3.10.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.games.belote.cards import (
    CARD_POINTS,
    HAND_POINTS,
    LAST_TRICK,
    POSSIBLE_CARD_POINTS,
    Meld,
    classify,
)
from companion.games.belote.events import Bid
from companion.rules.cards import KING, QUEEN, Card, Suit
from companion.rules.core import Violation

HAND_SIZE = 8
SUITS = {s.value: s for s in Suit}
CALLS = ("take", "pass", *SUITS)
Declared = tuple[int, tuple[Card, ...]]  # (seat, cards)


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards)


def meld_name(cards: Sequence[Card], trump: Suit) -> str:
    meld = classify(cards, trump)
    return meld.name if isinstance(meld, Meld) else _cards_text(cards)


def belote_cards(trump: Suit) -> frozenset[Card]:
    return frozenset({Card(KING, trump), Card(QUEEN, trump)})


@dataclasses.dataclass(frozen=True)
class DeclarationContext:
    """What a new declaration is checked against."""

    names: Sequence[str]
    trump: Suit
    melds: Sequence[Declared]  # declarations already recorded this hand
    belote: int | None  # the seat holding (announcing) belote, if known
    shared_card: bool  # may a card be in a carré and a sequence at once
    taker: int | None = None
    upcard: Card | None = None
    played: dict[Card, tuple[int, int]] = dataclasses.field(
        default_factory=dict
    )  # card: (seat, trick)


def meld_problems(ctx: DeclarationContext, seat: int, cards: tuple[Card, ...]) -> list[Violation]:
    names = ctx.names
    who = names[seat]
    meld = classify(cards, ctx.trump)
    if isinstance(meld, str):
        code = "carre-rank" if "8s or four 7s" in meld else "not-a-declaration"
        text = f"{who}'s declaration {_cards_text(cards)} {meld}."
        return [Violation(code, text[0].upper() + text[1:], rule="declarations")]
    problems = []
    for other, other_cards in ctx.melds:
        shared = [c for c in meld.cards if c in other_cards]
        if not shared:
            continue
        theirs = meld_name(other_cards, ctx.trump)
        if other != seat:
            problems.append(
                Violation(
                    "declaration-clash",
                    f"{shared[0].label} cannot be in both {names[other]}'s {theirs} and {who}'s "
                    f"{meld.name}: every card is in one hand only.",
                    rule="declarations",
                )
            )
        else:
            problems += _same_player(ctx, who, meld, other_cards, theirs)
    for other, other_cards in ctx.melds:
        if other == seat and meld.kind == "sequence" and _touching(meld, other_cards):
            problems.append(
                Violation(
                    "sequence-split",
                    f"{who}'s {meld.name} and {meld_name(other_cards, ctx.trump)} run on into "
                    f"each other: declare them as one sequence.",
                    rule="declarations",
                )
            )
    shared_belote = [c for c in meld.cards if c in belote_cards(ctx.trump)]
    if ctx.belote is not None and ctx.belote != seat and shared_belote:
        problems.append(
            Violation(
                "declaration-clash",
                f"{shared_belote[0].label} cannot be in {who}'s {meld.name}: "
                f"{names[ctx.belote]} holds the king and queen of trumps (belote).",
                rule="declarations",
            )
        )
    problems += _seen_problems(ctx, seat, meld.cards, meld.name)
    if not problems:
        problems += _count_problem(ctx, seat, meld.cards)
    return problems


def _same_player(
    ctx: DeclarationContext, who: str, meld: Meld, other_cards: tuple[Card, ...], theirs: str
) -> list[Violation]:
    other = classify(other_cards, ctx.trump)
    if set(other_cards) == set(meld.cards):
        return [
            Violation(
                "declared-twice",
                f"{who} has already declared the {meld.name}.",
                rule="declarations",
            )
        ]
    if isinstance(other, Meld) and other.kind == meld.kind == "sequence":
        return [
            Violation(
                "sequence-overlap",
                f"{who}'s {meld.name} shares cards with their {theirs}: a card counts in one "
                f"sequence only.",
                rule="declarations",
            )
        ]
    if not ctx.shared_card:
        return [
            Violation(
                "shared-card",
                f"{who}'s {meld.name} shares cards with their {theirs}, and at this table a "
                f"card may not count in a carré and a sequence at once.",
                rule="declarations",
            )
        ]
    return []


def _touching(meld: Meld, other_cards: tuple[Card, ...]) -> bool:
    if not other_cards or other_cards[0].suit != meld.suit or len(other_cards) < 3:
        return False
    if len({c.suit for c in other_cards}) != 1:
        return False
    ranks = sorted(c.rank for c in other_cards)
    mine = sorted(c.rank for c in meld.cards)
    return ranks[0] == mine[-1] + 1 or mine[0] == ranks[-1] + 1


def _seen_problems(
    ctx: DeclarationContext, seat: int, cards: Sequence[Card], what: str
) -> list[Violation]:
    """Cards known to be in another hand: the upcard (the taker's) or cards already played."""
    names, problems = ctx.names, []
    for card in cards:
        if card == ctx.upcard and ctx.taker is not None and ctx.taker != seat:
            problems.append(
                Violation(
                    "upcard-taker",
                    f"{card.label} was the upcard, so {names[ctx.taker]} (the taker) holds it, "
                    f"not {names[seat]}: check the {what}.",
                    rule="bidding",
                )
            )
        elif card in ctx.played and ctx.played[card][0] != seat:
            by, trick = ctx.played[card]
            problems.append(
                Violation(
                    "card-seen",
                    f"{card.label} was played by {names[by]} in trick {trick}, so {names[seat]} "
                    f"cannot hold it: check the {what}.",
                    rule="declarations",
                )
            )
    return problems


def _count_problem(ctx: DeclarationContext, seat: int, cards: Sequence[Card]) -> list[Violation]:
    held = set(cards)
    for other, other_cards in ctx.melds:
        if other == seat:
            held |= set(other_cards)
    if ctx.belote == seat:
        held |= belote_cards(ctx.trump)
    if len(held) <= HAND_SIZE:
        return []
    return [
        Violation(
            "too-many-cards",
            f"{ctx.names[seat]}'s declarations need {len(held)} different cards, but a hand "
            f"holds {HAND_SIZE}.",
            rule="declarations",
        )
    ]


def belote_problems(ctx: DeclarationContext, seat: int) -> list[Violation]:
    """Problems with ``seat`` holding the king and queen of trumps."""
    kq = sorted(belote_cards(ctx.trump), key=lambda c: -c.rank)
    problems = []
    for other, other_cards in ctx.melds:
        if other != seat and (shared := [c for c in kq if c in other_cards]):
            problems.append(
                Violation(
                    "declaration-clash",
                    f"{ctx.names[seat]} cannot hold belote: {shared[0].label} is in "
                    f"{ctx.names[other]}'s {meld_name(other_cards, ctx.trump)}.",
                    rule="belote",
                )
            )
    problems += [
        dataclasses.replace(v, code="belote-not-held", rule="belote")
        if v.code == "card-seen"
        else v
        for v in _seen_problems(ctx, seat, kq, "belote")
    ]
    if not problems:
        problems += _count_problem(dataclasses.replace(ctx, belote=seat), seat, ())
    return problems


def bid_problems(
    names: Sequence[str], turn: int, upcard: Card | None, done: int, bid: Bid
) -> list[Violation]:
    """Problems with a bid, ``done`` bids into the bidding, when it is ``turn``'s go."""
    if bid.seat != turn:
        return [
            Violation(
                "bid-out-of-turn",
                f"It is {names[turn]}'s turn to bid, not {names[bid.seat]}'s.",
                rule="bidding",
            )
        ]
    if bid.call not in CALLS:
        return [
            Violation(
                "bad-call",
                f"{names[bid.seat]}'s bid '{bid.call}' is not take, pass or a suit.",
                rule="bidding",
            )
        ]
    if done < 4:
        if bid.call in SUITS:
            return [
                Violation(
                    "bid-round-1",
                    f"In the first round {names[bid.seat]} may only take the upcard's suit "
                    f"or pass; naming another suit comes in round 2.",
                    rule="bidding",
                )
            ]
        if bid.call == "take" and upcard is None:
            return [
                Violation(
                    "upcard-unknown",
                    f"{names[bid.seat]} takes the upcard's suit, but the upcard was not "
                    f"recorded with the deal: cancel the deal and record it with the upcard.",
                    rule="bidding",
                )
            ]
        return []
    if bid.call == "take":
        return [
            Violation(
                "bid-round-2",
                f"In the second round {names[bid.seat]} names a suit or passes: the "
                f"upcard's suit was refused by everyone.",
                rule="bidding",
            )
        ]
    if upcard is not None and bid.call == getattr(upcard.suit, "value", None):
        return [
            Violation(
                "bid-round-2",
                f"In the second round {names[bid.seat]} must name a suit other than the "
                f"upcard's {upcard.label[-1]}.",
                rule="bidding",
            )
        ]
    return []


# --- a hand's trick points (quick entry) ------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PointsClaim:
    """Trick points as entered: per team (taker's team first), perhaps without the last trick."""

    teams: tuple[str, str]  # names of the taker's team and the defenders
    points: tuple[int, int]
    last_trick: int | None  # 0 = taker's team, 1 = defenders, None = not said
    capot: bool


def points_problems(claim: PointsClaim) -> tuple[list[Violation], tuple[int, int] | None]:
    """Problems with the points, or none and the points with the last trick included."""
    names, (a, b) = claim.teams, claim.points
    for name, pts in zip(names, claim.points, strict=True):
        if not 0 <= pts <= HAND_POINTS:
            return [
                Violation(
                    "points-range",
                    f"{name} cannot have {pts} trick points: a team takes 0 to {HAND_POINTS} "
                    f"(a capot is recorded as capot, not as 252).",
                    rule="card-points",
                )
            ], None
    if a + b == CARD_POINTS:
        if claim.last_trick is None:
            return [
                Violation(
                    "last-trick-missing",
                    f"The points add up to {CARD_POINTS}: say who took the last trick (it is "
                    f"worth {LAST_TRICK}), or enter totals that include it ({HAND_POINTS}).",
                    rule="card-points",
                )
            ], None
        full = [a, b]
        full[claim.last_trick] += LAST_TRICK
        a, b = full
    elif a + b != HAND_POINTS:
        return [
            Violation(
                "points-total",
                f"{names[0]} {a} and {names[1]} {b} make {a + b}, but a hand's trick points add "
                f"up to {HAND_POINTS} ({CARD_POINTS} in cards plus {LAST_TRICK} for the last "
                f"trick).",
                rule="card-points",
            )
        ], None
    problems = _possible(names, (a, b), claim.last_trick)
    if not problems and claim.capot and 0 not in (a, b):
        problems.append(
            Violation(
                "capot-points",
                f"A capot means one team took every trick, {HAND_POINTS} points to 0, not "
                f"{a} to {b}.",
                rule="capot",
            )
        )
    last = claim.last_trick
    if not problems and claim.capot and last is not None and (a, b)[last] == 0:
        problems.append(
            Violation(
                "capot-points",
                f"With a capot the team with all the points took the last trick, not "
                f"{names[last]}.",
                rule="capot",
            )
        )
    return problems, None if problems else (a, b)


def _possible(names: tuple[str, str], points: tuple[int, int], last: int | None) -> list[Violation]:
    """Is there a split of the cards worth these points (the last trick's 10 on one side)?"""
    sides = [last] if last is not None else [0, 1]
    for side in sides:
        cards = [p - (LAST_TRICK if team == side else 0) for team, p in enumerate(points)]
        if all(c in POSSIBLE_CARD_POINTS for c in cards):
            return []
    side = sides[0]
    bad = next(
        team
        for team, p in enumerate(points)
        if p - (LAST_TRICK if team == side else 0) not in POSSIBLE_CARD_POINTS
    )
    extra = " with the last trick" if last == bad else ""
    return [
        Violation(
            "points-impossible",
            f"{names[bad]} cannot have {points[bad]} trick points{extra}: no set of cards adds "
            f"up to that (no card is worth 1 point).",
            rule="card-points",
        )
    ]
