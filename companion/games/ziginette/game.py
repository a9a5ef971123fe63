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

from companion.games.ziginette import checks, play, text
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
from companion.rules.core import Option, Reminder, Violation
from companion.rules.events import Event, event_types
from companion.rules.text import tr


class Ziginette(banking.BankingRules[ZiginetteState, ZiginetteOptions]):
    key = "ziginette"
    title = "Ziginette"
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

    # --- words (text) ----------------------------------------------------------------------------
    def prompt(self, state: ZiginetteState) -> str:
        return text.prompt(self, state)

    def info(self, state: ZiginetteState) -> list[tuple[str, str]]:
        return text.info(self, state)

    def reminders(self, state: ZiginetteState) -> list[Reminder]:
        return text.reminders(self, state)

    # --- checks --------------------------------------------------------------------------------
    def violations(self, state: ZiginetteState, event: Event) -> list[Violation]:
        return checks.violations(self, state, event)

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
        taken = (-m.amount for m in deal.moves if m.amount < 0)
        money, cut = banking.settle_cut(
            self.options.cut, play.money(self.n_seats, banker, deal.moves), banker, taken
        )
        done = Finished(
            number=len(state.finished) + 1,
            limits=deal.limits,
            banker_card=deal.banker_card,
            moves=deal.moves,
            banker_lost=banker_lost,
            money=money,
            cut=cut,
            playettes=state.playettes,
        )
        return dataclasses.replace(
            state,
            deal=None,
            finished=(*state.finished, done),
            done=(*state.done, text.scored(self, done)),
            playettes=0,
            must_pass=banker_lost,
        )

    # --- money ---------------------------------------------------------------------------------
    def cuts(self, state: ZiginetteState) -> tuple[int, ...]:
        """The house's cut of each settled deal."""
        return tuple(d.cut for d in state.finished)

    def paid_so_far(self, state: ZiginetteState) -> list[int]:
        return play.paid_so_far(self.n_seats, state)


def _add(bets: tuple[tuple[int, int], ...], seat: int, amount: int) -> tuple[tuple[int, int], ...]:
    """A bet added to a board card's bets: a second bet by the same player adds to the first."""
    if any(s == seat for s, _ in bets):
        return tuple((s, a + amount if s == seat else a) for s, a in bets)
    return (*bets, (seat, amount))
