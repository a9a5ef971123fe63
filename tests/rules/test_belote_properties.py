"""Belote hands played card by card with full information (hypothesis).

The test shuffles a 32-card pack, deals 5 cards each and turns the upcard, runs the bidding, gives
the taker the upcard and 2 cards and the others 3, declares what the hands really hold, and plays
legal cards only, by its own reading of the rules (rulings §1.2.7): follow suit; void with an
opponent winning, trump, overtrumping if able; partner winning, anything; to a trump lead, head
the trick while an opponent wins (or always, by option). The engine must agree with the test's
own trick winners and card points, flag nothing, score the same hand entered quickly the same
way, and flag a deliberately illegal card once, in the right trick, naming the rule it broke.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.belote.events import (
    BeloteCall,
    Bid,
    Deal,
    Declare,
    Declared,
    Redeal,
    Result,
    Trick,
)
from companion.games.belote.game import Belote
from companion.games.log import dump_log, load_log, summarize
from companion.rules import replay
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Event, Seat
from tests.rules.proven_late import (
    LONG_RUN,
    Breach,
    Flags,
    duty_cards,
    expected_flags,
    flags_of,
    long_run,
    whole_hands,
)

NAMES = ("Ann", "Bob", "Cat", "Dan")
TRUMP_RANKS = [11, 9, 14, 10, 13, 12, 8, 7]  # high to low
PLAIN_RANKS = [14, 10, 13, 12, 11, 9, 8, 7]
POINTS_TRUMP = {11: 20, 9: 14, 14: 11, 10: 10, 13: 4, 12: 3}
POINTS_PLAIN = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
#: The duties of §1.2.7, in order of precedence (the codes the app flags them with).
DUTIES = ("revoke", "must-overtrump", "must-trump")

OPTION_CHOICES: dict[str, list[Any]] = {
    "direction": ["left", "right"],
    "declarations": ["all", "all", "belote", "none"],
    "belote_announced": [False, True],
    "contract": ["tricks", "with-declarations"],
    "ties": ["fail", "litige"],
    "belote_on_failure": ["kept", "transferred"],
    "trump_lead": ["opponent", "always"],
    "equal_sequences": ["priority", "cancel"],
    "shared_card": [False, True],
    "rounding": ["half-up", "seven-up", "complement", "none"],
}
OPTIONS = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_CHOICES.items()})
FAST = whole_hands(40)


# --- the table, simulated -------------------------------------------------------------------


def power(card: Card, trump: Suit) -> int:
    ranks = TRUMP_RANKS if card.suit == trump else PLAIN_RANKS
    return 8 - ranks.index(card.rank)


def winner(cards: list[Card], trump: Suit) -> int:
    def key(i: int) -> tuple[int, int]:
        card = cards[i]
        if card.suit == trump:
            return (2, power(card, trump))
        return (1, power(card, trump)) if card.suit == cards[0].suit else (0, 0)

    return max(range(len(cards)), key=key)


def points(cards: list[Card], trump: Suit) -> int:
    table = {True: POINTS_TRUMP, False: POINTS_PLAIN}
    return sum(table[c.suit == trump].get(c.rank, 0) for c in cards)


def legal(
    hand: list[Card], cards: list[Card], seats: list[int], me: int, trump: Suit, always: bool
) -> list[Card]:
    if not cards:
        return list(hand)
    lead = cards[0].suit
    partner_wins = seats[winner(cards, trump)] == (me + 2) % 4
    follow = [c for c in hand if c.suit == lead]
    trumps = [c for c in hand if c.suit == trump]
    top = max((power(c, trump) for c in cards if c.suit == trump), default=0)
    higher = [c for c in trumps if power(c, trump) > top]
    if lead == trump:
        if not trumps:
            return list(hand)
        return higher if higher and (always or not partner_wins) else trumps
    if follow:
        return follow
    if partner_wins or not trumps:
        return list(hand)
    return higher or trumps


def broken_rule(hand: list[Card], cards: list[Card], card: Card, trump: Suit) -> str:
    """The rule an illegal ``card`` broke: holding the led suit makes it a revoke, whatever else."""
    lead = cards[0].suit
    if card.suit != lead and any(c.suit == lead for c in hand):
        return "revoke"
    return "must-overtrump" if card.suit == trump else "must-trump"


def breach_duties(
    card: Card, cards: list[Card], seats: list[int], me: int, trump: Suit, always: bool
) -> tuple[tuple[str, frozenset[Card]], ...]:
    """The cards of each duty ``card`` may break, by this test's own reading of the rules."""

    def broken(other: Card) -> str | None:
        held = [card, other]
        if card in legal(held, cards, seats, me, trump, always):
            return None
        return broken_rule(held, cards, card, trump)

    return duty_cards(card, deck(32), broken, DUTIES)


