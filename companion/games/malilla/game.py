"""Malilla, following ``shared/rules/malilla/rulings.md`` (§7.2 engine specification, §7.3 rulings).

Four players, partners sitting opposite (seats 1 & 3 against 2 & 4), a 40-card pack ranked
7 A K Q J 6 5 4 3 2. The 40th card is dealt face up to the dealer: it fixes trump, joins the
dealer's hand and its value is a bonus for the dealer's side, held back until after the hand
when it would win the game (ruling 3). Card points (60) plus one per trick (10: the erratum) make
70; the side with more scores its points − 35, a capote (all ten tricks) scores 35 and wins.
First side to 35 at the end of a hand wins. A confirmed irregularity forfeits the game.

Options: ``trick_point`` (True: 70 in all | False: the source's 60, ruling 7.3.1),
``direction`` ("clockwise" | "counter-clockwise", 7.1 #5), ``penalty`` ("game" | "hand", 7.3.6),
``forfeit`` ("confirm": the table records it | "auto": as soon as the app flags it, 7.2.8).
The events and state are in :mod:`.events`, the card rules and the audit in :mod:`.play`,
scoring in :mod:`.score`, the checks of an entry in :mod:`.checks` and the words in :mod:`.text`.

A hand recorded with the quick entry (Ann deals, K♥ turned up: +3 to Ann & Cat at once):

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card
>>> rules = Malilla(4, names=["Ann", "Bob", "Cat", "Dan"])
>>> log = [Deal(dealer=0, upcard=parse_card("KH")), Tally(side=1, card_points=38, tricks=6)]
>>> [h.points for h in rules.hands(replay(rules, log).state)]
[(3, 9)]
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.malilla import checks, text
from companion.games.malilla.events import (
    Deal,
    Forfeit,
    Hand,
    MalillaOptions,
    MalillaState,
    Tally,
    Trick,
)
from companion.games.malilla.play import (
    CARD_POINTS,
    TRICKS,
    prove,
    trick_winner,
    with_proofs,
)
from companion.games.malilla.score import Scorer, bonus_of, side_totals
from companion.rules.cards import Card
from companion.rules.core import (
    Family,
    HandByHand,
    HandScore,
    Option,
    Outcome,
    Violation,
)
from companion.rules.events import Event, event_types
from companion.rules.text import tr, trc
from companion.rules.tricks import OpenPlay, Proof, TrickRecord

__all__ = ["Deal", "Forfeit", "Malilla", "MalillaOptions", "MalillaState", "Tally", "Trick"]


class Malilla(Scorer, HandByHand[MalillaState, MalillaOptions]):
    key = "malilla"
    title = "Malilla"
    aka = ("Manilla",)
    family = Family.TRICK_TAKING
    seats = range(4, 5)
    options_type = MalillaOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    scores_by_team = True
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Tally, Trick, Forfeit)
    blurb = tr("Partners race to 35: sevens and aces in tricks, a turned-up trump, strict play.")
    option_info = (
        Option(
            "trick_point",
            tr("Point per trick"),
            tr("Does each trick won add a point, making 70 in a hand? (ruling 7.3.1)"),
            (
                (True, tr("yes: 70 in all (the correction)")),
                (False, tr("no: 60 in all (source as written)")),
            ),
        ),
        Option(
            "direction",
            tr("Direction of play"),
            tr("Which way play and the deal go round the table (rulings 7.1 #5)"),
            (
                ("clockwise", tr("clockwise: deal passes left")),
                ("counter-clockwise", trc("direction of play", "counter-clockwise")),
            ),
        ),
        Option(
            "penalty",
            tr("Irregularity penalty"),
            tr("What a confirmed revoke, failure to beat or illegal 7 costs (ruling 7.3.6)"),
            (
                ("game", tr("the offending side loses the game")),
                ("hand", tr("they forfeit the hand")),
            ),
        ),
        Option(
            "forfeit",
            tr("Forfeit confirmation"),
            tr(
                "Does a flagged irregularity forfeit at once, or when the table confirms it? "
                "(7.2.8)"
            ),
            (
                ("confirm", tr("when the table confirms it")),
                ("auto", tr("automatically when flagged")),
            ),
        ),
    )

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def initial_state(self) -> MalillaState:
        return MalillaState()

    # --- phase --------------------------------------------------------------------------------
    def expects(self, state: MalillaState) -> frozenset[str]:
        last = state.last
        can_forfeit_last = last is not None and last.forfeit is None
        if state.winner is not None:
            # The hand that ended the game may still be forfeited (the table confirms a flag).
            late = can_forfeit_last and state.reason != "forfeit"
            return frozenset({"forfeit"} if late else ())
        hand = state.hand
        if hand is None:
            return frozenset({"deal"} | ({"forfeit"} if can_forfeit_last else set()))
        kinds = {"trick"} if hand.tricks else {"trick", "tally"}
        return frozenset(kinds | ({"forfeit"} if self.options.penalty == "game" else set()))

    def leader(self, hand: Hand) -> int:
        return hand.tricks[-1].winner if hand.tricks else self.next_seat(hand.dealer)

    def to_act(self, state: MalillaState) -> int | None:
        return self.leader(state.hand) if state.hand else state.next_dealer

    # --- validation ---------------------------------------------------------------------------
    def violations(self, state: MalillaState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        if isinstance(event, Forfeit):
            return checks.forfeit_problems(self, state, event)
        assert state.hand is not None
        if isinstance(event, Tally):
            given = (event.card_points, event.tricks, event.other_card_points, event.other_tricks)
            return checks.tally_problems(self, event.side % 2, *given)
        if isinstance(event, Trick):
            return checks.trick_problems(self, state.hand, event)
        return [
            Violation(
                "unknown-event",
                tr("Malilla does not record '{kind}' entries.", kind=event.kind),
            )
        ]

    # --- apply ----------------------------------------------------------------------------------
    def record(self, hand: Hand, cards: tuple[Card, ...]) -> TrickRecord:
        leader = self.leader(hand)
        seats = tuple(self.order_from(leader))
        win = trick_winner(cards, hand.upcard.suit)
        return TrickRecord(len(hand.tricks) + 1, leader, cards, cards[0].suit, seats[win], seats)

    def prove(self, hand: Hand, record: TrickRecord) -> tuple[tuple[OpenPlay, ...], list[Proof]]:
        """The plays still open after ``record``, and those it proves wrong (``play.prove``)."""
        return prove(hand.tricks, hand.pending, record, self.names, (hand.dealer, hand.upcard))

    def apply(self, state: MalillaState, event: Event) -> MalillaState:
        if isinstance(event, Deal):
            return self.deal(state, event.dealer, event.upcard)
        if isinstance(event, Forfeit):
            return self.forfeit(state, event.player % 2, event.player)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Tally):
            mine = event.side % 2
            cards = [0, 0]
            tricks = [0, 0]
            cards[mine], cards[1 - mine] = event.card_points, CARD_POINTS - event.card_points
            tricks[mine], tricks[1 - mine] = event.tricks, TRICKS - event.tricks
            return self.finish(state, hand, (cards[0], cards[1]), (tricks[0], tricks[1]))
        assert isinstance(event, Trick)
        record = self.record(hand, event.cards)
        pending, proven = self.prove(hand, record)
        flags = with_proofs(hand.flags, proven)
        hand = dataclasses.replace(
            hand, tricks=(*hand.tricks, record), flags=flags, pending=pending
        )
        auto = self.options.forfeit == "auto" and hand.flags
        if len(hand.tricks) < TRICKS:
            state = dataclasses.replace(state, hand=hand)
            if auto and self.options.penalty == "game":
                return self.forfeit(state, hand.flags[0].seat % 2, hand.flags[0].seat)
            return state
        state = self.finish(state, hand, *side_totals(hand.tricks))
        if auto:
            return self.forfeit(state, hand.flags[0].seat % 2, hand.flags[0].seat)
        return state

    def hands(self, state: MalillaState) -> tuple[HandScore, ...]:
        hand = state.hand
        if hand is None or not bonus_of(hand.upcard):
            return state.done
        return (*state.done, self.provisional(hand))

    def outcome(self, state: MalillaState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(state.reason, self.teams()[state.winner])
