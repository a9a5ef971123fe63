"""Malilla's scoring: the dealer's bonus, the hand result, capote, game and forfeits
(``shared/rules/malilla/rulings.md`` §7.2 points 4, 6, 7, 8 and rulings 7.3.1, 7.3.3, 7.3.6).

:class:`Scorer` is mixed into :class:`~companion.games.malilla.game.Malilla`; every
number a hand scores is worked out here, once, with the line that explains it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.games.malilla.events import (
    Finished,
    Hand,
    MalillaOptions,
    MalillaState,
    Pair,
)
from companion.games.malilla.play import (
    TRICKS,
    points,
)
from companion.rules.cards import Card
from companion.rules.core import HandScore, ScoreLine
from companion.rules.text import Text, tr, tr_n
from companion.rules.tricks import TrickRecord, suit_title

TARGET = 35  # the game, and what a side's hand points are measured against


def bonus_of(upcard: Card) -> int:
    return points(upcard)


def side_totals(tricks: Sequence[TrickRecord]) -> tuple[Pair, Pair]:
    """(card points, tricks won) per side."""
    cards, won = [0, 0], [0, 0]
    for trick in tricks:
        cards[trick.winner % 2] += sum(points(c) for c in trick.cards)
        won[trick.winner % 2] += 1
    return (cards[0], cards[1]), (won[0], won[1])


def trump_text(card: Card) -> Text:
    """The trump fixed by the card turned up: ``♥ Hearts (K♥ turned up)``."""
    assert card.suit is not None
    return tr(
        "{suit} {name} ({card} turned up)", suit=card.suit, name=suit_title(card.suit), card=card
    )


def _sum(done: Sequence[HandScore]) -> Pair:
    return sum(h.points[0] for h in done), sum(h.points[1] for h in done)


class Scorer:
    if TYPE_CHECKING:
        options: MalillaOptions
        names: tuple[str, ...]

        def team_name(self, team: Sequence[int]) -> str: ...

        def teams(self) -> tuple[tuple[int, ...], ...]: ...

    # --- seats and words ------------------------------------------------------------------------
    def next_seat(self, seat: int) -> int:
        return (seat + (1 if self.options.direction == "clockwise" else -1)) % 4

    def order_from(self, leader: int) -> Iterator[int]:
        seat = leader
        for _ in range(4):
            yield seat
            seat = self.next_seat(seat)

    def side_name(self, side: int) -> str:
        return self.team_name(self.teams()[side])

    def side_points(self, cards: Pair, tricks: Pair) -> Pair:
        if not self.options.trick_point:
            return cards
        return cards[0] + tricks[0], cards[1] + tricks[1]

    def _count(self, cards: int, tricks: int) -> Text:
        if not self.options.trick_point:
            return tr("{points} card points", points=cards)
        return tr_n(
            "{points} card points + {n} trick = {total}",
            "{points} card points + {n} tricks = {total}",
            tricks,
            points=cards,
            total=cards + tricks,
        )

    def deal_text(self, hand: Hand) -> Text:
        assert hand.upcard.suit is not None
        return tr(
            "{dealer} dealt, {card} turned up (trump {suit})",
            dealer=self.names[hand.dealer],
            card=hand.upcard,
            suit=hand.upcard.suit,
        )

    # --- the deal -------------------------------------------------------------------------------
    def deal(self, state: MalillaState, dealer: int, upcard: Card) -> MalillaState:
        before, bonus = _sum(state.done), bonus_of(upcard)
        held = bonus > 0 and before[dealer % 2] + bonus >= TARGET
        hand = Hand(len(state.done) + 1, dealer, upcard, held)
        return dataclasses.replace(state, hand=hand, last=None, next_dealer=None)

    def _bonus_line(self, hand: Hand) -> ScoreLine:
        return ScoreLine(
            tr("Dealer's bonus: {card} turned up", card=hand.upcard),
            bonus_of(hand.upcard),
            "dealer-bonus",
        )

    def provisional(self, hand: Hand) -> HandScore:
        """The running hand, shown while it is played: its dealer's bonus, scored or held."""
        lines: tuple[list[ScoreLine], list[ScoreLine]] = ([], [])
        if hand.held:
            text = tr(
                "Dealer's bonus of {points} held back until the hand is scored",
                points=bonus_of(hand.upcard),
            )
            lines[hand.dealer % 2].append(ScoreLine(text, 0, "dealer-bonus"))
        else:
            lines[hand.dealer % 2].append(self._bonus_line(hand))
        return self._hand_score(hand, lines, tr("in progress: {deal}", deal=self.deal_text(hand)))

    def _hand_score(
        self, hand: Hand, lines: tuple[list[ScoreLine], list[ScoreLine]], summary: Text
    ) -> HandScore:
        return HandScore(
            number=hand.number,
            points=(sum(x.points for x in lines[0]), sum(x.points for x in lines[1])),
            lines=(tuple(lines[0]), tuple(lines[1])),
            dealer=hand.dealer,
            summary=summary,
        )

    # --- the end of a hand ----------------------------------------------------------------------
    def finish(self, state: MalillaState, hand: Hand, cards: Pair, tricks: Pair) -> MalillaState:
        score, winner, reason = self.score_hand(hand, _sum(state.done), cards, tricks)
        return MalillaState(
            done=(*state.done, score),
            last=Finished(hand, cards, tricks),
            next_dealer=self.next_seat(hand.dealer),
            winner=winner,
            reason=reason,
        )

    def score_hand(
        self, hand: Hand, before: Pair, cards: Pair, tricks: Pair, forfeit: int | None = None
    ) -> tuple[HandScore, int | None, str]:
        """The hand's score lines per side, and the side that has won the game, if any.

        Order (7.2.7, ruling 3): an immediate dealer's bonus, the hand result, then a held
        bonus, added only if the hand result has not decided the game.
        """
        dealer_side, bonus = hand.dealer % 2, bonus_of(hand.upcard)
        lines: tuple[list[ScoreLine], list[ScoreLine]] = ([], [])
        if bonus and not hand.held:
            lines[dealer_side].append(self._bonus_line(hand))
        capote = next((i for i in (0, 1) if tricks[i] == TRICKS and i != forfeit), None)
        result = self._result(cards, tricks, capote, forfeit)
        for side in (0, 1):
            lines[side].append(result[side])
        got = [before[i] + sum(x.points for x in lines[i]) for i in (0, 1)]
        decided = capote is not None or max(got) >= TARGET
        if bonus and hand.held:
            if forfeit == dealer_side:
                text, add = tr("Held dealer's bonus lost with the forfeit"), 0
            elif decided:
                text, add = tr("Held dealer's bonus not added: the hand decided the game"), 0
            else:
                text = tr("Dealer's bonus ({card}), held back until now", card=hand.upcard)
                add = bonus
            lines[dealer_side].append(ScoreLine(text, add, "dealer-bonus"))
            got[dealer_side] += add
        pts = self.side_points(cards, tricks)
        summary = tr(
            "{deal}; {side} {points}, {other} {other_points}",
            deal=self.deal_text(hand),
            side=self.side_name(0),
            points=pts[0],
            other=self.side_name(1),
            other_points=pts[1],
        )
        if hand.tricks:
            summary = tr("{summary} — card by card", summary=summary)
        if capote is not None:
            summary = tr("{summary} — capote", summary=summary)
        if forfeit is not None:
            summary = tr(
                "{summary} — forfeited by {side}", summary=summary, side=self.side_name(forfeit)
            )
        score = self._hand_score(hand, lines, summary)
        if capote is not None:
            return score, capote, "capote"
        over = [i for i in (0, 1) if got[i] >= TARGET]
        if over:
            return score, max(over, key=lambda i: got[i]), "target-reached"
        return score, None, ""

    def _result(
        self, cards: Pair, tricks: Pair, capote: int | None, forfeit: int | None
    ) -> tuple[ScoreLine, ScoreLine]:
        pts = self.side_points(cards, tricks)
        out: list[ScoreLine] = [ScoreLine("", 0), ScoreLine("", 0)]
        if capote is not None:
            out[capote] = ScoreLine(
                tr("Capote: all {tricks} tricks", tricks=TRICKS), TARGET, "capote"
            )
            out[1 - capote] = ScoreLine(tr("No trick won"), 0, "capote")
        elif forfeit is not None:
            best = max(pts)
            out[forfeit] = ScoreLine(
                tr(
                    "Hand forfeited: {count} do not count",
                    count=self._count(cards[forfeit], tricks[forfeit]),
                ),
                0,
                "irregularities",
            )
            out[1 - forfeit] = ScoreLine(
                tr(
                    "Hand awarded after the other side's irregularity: the better total, "
                    "{points}, minus 35",
                    points=best,
                ),
                max(best - TARGET, 0),
                "irregularities",
            )
        elif pts[0] == pts[1]:
            for i in (0, 1):
                out[i] = ScoreLine(
                    tr("{count}: a tie, nobody scores", count=self._count(cards[i], tricks[i])),
                    0,
                    "scoring",
                )
        else:
            win = 0 if pts[0] > pts[1] else 1
            out[win] = ScoreLine(
                tr("{count}, minus 35", count=self._count(cards[win], tricks[win])),
                pts[win] - TARGET,
                "scoring",
            )
            out[1 - win] = ScoreLine(
                tr(
                    "{count}: the other side won the hand",
                    count=self._count(cards[1 - win], tricks[1 - win]),
                ),
                0,
                "scoring",
            )
        return out[0], out[1]

    # --- forfeits -------------------------------------------------------------------------------
    def forfeit(self, state: MalillaState, side: int, player: int) -> MalillaState:
        """The table confirmed an irregularity by ``player`` (7.2.8, ruling 7.3.6)."""
        if self.options.penalty == "game":
            line = ScoreLine(
                tr("Game forfeited: {player}'s irregularity", player=self.names[player]),
                0,
                "irregularities",
            )
            if state.hand is not None:  # stopped during the hand
                hand = state.hand
                lines: tuple[list[ScoreLine], list[ScoreLine]] = ([], [])
                if bonus_of(hand.upcard) and not hand.held:
                    lines[hand.dealer % 2].append(self._bonus_line(hand))
                lines[side].append(line)
                row = self._hand_score(
                    hand,
                    lines,
                    tr(
                        "{deal}; stopped — game forfeited by {side}",
                        deal=self.deal_text(hand),
                        side=self.side_name(side),
                    ),
                )
                done = (*state.done, row)
                return MalillaState(done=done, winner=1 - side, reason="forfeit")
            assert state.last is not None
            last = state.done[-1]
            marked = list(last.lines)
            marked[side] = (*marked[side], line)
            row = dataclasses.replace(
                last,
                lines=(marked[0], marked[1]),
                summary=tr(
                    "{summary} — game forfeited by {side}",
                    summary=last.summary,
                    side=self.side_name(side),
                ),
            )
            return dataclasses.replace(
                state,
                done=(*state.done[:-1], row),
                last=dataclasses.replace(state.last, forfeit=side),
                winner=1 - side,
                reason="forfeit",
            )
        finished = state.last
        assert finished is not None
        score, winner, reason = self.score_hand(
            finished.hand, _sum(state.done[:-1]), finished.cards, finished.tricks, forfeit=side
        )
        return dataclasses.replace(
            state,
            done=(*state.done[:-1], score),
            last=dataclasses.replace(finished, forfeit=side),
            winner=winner,
            reason=reason,
        )