def held_declarations(hand: list[Card], shared: bool) -> list[tuple[Card, ...]]:
    """Every carré (not 8s or 7s) and every maximal run of 3+ in a suit that ``hand`` holds."""
    found: list[tuple[Card, ...]] = []
    for rank in (11, 9, 14, 10, 13, 12):
        carre = tuple(c for c in hand if c.rank == rank)
        if len(carre) == 4:
            found.append(carre)
    in_carre = {c for meld in found for c in meld}
    for suit in Suit:
        ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
        run: list[int] = []
        for rank in [*ranks, 0]:
            if run and rank == run[-1] - 1:
                run.append(rank)
                continue
            cards = tuple(Card(r, suit) for r in run)
            if len(run) >= 3 and (shared or not in_carre & set(cards)):
                found.append(cards)
            run = [rank]
    return found


@dataclass
class Table:
    rnd: random.Random
    options: dict[str, Any]
    dealer: int
    events: list[Event] = field(default_factory=list)
    quick: list[Event] = field(default_factory=list)
    illegal: tuple[int, int, Card] | None = None  # (trick, seat, card) played on purpose
    broken: str = ""  # the rule that card broke
    duty: str | None = None  # the duty to break, if one is asked for
    cheat_at: int = 0  # the first play (counted from 0) that may be illegal
    breach: Breach | None = None  # the illegal play and the cards of its duties
    plays: list[list[tuple[int, Card]]] = field(default_factory=list)  # the hand's tricks
    upcard: Card | None = None
    taker: int = 0
    team_points: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def step(self) -> int:
        return 1 if self.options["direction"] == "left" else -1

    def order(self) -> list[int]:
        return [(self.dealer + self.step * i) % 4 for i in range(1, 5)]

    def hand(self, cheat: bool) -> None:
        """Deal, bid and play one hand (or a thrown-in deal), recording both ways."""
        rnd, order = self.rnd, self.order()
        pack = list(deck(32))
        rnd.shuffle(pack)
        hands = {seat: pack[5 * i : 5 * i + 5] for i, seat in enumerate(order)}
        upcard, rest = pack[20], pack[21:]
        deal = Deal(dealer=Seat(self.dealer), upcard=upcard)
        self.events.append(deal)
        self.quick.append(deal)
        if rnd.random() < 0.1:  # everybody passes twice
            self.events += [Bid(seat=Seat(s), call="pass") for s in order * 2]
            self.quick.append(Redeal())
            return
        taker = rnd.choice(order)
        before = order[: order.index(taker)]
        if rnd.random() < 0.5:
            trump = upcard.suit
            assert trump is not None
            calls = [*(("pass", s) for s in before), ("take", taker)]
        else:
            trump = rnd.choice([s for s in Suit if s != upcard.suit])
            calls = [("pass", s) for s in order] + [("pass", s) for s in before]
            calls.append((trump.value, taker))
        self.events += [Bid(seat=Seat(s), call=c) for c, s in calls]
        hands[taker] += [upcard, *rest[:2]]
        self.upcard, self.taker = upcard, taker
        rest = rest[2:]
        for seat in order:
            if seat != taker:
                hands[seat] += rest[:3]
                rest = rest[3:]
        assert all(len(h) == 8 for h in hands.values()) and not rest
        declared = self.declare(hands, trump)
        belote = self.belote(hands, trump)
        self.play(hands, trump, order[0], cheat)
        capot = len(self.winners) == 1
        t_team = taker % 2
        self.quick.append(
            Result(
                taker=Seat(taker),
                trump=trump.value,
                taker_points=self.team_points[t_team],
                defender_points=self.team_points[1 - t_team] if rnd.random() < 0.5 else None,
                capot=capot,
                declarations=tuple(Declared(seat=Seat(s), cards=c) for s, c in declared),
                belote=belote,
            )
        )

    def declare(
        self, hands: dict[int, list[Card]], trump: Suit
    ) -> list[tuple[int, tuple[Card, ...]]]:
        if self.options["declarations"] != "all":
            return []
        declared = []
        for seat in self.order():
            for cards in held_declarations(hands[seat], self.options["shared_card"]):
                if self.rnd.random() < 0.8:
                    declared.append((seat, cards))
                    self.events.append(Declare(seat=Seat(seat), cards=cards))
        return declared

    def belote(self, hands: dict[int, list[Card]], trump: Suit) -> Seat | None:
        if self.options["declarations"] == "none":
            return None
        holder = next(
            (s for s, h in hands.items() if Card(13, trump) in h and Card(12, trump) in h), None
        )
        if holder is None:
            return None
        if self.options["belote_announced"] or self.rnd.random() < 0.5:
            self.events.append(BeloteCall(seat=Seat(holder)))
        return Seat(holder)

    def play(self, hands: dict[int, list[Card]], trump: Suit, leader: int, cheat: bool) -> None:
        always = self.options["trump_lead"] == "always"
        self.team_points = [0, 0]
        self.winners: set[int] = set()
        self.plays = []
        count = 0
        for number in range(1, 9):
            cards: list[Card] = []
            seats: list[int] = []
            for i in range(4):
                seat = (leader + self.step * i) % 4
                ok = legal(hands[seat], cards, seats, seat, trump, always)
                wrong = [c for c in hands[seat] if c not in ok]
                if self.duty is not None:
                    wrong = [
                        c for c in wrong if broken_rule(hands[seat], cards, c, trump) == self.duty
                    ]
                if (
                    cheat
                    and self.illegal is None
                    and wrong
                    and number < 8
                    and count >= self.cheat_at
                ):
                    card = self.rnd.choice(wrong)
                    self.illegal = (number, seat, card)
                    self.broken = broken_rule(hands[seat], cards, card, trump)

                    sets = breach_duties(card, cards, seats, seat, trump, always)
                    self.breach = Breach(number, seat, card, sets)
                else:
                    card = self.rnd.choice(ok)
                count += 1
                hands[seat].remove(card)
                cards.append(card)
                seats.append(seat)
            leader = seats[winner(cards, trump)]
            self.winners.add(leader % 2)
            self.team_points[leader % 2] += points(cards, trump) + (10 if number == 8 else 0)
            self.events.append(Trick(cards=tuple(cards)))
            self.plays.append(list(zip(seats, cards, strict=True)))
        assert not any(hands.values())
        assert sum(self.team_points) == 162


