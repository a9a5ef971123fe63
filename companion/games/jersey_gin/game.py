"""Jersey Gin, following ``shared/rules/jersey-gin/rulings.md`` §6.

Three players, one pack, ten cards each. Melds are sets of three or four and runs of three or
more in one suit, the ace low only. A player may knock with 10 or less: the other two lay off on
the knocker's melds and the knocker scores the differences against both; if a defender has less
(or as much, by default), that defender underknocks and scores the differences plus 10. Gin (no
deadwood) scores both opponents' deadwood plus 40, with no laying off. When three cards are left
in the stock the break begins: no more knocking, and when the stock is gone the lowest count
scores as if they had knocked (no bonus). One player scores each hand and wins its box. The first
to 100 ends the game with 100 more, and every player adds 25 for each hand won.

>>> from companion.rules import replay
>>> from companion.rules.events import Seat
>>> rules = JerseyGin(3, names=["Ann", "Bob", "Cat"])
>>> log = [Deal(dealer=Seat(2)), Result(end="knock", by=Seat(0), deadwood=(9, 11, 14))]
>>> state = replay(rules, log).state
>>> rules.hands(state)[0].points
(7, 0, 0)
>>> [str(line.label) for line in rules.hands(state)[0].lines[0]]
["Knocked with 9 against Bob's 11", "Knocked with 9 against Cat's 14"]
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games import rummy
from companion.games.jersey_gin import checks, play, text, turns
from companion.games.jersey_gin.events import (
    Deal,
    Draw,
    Hand,
    JerseyGinOptions,
    JerseyGinState,
    LayOff,
    Meld,
    Rest,
    Result,
    Show,
    Shown,
)
from companion.rules.cards import Card
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
from companion.rules.melds import classify
from companion.rules.money import POINTS, Posting
from companion.rules.text import Text, dot_list, tr, tr_n, trc

RULE = {"gin": "gin", "knock": "knocking", "underknock": "underknock", "break": "break"}


class JerseyGin(HandByHand[JerseyGinState, JerseyGinOptions]):
    key = "jersey_gin"
    title = "Jersey Gin"
    family = Family.RUMMY
    seats = range(3, 4)
    options_type = JerseyGinOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        Deal, Result, Show, LayOff, Rest, Draw, Meld
    )
    blurb = tr(
        "Gin rummy for three: knock with 10 or less, beware the underknock, go gin for 40, and "
        "race to 100."
    )
    option_info = (
        Option(
            "knock_tie",
            tr("Knocker level with a defender"),
            tr(
                "When a defender's count equals the knocker's, who wins the hand: the defender "
                "(an underknock, as in two-handed gin) or the knocker (ruling 6.3.3)."
            ),
            (("defender", tr("The defender")), ("knocker", tr("The knocker"))),
        ),
        Option(
            "underknock",
            tr("Underknock scores against"),
            tr(
                "An underknocker scores the differences against both opponents, as if they had "
                "knocked (the source), or against the knocker only (ruling 6.3.4); plus 10."
            ),
            (("both", tr("Both opponents")), ("knocker", tr("The knocker only"))),
        ),
        Option(
            "settlement",
            tr("Settlement at the end"),
            tr(
                "Each player pays every player with a higher final total the difference "
                "(ruling 6.2.10), or no settlement."
            ),
            (("pairwise", tr("Pairwise differences")), ("none", tr("None"))),
        ),
        Option(
            "layoff_targets",
            tr("Lay-offs after a knock"),
            tr(
                "On the knocker's melds only, as in two-handed gin, or also on the other "
                "defender's melds, which they lay down first (ruling 6.3.1)."
            ),
            (("knocker", tr("The knocker's melds")), ("any", tr("Any opponent's melds"))),
        ),
        Option(
            "shutout_double",
            tr("Shutout pays double"),
            tr("A player who won no hand pays double in the settlement (ruling 6.3.6)."),
            ((False, trc("option", "no")), (True, trc("option", "yes"))),
        ),
    )

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> JerseyGinState:
        return JerseyGinState()

    def expects(self, state: JerseyGinState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        if hand.shown is None:
            kinds = {"result", "show", "draw"}
            if hand.breaker is not None:
                kinds |= {"meld", "layoff"} | ({"rest"} if not hand.stock else set())
            return frozenset(kinds)
        if hand.shown.end == "gin":
            return frozenset({"rest"})
        if self.options.layoff_targets == "any":
            return frozenset({"meld", "layoff", "rest"})
        return frozenset({"layoff", "rest"})

    # --- words -------------------------------------------------------------------------------
    def info(self, state: JerseyGinState) -> list[tuple[str, str]]:
        rows = text.info(self, state)
        if self.outcome(state) is not None and (pays := self.settlement(state)):
            parts = [
                tr(
                    "{payer} pays {payee} {points}",
                    payer=self.names[a],
                    payee=self.names[b],
                    points=n,
                )
                for a, b, n in pays
            ]
            rows.append((tr("Settlement (points)"), dot_list(parts)))
        return rows

    def settlement(self, state: JerseyGinState) -> list[tuple[int, int, int]]:
        return play.settlement(self.scores(state), state.boxes, self.options)

    #: The settlement is in points: the ledger pays them at the table's stake per point.
    money_unit = POINTS

    def postings(self, state: JerseyGinState) -> tuple[Posting, ...]:
        """The final settlement (ruling 6.2.10) for the table's ledger, in points, posted on
        the hand that ended the game: each payment once paid and once received (zero-sum).
        Nothing before the game ends, and nothing with the option \"none\"."""
        if self.outcome(state) is None:
            return ()
        last = state.done[-1].number
        out: list[Posting] = []
        for payer, payee, points in self.settlement(state):
            why = tr(
                "Settlement: {payer} pays {payee} the difference of the final totals",
                payer=self.names[payer],
                payee=self.names[payee],
            )
            out += [Posting(last, payer, -points, why), Posting(last, payee, points, why)]
        return tuple(out)

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: JerseyGinState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return rummy.deal_problems(self.names, state.next_dealer, event.dealer)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        if isinstance(event, Show):
            return checks.show_problems(self, hand, event)
        if isinstance(event, Draw):
            return checks.draw_problems(self, hand, event)
        shown = hand.shown
        if isinstance(event, Meld):
            if shown is None:
                return checks.meld_problems(self, hand, event)
            return checks.knock_meld_problems(self, hand, shown, event)
        if isinstance(event, LayOff):
            if shown is None:
                return checks.break_layoff_problems(self, hand, event)
            return checks.layoff_problems(self, hand, shown, event)
        if isinstance(event, Rest):
            if shown is None:
                return checks.break_rest_problems(self, hand, event)
            return checks.rest_problems(self, hand, shown, event)
        message = tr("Jersey Gin does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    # --- apply and score --------------------------------------------------------------------
    def apply(self, state: JerseyGinState, event: Event) -> JerseyGinState:
        if isinstance(event, Deal):
            new = Hand(len(state.done) + 1, event.dealer)
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Show):
            best = play.shown_arrangement(event.cards, event.melds)
            shown = Shown(
                end=event.end,
                by=event.by,
                cards=event.cards,
                melds=tuple(m.cards for m in best.melds),
                deadwood=best.deadwood,
                deadwood_value=best.deadwood_value,
            )
            return dataclasses.replace(state, hand=dataclasses.replace(hand, shown=shown))
        if isinstance(event, Draw):
            return dataclasses.replace(state, hand=turns.draw(hand, event))
        if isinstance(event, Meld):
            return dataclasses.replace(state, hand=turns.meld(hand, event))
        if isinstance(event, LayOff) and hand.shown is None:
            return dataclasses.replace(state, hand=turns.lay_off(hand, event))
        if isinstance(event, LayOff):
            assert hand.shown is not None
            shown = hand.shown
            index = event.meld - 1
            layoffs = (*shown.layoffs, (int(event.seat), event.card, index))
            if index >= len(shown.melds):  # on a defender's meld (option "any", 6.3.1)
                hand = turns.grow(hand, index - len(shown.melds), event.card)
                shown = dataclasses.replace(shown, layoffs=layoffs)
                return dataclasses.replace(state, hand=dataclasses.replace(hand, shown=shown))
            grown = classify((*shown.melds[index], event.card), play.MELDS).cards
            melds = tuple(grown if i == index else m for i, m in enumerate(shown.melds))
            shown = dataclasses.replace(shown, melds=melds, layoffs=layoffs)
            return dataclasses.replace(state, hand=dataclasses.replace(hand, shown=shown))
        if isinstance(event, Rest) and hand.shown is None:
            return self._break_rest(state, hand, event)
        if isinstance(event, Rest):
            assert hand.shown is not None
            return self._rest(state, hand, hand.shown, event)
        assert isinstance(event, Result)
        return self._score(state, hand, event.end, int(event.by), tuple(event.deadwood), ())

    def _rest(self, state: JerseyGinState, hand: Hand, shown: Shown, event: Rest) -> JerseyGinState:
        """The hand from the cards: the knocker's melds, the lay-offs, the others' best
        arrangements of what they still hold (ruling 6.2.4-5)."""
        deadwood = []
        lines: list[tuple[ScoreLine, ...]] = []
        for seat in range(play.SEATS):
            laid = tuple(c for s, c, _ in shown.layoffs if s == seat)
            if seat == shown.by:
                value = shown.deadwood_value
                lines.append(self.cards_lines(shown.melds, shown.deadwood, value, laid))
            else:
                value, explained = self._held(hand, seat, event.cards[seat], laid)
                lines.append(explained)
            deadwood.append(value)
        return self._score(state, hand, shown.end, shown.by, tuple(deadwood), tuple(lines))

    def _break_rest(self, state: JerseyGinState, hand: Hand, event: Rest) -> JerseyGinState:
        """The stock is out after the break: each player's deadwood is the best arrangement of
        the cards still in their hand (ruling 6.2.8)."""
        assert hand.breaker is not None
        held = [self._held(hand, seat, event.cards[seat]) for seat in range(play.SEATS)]
        deadwood = tuple(value for value, _ in held)
        lines = tuple(explained for _, explained in held)
        return self._score(state, hand, "break", hand.breaker, deadwood, lines)

    def _held(
        self, hand: Hand, seat: int, cards: tuple[Card, ...], laid: tuple[Card, ...] = ()
    ) -> tuple[int, tuple[ScoreLine, ...]]:
        """A player's deadwood from the cards in their hand, and the lines that show it: their
        melds on the table and lay-offs (after the break), then the best arrangement of the
        rest."""
        best = play.arrange(cards)
        laid = (*(c for s, c, _ in hand.laid if s == seat), *laid)
        tabled = tuple(t.cards for t in hand.tabled if t.seat == seat)
        melds = (*tabled, *(m.cards for m in best.melds))
        value = best.deadwood_value
        return value, self.cards_lines(melds, best.deadwood, value, laid)

    def cards_lines(
        self,
        melds: tuple[tuple[Card, ...], ...],
        left: tuple[Card, ...],
        value: int,
        laid: tuple[Card, ...],
    ) -> tuple[ScoreLine, ...]:
        """What a player's cards came to, as 0-point lines before the score."""
        out = [ScoreLine(tr("Melds: {melds}", melds=rummy.melds_text(melds)), 0, "melds")]
        if laid:
            out.append(ScoreLine(tr("Laid off {cards}", cards=laid), 0, "knocking"))
        label = (
            tr("Deadwood {cards}: {points}", cards=left, points=value)
            if left
            else tr("No deadwood")
        )
        out.append(ScoreLine(label, 0, "values"))
        return tuple(out)

    def _score(
        self,
        state: JerseyGinState,
        hand: Hand,
        end: str,
        by: int,
        deadwood: tuple[int, ...],
        before: tuple[tuple[ScoreLine, ...], ...],
    ) -> JerseyGinState:
        scorer, how = play.hand_winner(end, by, deadwood, self.options)
        lines = [
            [*(before[s] if before else ()), *seat]
            for s, seat in enumerate(self.hand_lines(how, by, scorer, deadwood))
        ]
        gained = sum(line.points for line in lines[scorer])
        points = tuple(p + (gained if s == scorer else 0) for s, p in enumerate(state.points))
        boxes = tuple(b + (1 if s == scorer else 0) for s, b in enumerate(state.boxes))
        winner = scorer if points[scorer] >= play.GAME else None
        if winner is not None:
            for seat in range(play.SEATS):
                lines[seat] += self.final_lines(seat, winner, boxes[seat])
        score = scored_hand(hand, lines, text.hand_summary(self, hand.dealer, end, by, scorer, how))
        return JerseyGinState(
            done=(*state.done, score),
            next_dealer=(hand.dealer + 1) % play.SEATS,
            boxes=boxes,
            points=points,
            winner=winner,
        )

    def hand_lines(
        self, how: str, by: int, scorer: int, deadwood: tuple[int, ...]
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """The hand explained: the scorer's pieces (rulings 6.2.6-8), nothing for the others."""
        names, rule = self.names, RULE[how]
        mine = deadwood[scorer]
        out: list[tuple[ScoreLine, ...]] = []
        for seat in range(play.SEATS):
            if seat != scorer:
                label = tr("No score: {player} won the hand", player=names[scorer])
                out.append((ScoreLine(label, 0, rule),))
                continue
            lines = []
            for amount, against in play.points_for(how, by, scorer, deadwood, self.options):
                lines.append(ScoreLine(self._label(how, mine, against, deadwood), amount, rule))
            out.append(tuple(lines))
        return tuple(out)

    def _label(self, how: str, mine: int, against: int | None, deadwood: tuple[int, ...]) -> Text:
        if against is None:
            return tr("Gin bonus") if how == "gin" else tr("Underknock bonus")
        values = {"player": self.names[against], "theirs": deadwood[against], "mine": mine}
        if how == "gin":
            return tr("Gin: {player}'s deadwood {theirs}", **values)
        if how == "underknock":
            return tr("Underknock: {mine} against {player}'s {theirs}", **values)
        if how == "break":
            return tr("Lowest after the break: {mine} against {player}'s {theirs}", **values)
        return tr("Knocked with {mine} against {player}'s {theirs}", **values)

    def final_lines(self, seat: int, winner: int, boxes: int) -> list[ScoreLine]:
        """At the end: the game bonus to the first to 100, and every player's boxes (6.2.9)."""
        lines = []
        if seat == winner:
            lines.append(
                ScoreLine(tr("Game: first to {game}", game=play.GAME), play.GAME_BONUS, "winning")
            )
        if boxes:
            label = tr_n(
                "Boxes: {n} hand won, {bonus} each",
                "Boxes: {n} hands won, {bonus} each",
                boxes,
                bonus=play.BOX_BONUS,
            )
            lines.append(ScoreLine(label, boxes * play.BOX_BONUS, "winning"))
        return lines

    def outcome(self, state: JerseyGinState) -> Outcome | None:
        if state.winner is None:
            return None
        return self.leaders(state, "target-reached")
