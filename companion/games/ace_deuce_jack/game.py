"""Ace-Deuce-Jack, following ``shared/rules/ace-deuce-jack/rulings.md``.

A banker and any number of players. The banker sets the smallest and largest bet; each player
bets; the banker cuts the pack into three piles and turns each pile over. If any bottom card is
an ace, a deuce or a jack the banker takes every bet, otherwise the banker pays every bet at even
money. The bank passes to the next player on the left after an agreed number of hands.

Options: ``hands_per_bank`` (the agreed number of hands, ruling 4.2.5), ``cover`` (bets beyond
what the banker can cover are flagged, or refused: ruling 4.3.3).

Ann banks, bets 1 to 10. Bob bets 5, Cat 10; the piles show 7♥, K♠ and 4♦: no ace, deuce or
jack, so Ann pays both. Next hand Bob bets 3; the first pile shows the J♣ and Ann takes it.

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c, parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = AceDeuceJack(3, names=["Ann", "Bob", "Cat"])
>>> log = [Bank(banker=Seat(0), min_bet=1, max_bet=10),
...        Bet(seat=Seat(1), amount=5), Bet(seat=Seat(2), amount=10),
...        Turn(card=c("7H")), Turn(card=c("KS")), Turn(card=c("4D")),
...        Round(bets=(0, 3, 0), cards=cs("JC"))]
>>> state = replay(rules, log).state
>>> [h.points for h in rules.hands(state)]
[(-15, 5, 10), (3, -3, 0)]
>>> rules.scores(state)
(-12, 2, 10)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.ace_deuce_jack import checks, play, text
from companion.games.ace_deuce_jack.events import (
    AceDeuceJackOptions,
    AceDeuceJackState,
    Bank,
    Bet,
    End,
    Hand,
    HighCard,
    Limits,
    Misdeal,
    Played,
    Round,
    Turn,
)
from companion.rules import banking
from companion.rules.cards import ACE, Card
from companion.rules.core import Option, Reminder, Violation
from companion.rules.events import Event, event_types
from companion.rules.text import shown, tr

HANDS_PER_BANK = (1, 2, 3, 4, 5, 6, 8, 10)


class AceDeuceJack(banking.BankingRules[AceDeuceJackState, AceDeuceJackOptions]):
    key = "ace_deuce_jack"
    title = "Ace-Deuce-Jack"
    seats = range(2, 9)
    options_type = AceDeuceJackOptions
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        HighCard, Bank, Bet, Turn, Round, Misdeal, End
    )
    hand_start_kinds = frozenset({"bank", "bet", "round"})
    blurb = tr(
        "A banker against everyone: three cards are turned, and an ace, a deuce or a jack "
        "takes every bet."
    )
    #: Worked out from the deck when the module loads (never typed): shown on the rules page.
    house_edge = play.percent(play.house_edge())
    player_chance = str(play.player_wins_chance())
    option_info = (
        Option(
            "hands_per_bank",
            tr("Hands per bank"),
            tr(
                "How many hands each banker deals before the bank passes to the left; the "
                "session ends only when everyone has banked as often (ruling 4.2.5)."
            ),
            tuple((n, shown(n)) for n in (5, *[h for h in HANDS_PER_BANK if h != 5])),
        ),
        banking.cover_option(
            tr(
                "When the bets add up to more than the banker said they can cover: flag it, or "
                "refuse the bet that goes over, taking bets in seating order (ruling 4.3.3)."
            )
        ),
        Option(
            "ace",
            tr("The ace in the draw for the bank"),
            tr(
                "One card is dealt face up to each player and the highest banks first (ties "
                "draw again): is the ace the highest card or the lowest? (ruling 4.2.1)"
            ),
            (("high", tr("the highest")), ("low", tr("the lowest"))),
        ),
    )

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> AceDeuceJackState:
        return AceDeuceJackState(banked=(0,) * self.n_seats)

    def rotation_due(self, state: AceDeuceJackState) -> bool:
        return state.limits is not None and state.in_bank >= self.options.hands_per_bank

    def next_banker(self, state: AceDeuceJackState) -> int | None:
        if state.limits is None:
            return state.first_banker
        if self.rotation_due(state):
            return (state.limits.banker + 1) % self.n_seats
        return state.limits.banker

    def whole_rotations(self, state: AceDeuceJackState) -> bool:
        """Every player has banked equally often (and at least once), and no hand is under way."""
        return state.hand is None and len(set(state.banked)) == 1 and state.banked[0] > 0

    def expects(self, state: AceDeuceJackState) -> frozenset[str]:
        if state.ended:
            return frozenset()
        if state.limits is None and state.first_banker is None:
            return frozenset({"high_card", "bank"})
        shows = {"turn"} if state.showing else set()
        if state.limits is None or self.rotation_due(state) and state.hand is None:
            kinds = {"bank", *shows}
            if self.whole_rotations(state):
                kinds.add("end")
            return frozenset(kinds)
        if state.hand is None:
            return frozenset({"bank", "bet", "round", *shows})
        if state.hand.cards:
            return frozenset({"turn", "misdeal"})
        return frozenset({"bet", "turn", "misdeal"})

    def dealer(self, state: AceDeuceJackState) -> int | None:
        return self.next_banker(state)

    def to_act(self, state: AceDeuceJackState) -> int | None:
        return self.next_banker(state)

    # --- words (text) ----------------------------------------------------------------------------
    def prompt(self, state: AceDeuceJackState) -> str:
        return text.prompt(self, state)

    def info(self, state: AceDeuceJackState) -> list[tuple[str, str]]:
        return text.info(self, state)

    def reminders(self, state: AceDeuceJackState) -> list[Reminder]:
        return text.reminders(self, state)

    # --- checks --------------------------------------------------------------------------------
    def violations(self, state: AceDeuceJackState, event: Event) -> list[Violation]:
        return checks.violations(self, state, event)

    # --- state ---------------------------------------------------------------------------------
    def apply(self, state: AceDeuceJackState, event: Event) -> AceDeuceJackState:
        if isinstance(event, Turn) and state.hand is None and state.showing:
            return self._shown(state, event.card)
        state = dataclasses.replace(state, showing=False)
        if isinstance(event, HighCard):
            return self._drawn(state, event)
        if isinstance(event, Bank):
            limits = Limits.of(event)
            same = state.limits is not None and state.limits.banker == event.banker
            return dataclasses.replace(state, limits=limits, in_bank=state.in_bank if same else 0)
        if isinstance(event, End):
            return dataclasses.replace(state, ended=True)
        if isinstance(event, Misdeal):
            return dataclasses.replace(state, hand=None, misdeals=state.misdeals + 1)
        assert state.limits is not None
        hand = state.hand or Hand(limits=state.limits)
        if isinstance(event, Bet):
            return dataclasses.replace(
                state, hand=dataclasses.replace(hand, bets=(*hand.bets, (event.seat, event.amount)))
            )
        if isinstance(event, Turn):
            hand = dataclasses.replace(hand, cards=(*hand.cards, event.card))
        elif isinstance(event, Round):
            bets = tuple((s, a) for s, a in enumerate(event.bets) if a)
            hand = Hand(limits=state.limits, bets=bets, cards=event.cards)
        if not play.decided(hand.cards):
            return dataclasses.replace(state, hand=hand)
        return self._finish(state, hand)

    def _shown(self, state: AceDeuceJackState, card: Card) -> AceDeuceJackState:
        """A pile turned after the hand was settled (ruling 4.2.3: the banker shows all three):
        shown with the hand, its money unchanged."""
        last = state.played[-1]
        cards = (*last.cards, card)
        last = dataclasses.replace(last, cards=cards)
        return dataclasses.replace(
            state,
            played=(*state.played[:-1], last),
            done=(*state.done[:-1], text.scored(self, last)),
            showing=len(cards) < play.PILES,
        )

    def _drawn(self, state: AceDeuceJackState, event: HighCard) -> AceDeuceJackState:
        """A card of the draw for the first banker: once everyone still drawing has one, the
        highest banks, or the tied players draw again (ruling 4.2.1)."""
        drawing = state.drawing if state.drawing is not None else tuple(range(self.n_seats))
        this_round = (*state.this_round, (event.seat, event.card))
        state = dataclasses.replace(
            state, drawn=(*state.drawn, (event.seat, event.card)), drawing=drawing
        )
        if len(this_round) < len(drawing):
            return dataclasses.replace(state, this_round=this_round)
        top = max(self.draw_value(card) for _, card in this_round)
        tied = tuple(sorted(seat for seat, card in this_round if self.draw_value(card) == top))
        if len(tied) == 1:
            return dataclasses.replace(state, this_round=(), first_banker=tied[0])
        return dataclasses.replace(state, this_round=(), drawing=tied)

    def draw_value(self, card: Card) -> int:
        """A card's height in the draw for the bank: the ace high (14) or, by option, low (1)."""
        if card.rank == ACE and self.options.ace == "low":
            return 1
        return card.rank

    def still_to_draw(self, state: AceDeuceJackState) -> list[int]:
        """Who still gets a card in this round of the draw for the bank."""
        drawing = state.drawing if state.drawing is not None else tuple(range(self.n_seats))
        have = {seat for seat, _ in state.this_round}
        return [seat for seat in drawing if seat not in have]

    def _finish(self, state: AceDeuceJackState, hand: Hand) -> AceDeuceJackState:
        banker = hand.limits.banker
        wins = any(play.loses(c) for c in hand.cards)
        played = Played(
            number=len(state.played) + 1,
            limits=hand.limits,
            bets=hand.bets,
            cards=hand.cards,
            banker_wins=wins,
            money=play.settle(banker, self.n_seats, hand.bets, wins),
        )
        banked = list(state.banked)
        in_bank = state.in_bank + 1
        if in_bank == self.options.hands_per_bank:
            banked[banker] += 1
        return dataclasses.replace(
            state,
            hand=None,
            played=(*state.played, played),
            done=(*state.done, text.scored(self, played)),
            in_bank=in_bank,
            banked=tuple(banked),
            showing=len(hand.cards) < play.PILES,
        )
