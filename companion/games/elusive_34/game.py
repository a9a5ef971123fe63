"""The Elusive 34 (Joshua Vandercar), following ``shared/rules/elusive-34/rulings.md``.

Three players (two and four as variants), 52 cards and a Joker. Before the first hand the table
finds the first dealer (the first Middle card dealt face up) and the score goal (a multiple of
the digits on top of the Low and Middle piles). Each hand, a card is turned face up: the rank
above it is promoted to the top of every suit, in one order across all four suits (♣ ♠ ♦ ♥);
a Joker turned up makes the lowest-scoring player name trump instead. Each trick, every player
adds two cards (three with two players) in rounds; the highest card wins and collects the trick,
the lowest loses: the loser plays one card fewer from then on, is out after two losses (three
with two players), and may trade a card with the winner. The hand ends when one player is left.
A hand scores one point a collected card plus the values of the High, Low and Joker cards left in
hand (an editable table: §1.1 reconstructs it). The first hand that brings a total to the goal
ends the game; the highest total wins.

A three-player hand recorded quickly:

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c
>>> from companion.rules.events import Seat
>>> rules = Elusive34(3, names=["Ann", "Bob", "Cat"])
>>> log = [FirstDealer(dealer=Seat(0)), Goal(low=2, middle=7, goal=54),
...        Deal(dealer=Seat(0), faceup=c("4S")),
...        Result(collected=(12, 0, 6), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1))]
>>> state = replay(rules, log).state
>>> rules.hands(state)[0].points
(22, -10, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from companion.games.elusive_34 import checks, evidence, play, text
from companion.games.elusive_34.events import (
    Deal,
    Elusive34Options,
    Elusive34State,
    FirstDealer,
    Goal,
    Hand,
    Left,
    Play,
    Result,
    Trade,
    Trick,
    Trump,
)
from companion.games.elusive_34.evidence import Evidence, Failure, Proof
from companion.games.elusive_34.play import ALLOWANCE, DEAL_SIZE, VALUE_CHOICES
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

__all__ = [
    "Deal",
    "Elusive34",
    "FirstDealer",
    "Goal",
    "Left",
    "Result",
    "Trade",
    "Trick",
    "Trump",
]


def _values_choices() -> tuple[tuple[Any, str], ...]:
    out = []
    for choice in VALUE_CHOICES:
        v = play.values_for(choice)
        label = tr(
            "High +{high} · Middle 0 · Low −{low} · Joker −{joker}",
            high=v["high"],
            low=-v["low"],
            joker=-v["joker"],
        )
        out.append((choice, label))
    return tuple(out)


class Elusive34(HandByHand[Elusive34State, Elusive34Options]):
    key = "elusive_34"
    title = "The Elusive 34"
    family = Family.TRICK_TAKING
    seats = range(2, 5)
    options_type = Elusive34Options
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        FirstDealer, Goal, Deal, Trump, Trick, Trade, Left, Result
    )
    blurb = tr(
        "Two cards each to every trick: the highest collects it, the lowest plays one card "
        "fewer and may trade. Race to a goal the first cards set."
    )
    option_info = (
        Option(
            "values_3p",
            tr("Card values, 3 players"),
            tr(
                "Points for each High / Middle / Low / Joker card left in hand at the end of a "
                "hand with three players. The printed table was lost; +5/0/−5/−7 is our "
                "reconstruction (ruling E-2)."
            ),
            _values_choices(),
        ),
        Option(
            "values_2p",
            tr("Card values, 2 players"),
            tr(
                "The same with two players; +4/0/−4/−6 is the reconstruction every reading of "
                "the table agrees on (ruling E-2)."
            ),
            _values_choices(),
        ),
        Option(
            "values_4p",
            tr("Card values, 4 players"),
            tr(
                "The same with four players; +5/0/−5/−7 is our best reading of the lost table "
                "(ruling E-2)."
            ),
            _values_choices(),
        ),
        Option(
            "goal_ten",
            tr("A 10 on top of the Middle pile"),
            tr("How a 10 counts in the goal's digits (ruling E-4)."),
            (
                ("zero", tr("as 0: 2 and 10 make 20")),
                ("literal", tr("as written: 2 and 10 make 210")),
                ("redeal", tr("keep turning until a 6 to 9 shows")),
            ),
        ),
        Option(
            "strict_goal",
            tr("Goal must be a multiple"),
            tr(
                "Only goals that are a multiple of the Low-Middle number are accepted; "
                "otherwise the table may agree on any goal (ruling E-6)."
            ),
            ((False, trc("option", "no")), (True, trc("option", "yes"))),
        ),
        Option(
            "trump_tie",
            tr("Joker turned up, lowest score tied"),
            tr("Who names trump when several players share the lowest score (ruling E-7)."),
            (
                ("left", tr("the first of them from the dealer's left")),
                ("any", tr("any of them, as the table agrees")),
            ),
        ),
        Option(
            "joker_lead",
            tr("The Joker may be led"),
            tr(
                "Normally the Joker may not lead a trick unless it is the leader's last card "
                "(ruling E-9)."
            ),
            ((False, trc("option", "no")), (True, trc("option", "yes"))),
        ),
        Option(
            "self_loss",
            tr("Highest and lowest card by one player"),
            tr("When the same player plays the trick's highest and lowest cards (ruling E-10)."),
            (
                ("both", tr("they win and lose: collect, play one fewer, no trade")),
                ("others", tr("the lowest card of the other players loses")),
            ),
        ),
        Option(
            "joker_trade",
            tr("The Joker passed in a trade"),
            tr("What the winner must give back for the Joker (ruling E-12)."),
            (
                ("any", tr("any other card (a Low is enough)")),
                ("low", tr("a Low card only")),
            ),
        ),
        Option(
            "ties",
            tr("Tie for the highest total at the end"),
            tr("Ruling E-16."),
            (("share", tr("joint winners")), ("play-on", tr("play another hand"))),
        ),
        Option(
            "revoke_penalty",
            tr("Revoke penalty"),
            tr(
                "The rules give no penalty for failing to follow suit: the app flags a revoke "
                "and the table corrects the record. As a house rule, each revoke can cost the "
                "player points at the end of the hand (ruling E-18)."
            ),
            (
                (0, tr("none: flagged only")),
                (5, tr("5 points off the player")),
                (10, tr("10 points off the player")),
            ),
        ),
    )

    # --- set-up ----------------------------------------------------------------------------
    @property
    def deal_size(self) -> int:
        return DEAL_SIZE[self.n_seats]

    @property
    def allowance(self) -> int:
        return ALLOWANCE[self.n_seats]

    def values(self) -> dict[str, int]:
        choice = {2: self.options.values_2p, 3: self.options.values_3p}.get(
            self.n_seats, self.options.values_4p
        )
        return play.values_for(choice)

    def describe_options(self) -> list[tuple[str, str]]:
        """The options for this table: only the value table of its player count."""
        skip = {f"values_{n}p" for n in (2, 3, 4) if n != self.n_seats}
        return [
            row
            for row, opt in zip(super().describe_options(), self.option_info, strict=True)
            if opt.name not in skip
        ]

    def base_for(self, low: int, middle: int) -> int:
        """The Low-Middle digit combination: 2 and 7 make 27; a 10 as the option says."""
        if middle == 10 and self.options.goal_ten == "literal":
            return low * 100 + 10
        return low * 10 + middle % 10

    # --- phase -----------------------------------------------------------------------------
    def initial_state(self) -> Elusive34State:
        return Elusive34State()

    def expects(self, state: Elusive34State) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        if state.first_dealer is None:
            return frozenset({"first-dealer"})
        if state.goal is None:
            return frozenset({"goal"})
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        if hand.trade_due:
            return frozenset({"trade"})
        if hand.ended:
            return frozenset({"left"})
        quick = {"result"} if not hand.plays else set()
        if self.needs_trump(hand):
            return frozenset(quick | {"trump"})
        if hand.faceup is None:
            return frozenset(quick)
        return frozenset(quick | {"trick"})

    @staticmethod
    def needs_trump(hand: Hand) -> bool:
        return hand.faceup is not None and hand.faceup.is_joker and hand.trump is None

    def dealer(self, state: Elusive34State) -> int | None:
        if state.hand is not None:
            return state.hand.dealer
        return state.next_dealer if state.next_dealer is not None else state.first_dealer

    def out(self, hand: Hand) -> list[bool]:
        return [a <= 0 for a in hand.allowance]

    def can_play(self, hand: Hand) -> list[int]:
        """Players still in who hold a card (E-14: one with no card is skipped)."""
        return [s for s in range(self.n_seats) if hand.allowance[s] > 0 and hand.held[s] > 0]

    def order(self, hand: Hand) -> list[int]:
        """Who plays each card of the next trick, in order."""
        return play.pass_order(hand.leader, self.n_seats, hand.allowance, hand.held, self.out(hand))

    def choosers(self, state: Elusive34State, hand: Hand) -> list[int]:
        """Who may name trump after the Joker is turned up: the lowest total (E-7)."""
        totals = self.scores(state)
        low = min(totals)
        seats = [(hand.dealer + 1 + i) % self.n_seats for i in range(self.n_seats)]
        tied = [s for s in seats if totals[s] == low]
        return tied if self.options.trump_tie == "any" else tied[:1]

    def to_act(self, state: Elusive34State) -> int | None:
        hand = state.hand
        if hand is None:
            return state.next_dealer if state.goal is not None else state.first_dealer
        if hand.trade_due:
            return hand.plays[-1].loser
        if self.needs_trump(hand):
            return self.choosers(state, hand)[0]
        if hand.ended:
            return None
        return hand.leader

    # --- validation ------------------------------------------------------------------------
    def violations(self, state: Elusive34State, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, FirstDealer):
            return checks.first_dealer_problems(self, event)
        if isinstance(event, Goal):
            return checks.goal_problems(self, event)
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Trump):
            return checks.trump_problems(self, state, hand, event)
        if isinstance(event, Trick):
            return checks.trick_problems(self, hand, event)
        if isinstance(event, Trade):
            return checks.trade_problems(self, hand, event)
        if isinstance(event, Left):
            return checks.left_problems(self, hand, event, None)
        if isinstance(event, Result):
            return checks.left_problems(self, hand, event, event.collected)
        message = tr("The Elusive 34 does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    def read_trick(self, hand: Hand, trick: Trick) -> Play:
        """Who played each card of ``trick``, and who won and lost it."""
        seats = self.order(hand)
        win, lose = play.winner_and_loser(
            trick.cards,
            seats,
            promote=play.promoted(hand.faceup),
            trump=hand.trump,
            joker=trick.joker,
            self_loss=self.options.self_loss,
        )
        number = len(hand.plays) + 1
        lead = play.led_suit(trick.cards)
        record = TrickRecord(number, hand.leader, tuple(trick.cards), lead, win, tuple(seats))
        return Play(record, lose, trick.joker)

    def evidence_after_trick(self, hand: Hand, p: Play) -> tuple[Evidence, list[Proof]]:
        """What trick ``p`` proves: a card of a suit its player failed to follow (held then),
        or worth more than a card they gave back in a trade; and its new failures to follow."""
        record = p.record
        plays = list(zip(record.seats, record.cards, strict=True))
        return evidence.after_trick(hand.evidence, record.number, plays, self.options.joker_trade)

    def evidence_after_trade(self, hand: Hand, trade: Trade) -> tuple[Evidence, list[Proof]]:
        """What the trade after the latest trick proves: the card passed by the loser (and the
        card returned by the winner) was in their hand; the cards received are new there."""
        if trade.declared == "none":
            return hand.evidence, []
        p = hand.plays[-1]
        return evidence.after_trade(
            hand.evidence,
            p.record.number,
            loser=p.loser,
            winner=p.record.winner,
            given=trade.given,
            returned=trade.returned,
            winner_empty=hand.held[p.record.winner] == 0,
            joker_trade=self.options.joker_trade,
        )

    # --- apply and score -------------------------------------------------------------------
    def apply(self, state: Elusive34State, event: Event) -> Elusive34State:
        if isinstance(event, FirstDealer):
            return dataclasses.replace(state, first_dealer=event.dealer)
        if isinstance(event, Goal):
            base = self.base_for(event.low, event.middle) if event.low and event.middle else None
            return dataclasses.replace(state, goal=event.goal, base=base)
        if isinstance(event, Deal):
            n = self.n_seats
            new = Hand(
                number=len(state.done) + 1,
                dealer=event.dealer,
                faceup=event.faceup,
                allowance=(self.allowance,) * n,
                held=(self.deal_size,) * n,
                collected=(0,) * n,
                leader=(event.dealer + 1) % n,
                evidence=Evidence.empty(n),
            )
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Trump):
            suit = play.SUIT_CODES[event.suit.upper()]
            hand = dataclasses.replace(hand, trump=suit, chooser=event.seat)
            return dataclasses.replace(state, hand=hand)
        if isinstance(event, Trick):
            return dataclasses.replace(state, hand=self._after_trick(hand, event))
        if isinstance(event, Trade):
            known, proofs = self.evidence_after_trade(hand, event)
            hand = dataclasses.replace(
                hand,
                trade_due=False,
                trades=(*hand.trades, (len(hand.plays), event.declared)),
                evidence=known,
                revokes=(*hand.revokes, *(p for p in proofs if p.revoke)),
            )
            return dataclasses.replace(state, hand=hand)
        if isinstance(event, Left):
            return self._finish(state, hand, hand.collected, event)
        assert isinstance(event, Result)
        return self._finish(state, hand, tuple(event.collected), event)

    def _after_trick(self, hand: Hand, trick: Trick) -> Hand:
        p = self.read_trick(hand, trick)
        seats = p.record.seats
        held = list(hand.held)
        for seat in seats:
            held[seat] -= 1
        collected = list(hand.collected)
        collected[p.record.winner] += len(trick.cards)
        allowance = list(hand.allowance)
        allowance[p.loser] -= 1
        known, proofs = self.evidence_after_trick(hand, p)
        hand = dataclasses.replace(
            hand,
            plays=(*hand.plays, p),
            revokes=(*hand.revokes, *(proof for proof in proofs if proof.revoke)),
            held=tuple(held),
            collected=tuple(collected),
            allowance=tuple(allowance),
            evidence=known,
            gone=hand.gone | frozenset(trick.cards),
            trade_due=p.loser != p.record.winner,
        )
        playing = self.can_play(hand)
        if len(playing) < 2:
            return dataclasses.replace(hand, ended=True)
        return dataclasses.replace(hand, leader=self.next_leader(hand, p.record.winner))

    def next_leader(self, hand: Hand, winner: int) -> int:
        """The winner leads, unless out or empty-handed: then the next player to their left
        who can play (E-10, E-14)."""
        playing = set(self.can_play(hand))
        for i in range(self.n_seats):
            seat = (winner + i) % self.n_seats
            if seat in playing:
                return seat
        return winner

    def _finish(
        self, state: Elusive34State, hand: Hand, collected: Sequence[int], left: Left | Result
    ) -> Elusive34State:
        lines = self.score_lines(collected, left.high, left.middle, left.low, left.joker)
        lines = self.with_revokes(lines, hand, left)
        score = HandScore(
            number=hand.number,
            points=tuple(sum(line.points for line in seat) for seat in lines),
            lines=lines,
            dealer=hand.dealer,
            summary=text.hand_summary(self, hand, collected),
        )
        return dataclasses.replace(
            state,
            done=(*state.done, score),
            hand=None,
            next_dealer=(hand.dealer + 1) % self.n_seats,
        )

    def score_lines(
        self,
        collected: Sequence[int],
        high: Sequence[int],
        middle: Sequence[int],
        low: Sequence[int],
        joker: int | None,
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's hand score, explained (rule 20)."""
        v = self.values()
        out = []
        for seat in range(self.n_seats):
            lines = [
                ScoreLine(
                    tr_n(
                        "{n} card collected in tricks, 1 point each",
                        "{n} cards collected in tricks, 1 point each",
                        collected[seat],
                    ),
                    collected[seat],
                    "scoring",
                )
            ]
            for name, count in (("high", high[seat]), ("middle", middle[seat]), ("low", low[seat])):
                if count:
                    lines.append(
                        ScoreLine(
                            tr_n(
                                "{n} {category} card left in hand, {points} each",
                                "{n} {category} cards left in hand, {points} each",
                                count,
                                category=play.category_word(name),
                                points=play.signed(v[name]),
                            ),
                            count * v[name],
                            "values",
                        )
                    )
            if joker == seat:
                lines.append(ScoreLine(tr("The Joker left in hand"), v["joker"], "values"))
            out.append(tuple(lines))
        return tuple(out)

    def with_revokes(
        self, lines: tuple[tuple[ScoreLine, ...], ...], hand: Hand, left: Left | Result
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """The house penalty for each revoke (E-18), when the table plays one: each revoke the
        tricks proved (card by card), or the revokes counted in quick entry."""
        penalty = self.options.revoke_penalty
        if not penalty:
            return lines
        out = [list(seat) for seat in lines]
        for proof in hand.revokes:
            failure = proof.claim
            assert isinstance(failure, Failure)
            label = tr(
                "Revoke in trick {trick}: {played} did not follow {suit} ({card} in hand), "
                "house penalty",
                trick=failure.trick,
                played=failure.card,
                suit=failure.suit,
                card=proof.card,
            )
            out[failure.seat].append(ScoreLine(label, -penalty, "follow-suit"))
        if isinstance(left, Result) and left.revokes is not None:
            for seat, count in enumerate(left.revokes):
                if count:
                    label = tr_n(
                        "{n} revoke found by the table, house penalty {points} each",
                        "{n} revokes found by the table, house penalty {points} each",
                        count,
                        points=play.signed(-penalty),
                    )
                    out[seat].append(ScoreLine(label, -penalty * count, "follow-suit"))
        return tuple(tuple(seat) for seat in out)

    def outcome(self, state: Elusive34State) -> Outcome | None:
        if state.hand is not None or not state.done or state.goal is None:
            return None
        totals = self.scores(state)
        top = max(totals)
        if top < state.goal:
            return None
        winners = tuple(s for s, t in enumerate(totals) if t == top)
        if len(winners) > 1 and self.options.ties == "play-on":
            return None
        return Outcome("goal-reached", winners)
