"""Big Three (Dig a Hole, Wā Kēng), following ``shared/rules/big-three/rulings.md`` §5.

Three players, sixteen cards each and a widow of four. The holder of 4♥ (or of the lowest heart)
opens the bidding with 1 to 3 units; each next player bids higher or passes for good, until a 3
or two passes. The highest bidder plays alone and takes the widow; the opener leads. Each play
must be a combination of the same kind and length as the last one, and higher (3 > 2 > A > K …
> 4, suits equal); after two passes in a row the last player to play leads anything. The first to
empty their hand ends it: the solo player then collects the bid from each opponent, or pays it to
each. The chips post to the table's money ledger.

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = BigThree(3, names=["Ann", "Bob", "Cat"])
>>> log = [Deal(dealer=Seat(0), opener=Seat(1)), Bid(seat=Seat(1), bid=1),
...        Bid(seat=Seat(2), bid=2), Bid(seat=Seat(0), bid=0), Bid(seat=Seat(1), bid=0),
...        Play(seat=Seat(1), cards=cs("4H 4S")), Play(seat=Seat(2), cards=cs("9C 9D"))]
>>> hand = replay(rules, log).state.hand
>>> hand.solo, hand.bid, hand.counts, rules.names[hand.turn]
(2, 2, (16, 14, 18), 'Ann')
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.big_three import checks, play, text
from companion.games.big_three.events import (
    Bid,
    BigThreeOptions,
    BigThreeState,
    Deal,
    Dig,
    Hand,
    Pass,
    Play,
    Result,
)
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
from companion.rules.money import Posting, hand_postings
from companion.rules.text import shown, tr, tr_n, trc
from companion.rules.turns import after_play, all_passed, next_in, next_seat


def _yes_no() -> tuple[tuple[bool, str], ...]:
    return ((False, trc("option", "no")), (True, trc("option", "yes")))


class BigThree(HandByHand[BigThreeState, BigThreeOptions]):
    key = "big_three"
    title = "Big Three"
    aka = ("Dig a Hole", "Wa Keng")
    family = Family.CLIMBING
    seats = range(3, 4)
    options_type = BigThreeOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Bid, Dig, Result, Play, Pass)
    blurb = tr(
        "One against two: the highest bidder takes the widow and races the others to empty "
        "their hand, playing ever higher combinations; 3 is the top card."
    )
    option_info = (
        Option(
            "hands",
            tr("Hands in the session"),
            tr("The session ends after this many hands; with no fixed end, stop when you like."),
            ((0, tr("no fixed end")), (3, shown(3)), (6, shown(6)), (9, shown(9))),
        ),
        Option(
            "direction",
            tr("Direction of play"),
            tr("Bidding and play go to the left (the source), or to the right (ruling 5.1.3)."),
            (("left", tr("to the left")), ("right", tr("to the right"))),
        ),
        Option(
            "bombs",
            tr("Quads are bombs"),
            tr("Four of a kind beat any combination except higher quads (ruling 5.3.4)."),
            _yes_no(),
        ),
        Option(
            "bomb_doubles",
            tr("Quads double the stake"),
            tr("Each four of a kind played doubles what the hand is worth (ruling 5.3.4)."),
            _yes_no(),
        ),
        Option(
            "spring",
            tr("Spring doubles the stake"),
            tr("The hand is worth double when the losing side never played a card (ruling 5.3.4)."),
            _yes_no(),
        ),
        Option(
            "next_dealer",
            tr("Who deals the next hand"),
            tr("The deal rotates, or the winner of the hand deals (ruling 5.3.5)."),
            (("left", tr("the next player")), ("winner", tr("the player who went out first"))),
        ),
        Option(
            "forced_dig",
            tr("Forced dig"),
            tr(
                "A player dealt three or four 3s, or two 3s and two 2s, shows them and must "
                "play solo at 3 (ruling 5.3.4)."
            ),
            _yes_no(),
        ),
    )

    @property
    def step(self) -> int:
        return 1 if self.options.direction == "left" else -1

    def initial_state(self) -> BigThreeState:
        return BigThreeState()

    # --- phase --------------------------------------------------------------------------------
    def expects(self, state: BigThreeState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        if hand.solo is None:
            quick = {"result"} if not hand.calls else set()
            dig = {"dig"} if self.options.forced_dig else set()
            return frozenset({"bid", *quick, *dig})
        return frozenset({"play", "pass"})

    def to_act(self, state: BigThreeState) -> int | None:
        hand = state.hand
        if hand is None:
            return state.next_dealer
        if hand.solo is None:
            return self.bidder(hand)
        return hand.turn

    def high_bid(self, hand: Hand) -> int:
        return max((b for _, b in hand.calls), default=0)

    def bidder(self, hand: Hand) -> int | None:
        """Whose call it is: the opener, then in turn, skipping players who passed."""
        if hand.solo is not None:
            return None
        if not hand.calls:
            return hand.opener
        passed = {s for s, b in hand.calls if b == 0}
        return next_seat(play.SEATS, hand.calls[-1][0], self.step, lambda s: s in passed)

    def stake(self, hand: Hand) -> int:
        """The bid, doubled for each quads played when the option says so."""
        factor = 2**hand.bombs if self.options.bomb_doubles else 1
        return hand.bid * factor

    # --- validation -------------------------------------------------------------------------
    def violations(self, state: BigThreeState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Bid):
            return checks.bid_problems(self, hand, event)
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        if isinstance(event, Dig):
            return checks.dig_problems(self, hand, event)
        if isinstance(event, Play):
            return checks.play_problems(self, hand, event)
        if isinstance(event, Pass):
            return checks.pass_problems(self, hand, event)
        message = tr("Big Three does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    # --- apply --------------------------------------------------------------------------------
    def apply(self, state: BigThreeState, event: Event) -> BigThreeState:
        if isinstance(event, Deal):
            new = Hand(
                number=len(state.done) + 1,
                dealer=event.dealer,
                opener=event.opener,
                heart=event.heart,
            )
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Result):
            hand = dataclasses.replace(
                hand,
                solo=int(event.solo),
                bid=event.bid,
                bombs=event.bombs,
                sprung=event.spring,
                forced=event.forced,
            )
            return self._finish(state, hand, int(event.first_out), quick=True)
        if isinstance(event, Bid):
            return dataclasses.replace(state, hand=self._after_bid(hand, event))
        if isinstance(event, Dig):
            # A forced dig ends the bidding: its player is solo at 3 (ruling 5.3.4, D-5).
            hand = dataclasses.replace(hand, forced=True, dug=event.cards)
            return dataclasses.replace(state, hand=self._solo(hand, int(event.seat), 3))
        if isinstance(event, Play):
            seat = int(event.seat)
            combo = play.classify(event.cards)
            assert combo is not None
            played = after_play(hand.counts, seat, len(event.cards), self.step)
            plays_by = list(hand.plays_by)
            plays_by[seat] += 1
            high = list(hand.high_played)
            high[seat] = play.threes_twos(event.cards, high[seat])
            hand = dataclasses.replace(
                hand,
                counts=played.counts,
                played=hand.played | frozenset(event.cards),
                current=combo,
                current_cards=event.cards,
                last_player=seat,
                passes=0,
                turn=played.turn,
                plays_by=tuple(plays_by),
                high_played=tuple(high),
                bombs=hand.bombs + (combo.kind == "quads"),
            )
            if played.out:
                return self._finish(state, hand, seat)
            return dataclasses.replace(state, hand=hand)
        assert isinstance(event, Pass)
        passes = hand.passes + 1
        turn = next_in(hand.counts, int(event.seat), self.step)
        if all_passed(hand.counts, passes):
            # Two passes in a row: the last player to play leads anything (5.2.6).
            hand = dataclasses.replace(
                hand,
                current=None,
                current_cards=(),
                passes=0,
                turn=turn,
                free_leads=hand.free_leads + 1,
            )
        else:
            hand = dataclasses.replace(hand, passes=passes, turn=turn)
        return dataclasses.replace(state, hand=hand)

    def _after_bid(self, hand: Hand, bid: Bid) -> Hand:
        calls = (*hand.calls, (int(bid.seat), bid.bid))
        hand = dataclasses.replace(hand, calls=calls)
        passes = sum(1 for _, b in calls if b == 0)
        if bid.bid == 3 or passes >= play.SEATS - 1:
            high = max(b for _, b in calls)
            solo = next(s for s, b in reversed(calls) if b == high)
            return self._solo(hand, solo, high)
        return hand

    def _solo(self, hand: Hand, solo: int, bid: int) -> Hand:
        """The bidding is over: ``solo`` takes the widow (20 cards), the opener leads."""
        counts = tuple(play.HAND + (play.WIDOW if s == solo else 0) for s in range(play.SEATS))
        return dataclasses.replace(hand, solo=solo, bid=bid, counts=counts, turn=hand.opener)

    def _finish(
        self, state: BigThreeState, hand: Hand, first_out: int, *, quick: bool = False
    ) -> BigThreeState:
        money = self.settlement(hand, first_out, quick=quick)
        lines = self.score_lines(hand, first_out, money, quick=quick)
        score = HandScore(
            number=hand.number,
            points=money,
            lines=lines,
            dealer=hand.dealer,
            summary=text.hand_summary(self, hand, first_out, quick=quick),
        )
        nxt = (
            first_out
            if self.options.next_dealer == "winner"
            else (hand.dealer + self.step) % play.SEATS
        )
        return BigThreeState(
            done=(*state.done, score), money=(*state.money, money), next_dealer=nxt
        )

    # --- scoring ----------------------------------------------------------------------------
    def spring(self, hand: Hand, first_out: int, *, quick: bool = False) -> bool:
        """The losing side never played a card (option ``spring``)."""
        assert hand.solo is not None
        if not self.options.spring:
            return False
        if quick:
            return hand.sprung
        if first_out == hand.solo:
            return all(hand.plays_by[s] == 0 for s in range(play.SEATS) if s != hand.solo)
        return hand.plays_by[hand.solo] == 0

    def settlement(self, hand: Hand, first_out: int, *, quick: bool = False) -> tuple[int, ...]:
        """Chips per seat (5.2.7): the solo wins or pays the stake to each opponent."""
        solo = hand.solo
        assert solo is not None
        stake = self.stake(hand) * (2 if self.spring(hand, first_out, quick=quick) else 1)
        won = first_out == solo
        return tuple(
            (2 * stake if won else -2 * stake) if s == solo else (-stake if won else stake)
            for s in range(play.SEATS)
        )

    def score_lines(
        self, hand: Hand, first_out: int, money: tuple[int, ...], *, quick: bool = False
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        names = self.names
        solo = hand.solo
        assert solo is not None
        stake = abs(money[(solo + 1) % play.SEATS])
        notes = self.notes(hand, first_out, stake, quick=quick)
        out: list[tuple[ScoreLine, ...]] = []
        for seat in range(play.SEATS):
            if seat == solo and first_out == solo:
                label = tr_n(
                    "Solo, out first: {n} chip from each opponent",
                    "Solo, out first: {n} chips from each opponent",
                    stake,
                )
            elif seat == solo:
                label = tr_n(
                    "Solo, {player} went out first: {n} chip to each opponent",
                    "Solo, {player} went out first: {n} chips to each opponent",
                    stake,
                    player=names[first_out],
                )
            elif first_out == solo:
                label = tr_n(
                    "{player} went out first as solo: pay {n} chip",
                    "{player} went out first as solo: pay {n} chips",
                    stake,
                    player=names[solo],
                )
            else:
                label = tr_n(
                    "{player} went out first against the solo: {n} chip from {solo}",
                    "{player} went out first against the solo: {n} chips from {solo}",
                    stake,
                    player=names[first_out],
                    solo=names[solo],
                )
            out.append((ScoreLine(label, money[seat], "settlement"), *notes))
        return tuple(out)

    def notes(self, hand: Hand, first_out: int, stake: int, *, quick: bool) -> list[ScoreLine]:
        """Lines worth no chips of their own saying why the stake is what it is: a forced dig,
        quads played, a spring."""
        out: list[ScoreLine] = []
        solo = self.names[hand.solo] if hand.solo is not None else ""
        if hand.dug:
            label = tr("{player} dug by force, showing {cards}: solo at 3", player=solo,
                       cards=hand.dug)  # fmt: skip
            out.append(ScoreLine(label, 0, "forced-dig"))
        elif hand.forced:
            label = tr("{player} dug by force: solo at 3", player=solo)
            out.append(ScoreLine(label, 0, "forced-dig"))
        if stake == hand.bid:
            return out
        if self.options.bomb_doubles and hand.bombs:
            label = tr_n(
                "{n} four of a kind played: the stake doubles",
                "{n} fours of a kind played: the stake doubles {n} times",
                hand.bombs,
            )
            out.append(ScoreLine(label, 0, "doubling"))
        if self.spring(hand, first_out, quick=quick):
            out.append(ScoreLine(tr("Spring: the losing side never played a card, double"), 0,
                                 "doubling"))  # fmt: skip
        total = tr("Stake {stake} for a bid of {bid}", stake=stake, bid=hand.bid)
        out.append(ScoreLine(total, 0, "doubling"))
        return out

    def postings(self, state: BigThreeState) -> tuple[Posting, ...]:
        """Every hand's chips for the table's ledger (docs/ledger.md): zero-sum, no house."""
        return hand_postings(state.done)  # each hand's points are its chips

    def outcome(self, state: BigThreeState) -> Outcome | None:
        return self.after_hands(state, self.options.hands, "hands-played")
