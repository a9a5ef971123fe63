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

from companion.rules.cards import JACK, KING, QUEEN, RANK_NAMES, Card, Suit, deck
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
from companion.rules.tricks import (
    Failure,
    TrickRecord,
    duplicate_problems,
    follow_step,
    lead_and_size_problems,
    revoke_flags,
    winner_index,
)

HANDS = 4
TRICKS = 13
VARIANTS = {
    "low_penalty": "Low Penalty",
    "keeper": "Keeper",
    "passer": "Passer",
    "match": "Match",
    "dream_team": "Dream Team",
    "face_up": "Face-up",
}
FACE_PENALTY = 5  # for each face rank (J, Q, K) collected twice or more
LOW_PENALTY = 3  # the same with the Low Penalty variant
MATCH_VALUE = 4  # a card of the turned-up rank, with Match
DREAM_TEAM = 5  # exactly one J, one Q and one K, with Dream Team
FACES = ((JACK, "jacks", "Jacks"), (QUEEN, "queens", "Queens"), (KING, "kings", "Kings"))
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
    blurb = "Collect cards in tricks, but not two of the same face card. Four hands, 2-4 players."
    option_info = (
        Option(
            "joker_play",
            "Playing the joker",
            "May the joker be played while you can follow the suit led? (ruling R-1)",
            (("void-only", "only when you cannot follow suit"), ("any-time", "at any time")),
        ),
        Option(
            "joker_lead",
            "Joker led",
            "What must the others play when the joker is led? (ruling R-2)",
            (
                ("no-suit", "anything: there is no suit to follow"),
                ("next-card", "the next card played sets the suit"),
            ),
        ),
        Option(
            "match_scoring",
            "Match cards",
            "With the Match variant, what a card of the turned-up rank is worth (ruling R-3)",
            (("instead", "4 points instead of 1"), ("bonus", "1 point plus a 4-point bonus")),
        ),
        Option(
            "ties",
            "Tie for first",
            "What happens when the top totals are equal after four hands (ruling R-9)",
            (
                ("share", "the tied players share the win"),
                ("play-off", "play another hand until the tie is broken"),
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

    def _hand_label(self, number: int) -> str:
        return f"hand {number} of {HANDS}" if number <= HANDS else f"play-off hand {number}"

    def prompt(self, state: RecruitState) -> str:
        if (end := self.outcome(state)) is not None:
            return "Game over: " + self.winners_text(end)
        hand, names = state.hand, self.names
        if hand is None:
            number = len(state.done) + 1
            if state.next_dealer is None:
                return f"Who deals {self._hand_label(number)}? Record the deal."
            return f"{names[state.next_dealer]} deals {self._hand_label(number)}."
        lead = names[self.leader(hand)]
        if hand.tricks:
            return f"{lead} leads trick {len(hand.tricks) + 1} of {TRICKS}."
        how = {
            "swap": "Players may swap up to 4 cards each. Then ",
            "partner": "Each player passes 4 cards to their partner. Then ",
            "left": "Passer: each player passes 4 cards to the left. Then ",
        }.get(self._exchange_kind(hand) or "", "Keeper: no swapping. ")
        return f"{how}{lead} leads trick 1 — record tricks one by one, or the piles at the end."

    def info(self, state: RecruitState) -> list[tuple[str, str]]:
        hand = state.hand
        if hand is None:
            return []
        trump = "none (joker shown)" if hand.shown.is_joker else _suit_label(hand.shown.suit)
        rows = [
            ("Hand", f"{hand.number} of {HANDS}" if hand.number <= HANDS else "play-off"),
            ("Dealer", self.names[hand.dealer]),
            ("Trump", f"{trump} — {hand.shown.label} turned up"),
        ]
        if hand.variants:
            rows.append(("Variants", _variant_text(hand.variants)))
        if hand.tricks:
            rows.append(("Tricks played", f"{len(hand.tricks)} of {TRICKS}"))
        return rows

    def reminders(self, state: RecruitState) -> list[Reminder]:
        """Who takes a trick this hand, the joker's rules, and what a pile scores with this
        hand's variants."""
        hand = state.hand
        if hand is None or self.outcome(state) is not None:
            return []
        trump = None if hand.shown.is_joker else hand.shown.suit
        best = f"the highest trump {trump.symbol}, else " if trump else ""
        joker_play = (
            "only when you cannot follow suit"
            if self.options.joker_play == "void-only"
            else "at any time"
        )
        joker_lead = (
            "the others may play anything"
            if self.options.joker_lead == "no-suit"
            else "the next card played sets the suit"
        )
        v = hand.variants
        penalty = LOW_PENALTY if "low_penalty" in v else FACE_PENALTY
        low = " (Low Penalty)" if "low_penalty" in v else ""
        pile = [f"1 a card; −{penalty} for each face rank (J, Q, K) held twice or more{low}"]
        if "match" in v and not hand.shown.is_joker:
            rank = RANK_NAMES[hand.shown.rank]
            worth = (
                f"{MATCH_VALUE} instead of 1"
                if self.options.match_scoring == "instead"
                else f"1 + {MATCH_VALUE}"
            )
            pile.append(f"each {rank}, the rank turned up, is worth {worth} (Match)")
        if "dream_team" in v:
            pile.append(f"+{DREAM_TEAM} for exactly one J, one Q and one K (Dream Team)")
        return [
            Reminder(
                "A trick goes to", f"the joker, else {best}the highest card of the suit led", "play"
            ),
            Reminder(
                "The joker", f"may be played {joker_play}; when it leads, {joker_lead}", "options"
            ),
            Reminder("A pile scores", "; ".join(pile), "variants" if len(pile) > 1 else "scoring"),
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
        return [Violation("unknown-event", f"Recruit does not record '{event.kind}' entries.")]

    def _unexpected(self, state: RecruitState, event: Event) -> Violation:
        if self.outcome(state) is not None:
            return Violation("game-over", "The game is over: nothing more can be recorded.")
        if state.hand is None:
            what = "the deal of the next hand"
        elif state.hand.tricks:
            what = f"trick {len(state.hand.tricks) + 1}"
        elif event.kind == "exchange":
            if state.hand.exchanged:
                return Violation(
                    "exchange-twice", "The exchange for this hand is already recorded."
                )
            return Violation(
                "keeper-no-exchange",
                "Keeper was declared for this hand: nobody swaps or passes cards.",
                rule="variants",
            )
        else:
            what = "the exchange, the first trick or the piles"
        return Violation(
            "out-of-order", f"A {event.kind} cannot be recorded now: expecting {what}."
        )

    def _deal_problems(self, state: RecruitState, deal: Deal) -> list[Violation]:
        problems = []
        expected = state.next_dealer
        if expected is not None and deal.dealer != expected:
            problems.append(
                Violation(
                    "wrong-dealer",
                    f"It is {self.names[expected]}'s deal (the deal passes clockwise), "
                    f"not {self.names[deal.dealer]}'s.",
                    rule="setup",
                )
            )
        if deal.shown not in DECK:
            problems.append(_not_in_deck(deal.shown))
        if unknown := sorted(deal.variants - set(VARIANTS)):
            problems.append(
                Violation(
                    "unknown-variant", f"No variant called {', '.join(unknown)}.", rule="variants"
                )
            )
        if {"keeper", "passer"} <= deal.variants:
            problems.append(
                Violation(
                    "keeper-and-passer",
                    "Keeper (no swapping) and Passer (pass 4 to the left) cannot both be declared.",
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
                        f"{name} swapped {count} cards: a player may swap 0 to 4.",
                        rule="exchange",
                    )
                )
            elif kind != "swap" and count != 4:
                to = "to the left" if kind == "left" else "to their partner"
                problems.append(
                    Violation(
                        "pass-count",
                        f"{name} passed {count} cards: each player passes exactly 4 {to}.",
                        rule="exchange",
                    )
                )
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
                    f"The piles hold {total} cards in all, but {TRICKS} tricks of {n} cards make "
                    f"{TRICKS * n}.",
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
            problems += self._rank_total(hand, self._match_rank(hand), "matching cards", got, exact)
        return problems

    def _rank_total(
        self, hand: Hand, rank: int | None, word: str, got: int, exact: bool
    ) -> list[Violation]:
        available = 4 - (1 if rank is not None and hand.shown.rank == rank else 0)
        if got > available or (exact and got != available):
            need = f"exactly {available}" if exact else f"at most {available}"
            why = " (one was turned up)" if available == 3 else ""
            return [
                Violation(
                    "rank-total",
                    f"The piles hold {got} {word}; there must be {need}{why}.",
                    rule="scoring",
                )
            ]
        return []

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
                    f"{name}'s pile has {pile.cards} cards: every trick holds {n} cards, so a pile "
                    f"is a multiple of {n}.",
                    rule="scoring",
                )
            )
        for _, attr, word in FACES:
            if not 0 <= getattr(pile, attr) <= 4:
                out.append(
                    Violation(
                        "face-count",
                        f"{name} cannot have {getattr(pile, attr)} {word}.",
                        rule="scoring",
                    )
                )
        match_rank = self._match_rank(hand)
        if pile.matches is not None and match_rank is None:
            why = (
                "the joker was turned up" if "match" in hand.variants else "Match was not declared"
            )
            if pile.matches:
                out.append(
                    Violation("no-match", f"{name}: no card can match — {why}.", rule="variants")
                )
        elif match_rank in (JACK, QUEEN, KING) and pile.matches is not None:
            attr = {JACK: "jacks", QUEEN: "queens", KING: "kings"}[match_rank]
            if pile.matches != getattr(pile, attr):
                out.append(
                    Violation(
                        "match-count",
                        f"{name}: the matching cards are the {attr} ({getattr(pile, attr)}), not "
                        f"{pile.matches}.",
                        rule="variants",
                    )
                )
        elif match_rank is not None and match_rank not in (JACK, QUEEN, KING):
            if pile.matches is None:
                out.append(
                    Violation(
                        "match-missing",
                        f"Match is on: say how many {RANK_NAMES[match_rank]}s {name} collected.",
                        rule="variants",
                    )
                )
            elif not 0 <= pile.matches <= 3:
                out.append(
                    Violation(
                        "match-count",
                        f"{name} cannot have {pile.matches} matching cards.",
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
                    f"{name}'s pile has {pile.cards} cards but {named} of them are named.",
                    rule="scoring",
                )
            )
        return out

    def _trick_problems(self, hand: Hand, trick: Trick) -> list[Violation]:
        n, names = self.n_seats, self.names
        leader = self.leader(hand)
        why = "won the last one or sits left of the dealer"
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
                        f"{card.label} was turned up to fix trump and is out of play.",
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
    ) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card]]]:
        # Within one trick nothing proves a player could have followed. A revoke shows later,
        # when the player plays the suit they failed to follow (follow_step). By ruling R-1 the
        # joker follows no suit, so playing it on a led suit shows the player out of that suit,
        # unless the table lets the joker be played at any time.
        free = _is_joker if self.options.joker_play == "any-time" else _no_card
        return follow_step(hand.unproven, record, self.n_seats, free=free)

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

    def _summary(self, hand: Hand) -> str:
        trump = "no trump" if hand.shown.is_joker else f"trump {_suit_label(hand.shown.suit)}"
        text = f"{self.names[hand.dealer]} dealt, {hand.shown.label} turned up ({trump})"
        if hand.variants:
            text += "; " + _variant_text(hand.variants)
        return text + (" — card by card" if hand.tricks else "")

    def score_lines(
        self, variants: frozenset[str], shown: Card, got: Collected
    ) -> tuple[ScoreLine, ...]:
        """The explanation of one player's hand score, line by line."""
        lines = []
        match_rank = None if shown.is_joker or "match" not in variants else shown.rank
        matches = got.matches if match_rank is not None else 0
        if matches and self.options.match_scoring == "instead":
            plain = got.cards - matches
            lines.append(ScoreLine(f"{plain} other cards collected, 1 each", plain, "scoring"))
            lines.append(
                ScoreLine(
                    f"Match: {matches} × {RANK_NAMES[match_rank or 0]}, {MATCH_VALUE} each",
                    MATCH_VALUE * matches,
                    "variants",
                )
            )
        else:
            lines.append(ScoreLine(f"{got.cards} cards collected, 1 each", got.cards, "scoring"))
            if matches:
                lines.append(
                    ScoreLine(
                        f"Match bonus: {matches} × {RANK_NAMES[match_rank or 0]}, "
                        f"+{MATCH_VALUE} each",
                        MATCH_VALUE * matches,
                        "variants",
                    )
                )
        penalty = LOW_PENALTY if "low_penalty" in variants else FACE_PENALTY
        for (_, _, word), count in zip(FACES, got.faces, strict=True):
            if count >= 2:
                lines.append(ScoreLine(f"{count} {word}: penalty", -penalty, "scoring"))
        if "dream_team" in variants and got.faces == (1, 1, 1):
            lines.append(ScoreLine("Dream Team: one each of J, Q, K", DREAM_TEAM, "variants"))
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


def _suit_label(suit: Suit | None) -> str:
    return "none" if suit is None else f"{suit.symbol} {suit.title}"


def _variant_text(variants: frozenset[str]) -> str:
    return ", ".join(label for key, label in VARIANTS.items() if key in variants)


def _not_in_deck(card: Card) -> Violation:
    if card.is_joker:
        return Violation(
            "not-in-deck",
            "Recruit uses one plain joker (JK), not a red or black one.",
            rule="setup",
        )
    return Violation("not-in-deck", f"{card.label} is not in the Recruit pack.", rule="setup")
