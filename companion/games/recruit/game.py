"""Recruit (Fervent Workshop), following ``shared/rules/recruit/rulings.md``.

Two to four players, 53 cards (one joker), four hands. Each player scores the cards they
collect, minus a penalty for every face rank (J, Q, K) they hold two or more of. The dealer may
declare variants for a hand. With four players, partners sit opposite and add their totals at
the end.

Options (rulings R-1, R-2, R-3, R-9): ``joker_play`` ("void-only" | "any-time"), ``joker_lead``
("no-suit" | "next-card"), ``match_scoring`` ("instead" | "bonus"), ``ties`` ("share" |
"play-off").

A hand recorded quickly (piles), three players:

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card
>>> rules = Recruit(3, names=["Ann", "Bob", "Cat"])
>>> log = [Deal(dealer=0, shown=parse_card("7H")),
...        Piles(piles=(Pile(cards=12, kings=2), Pile(cards=18, jacks=1, queens=1, kings=1),
...                     Pile(cards=9)))]
>>> rules.hands(replay(rules, log).state)[0].points
(7, 18, 9)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar

from companion.rules.cards import JACK, KING, QUEEN, Card, Suit, deck
from companion.rules.core import (
    Family,
    HandScore,
    Option,
    Outcome,
    Reminder,
    Rules,
    ScoreLine,
    Violation,
)
from companion.rules.events import Event, PerSeat, Record, Seat, event_types
from companion.rules.text import Text, tr, tr_n, trc
from companion.rules.tricks import (
    Failure,
    TrickRecord,
    comma_list,
    counted_step,
    duplicate_problems,
    follow_step,
    lead_and_size_problems,
    rank_word,
    revoke_flags,
    suit_title,
    winner_index,
)

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


# --- events ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = "Who dealt, the card turned up for trump, and the variants declared for the hand."
    dealer: Seat
    shown: Card
    variants: frozenset[str] = frozenset()


@dataclasses.dataclass(frozen=True, kw_only=True)
class Exchange(Event):
    kind = "exchange"
    summary = "How many cards each player swapped (2-3 players) or passed (4 players, Passer)."
    swapped: PerSeat[int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Pile(Record):
    """What one player collected: the number of cards, the face cards among them, and (Match)
    how many have the rank of the card turned up."""

    cards: int
    jacks: int = 0
    queens: int = 0
    kings: int = 0
    matches: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Piles(Event):
    kind = "piles"
    summary = "Quick entry of a whole hand: what each player collected."
    piles: PerSeat[Pile]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = "One trick, card by card, in the order played from the leader."
    cards: tuple[Card, ...]
    leader: Seat | None = None


# --- options and state ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RecruitOptions:
    joker_play: str = "void-only"
    joker_lead: str = "no-suit"
    match_scoring: str = "instead"
    ties: str = "share"


@dataclasses.dataclass(frozen=True)
class Hand:
    number: int
    dealer: int
    shown: Card
    variants: frozenset[str]
    exchanged: bool = False
    tricks: tuple[TrickRecord, ...] = ()
    unproven: tuple[Failure, ...] = ()  # failures to follow no later card has shown yet


@dataclasses.dataclass(frozen=True)
class RecruitState:
    done: tuple[HandScore, ...] = ()
    hand: Hand | None = None
    next_dealer: int | None = None


@dataclasses.dataclass(frozen=True)
class Collected:
    """A pile reduced to what scoring needs."""

    cards: int
    faces: tuple[int, int, int]  # jacks, queens, kings
    matches: int


class Recruit(Rules[RecruitState, RecruitOptions]):
    key = "recruit"
    title = "Recruit"
    family = Family.TRICK_TAKING
    seats = range(2, 5)
    options_type = RecruitOptions
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Exchange, Piles, Trick)
    blurb = tr(
        "Collect cards in tricks, but not two of the same face card. Four hands, 2-4 players."
    )
    option_info = (
        Option(
            "joker_play",
            tr("Playing the joker"),
            tr("May the joker be played while you can follow the suit led? (ruling R-1)"),
            (
                ("void-only", tr("only when you cannot follow suit")),
                ("any-time", tr("at any time")),
            ),
        ),
        Option(
            "joker_lead",
            tr("Joker led"),
            tr("What must the others play when the joker is led? (ruling R-2)"),
            (
                ("no-suit", tr("anything: there is no suit to follow")),
                ("next-card", tr("the next card played sets the suit")),
            ),
        ),
        Option(
            "match_scoring",
            tr("Match cards"),
            tr("With the Match variant, what a card of the turned-up rank is worth (ruling R-3)"),
            (
                ("instead", tr("{value} points instead of 1", value=MATCH_VALUE)),
                ("bonus", tr("1 point plus a {value}-point bonus", value=MATCH_VALUE)),
            ),
        ),
        Option(
            "ties",
            tr("Tie for first"),
            tr("What happens when the top totals are equal after four hands (ruling R-9)"),
            (
                ("share", tr("the tied players share the win")),
                ("play-off", tr("play another hand until the tie is broken")),
            ),
        ),
    )

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> RecruitState:
        return RecruitState()

    def teams(self) -> tuple[tuple[int, ...], ...]:
        if self.n_seats == 4:
            return ((0, 2), (1, 3))
        return super().teams()

    def _exchange_kind(self, hand: Hand) -> str | None:
        if "keeper" in hand.variants:
            return None
        if "passer" in hand.variants:
            return "left"
        return "partner" if self.n_seats == 4 else "swap"

    def expects(self, state: RecruitState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        if hand.tricks:
            return frozenset({"trick"})
        can_exchange = not hand.exchanged and self._exchange_kind(hand) is not None
        return frozenset({"trick", "piles"} | ({"exchange"} if can_exchange else set()))

    def dealer(self, state: RecruitState) -> int | None:
        return state.hand.dealer if state.hand else state.next_dealer

    def leader(self, hand: Hand) -> int:
        if hand.tricks:
            return hand.tricks[-1].winner
        return (hand.dealer + 1) % self.n_seats

    def to_act(self, state: RecruitState) -> int | None:
        if state.hand is None:
            return state.next_dealer
        return self.leader(state.hand)

    def _hand_label(self, number: int) -> Text:
        if number <= HANDS:
            return tr("hand {number} of {hands}", number=number, hands=HANDS)
        return tr("play-off hand {number}", number=number)

    def prompt(self, state: RecruitState) -> str:
        if (end := self.outcome(state)) is not None:
            return tr("Game over: {result}", result=self.winners_text(end))
        hand, names = state.hand, self.names
        if hand is None:
            label = self._hand_label(len(state.done) + 1)
            if state.next_dealer is None:
                return tr("Who deals {hand}? Record the deal.", hand=label)
            return tr("{dealer} deals {hand}.", dealer=names[state.next_dealer], hand=label)
        lead = names[self.leader(hand)]
        if hand.tricks:
            return tr(
                "{player} leads trick {number} of {tricks}.",
                player=lead,
                number=len(hand.tricks) + 1,
                tricks=TRICKS,
            )
        kind = self._exchange_kind(hand)
        if kind == "swap":
            return tr(
                "Players may swap up to 4 cards each. Then {player} leads trick 1 — record "
                "tricks one by one, or the piles at the end.",
                player=lead,
            )
        if kind == "partner":
            return tr(
                "Each player passes 4 cards to their partner. Then {player} leads trick 1 — "
                "record tricks one by one, or the piles at the end.",
                player=lead,
            )
        if kind == "left":
            return tr(
                "Passer: each player passes 4 cards to the left. Then {player} leads trick 1 — "
                "record tricks one by one, or the piles at the end.",
                player=lead,
            )
        return tr(
            "Keeper: no swapping. {player} leads trick 1 — record tricks one by one, or the "
            "piles at the end.",
            player=lead,
        )

    def info(self, state: RecruitState) -> list[tuple[str, str]]:
        hand = state.hand
        if hand is None:
            return []
        shown = hand.shown
        if shown.suit is None:
            trump = tr("none (joker shown) — {card} turned up", card=shown)
        else:
            trump = tr(
                "{suit} {name} — {card} turned up",
                suit=shown.suit,
                name=suit_title(shown.suit),
                card=shown,
            )
        if hand.number <= HANDS:
            number = tr("{number} of {total}", number=hand.number, total=HANDS)
        else:
            number = trc("Recruit hand", "play-off")
        rows: list[tuple[str, str]] = [
            (tr("Hand"), number),
            (tr("Dealer"), self.names[hand.dealer]),
            (tr("Trump"), trump),
        ]
        if hand.variants:
            rows.append((tr("Variants"), _variant_text(hand.variants)))
        if hand.tricks:
            played = tr("{number} of {total}", number=len(hand.tricks), total=TRICKS)
            rows.append((tr("Tricks played"), played))
        return rows

    def reminders(self, state: RecruitState) -> list[Reminder]:
        """Who takes a trick this hand, the joker's rules, and what a pile scores with this
        hand's variants."""
        hand = state.hand
        if hand is None or self.outcome(state) is not None:
            return []
        trump = hand.shown.suit
        if trump is None:
            trick = tr("the joker, else the highest card of the suit led")
        else:
            trick = tr(
                "the joker, else the highest trump {suit}, else the highest card of the suit led",
                suit=trump,
            )
        if self.options.joker_play == "void-only":
            joker_play = tr("only when you cannot follow suit")
        else:
            joker_play = tr("at any time")
        if self.options.joker_lead == "no-suit":
            joker_lead = tr("the others may play anything")
        else:
            joker_lead = tr("the next card played sets the suit")
        joker = tr("may be played {when}; when it leads, {then}", when=joker_play, then=joker_lead)
        v = hand.variants
        if "low_penalty" in v:
            pile = tr(
                "1 a card; −{penalty} for each face rank (J, Q, K) held twice or more "
                "(Low Penalty)",
                penalty=LOW_PENALTY,
            )
        else:
            pile = tr(
                "1 a card; −{penalty} for each face rank (J, Q, K) held twice or more",
                penalty=FACE_PENALTY,
            )
        more = False
        if "match" in v and not hand.shown.is_joker:
            rank = rank_word(hand.shown.rank)
            if self.options.match_scoring == "instead":
                match = tr(
                    "each {rank}, the rank turned up, is worth {value} instead of 1 (Match)",
                    rank=rank,
                    value=MATCH_VALUE,
                )
            else:
                match = tr(
                    "each {rank}, the rank turned up, is worth 1 + {value} (Match)",
                    rank=rank,
                    value=MATCH_VALUE,
                )
            pile, more = tr("{rules}; {rule}", rules=pile, rule=match), True
        if "dream_team" in v:
            dream = tr("+{bonus} for exactly one J, one Q and one K (Dream Team)", bonus=DREAM_TEAM)
            pile, more = tr("{rules}; {rule}", rules=pile, rule=dream), True
        return [
            Reminder(tr("A trick goes to"), trick, "play"),
            Reminder(tr("The joker"), joker, "options"),
            Reminder(tr("A pile scores"), pile, "variants" if more else "scoring"),
        ]

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: RecruitState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [self._unexpected(state, event)]
        if isinstance(event, Deal):
            return self._deal_problems(state, event)
        assert state.hand is not None
        if isinstance(event, Exchange):
            return self._exchange_problems(state.hand, event)
        if isinstance(event, Piles):
            return self._piles_problems(state.hand, event)
        if isinstance(event, Trick):
            return self._trick_problems(state.hand, event)
        message = tr("Recruit does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    def _unexpected(self, state: RecruitState, event: Event) -> Violation:
        if self.outcome(state) is not None:
            return Violation("game-over", tr("The game is over: nothing more can be recorded."))
        if state.hand is None:
            what = tr("the deal of the next hand")
        elif state.hand.tricks:
            what = tr("trick {number}", number=len(state.hand.tricks) + 1)
        elif event.kind == "exchange":
            if state.hand.exchanged:
                return Violation(
                    "exchange-twice", tr("The exchange for this hand is already recorded.")
                )
            return Violation(
                "keeper-no-exchange",
                tr("Keeper was declared for this hand: nobody swaps or passes cards."),
                rule="variants",
            )
        else:
            what = tr("the exchange, the first trick or the piles")
        kinds = {
            "deal": trc("entry kind", "deal"),
            "exchange": trc("entry kind", "exchange"),
            "piles": trc("entry kind", "piles"),
            "trick": trc("entry kind", "trick"),
        }
        kind = kinds.get(event.kind, event.kind)
        return Violation(
            "out-of-order",
            tr("A {kind} cannot be recorded now: expecting {what}.", kind=kind, what=what),
        )

    def _deal_problems(self, state: RecruitState, deal: Deal) -> list[Violation]:
        problems = []
        expected = state.next_dealer
        if expected is not None and deal.dealer != expected:
            problems.append(
                Violation(
                    "wrong-dealer",
                    tr(
                        "It is {dealer}'s deal (the deal passes clockwise), not {player}'s.",
                        dealer=self.names[expected],
                        player=self.names[deal.dealer],
                    ),
                    rule="setup",
                )
            )
        if deal.shown not in DECK:
            problems.append(_not_in_deck(deal.shown))
        if unknown := sorted(deal.variants - set(VARIANTS)):
            problems.append(
                Violation(
                    "unknown-variant",
                    tr("No variant called {variants}.", variants=comma_list(unknown)),
                    rule="variants",
                )
            )
        if {"keeper", "passer"} <= deal.variants:
            problems.append(
                Violation(
                    "keeper-and-passer",
                    tr(
                        "Keeper (no swapping) and Passer (pass 4 to the left) cannot both be "
                        "declared."
                    ),
                    rule="variants",
                )
            )
        return problems

    def _exchange_problems(self, hand: Hand, ex: Exchange) -> list[Violation]:
        kind = self._exchange_kind(hand)
        problems = []
        for seat, count in enumerate(ex.swapped):
            name = self.names[seat]
            if kind == "swap" and not 0 <= count <= 4:
                problems.append(
                    Violation(
                        "swap-count",
                        tr_n(
                            "{player} swapped {n} card: a player may swap 0 to 4.",
                            "{player} swapped {n} cards: a player may swap 0 to 4.",
                            count,
                            player=name,
                        ),
                        rule="exchange",
                    )
                )
            elif kind != "swap" and count != 4:
                if kind == "left":
                    message = tr_n(
                        "{player} passed {count} card: each player passes exactly 4 to the left.",
                        "{player} passed {count} cards: each player passes exactly 4 to the left.",
                        count,
                        player=name,
                        count=count,
                    )
                else:
                    message = tr_n(
                        "{player} passed {count} card: each player passes exactly 4 to their "
                        "partner.",
                        "{player} passed {count} cards: each player passes exactly 4 to their "
                        "partner.",
                        count,
                        player=name,
                        count=count,
                    )
                problems.append(Violation("pass-count", message, rule="exchange"))
        return problems

    def _piles_problems(self, hand: Hand, event: Piles) -> list[Violation]:
        n, names = self.n_seats, self.names
        problems: list[Violation] = []
        for seat, pile in enumerate(event.piles):
            problems += self._pile_problems(hand, names[seat], pile)
        if problems:
            return problems
        total = sum(p.cards for p in event.piles)
        if total != TRICKS * n:
            problems.append(
                Violation(
                    "piles-total",
                    tr_n(
                        "The piles hold {total} card in all, but {tricks} tricks of {n} cards "
                        "make {needed}.",
                        "The piles hold {total} cards in all, but {tricks} tricks of {n} cards "
                        "make {needed}.",
                        total,
                        total=total,
                        tricks=TRICKS,
                        n=n,
                        needed=TRICKS * n,
                    ),
                    rule="scoring",
                )
            )
        # With four players every card except the one turned up ends in a pile; with fewer,
        # some may be in the stock or discarded, so the counts are only upper limits.
        exact = n == 4
        for rank, attr, word in FACES:
            got = sum(getattr(p, attr) for p in event.piles)
            problems += self._rank_total(hand, rank, word, got, exact)
        if self._match_rank(hand) not in (None, JACK, QUEEN, KING):
            got = sum(p.matches or 0 for p in event.piles)
            word = trc("Recruit cards", "matching cards")
            problems += self._rank_total(hand, self._match_rank(hand), word, got, exact)
        return problems

    def _rank_total(
        self, hand: Hand, rank: int | None, word: Text, got: int, exact: bool
    ) -> list[Violation]:
        available = 4 - (1 if rank is not None and hand.shown.rank == rank else 0)
        if not (got > available or (exact and got != available)):
            return []
        values = {"count": got, "cards": word, "available": available}
        if exact and available == 3:
            message = tr(
                "The piles hold {count} {cards}; there must be exactly {available} (one was "
                "turned up).",
                **values,
            )
        elif exact:
            message = tr(
                "The piles hold {count} {cards}; there must be exactly {available}.", **values
            )
        elif available == 3:
            message = tr(
                "The piles hold {count} {cards}; there must be at most {available} (one was "
                "turned up).",
                **values,
            )
        else:
            message = tr(
                "The piles hold {count} {cards}; there must be at most {available}.", **values
            )
        return [Violation("rank-total", message, rule="scoring")]

    def _match_rank(self, hand: Hand) -> int | None:
        if "match" not in hand.variants or hand.shown.is_joker:
            return None
        return hand.shown.rank

    def _pile_problems(self, hand: Hand, name: str, pile: Pile) -> list[Violation]:
        n = self.n_seats
        out = []
        if pile.cards < 0 or pile.cards % n:
            out.append(
                Violation(
                    "pile-size",
                    tr_n(
                        "{player}'s pile has {count} card: every trick holds {n} cards, so a "
                        "pile is a multiple of {n}.",
                        "{player}'s pile has {count} cards: every trick holds {n} cards, so a "
                        "pile is a multiple of {n}.",
                        pile.cards,
                        player=name,
                        count=pile.cards,
                        n=n,
                    ),
                    rule="scoring",
                )
            )
        for _, attr, word in FACES:
            if not 0 <= getattr(pile, attr) <= 4:
                out.append(
                    Violation(
                        "face-count",
                        tr(
                            "{player} cannot have {count} {cards}.",
                            player=name,
                            count=getattr(pile, attr),
                            cards=word,
                        ),
                        rule="scoring",
                    )
                )
        match_rank = self._match_rank(hand)
        if pile.matches is not None and match_rank is None:
            if pile.matches:
                if "match" in hand.variants:
                    why = tr("{player}: no card can match — the joker was turned up.", player=name)
                else:
                    why = tr("{player}: no card can match — Match was not declared.", player=name)
                out.append(Violation("no-match", why, rule="variants"))
        elif match_rank in (JACK, QUEEN, KING) and pile.matches is not None:
            attr = {JACK: "jacks", QUEEN: "queens", KING: "kings"}[match_rank]
            if pile.matches != getattr(pile, attr):
                out.append(
                    Violation(
                        "match-count",
                        tr(
                            "{player}: the matching cards are the {cards} ({count}), not "
                            "{matches}.",
                            player=name,
                            cards=FACE_WORDS[match_rank],
                            count=getattr(pile, attr),
                            matches=pile.matches,
                        ),
                        rule="variants",
                    )
                )
        elif match_rank is not None and match_rank not in (JACK, QUEEN, KING):
            if pile.matches is None:
                out.append(
                    Violation(
                        "match-missing",
                        tr(
                            "Match is on: say how many {rank}s {player} collected.",
                            rank=rank_word(match_rank),
                            player=name,
                        ),
                        rule="variants",
                    )
                )
            elif not 0 <= pile.matches <= 3:
                out.append(
                    Violation(
                        "match-count",
                        tr(
                            "{player} cannot have {count} matching cards.",
                            player=name,
                            count=pile.matches,
                        ),
                        rule="variants",
                    )
                )
        named = sum(getattr(pile, a) for _, a, _ in FACES)
        if match_rank is not None and match_rank not in (JACK, QUEEN, KING):
            named += pile.matches or 0
        if not out and named > pile.cards:
            out.append(
                Violation(
                    "pile-too-small",
                    tr_n(
                        "{player}'s pile has {count} card but {named} of them are named.",
                        "{player}'s pile has {count} cards but {named} of them are named.",
                        pile.cards,
                        player=name,
                        count=pile.cards,
                        named=named,
                    ),
                    rule="scoring",
                )
            )
        return out

    def _trick_problems(self, hand: Hand, trick: Trick) -> list[Violation]:
        n, names = self.n_seats, self.names
        leader = self.leader(hand)
        why = tr("won the last one or sits left of the dealer")
        if shape := lead_and_size_problems(
            names, leader, trick.leader, len(trick.cards), range(n), why
        ):
            return shape
        problems = [_not_in_deck(c) for c in trick.cards if c not in DECK]
        for card in trick.cards:
            if card == hand.shown:
                problems.append(
                    Violation(
                        "shown-card",
                        tr("{card} was turned up to fix trump and is out of play.", card=card),
                        rule="setup",
                    )
                )
        problems += duplicate_problems(trick.cards, hand.tricks)
        if problems:
            return problems
        record = self._record(hand, trick.cards)
        _, proven = self._follow_step(hand, record)
        return revoke_flags(proven, record.number, names)

    def _follow_step(
        self, hand: Hand, record: TrickRecord
    ) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card | None]]]:
        # Within one trick nothing proves a player could have followed. A revoke shows later,
        # when the player plays the suit they failed to follow (follow_step), or when the cards
        # still unseen leave them no hand without it (counted_step: every player holds 13
        # cards, 13 - n after trick n). By ruling R-1 the joker follows no suit, so playing it
        # on a led suit shows the player out of that suit, unless the table lets the joker be
        # played at any time.
        free = _is_joker if self.options.joker_play == "any-time" else _no_card
        still, proven = follow_step(hand.unproven, record, self.n_seats, free=free)
        played = {c for t in (*hand.tricks, record) for c in t.cards}
        unseen = DECK - played - {hand.shown}
        left = TRICKS - record.number
        still, counted = counted_step(still, unseen, lambda seat: left)
        return still, [*proven, *counted]

    def _lead(self, cards: Sequence[Card]) -> Suit | None:
        if not cards[0].is_joker:
            return cards[0].suit
        if self.options.joker_lead == "next-card" and len(cards) > 1:
            return cards[1].suit
        return None

    def _record(self, hand: Hand, cards: Sequence[Card]) -> TrickRecord:
        leader = self.leader(hand)
        lead = self._lead(cards)
        trump = None if hand.shown.is_joker else hand.shown.suit
        win = winner_index(cards, lead=lead, trump=trump)
        return TrickRecord(
            len(hand.tricks) + 1, leader, tuple(cards), lead, (leader + win) % self.n_seats
        )

    # --- apply and score --------------------------------------------------------------------
    def apply(self, state: RecruitState, event: Event) -> RecruitState:
        if isinstance(event, Deal):
            new = Hand(len(state.done) + 1, event.dealer, event.shown, event.variants)
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Exchange):
            return dataclasses.replace(state, hand=dataclasses.replace(hand, exchanged=True))
        if isinstance(event, Piles):
            return self._finish(state, hand, [self._from_pile(hand, p) for p in event.piles])
        assert isinstance(event, Trick)
        record = self._record(hand, event.cards)
        unproven, _ = self._follow_step(hand, record)
        hand = dataclasses.replace(hand, tricks=(*hand.tricks, record), unproven=unproven)
        if len(hand.tricks) < TRICKS:
            return dataclasses.replace(state, hand=hand)
        return self._finish(state, hand, self._from_tricks(hand))

    def _from_pile(self, hand: Hand, pile: Pile) -> Collected:
        faces = (pile.jacks, pile.queens, pile.kings)
        rank = self._match_rank(hand)
        if rank is None:
            matches = 0
        elif rank in (JACK, QUEEN, KING):
            matches = faces[(JACK, QUEEN, KING).index(rank)]
        else:
            matches = pile.matches or 0
        return Collected(pile.cards, faces, matches)

    def _from_tricks(self, hand: Hand) -> list[Collected]:
        won: list[list[Card]] = [[] for _ in range(self.n_seats)]
        for trick in hand.tricks:
            won[trick.winner] += trick.cards
        rank = self._match_rank(hand)
        return [
            Collected(
                len(cards),
                tuple(sum(1 for c in cards if c.rank == r) for r in (JACK, QUEEN, KING)),  # type: ignore[arg-type]
                sum(1 for c in cards if rank is not None and c.rank == rank),
            )
            for cards in won
        ]

    def _finish(self, state: RecruitState, hand: Hand, piles: list[Collected]) -> RecruitState:
        lines = tuple(self.score_lines(hand.variants, hand.shown, c) for c in piles)
        score = HandScore(
            number=hand.number,
            points=tuple(sum(line.points for line in seat) for seat in lines),
            lines=lines,
            dealer=hand.dealer,
            summary=self._summary(hand),
        )
        return RecruitState(
            done=(*state.done, score), hand=None, next_dealer=(hand.dealer + 1) % self.n_seats
        )

    def _summary(self, hand: Hand) -> Text:
        shown = hand.shown
        if shown.suit is None:
            trump = tr("no trump")
        else:
            trump = tr("trump {suit} {name}", suit=shown.suit, name=suit_title(shown.suit))
        dealer = self.names[hand.dealer]
        if hand.variants:
            text = tr(
                "{dealer} dealt, {card} turned up ({trump}); {variants}",
                dealer=dealer,
                card=shown,
                trump=trump,
                variants=_variant_text(hand.variants),
            )
        else:
            text = tr(
                "{dealer} dealt, {card} turned up ({trump})", dealer=dealer, card=shown, trump=trump
            )
        return tr("{hand} — card by card", hand=text) if hand.tricks else text

    def score_lines(
        self, variants: frozenset[str], shown: Card, got: Collected
    ) -> tuple[ScoreLine, ...]:
        """The explanation of one player's hand score, line by line."""
        lines = []
        match_rank = None if shown.is_joker or "match" not in variants else shown.rank
        matches = got.matches if match_rank is not None else 0
        if matches and self.options.match_scoring == "instead":
            plain = got.cards - matches
            label = tr_n(
                "{count} other card collected, 1 each",
                "{count} other cards collected, 1 each",
                plain,
                count=plain,
            )
            lines.append(ScoreLine(label, plain, "scoring"))
            label = tr(
                "Match: {count} × {rank}, {value} each",
                count=matches,
                rank=rank_word(match_rank or 0),
                value=MATCH_VALUE,
            )
            lines.append(ScoreLine(label, MATCH_VALUE * matches, "variants"))
        else:
            label = tr_n(
                "{count} card collected, 1 each",
                "{count} cards collected, 1 each",
                got.cards,
                count=got.cards,
            )
            lines.append(ScoreLine(label, got.cards, "scoring"))
            if matches:
                label = tr(
                    "Match bonus: {count} × {rank}, +{value} each",
                    count=matches,
                    rank=rank_word(match_rank or 0),
                    value=MATCH_VALUE,
                )
                lines.append(ScoreLine(label, MATCH_VALUE * matches, "variants"))
        penalty = LOW_PENALTY if "low_penalty" in variants else FACE_PENALTY
        for (rank, _, _), count in zip(FACES, got.faces, strict=True):
            if count >= 2:
                lines.append(ScoreLine(_penalty_label(rank, count), -penalty, "scoring"))
        if "dream_team" in variants and got.faces == (1, 1, 1):
            label = tr("Dream Team: one each of J, Q, K")
            lines.append(ScoreLine(label, DREAM_TEAM, "variants"))
        return tuple(lines)

    def hands(self, state: RecruitState) -> tuple[HandScore, ...]:
        return state.done

    def outcome(self, state: RecruitState) -> Outcome | None:
        if len(state.done) < HANDS or state.hand is not None:
            return None
        totals = self.team_totals(state)
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if len(top) > 1 and self.options.ties == "play-off":
            return None
        winners = tuple(s for i in top for s in self.teams()[i])
        return Outcome("hands-played", winners)


def _no_card(card: Card) -> bool:
    return False


def _is_joker(card: Card) -> bool:
    return card.is_joker


def _penalty_label(rank: int, count: int) -> Text:
    """``2 Kings: penalty`` (a face rank collected twice or more)."""
    if rank == JACK:
        return tr_n("{n} Jack: penalty", "{n} Jacks: penalty", count)
    if rank == QUEEN:
        return tr_n("{n} Queen: penalty", "{n} Queens: penalty", count)
    return tr_n("{n} King: penalty", "{n} Kings: penalty", count)


def _variant_text(variants: frozenset[str]) -> str:
    """The variants declared, in their usual order: ``Low Penalty, Match``."""
    return comma_list([label for key, label in VARIANTS.items() if key in variants])


def _not_in_deck(card: Card) -> Violation:
    if card.is_joker:
        return Violation(
            "not-in-deck",
            tr("Recruit uses one plain joker (JK), not a red or black one."),
            rule="setup",
        )
    message = tr("{card} is not in the Recruit pack.", card=card)
    return Violation("not-in-deck", message, rule="setup")
