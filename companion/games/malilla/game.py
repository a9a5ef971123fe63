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
Card rules and the audit live in :mod:`malilla_play`, scoring in :mod:`malilla_score`.

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

from companion.games.malilla.play import (
    CARD_POINTS,
    DECK,
    ORDER,
    POINTS,
    TRICKS,
    prove,
    trick_winner,
    with_proofs,
)
from companion.games.malilla.score import (
    TARGET,
    Hand,
    MalillaOptions,
    MalillaState,
    Scorer,
    bonus_of,
    side_totals,
    trump_text,
)
from companion.rules.cards import Card, Suit
from companion.rules.core import Family, HandScore, Option, Outcome, Reminder, Rules, Violation
from companion.rules.events import Event, Seat, event_types
from companion.rules.text import Text, shown, tr, tr_n, trc
from companion.rules.tricks import (
    OpenPlay,
    Proof,
    TrickRecord,
    comma_list,
    duplicate_problems,
    lead_and_size_problems,
    order_text,
)

_IN_DECK = frozenset(DECK)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Deal(Event):
    kind = "deal"
    summary = tr("Who dealt, and the last card, dealt face up to the dealer: it fixes trump.")
    dealer: Seat
    upcard: Card
    misdeal: bool = False  # the expected dealer misdealt: the next player deals instead


@dataclasses.dataclass(frozen=True, kw_only=True)
class Tally(Event):
    kind = "tally"
    summary = tr(
        "Quick entry of a whole hand: one side's card points and tricks (the rest follows)."
    )
    side: Seat  # any player of the side these figures are for
    card_points: int
    tricks: int
    other_card_points: int | None = None
    other_tricks: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trick(Event):
    kind = "trick"
    summary = tr("One trick, card by card, in the order played from the leader.")
    cards: tuple[Card, ...]
    leader: Seat | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Forfeit(Event):
    kind = "forfeit"
    summary = tr(
        "The table confirms an irregularity: the player's side forfeits (note: what happened)."
    )
    player: Seat


