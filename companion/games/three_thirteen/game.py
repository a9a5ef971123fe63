"""Three Thirteen Rummy, following ``shared/rules/three-thirteen/rulings.md``.

Two or more players, eleven hands: hand 1 deals 3 cards each and 3s are wild, each hand one card
more and the next rank wild, up to 13 cards and kings wild in hand 11. Sets and runs (ace low
only), wild cards anywhere, melds kept in the hand. A player who has melded every card but the
discard goes out; the others have one last turn, then every player scores the cards they could
not meld in their best arrangement. The lowest total after eleven hands wins; equal lowest share
the win.

In hand 2 (4 cards, 4s wild) Ann keeps her king in a meld with the two wild 4s and leaves the
9♦ (9) rather than the other way round (10).

Each hand is a deal (who dealt), then either the quick entry (who went out, each player's
deadwood) or the full entry (who went out, each player's cards: the engine finds every best
arrangement, exactly, and counts the deadwood).

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = ThreeThirteen(3, names=["Ann", "Bob", "Cat"])
>>> log = [Deal(dealer=Seat(0)), Result(out=Seat(1), deadwood=(7, 0, 13)),
...        Deal(dealer=Seat(1)),
...        Hands(out=Seat(2), cards=(cs("4H 4S 9D KC"), cs("2H 3H 4D 9S"), cs("7S 7D 7C 4C")))]
>>> state = replay(rules, log).state
>>> [h.points for h in rules.hands(state)]
[(7, 0, 13), (9, 9, 0)]
>>> rules.scores(state)
(16, 9, 13)
>>> print(rules.hands(state)[1].lines[0][0].label)
Left over 9♦ (best arrangement: K♣ 4♠ 4♥)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games import rummy
from companion.games.three_thirteen import checks, play, text
from companion.games.three_thirteen.events import (
    Deal,
    Hand,
    Hands,
    Result,
    ThreeThirteenOptions,
    ThreeThirteenState,
)
from companion.rules.core import (
    Family,
    HandByHand,
    Option,
    Outcome,
    ScoreLine,
    Violation,
    scored_hand,
)
from companion.rules.events import Event, event_types
from companion.rules.melds import Arrangement
from companion.rules.text import shown, tr, trc


class ThreeThirteen(HandByHand[ThreeThirteenState, ThreeThirteenOptions]):
    key = "three_thirteen"
    title = "Three Thirteen"
    aka = ("Three Thirteen Rummy",)
    family = Family.RUMMY
    seats = range(2, 9)
    options_type = ThreeThirteenOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Result, Hands)
    lower_is_better = True
    blurb = tr(
        "Eleven hands of rummy, 3 cards up to 13, a different rank wild each hand: meld "
        "everything and go out; the lowest total wins."
    )
    option_info = (
        Option(
            "decks",
            tr("Packs"),
            tr(
                "How many 52-card packs are shuffled together: by default one for 2 players, two "
                "for 3 or 4, three for 5 or 6, four for 7 or 8 (ruling 3.1.1)."
            ),
            (
                (0, tr("By the number of players")),
                (1, shown(1)),
                (2, shown(2)),
                (3, shown(3)),
                (4, shown(4)),
            ),
        ),
        Option(
            "identical_in_set",
            tr("Identical cards in a set"),
            tr(
                "With several packs, may a set hold two identical cards, such as two 9♥? If not, "
                "the natural cards of a set must all be of different suits (ruling 3.3.1)."
            ),
            ((True, trc("option", "yes")), (False, trc("option", "no"))),
        ),
        Option(
            "wild_penalty",
            tr("Wild card left over"),
            tr(
                "What an unmelded wild card costs: its own value, or a fixed 20 or 25 "
                "(ruling 3.3.2)."
            ),
            ((0, tr("Its own value")), (20, shown(20)), (25, shown(25))),
        ),
        Option(
            "ace_value",
            tr("Ace left over"),
            tr("What an unmelded ace costs: 1, or 15 as some tables play (ruling 3.3.3)."),
            ((1, shown(1)), (15, shown(15))),
        ),
        Option(
            "arrangement",
            tr("Arrangement scored"),
            tr(
                "The arrangement that leaves the least deadwood, found by the app (so nobody is "
                "punished for a slip), or the melds each player lays out, entered with the cards "
                "(ruling 3.3.4)."
            ),
            (("best", tr("The least deadwood")), ("declared", tr("As laid out"))),
        ),
        Option(
            "going_out_bonus",
            tr("Going out bonus"),
            tr(
                "Points for the player who goes out: none (the source's rules), or 10 off "
                "(ruling 3.3.7)."
            ),
            ((0, tr("None")), (-10, shown(-10))),
        ),
    )

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> ThreeThirteenState:
        return ThreeThirteenState()

    def decks(self) -> int:
        return play.decks_for(self.n_seats, self.options.decks)

    def expects(self, state: ThreeThirteenState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        if state.hand is None:
            return frozenset({"deal"})
        return frozenset({"result", "hands"})

    def number(self, state: ThreeThirteenState) -> int:
        """The number of the hand under way, or of the next one."""
        return state.hand.number if state.hand else len(state.done) + 1

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: ThreeThirteenState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return rummy.deal_problems(self.names, state.next_dealer, event.dealer)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        if isinstance(event, Hands):
            return checks.hands_problems(self, hand, event)
        message = tr("Three Thirteen does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    # --- apply and score --------------------------------------------------------------------
    def apply(self, state: ThreeThirteenState, event: Event) -> ThreeThirteenState:
        if isinstance(event, Deal):
            new = Hand(len(state.done) + 1, event.dealer)
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Result):
            lines = self.quick_lines(event.out, event.deadwood)
            return self._finish(state, hand, event.out, lines, None)
        assert isinstance(event, Hands)
        if self.options.arrangement == "declared" and event.melds is not None:
            best = tuple(
                play.declared(cards, melds, self.options, hand.number)
                for cards, melds in zip(event.cards, event.melds, strict=True)
            )
        else:
            best = tuple(play.arrange(cards, self.options, hand.number) for cards in event.cards)
        return self._finish(state, hand, event.out, self.full_lines(event.out, best), best)

    def _finish(
        self,
        state: ThreeThirteenState,
        hand: Hand,
        out: int,
        lines: tuple[tuple[ScoreLine, ...], ...],
        best: tuple[Arrangement, ...] | None,
    ) -> ThreeThirteenState:
        summary = text.hand_summary(self, hand.number, hand.dealer, out, best is not None)
        score = scored_hand(hand, lines, summary)
        return ThreeThirteenState(
            done=(*state.done, score),
            next_dealer=(hand.dealer + 1) % self.n_seats,
            arrangements=(*state.arrangements, best),
        )

    def _bonus(self, seat: int, out: int) -> tuple[ScoreLine, ...]:
        if seat != out or not self.options.going_out_bonus:
            return ()
        return (ScoreLine(tr("Going out bonus"), self.options.going_out_bonus, "scoring"),)

    def quick_lines(self, out: int, deadwood: tuple[int, ...]) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's hand from the quick entry (ruling 3.2.4: the goer scores 0)."""
        lines = []
        for seat, points in enumerate(deadwood):
            if seat == out:
                line = ScoreLine(tr("Went out: every card melded"), 0, "going-out")
            elif points == 0:
                line = ScoreLine(tr("Every card melded after the last turn"), 0, "going-out")
            else:
                line = ScoreLine(tr("Deadwood: the cards left over"), points, "scoring")
            lines.append((line, *self._bonus(seat, out)))
        return tuple(lines)

    def full_lines(
        self, out: int, best: tuple[Arrangement, ...]
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's hand from their cards, with the best arrangement shown (ruling 3.3.4)."""
        lines = []
        for seat, found in enumerate(best):
            melds = text.melds_text(found)
            if seat == out:
                line = ScoreLine(tr("Went out: {melds}", melds=melds), 0, "going-out")
            elif not found.deadwood:
                line = ScoreLine(
                    tr("Every card melded after the last turn: {melds}", melds=melds),
                    0,
                    "going-out",
                )
            else:
                label = (
                    tr(
                        "Left over {cards} (melds as laid out: {melds})",
                        cards=found.deadwood,
                        melds=melds,
                    )
                    if self.options.arrangement == "declared"
                    else tr(
                        "Left over {cards} (best arrangement: {melds})",
                        cards=found.deadwood,
                        melds=melds,
                    )
                )
                line = ScoreLine(label, found.deadwood_value, "scoring")
            lines.append((line, *self._bonus(seat, out)))
        return tuple(lines)

    def outcome(self, state: ThreeThirteenState) -> Outcome | None:
        """After eleven hands the lowest total wins; equal lowest share it (ruling 3.3.6)."""
        if len(state.done) < play.HANDS:
            return None
        return self.leaders(state, "hands-played")
