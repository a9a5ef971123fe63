"""Belote, following ``shared/rules/belote/rulings.md`` (the published text is
``shared/rules/belote/source.txt``; where they differ the rulings win).

Four players in two fixed partnerships (seats 1 & 3 against 2 & 4), 32 cards, two bidding
rounds, declarations, 162 trick points a hand, first team to the target (1000) wins. A hand is
``deal`` then either one ``result`` (quick entry) or the bidding (``bid`` ... or ``redeal``),
``declare``/``belote`` announcements and eight ``trick`` entries. Helpers: :mod:`.events`
(events, options, state), :mod:`.cards` (orders, points, play duties, declarations),
:mod:`.checks` (every check of an entry), :mod:`.play` (tricks and the irregularities they
prove), :mod:`.score` (the hand's score), :mod:`.text` (what the screen says).

Options (all from rulings §1.1-1.3): ``direction``, ``declarations``, ``belote_announced``,
``contract``, ``ties``, ``belote_on_failure``, ``capot``, ``trump_lead``, ``equal_sequences``,
``shared_card``, ``rounding``, ``target``, ``both_over`` (see ``option_info``).

A hand recorded quickly: Ann takes hearts, her team makes 92 of the 162 trick points.

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card
>>> rules = Belote(4, names=["Ann", "Bob", "Cat", "Dan"])
>>> log = [Deal(dealer=3, upcard=parse_card("9H")),
...        Result(taker=0, trump="H", taker_points=92)]
>>> hand = rules.hands(replay(rules, log).state)[0]
>>> hand.points, str(hand.summary)
((90, 70), 'Ann took ♥ — made, 92 to 70')
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.belote import checks
from companion.games.belote import text as belote_text
from companion.games.belote.cards import BELOTE
from companion.games.belote.checks import (
    SUITS,
    bid_problems,
    meld_problems,
)
from companion.games.belote.events import (
    BeloteCall,
    BeloteOptions,
    BeloteState,
    Bid,
    Deal,
    Declare,
    Hand,
    Redeal,
    Result,
    Trick,
)
from companion.games.belote.play import (
    TRICKS,
    card_facts,
    prove,
    quick_facts,
    trick_record,
)
from companion.games.belote.score import (
    HandFacts,
    contract_threshold,
    declaration_points,
    score_hand,
    turn_order,
)
from companion.rules.cards import Card
from companion.rules.core import Family, HandScore, Option, Outcome, Reminder, Rules, Violation
from companion.rules.events import Event, event_types
from companion.rules.text import tr
from companion.rules.tricks import (
    OpenPlay,
    Proof,
    TrickRecord,
)


class Belote(Rules[BeloteState, BeloteOptions]):
    key = "belote"
    title = "Belote"
    family = Family.TRICK_TAKING
    seats = range(4, 5)
    options_type = BeloteOptions
    option_info: ClassVar[tuple[Option, ...]] = belote_text.OPTION_INFO
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        Deal, Bid, Redeal, Declare, BeloteCall, Trick, Result
    )
    blurb = tr("Two partnerships bid for trumps, declare, and race to 1000 points.")
    scores_by_team = True
    _last_played: (
        tuple[Hand, tuple[Card, ...], tuple[TrickRecord, tuple[OpenPlay, ...], list[Proof]]] | None
    ) = None

    def initial_state(self) -> BeloteState:
        return BeloteState()

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def next_seat(self, seat: int) -> int:
        return (seat + (1 if self.options.direction == "left" else -1)) % 4

    def order(self, dealer: int) -> list[int]:
        return turn_order(dealer, self.options.direction)

    # --- phase ---------------------------------------------------------------------------------
    def expects(self, state: BeloteState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        if hand.taker is None:
            return frozenset({"bid", "redeal"} | (set() if hand.bids else {"result"}))
        kinds = {"trick"}
        if self.options.declarations != "none":
            kinds.add("belote")
        if self.options.declarations == "all" and len(hand.tricks) <= 1:
            kinds.add("declare")
        return frozenset(kinds)

    def dealer(self, state: BeloteState) -> int | None:
        return state.hand.dealer if state.hand else state.next_dealer

    def bidder(self, hand: Hand) -> int:
        return self.order(hand.dealer)[len(hand.bids) % 4]

    def leader(self, hand: Hand) -> int:
        return hand.tricks[-1].winner if hand.tricks else self.order(hand.dealer)[0]

    def to_act(self, state: BeloteState) -> int | None:
        hand = state.hand
        if hand is None:
            return state.next_dealer
        return self.bidder(hand) if hand.taker is None else self.leader(hand)

    def prompt(self, state: BeloteState) -> str:
        return belote_text.prompt(self, state)

    def info(self, state: BeloteState) -> list[tuple[str, str]]:
        return belote_text.info(self, state)

    def reminders(self, state: BeloteState) -> list[Reminder]:
        return belote_text.reminders(self, state)

    # --- validation ----------------------------------------------------------------------------
    def violations(self, state: BeloteState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Bid):
            return bid_problems(self.names, self.bidder(hand), hand.upcard, len(hand.bids), event)
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        if isinstance(event, Declare):
            return meld_problems(checks.decl_context(self, hand), event.seat, event.cards)
        if isinstance(event, BeloteCall):
            return checks.belote_call_problems(self, hand, event)
        if isinstance(event, Trick):
            return checks.trick_problems(self, hand, event)
        return []  # Redeal: nothing to check once it is expected

    def played(
        self, hand: Hand, cards: tuple[Card, ...]
    ) -> tuple[TrickRecord, tuple[OpenPlay, ...], list[Proof]]:
        """A trick's record and what it proves. Replay checks a trick, then applies it: the
        last answer is kept so the work is done once (states are never changed in place)."""
        last = self._last_played
        if last is not None and last[0] is hand and last[1] == cards:
            return last[2]
        leader, always = self.leader(hand), self.options.trump_lead == "always"
        record = trick_record(hand.tricks, cards, leader, self.options.direction, hand.trump)
        answer = (record, *prove(hand, record, always))
        self._last_played = (hand, cards, answer)
        return answer

    # --- apply and score -----------------------------------------------------------------------
    def apply(self, state: BeloteState, event: Event) -> BeloteState:
        if isinstance(event, Deal):
            return dataclasses.replace(
                state, hand=Hand(event.dealer, event.upcard), next_dealer=None
            )
        hand = state.hand
        assert hand is not None
        if isinstance(event, Redeal):
            return self._redeal(state, hand)
        if isinstance(event, Bid):
            return self._apply_bid(state, hand, event)
        if isinstance(event, Declare):
            new = dataclasses.replace(hand, melds=(*hand.melds, (event.seat, event.cards)))
            return dataclasses.replace(state, hand=new)
        if isinstance(event, BeloteCall):
            return dataclasses.replace(state, hand=dataclasses.replace(hand, belote=event.seat))
        if isinstance(event, Result):
            return self._finish(state, hand, quick_facts(event, hand.dealer))
        assert isinstance(event, Trick)
        record, pending, _ = self.played(hand, event.cards)
        hand = dataclasses.replace(hand, tricks=(*hand.tricks, record), pending=pending)
        if len(hand.tricks) < TRICKS:
            return dataclasses.replace(state, hand=hand)
        return self._finish(state, hand, card_facts(hand, self.options.belote_announced))

    def _redeal(self, state: BeloteState, hand: Hand) -> BeloteState:
        return dataclasses.replace(
            state, hand=None, next_dealer=self.next_seat(hand.dealer), redeals=state.redeals + 1
        )

    def _apply_bid(self, state: BeloteState, hand: Hand, bid: Bid) -> BeloteState:
        bids = (*hand.bids, (int(bid.seat), bid.call))
        if bid.call == "pass":
            if len(bids) == 8:
                return self._redeal(state, hand)
            return dataclasses.replace(state, hand=dataclasses.replace(hand, bids=bids))
        assert hand.upcard is not None or bid.call != "take"
        trump = hand.upcard.suit if bid.call == "take" and hand.upcard else SUITS[bid.call]
        new = dataclasses.replace(
            hand, bids=bids, taker=bid.seat, trump=trump, round=1 if len(bids) <= 4 else 2
        )
        return dataclasses.replace(state, hand=new)

    def _finish(self, state: BeloteState, hand: Hand, facts: HandFacts) -> BeloteState:
        scored = score_hand(facts, self.options, self.names, state.pot)
        score = HandScore(
            number=len(state.done) + 1,
            points=scored.points,
            lines=scored.lines,
            dealer=hand.dealer,
            summary=belote_text.hand_summary(self, hand, facts, scored.result),
        )
        return BeloteState(
            done=(*state.done, score),
            totals=(state.totals[0] + score.points[0], state.totals[1] + score.points[1]),
            hand=None,
            next_dealer=self.next_seat(hand.dealer),
            pot=scored.pot,
            redeals=state.redeals,
        )

    def hands(self, state: BeloteState) -> tuple[HandScore, ...]:
        return state.done

    def scores(self, state: BeloteState) -> tuple[int, ...]:
        return state.totals

    def outcome(self, state: BeloteState) -> Outcome | None:
        if state.hand is not None or not state.done:
            return None
        totals = self.scores(state)
        over = [team for team, total in enumerate(totals) if total >= self.options.target]
        if not over:
            return None
        if len(over) == 2 and self.options.both_over == "higher" and totals[0] != totals[1]:
            over = [0 if totals[0] > totals[1] else 1]
        return Outcome("target-reached", tuple(s for t in over for s in self.teams()[t]))

    def needed(self, hand: Hand) -> int:
        """Trick points the taker's team needs, counting the declarations known so far."""
        assert hand.taker is not None and hand.trump is not None
        facts = HandFacts(
            hand.taker, hand.trump, (0, 0), None, hand.melds, hand.belote, hand.dealer
        )
        decl, _ = declaration_points(facts, self.options, self.names)
        extra = [decl[0], decl[1]]
        if hand.belote is not None and self.options.declarations != "none":
            extra[hand.belote % 2] += BELOTE
        t_team = hand.taker % 2
        return contract_threshold(self.options, extra[t_team], extra[1 - t_team])
