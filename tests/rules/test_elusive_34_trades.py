"""Trades as evidence in The Elusive 34, with breaches proven late (hypothesis).

A simulated table deals the 53-card pack, keeps every player's hand and plays one hand card by
card, round after round, with trades after each trick, as the rulings say (§1.2: rules 11-19).
Into most hands it puts one breach, placed so that a later entry proves it:

* ``passed``: a player discards while able to follow, and later, losing a trick, passes a card
  of that suit (the trade proves the revoke);
* ``returned``: a player discards while able to follow; trades whose card goes back to its owner
  are steered towards them (the loser passes a card they cannot beat, or they pass one the
  winner cannot beat); later they lead the suit (the lead proves it, after a trade that moved
  nothing);
* ``kept``: a winner gives the loser's card back while holding one worth more (rule 18); later
  they lead a card from those they held then.

The cards of every trade are noted in those hands. The oracle, written from the rulings and
the table's full knowledge (not from the engine), names the first entry that proves the breach:
the first card the breaker shows (plays, passes, or gives back when it is not the loser's own)
that was in their hand at the breach; or the breach itself when a card that proves it is known
to be in their hand because a noted trade put it there (received, or given back) and it has not
been shown since. Some breaches are never proven (the breaker never shows such a card): then
nothing may be flagged. The engine must flag exactly that entry with the right code, the right
player and card, and under ``revoke_penalty`` charge the penalty once in the hand's score.
``legal`` hands have no breach, and some of their trades are not noted (either card, or both):
nothing may be flagged.

CI runs 400 hands. The long run (``E34_TRADES_EXAMPLES=10000``) prints its counts::

    E34_TRADES_EXAMPLES=10000 bin/test tests/rules/test_elusive_34_trades.py -q -s -p no:randomly
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.games.elusive_34.game import Deal, Elusive34, FirstDealer, Goal, Left, Trade, Trick
from companion.rules import Event, replay
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Seat
from companion.rules.text import tr
from tests.rules.test_elusive_34_properties import WORTH, cat, judge, place

NAMES = ("Ann", "Bob", "Cat", "Dan")
PACK = deck(53)
SCENARIOS = ("passed", "returned", "kept", "legal")
LONG = int(os.environ.get("E34_TRADES_EXAMPLES", "0"))
GOOD = {"right", "unproven-clean", "legal-clean"}


def better(given: Card, hand: list[Card], joker_trade: str) -> list[Card]:
    """The cards of ``hand`` the winner may return for ``given`` (rule 18, E-12, E-17)."""
    kind = cat(given)
    if kind == "joker":
        return [c for c in hand if (cat(c) == "low" if joker_trade == "low" else not c.is_joker)]
    if kind == "high":
        return [c for c in hand if cat(c) == "high" and c.rank > given.rank]
    return [c for c in hand if WORTH[cat(c)] > WORTH[kind]]


def shown(card: Card) -> str:
    return str(tr("{card}", card=card))


@dataclasses.dataclass
class Breach:
    kind: str  # "revoke" or "kept"
    seat: int
    card: Card  # the card that did not follow, or the card given back
    proof: frozenset[Card]  # the cards in the breaker's hand then that prove it
    at: int  # the event of the breach
    suit: Suit | None = None  # the suit not followed
    event: int | None = None  # the first event that proves it
    returned_between: bool = False  # a trade of theirs moved nothing before the proof


@dataclasses.dataclass
class Hand:
    rules: Elusive34
    rnd: random.Random
    scenario: str
    events: list[Event] = dataclasses.field(default_factory=list)
    hands: dict[int, list[Card]] = dataclasses.field(default_factory=dict)
    noted: dict[Card, int] = dataclasses.field(default_factory=dict)  # card -> seat, per trades
    breach: Breach | None = None
    inject_at: int = 1
    faceup: Card = PACK[0]

    # --- the oracle ------------------------------------------------------------------------
    def show(self, seat: int, card: Card) -> None:
        b = self.breach
        if b is not None and b.event is None and b.seat == seat and card in b.proof:
            b.event = len(self.events)

    def open_breach(self, breach: Breach) -> None:
        self.breach = breach
        if any(self.noted.get(c) == breach.seat for c in breach.proof):
            breach.event = breach.at

    # --- the table ---------------------------------------------------------------------------
    def legal_choices(self, seat: int, led: Suit | None, first: bool) -> list[Card]:
        hand = self.hands[seat]
        if first:
            if self.rules.options.joker_lead:
                return hand
            return [c for c in hand if not c.is_joker] or hand
        follow = [c for c in hand if c.suit == led]
        return follow or hand

    def play(self) -> None:
        rules, rnd, n = self.rules, self.rnd, self.rules.n_seats
        size, allow0 = rules.deal_size, rules.allowance
        perm = list(PACK)
        rnd.shuffle(perm)
        self.hands = {s: perm[s * size : (s + 1) * size] for s in range(n)}
        faceup = self.faceup = perm[n * size]
        while faceup.is_joker:  # keep the test to the order across suits (no trump to name)
            rnd.shuffle(perm)
            self.hands = {s: perm[s * size : (s + 1) * size] for s in range(n)}
            faceup = self.faceup = perm[n * size]
        self.events += [
            FirstDealer(dealer=Seat(0)),
            Goal(low=3, middle=8, goal=10_000),
            Deal(dealer=Seat(0), faceup=faceup),
        ]
        allowance = [allow0] * n
        leader, number = 1 % n, 0
        while sum(1 for s in range(n) if allowance[s] > 0 and self.hands[s]) >= 2:
            number += 1
            seats = [(leader + i) % n for i in range(n)]
            start = {s: len(self.hands[s]) for s in seats}
            order = [
                s
                for r in range(1, allow0 + 1)
                for s in seats
                if allowance[s] >= r and start[s] >= r
            ]
            plays = self.trick(order, number)
            cards = [c for _, c in plays]
            joker = rnd.choice(["win", "lose"]) if any(c.is_joker for c in cards) else ""
            win, lose = judge(plays, faceup, None, joker, rules.options.self_loss == "others")
            self.events.append(Trick(cards=tuple(cards), joker=joker))
            allowance[lose] -= 1
            if win != lose:
                self.trade(lose, win, number)
            playing = [s for s in range(n) if allowance[s] > 0 and self.hands[s]]
            leader = next(
                (win + i) % n for i in range(n) if (win + i) % n in playing or len(playing) < 2
            )
        counts = {
            k: tuple(sum(1 for c in self.hands[s] if cat(c) == k) for s in range(n)) for k in WORTH
        }
        holder = next((s for s in range(n) if any(c.is_joker for c in self.hands[s])), None)
        self.events.append(
            Left(
                high=counts["high"],
                middle=counts["middle"],
                low=counts["low"],
                joker=None if holder is None else Seat(holder),
            )
        )

    def trick(self, order: list[int], number: int) -> list[tuple[int, Card]]:
        rnd, at = self.rnd, len(self.events)
        plays: list[tuple[int, Card]] = []
        led: Suit | None = None
        b = self.breach
        for pos, seat in enumerate(order):
            hand = self.hands[seat]
            choices = self.legal_choices(seat, led, not plays)
            follow = [c for c in hand if led is not None and c.suit == led]
            others = [c for c in hand if led is None or c.suit != led]
            if (
                self.scenario in ("passed", "returned")
                and b is None
                and number >= self.inject_at
                and plays
                and follow
                and others
                and seat not in order[pos + 1 :]  # proven later than this trick
            ):
                card = self.discard(others)
                b = Breach("revoke", seat, card, frozenset(follow), at, suit=led)
            elif b is not None and self.scenario != "passed" and seat == b.seat and not plays:
                # the breaker leads a card that proves it, when they can
                card = rnd.choice([c for c in choices if c in b.proof] or choices)
            else:
                card = rnd.choice(choices)
            hand.remove(card)
            self.noted.pop(card, None)
            self.show(seat, card)
            plays.append((seat, card))
            led = led or card.suit
            if b is not None and self.breach is None:
                self.open_breach(b)
        return plays

    def discard(self, others: list[Card]) -> Card:
        """The card that fails to follow: the lowest (its player likely loses the trick and
        trades), or in ``returned`` hands as often the highest (they likely win it)."""
        natural = [c for c in others if not c.is_joker]
        if not natural or self.rnd.random() < 0.2:
            return self.rnd.choice(others)
        low = self.scenario == "passed" or self.rnd.random() < 0.5
        pick = min if low else max
        return pick(natural, key=lambda c: place(c, self.faceup))

    def trade(self, loser: int, winner: int, number: int) -> None:
        rnd, b, jt = self.rnd, self.breach, self.rules.options.joker_trade
        hands = self.hands
        if not hands[loser] or (rnd.random() < 0.2 and not self.steered(loser, winner)):
            self.events.append(Trade(declared="none"))
            return
        given = rnd.choice(hands[loser])
        if b is not None and b.kind == "revoke" and b.event is None:
            mine = [c for c in hands[loser] if c in b.proof]
            if self.scenario == "passed" and loser == b.seat and mine:
                given = rnd.choice(mine)
            elif self.scenario == "returned" and b.seat in (loser, winner):
                keep = [c for c in hands[loser] if not better(c, hands[winner], jt)]
                if loser == b.seat:
                    keep = [c for c in keep if c not in b.proof]
                else:  # a card of the suit they did not follow, coming back to its owner
                    keep = [c for c in keep if c.suit == b.suit] or keep
                given = rnd.choice(keep) if keep else given
        if self.scenario == "kept" and b is None and number >= self.inject_at:
            lows = [c for c in hands[loser] if better(c, hands[winner], jt)]
            given = rnd.choice(lows) if lows else given
        empty = not hands[winner]
        able = better(given, hands[winner], jt)
        back = rnd.choice(able) if able else given
        breach = None
        if self.scenario == "kept" and b is None and number >= self.inject_at and able:
            back = given  # rule 18 broken: a card worth more was in hand
            breach = Breach("kept", winner, given, frozenset(able), len(self.events))
        notes = self.scenario != "legal" or rnd.random() < 0.5
        gives = notes or rnd.random() < 0.4
        returns = notes or (not gives and rnd.random() < 0.5) or (gives and rnd.random() < 0.3)
        event = Trade(
            declared="low" if given.is_joker else cat(given),
            given=given if gives else None,
            returned=back if returns else None,
        )
        # The oracle: the cards shown, then where the noted cards now are.
        if gives:
            self.show(loser, given)
        if back != given and gives and returns:
            self.show(winner, back)
        if back == given and b is not None and b.seat in (loser, winner) and b.event is None:
            b.returned_between = True
        if not gives:
            self.noted = {c: s for c, s in self.noted.items() if s != loser}
        if not returns:
            self.noted = {c: s for c, s in self.noted.items() if s != winner}
        hands[loser].remove(given)
        hands[winner].append(given)
        hands[winner].remove(back)
        hands[loser].append(back)
        if gives and (returns or empty):
            self.noted[given] = winner if back != given else loser
        elif gives:  # it may have come back: nobody knows where it is
            self.noted.pop(given, None)
        if returns and back != given:
            self.noted[back] = loser
        self.events.append(event)
        if breach is not None:
            self.open_breach(breach)

    def steered(self, loser: int, winner: int) -> bool:
        b = self.breach
        return b is not None and b.kind == "revoke" and b.seat in (loser, winner)


def judged(rules: Elusive34, table: Hand) -> tuple[str, str]:
    """The engine against the oracle: (outcome, how the breach was proven)."""
    result = replay(rules, table.events)
    flags = [(i, v.code, str(v.message)) for i, v in result.flagged]
    b = table.breach
    if b is None or b.event is None:
        clean = "legal-clean" if b is None else "unproven-clean"
        return (clean if not flags else "false-flag"), ""
    how = type(table.events[b.event]).__name__.lower()
    if b.returned_between:
        how += " after a trade returned"
    if not flags:
        return "missed", how
    name = rules.names[b.seat]
    code, start = (
        ("revoke", f"Revoke by {name}: {shown(b.card)}")
        if b.kind == "revoke"
        else ("trade-kept-better", f"{name} gave back {shown(b.card)}")
    )
    if len(flags) != 1 or flags[0][:2] != (b.event, code) or not flags[0][2].startswith(start):
        return "wrong", how
    penalty = rules.options.revoke_penalty
    charged = [
        line.points
        for seat in result.state.done[0].lines
        for line in seat
        if line.rule == "follow-suit"
    ]
    if charged != ([-penalty] if penalty and b.kind == "revoke" else []):
        return "wrong", how
    if penalty and b.kind == "revoke":
        lines = result.state.done[0].lines[b.seat]
        if [x.points for x in lines if x.rule == "follow-suit"] != [-penalty]:
            return "wrong", how
    return "right", how


def one_hand(n: int, seed: int, scenario: str, options: dict[str, object]) -> tuple[str, str]:
    rules = Elusive34(n, options, NAMES[:n])
    rnd = random.Random(seed)
    table = Hand(rules, rnd, scenario, inject_at=rnd.randint(1, 3))
    table.play()
    return judged(rules, table)


OPTIONS = st.fixed_dictionaries(
    {
        "self_loss": st.sampled_from(["both", "others"]),
        "joker_lead": st.booleans(),
        "joker_trade": st.sampled_from(["any", "low"]),
        "revoke_penalty": st.sampled_from([0, 5, 10]),
    }
)


def test_breaches_are_flagged_at_the_entry_that_proves_them() -> None:
    tally: Counter[str] = Counter()
    hows: Counter[tuple[str, str, str]] = Counter()

    @settings(
        max_examples=LONG or 400,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        phases=[Phase.explicit, Phase.reuse, Phase.generate] + ([] if LONG else [Phase.shrink]),
        database=None if LONG else settings().database,
    )
    @given(
        n=st.sampled_from([2, 3, 4]),
        seed=st.integers(0, 2**32 - 1),
        scenario=st.sampled_from(SCENARIOS),
        options=OPTIONS,
    )
    def run(n: int, seed: int, scenario: str, options: dict[str, object]) -> None:
        outcome, how = one_hand(n, seed, scenario, options)
        tally[outcome] += 1
        hows[(scenario, outcome, how)] += 1
        if not LONG:
            assert outcome in GOOD, (outcome, how, n, seed, scenario, options)

    run()
    if LONG:
        print(f"\n{sum(tally.values())} hands: {dict(sorted(tally.items()))}")
        for (scenario, outcome, how), k in sorted(hows.items()):
            print(f"  {scenario:9} {outcome:15} {how or '-':34} {k}")
    assert set(tally) <= GOOD, tally
    # The run must have reached each kind of proof.
    assert tally["right"] and tally["legal-clean"], tally
