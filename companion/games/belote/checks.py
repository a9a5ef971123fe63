"""Checks on what a Belote table records: declarations, belote and a hand's trick points.

Each function returns the problems as :class:`Violation` sentences for the phone; the rules class
(``game.py``) decides when to call them: :meth:`Belote.violations` delegates every check of an
entry here, each named by its violation code. Rulings: ``shared/rules/belote/rulings.md`` §1.2.4,
§1.2.6 and §1.3.9-1.3.10.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.games.belote.cards import (
    CARD_POINTS,
    DECK,
    HAND_POINTS,
    LAST_TRICK,
    POSSIBLE_CARD_POINTS,
    Meld,
    belote_cards,
    classify,
    meld_name,
)
from companion.games.belote.events import (
    BeloteCall,
    BeloteState,
    Bid,
    Deal,
    Hand,
    Result,
    Table,
    Trick,
)
from companion.games.belote.play import play_flags
from companion.rules.cards import Card, Suit
from companion.rules.core import Violation
from companion.rules.events import Event
from companion.rules.text import Text, tr
from companion.rules.tricks import (
    duplicate_problems,
    game_over,
    lead_and_size_problems,
    wrong_dealer,
)

HAND_SIZE = 8
SUITS = {s.value: s for s in Suit}
CALLS = ("take", "pass", *SUITS)
Declared = tuple[int, tuple[Card, ...]]  # (seat, cards)


def _not_a_meld(why: str, who: str, cards: tuple[Card, ...]) -> Text:
    """Why ``who``'s cards make no declaration (``why`` from :func:`classify`), in a sentence."""
    player = who[:1].upper() + who[1:]  # the name starts the sentence
    if why == "not-in-pack":
        return tr(
            "{player}'s declaration {cards} uses a card that is not in the 32-card pack.",
            player=player,
            cards=cards,
        )
    if why == "card-twice":
        return tr("{player}'s declaration {cards} names a card twice.", player=player, cards=cards)
    if why == "carre-rank":
        return tr(
            "{player}'s declaration {cards} is four {rank}s, and four 8s or four 7s do not count.",
            player=player,
            cards=cards,
            rank=cards[0].rank,
        )
    if why == "too-short":
        return tr(
            "{player}'s declaration {cards} is not a carré (four of a rank) or a sequence "
            "(three or more in a row).",
            player=player,
            cards=cards,
        )
    return tr(
        "{player}'s declaration {cards} is not a carré (four of a rank) or a sequence of one "
        "suit in a row.",
        player=player,
        cards=cards,
    )


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
        code = "carre-rank" if meld == "carre-rank" else "not-a-declaration"
        return [Violation(code, _not_a_meld(meld, who, cards), rule="declarations")]
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
                    tr(
                        "{card} cannot be in both {other}'s {theirs} and {player}'s {meld}: "
                        "every card is in one hand only.",
                        card=shared[0],
                        other=names[other],
                        theirs=theirs,
                        player=who,
                        meld=meld.name,
                    ),
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
                    tr(
                        "{player}'s {meld} and {other} run on into each other: declare them as "
                        "one sequence.",
                        player=who,
                        meld=meld.name,
                        other=meld_name(other_cards, ctx.trump),
                    ),
                    rule="declarations",
                )
            )
    shared_belote = [c for c in meld.cards if c in belote_cards(ctx.trump)]
    if ctx.belote is not None and ctx.belote != seat and shared_belote:
        problems.append(
            Violation(
                "declaration-clash",
                tr(
                    "{card} cannot be in {player}'s {meld}: {holder} holds the king and queen "
                    "of trumps (belote).",
                    card=shared_belote[0],
                    player=who,
                    meld=meld.name,
                    holder=names[ctx.belote],
                ),
                rule="declarations",
            )
        )
    problems += _seen_problems(ctx, seat, meld.cards, meld.name)
    if not problems:
        problems += _count_problem(ctx, seat, meld.cards)
    return problems


