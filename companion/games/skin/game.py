"""Skin, following ``shared/rules/skin/rulings.md``.

Three to seven players; one banks and deals from a 52-card pack. Cards are offered in turn to the
right; a player who takes one bets on it and the banker matches the bet. The first taker's card
is followed by the banker's own card (a pair there: both go, and the offer starts again). Every
card turned is checked against every card in play: the banker's rank (the bank pays every bet),
a player's rank (the bank takes that bet), a dead rank (discarded), an unbet card in the centre
(both go), or it is offered on. Players who both have a bet may make side bets on whose card is
matched first. After losing, the banker takes a new card or deals on only to settle side bets.
The deal ends then, or when the pack runs out (bets go back, side bets are void); the bank
moves on.

Options: ``dead_after_banker`` and ``dead_after_pair`` (ruling 10.3.2-3), ``centre_match``
(10.3.4), ``rotation`` (10.1.3), ``cover``.

Ann banks (1 to 10) for Bob, Cat and Dan. The first card, 7♥, is offered to Dan (Ann's right), who
takes it and bets 4; Ann's card is the Q♣. The 9♠ goes to Cat, who bets 5. The 7♣ pairs Dan's card:
Ann takes his 4. Then the Q♦ pairs Ann's card: she pays Cat 5. She declines a new card and, with no
side bet open, the deal is over.

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c
>>> from companion.rules.events import Seat
>>> rules = Skin(4, names=["Ann", "Bob", "Cat", "Dan"])
>>> log = [Bank(banker=Seat(0), min_bet=1, max_bet=10),
...        Turn(card=c("7H"), taker=Seat(3), bet=4), BankerCard(card=c("QC")),
...        Turn(card=c("9S"), taker=Seat(2), bet=5), Turn(card=c("7C")), Turn(card=c("QD")),
...        Decline()]
>>> state = replay(rules, log).state
>>> rules.hands(state)[0].points
(-1, 0, 5, -4)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.skin import checks, play, text
from companion.games.skin.events import (
    Bank,
    BankerCard,
    Bet,
    DealState,
    Decline,
    End,
    Finished,
    FirstAce,
    Limits,
    Move,
    Out,
    SideBet,
    SkinOptions,
    SkinState,
    TakeCentre,
    Turn,
)
from companion.rules import banking
from companion.rules.core import Option, Reminder, Violation
from companion.rules.events import Event, event_types
from companion.rules.text import Text, tr


def _dead_choice() -> tuple[tuple[str, Text], ...]:
    return (("dead", tr("dead for the rest of the deal")), ("live", tr("still live")))


class Skin(banking.BankingRules[SkinState, SkinOptions]):
    key = "skin"
    title = "Skin"
    seats = range(3, 8)
    options_type = SkinOptions
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        FirstAce, Bank, Turn, BankerCard, TakeCentre, Bet, SideBet, Decline, Out, End
    )
    hand_start_kinds = frozenset({"bank"})
    blurb = tr(
        "Take a card and bet on it against the banker: lose when your rank turns up, win when "
        "the banker's does first; side bets between players on whose card goes first."
    )
    option_info = (
        Option(
            "dead_after_banker",
            tr("The banker's rank after it is matched"),
            tr("Are the other cards of the banker's rank dead once it is matched? (ruling 10.3.3)"),
            _dead_choice(),
        ),
        Option(
            "dead_after_pair",
            tr("A pair on the first two cards"),
            tr(
                "When the banker's first card pairs the first player's, both are discarded; is "
                "that rank dead afterwards? (ruling 10.3.2)"
            ),
            _dead_choice(),
        ),
        Option(
            "centre_match",
            tr("A card pairing an unbet centre card"),
            tr(
                "Both are discarded and the rank is dead, or the centre card stays and the new "
                "card joins it (ruling 10.3.4)."
            ),
            (("discard", tr("both discarded, rank dead")), ("keep", tr("both stay in the centre"))),
        ),
        Option(
            "rotation",
            tr("The bank passes"),
            tr("To the next player on the left (the source) or on the right (ruling 10.1.3)."),
            (("left", tr("to the left")), ("right", tr("to the right"))),
        ),
        banking.cover_option(
            tr(
                "When the banker's share of the bets goes beyond what they said they can cover: "
                "flag it, or refuse the bet."
            )
        ),
        banking.cut_option("10.3.7"),
    )

    # --- seats -------------------------------------------------------------------------------
    def dealt_to(self, seat: int, n_cards: int) -> list[int]:
        """Who got each of ``n_cards`` dealt in turn to the left, the last going to ``seat``."""
        return [(seat - n_cards + 1 + i) % self.n_seats for i in range(n_cards)]

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.n_seats

    def passes_to(self, banker: int) -> int:
        step = 1 if self.options.rotation == "left" else -1
        return (banker + step) % self.n_seats

    def initial_state(self) -> SkinState:
        return SkinState()

    # --- phase -------------------------------------------------------------------------------
    def expects(self, state: SkinState) -> frozenset[str]:
        if state.ended:
            return frozenset()
        deal = state.deal
        if deal is None:
            if state.finished:
                return frozenset({"bank", "end"})
            if state.next_banker is None:
                return frozenset({"first_ace", "bank"})
            return frozenset({"bank"})
        if deal.first is not None:
            return frozenset({"banker_card", "out"})
        if deal.lost:
            return frozenset({"banker_card", "decline", "out"})
        kinds = {"turn", "out"}
        if deal.banker_card is not None:
            if deal.centre and self._cardless(deal):
                kinds.add("take_centre")
            if any(c is not None and not p for c, p in zip(deal.cards, deal.pots, strict=True)):
                kinds.add("bet")
            if sum(1 for p in deal.pots if p) >= 2:
                kinds.add("side_bet")
        return frozenset(kinds)

    def _cardless(self, deal: DealState) -> list[int]:
        return [s for s in range(self.n_seats) if s != deal.limits.banker and deal.cards[s] is None]

    def offered_to(self, deal: DealState) -> int | None:
        """The player the next card is offered to first: the next one without a card, going
        right from the last offer (None when everyone has a card)."""
        seat = deal.pointer
        for _ in range(self.n_seats):
            if seat != deal.limits.banker and deal.cards[seat] is None:
                return seat
            seat = self.right_of(seat)
        return None

    def dealer(self, state: SkinState) -> int | None:
        if state.deal is not None:
            return state.deal.limits.banker
        return state.next_banker

    def to_act(self, state: SkinState) -> int | None:
        return self.dealer(state)

    # --- words (text) ----------------------------------------------------------------------------
    def prompt(self, state: SkinState) -> str:
        return text.prompt(self, state)

    def info(self, state: SkinState) -> list[tuple[str, str]]:
        return text.info(self, state)

    def reminders(self, state: SkinState) -> list[Reminder]:
        return text.reminders(self, state)

    # --- checks --------------------------------------------------------------------------------
    def violations(self, state: SkinState, event: Event) -> list[Violation]:
        return checks.violations(self, state, event)

    # --- state ---------------------------------------------------------------------------------
    def apply(self, state: SkinState, event: Event) -> SkinState:
        if isinstance(event, Bank):
            limits = Limits.of(event)
            n = self.n_seats
            fresh = DealState(
                limits=limits, cards=(None,) * n, pots=(0,) * n, pointer=self.right_of(event.banker)
            )
            return dataclasses.replace(state, limits=limits, deal=fresh)
        if isinstance(event, FirstAce):
            seats = self.dealt_to(event.seat, len(event.cards))
            return dataclasses.replace(
                state,
                first_draw=tuple(zip(seats, event.cards, strict=True)),
                next_banker=event.seat,
            )
        if isinstance(event, End):
            return dataclasses.replace(state, ended=True)
        assert state.deal is not None
        deal: DealState = state.deal
        if isinstance(event, Out):
            return self._finish(state, deal, "out")
        if isinstance(event, Turn):
            deal = dataclasses.replace(deal, seen=deal.seen | {event.card})
            return self._after(state, self._turned(deal, event))
        if isinstance(event, BankerCard):
            deal = dataclasses.replace(deal, seen=deal.seen | {event.card})
            if deal.first is not None:
                first = deal.first
                held = deal.cards[first]
                assert held is not None
                if held.rank == event.card.rank:  # a pair on the first two cards
                    dead = (
                        deal.dead | {held.rank}
                        if self.options.dead_after_pair == "dead"
                        else deal.dead
                    )
                    deal = dataclasses.replace(
                        deal,
                        cards=play.put(deal.cards, first, None),
                        pots=play.put(deal.pots, first, 0),
                        first=None,
                        started=False,
                        pointer=first,
                        dead=dead,
                    )
                    return dataclasses.replace(state, deal=deal)
                deal = dataclasses.replace(deal, banker_card=event.card, first=None)
                return dataclasses.replace(state, deal=deal)
            deal = dataclasses.replace(deal, banker_card=event.card, lost=False)
            return dataclasses.replace(state, deal=deal)
        if isinstance(event, TakeCentre):
            centre = list(deal.centre)
            centre.remove(event.card)
            deal = dataclasses.replace(
                deal,
                centre=tuple(centre),
                cards=play.put(deal.cards, event.seat, event.card),
                pots=play.put(deal.pots, event.seat, event.bet),
            )
            return dataclasses.replace(state, deal=deal)
        if isinstance(event, Bet):
            deal = dataclasses.replace(deal, pots=play.put(deal.pots, event.seat, event.amount))
            return dataclasses.replace(state, deal=deal)
        if isinstance(event, SideBet):
            deal = dataclasses.replace(
                deal, side=(*deal.side, (event.bettor, event.target, event.amount))
            )
            return dataclasses.replace(state, deal=deal)
        if isinstance(event, Decline):
            deal = dataclasses.replace(deal, declined=True, lost=False)
            return self._after(state, deal)
        raise AssertionError(event)  # pragma: no cover

    def _turned(self, deal: DealState, event: Turn) -> DealState:
        card = event.card
        what, seat = play.decided(deal, card)
        banker = deal.limits.banker
        if what == "dead":
            return deal
        if what == "banker":
            assert deal.banker_card is not None
            paid = tuple(
                Move(s, banker, p, "banker-lost", card) for s, p in enumerate(deal.pots) if p
            )
            dead = (
                deal.dead | {card.rank} if self.options.dead_after_banker == "dead" else deal.dead
            )
            return dataclasses.replace(
                deal,
                moves=deal.moves + paid,
                pots=(0,) * self.n_seats,
                banker_card=None,
                lost=True,
                dead=dead,
            )
        if what == "player":
            assert seat is not None
            moves: list[Move] = []
            if deal.pots[seat]:
                moves.append(Move(banker, seat, deal.pots[seat], "matched", card))
            side = []
            for bettor, target, amount in deal.side:
                if target == seat:
                    moves.append(Move(bettor, target, amount, "side-bet", card))
                elif bettor == seat:
                    moves.append(Move(target, bettor, amount, "side-bet", card))
                else:
                    side.append((bettor, target, amount))
            return dataclasses.replace(
                deal,
                moves=deal.moves + tuple(moves),
                cards=play.put(deal.cards, seat, None),
                pots=play.put(deal.pots, seat, 0),
                side=tuple(side),
                dead=deal.dead | {card.rank},
            )
        if what == "centre":
            if self.options.centre_match == "keep":
                return dataclasses.replace(deal, centre=(*deal.centre, card))
            return dataclasses.replace(
                deal,
                centre=tuple(c for c in deal.centre if c.rank != card.rank),
                dead=deal.dead | {card.rank},
            )
        if event.taker is None:
            return dataclasses.replace(deal, centre=(*deal.centre, card))
        taker = event.taker
        deal = dataclasses.replace(
            deal,
            cards=play.put(deal.cards, taker, card),
            pots=play.put(deal.pots, taker, event.bet or 0),
            pointer=self.right_of(taker),
        )
        if not deal.started:
            deal = dataclasses.replace(deal, started=True, first=taker)
        return deal

    def _after(self, state: SkinState, deal: DealState) -> SkinState:
        """The deal as it stands, or finished: the pack used up, or the banker declined and no
        side bet is left."""
        if len(deal.seen) >= play.PACK:
            return self._finish(state, deal, "out")
        if deal.declined and not deal.side:
            return self._finish(state, deal, "declined")
        return dataclasses.replace(state, deal=deal)

    def _finish(self, state: SkinState, deal: DealState, how: str) -> SkinState:
        banker = deal.limits.banker
        taken = (m.amount for m in deal.moves if m.why == "matched")
        money, cut = banking.settle_cut(
            self.options.cut, play.money(self.n_seats, deal.moves), banker, taken
        )
        done = Finished(
            number=len(state.finished) + 1,
            limits=deal.limits,
            moves=deal.moves,
            money=money,
            how=how,
            returned=deal.pots if how == "out" else (0,) * self.n_seats,
            voided=len(deal.side) if how == "out" else 0,
            cut=cut,
        )
        return dataclasses.replace(
            state,
            deal=None,
            finished=(*state.finished, done),
            done=(*state.done, text.scored(self, done)),
            next_banker=self.passes_to(deal.limits.banker),
        )

    # --- money ---------------------------------------------------------------------------------
    def cuts(self, state: SkinState) -> tuple[int, ...]:
        """The house's cut of each settled deal."""
        return tuple(d.cut for d in state.finished)

    def paid_so_far(self, state: SkinState) -> list[int]:
        return play.paid_so_far(self.n_seats, state)