def play_game(rnd: random.Random, options: dict[str, Any], hands: int, cheat: bool) -> Table:
    table = Table(rnd, options, dealer=rnd.randrange(4))
    for _ in range(hands):
        table.hand(cheat)
        table.dealer = (table.dealer + table.step) % 4
    return table


# --- properties --------------------------------------------------------------------------------


@FAST
@given(options=OPTIONS, data=st.data())
def test_legal_play_is_never_flagged_and_scores_like_quick_entry(
    options: dict[str, Any], data: st.DataObject
) -> None:
    rnd = data.draw(st.randoms(use_true_random=False), label="table")
    table = play_game(rnd, options, hands=2, cheat=False)
    rules = Belote(4, options, NAMES)
    played = replay(rules, table.events)
    assert played.flagged == ()
    quick = replay(rules, table.quick).state
    assert [h.points for h in played.state.done] == [h.points for h in quick.done]
    # The summaries carry the exact trick points ("made, 92 to 70"): the engine counted the
    # cards as the test did.
    plain = [re.sub(r" in round \d| \(card by card\)", "", h.summary) for h in played.state.done]
    assert plain == [h.summary for h in quick.done]
    assert played.state.next_dealer == quick.next_dealer == table.dealer
    # Every card once per hand, 162 trick points, as the test counted them.
    tricks = [e for e in table.events if isinstance(e, Trick)]
    for start in range(0, len(tricks), 8):
        cards = [c for t in tricks[start : start + 8] for c in t.cards]
        assert sorted(map(str, cards)) == sorted(map(str, deck(32)))


