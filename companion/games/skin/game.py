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
from companion.rules.cards import ACE, Card
from companion.rules.core import (
    Family,
    HandScore,
    Option,
    Outcome,
    Reminder,
    Rules,
    ScoreLine,
    Severity,
    Violation,
)
from companion.rules.events import Event, event_types
from companion.rules.money import Chips, Posting
from companion.rules.text import Text, shown, tr, tr_n
from companion.rules.tricks import rank_word

PACK = 52


def _dead_choice() -> tuple[tuple[str, Text], ...]:
    return (("dead", tr("dead for the rest of the deal")), ("live", tr("still live")))


class Skin(Rules[SkinState, SkinOptions]):
    key = "skin"
    title = "Skin"
    family = Family.BANKING
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

    def prompt(self, state: SkinState) -> str:
        if state.ended:
            return tr("The session is over.")
        deal = state.deal
        if deal is None:
            if state.next_banker is None:
                return tr("Who banks first (the first player dealt an ace), and the limits?")
            if not state.finished:
                return tr(
                    "{banker} was dealt the first ace and banks: the limits for the first deal?",
                    banker=self.names[state.next_banker],
                )
            return tr(
                "The bank passes to {banker}, who sets the limits for the next deal.",
                banker=self.names[state.next_banker],
            )
        banker = self.names[deal.limits.banker]
        if deal.first is not None:
            return tr(
                "{player} took the first card: {banker} deals their own card.",
                player=self.names[deal.first],
                banker=banker,
            )
        if deal.lost:
            return tr(
                "{banker} lost: take a new card, or deal on only to settle side bets.",
                banker=banker,
            )
        offered = self.offered_to(deal)
        if deal.declined or deal.banker_card is None and deal.started:
            return tr("Turn cards to settle the side bets.")
        if offered is None:
            return tr("Turn the next card: it goes to the centre unless it pairs a card in play.")
        return tr(
            "Turn the next card: it is offered to {player} first.",
            player=self.names[offered],
        )

    def info(self, state: SkinState) -> list[tuple[str, str]]:
        deal = state.deal
        if deal is None:
            if state.first_draw and not state.finished:
                dealt = banking.dealt_list(self.names, state.first_draw)
                return [(tr("Dealt for the bank"), dealt)]
            return []
        limits = deal.limits
        rows: list[tuple[str, str]] = [
            (tr("Banker"), shown(self.names[limits.banker])),
            (
                tr("Bets"),
                tr("{low} to {high}", low=Chips(limits.min_bet), high=Chips(limits.max_bet)),
            ),
        ]
        if deal.banker_card is not None:
            rows.append((tr("Banker's card"), shown(deal.banker_card)))
        for seat in range(self.n_seats):
            card = deal.cards[seat]
            if card is not None:
                rows.append(
                    (
                        shown(self.names[seat]),
                        tr("{card}, bet {bet}", card=card, bet=Chips(deal.pots[seat]))
                        if deal.pots[seat]
                        else tr("{card}, no bet", card=card),
                    )
                )
        if deal.centre:
            rows.append((tr("Centre"), shown(deal.centre)))
        if deal.dead:
            rows.append((tr("Dead ranks"), banking.rank_list(deal.dead)))
        for bettor, target, amount in deal.side:
            rows.append(
                (
                    tr("Side bet"),
                    tr(
                        "{bettor} bets {target} {amount} that {target}'s card goes first",
                        bettor=self.names[bettor],
                        target=self.names[target],
                        amount=Chips(amount),
                    ),
                )
            )
        rows.append((tr("Cards turned"), tr("{n} of {total}", n=len(deal.seen), total=PACK)))
        return rows

    def reminders(self, state: SkinState) -> list[Reminder]:
        deal = state.deal
        if deal is None:
            return []
        out = [
            Reminder(
                tr("Every card turned"),
                tr("is checked against the banker's card and every player's card."),
                rule="matching",
            )
        ]
        if deal.dead:
            out.append(
                Reminder(
                    tr("Dead"),
                    tr(
                        "{ranks}: discard them when they turn up.",
                        ranks=banking.rank_list(deal.dead),
                    ),
                    rule="dead",
                )
            )
        return out

    # --- checks --------------------------------------------------------------------------------
    def violations(self, state: SkinState, event: Event) -> list[Violation]:
        if state.ended:
            return [Violation("game-over", tr("The session is over."), rule="bank")]
        if isinstance(event, Bank):
            return self._bank_problems(state, event)
        if isinstance(event, FirstAce):
            return self._first_ace_problems(state, event)
        if isinstance(event, End):
            if state.deal is not None:
                return [
                    Violation("deal-under-way", tr("Finish the deal first."), rule="end-of-deal")
                ]
            return []
        deal = state.deal
        if deal is None:
            return [
                Violation(
                    "no-deal", tr("Say first who banks this deal and the limits."), rule="bank"
                )
            ]
        if isinstance(event, Out):
            return []
        if event.kind not in self.expects(state) and event.kind not in ("bet", "side_bet"):
            return [self._not_now(state, deal)]
        if isinstance(event, Turn):
            return self._turn_problems(deal, event)
        if isinstance(event, BankerCard):
            return self._banker_card_problems(deal, event.card)
        if isinstance(event, TakeCentre):
            return self._take_problems(deal, event.seat, event.card, event.bet, centre=True)
        if isinstance(event, Bet):
            if deal.banker_card is None:
                message = tr("The banker has no card: nobody can bet now.")
                return [Violation("no-banker-card", message, rule="banker-loses")]
            if deal.cards[event.seat] is None or event.seat == deal.limits.banker:
                return [
                    Violation(
                        "no-card",
                        tr("{player} has no card to bet on.", player=self.names[event.seat]),
                        rule="bets",
                    )
                ]
            if deal.pots[event.seat]:
                return [
                    Violation(
                        "bet-twice",
                        tr(
                            "{player} already has a bet with the banker; raising it is not "
                            "allowed.",
                            player=self.names[event.seat],
                        ),
                        rule="bets",
                    )
                ]
            return self._bet_problems(deal, event.seat, event.amount)
        if isinstance(event, SideBet):
            return self._side_problems(deal, event)
        return []

    def _not_now(self, state: SkinState, deal: DealState) -> Violation:
        if deal.first is not None:
            return Violation(
                "banker-card-first", tr("The banker deals their own card first."), rule="deal"
            )
        if deal.lost:
            return Violation(
                "banker-decides",
                tr("The banker first takes a new card or declines."),
                rule="banker-loses",
            )
        return Violation("not-now", tr("That cannot be recorded now."), rule="deal")

    def _bank_problems(self, state: SkinState, event: Bank) -> list[Violation]:
        if state.deal is not None:
            return [
                Violation(
                    "deal-under-way", tr("Finish the deal before the bank changes."), rule="bank"
                )
            ]
        problems: list[Violation] = []
        if state.next_banker is not None and event.banker != state.next_banker:
            problems.append(
                Violation(
                    "wrong-banker",
                    tr(
                        "The bank passes to {next}, not to {player}.",
                        next=self.names[state.next_banker],
                        player=self.names[event.banker],
                    ),
                    rule="bank",
                )
            )
        problems += banking.limits_problems(event, stack_rule=None)
        needed = event.max_bet * (self.n_seats - 1)
        if event.stack is not None and event.stack < needed:
            problems.append(
                Violation(
                    "bank-too-small",
                    tr(
                        "{banker} can cover {stack}, less than the largest bet from every "
                        "player ({needed}).",
                        banker=self.names[event.banker],
                        stack=Chips(event.stack),
                        needed=Chips(needed),
                    ),
                    severity=Severity.IRREGULARITY,
                    rule="bank",
                )
            )
        return problems

    def _first_ace_problems(self, state: SkinState, event: FirstAce) -> list[Violation]:
        if state.deal is not None or state.finished or state.next_banker is not None:
            return [
                Violation(
                    "banker-known",
                    tr("The first banker is found once, before the first deal."),
                    rule="bank",
                )
            ]
        if not event.cards:
            return [
                Violation("no-ace", tr("Give at least the ace that found the banker."), rule="bank")
            ]
        seats = self.dealt_to(event.seat, len(event.cards))
        for index, (seat, card) in enumerate(zip(seats, event.cards, strict=True)):
            if card.is_joker:
                return [Violation("bad-card", tr("There is no joker in the pack."), rule="cards")]
            if card in event.cards[:index]:
                return [
                    Violation("card-twice", tr("{card} is dealt twice.", card=card), rule="cards")
                ]
            if card.rank == ACE and index < len(event.cards) - 1:
                return [
                    Violation(
                        "ace-earlier",
                        tr(
                            "{card} is an ace, dealt to {player}: the deal stops there and "
                            "{player} banks.",
                            card=card,
                            player=self.names[seat],
                        ),
                        rule="bank",
                    )
                ]
        last = event.cards[-1]
        if last.rank != ACE:
            return [
                Violation(
                    "no-ace",
                    tr(
                        "{card}, dealt to {player}, is not an ace: keep dealing until an ace "
                        "appears.",
                        card=last,
                        player=self.names[event.seat],
                    ),
                    rule="bank",
                )
            ]
        return []

    def _decided(self, deal: DealState, card: Card) -> tuple[str, int | None]:
        """What the rules do with a turned card, and whose card it pairs: "dead", "banker",
        "player", "centre" or "offer"."""
        if card.rank in deal.dead:
            return "dead", None
        if deal.banker_card is not None and card.rank == deal.banker_card.rank:
            return "banker", None
        for seat, held in enumerate(deal.cards):
            if held is not None and held.rank == card.rank:
                return "player", seat
        if any(c.rank == card.rank for c in deal.centre):
            return "centre", None
        return "offer", None

    def _card_problems(self, deal: DealState, card: Card) -> list[Violation]:
        if card.is_joker:
            return [Violation("bad-card", tr("There is no joker in the pack."), rule="cards")]
        if card in deal.seen:
            return [
                Violation(
                    "card-twice",
                    tr("{card} has already been turned this deal.", card=card),
                    rule="cards",
                )
            ]
        return []

    def _turn_problems(self, deal: DealState, event: Turn) -> list[Violation]:
        if problems := self._card_problems(deal, event.card):
            return problems
        what, seat = self._decided(deal, event.card)
        if event.taker is None:
            if event.bet:
                return [
                    Violation(
                        "bet-without-taker", tr("Say who took the card and bet."), rule="bets"
                    )
                ]
            return []
        if what != "offer":
            reasons = {
                "dead": tr(
                    "{rank}s are dead: {card} is discarded.",
                    rank=rank_word(event.card.rank),
                    card=event.card,
                ),
                "banker": tr(
                    "{card} pairs the banker's card: the bank pays, nobody takes it.",
                    card=event.card,
                ),
                "player": tr(
                    "{card} pairs {player}'s card: nobody takes it.",
                    card=event.card,
                    player=self.names[seat] if seat is not None else "",
                ),
                "centre": tr(
                    "{card} pairs a card in the centre: nobody takes it.", card=event.card
                ),
            }
            return [Violation("card-decided", reasons[what], rule="matching")]
        if deal.declined or (deal.started and deal.banker_card is None):
            return [
                Violation(
                    "no-banker-card",
                    tr("The banker has no card: nobody can bet now."),
                    rule="banker-loses",
                )
            ]
        return self._take_problems(deal, event.taker, event.card, event.bet or 0, centre=False)

    def _take_problems(
        self, deal: DealState, seat: int, card: Card, bet: int, *, centre: bool
    ) -> list[Violation]:
        name = self.names[seat]
        if seat == deal.limits.banker:
            return [
                Violation(
                    "banker-takes",
                    tr("{player} holds the bank and takes no card.", player=name),
                    rule="deal",
                )
            ]
        if deal.cards[seat] is not None:
            return [
                Violation("has-card", tr("{player} already has a card.", player=name), rule="deal")
            ]
        if centre:
            if card not in deal.centre:
                return [
                    Violation(
                        "not-in-centre",
                        tr("{card} is not in the centre.", card=card),
                        rule="centre",
                    )
                ]
            if deal.declined or deal.banker_card is None:
                return [
                    Violation(
                        "no-banker-card",
                        tr("The banker has no card: nobody can bet now."),
                        rule="banker-loses",
                    )
                ]
        return self._bet_problems(deal, seat, bet)

    def _bet_problems(self, deal: DealState, seat: int, amount: int) -> list[Violation]:
        limits = deal.limits
        if not limits.min_bet <= amount <= limits.max_bet:
            return [
                Violation(
                    "bet-out-of-limits",
                    tr(
                        "{player}'s bet of {amount} is outside the limits: {low} to {high}.",
                        player=self.names[seat],
                        amount=Chips(amount),
                        low=Chips(limits.min_bet),
                        high=Chips(limits.max_bet),
                    ),
                    rule="bets",
                )
            ]
        exposure = sum(deal.pots) + amount
        if limits.stack and exposure > limits.stack:
            severity = banking.cover_severity(self.options.cover)
            return [
                Violation(
                    "beyond-bank",
                    tr(
                        "{player}'s bet of {amount} brings the banker's bets to {total}, more "
                        "than the {stack} {banker} can cover.",
                        player=self.names[seat],
                        amount=Chips(amount),
                        total=Chips(exposure),
                        stack=Chips(limits.stack),
                        banker=self.names[limits.banker],
                    ),
                    severity=severity,
                    rule="bets",
                )
            ]
        return []

    def _banker_card_problems(self, deal: DealState, card: Card) -> list[Violation]:
        if problems := self._card_problems(deal, card):
            return problems
        if card.rank in deal.dead:
            return [
                Violation(
                    "card-decided",
                    tr(
                        "{rank}s are dead: {card} is discarded and the banker takes the next card.",
                        rank=rank_word(card.rank),
                        card=card,
                    ),
                    rule="dead",
                )
            ]
        if deal.first is None:
            for seat, held in enumerate(deal.cards):
                if held is not None and held.rank == card.rank:
                    return [
                        Violation(
                            "card-decided",
                            tr(
                                "{card} pairs {player}'s card: set it aside and give the "
                                "banker the next card.",
                                card=card,
                                player=self.names[seat],
                            ),
                            rule="banker-loses",
                        )
                    ]
        return []

    def _side_problems(self, deal: DealState, event: SideBet) -> list[Violation]:
        if event.bettor == event.target:
            return [
                Violation(
                    "side-self",
                    tr("A side bet is between two different players."),
                    rule="side-bets",
                )
            ]
        for seat in (event.bettor, event.target):
            if seat == deal.limits.banker or not deal.pots[seat]:
                return [
                    Violation(
                        "side-no-bet",
                        tr(
                            "{player} has no bet with the banker, so cannot make a side bet.",
                            player=self.names[seat],
                        ),
                        rule="side-bets",
                    )
                ]
        if event.amount < 1:
            return [Violation("side-amount", tr("A side bet is at least 1."), rule="side-bets")]
        return banking.too_much(
            event.amount,
            "side-bets",
            lambda amount, limit: tr(
                "A side bet of {amount} is more than any table plays: at most {limit}.",
                amount=amount,
                limit=limit,
            ),
        )

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
                        cards=_put(deal.cards, first, None),
                        pots=_put(deal.pots, first, 0),
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
                cards=_put(deal.cards, event.seat, event.card),
                pots=_put(deal.pots, event.seat, event.bet),
            )
            return dataclasses.replace(state, deal=deal)
        if isinstance(event, Bet):
            deal = dataclasses.replace(deal, pots=_put(deal.pots, event.seat, event.amount))
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
        what, seat = self._decided(deal, card)
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
                cards=_put(deal.cards, seat, None),
                pots=_put(deal.pots, seat, 0),
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
            cards=_put(deal.cards, taker, card),
            pots=_put(deal.pots, taker, event.bet or 0),
            pointer=self.right_of(taker),
        )
        if not deal.started:
            deal = dataclasses.replace(deal, started=True, first=taker)
        return deal

    def _after(self, state: SkinState, deal: DealState) -> SkinState:
        """The deal as it stands, or finished: the pack used up, or the banker declined and no
        side bet is left."""
        if len(deal.seen) >= PACK:
            return self._finish(state, deal, "out")
        if deal.declined and not deal.side:
            return self._finish(state, deal, "declined")
        return dataclasses.replace(state, deal=deal)

    def _finish(self, state: SkinState, deal: DealState, how: str) -> SkinState:
        money = [0] * self.n_seats
        for move in deal.moves:
            money[move.winner] += move.amount
            money[move.loser] -= move.amount
        banker = deal.limits.banker
        taken = (m.amount for m in deal.moves if m.why == "matched")
        cut = banking.house_cut(self.options.cut, money[banker], taken)
        money[banker] -= cut
        done = Finished(
            number=len(state.finished) + 1,
            limits=deal.limits,
            moves=deal.moves,
            money=tuple(money),
            how=how,
            returned=deal.pots if how == "out" else (0,) * self.n_seats,
            voided=len(deal.side) if how == "out" else 0,
            cut=cut,
        )
        return dataclasses.replace(
            state,
            deal=None,
            finished=(*state.finished, done),
            done=(*state.done, banking.scored(done, self.score_lines, self.summary)),
            next_banker=self.passes_to(deal.limits.banker),
        )

    # --- scores and money ------------------------------------------------------------------------
    def score_lines(self, done: Finished) -> tuple[tuple[ScoreLine, ...], ...]:
        lines: list[list[ScoreLine]] = [[] for _ in range(self.n_seats)]
        for m in done.moves:
            win, lose = self.names[m.winner], self.names[m.loser]
            if m.why == "banker-lost":
                label = tr(
                    "{card} paired the banker's card: the bank pays {player} {amount}",
                    card=m.card,
                    player=win,
                    amount=Chips(m.amount),
                )
                rule = "banker-loses"
            elif m.why == "matched":
                label = tr(
                    "{card} paired {player}'s card: the bank takes {amount}",
                    card=m.card,
                    player=lose,
                    amount=Chips(m.amount),
                )
                rule = "matching"
            else:
                label = tr(
                    "{card} settled the side bet: {winner} wins {amount} from {loser}",
                    card=m.card,
                    winner=win,
                    loser=lose,
                    amount=Chips(m.amount),
                )
                rule = "side-bets"
            lines[m.winner].append(ScoreLine(label, m.amount, rule))
            lines[m.loser].append(ScoreLine(label, -m.amount, rule))
        if done.how == "out":
            for seat, pot in enumerate(done.returned):
                if pot:
                    lines[seat].append(
                        ScoreLine(
                            tr("The pack ran out: the bet of {bet} goes back", bet=Chips(pot)),
                            0,
                            "end-of-deal",
                        )
                    )
        if done.cut:
            banker = done.limits.banker
            net = done.money[banker] + done.cut
            lines[banker].append(banking.cut_line(self.options.cut, done.cut, net))
        return tuple(tuple(x) for x in lines)

    def summary(self, done: Finished) -> Text:
        banker = self.names[done.limits.banker]
        if done.how == "out":
            return tr_n(
                "{banker} banks; the pack runs out ({n} side bet void).",
                "{banker} banks; the pack runs out ({n} side bets void).",
                done.voided,
                banker=banker,
            )
        return tr("{banker} banks; the deal ends.", banker=banker)

    def hands(self, state: SkinState) -> tuple[HandScore, ...]:
        return state.done

    def postings(self, state: SkinState) -> tuple[Posting, ...]:
        """Each deal's money (docs/ledger.md), the house's rake (if any) to the house:
        zero-sum."""
        return banking.postings(self.hands(state), [d.cut for d in state.finished])

    def outcome(self, state: SkinState) -> Outcome | None:
        return banking.session_outcome(state.ended, self.scores(state))


def _put(values: tuple, seat: int, value: object) -> tuple:  # type: ignore[type-arg]
    return tuple(value if i == seat else v for i, v in enumerate(values))
