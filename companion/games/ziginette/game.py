"""Ziginette, following ``shared/rules/ziginette/rulings.md``.

A banker-dealer against any number of players, with the 40-card Italian pack. The banker turns two
board cards and their own card (a pair among the three is a *playette*: deal again). Players bet on
board cards. Each card turned then: matches the banker's card (the bank pays every bet on the board
and the deal ends; the bank passes to the right), is of a dead rank (discarded), matches a board
card (the bank takes the bets on it; that rank is dead from then on), or becomes a new board card.
When no bet is left the banker may stop, then deal again (new limits allowed) or pass the bank.

Options: ``cut`` (the house's 10 %: of the banker's net win per deal, of each bet taken, or
none; ruling 2.3.1), ``targets`` (bets on any live board card or only the newest; 2.3.2),
``cover`` (bets beyond what the banker can cover: flagged or refused).

Ann banks, bets 1 to 10. Board 3♠ 5♥, Ann's card K♣. Bob bets 4 on the 3♠, Cat 6 on the 5♥.
The 3♥ comes: Ann takes Bob's 4 (3s are dead now). Then the K♦: Ann pays Cat 6 and the deal
ends. Ann is down 2, so there is no cut.

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c, parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = Ziginette(3, names=["Ann", "Bob", "Cat"])
>>> log = [Bank(banker=Seat(0), min_bet=1, max_bet=10),
...        Deal(board=cs("3S 5H"), banker_card=c("KC")),
...        Bet(seat=Seat(1), card=c("3S"), amount=4), Bet(seat=Seat(2), card=c("5H"), amount=6),
...        Draw(card=c("3H")), Draw(card=c("KD"))]
>>> state = replay(rules, log).state
>>> rules.hands(state)[0].points
(-2, -4, 6)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.ziginette import play
from companion.games.ziginette.events import (
    Bank,
    Bet,
    Deal,
    DealState,
    Draw,
    End,
    Finished,
    Limits,
    Move,
    Spot,
    Stop,
    ZiginetteOptions,
    ZiginetteState,
)
from companion.rules import banking
from companion.rules.cards import Card
from companion.rules.core import (
    Family,
    HandScore,
    Option,
    Outcome,
    Reminder,
    Rules,
    ScoreLine,
    Violation,
)
from companion.rules.events import Event, event_types
from companion.rules.money import Chips, Posting
from companion.rules.text import Text, shown, tr, tr_n
from companion.rules.tricks import rank_word


class Ziginette(Rules[ZiginetteState, ZiginetteOptions]):
    key = "ziginette"
    title = "Ziginette"
    family = Family.BANKING
    seats = range(2, 9)
    options_type = ZiginetteOptions
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Bank, Deal, Bet, Draw, Stop, End)
    hand_start_kinds = frozenset({"deal"})
    blurb = tr(
        "Bet on the board cards: the bank wins a bet when its card is matched, and pays every "
        "bet when the banker's own card is matched first."
    )
    option_info = (
        banking.cut_option("2.3.1"),
        Option(
            "targets",
            tr("Bets on older board cards"),
            tr(
                "May players bet on any board card still live, or only on the newest? "
                "(ruling 2.3.2)"
            ),
            (("any", tr("any live board card")), ("newest", tr("the newest only"))),
        ),
        banking.cover_option(
            tr(
                "When the bets on the board add up to more than the banker said they can cover: "
                "flag it, or refuse the bet that goes over (ruling 2.3.6)."
            )
        ),
    )

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> ZiginetteState:
        return ZiginetteState()

    def right_of(self, seat: int) -> int:
        """The player on ``seat``'s right (seats are numbered clockwise)."""
        return (seat - 1) % self.n_seats

    def expects(self, state: ZiginetteState) -> frozenset[str]:
        if state.ended:
            return frozenset()
        if state.limits is None:
            return frozenset({"bank"})
        if state.deal is None:
            if state.must_pass:
                return frozenset({"bank", "end"})
            return frozenset({"deal", "bank", "end"})
        kinds = {"bet", "draw"}
        if self.can_stop(state.deal):
            kinds.add("stop")
        return frozenset(kinds)

    @staticmethod
    def can_stop(deal: DealState) -> bool:
        return not any(spot.bets for spot in deal.board)

    def dealer(self, state: ZiginetteState) -> int | None:
        if state.limits is None:
            return None
        if state.must_pass:
            return self.right_of(state.limits.banker)
        return state.limits.banker

    def to_act(self, state: ZiginetteState) -> int | None:
        return self.dealer(state)

    def prompt(self, state: ZiginetteState) -> str:
        if state.ended:
            return tr("The session is over.")
        limits = state.limits
        if limits is None:
            return tr("Who holds the bank first, and the smallest and largest bet?")
        banker = self.names[limits.banker]
        right = self.names[self.right_of(limits.banker)]
        if state.deal is None:
            if state.must_pass:
                return tr(
                    "{banker} lost the bank: it passes to {next}, who sets the limits.",
                    banker=banker,
                    next=right,
                )
            if state.finished:
                return tr(
                    "{banker} deals again (the limits may change), or passes the bank to {next}.",
                    banker=banker,
                    next=right,
                )
            return tr(
                "{banker} deals two board cards and their own card.",
                banker=banker,
            )
        if self.can_stop(state.deal):
            return tr(
                "Bets on the board cards, then {banker} turns the next card (or stops: no bet "
                "is left).",
                banker=banker,
            )
        return tr("Bets on the board cards, then {banker} turns the next card.", banker=banker)

    def info(self, state: ZiginetteState) -> list[tuple[str, str]]:
        limits = state.limits
        if limits is None:
            return []
        rows: list[tuple[str, str]] = [
            (tr("Banker"), shown(self.names[limits.banker])),
            (
                tr("Bets"),
                tr(
                    "{low} to {high} per card",
                    low=Chips(limits.min_bet),
                    high=Chips(limits.max_bet),
                ),
            ),
        ]
        if limits.stack:
            rows.append((tr("Bank can cover"), shown(Chips(limits.stack))))
        deal = state.deal
        if deal is not None:
            rows.append((tr("Banker's card"), shown(deal.banker_card)))
            for spot in deal.board:
                total = sum(a for _, a in spot.bets)
                rows.append(
                    (
                        tr("Board {card}", card=spot.card),
                        tr_n(
                            "{n} bet, {total} in all",
                            "{n} bets, {total} in all",
                            len(spot.bets),
                            total=Chips(total),
                        ),
                    )
                )
            if deal.dead:
                rows.append((tr("Dead ranks"), banking.rank_list(deal.dead)))
        if state.playettes:
            rows.append((tr("Playettes"), shown(state.playettes)))
        return rows

    def reminders(self, state: ZiginetteState) -> list[Reminder]:
        deal = state.deal
        if deal is None:
            return []
        out = [
            Reminder(
                tr("The banker's rank"),
                tr(
                    "a {rank} turned: the bank pays every bet on the board and the deal ends.",
                    rank=rank_word(deal.banker_card.rank),
                ),
                rule="banker-loses",
            ),
            Reminder(
                tr("A board card matched"),
                tr("the bank takes the bets on it, and the rest of that rank are dead."),
                rule="match",
            ),
        ]
        if deal.dead:
            out.append(
                Reminder(
                    tr("Dead"),
                    tr(
                        "{ranks}: discard them when turned; no bet on them.",
                        ranks=banking.rank_list(deal.dead),
                    ),
                    rule="dead",
                )
            )
        if self.options.targets == "newest" and deal.board:
            out.append(
                Reminder(
                    tr("Bets"),
                    tr("only on the newest board card, {card}.", card=deal.board[-1].card),
                    rule="bets",
                )
            )
        return out

    # --- checks --------------------------------------------------------------------------------
    def violations(self, state: ZiginetteState, event: Event) -> list[Violation]:
        if state.ended:
            return [Violation("game-over", tr("The session is over."), rule="bank")]
        if isinstance(event, Bank):
            return self._bank_problems(state, event)
        if isinstance(event, End):
            if state.deal is not None:
                return [Violation("deal-under-way", tr("Finish the deal first."), rule="end")]
            return []
        if state.limits is None:
            return [
                Violation(
                    "no-bank", tr("Say first who holds the bank and the limits."), rule="bank"
                )
            ]
        if isinstance(event, Deal):
            return self._deal_problems(state, event)
        deal = state.deal
        if deal is None:
            return [
                Violation(
                    "no-deal", tr("Deal the board cards and the banker's card first."), rule="deal"
                )
            ]
        if isinstance(event, Bet):
            return self._bet_problems(state.limits, deal, event)
        if isinstance(event, Draw):
            return self._card_problems(deal, event.card)
        if isinstance(event, Stop) and not self.can_stop(deal):
            return [
                Violation(
                    "bets-on-board",
                    tr("Bets are still on the board: keep turning cards until they are settled."),
                    rule="end-of-deal",
                )
            ]
        return []

    def _bank_problems(self, state: ZiginetteState, event: Bank) -> list[Violation]:
        problems: list[Violation] = []
        if state.deal is not None:
            return [
                Violation(
                    "deal-under-way", tr("Finish the deal before changing the bank."), rule="bank"
                )
            ]
        limits = state.limits
        if limits is not None and event.banker != limits.banker:
            right = self.right_of(limits.banker)
            if event.banker != right:
                problems.append(
                    Violation(
                        "wrong-banker",
                        tr(
                            "The bank passes to {next}, on {banker}'s right, not to {player}.",
                            next=self.names[right],
                            banker=self.names[limits.banker],
                            player=self.names[event.banker],
                        ),
                        rule="bank",
                    )
                )
        elif limits is not None and state.must_pass:
            problems.append(
                Violation(
                    "must-pass",
                    tr(
                        "{banker} lost the bank: it passes to {next}.",
                        banker=self.names[limits.banker],
                        next=self.names[self.right_of(limits.banker)],
                    ),
                    rule="bank",
                )
            )
        return problems + banking.limits_problems(event)

    def _deal_problems(self, state: ZiginetteState, event: Deal) -> list[Violation]:
        if state.deal is not None:
            return [Violation("deal-under-way", tr("A deal is under way."), rule="deal")]
        if state.must_pass:
            assert state.limits is not None
            return [
                Violation(
                    "must-pass",
                    tr(
                        "{banker} lost the bank: record {next} taking it first.",
                        banker=self.names[state.limits.banker],
                        next=self.names[self.right_of(state.limits.banker)],
                    ),
                    rule="bank",
                )
            ]
        problems: list[Violation] = []
        if len(event.board) != 2:
            problems.append(
                Violation(
                    "two-board-cards",
                    tr("A deal starts with exactly two board cards."),
                    rule="deal",
                )
            )
        cards = (*event.board, event.banker_card)
        for card in cards:
            if card not in play.PACK:
                problems.append(
                    Violation(
                        "not-in-pack",
                        tr("{card} is not in the 40-card pack (no 8, 9, 10 or joker).", card=card),
                        rule="cards",
                    )
                )
        if len(set(cards)) < len(cards):
            problems.append(
                Violation("card-twice", tr("The same card cannot be dealt twice."), rule="cards")
            )
        return problems

    def _bet_problems(self, limits: Limits, deal: DealState, event: Bet) -> list[Violation]:
        name = self.names[event.seat]
        if event.seat == limits.banker:
            return [
                Violation(
                    "banker-bets",
                    tr("{player} holds the bank and does not bet.", player=name),
                    rule="bets",
                )
            ]
        if event.card == deal.banker_card or event.card.rank == deal.banker_card.rank:
            return [
                Violation(
                    "bet-on-banker",
                    tr("{card} is the banker's card: no bet on it.", card=event.card),
                    rule="bets",
                )
            ]
        if event.card.rank in deal.dead:
            return [
                Violation(
                    "dead-rank",
                    tr(
                        "{rank}s are dead: that board card was matched and is gone.",
                        rank=rank_word(event.card.rank),
                    ),
                    rule="dead",
                )
            ]
        index = next((i for i, s in enumerate(deal.board) if s.card == event.card), None)
        if index is None:
            return [
                Violation(
                    "not-on-board", tr("{card} is not on the board.", card=event.card), rule="bets"
                )
            ]
        if self.options.targets == "newest" and index != len(deal.board) - 1:
            return [
                Violation(
                    "newest-only",
                    tr("Bets go on the newest board card only, {card}.", card=deal.board[-1].card),
                    rule="bets",
                )
            ]
        before = sum(a for s, a in deal.board[index].bets if s == event.seat)
        if event.amount < limits.min_bet:  # every bet, a second one on a card too (ruling 5)
            return [
                Violation(
                    "bet-out-of-limits",
                    tr(
                        "{player}'s bet of {amount} on {card} is below the smallest bet, {low}.",
                        player=name,
                        amount=Chips(event.amount),
                        card=event.card,
                        low=Chips(limits.min_bet),
                    ),
                    rule="bets",
                )
            ]
        if before + event.amount > limits.max_bet:
            return [
                Violation(
                    "bet-out-of-limits",
                    tr(
                        "{player}'s bet on {card} would be {total}, more than the largest, "
                        "{high} per card.",
                        player=name,
                        card=event.card,
                        total=Chips(before + event.amount),
                        high=Chips(limits.max_bet),
                    ),
                    rule="bets",
                )
            ]
        total = sum(a for spot in deal.board for _, a in spot.bets) + event.amount
        if limits.stack and total > limits.stack:
            severity = banking.cover_severity(self.options.cover)
            return [
                Violation(
                    "beyond-bank",
                    tr(
                        "{player}'s bet of {amount} brings the bets on the board to {total}, more "
                        "than the {stack} {banker} can cover.",
                        player=name,
                        amount=Chips(event.amount),
                        total=Chips(total),
                        stack=Chips(limits.stack),
                        banker=self.names[limits.banker],
                    ),
                    severity=severity,
                    rule="cover",
                )
            ]
        return []

    def _card_problems(self, deal: DealState, card: Card) -> list[Violation]:
        if card not in play.PACK:
            return [
                Violation(
                    "not-in-pack",
                    tr("{card} is not in the 40-card pack (no 8, 9, 10 or joker).", card=card),
                    rule="cards",
                )
            ]
        if card in deal.seen:
            return [
                Violation(
                    "card-twice",
                    tr("{card} has already been turned this deal.", card=card),
                    rule="cards",
                )
            ]
        return []

    # --- state ---------------------------------------------------------------------------------
    def apply(self, state: ZiginetteState, event: Event) -> ZiginetteState:
        if isinstance(event, Bank):
            return dataclasses.replace(state, limits=Limits.of(event), must_pass=False)
        if isinstance(event, End):
            return dataclasses.replace(state, ended=True)
        if isinstance(event, Deal):
            assert state.limits is not None
            cards = (*event.board, event.banker_card)
            if play.is_playette(cards):
                return dataclasses.replace(state, playettes=state.playettes + 1)
            fresh = DealState(
                limits=state.limits,
                banker_card=event.banker_card,
                board=tuple(Spot(c) for c in event.board),
                seen=frozenset(cards),
            )
            return dataclasses.replace(state, deal=fresh)
        assert state.deal is not None
        deal: DealState = state.deal
        if isinstance(event, Bet):
            board = tuple(
                dataclasses.replace(s, bets=_add(s.bets, event.seat, event.amount))
                if s.card == event.card
                else s
                for s in deal.board
            )
            return dataclasses.replace(state, deal=dataclasses.replace(deal, board=board))
        if isinstance(event, Stop):
            return self._finish(state, deal, banker_lost=False)
        assert isinstance(event, Draw)
        card = event.card
        deal = dataclasses.replace(deal, seen=deal.seen | {card})
        what = play.outcome(deal, card)
        if what == "banker":
            moves = tuple(
                Move(seat, amount, spot.card, "banker-lost", card)
                for spot in deal.board
                for seat, amount in spot.bets
            )
            deal = dataclasses.replace(deal, moves=deal.moves + moves)
            return self._finish(state, deal, banker_lost=True)
        if what == "dead":
            return dataclasses.replace(
                state, deal=dataclasses.replace(deal, discarded=(*deal.discarded, card))
            )
        if what == "match":
            spot = next(s for s in deal.board if s.card.rank == card.rank)
            moves = tuple(
                Move(seat, -amount, spot.card, "matched", card) for seat, amount in spot.bets
            )
            deal = dataclasses.replace(
                deal,
                board=tuple(s for s in deal.board if s is not spot),
                dead=deal.dead | {card.rank},
                moves=deal.moves + moves,
            )
            if not deal.board:
                return self._finish(state, deal, banker_lost=False)
            return dataclasses.replace(state, deal=deal)
        return dataclasses.replace(
            state, deal=dataclasses.replace(deal, board=(*deal.board, Spot(card)))
        )

    def _finish(
        self, state: ZiginetteState, deal: DealState, *, banker_lost: bool
    ) -> ZiginetteState:
        banker = deal.limits.banker
        money = play.money(self.n_seats, banker, deal.moves)
        taken = (-m.amount for m in deal.moves if m.amount < 0)
        cut = banking.house_cut(self.options.cut, money[banker], taken)
        money[banker] -= cut
        done = Finished(
            number=len(state.finished) + 1,
            limits=deal.limits,
            banker_card=deal.banker_card,
            moves=deal.moves,
            banker_lost=banker_lost,
            money=tuple(money),
            cut=cut,
            playettes=state.playettes,
        )
        return dataclasses.replace(
            state,
            deal=None,
            finished=(*state.finished, done),
            done=(*state.done, banking.scored(done, self.score_lines, self.summary)),
            playettes=0,
            must_pass=banker_lost,
        )

    # --- scores and money ------------------------------------------------------------------------
    def score_lines(self, done: Finished) -> tuple[tuple[ScoreLine, ...], ...]:
        banker = done.limits.banker
        lines: list[list[ScoreLine]] = [[] for _ in range(self.n_seats)]
        for move in done.moves:
            if move.why == "banker-lost":
                label = tr(
                    "{by} matched the banker's card: the bet of {bet} on {card} is paid",
                    by=move.by,
                    bet=Chips(move.amount),
                    card=move.card,
                )
            else:
                label = tr(
                    "{by} matched {card}: the bet of {bet} is lost to the bank",
                    by=move.by,
                    card=move.card,
                    bet=Chips(-move.amount),
                )
            lines[move.seat].append(
                ScoreLine(
                    label, move.amount, "banker-loses" if move.why == "banker-lost" else "match"
                )
            )
        taken = sum(-m.amount for m in done.moves if m.amount < 0)
        paid = sum(m.amount for m in done.moves if m.amount > 0)
        if taken:
            lines[banker].append(
                ScoreLine(tr("Bets taken from matched board cards"), taken, "match")
            )
        if paid:
            lines[banker].append(
                ScoreLine(tr("Bets paid when the banker's card was matched"), -paid, "banker-loses")
            )
        if done.cut:
            lines[banker].append(banking.cut_line(self.options.cut, done.cut, taken - paid))
        return tuple(tuple(seat_lines) for seat_lines in lines)

    def summary(self, done: Finished) -> Text:
        banker = self.names[done.limits.banker]
        if done.banker_lost:
            text = tr(
                "{banker} banks with {card} and loses the bank.",
                banker=banker,
                card=done.banker_card,
            )
        else:
            text = tr(
                "{banker} banks with {card}; the deal ends.", banker=banker, card=done.banker_card
            )
        if done.playettes:
            text = tr_n(
                "{text} ({n} playette before it)",
                "{text} ({n} playettes before it)",
                done.playettes,
                text=text,
            )
        return text

    def hands(self, state: ZiginetteState) -> tuple[HandScore, ...]:
        return state.done

    def postings(self, state: ZiginetteState) -> tuple[Posting, ...]:
        """Each deal's money (docs/ledger.md), the house's cut to the house: zero-sum."""
        return banking.postings(self.hands(state), [d.cut for d in state.finished])

    def outcome(self, state: ZiginetteState) -> Outcome | None:
        return banking.session_outcome(state.ended, self.scores(state))


def _add(bets: tuple[tuple[int, int], ...], seat: int, amount: int) -> tuple[tuple[int, int], ...]:
    """A bet added to a board card's bets: a second bet by the same player adds to the first."""
    if any(s == seat for s, _ in bets):
        return tuple((s, a + amount if s == seat else a) for s, a in bets)
    return (*bets, (seat, amount))
