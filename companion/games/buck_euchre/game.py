"""Buck Euchre, also called Dirty Clubs, following ``shared/rules/buck-euchre/rulings.md``.

Four players, each for themselves, 24 cards (A K Q J 10 9: the source's "32 cards" is an
erratum), five cards each and one card turned up. Trump comes from ordering up the upcard
(round 1), naming another suit (round 2), a club turned up (dirty clubs: no bidding, nobody
drops) or nobody (a no-trump hand). The declarer needs 3 tricks, every other player who stays in
needs 1, or +5; otherwise 1 point off per trick. Scores count down from 25; the first hand that
brings someone to 0 or below ends the game, lowest wins. Taking all five tricks wins outright.

Options: ``start_score`` (25; ruling 8.1.4), ``dirty_clubs_pickup`` (no; ruling 8.3.2). The
cards, the effective suit and the checks live in :mod:`buck_euchre_play`.

A hand recorded card by card. Ann deals and turns up 9♥; Bob passes and Cat orders it up, so
Ann takes the 9♥ into her hand. Dan drops out; Bob, the first player in from Ann's left, leads.
Cat's right bower takes the spade lead, and the left bower J♦ leads trump:

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c, parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = BuckEuchre(4, names=["Ann", "Bob", "Cat", "Dan"])
>>> log = [Deal(dealer=Seat(0), upcard=c("9H")), Bid(seat=Seat(1), call="pass"),
...        Bid(seat=Seat(2), call="order-up"), Drops(dropped=(Seat(3),)),
...        Trick(cards=cs("AS JH KS")), Trick(cards=cs("JD 9H 10H")),
...        Trick(cards=cs("AH QH 10D")), Trick(cards=cs("AC KC QC")),
...        Trick(cards=cs("9C 10C AD"))]
>>> state = replay(rules, log).state
>>> rules.hands(state)[0].points
(-1, 5, -4, 0)
>>> rules.scores(state)
(24, 30, 21, 25)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar

from companion.games.buck_euchre import checks, play, text
from companion.games.buck_euchre.events import (
    Bid,
    BuckEuchreOptions,
    BuckEuchreState,
    Deal,
    Drops,
    Hand,
    Result,
    Trick,
)
from companion.games.buck_euchre.play import DECLARER_NEEDS, SEATS, SET_BACK, TRICKS
from companion.rules.cards import Card, Suit
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
from companion.rules.text import Text, shown, tr, tr_n, trc
from companion.rules.tricks import TrickRecord, winner_index


def _number(n: int) -> Text:
    """A number on its own (a choice's label), written the language's way."""
    return shown(n)


class BuckEuchre(HandByHand[BuckEuchreState, BuckEuchreOptions]):
    key = "buck_euchre"
    title = "Buck Euchre"
    aka = ("Dirty Clubs",)
    family = Family.TRICK_TAKING
    seats = range(4, 5)
    options_type = BuckEuchreOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Bid, Drops, Result, Trick)
    lower_is_better = True
    blurb = tr("Every player for themselves: count down from 25 by taking tricks, or drop out.")
    option_info = (
        Option(
            "start_score",
            tr("Starting score"),
            tr(
                "Everyone starts here and counts down; the first to reach 0 or less ends the "
                "game (ruling 8.1.4)."
            ),
            ((25, _number(25)), (15, _number(15)), (20, _number(20))),
        ),
        Option(
            "dirty_clubs_pickup",
            tr("Dealer takes up a turned club"),
            tr(
                "When a club is turned up, does the dealer take it into their hand and discard? "
                "Either way there is no declarer (ruling 8.3.2)."
            ),
            ((False, trc("option", "no")), (True, trc("option", "yes"))),
        ),
    )

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> BuckEuchreState:
        return BuckEuchreState()

    def scores(self, state: BuckEuchreState) -> tuple[int, ...]:
        """Running totals: the starting score plus every hand."""
        return tuple(self.options.start_score + t for t in super().scores(state))

    @staticmethod
    def phase(hand: Hand) -> str:
        if not hand.fixed:
            return "bidding"
        if hand.declarer is not None and not hand.drops_done:
            return "drops"
        return "play"

    def expects(self, state: BuckEuchreState) -> frozenset[str]:
        hand = state.hand
        if self.outcome(state) is not None:
            return frozenset()
        if hand is None:
            return frozenset({"deal"})
        quick = {"result"} if not hand.calls and not hand.tricks else set()
        phase = self.phase(hand)
        if phase == "bidding":
            return frozenset(quick | ({"bid"} if hand.upcard is not None else set()))
        if phase == "drops":
            return frozenset({"drops"})
        return frozenset(quick | {"trick"})

    def bidder(self, hand: Hand) -> int:
        return (hand.dealer + 1 + len(hand.calls)) % SEATS

    def first_to_drop(self, hand: Hand) -> int:
        assert hand.declarer is not None
        return (hand.declarer + 1) % SEATS

    def order(self, hand: Hand, first: int) -> list[int]:
        """The players still in, clockwise from ``first``."""
        seats = [(first + i) % SEATS for i in range(SEATS)]
        return [s for s in seats if s not in hand.dropped]

    def leader(self, hand: Hand) -> int:
        """Trick 1: the first player still in from the dealer's left (ruling 8.3.4)."""
        if hand.tricks:
            return hand.tricks[-1].winner
        return self.order(hand, (hand.dealer + 1) % SEATS)[0]

    def to_act(self, state: BuckEuchreState) -> int | None:
        hand = state.hand
        if hand is None:
            return state.next_dealer
        phase = self.phase(hand)
        if phase == "bidding":
            return self.bidder(hand) if hand.upcard is not None else None
        if phase == "drops":
            return self.first_to_drop(hand)
        return self.leader(hand)

    def picked_up(self, hand: Hand) -> bool:
        """Whether the upcard went into the dealer's hand."""
        if hand.upcard is None:
            return False
        return hand.how == "ordered" or (hand.how == "clubs" and self.options.dirty_clubs_pickup)

    def won(self, hand: Hand) -> list[int]:
        counts = [0] * SEATS
        for trick in hand.tricks:
            counts[trick.winner] += 1
        return counts

    # --- words (buck_euchre_text) ---------------------------------------------------------------

    def trump_text(self, hand: Hand) -> str:
        return text.trump_text(self, hand)

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: BuckEuchreState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Bid):
            return checks.bid_problems(self, hand, event)
        if isinstance(event, Drops):
            return checks.drop_problems(self, event.dropped, hand.declarer)
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        if isinstance(event, Trick):
            return checks.trick_problems(self, hand, event)
        message = tr("Buck Euchre does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    def record(self, hand: Hand, cards: Sequence[Card]) -> TrickRecord:
        leader = self.leader(hand)
        seats = self.order(hand, leader)
        suit_of = play.suit_of_for(hand.trump)
        lead = suit_of(cards[0])
        win = winner_index(
            cards,
            lead=lead,
            trump=hand.trump,
            suit_of=suit_of,
            strength=play.strength_for(hand.trump),
        )
        number = len(hand.tricks) + 1
        return TrickRecord(number, leader, tuple(cards), lead, seats[win], tuple(seats))

    # --- apply and score --------------------------------------------------------------------
    def apply(self, state: BuckEuchreState, event: Event) -> BuckEuchreState:
        if isinstance(event, Deal):
            new = Hand(len(state.done) + 1, event.dealer, event.upcard)
            if event.upcard is not None and event.upcard.suit is Suit.CLUBS:
                new = dataclasses.replace(
                    new, fixed=True, trump=Suit.CLUBS, how="clubs", drops_done=True
                )
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Bid):
            return dataclasses.replace(state, hand=self._after_bid(hand, event))
        if isinstance(event, Drops):
            hand = dataclasses.replace(hand, dropped=frozenset(event.dropped), drops_done=True)
            if len(hand.dropped) == SEATS - 1:  # the declarer alone: all five tricks are theirs
                assert hand.declarer is not None
                return self._finish(state, hand, _only(hand.declarer))
            return dataclasses.replace(state, hand=hand)
        if isinstance(event, Result):
            trump, _ = play.parse_trump(event.trump)
            declarer = None if event.declarer is None else self.names[event.declarer]
            how, _ = play.derive_how(hand.upcard, trump, declarer, event.how)
            hand = dataclasses.replace(
                hand,
                fixed=True,
                trump=trump,
                how=how,
                declarer=event.declarer,
                dropped=frozenset(event.dropped),
                drops_done=True,
            )
            return self._finish(state, hand, tuple(event.tricks))
        assert isinstance(event, Trick)
        record = self.record(hand, event.cards)
        unproven, _ = checks.follow(self, hand, record)
        hand = dataclasses.replace(hand, tricks=(*hand.tricks, record), unproven=unproven)
        if len(hand.tricks) < TRICKS:
            return dataclasses.replace(state, hand=hand)
        return self._finish(state, hand, tuple(self.won(hand)))

    def _after_bid(self, hand: Hand, bid: Bid) -> Hand:
        calls = (*hand.calls, (int(bid.seat), bid.call))
        hand = dataclasses.replace(hand, calls=calls)
        assert hand.upcard is not None
        if len(calls) <= SEATS and bid.call == "order-up":
            return dataclasses.replace(
                hand, fixed=True, trump=hand.upcard.suit, how="ordered", declarer=bid.seat
            )
        if len(calls) > SEATS and bid.call != "pass":
            suit = play.SUIT_CODES[bid.call.upper()]
            return dataclasses.replace(hand, fixed=True, trump=suit, how="named", declarer=bid.seat)
        if len(calls) == 2 * SEATS:
            return dataclasses.replace(hand, fixed=True, how="none", drops_done=True)
        return hand

    def _finish(
        self, state: BuckEuchreState, hand: Hand, tricks: tuple[int, ...]
    ) -> BuckEuchreState:
        lines = self.score_lines(hand.declarer, hand.dropped, tricks, no_trump=hand.how == "none")
        score = HandScore(
            number=hand.number,
            points=tuple(sum(line.points for line in seat) for seat in lines),
            lines=lines,
            dealer=hand.dealer,
            summary=text.hand_summary(self, hand, tricks),
        )
        sweeper = next((s for s, t in enumerate(tricks) if t == TRICKS), None)
        return BuckEuchreState(
            done=(*state.done, score),
            next_dealer=(hand.dealer + 1) % SEATS,
            sweeper=sweeper,
        )

    def score_lines(
        self,
        declarer: int | None,
        dropped: frozenset[int],
        tricks: Sequence[int],
        *,
        no_trump: bool = False,
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's hand score, explained (ruling 8.2.6: the first rule that applies)."""
        names = self.names
        sweeper = next((s for s, t in enumerate(tricks) if t == TRICKS), None)
        out = []
        for seat, won in enumerate(tricks):
            if sweeper is not None:
                label = (
                    tr("All five tricks: wins the game outright")
                    if seat == sweeper
                    else tr("{player} took all five tricks: the game ends", player=names[sweeper])
                )
                line = ScoreLine(label, 0, "all-five")
            elif seat in dropped:
                line = ScoreLine(tr("Dropped out: no score"), 0, "dropping")
            elif seat == declarer and won < DECLARER_NEEDS:
                label = tr_n(
                    "Euchred: {n} trick as declarer, {needed} needed",
                    "Euchred: {n} tricks as declarer, {needed} needed",
                    won,
                    needed=DECLARER_NEEDS,
                )
                line = ScoreLine(label, SET_BACK, "scoring")
            elif won == 0:
                label = (
                    tr("No trick in a no-trump hand")
                    if no_trump
                    else tr("No trick after staying in")
                    if declarer is not None
                    else tr("No trick in a dirty-clubs hand")
                )
                line = ScoreLine(label, SET_BACK, "scoring")
            elif seat == declarer:
                label = tr_n(
                    "{n} trick as declarer, 1 point off each",
                    "{n} tricks as declarer, 1 point off each",
                    won,
                )
                line = ScoreLine(label, -won, "scoring")
            else:
                label = tr_n("{n} trick, 1 point off each", "{n} tricks, 1 point off each", won)
                line = ScoreLine(label, -won, "scoring")
            out.append((line,))
        return tuple(out)

    def outcome(self, state: BuckEuchreState) -> Outcome | None:
        if state.hand is not None or not state.done:
            return None
        if state.sweeper is not None:
            return Outcome("all-five-tricks", (state.sweeper,))
        totals = self.scores(state)
        low = min(totals)
        if low > 0:
            return None
        return Outcome("reached-zero", tuple(s for s, t in enumerate(totals) if t == low))


def _only(seat: int) -> tuple[int, ...]:
    return tuple(TRICKS if s == seat else 0 for s in range(SEATS))
