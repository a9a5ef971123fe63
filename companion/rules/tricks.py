"""What every trick-taking game shares: the winner of a trick, following suit, and revokes.

Games pass in how *their* cards behave (``suit_of`` for a left bower that belongs to trumps,
``strength`` for a trump order like Belote's J 9 A 10 ...); the mechanics live here once.

>>> from companion.rules.cards import parse_cards, Suit
>>> winner_index(parse_cards("QS 2H AS 3S"), lead=Suit.SPADES, trump=Suit.HEARTS)
1
>>> winner_index(parse_cards("QS JK AS 3S"), lead=Suit.SPADES, trump=Suit.HEARTS)
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from companion.rules.cards import RANK_NAMES, Card, Suit
from companion.rules.core import Severity, Violation

SuitOf = Callable[[Card], "Suit | None"]
Strength = Callable[[Card], int]


def natural_suit(card: Card) -> Suit | None:
    return card.suit


def natural_strength(card: Card) -> int:
    return card.rank


def winner_index(
    cards: Sequence[Card],
    *,
    lead: Suit | None,
    trump: Suit | None,
    suit_of: SuitOf = natural_suit,
    strength: Strength = natural_strength,
    joker_wins: bool = True,
) -> int:
    """Index (in play order) of the card that wins: a joker, else the best trump, else the best
    card of the led suit. With identical cards (several packs) the first one played wins."""

    def key(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (3, 0) if joker_wins else (0, 0)
        suit = suit_of(card)
        if trump is not None and suit == trump:
            return (2, strength(card))
        if suit == lead:
            return (1, strength(card))
        return (0, 0)

    best = 0
    for i in range(1, len(cards)):
        if key(cards[i]) > key(cards[best]):
            best = i
    return best


@dataclasses.dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the cards in play order, who won it."""

    number: int  # 1-based within the hand
    leader: int
    cards: tuple[Card, ...]
    lead: Suit | None
    winner: int  # seat
    # Who played each card, when not every seat plays (Buck Euchre's dropped players);
    # empty means every seat in turn from the leader.
    seats: tuple[int, ...] = ()

    def seat_of(self, position: int, n_seats: int) -> int:
        if self.seats:
            return self.seats[position]
        return (self.leader + position) % n_seats

    def plays(self, n_seats: int) -> list[tuple[int, Card]]:
        return [(self.seat_of(i, n_seats), c) for i, c in enumerate(self.cards)]


def suit_word(suit: Suit) -> str:
    return suit.title.lower()


def card_seen(tricks: Sequence[TrickRecord], card: Card) -> int | None:
    """The number of the trick in which ``card`` was played, if it was."""
    for trick in tricks:
        if card in trick.cards:
            return trick.number
    return None


def lead_and_size_problems(
    names: Sequence[str],
    leader: int,
    claimed: int | None,
    n_cards: int,
    players: Sequence[int],
    why: str,
    absent: str = "",
) -> list[Violation]:
    """The first checks of any recorded trick: the right player leads (``why`` says who leads
    and why), and there is one card from each player who plays (``players``; ``absent`` names
    anyone sitting out, for the message)."""
    if claimed is not None and claimed != leader:
        message = f"{names[leader]} leads this trick ({why}), not {names[claimed]}."
        return [Violation("wrong-leader", message, rule="play")]
    if n_cards != len(players):
        if len(players) == len(names):
            who = "each player"
        else:
            note = f"; {absent}" if absent else ""
            who = f"each player still in ({', '.join(names[s] for s in players)}{note})"
        message = f"This trick needs {len(players)} cards, one from {who}; {n_cards} were given."
        return [Violation("trick-size", message, rule="play")]
    return []


def duplicate_problems(
    cards: Sequence[Card], tricks: Sequence[TrickRecord], copies: int = 1
) -> list[Violation]:
    """A card may be played as many times as the pack holds it (once, unless several packs)."""
    problems = []
    for card in dict.fromkeys(cards):
        before = sum(t.cards.count(card) for t in tricks)
        if before + cards.count(card) > copies:
            where = card_seen(tricks, card)
            said = f"was already played in trick {where}" if where else "appears twice here"
            problems.append(Violation("card-twice", f"{card.label} {said}.", rule="cards"))
    return problems


def _never(card: Card) -> bool:
    return False


def shown_out(
    tricks: Sequence[TrickRecord],
    n_seats: int,
    suit_of: SuitOf = natural_suit,
    free: Callable[[Card], bool] = _never,
) -> dict[tuple[int, Suit], int]:
    """(seat, suit) -> the first trick in which that seat did not follow that led suit.
    ``free`` cards (a joker that may be played at any time) never count as not following."""
    out: dict[tuple[int, Suit], int] = {}
    for trick in tricks:
        if trick.lead is None:
            continue
        # The leader cannot fail to follow, even when a led joker lets the next card set the suit.
        for seat, card in trick.plays(n_seats)[1:]:
            if suit_of(card) != trick.lead and not free(card):
                out.setdefault((seat, trick.lead), trick.number)
    return out


def revoke_flags(
    tricks: Sequence[TrickRecord],
    plays: Sequence[tuple[int, Card]],
    number: int,
    names: Sequence[str],
    suit_of: SuitOf = natural_suit,
    rule: str = "follow-suit",
    free: Callable[[Card], bool] = _never,
) -> list[Violation]:
    """Flag a player who plays a suit after failing to follow it earlier: that earlier trick was
    a revoke, since the card was in their hand all along. Both tricks are named. Each failure is
    proven by the first card of the suit the player plays after it, so a player who revokes in
    a suit again after being flagged for it is flagged again."""
    n = len(names)
    flags = []
    for seat, card in plays:
        suit = suit_of(card)
        if suit is None:
            continue
        for earlier in _unproven_failures(tricks, seat, suit, n, suit_of, free):
            flags.append(
                Violation(
                    "revoke",
                    f"Revoke by {names[seat]}: no {suit_word(suit)[:-1]} in trick {earlier} "
                    f"although {card.label} was still in hand (played in trick {number}).",
                    Severity.IRREGULARITY,
                    rule,
                )
            )
    return flags


