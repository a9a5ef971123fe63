"""Ui77, following ``shared/rules/ui77/rulings.md`` §4.

Two to five players, each for themselves, a 52-card pack. Each hand: nine cards each, three
cards face up (Card One: the trump suit; Card Two: the slough suit, how many cards each player
may throw away and from which trick trump has power; Card Three: the target number of tricks,
all read from the determinations table in :mod:`play`) and a four-card draw deck for the
winners of tricks 1 to 4. The hand ends when a player has no card left. A hand scores the
distance between tricks won and the target, plus one point per card left outside the slough
suit, plus cut penalties; low is good. Once every player has dealt, the table picks a goal (a
multiple of 11); landing on it exactly ("Go Nov") resets a total to the average of the others,
and passing it ends the game. Lowest total wins.

A hand recorded card by card, two players. Ann deals 5♠ 8♥ 7♦ face up: trump ♠ with no power
before trick 2, slough ♥, throw up to 3, target 4 tricks. Bob throws 3 cards and Ann 2.
Bob takes 5 tricks and keeps one heart; Ann takes 3 and plays her last card in trick 8.

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c, parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = Ui77(2, names=["Ann", "Bob"])
>>> log = [Deal(dealer=Seat(0), card_one=c("5S"), card_two=c("8H"), card_three=c("7D")),
...        Discards(counts=(2, 3))]
>>> log += [Trick(cards=cs(t)) for t in ("AC 2S", "KC QC", "3D 4D", "5D 6D", "7C JC",
...                                     "2H 3H", "AH 4H", "9C 10C")]
>>> log.append(Leftover(slough=(0, 1)))
>>> state = replay(rules, log).state
>>> rules.hands(state)[0].points
(1, 1)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.ui77 import checks, play, text
from companion.games.ui77.events import (
    Deal,
    Discards,
    Goal,
    Hand,
    Leftover,
    Result,
    Swap,
    Trick,
    Ui77Options,
    Ui77State,
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
from companion.rules.text import tr, tr_n, trc
from companion.rules.tricks import TrickRecord


class Ui77(HandByHand[Ui77State, Ui77Options]):
    key = "ui77"
    title = "Ui77"
    family = Family.TRICK_TAKING
    seats = range(2, 6)
    options_type = Ui77Options
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        Deal, Swap, Discards, Trick, Leftover, Result, Goal
    )
    lower_is_better = True
    hand_start_kinds = frozenset({"deal"})
    blurb = tr(
        "Three face-up cards set each hand's trump, slough suit, throw and target: hit the "
        "target exactly and keep the lowest score."
    )
    option_info = (
        Option(
            "ace_low",
            tr("Ace low in tricks"),
            tr(
                "By default the ace is the highest card of its suit in play (ruling U-1); the "
                "determinations table always counts it as 1."
            ),
            ((False, trc("option", "no")), (True, trc("option", "yes"))),
        ),
        Option(
            "broken_by",
            tr("What breaks trump"),
            tr(
                "Trump may not be led until it is broken: by any trump played to an earlier "
                "trick, even a powerless one (ruling U-3), or only by a trump played once trump "
                "has power."
            ),
            (
                ("any", tr("any trump played")),
                ("effective", tr("only a trump with power")),
            ),
        ),
        Option(
            "nov_rounding",
            tr("Go Nov average"),
            tr(
                "A total landing exactly on the goal becomes the average of the other totals; "
                "an average that is not whole is rounded half up (ruling U-7), down, or kept "
                "to one decimal (rounded half up to tenths)."
            ),
            (
                ("half-up", tr("rounded half up")),
                ("floor", tr("rounded down")),
                ("tenth", tr("kept to one decimal")),
            ),
        ),
        Option(
            "goal_above_totals",
            tr("Goal above every total"),
            tr(
                "The goal chosen after everyone has dealt must be higher than every total so "
                "far, or the game would end at once (ruling U-10)."
            ),
            ((True, trc("option", "yes")), (False, trc("option", "no"))),
        ),
        Option(
            "cut_penalty",
            tr("Cut penalty"),
            tr(
                "Whoever offers or accepts a cut of the pack scores 1 point, added after the "
                "hand (ruling U-11)."
            ),
            ((True, trc("option", "yes")), (False, trc("option", "no"))),
        ),
        Option(
            "ties",
            tr("Tie for the lowest total at the end"),
            tr(
                "When a total passes the goal and several players share the lowest total: they "
                "win together (ruling U-13), or play goes on, hand after hand, until one of "
                "them is alone at the bottom after a hand in which a total is above the goal."
            ),
            (("share", tr("joint winners")), ("play-on", tr("play another hand"))),
        ),
    )

    @property
    def points_scale(self) -> int:
        """Tenths of a point when the Go Nov average keeps one decimal (U-7), else points."""
        return 10 if self.options.nov_rounding == "tenth" else 1

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> Ui77State:
        return Ui77State(totals=(0,) * self.n_seats)

    def goal_due(self, state: Ui77State) -> bool:
        """Every player has dealt once and the goal is not chosen yet (rule 14)."""
        return state.hand is None and state.goal is None and len(state.done) >= self.n_seats

    def phase(self, state: Ui77State) -> str:
        hand = state.hand
        if hand is None:
            if self.outcome(state) is not None:
                return "over"
            return "goal" if self.goal_due(state) else "deal"
        if hand.discards is None:
            return "discards"
        if min(self.held(hand)) == 0:
            return "leftover"
        return "play"

    def expects(self, state: Ui77State) -> frozenset[str]:
        phase = self.phase(state)
        if phase == "over":
            return frozenset()
        if phase == "discards":
            hand = state.hand
            assert hand is not None
            kinds = {"discards", "result"}
            if play.same_suit(hand.faceup) is not None and self.swappers_left(hand):
                kinds.add("swap")
            return frozenset(kinds)
        return frozenset({{"play": "trick"}.get(phase, phase)})

    def order(self, hand: Hand) -> list[int]:
        """Every seat clockwise from the dealer's left."""
        return [(hand.dealer + 1 + i) % self.n_seats for i in range(self.n_seats)]

    def swappers_left(self, hand: Hand) -> list[int]:
        """The players who may still swap: after the latest swapper, in turn (U-6)."""
        order = self.order(hand)
        if not hand.swapped:
            return order
        return order[order.index(hand.swapped[-1]) + 1 :]

    def held(self, hand: Hand) -> list[int]:
        """Cards in each hand now: 9, less the discards, plus draws, less the tricks played."""
        discards = hand.discards or (0,) * self.n_seats
        return [
            play.HAND_SIZE - discards[s] + hand.draws[s] - len(hand.tricks)
            for s in range(self.n_seats)
        ]

    def won(self, hand: Hand) -> list[int]:
        counts = [0] * self.n_seats
        for trick in hand.tricks:
            counts[trick.winner] += 1
        return counts

    def leader(self, hand: Hand) -> int:
        """The dealer's left leads trick 1, then each trick's winner (rule 7)."""
        if hand.tricks:
            return hand.tricks[-1].winner
        return (hand.dealer + 1) % self.n_seats

    def to_act(self, state: Ui77State) -> int | None:
        hand = state.hand
        if hand is None:
            return state.next_dealer
        phase = self.phase(state)
        if phase == "discards":
            return (hand.dealer + 1) % self.n_seats
        if phase == "play":
            return self.leader(hand)
        return None

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: Ui77State, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        if isinstance(event, Goal):
            return checks.goal_problems(self, state, event)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Swap):
            return checks.swap_problems(self, hand, event)
        if isinstance(event, Discards):
            return checks.discard_problems(self, hand, event.counts)
        if isinstance(event, Trick):
            return checks.trick_problems(self, hand, event)
        if isinstance(event, Leftover):
            return checks.leftover_problems(self, hand, event)
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        message = tr("Ui77 does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    def record(self, hand: Hand, cards: tuple[Card, ...]) -> TrickRecord:
        leader = self.leader(hand)
        number = len(hand.tricks) + 1
        p = play.params(hand.faceup)
        win = play.winner(
            cards,
            trump=p.trump,
            effective=number >= p.effective_from,
            ace_low=self.options.ace_low,
        )
        return TrickRecord(number, leader, cards, cards[0].suit, (leader + win) % self.n_seats)

    # --- apply and score -------------------------------------------------------------------
    def apply(self, state: Ui77State, event: Event) -> Ui77State:
        n = self.n_seats
        if isinstance(event, Deal):
            new = Hand(
                number=len(state.done) + 1,
                dealer=event.dealer,
                faceup=(event.card_one, event.card_two, event.card_three),
                cut=tuple(event.cut) if self.options.cut_penalty else (),
                draws=(0,) * n,
            )
            return dataclasses.replace(state, hand=new, next_dealer=None)
        if isinstance(event, Goal):
            return dataclasses.replace(state, goal=event.score)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Swap):
            faceup = list(hand.faceup)
            taken = faceup[event.position - 1]
            faceup[event.position - 1] = event.card
            hand = dataclasses.replace(
                hand,
                faceup=(faceup[0], faceup[1], faceup[2]),
                swapped=(*hand.swapped, event.seat),
                taken=(*hand.taken, (int(event.seat), taken)),
            )
            return dataclasses.replace(state, hand=hand)
        if isinstance(event, Discards):
            return dataclasses.replace(state, hand=dataclasses.replace(hand, discards=event.counts))
        if isinstance(event, Trick):
            return dataclasses.replace(state, hand=self._after_trick(hand, event.cards))
        if isinstance(event, Leftover):
            held = self.held(hand)
            return self._finish(state, hand, self.won(hand), held, event.slough, card_by_card=True)
        assert isinstance(event, Result)
        hand = dataclasses.replace(hand, discards=event.discards)
        return self._finish(state, hand, event.tricks, event.left, event.slough)

    def _after_trick(self, hand: Hand, cards: tuple[Card, ...]) -> Hand:
        record = self.record(hand, cards)
        p = play.params(hand.faceup)
        unproven, _ = checks.follow(self, hand, record)
        draws = list(hand.draws)
        if record.number <= play.DRAW_DECK:
            draws[record.winner] += 1
        counts = self.options.broken_by == "any" or record.number >= p.effective_from
        breaks = counts and any(c.suit == p.trump for c in cards)
        return dataclasses.replace(
            hand,
            tricks=(*hand.tricks, record),
            draws=tuple(draws),
            unproven=unproven,
            broken=hand.broken or breaks,
            broken_at=hand.broken_at or (record.number if breaks else 0),
        )

    def _finish(
        self,
        state: Ui77State,
        hand: Hand,
        tricks: tuple[int, ...] | list[int],
        left: tuple[int, ...] | list[int],
        slough: tuple[int, ...],
        *,
        card_by_card: bool = False,
    ) -> Ui77State:
        p = play.params(hand.faceup)
        lines = [
            list(self.score_lines(p.target, tricks[s], left[s] - slough[s], s in hand.cut))
            for s in range(self.n_seats)
        ]
        after = [
            state.totals[s] + sum(line.points for line in lines[s]) for s in range(self.n_seats)
        ]
        final = list(after)
        goal = state.goal
        if goal is not None:
            for seat, reset in self.go_nov(after, goal).items():
                label = tr(
                    "Go Nov: landed exactly on {goal}, so the total becomes {total}, the average "
                    "of the others",
                    goal=goal,
                    total=self.shown_points(reset),
                )
                lines[seat].append(ScoreLine(label, reset - after[seat], "go-nov"))
                final[seat] = reset
        score = HandScore(
            number=hand.number,
            points=tuple(sum(line.points for line in seat) for seat in lines),
            lines=tuple(tuple(seat) for seat in lines),
            dealer=hand.dealer,
            summary=text.hand_summary(self, hand, tricks, card_by_card),
        )
        return Ui77State(
            done=(*state.done, score),
            hand=None,
            next_dealer=(hand.dealer + 1) % self.n_seats,
            goal=state.goal,
            totals=tuple(final),
        )

    def go_nov(self, totals: list[int] | tuple[int, ...], goal: int) -> dict[int, int]:
        """{seat: new total} for each total exactly on the goal: the average of the others'
        totals, all worked out from the totals before any reset (U-7, U-8). Totals are in
        1/points_scale units (tenths when one decimal is kept: the average is then rounded
        half up to a tenth, in whole tenths, exactly); the goal is in points."""
        out = {}
        others = len(totals) - 1
        for seat, total in enumerate(totals):
            if total != goal * self.points_scale:
                continue
            rest = sum(totals) - total
            if self.options.nov_rounding == "floor":
                out[seat] = rest // others
            else:
                out[seat] = (2 * rest + others) // (2 * others)
        return out

    def score_lines(self, target: int, won: int, outside: int, cut: bool) -> tuple[ScoreLine, ...]:
        """One player's hand, explained (rule 13): the distance to the target, the cards left
        outside the slough suit, and the cut penalty."""
        gap = abs(target - won)
        lines = [
            ScoreLine(
                tr_n(
                    "{n} trick won, target {target}: {gap} away",
                    "{n} tricks won, target {target}: {gap} away",
                    won,
                    target=target,
                    gap=gap,
                ),
                gap * self.points_scale,
                "scoring",
            ),
            ScoreLine(
                tr_n(
                    "{n} card left outside the slough suit",
                    "{n} cards left outside the slough suit",
                    outside,
                ),
                outside * self.points_scale,
                "scoring",
            ),
        ]
        if cut:
            lines.append(ScoreLine(tr("Offered or accepted a cut"), self.points_scale, "cut"))
        return tuple(lines)

    def scores(self, state: Ui77State) -> tuple[int, ...]:
        return state.totals

    def outcome(self, state: Ui77State) -> Outcome | None:
        if state.hand is not None or state.goal is None or not state.done:
            return None
        if max(state.totals) <= state.goal * self.points_scale:
            return None
        low = min(state.totals)
        winners = tuple(s for s, t in enumerate(state.totals) if t == low)
        if len(winners) > 1 and self.options.ties == "play-on":
            return None
        return Outcome("goal-passed", winners)
