"""Bastard, also known as Elevator, following ``shared/rules/bastard/rulings.md`` §3.

Two to twelve players, a 54-card pack (two above six players), seven cards each and one card
turned up. In turn each player beats the card on top (higher, or lower after an ace, and of the
other colour; several cards of one rank in alternating colours) or passes and draws. Aces turn
the pile down, twos turn it up, a joker resets it. A player whose card everyone passed on and
who cannot beat it takes the *bastard rule*: a card for every other player. The first out wins,
the last holding cards is the bastard. The evening keeps a tally of wins and bastards.

A game recorded play by play. Ann deals and turns up 7♣; Bob starts:

>>> from companion.rules import replay
>>> from companion.rules.cards import parse_card as c, parse_cards as cs
>>> from companion.rules.events import Seat
>>> rules = Bastard(3, names=["Ann", "Bob", "Cat"])
>>> log = [Deal(dealer=Seat(0), upcard=c("7C")), Play(seat=Seat(1), cards=cs("9H 9S")),
...        Play(seat=Seat(2), cards=cs("AH")), Pass(seat=Seat(0))]
>>> state = replay(rules, log).state
>>> state.hand.counts, state.hand.down, rules.names[state.hand.turn]
((8, 5, 6), True, 'Bob')
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from companion.games.bastard import checks, play, text
from companion.games.bastard.events import (
    BastardOptions,
    BastardState,
    Deal,
    Hand,
    Pass,
    Penalty,
    Play,
    Result,
)
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
from companion.rules.text import shown, tr, trc
from companion.rules.turns import after_play, all_passed, next_in, still_in

Groups = tuple[tuple[int, ...], ...]


def _yes_no() -> tuple[tuple[bool, str], ...]:
    return ((False, trc("option", "no")), (True, trc("option", "yes")))


class Bastard(HandByHand[BastardState, BastardOptions]):
    key = "bastard"
    title = "Bastard (Elevator)"
    family = Family.SHEDDING
    seats = range(2, 13)
    options_type = BastardOptions
    words = text  # the prompt, info rows and reminders (HandByHand)
    event_types: ClassVar[dict[str, type[Event]]] = event_types(Deal, Result, Play, Pass)
    blurb = tr(
        "Shed your seven cards on a pile that climbs and falls: aces send it down, twos up, "
        "jokers clear it. First out wins; the last one holding cards is the bastard."
    )
    option_info = (
        Option(
            "games",
            tr("Games in the evening"),
            tr("The tally ends after this many games; with no fixed end, stop when you like."),
            (
                (0, tr("no fixed end")),
                (3, shown(3)),
                (5, shown(5)),
                (10, shown(10)),
            ),
        ),
        Option(
            "decks",
            tr("Packs"),
            tr("54-card packs (52 cards and 2 jokers) shuffled together (rule 1)."),
            (
                (0, tr("one, two above six players")),
                (1, tr("one")),
                (2, tr("two")),
            ),
        ),
        Option(
            "coloured_jokers",
            tr("Coloured jokers"),
            tr(
                "A red joker goes only on a black card and a black joker only on a red one; "
                "the next card must be of the other colour to the joker (the variant)."
            ),
            _yes_no(),
        ),
        Option(
            "joker_pair",
            tr("Two jokers together"),
            tr("May two jokers go down as one play? Otherwise a joker is always alone (B-3)."),
            _yes_no(),
        ),
        Option(
            "penalty_count",
            tr("Bastard rule: cards owed"),
            tr("How many cards the stuck player takes (B-7)."),
            (
                ("start", tr("one per other player at the start of the game")),
                ("still-in", tr("one per other player still in")),
            ),
        ),
        Option(
            "givers",
            tr("Bastard rule: who gives first"),
            tr("When the stock runs short, the others give a card each, starting (B-8)…"),
            (
                ("right", tr("on the stuck player's right, going right")),
                ("left", tr("on the stuck player's left, going left")),
            ),
        ),
        Option(
            "gift",
            tr("Bastard rule: which card is given"),
            tr("The app does not see the cards; this only sets the reminder (B-6)."),
            (
                ("giver", tr("the giver chooses")),
                ("blind", tr("the receiver draws one blind")),
            ),
        ),
        Option(
            "penalty_draw",
            tr("Bastard rule: also draw for the pass"),
            tr("Does the stuck player draw the usual pass card as well as the penalty? (B-5)"),
            _yes_no(),
        ),
        Option(
            "reshuffle",
            tr("Empty stock: remake it from the pile"),
            tr(
                "When a card must be drawn from an empty stock, the pile but its top card is "
                "shuffled into a new stock. Otherwise passes draw nothing (B-11)."
            ),
            _yes_no(),
        ),
        Option(
            "next_dealer",
            tr("Who deals the next game"),
            tr("The dealer does not change who starts: the winner's left-hand player does (B-12)."),
            (
                ("bastard", tr("the bastard")),
                ("left", tr("the next player to the left")),
            ),
        ),
        Option(
            "bastard_point",
            tr("A point off for the bastard"),
            tr("Score −1 for each bastard finish, or keep it in the tally only (B-13)."),
            _yes_no(),
        ),
    )

    # --- setup --------------------------------------------------------------------------------
    def check_options(self) -> None:
        packs = self.packs
        if play.HAND * self.n_seats + 1 > play.PACK * packs:
            raise SetupError(
                tr(
                    "{n} players need two packs: seven cards each and one turned up is more "
                    "than one pack holds.",
                    n=self.n_seats,
                )
            )

    @property
    def packs(self) -> int:
        return play.packs(self.options.decks, self.n_seats)

    def initial_state(self) -> BastardState:
        return BastardState()

    # --- phase --------------------------------------------------------------------------------
    def expects(self, state: BastardState) -> frozenset[str]:
        if self.outcome(state) is not None:
            return frozenset()
        hand = state.hand
        if hand is None:
            return frozenset({"deal"})
        quick = {"result"} if hand.entries == 0 else set()
        moves = {"play", "pass"} if hand.upcard is not None else set()
        return frozenset(quick | moves)

    def to_act(self, state: BastardState) -> int | None:
        hand = state.hand
        if hand is None:
            return state.next_dealer
        return hand.turn if hand.upcard is not None else None

    def owed(self, hand: Hand) -> int:
        """Cards the bastard rule would give now (ruling 10, option B-7)."""
        if self.options.penalty_count == "still-in":
            return len(still_in(hand.counts)) - 1
        return self.n_seats - 1

    def stuck_check(self, hand: Hand) -> bool:
        """Everyone else passed on the card of the player now on turn: they beat it, or the
        bastard rule applies (rule 10)."""
        return hand.last_player == hand.turn and all_passed(hand.counts, hand.passes)

    def free(self, hand: Hand) -> bool:
        """Anything may go down now (a fresh pile, or a joker in the basic game)."""
        top = hand.top
        return top is None or (top.is_joker and not self.options.coloured_jokers)

    def pass_banned(self, hand: Hand) -> str:
        """Why the player on turn may not pass while able: "previous", "two", or ""."""
        if hand.previous_passed:
            return "previous"
        if len(still_in(hand.counts)) == 2:
            return "two"
        return ""

    def penalty_plan(self, hand: Hand, seat: int) -> play.Plan:
        return play.penalty_plan(
            hand.counts,
            hand.stock,
            len(hand.pile),
            seat=seat,
            owed=self.owed(hand),
            towards=-1 if self.options.givers == "right" else 1,
            reshuffle=self.options.reshuffle,
        )

    def tally(self, state: BastardState) -> tuple[list[int], list[int]]:
        """Wins and bastard finishes per seat over the evening."""
        wins, bastards = [0] * self.n_seats, [0] * self.n_seats
        for groups in state.finishes:
            for seat in groups[0]:
                wins[seat] += 1
            for seat in groups[-1]:
                bastards[seat] += 1
        return wins, bastards

    # --- validation -------------------------------------------------------------------------
    def violations(self, state: BastardState, event: Event) -> list[Violation]:
        if event.kind not in self.expects(state):
            return [checks.unexpected(self, state, event)]
        if isinstance(event, Deal):
            return checks.deal_problems(self, state, event)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Result):
            return checks.result_problems(self, event)
        if isinstance(event, Play):
            return checks.play_problems(self, hand, event)
        if isinstance(event, Pass):
            return checks.pass_problems(self, hand, event)
        message = tr("Bastard does not record '{kind}' entries.", kind=event.kind)
        return [Violation("unknown-event", message)]

    # --- apply --------------------------------------------------------------------------------
    def apply(self, state: BastardState, event: Event) -> BastardState:
        if isinstance(event, Deal):
            return dataclasses.replace(state, hand=self._deal(state, event), next_dealer=None)
        hand = state.hand
        assert hand is not None
        if isinstance(event, Result):
            return self._finish(state, hand, groups_from_places(event.places))
        if isinstance(event, Play):
            hand = self._play(hand, event)
        else:
            assert isinstance(event, Pass)
            hand = self._pass(hand, event)
        if len(still_in(hand.counts)) <= 1:
            bastard = tuple(still_in(hand.counts))
            return self._finish(state, hand, (*hand.out, bastard))
        return dataclasses.replace(state, hand=hand)

    def _deal(self, state: BastardState, deal: Deal) -> Hand:
        n = self.n_seats
        if deal.starter is not None:
            starter = int(deal.starter)
        elif len(state.starters) == 1:
            starter = state.starters[0]
        else:
            starter = (deal.dealer + 1) % n
        up = deal.upcard
        return Hand(
            number=len(state.done) + 1,
            dealer=deal.dealer,
            starter=starter,
            upcard=up,
            counts=(play.HAND,) * n,
            stock=play.stock_after_deal(self.packs, n),
            pile=(up,) if up is not None else (),
            top=up,
            down=play.direction_after((up,), False) if up is not None else False,
            turn=starter,
        )

    def _play(self, hand: Hand, event: Play) -> Hand:
        played = after_play(hand.counts, event.seat, len(event.cards), 1)
        out = (*hand.out, (int(event.seat),)) if played.out else hand.out
        return dataclasses.replace(
            hand,
            counts=played.counts,
            pile=(*hand.pile, *event.cards),
            top=event.cards[-1],
            down=play.direction_after(event.cards, hand.down),
            turn=played.turn,
            last_player=int(event.seat),
            passes=0,
            previous_passed=False,
            out=out,
            entries=hand.entries + 1,
        )

    def _draw(self, hand: Hand, counts: list[int], seat: int, cards: int) -> Hand:
        """``seat`` draws up to ``cards`` from the stock (remade from the pile if allowed)."""
        stock, pile = hand.stock, hand.pile
        if stock < cards and self.options.reshuffle and len(pile) > 1:
            stock, pile = stock + len(pile) - 1, pile[-1:]
        take = min(stock, cards)
        counts[seat] += take
        return dataclasses.replace(hand, stock=stock - take, pile=pile)

    def _pass(self, hand: Hand, event: Pass) -> Hand:
        seat = int(event.seat)
        counts = list(hand.counts)
        if self.stuck_check(hand):
            return self._bastard_rule(hand, seat, counts)
        hand = self._draw(hand, counts, seat, 1)
        passes = hand.passes + 1
        hand = dataclasses.replace(
            hand,
            counts=tuple(counts),
            turn=next_in(counts, seat, 1),
            passes=passes,
            previous_passed=True,
            entries=hand.entries + 1,
        )
        nobody = hand.last_player is None or counts[hand.last_player] == 0
        if nobody and passes >= len(still_in(counts)):
            # Everyone passed on a card nobody can be punished for (the turned card, or the
            # last card of a player now out): the next player starts afresh (B-9, decision D-3).
            hand = dataclasses.replace(hand, top=None, down=False, last_player=None, passes=0)
        return hand

    def _bastard_rule(self, hand: Hand, seat: int, counts: list[int]) -> Hand:
        plan = self.penalty_plan(hand, seat)
        pile, stock = hand.pile, hand.stock
        if plan.reshuffled:
            stock, pile = stock + len(pile) - 1, pile[-1:]
        stock -= plan.from_stock
        counts[seat] += plan.from_stock + len(plan.givers)
        for giver in plan.givers:
            counts[giver] -= 1
        extra = 0
        if self.options.penalty_draw:  # the pass card: a draw like any other (B-11 remakes)
            drawn = self._draw(dataclasses.replace(hand, stock=stock, pile=pile), counts, seat, 1)
            extra = stock + len(pile) - drawn.stock - len(drawn.pile)
            stock, pile = drawn.stock, drawn.pile
        out = hand.out + ((tuple(sorted(plan.went_out)),) if plan.went_out else ())
        penalty = Penalty(
            seat, self.owed(hand), plan.from_stock, plan.givers, plan.went_out,
            plan.reshuffled or len(pile) < len(hand.pile), extra,
        )  # fmt: skip
        return dataclasses.replace(
            hand,
            counts=tuple(counts),
            stock=stock,
            pile=pile,
            top=None,
            down=False,
            turn=next_in(counts, seat, 1),
            last_player=None,
            passes=0,
            previous_passed=True,
            out=out,
            entries=hand.entries + 1,
            penalty=penalty,
        )

    def next_dealer_after(self, hand: Hand, groups: Groups) -> int:
        if self.options.next_dealer == "left":
            return (hand.dealer + 1) % self.n_seats
        return groups[-1][0]

    def _finish(self, state: BastardState, hand: Hand, groups: Groups) -> BastardState:
        lines = self.score_lines(groups)
        score = scored_hand(hand, lines, text.hand_summary(self, hand, groups))
        starters = tuple(sorted({(w + 1) % self.n_seats for w in groups[0]}))
        return BastardState(
            done=(*state.done, score),
            finishes=(*state.finishes, groups),
            next_dealer=self.next_dealer_after(hand, groups),
            starters=starters,
        )

    # --- scoring ----------------------------------------------------------------------------
    def score_lines(self, groups: Groups) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each player's line for one game: a win, the bastard, or the place they went out in."""
        names = self.names
        n = sum(len(g) for g in groups)
        out: list[tuple[ScoreLine, ...]] = [()] * self.n_seats
        place = 1
        for index, group in enumerate(groups):
            for seat in group:
                others = [names[s] for s in group if s != seat]
                if index == 0 and others:
                    label = tr(
                        "Out first, together with {players}: a win",
                        players=text.name_list(others),
                    )
                    line = ScoreLine(label, 1, "going-out")
                elif index == 0:
                    line = ScoreLine(tr("First out: a win"), 1, "going-out")
                elif index == len(groups) - 1:
                    points = -1 if self.options.bastard_point else 0
                    line = ScoreLine(tr("Last holding cards: the bastard"), points, "going-out")
                elif others:
                    label = tr(
                        "Out together with {players}, place {place} of {n}",
                        players=text.name_list(others),
                        place=place,
                        n=n,
                    )
                    line = ScoreLine(label, 0, "going-out")
                else:
                    label = tr("Out in place {place} of {n}", place=place, n=n)
                    line = ScoreLine(label, 0, "going-out")
                out[seat] = (line,)
            place += len(group)
        return tuple(out)

    def outcome(self, state: BastardState) -> Outcome | None:
        return self.after_hands(state, self.options.games, "games-played")


def groups_from_places(places: tuple[int, ...]) -> Groups:
    """Finishing groups from places (1 = first out): seats sharing a place went out together."""
    return tuple(
        tuple(s for s, p in enumerate(places) if p == value) for value in sorted(set(places))
    )