def _same_player(
    ctx: DeclarationContext, who: str, meld: Meld, other_cards: tuple[Card, ...], theirs: Text
) -> list[Violation]:
    other = classify(other_cards, ctx.trump)
    if set(other_cards) == set(meld.cards):
        return [
            Violation(
                "declared-twice",
                tr("{player} has already declared the {meld}.", player=who, meld=meld.name),
                rule="declarations",
            )
        ]
    if isinstance(other, Meld) and other.kind == meld.kind == "sequence":
        return [
            Violation(
                "sequence-overlap",
                tr(
                    "{player}'s {meld} shares cards with their {theirs}: a card counts in one "
                    "sequence only.",
                    player=who,
                    meld=meld.name,
                    theirs=theirs,
                ),
                rule="declarations",
            )
        ]
    if not ctx.shared_card:
        return [
            Violation(
                "shared-card",
                tr(
                    "{player}'s {meld} shares cards with their {theirs}, and at this table a "
                    "card may not count in a carré and a sequence at once.",
                    player=who,
                    meld=meld.name,
                    theirs=theirs,
                ),
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
    ctx: DeclarationContext, seat: int, cards: Sequence[Card], meld: Text | None
) -> list[Violation]:
    """Cards known to be in another hand: the upcard (the taker's) or cards already played.
    ``meld`` is the declaration's name, or None for belote."""
    names, problems = ctx.names, []
    for card in cards:
        if card == ctx.upcard and ctx.taker is not None and ctx.taker != seat:
            taker, player = names[ctx.taker], names[seat]
            problems.append(
                Violation(
                    "upcard-taker",
                    tr(
                        "{card} was the upcard, so {taker} (the taker) holds it, not {player}: "
                        "check the belote.",
                        card=card,
                        taker=taker,
                        player=player,
                    )
                    if meld is None
                    else tr(
                        "{card} was the upcard, so {taker} (the taker) holds it, not {player}: "
                        "check the {meld}.",
                        card=card,
                        taker=taker,
                        player=player,
                        meld=meld,
                    ),
                    rule="bidding",
                )
            )
        elif card in ctx.played and ctx.played[card][0] != seat:
            by, trick = ctx.played[card]
            problems.append(
                Violation(
                    "card-seen",
                    tr(
                        "{card} was played by {other} in trick {n}, so {player} cannot hold it: "
                        "check the belote.",
                        card=card,
                        other=names[by],
                        n=trick,
                        player=names[seat],
                    )
                    if meld is None
                    else tr(
                        "{card} was played by {other} in trick {n}, so {player} cannot hold it: "
                        "check the {meld}.",
                        card=card,
                        other=names[by],
                        n=trick,
                        player=names[seat],
                        meld=meld,
                    ),
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
            tr(
                "{player}'s declarations need {n} different cards, but a hand holds {size}.",
                player=ctx.names[seat],
                n=len(held),
                size=HAND_SIZE,
            ),
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
                    tr(
                        "{player} cannot hold belote: {card} is in {other}'s {meld}.",
                        player=ctx.names[seat],
                        card=shared[0],
                        other=ctx.names[other],
                        meld=meld_name(other_cards, ctx.trump),
                    ),
                    rule="belote",
                )
            )
    problems += [
        dataclasses.replace(v, code="belote-not-held", rule="belote")
        if v.code == "card-seen"
        else v
        for v in _seen_problems(ctx, seat, kq, None)
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
                tr(
                    "It is {player}'s turn to bid, not {other}'s.",
                    player=names[turn],
                    other=names[bid.seat],
                ),
                rule="bidding",
            )
        ]
    if bid.call not in CALLS:
        return [
            Violation(
                "bad-call",
                tr(
                    "{player}'s bid '{call}' is not take, pass or a suit.",
                    player=names[bid.seat],
                    call=bid.call,
                ),
                rule="bidding",
            )
        ]
    if done < 4:
        if bid.call in SUITS:
            return [
                Violation(
                    "bid-round-1",
                    tr(
                        "In the first round {player} may only take the upcard's suit or pass; "
                        "naming another suit comes in round 2.",
                        player=names[bid.seat],
                    ),
                    rule="bidding",
                )
            ]
        if bid.call == "take" and upcard is None:
            return [
                Violation(
                    "upcard-unknown",
                    tr(
                        "{player} takes the upcard's suit, but the upcard was not recorded with "
                        "the deal: cancel the deal and record it with the upcard.",
                        player=names[bid.seat],
                    ),
                    rule="bidding",
                )
            ]
        return []
    if bid.call == "take":
        return [
            Violation(
                "bid-round-2",
                tr(
                    "In the second round {player} names a suit or passes: the upcard's suit was "
                    "refused by everyone.",
                    player=names[bid.seat],
                ),
                rule="bidding",
            )
        ]
    if upcard is not None and upcard.suit is not None and bid.call == upcard.suit.value:
        return [
            Violation(
                "bid-round-2",
                tr(
                    "In the second round {player} must name a suit other than the upcard's {suit}.",
                    player=names[bid.seat],
                    suit=upcard.suit,
                ),
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
                    tr(
                        "{team} cannot have {n} trick points: a team takes 0 to {total} (a capot "
                        "is recorded as capot, not as 252).",
                        team=name,
                        n=pts,
                        total=HAND_POINTS,
                    ),
                    rule="card-points",
                )
            ], None
    if a + b == CARD_POINTS:
        if claim.last_trick is None:
            return [
                Violation(
                    "last-trick-missing",
                    tr(
                        "The points add up to {cards}: say who took the last trick (it is worth "
                        "{last}), or enter totals that include it ({total}).",
                        cards=CARD_POINTS,
                        last=LAST_TRICK,
                        total=HAND_POINTS,
                    ),
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
                tr(
                    "{takers} {a} and {defenders} {b} make {sum}, but a hand's trick points add "
                    "up to {total} ({cards} in cards plus {last} for the last trick).",
                    takers=names[0],
                    a=a,
                    defenders=names[1],
                    b=b,
                    sum=a + b,
                    total=HAND_POINTS,
                    cards=CARD_POINTS,
                    last=LAST_TRICK,
                ),
                rule="card-points",
            )
        ], None
    problems = _possible(names, (a, b), claim.last_trick)
    if not problems and claim.capot and 0 not in (a, b):
        problems.append(
            Violation(
                "capot-points",
                tr(
                    "A capot means one team took every trick, {total} points to 0, not {a} to {b}.",
                    total=HAND_POINTS,
                    a=a,
                    b=b,
                ),
                rule="capot",
            )
        )
    last = claim.last_trick
    if not problems and claim.capot and last is not None and (a, b)[last] == 0:
        problems.append(
            Violation(
                "capot-points",
                tr(
                    "With a capot the team with all the points took the last trick, not {team}.",
                    team=names[last],
                ),
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
    if last == bad:
        text = tr(
            "{team} cannot have {n} trick points with the last trick: no set of cards adds up to "
            "that (no card is worth 1 point).",
            team=names[bad],
            n=points[bad],
        )
    else:
        text = tr(
            "{team} cannot have {n} trick points: no set of cards adds up to that (no card is "
            "worth 1 point).",
            team=names[bad],
            n=points[bad],
        )
    return [Violation("points-impossible", text, rule="card-points")]


# --- the checks of an entry, called by Belote.violations -------------------------------------


ENTRY_NOUNS = {
    "deal": tr("A deal"),
    "bid": tr("A bid"),
    "redeal": tr("A redeal"),
    "declare": tr("A declaration"),
    "belote": tr("A belote announcement"),
    "trick": tr("A trick"),
    "result": tr("A quick entry"),
}


def unexpected(rules: Table, state: BeloteState, event: Event) -> Violation:
    if rules.outcome(state) is not None:
        return game_over()
    hand, kind = state.hand, event.kind
    declarations = rules.options.declarations
    if hand is not None and kind in ("declare", "belote"):
        if kind == "declare" and declarations != "all" or declarations == "none":
            return Violation(
                "declarations-off",
                tr("This table does not score carrés and sequences (house rule).")
                if kind == "declare"
                else tr("This table does not score belote (house rule)."),
                rule="declarations",
            )
        if kind == "declare" and hand.taker is not None:
            return Violation(
                "declare-late",
                tr(
                    "Carrés and sequences are announced with the first trick: it is too late "
                    "once the second trick is under way."
                ),
                rule="declarations",
            )
    if hand is None:
        expected = tr("the deal of the next hand")
    elif hand.taker is None and kind == "result":
        return Violation(
            "out-of-order",
            tr(
                "The bidding is being recorded bid by bid, so finish it and record the tricks "
                "(or cancel the bids to use quick entry)."
            ),
            rule="recording",
        )
    elif hand.taker is None:
        expected = tr("the bidding ({player} to speak)", player=rules.names[rules.bidder(hand)])
    elif kind == "result":
        return Violation(
            "out-of-order",
            tr("The bidding was recorded bid by bid, so record this hand trick by trick."),
            rule="recording",
        )
    else:
        expected = tr("trick {n}", n=len(hand.tricks) + 1)
    entry = ENTRY_NOUNS.get(kind) or tr("A {kind}", kind=kind)
    return Violation(
        "out-of-order",
        tr("{entry} cannot be recorded now: expecting {expected}.", entry=entry, expected=expected),
    )


def deal_problems(rules: Table, state: BeloteState, deal: Deal) -> list[Violation]:
    problems = []
    expected = state.next_dealer
    if expected is not None and deal.dealer != expected:
        to_right = rules.options.direction != "left"
        problems.append(wrong_dealer(rules.names, expected, deal.dealer, to_right=to_right))
    if deal.upcard is not None and deal.upcard not in DECK:
        problems.append(not_in_deck(deal.upcard))
    return problems


def decl_context(
    rules: Table, hand: Hand, trump: Suit | None = None, taker: int | None = None
) -> DeclarationContext:
    played = {}
    for trick in hand.tricks:
        for seat, card in trick.plays(4):
            played[card] = (seat, trick.number)
    return DeclarationContext(
        names=rules.names,
        trump=trump or hand.trump or Suit.SPADES,
        melds=hand.melds,
        belote=hand.belote,
        shared_card=rules.options.shared_card,
        taker=hand.taker if taker is None else taker,
        upcard=hand.upcard,
        played=played,
    )


def belote_call_problems(rules: Table, hand: Hand, call: BeloteCall) -> list[Violation]:
    if hand.belote is not None:
        return [
            Violation(
                "belote-twice",
                tr(
                    "{player} has already announced belote in this hand.",
                    player=rules.names[hand.belote],
                ),
                rule="belote",
            )
        ]
    return belote_problems(decl_context(rules, hand), call.seat)


def result_problems(rules: Table, hand: Hand, result: Result) -> list[Violation]:
    trump = SUITS.get(result.trump)
    if trump is None:
        return [
            Violation(
                "bad-suit",
                tr("'{trump}' is not a suit: trumps are S, H, D or C.", trump=result.trump),
                rule="bidding",
            )
        ]
    t_team = result.taker % 2
    team_names = (
        rules.team_name(rules.teams()[t_team]),
        rules.team_name(rules.teams()[1 - t_team]),
    )
    mine, theirs = result.taker_points, result.defender_points
    theirs = HAND_POINTS - mine if theirs is None else theirs
    last = None if result.last_trick is None else int(result.last_trick % 2 != t_team)
    claim = PointsClaim(team_names, (mine, theirs), last, result.capot)
    problems, _ = points_problems(claim)
    problems += quick_declaration_problems(rules, hand, result, trump)
    return problems


def quick_declaration_problems(
    rules: Table, hand: Hand, result: Result, trump: Suit
) -> list[Violation]:
    opts = rules.options
    if result.declarations and opts.declarations != "all":
        return [
            off(tr("This table does not score carrés and sequences (house rule): leave them out."))
        ]
    if result.belote is not None and opts.declarations == "none":
        return [off(tr("This table does not score belote (house rule): leave them out."))]
    ctx = dataclasses.replace(
        decl_context(rules, hand, trump, result.taker), melds=(), belote=result.belote
    )
    problems = []
    for decl in result.declarations:
        problems += meld_problems(ctx, decl.seat, decl.cards)
        ctx = dataclasses.replace(ctx, melds=(*ctx.melds, (decl.seat, decl.cards)))
    if result.belote is not None and not problems:
        problems += belote_problems(dataclasses.replace(ctx, belote=None), result.belote)
    return problems


def trick_problems(rules: Table, hand: Hand, trick: Trick) -> list[Violation]:
    names, leader = rules.names, rules.leader(hand)
    why = tr("the player after the dealer leads the first, then the winner of each trick")
    if shape := lead_and_size_problems(
        names, leader, trick.leader, len(trick.cards), range(4), why
    ):
        return shape
    problems = [not_in_deck(c) for c in trick.cards if c not in DECK]
    problems += duplicate_problems(trick.cards, hand.tricks)
    if problems:
        return problems
    record, _, proven = rules.played(hand, trick.cards)
    for seat, card in record.plays(4):
        if card == hand.upcard and seat != hand.taker and hand.taker is not None:
            problems.append(
                Violation(
                    "upcard-taker",
                    tr(
                        "{card} was the upcard and went to the taker, {taker}: {player} "
                        "cannot play it.",
                        card=card,
                        taker=names[hand.taker],
                        player=names[seat],
                    ),
                    rule="bidding",
                )
            )
    if problems:
        return problems
    return play_flags(names, hand, record, proven)


def not_in_deck(card: Card) -> Violation:
    return Violation(
        "not-in-deck",
        tr("{card} is not in the Belote pack (A K Q J 10 9 8 7).", card=card),
        rule="deal",
    )


def off(message: Text) -> Violation:
    return Violation("declarations-off", message, rule="declarations")