def _unproven_failures(
    tricks: Sequence[TrickRecord],
    seat: int,
    suit: Suit,
    n: int,
    suit_of: SuitOf,
    free: Callable[[Card], bool],
) -> list[int]:
    """The tricks (numbers) in which ``seat`` did not follow a lead of ``suit`` and has not
    played that suit since (what a card of the suit played now proves)."""
    failures: list[int] = []
    for trick in tricks:
        # The leader cannot fail to follow, even when a led joker lets the next card set the suit.
        for position, (who, card) in enumerate(trick.plays(n)):
            if who != seat:
                continue
            if suit_of(card) == suit:
                failures.clear()  # those were proven by this card, and flagged then
            elif position and trick.lead == suit and not free(card):
                failures.append(trick.number)
    return failures


def describe_trick(trick: TrickRecord, names: Sequence[str]) -> str:
    n = len(names)
    shown = ", ".join(f"{names[s]} {c.label}" for s, c in trick.plays(n))
    return f"Trick {trick.number}: {shown} — {names[trick.winner]} wins"


@dataclasses.dataclass(frozen=True)
class PlayContext:
    """One play, seen again once the hand is over and every player's cards are known.

    ``hand`` is everything the player still held when playing (this card included): the cards
    they went on to play in this trick and the later ones. ``led`` holds the suits led in
    earlier tricks of the hand.
    """

    tricks: tuple[TrickRecord, ...]
    n_seats: int
    trick: TrickRecord
    position: int  # 0 = the lead
    seat: int
    card: Card
    before: tuple[Card, ...]  # cards already in the trick, in play order
    hand: tuple[Card, ...]
    led: frozenset[Suit]

    def played_in(self, card: Card) -> int | None:
        """The trick (number) in which this player played ``card``, from this trick on."""
        for trick in self.tricks[self.trick.number - 1 :]:
            for seat, played in trick.plays(self.n_seats):
                if seat == self.seat and played == card:
                    return trick.number
        return None

    def evidence(self, cards: Sequence[Card]) -> str:
        """The cards that prove a player could have done better, e.g. Q♦ (played in trick 7)."""
        shown = [f"{c.label} (played in trick {self.played_in(c)})" for c in cards[:2]]
        return " and ".join(shown)


#: A game's check of one play given the whole hand: the reason it broke a rule, or None.
PlayCheck = Callable[[PlayContext], "str | None"]


def audit_hand(
    tricks: Sequence[TrickRecord],
    names: Sequence[str],
    check: PlayCheck,
    rule: str = "follow-suit",
    code: str = "illegal-play",
) -> list[Violation]:
    """Re-check every play of a finished hand against the player's reconstructed hand.

    Every card is played in these games, so the cards a player played from trick k on are
    exactly what they held at trick k. Each play that broke a rule given that hand is flagged
    (an irregularity: it happened at the table) with the trick and the evidence named.
    """
    n = len(names)
    tricks = tuple(tricks)
    held: list[list[Card]] = [[] for _ in range(n)]
    for trick in tricks:
        for seat, card in trick.plays(n):
            held[seat].append(card)
    flags = []
    led: set[Suit] = set()
    for trick in tricks:
        for position, (seat, card) in enumerate(trick.plays(n)):
            ctx = PlayContext(
                tricks=tricks,
                n_seats=n,
                trick=trick,
                position=position,
                seat=seat,
                card=card,
                before=trick.cards[:position],
                hand=tuple(held[seat]),
                led=frozenset(led),
            )
            if (reason := check(ctx)) is not None:
                flags.append(
                    Violation(
                        code,
                        f"Trick {trick.number}: {names[seat]} played {card.label}, but {reason}.",
                        Severity.IRREGULARITY,
                        rule,
                    )
                )
            held[seat].remove(card)
        if trick.lead is not None:
            led.add(trick.lead)
    return flags


def follow_suit_check(suit_of: SuitOf = natural_suit) -> PlayCheck:
    """The plain rule: follow the led suit if you can.

    >>> from companion.rules.cards import parse_cards
    >>> a, b = parse_cards("AS 2H"), parse_cards("KS 3S")
    >>> t1 = TrickRecord(1, 0, a, Suit.SPADES, 0)
    >>> t2 = TrickRecord(2, 0, b, Suit.SPADES, 0)
    >>> [v.message for v in audit_hand([t1, t2], ["Ann", "Bob"], follow_suit_check())]
    ['Trick 1: Bob played 2♥, but they held 3♠ (played in trick 2) and had to follow spades.']
    """

    def check(ctx: PlayContext) -> str | None:
        lead = ctx.trick.lead
        if ctx.position == 0 or lead is None or suit_of(ctx.card) == lead:
            return None
        could = [c for c in ctx.hand if suit_of(c) == lead]
        if not could:
            return None
        return f"they held {ctx.evidence(could)} and had to follow {suit_word(lead)}"

    return check


def order_text(ranks: Sequence[int], points: dict[int, int] | None = None) -> str:
    """Ranks high to low, each with its card points when it has any: ``J (20) · 9 (14) · 8``."""
    values = points or {}
    return " · ".join(
        f"{RANK_NAMES[r]}\u00a0({values[r]})" if values.get(r) else RANK_NAMES[r] for r in ranks
    )