@FAST
@given(options=OPTIONS, data=st.data())
def test_replay_after_a_json_round_trip_is_the_same(
    options: dict[str, Any], data: st.DataObject
) -> None:
    rnd = data.draw(st.randoms(use_true_random=False), label="table")
    table = play_game(rnd, options, hands=1, cheat=rnd.random() < 0.5)
    rules = Belote(4, options, NAMES)
    text = json.dumps(dump_log(rules, table.events), ensure_ascii=False)
    again = load_log(json.loads(text))
    assert again.events == tuple(table.events)
    assert replay(again.rules, again.events).state == replay(rules, table.events).state
    assert summarize(again)["hands"] == summarize(load_log(dump_log(rules, table.events)))["hands"]


def proven_late(
    rnd: random.Random, options: dict[str, Any], duty: str, cheat_at: int
) -> tuple[list[tuple[int, str]], list[tuple[int, str]], Breach | None]:
    """One hand with a breach of ``duty`` injected at play ``cheat_at`` or the first one after
    it where the player can: the flags the proof asks for and the engine's, as (trick number,
    code), and the breach."""
    table = Table(rnd, options, dealer=rnd.randrange(4), duty=duty, cheat_at=cheat_at)
    table.hand(cheat=True)
    rules = Belote(4, options, NAMES)
    result = replay(rules, table.events)
    breach = table.breach
    if breach is None:
        assert result.flagged == ()
        return [], [], None
    number, seat, card = breach.trick, breach.seat, breach.card
    upcard = table.upcard

    def known(t: int) -> dict[int, Card]:
        if upcard is None or any(upcard == c for trick in table.plays[:t] for _, c in trick):
            return {}
        return {table.taker: upcard}

    def hidden(t: int) -> int:
        return 8 - t - (1 if seat in known(t) else 0)

    want = expected_flags(breach, table.plays, deck(32), known, hidden)
    assert want and want[-1][1] == table.broken
    tricks = [i for i, e in enumerate(table.events) if isinstance(e, Trick)]
    flagged = [(i, v) for i, v in result.flagged if v.code not in CLAIMS]
    for _, violation in flagged:
        assert violation.message.startswith(f"Trick {number}: {NAMES[seat]} played {card.label},")
    return want, flags_of(flagged, {i: n for n, i in enumerate(tricks, 1)}), breach


#: Flags about declarations and belote, which an illegal play does not bring.
CLAIMS = ("declaration-not-held", "belote-not-held")


@settings(FAST, max_examples=100)
@given(
    options=OPTIONS,
    data=st.data(),
    duty=st.sampled_from(DUTIES),
    cheat_at=st.integers(0, 27),
)
def test_every_duty_proven_late_is_flagged_by_the_first_card_that_proves_it(
    options: dict[str, Any], data: st.DataObject, duty: str, cheat_at: int
) -> None:
    """A breach of each duty of §1.2.7 (follow, trump, overtrump, head a trump lead), injected
    anywhere in a random legal hand, is flagged at the first trick that proves it illegal
    (``illegal-play`` while the duty is not known yet), then named when the hand shows it."""
    rnd = data.draw(st.randoms(use_true_random=False), label="table")
    want, got, _ = proven_late(rnd, options, duty, cheat_at)
    assert got == want


@pytest.mark.skipif(not LONG_RUN, reason="the long run: set PROVEN_LATE to a number of hands")
def test_every_duty_proven_late_long_run() -> None:
    rnd = random.Random(28)

    def options() -> dict[str, Any]:
        return {k: rnd.choice(v) for k, v in OPTION_CHOICES.items()}

    def breach_hand(n: int) -> tuple[str, Flags, Flags, Breach | None]:
        duty = DUTIES[n % len(DUTIES)]
        return duty, *proven_late(rnd, options(), duty, rnd.randrange(28))

    def legal_hand_flagged(n: int) -> bool:
        chosen = options()
        table = play_game(rnd, chosen, hands=1, cheat=False)
        return bool(replay(Belote(4, chosen, NAMES), table.events).flagged)

    long_run("Belote", breach_hand, legal_hand_flagged)
