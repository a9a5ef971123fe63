"""Kaluki (Caloochi), following ``shared/rules/kaluki/rulings.md``.

Two to four players, two packs and four jokers, fifteen cards each. Sets of three or four of
one rank in different suits, runs of three or more in one suit (ace low or high), jokers wild.
A player's first meld must be worth 51 or more; the first player to get rid of every card wins
the hand, and each other player pays 1 unit for each card still held and 2 for each joker,
doubled if the winner went Kaluki (every card melded in one turn, with no meld before). The
units are money: they go to the table's ledger.

Each hand is a deal (who dealt, whether the cutter kept a joker), any number of turns' melds
(optional: recorded, they are checked and the first meld's 51 is counted), and either the quick
entry (how many cards and jokers each loser holds) or the full entry (their cards).

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = Kaluki(3, names=["Ann", "Bob", "Cat"])
>>> log = [Deal(dealer=Seat(0)),
...        Result(out=Seat(1), cards=(4, 0, 6), jokers=(1, 0, 0)),
...        Deal(dealer=Seat(1)),
...        Hands(out=Seat(2), kaluki=True, cards=(cs("7S 9H JK"), cs("2C"), ()))]
>>> state = replay(rules, log).state
>>> [h.points for h in rules.hands(state)]
[(-5, 11, -6), (-8, -2, 10)]
>>> rules.scores(state)
(-13, 9, 4)
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.kaluki import checks, play, text
from companion.games.kaluki.events import (
    Deal,
    Hand,
    Hands,
    KalukiOptions,
    KalukiState,
    LayOff,
    Melds,
    Result,
    StockOut,
    Swap,
    TableMeld,
)
from companion.games.rummy import deal_problems, melds_text
from companion.rules.cards import Card
from companion.rules.core import (
    Family,
    HandByHand,
    Option,
    Outcome,
    ScoreLine,
    SetupError,
    Violation,
    scored_hand,
)
from companion.rules.events import Event, event_types
from companion.rules.money import Posting, hand_postings
from companion.rules.text import shown, tr, tr_n, trc

__all__ = [
    "Deal",
    "Hands",
    "Kaluki",
    "KalukiOptions",
    "KalukiState",
    "LayOff",
    "Melds",
    "Result",
    "StockOut",
    "Swap",
]


class Kaluki(HandByHand[KalukiState, KalukiOptions]):
    key = "kaluki"
    title = "Kaluki"
    aka = ("Caloochi",)
    family = Family.RUMMY
    seats = range(2, 5)
    options_type = KalukiOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(
        Deal, Melds, Result, Hands, StockOut
    )
    blurb = tr(
        "Rummy with two packs and four wild jokers, fifteen cards each and a first meld of 51: "
        "the first out is paid for every card the others still hold, double for Kaluki."
    )
    option_info = (
        Option(
            "low_ace",
            tr("Low ace in a first meld"),
            tr(
                "What an ace counts toward the 51 of a first meld when it is low in a run "
                "(A-2-3): 11 like every ace (ruling 3), or 1."
            ),
            ((11, shown(11)), (1, shown(1))),
        ),
        Option(
            "joker_swap",
            tr("Joker swapping"),
            tr(
                "May a player who has melded put the card a joker stands for in its place and "
                "take the joker? Not in the source's rules (ruling 2)."
            ),
            ((False, trc("option", "no")), (True, trc("option", "yes"))),
        ),
        Option(
            "stock_out",
            tr("Stock runs out"),
            tr(
                "Turn the discards but the top card over as a new stock and play on, or void "
                "the hand: nobody pays (ruling 6)."
            ),
            (("reshuffle", tr("Reshuffle the discards")), ("void", tr("Void the hand"))),
        ),
        Option(
            "hands",
            tr("Hands"),
            tr("The session ends after this many hands; with no fixed end, stop when you like."),
            ((0, tr("No fixed end")), (2, shown(2)), (4, shown(4)), (8, shown(8)), (12, shown(12))),
        ),
    )

    def check_options(self) -> None:
        options = self.options
        if options.low_ace not in (1, 11):
            raise SetupError(f"low_ace must be 11 or 1, not {options.low_ace!r}")
        if options.stock_out not in ("reshuffle", "void"):
            raise SetupError(f"stock_out must be 'reshuffle' or 'void', not {options.stock_out!r}")
        if options.hands < 0:
            raise SetupError(f"hands must be 0 (no fixed end) or more, not {options.hands!r}")

    # --- phase -------------------------------------------------------------------------------
    def initial_state(self) -> KalukiState:
        return KalukiState()

    def expects(self, state: KalukiState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        if state.hand is None:
            return frozenset({"deal"})
        return frozenset({"melds", "result", "hands", "stock-out"})

    # --- validation --------------------------------------------------------------------------
    def violations(self, state: KalukiState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return deal_problems(self.names, state.next_dealer, event.dealer)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Melds):
            return checks.melds_problems(self, hand, event)
        if isinstance(event, Result):
            return checks.result_problems(self, hand, event)
        if isinstance(event, Hands):
            return checks.hands_problems(self, hand, event)
        if isinstance(event, StockOut):
            return checks.stock_problems(self)
        message = tr("Kaluki does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    # --- apply and score --------------------------------------------------------------------
    def apply(self, state: KalukiState, event: Event) -> KalukiState:
        if isinstance(event, Deal):
            zero = (0,) * self.n_seats
            new = Hand(
                len(state.done) + 1,
                event.dealer,
                event.cut_joker,
                turns=zero,
                put_down=zero,
                first_turn=zero,
            )
            return dataclasses.replace(state, hand=new, next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Melds):
            return dataclasses.replace(state, hand=self.laid(hand, event))
        if isinstance(event, Result):
            lines = self.quick_lines(event.out, event.kaluki, event.cards, event.jokers)
            summary = text.hand_summary(self, hand, event.out, event.kaluki, False)
        elif isinstance(event, Hands):
            lines = self.full_lines(event.out, event.kaluki, event.cards)
            summary = text.hand_summary(self, hand, event.out, event.kaluki, True)
        else:
            assert isinstance(event, StockOut)
            void = ScoreLine(tr("The stock ran out: the hand is void, nobody pays"), 0, "stock")
            lines = tuple((void,) for _ in range(self.n_seats))
            summary = text.hand_summary(self, hand, None, False, False)
        done = (*state.done, scored_hand(hand, lines, summary))
        return KalukiState(done=done, next_dealer=(hand.dealer + 1) % self.n_seats)

    def laid(self, hand: Hand, event: Melds) -> Hand:
        """The table after one turn's melds: jokers swapped, new melds, lay-offs."""
        melds = list(hand.melds)
        for swap in event.swaps:
            old = melds[swap.meld - 1]
            swapped = play.swap_joker(list(old.cards), swap.card)
            assert swapped is not None
            melds[swap.meld - 1] = TableMeld(old.owner, tuple(swapped))
        for lay in event.layoffs:
            old = melds[lay.meld - 1]
            melds[lay.meld - 1] = TableMeld(old.owner, play.meld([*old.cards, *lay.cards]).cards)
        for cards in event.melds:
            melds.append(TableMeld(event.player, play.meld(cards).cards))
        seat = event.player
        count = sum(len(m) for m in event.melds) + sum(len(lay.cards) for lay in event.layoffs)
        first = hand.first_turn if hand.turns[seat] else _put(hand.first_turn, seat, count)
        return dataclasses.replace(
            hand,
            melds=tuple(melds),
            turns=_put(hand.turns, seat, hand.turns[seat] + 1),
            put_down=_put(hand.put_down, seat, hand.put_down[seat] + count),
            first_turn=first,
        )

    def _winner(self, won: int, kaluki: bool) -> tuple[ScoreLine, ...]:
        if not kaluki:
            return (ScoreLine(tr("Went out: paid by every other player"), won, "payment"),)
        return (
            ScoreLine(tr("Went out: paid by every other player"), won // 2, "payment"),
            ScoreLine(
                tr("Kaluki: every card melded in one turn, every payment doubled"),
                won // 2,
                "kaluki",
            ),
        )

    def _paid(self, held: int, jokers: int, kaluki: bool) -> list[ScoreLine]:
        lines = [
            ScoreLine(
                tr_n(
                    "{n} card still held: 1 unit",
                    "{n} cards still held: 1 unit each",
                    held,
                ),
                -held,
                "payment",
            )
        ]
        if jokers:
            lines.append(
                ScoreLine(
                    tr_n(
                        "{n} joker among them: 1 unit more (2 in all)",
                        "{n} jokers among them: 1 unit more each (2 each in all)",
                        jokers,
                    ),
                    -jokers,
                    "payment",
                )
            )
        if kaluki:
            lines.append(ScoreLine(tr("Kaluki: the payment doubled"), -(held + jokers), "kaluki"))
        return lines

    def quick_lines(
        self, out: int, kaluki: bool, cards: tuple[int, ...], jokers: tuple[int, ...]
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's payment from the quick entry (ruling 8)."""
        won = sum(
            play.payment(cards=c, jokers=j, kaluki=kaluki)
            for seat, (c, j) in enumerate(zip(cards, jokers, strict=True))
            if seat != out
        )
        return tuple(
            self._winner(won, kaluki) if seat == out else tuple(self._paid(c, j, kaluki))
            for seat, (c, j) in enumerate(zip(cards, jokers, strict=True))
        )

    def full_lines(
        self, out: int, kaluki: bool, cards: tuple[tuple[Card, ...], ...]
    ) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's payment from the cards they hold, with what those cards could have
        melded shown (a loser pays for every card held, melded or not)."""
        counts = [(len(held), sum(1 for c in held if c.is_joker)) for held in cards]
        won = sum(
            play.payment(cards=c, jokers=j, kaluki=kaluki)
            for seat, (c, j) in enumerate(counts)
            if seat != out
        )
        lines = []
        for seat, held in enumerate(cards):
            if seat == out:
                lines.append(self._winner(won, kaluki))
                continue
            paid = self._paid(*counts[seat], kaluki)
            found = play.arrange(held)
            label = (
                tr(
                    "Held {cards}; they could have melded {melds}",
                    cards=held,
                    melds=melds_text([m.cards for m in found.melds]),
                )
                if found.melds
                else tr("Held {cards}; no meld among them", cards=held)
            )
            lines.append((ScoreLine(label, 0, "payment"), *paid))
        return tuple(lines)

    def postings(self, state: KalukiState) -> tuple[Posting, ...]:
        """Every hand's units for the table's ledger (docs/ledger.md): zero-sum, no house."""
        return hand_postings(state.done)

    def outcome(self, state: KalukiState) -> Outcome | None:
        return self.after_hands(state, self.options.hands, "hands-played")


def _put(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return tuple(value if i == seat else v for i, v in enumerate(values))
