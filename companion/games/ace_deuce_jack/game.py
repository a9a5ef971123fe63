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
from decimal import Decimal
from typing import ClassVar

from companion.games.ace_deuce_jack import play
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

HANDS_PER_BANK = (1, 2, 3, 4, 5, 6, 8, 10)


class AceDeuceJack(Rules[AceDeuceJackState, AceDeuceJackOptions]):
    key = "ace_deuce_jack"
    title = "Ace-Deuce-Jack"
    family = Family.BANKING
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

    def prompt(self, state: AceDeuceJackState) -> str:
        if state.ended:
            return tr("The session is over.")
        if state.limits is None:
            if state.first_banker is not None:
                return tr(
                    "{banker} drew the highest card and banks first: the smallest and largest "
                    "bet?",
                    banker=self.names[state.first_banker],
                )
            if state.drawing is not None:
                return tr(
                    "Deal a card face up to {players} for the bank.",
                    players=self._names(self.still_to_draw(state)),
                )
            return tr("Who holds the bank first, and the smallest and largest bet?")
        banker = self.names[state.limits.banker]
        if state.hand is None and self.rotation_due(state):
            return tr_n(
                "{banker} has banked {n} hand: the bank passes to {next}, who sets the limits.",
                "{banker} has banked {n} hands: the bank passes to {next}, who sets the limits.",
                state.in_bank,
                banker=banker,
                next=self.names[(state.limits.banker + 1) % self.n_seats],
            )
        hand = state.hand
        if hand is None or not hand.cards:
            return tr(
                "Bets of {low} to {high} against {banker}, then turn the piles.",
                low=Chips(state.limits.min_bet),
                high=Chips(state.limits.max_bet),
                banker=banker,
            )
        return tr(
            "Turn pile {n} of 3.",
            n=len(hand.cards) + 1,
        )

    def info(self, state: AceDeuceJackState) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        limits = state.limits
        if limits is None:
            if state.drawn:
                rows.append((tr("Dealt for the bank"), banking.dealt_list(self.names, state.drawn)))
            return rows
        rows.append((tr("Banker"), shown(self.names[limits.banker])))
        low, high = Chips(limits.min_bet), Chips(limits.max_bet)
        rows.append((tr("Bets"), tr("{low} to {high}", low=low, high=high)))
        if limits.stack:
            rows.append((tr("Bank can cover"), shown(Chips(limits.stack))))
        rows.append(
            (
                tr("Hands in this bank"),
                tr(
                    "{played} of {per}",
                    played=state.in_bank,
                    per=self.options.hands_per_bank,
                ),
            )
        )
        if state.hand is not None:
            total = sum(a for _, a in state.hand.bets)
            rows.append(
                (
                    tr("Bets placed"),
                    tr_n(
                        "{n} bet, {total} in all",
                        "{n} bets, {total} in all",
                        len(state.hand.bets),
                        total=Chips(total),
                    ),
                )
            )
            if total:  # ruling 4.2.6: the bank's expected edge, for information
                rows.append(
                    (
                        tr("The bank's edge"),
                        tr(
                            "{percent}% of {total} on average, over many hands",
                            percent=Decimal(self.house_edge),
                            total=Chips(total),
                        ),
                    )
                )
            if state.hand.cards:
                rows.append((tr("Turned"), shown(state.hand.cards)))
        return rows

    def reminders(self, state: AceDeuceJackState) -> list[Reminder]:
        if state.limits is None or state.ended:
            return []
        return [
            Reminder(
                tr("The bank wins"),
                tr("if any of the three bottom cards is an ace, a deuce or a jack."),
                rule="settle",
            ),
            Reminder(
                tr("The players win"),
                tr("even money on every bet when none of the three is."),
                rule="settle",
            ),
            Reminder(
                tr("Bets"),
                tr(
                    "from {low} to {high}, placed before the first pile is turned.",
                    low=Chips(state.limits.min_bet),
                    high=Chips(state.limits.max_bet),
                ),
                rule="bets",
            ),
        ]

    # --- checks --------------------------------------------------------------------------------
    def violations(self, state: AceDeuceJackState, event: Event) -> list[Violation]:
        if state.ended:
            return [Violation("game-over", tr("The session is over."), rule="bank")]
        if isinstance(event, Bank):
            return self._bank_problems(state, event)
        if isinstance(event, HighCard):
            return self._high_card_problems(state, event)
        if isinstance(event, End):
            if not self.whole_rotations(state):
                return [
                    Violation(
                        "uneven-banks",
                        tr_n(
                            "The session ends only when everyone has banked as often, after "
                            "the last banker's {n} hand.",
                            "The session ends only when everyone has banked as often, after "
                            "the last banker's {n} hands.",
                            self.options.hands_per_bank,
                        ),
                        rule="bank",
                    )
                ]
            return []
        if state.limits is None:
            return [
                Violation(
                    "no-bank", tr("Say first who holds the bank and the limits."), rule="bank"
                )
            ]
        if isinstance(event, Turn) and state.hand is None and state.showing:
            last = state.played[-1]  # the rest of its piles shown (ruling 4.2.3)
            return self._card_problems(last.bets, last.cards, (event.card,))
        if self.rotation_due(state) and state.hand is None:
            return [
                Violation(
                    "bank-passes",
                    tr_n(
                        "{banker} has banked {n} hand: record {next} taking the bank first.",
                        "{banker} has banked {n} hands: record {next} taking the bank first.",
                        state.in_bank,
                        banker=self.names[state.limits.banker],
                        next=self.names[(state.limits.banker + 1) % self.n_seats],
                    ),
                    rule="bank",
                )
            ]
        if isinstance(event, Misdeal):
            if state.hand is None:
                return [Violation("no-hand", tr("No hand is under way to void."), rule="misdeal")]
            return []
        if isinstance(event, Bet):
            hand = state.hand or Hand(limits=state.limits)
            if hand.cards:
                return [
                    Violation(
                        "bets-closed", tr("Bets are closed: a pile has been turned."), rule="bets"
                    )
                ]
            return self._bet_problems(state.limits, hand.bets, event.seat, event.amount)
        if isinstance(event, Turn):
            hand = state.hand or Hand(limits=state.limits)
            return self._card_problems(hand.bets, hand.cards, (event.card,))
        if isinstance(event, Round):
            if state.hand is not None:
                return [
                    Violation(
                        "hand-under-way",
                        tr("A hand is under way: finish it pile by pile, or void it."),
                        rule="bets",
                    )
                ]
            problems: list[Violation] = []
            bets: list[tuple[int, int]] = []
            for seat, amount in enumerate(event.bets):
                if seat == state.limits.banker:
                    if amount:
                        problems.append(
                            Violation(
                                "banker-bets",
                                tr(
                                    "{player} holds the bank and does not bet.",
                                    player=self.names[seat],
                                ),
                                rule="bets",
                            )
                        )
                    continue
                if amount == 0:
                    continue
                problems += self._bet_problems(state.limits, tuple(bets), seat, amount)
                bets.append((seat, amount))
            problems += self._card_problems(tuple(bets), (), event.cards, whole=True)
            return problems
        return []

    def _bank_problems(self, state: AceDeuceJackState, event: Bank) -> list[Violation]:
        problems: list[Violation] = []
        if state.hand is not None:
            return [
                Violation(
                    "hand-under-way",
                    tr("Finish or void the hand under way before changing the bank."),
                    rule="bank",
                )
            ]
        expected = self.next_banker(state)
        if expected is not None and event.banker != expected:
            if state.limits is None:
                message = tr(
                    "{next} drew the highest card and banks first, not {player}.",
                    next=self.names[expected],
                    player=self.names[event.banker],
                )
            elif self.rotation_due(state):
                message = tr(
                    "The bank passes to {next}, on {banker}'s left, not to {player}.",
                    next=self.names[expected],
                    banker=self.names[state.limits.banker] if state.limits else "",
                    player=self.names[event.banker],
                )
            else:
                message = tr_n(
                    "{banker} keeps the bank for {n} more hand; only the limits may change now.",
                    "{banker} keeps the bank for {n} more hands; only the limits may change now.",
                    self.options.hands_per_bank - state.in_bank,
                    banker=self.names[expected],
                )
            problems.append(Violation("wrong-banker", message, rule="bank"))
        return problems + banking.limits_problems(event)

    def _high_card_problems(self, state: AceDeuceJackState, event: HighCard) -> list[Violation]:
        if state.limits is not None or state.first_banker is not None:
            return [
                Violation(
                    "banker-known",
                    tr("The first banker is already known: no more cards for the bank."),
                    rule="first-banker",
                )
            ]
        name = self.names[event.seat]
        if event.seat not in self.still_to_draw(state):
            if any(seat == event.seat for seat, _ in state.this_round):
                message = tr("{player} already has a card in this round of the draw.", player=name)
            else:
                message = tr(
                    "{player} is not in the tie: only the tied players draw again.", player=name
                )
            return [Violation("not-drawing", message, rule="first-banker")]
        if event.card.is_joker:
            return [Violation("bad-card", tr("There is no joker in the pack."), rule="cards")]
        if any(card == event.card for _, card in state.drawn):
            return [
                Violation(
                    "card-twice",
                    tr("{card} has already been dealt in the draw.", card=event.card),
                    rule="first-banker",
                )
            ]
        return []

    def _bet_problems(
        self, limits: Limits, bets: tuple[tuple[int, int], ...], seat: int, amount: int
    ) -> list[Violation]:
        name = self.names[seat]
        if seat == limits.banker:
            return [
                Violation(
                    "banker-bets",
                    tr("{player} holds the bank and does not bet.", player=name),
                    rule="bets",
                )
            ]
        if any(s == seat for s, _ in bets):
            return [
                Violation(
                    "bet-twice", tr("{player} has already bet this hand.", player=name), rule="bets"
                )
            ]
        if not limits.min_bet <= amount <= limits.max_bet:
            return [
                Violation(
                    "bet-out-of-limits",
                    tr(
                        "{player}'s bet of {amount} is outside the limits: {low} to {high}.",
                        player=name,
                        amount=Chips(amount),
                        low=Chips(limits.min_bet),
                        high=Chips(limits.max_bet),
                    ),
                    rule="bets",
                )
            ]
        total = sum(a for _, a in bets) + amount
        if limits.stack and total > limits.stack:
            severity = banking.cover_severity(self.options.cover)
            return [
                Violation(
                    "beyond-bank",
                    tr(
                        "{player}'s bet of {amount} brings the bets to {total}, more than the "
                        "{stack} {banker} can cover.",
                        player=name,
                        amount=Chips(amount),
                        total=Chips(total),
                        stack=Chips(limits.stack),
                        banker=self.names[limits.banker],
                    ),
                    severity=severity,
                    rule="cover",
                )
            ]
        return []

    def _card_problems(
        self,
        bets: tuple[tuple[int, int], ...],
        before: tuple[Card, ...],
        cards: tuple[Card, ...],
        *,
        whole: bool = False,
    ) -> list[Violation]:
        problems: list[Violation] = []
        if not bets and not before:
            problems.append(
                Violation(
                    "no-bets",
                    tr("Nobody has bet: record the bets before turning a pile."),
                    rule="bets",
                )
            )
        seen = list(before)
        for card in cards:
            if card.is_joker:
                problems.append(
                    Violation("bad-card", tr("There is no joker in the pack."), rule="cards")
                )
            elif card in seen:
                problems.append(
                    Violation(
                        "card-twice",
                        tr("{card} is already turned: the three cards are different.", card=card),
                        rule="cards",
                    )
                )
            elif len(seen) >= play.PILES:
                problems.append(
                    Violation(
                        "piles-turned",
                        tr(
                            "The three piles are turned already ({cards}): there is no fourth.",
                            cards=tuple(seen),
                        ),
                        rule="settle",
                    )
                )
            seen.append(card)
        if whole and not play.decided(seen):
            problems.append(
                Violation(
                    "piles-missing",
                    tr("Turn all three piles, or stop at the first ace, deuce or jack."),
                    rule="settle",
                )
            )
        return problems

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
            done=(*state.done[:-1], banking.scored(last, self.score_lines, self.summary)),
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

    def _names(self, seats: list[int]) -> Text:
        text: Text = shown(self.names[seats[0]])
        for seat in seats[1:]:
            text = tr("{a}, {b}", a=text, b=self.names[seat])
        return text

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
            done=(*state.done, banking.scored(played, self.score_lines, self.summary)),
            in_bank=in_bank,
            banked=tuple(banked),
            showing=len(hand.cards) < play.PILES,
        )

    # --- scores and money ------------------------------------------------------------------------
    def score_lines(self, played: Played) -> tuple[tuple[ScoreLine, ...], ...]:
        banker = played.limits.banker
        lines: list[tuple[ScoreLine, ...]] = []
        losing = next((c for c in played.cards if play.loses(c)), None)
        for seat in range(self.n_seats):
            amount = played.money[seat]
            bet = next((a for s, a in played.bets if s == seat), 0)
            if seat == banker:
                n = len(played.bets)
                if not n:
                    label = tr("Nobody bet")
                elif losing is not None:
                    label = tr_n(
                        "{card} turned: the bank takes {n} bet",
                        "{card} turned: the bank takes {n} bets",
                        n,
                        card=losing,
                    )
                else:
                    label = tr_n(
                        "No ace, deuce or jack: the bank pays {n} bet",
                        "No ace, deuce or jack: the bank pays {n} bets",
                        n,
                    )
                lines.append((ScoreLine(label, amount, "settle"),))
            elif bet == 0:
                lines.append(())
            elif losing is not None:
                lines.append(
                    (
                        ScoreLine(
                            tr(
                                "{card} turned: the bet of {bet} is lost",
                                card=losing,
                                bet=Chips(bet),
                            ),
                            amount,
                            "settle",
                        ),
                    )
                )
            else:
                lines.append(
                    (
                        ScoreLine(
                            tr(
                                "{cards} turned: the bet of {bet} is paid at even money",
                                cards=played.cards,
                                bet=Chips(bet),
                            ),
                            amount,
                            "settle",
                        ),
                    )
                )
        return tuple(lines)

    def summary(self, played: Played) -> Text:
        banker = self.names[played.limits.banker]
        if played.banker_wins:
            return tr("{banker} banks; {cards}: the bank wins.", banker=banker, cards=played.cards)
        return tr("{banker} banks; {cards}: the players win.", banker=banker, cards=played.cards)

    def hands(self, state: AceDeuceJackState) -> tuple[HandScore, ...]:
        return state.done

    def postings(self, state: AceDeuceJackState) -> tuple[Posting, ...]:
        """The money of every settled hand (docs/ledger.md): zero-sum, no house."""
        return banking.postings(self.hands(state))

    def outcome(self, state: AceDeuceJackState) -> Outcome | None:
        return banking.session_outcome(state.ended, self.scores(state))