class Malilla(Scorer, Rules[MalillaState, MalillaOptions]):
    key = "malilla"
    title = "Malilla"
    aka = ("Manilla",)
    family = Family.TRICK_TAKING
    seats = range(4, 5)
    options_type = MalillaOptions
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

    def dealer(self, state: MalillaState) -> int | None:
        return state.hand.dealer if state.hand else state.next_dealer

    def leader(self, hand: Hand) -> int:
        return hand.tricks[-1].winner if hand.tricks else self.next_seat(hand.dealer)

    def to_act(self, state: MalillaState) -> int | None:
        return self.leader(state.hand) if state.hand else state.next_dealer

    def prompt(self, state: MalillaState) -> Text:
        if (end := self.outcome(state)) is not None:
            return tr("Game over: {winners}", winners=self.winners_text(end))
        hand, names = state.hand, self.names
        if hand is None:
            number = len(state.done) + 1
            text = (
                tr(
                    "Who deals hand {number}? Record the deal and the card turned up.",
                    number=number,
                )
                if state.next_dealer is None
                else tr(
                    "{player} deals hand {number}.", player=names[state.next_dealer], number=number
                )
            )
            if state.last is not None and state.last.forfeit is None and state.last.hand.flags:
                return tr(
                    "{prompt} An irregularity was flagged: record a forfeit if the table "
                    "confirms it.",
                    prompt=text,
                )
            return text
        lead = names[self.leader(hand)]
        if hand.tricks:
            return tr(
                "{player} leads trick {number} of {tricks}.",
                player=lead,
                number=len(hand.tricks) + 1,
                tricks=TRICKS,
            )
        return tr(
            "{player} leads trick 1 — record the tricks one by one, or the points at the end.",
            player=lead,
        )

    def reminders(self, state: MalillaState) -> list[Reminder]:
        """The card order and values, the hand's points, the duty to beat, and which sevens
        are still held back in this hand (their suit not led yet)."""
        hand = state.hand
        if hand is None or state.winner is not None:
            return []
        trump = hand.upcard.suit
        assert trump is not None
        if self.options.trick_point:
            holds = tr(
                "{cards} in the cards + 1 for each of the {tricks} tricks = {total}; "
                "the side with more scores its points minus {target}",
                cards=CARD_POINTS,
                tricks=TRICKS,
                total=CARD_POINTS + TRICKS,
                target=TARGET,
            )
        else:
            holds = tr(
                "{cards} in the cards = {total}; the side with more scores its points minus "
                "{target}",
                cards=CARD_POINTS,
                total=CARD_POINTS,
                target=TARGET,
            )
        out = [
            Reminder(
                tr("Every suit, high to low (card points)"), order_text(ORDER, POINTS), "cards"
            ),
            Reminder(tr("A hand holds"), holds, "scoring"),
            Reminder(
                tr("Out of the suit led"),
                tr(
                    "an opponent winning with a plain card: play a {suit} trump; winning "
                    "with a trump: a higher trump if you have one",
                    suit=trump,
                ),
                "must-beat",
            ),
        ]
        led = {t.lead for t in hand.tricks}
        held = [s for s in Suit if s != trump and s not in led]
        if held:
            out.append(
                Reminder(
                    tr("Sevens held back"),
                    tr(
                        "{cards}: no discarding the 7 of a suit not led yet this hand (leading "
                        "it is fine)",
                        cards=tuple(Card(7, s) for s in held),
                    ),
                    "unled-seven",
                )
            )
        return out

    def info(self, state: MalillaState) -> list[tuple[str, str]]:
        """Trump and upcard, dealer, bonus, leader, then per side: this hand and what it needs."""
        if state.winner is not None:
            return []
        totals, hand = self.scores(state), state.hand
        needs = [TARGET - totals[i] for i in (0, 1)]
        rows: list[tuple[str, str]]
        if hand is None:
            rows = [(self._side_row(i), self._to_win(needs[i])) for i in (0, 1)]
            if state.next_dealer is not None:
                rows.insert(0, (tr("Next dealer"), self.names[state.next_dealer]))
            if state.last is not None and state.last.forfeit is None and state.last.hand.flags:
                rows.append((trc("info", "Flagged"), self.flagged_text(state.last.hand)))
            return rows
        rows = [
            # Translators: the number of the hand being played ("3").
            (trc("info", "Hand"), shown(hand.number)),
            (trc("info", "Dealer"), self.names[hand.dealer]),
            (trc("info", "Trump"), trump_text(hand.upcard)),
        ]
        if bonus := bonus_of(hand.upcard):
            side = self.side_name(hand.dealer % 2)
            if hand.held:
                when = tr(
                    "+{points} to {side}, held until the hand is scored", points=bonus, side=side
                )
            else:
                when = tr("+{points} to {side}, scored", points=bonus, side=side)
            rows.append((tr("Dealer's bonus"), when))
        rows.append((trc("info", "Leads"), self.names[self.leader(hand)]))
        need: list[Text] = [self._to_win(needs[i]) for i in (0, 1)]
        if hand.tricks:
            cards, won = side_totals(hand.tricks)
            pts = self.side_points(cards, won)
            for i in (0, 1):
                # Translators: a side's info row, its name ("Ann & Cat") being the label: no
                # verb agrees with it. {needs}: the points it still lacks to win the game.
                need[i] = tr_n(
                    "{points} this hand ({n} trick) · {needs} to win",
                    "{points} this hand ({n} tricks) · {needs} to win",
                    won[i],
                    points=pts[i],
                    needs=needs[i],
                )
        rows += [(self._side_row(i), need[i]) for i in (0, 1)]
        if hand.flags:
            rows.append((trc("info", "Flagged"), self.flagged_text(hand)))
        return rows

    @staticmethod
    def _to_win(points: int) -> Text:
        # Translators: the value of a side's info row, whose label is the side's name ("Ann &
        # Cat"): the points it still lacks to win the game, worded so that no verb agrees
        # with the name ("35 to win", not "needs 35").
        return tr("{points} to win", points=points)

    def _side_row(self, side: int) -> Text:
        # Translators: the label of a side's info row, its name ("Ann & Cat"), as it is.
        return shown(self.side_name(side))

    def flagged_text(self, hand: Hand) -> Text:
        plays = comma_list(
            [
                tr("{player} (trick {number})", player=self.names[f.seat], number=f.trick)
                for f in hand.flags
            ]
        )
        if self.options.forfeit == "auto":
            return tr("{plays}: the hand is forfeited when it ends", plays=plays)
        return tr("{plays}: the table may confirm a forfeit", plays=plays)

    # --- validation ---------------------------------------------------------------------------
    def violations(self, state: MalillaState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [self._unexpected(state, event)]
        if isinstance(event, Deal):
            return self._deal_problems(state, event)
        if isinstance(event, Forfeit):
            return self._forfeit_problems(state, event)
        assert state.hand is not None
        if isinstance(event, Tally):
            given = (event.card_points, event.tricks, event.other_card_points, event.other_tricks)
            return self.tally_problems(event.side % 2, *given)
        if isinstance(event, Trick):
            return self._trick_problems(state.hand, event)
        return [
            Violation(
                "unknown-event",
                tr("Malilla does not record '{kind}' entries.", kind=event.kind),
            )
        ]

    def _unexpected(self, state: MalillaState, event: Event) -> Violation:
        if state.winner is not None:
            return Violation("game-over", tr("The game is over: nothing more can be recorded."))
        if event.kind == "forfeit":
            if state.hand is not None:
                return Violation(
                    "forfeit-too-early",
                    tr(
                        "With the house rule 'forfeit the hand', finish recording this hand "
                        "first (its tricks or its points): the forfeit is scored from them."
                    ),
                    rule="irregularities",
                )
            return Violation(
                "out-of-order",
                tr(
                    "There is no hand to forfeit: a forfeit belongs to the hand being played "
                    "or the one just scored, before the next deal."
                ),
                rule="irregularities",
            )
        if state.hand is None:
            what = tr("the deal of the next hand")
        elif state.hand.tricks:
            what = tr("trick {number}", number=len(state.hand.tricks) + 1)
        else:
            what = tr("the first trick or the hand's points")
        kinds = {
            "deal": trc("entry kind", "deal"),
            "tally": trc("entry kind", "tally"),
            "trick": trc("entry kind", "trick"),
            "forfeit": trc("entry kind", "forfeit"),
        }
        kind = kinds.get(event.kind, event.kind)
        return Violation(
            "out-of-order",
            tr("A {kind} cannot be recorded now: expecting {what}.", kind=kind, what=what),
        )

    def _deal_problems(self, state: MalillaState, deal: Deal) -> list[Violation]:
        problems = []
        expected = state.next_dealer
        if expected is not None and deal.misdeal:
            expected = self.next_seat(expected)
        if expected is not None and deal.dealer != expected:
            names = {"player": self.names[expected], "dealer": self.names[deal.dealer]}
            if deal.misdeal:
                message = tr(
                    "It is {player}'s deal (the deal passes after a misdeal the next player "
                    "deals), not {dealer}'s.",
                    **names,
                )
            elif self.options.direction == "clockwise":
                message = tr(
                    "It is {player}'s deal (the deal passes to the left), not {dealer}'s.", **names
                )
            else:
                message = tr(
                    "It is {player}'s deal (the deal passes to the right), not {dealer}'s.",
                    **names,
                )
            problems.append(Violation("wrong-dealer", message, rule="setup"))
        if deal.upcard not in _IN_DECK:
            problems.append(_not_in_deck(deal.upcard))
        return problems

    def _trick_problems(self, hand: Hand, trick: Trick) -> list[Violation]:
        names, leader = self.names, self.leader(hand)
        why = tr("the winner of the last one, or the player after the dealer")
        if shape := lead_and_size_problems(
            names, leader, trick.leader, len(trick.cards), range(4), why
        ):
            return shape
        if problems := [_not_in_deck(c) for c in trick.cards if c not in _IN_DECK]:
            return problems
        problems = duplicate_problems(trick.cards, hand.tricks)
        record = self.record(hand, trick.cards)
        for seat, card in record.plays(4):
            if card == hand.upcard and seat != hand.dealer:
                problems.append(
                    Violation(
                        "upcard-elsewhere",
                        tr(
                            "{player} cannot play {card}: it was turned up to the dealer, "
                            "{dealer}, and is in their hand.",
                            player=names[seat],
                            card=card,
                            dealer=names[hand.dealer],
                        ),
                        rule="setup",
                    )
                )
        if problems:
            return problems
        _, proven = self.prove(hand, record)
        return [p.violation(names) for p in proven]

    def _forfeit_problems(self, state: MalillaState, event: Forfeit) -> list[Violation]:
        hand = state.hand if state.hand is not None else state.last.hand if state.last else None
        assert hand is not None
        team = event.player % 2
        if any(f.seat % 2 == team for f in hand.flags) or event.note.strip():
            return []
        side = self.team_name(self.teams()[team])
        return [
            Violation(
                "forfeit-reason",
                tr(
                    "No irregularity by {side} has been flagged in hand {number}: write what "
                    "{player} did in the note to confirm the forfeit anyway.",
                    side=side,
                    number=hand.number,
                    player=self.names[event.player],
                ),
                rule="irregularities",
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


def _not_in_deck(card: Card) -> Violation:
    return Violation(
        "not-in-deck",
        tr(
            "{card} is not in the Malilla pack (A, K, Q, J and 7 down to 2 in each suit).",
            card=card,
        ),
        rule="setup",
    )
