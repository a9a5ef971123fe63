"""Random games of The Elusive 34 played card by card with full information (hypothesis).

The test shuffles the 53-card pack, deals 10 cards each (13 with two or four players), turns the
next card face up, keeps every player's hand, and plays the hand at a simulated table: each trick
round after round from the leader (players who lost once add one card fewer), following suit
whenever possible, the Joker only when unable to follow (declared win or lose), trades after each
trick (the winner returns a card worth more if able, else the card offered), until one player is
left. An independent oracle written from the rulings (not from the engine) names each trick's
winner and loser. The engine must agree with it and flag nothing; cards are conserved (collected
+ held = dealt, no card played twice); and the hand scores exactly like a quick Result entry of
the same counts. A deliberate revoke is flagged.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.games.elusive_34.game import (
    Deal,
    Elusive34,
    FirstDealer,
    Goal,
    Left,
    Result,
    Trade,
    Trick,
    Trump,
)
from companion.rules import Event, replay
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Seat
from tests.rules.proven_late import whole_hands

NAMES = ("Ann", "Bob", "Cat", "Dan")
PACK = deck(53)
SUITS_LOW_TO_HIGH = "CSDH"
FAST = whole_hands(25)


# --- the oracle ------------------------------------------------------------------------------


def cat(card: Card) -> str:
    if card.is_joker:
        return "joker"
    return "low" if card.rank < 6 else "middle" if card.rank < 11 else "high"


WORTH = {"joker": 0, "low": 1, "middle": 2, "high": 3}


def place(card: Card, faceup: Card) -> int:
    """Position in the order 2♣..A♣ (promoted ♣) 2♠ ... with the rank above the face-up one
    promoted above the ace of its suit."""
    assert card.suit is not None
    promoted = 2 if faceup.rank == 14 else faceup.rank + 1
    rank = 14.5 if card.rank == promoted and promoted != 14 else card.rank
    return int(SUITS_LOW_TO_HIGH.index(card.suit.value) * 100 + rank * 2)


def judge(
    plays: list[tuple[int, Card]], faceup: Card, trump: Suit | None, joker: str, others: bool
) -> tuple[int, int]:
    """(winner, loser). ``others``: a winner who also played the lowest card does not lose; the
    lowest card of the other players does (the E-10 house rule)."""
    led = next(c.suit for _, c in plays if not c.is_joker)
    if trump is None:

        def up(c: Card) -> float:
            return (10**6 if joker == "win" else -(10**6)) if c.is_joker else place(c, faceup)

        win = max(plays, key=lambda p: up(p[1]))[0]
        losing = plays
        key = up
    else:
        trumps = [p for p in plays if p[1].suit == trump]
        pool = trumps or [p for p in plays if p[1].suit == led]
        win = max(pool, key=lambda p: p[1].rank)[0]
        losing = [p for p in plays if p[1].suit == led]

        def key(c: Card) -> float:
            return c.rank

    lose = min(losing, key=lambda p: key(p[1]))[0]
    if others and lose == win:
        rest = [p for p in losing if p[0] != win]
        if rest:
            lose = min(rest, key=lambda p: key(p[1]))[0]
    return win, lose


@dataclasses.dataclass
class Table:
    rules: Elusive34
    rnd: random.Random
    events: list[Event] = dataclasses.field(default_factory=list)
    quick: list[Event] = dataclasses.field(default_factory=list)
    revoke_at: int | None = None  # trick (1-based) from which to revoke once
    revoked: int | None = None  # event index of the revoking trick
    #: The state after ``events`` (kept as they are recorded: a long game is not replayed again
    #: at every entry).
    state: Any = None

    def record(self, event: Event, clean: bool = True) -> None:
        if self.state is None:
            self.state = self.rules.initial_state()
        problems = self.rules.violations(self.state, event)
        if clean:
            assert problems == [], (event, problems)
        self.state = self.rules.apply_checked(self.state, event, len(self.events))
        self.events.append(event)

    def play_hand(self, dealer: int) -> None:
        rules, rnd, n = self.rules, self.rnd, self.rules.n_seats
        size, allow0 = rules.deal_size, rules.allowance
        perm = list(PACK)
        rnd.shuffle(perm)
        hands = {s: perm[i * size : (i + 1) * size] for i, s in enumerate(range(n))}
        faceup = perm[n * size]
        deal = Deal(dealer=Seat(dealer), faceup=faceup)
        self.record(deal)
        trump = None
        if faceup.is_joker:
            chooser = rules.to_act(self.state)
            assert chooser is not None
            trump = rnd.choice(list(Suit))
            self.record(Trump(seat=Seat(chooser), suit=trump.value))
        allowance = [allow0] * n
        collected = [0] * n
        leader = (dealer + 1) % n
        played: list[Card] = []
        number = 0
        while sum(1 for s in range(n) if allowance[s] > 0 and hands[s]) >= 2:
            number += 1
            seats = [(leader + i) % n for i in range(n)]
            start = {s: len(hands[s]) for s in seats}
            order = [
                s
                for r in range(1, allow0 + 1)
                for s in seats
                if allowance[s] >= r and start[s] >= r
            ]
            cards: list[Card] = []
            plays: list[tuple[int, Card]] = []
            led: Suit | None = None
            joker = ""
            cheat = False
            for pos, seat in enumerate(order):
                hand = hands[seat]
                follow = [c for c in hand if led is not None and c.suit == led]
                if not cards and not rules.options.joker_lead:
                    choices = [c for c in hand if not c.is_joker] or hand
                elif not cards:
                    choices = hand
                elif follow:
                    choices = follow
                else:
                    choices = hand
                if (
                    self.revoke_at is not None
                    and self.revoked is None
                    and number >= self.revoke_at
                    and follow
                    and any(c.suit != led and not c.is_joker for c in hand)
                    and seat in order[pos + 1 :]
                ):
                    choices = [c for c in hand if c.suit != led and not c.is_joker]
                    cheat = True
                card = rnd.choice(choices)
                if card.is_joker:
                    joker = rnd.choice(["win", "lose"])
                hand.remove(card)
                cards.append(card)
                plays.append((seat, card))
                led = led or card.suit
            others = rules.options.self_loss == "others"
            win, lose = judge(plays, faceup, trump, joker, others)
            if cheat:
                self.revoked = len(self.events)
            self.record(Trick(cards=tuple(cards), joker=joker), clean=not cheat)
            if cheat:
                return  # the flag is what this game was for
            played += cards
            collected[win] += len(cards)
            allowance[lose] -= 1
            if win != lose:
                self._trade(hands, lose, win)
            playing = [s for s in range(n) if allowance[s] > 0 and hands[s]]
            leader = next(
                (win + i) % n for i in range(n) if (win + i) % n in playing or len(playing) < 2
            )
        assert len(played) == len(set(played)), "no card is played twice"
        assert sum(collected) + sum(len(h) for h in hands.values()) == n * size
        counts = {
            k: tuple(sum(1 for c in hands[s] if cat(c) == k) for s in range(n)) for k in WORTH
        }
        holder = next((s for s in range(n) if any(c.is_joker for c in hands[s])), None)
        left = {"high": counts["high"], "middle": counts["middle"], "low": counts["low"]}
        joker_seat = None if holder is None else Seat(holder)
        self.record(Left(**left, joker=joker_seat))
        self.quick += [deal, Result(collected=tuple(collected), **left, joker=joker_seat)]

    def _trade(self, hands: dict[int, list[Card]], loser: int, winner: int) -> None:
        rnd = self.rnd
        if not hands[loser] or rnd.random() < 0.3:
            self.record(Trade(declared="none"))
            return
        given = rnd.choice(hands[loser])
        kind = cat(given)
        declared = "low" if kind == "joker" else kind
        if kind == "joker":
            better = [c for c in hands[winner] if not c.is_joker]
        elif kind == "high":
            better = [c for c in hands[winner] if cat(c) == "high" and c.rank > given.rank]
        else:
            better = [c for c in hands[winner] if WORTH[cat(c)] > WORTH[kind]]
        back = rnd.choice(better) if better else given
        hands[loser].remove(given)
        hands[winner].append(given)
        hands[winner].remove(back)
        hands[loser].append(back)
        shown = rnd.random() < 0.7
        self.record(
            Trade(
                declared=declared,
                given=given if shown else None,
                returned=back if shown else None,
            )
        )


def start(n: int, seed: int, options: dict[str, object] | None = None) -> Table:
    table = Table(Elusive34(n, options or {}, NAMES[:n]), random.Random(seed))
    table.record(FirstDealer(dealer=Seat(0)))
    table.record(Goal(low=3, middle=4 + 4, goal=10_000))
    table.quick = list(table.events)
    return table


OPTIONS = st.fixed_dictionaries(
    {
        "self_loss": st.sampled_from(["both", "others"]),
        "joker_lead": st.booleans(),
        "values_2p": st.sampled_from(["4/0/-4/-6", "3/0/-3/-5"]),
        "values_3p": st.sampled_from(["5/0/-5/-7", "4/0/-4/-6"]),
        "values_4p": st.sampled_from(["5/0/-5/-7", "6/0/-6/-8"]),
    }
)


@FAST
@given(
    n=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    hands=st.integers(1, 3),
    options=OPTIONS,
)
def test_random_games_agree_with_the_oracle_and_conserve_cards(
    n: int, seed: int, hands: int, options: dict[str, object]
) -> None:
    table = start(n, seed, options)
    for k in range(hands):
        table.play_hand(k % n)
    rules = table.rules
    full = replay(rules, table.events)
    quick = replay(rules, table.quick)
    assert full.flagged == () and quick.flagged == ()
    assert [h.points for h in rules.hands(full.state)] == [
        h.points for h in rules.hands(quick.state)
    ]
    assert len(rules.hands(full.state)) == hands
    assert rules.scores(full.state) == tuple(
        sum(h.points[s] for h in rules.hands(full.state)) for s in range(n)
    )


@FAST
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_a_revoke_within_a_trick_is_flagged(n: int, seed: int) -> None:
    table = start(n, seed)
    table.revoke_at = 1
    table.play_hand(0)
    if table.revoked is None:
        return  # nobody could revoke in this deal
    result = replay(table.rules, table.events)
    assert "revoke" in [f.code for i, f in result.flagged if i == table.revoked]
