"""Recruit (Fervent Workshop), following ``shared/rules/recruit/rulings.md``.

Two to four players, 53 cards (one joker), four hands. Each player scores the cards they
collect, minus a penalty for every face rank (J, Q, K) they hold two or more of. The dealer may
declare variants for a hand. With four players, partners sit opposite and add their totals at
the end.

Options (rulings R-1, R-2, R-3, R-9): ``joker_play`` ("void-only" | "any-time"), ``joker_lead``
("no-suit" | "next-card"), ``match_scoring`` ("instead" | "bonus"), ``ties`` ("share" |
"play-off").

The events and state are in :mod:`.events`, the cards and play in :mod:`.play`, the checks of an
entry in :mod:`.checks` and the words in :mod:`.text`.

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

from companion.games.recruit import checks, play, text
from companion.games.recruit.events import (
    Collected,
    Deal,
    Exchange,
    Hand,
    Pile,
    Piles,
    RecruitOptions,
    RecruitState,
    Trick,
)
from companion.games.recruit.play import (
    DECK,
    DREAM_TEAM,
    FACE_PENALTY,
    FACES,
    HANDS,
    LOW_PENALTY,
    MATCH_VALUE,
    TRICKS,
    VARIANTS,
)
from companion.rules.cards import Card
from companion.rules.core import (
    Family,
    HandByHand,
    HandScore,
    Option,
    Outcome,
    ScoreLine,
    Violation,
)
from companion.rules.events import Event, event_types
from companion.rules.text import tr, tr_n
from companion.rules.tricks import (
    Failure,
    TrickRecord,
    counted_step,
    follow_step,
    rank_word,
    winner_index,
)

#: Also imported from here by the web layer and the tests (``game.Pile``, ``game.VARIANTS``).
__all__ = ["VARIANTS", "Pile", "Recruit"]


class Recruit(HandByHand[RecruitState, RecruitOptions]):
    key = "recruit"
    title = "Recruit"
    family = Family.TRICK_TAKING
    seats = range(2, 5)
    options_type = RecruitOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Exchange, Piles, Trick)
    blurb = tr("Collect cards in tricks, but not two of the same face card, over four hands.")
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

    def expects(self, state: RecruitState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        if hand.tricks:
            return frozenset({"trick"})
        exchanges = play.exchange_kind(hand, self.n_seats) is not None
        can_exchange = not hand.exchanged and exchanges
        return frozenset({"trick", "piles"} | ({"exchange"} if can_exchange else set()))

    def leader(self, hand: Hand) -> int:
        if hand.tricks:
            return hand.tricks[-1].winner
        return (hand.dealer + 1) % self.n_seats

    def to_act(self, state: RecruitState) -> int | None:
        if state.hand is None:
            return state.next_dealer
        return self.leader(state.hand)

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: RecruitState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        assert state.hand is not None
        if isinstance(event, Exchange):
            return checks.exchange_problems(self, state.hand, event)
        if isinstance(event, Piles):
            return checks.piles_problems(self, state.hand, event)
        if isinstance(event, Trick):
            return checks.trick_problems(self, state.hand, event)
        message = tr("Recruit does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    def follow_step(
        self, hand: Hand, record: TrickRecord
    ) -> tuple[tuple[Failure, ...], list[tuple[Failure, Card | None]]]:
        # Within one trick nothing proves a player could have followed. A revoke shows later,
        # when the player plays the suit they failed to follow (follow_step), or when the cards
        # still unseen leave them no hand without it (counted_step: every player holds 13
        # cards, 13 - n after trick n). By ruling R-1 the joker follows no suit, so playing it
        # on a led suit shows the player out of that suit, unless the table lets the joker be
        # played at any time.
        free = play.is_joker if self.options.joker_play == "any-time" else play.no_card
        still, proven = follow_step(hand.unproven, record, self.n_seats, free=free)
        played = {c for t in (*hand.tricks, record) for c in t.cards}
        unseen = DECK - played - {hand.shown}
        left = TRICKS - record.number
        still, counted = counted_step(still, unseen, lambda seat: left)
        return still, [*proven, *counted]

    def record(self, hand: Hand, cards: Sequence[Card]) -> TrickRecord:
        leader = self.leader(hand)
        lead = play.lead(self.options, cards)
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
            return self._finish(state, hand, [play.from_pile(hand, p) for p in event.piles])
        assert isinstance(event, Trick)
        record = self.record(hand, event.cards)
        unproven, _ = self.follow_step(hand, record)
        hand = dataclasses.replace(hand, tricks=(*hand.tricks, record), unproven=unproven)
        if len(hand.tricks) < TRICKS:
            return dataclasses.replace(state, hand=hand)
        return self._finish(state, hand, play.from_tricks(hand, self.n_seats))

    def _finish(self, state: RecruitState, hand: Hand, piles: list[Collected]) -> RecruitState:
        lines = tuple(self.score_lines(hand.variants, hand.shown, c) for c in piles)
        score = HandScore(
            number=hand.number,
            points=tuple(sum(line.points for line in seat) for seat in lines),
            lines=lines,
            dealer=hand.dealer,
            summary=text.summary(self, hand),
        )
        return RecruitState(
            done=(*state.done, score), hand=None, next_dealer=(hand.dealer + 1) % self.n_seats
        )

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
                lines.append(ScoreLine(text.penalty_label(rank, count), -penalty, "scoring"))
        if "dream_team" in variants and got.faces == (1, 1, 1):
            label = tr("Dream Team: one each of J, Q, K")
            lines.append(ScoreLine(label, DREAM_TEAM, "variants"))
        return tuple(lines)

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
