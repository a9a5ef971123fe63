"""Random Ui77 games played card by card with full information (hypothesis).

The test shuffles the 52-card pack and plays whole games at a simulated table: nine cards each,
the three face-up cards and the four-card draw deck, same-suit swaps when the face-up cards
share a suit, discards up to the throw, legal cards only (follow suit; trump is led only once
broken, or by a leader holding nothing else), the winners of tricks 1 to 4 drawing, until a
player runs out. An oracle written from the rulings (not from the engine) names each trick's
winner and scores each hand, the goal and Go Nov. The engine must agree with it, account for
every card (in hand, played, discarded, face up or set aside: 52 in all), flag nothing in a
legal hand (not even a trump led before trump is broken by a leader holding nothing but trumps,
U-4), and score a quick Result of the same hand the same way. Injected breaches of each duty
(a revoke, a trump led early) are flagged at the first event that proves them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from companion.games.ui77.game import (
    Deal,
    Discards,
    Goal,
    Leftover,
    Result,
    Swap,
    Trick,
    Ui77,
)
from companion.rules import Event, replay
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Seat
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

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
PACK = deck(52)
FAST = whole_hands(25, HealthCheck.large_base_example)

# --- the oracle: the determinations table (rulings §4.1) with the ace counted as 1 -----------


def value(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def throw_of(card: Card) -> int:
    return 0 if card.rank == 13 else -(-value(card) // 3)


def target_of(card: Card) -> int:
    return -(-value(card) // 2)


def power(card: Card, led: Suit, trump: Suit, live: bool, ace_low: bool) -> int:
    rank = 1 if ace_low and card.rank == 14 else card.rank
    if live and card.suit == trump:
        return 100 + rank
    return rank if card.suit == led else 0


def play_hand(
    rng: random.Random,
    n: int,
    dealer: int,
    options: dict[str, Any],
    seen: dict[str, Any] | None = None,
    cheat_at: int | None = None,
    duty: str = "revoke",
) -> tuple[list[Event], list[int], Result, int]:
    """One hand at the simulated table: its events, the oracle's points, the same hand as a
    quick Result, and how many trump leads by a player holding only trumps were made. With
    ``cheat_at``, at that play or the first one after it where a player can break ``duty``,
    they do: a ``revoke`` plays another suit when they can follow, a ``trump-led-early`` leads
    a trump before trump is broken while holding another suit; ``seen`` gets what the table
    saw (the plays, swaps, hand sizes, draws, the breach)."""
    seen = {} if seen is None else seen
    seen.update(plays=[], taken={}, sizes=[], winners=[], breach=None)
    pack = list(PACK)
    rng.shuffle(pack)
    hands = [pack[9 * s : 9 * s + 9] for s in range(n)]
    faceup = pack[9 * n : 9 * n + 3]
    draw = pack[9 * n + 3 : 9 * n + 7]
    aside = pack[9 * n + 7 :]
    events: list[Event] = [
        Deal(dealer=Seat(dealer), card_one=faceup[0], card_two=faceup[1], card_three=faceup[2])
    ]
    order = [(dealer + 1 + i) % n for i in range(n)]
    if len({c.suit for c in faceup}) == 1:
        for seat in order:
            mine = [c for c in hands[seat] if c.suit == faceup[0].suit]
            if mine and rng.random() < 0.5:
                card, pos = rng.choice(mine), rng.randrange(3)
                hands[seat].remove(card)
                hands[seat].append(faceup[pos])
                seen["taken"][seat] = faceup[pos]
                faceup[pos] = card
                events.append(Swap(seat=Seat(seat), card=card, position=pos + 1))
    trump, slough = faceup[0].suit, faceup[1].suit
    assert trump is not None
    throw, target = throw_of(faceup[1]), target_of(faceup[2])
    live_from = 5 - throw
    discards = [rng.randint(0, throw) for _ in range(n)]
    thrown = []
    for s in range(n):
        rng.shuffle(hands[s])
        thrown += hands[s][: discards[s]]
        hands[s] = hands[s][discards[s] :]
    events.append(Discards(counts=tuple(discards)))
    won = [0] * n
    leader, number, broken, forced, count = (dealer + 1) % n, 0, False, 0, 0
    seen["discards"] = discards
    played: list[Card] = []
    while min(len(h) for h in hands) > 0:
        number += 1
        live = number >= live_from
        cards = []
        for i in range(n):
            seat = (leader + i) % n
            hand = hands[seat]
            if i == 0:
                allowed = [c for c in hand if broken or c.suit != trump] or hand
                if not broken and all(c.suit == trump for c in hand):
                    forced += 1
            else:
                allowed = [c for c in hand if c.suit == cards[0].suit] or hand
            card = rng.choice(allowed)
            others = [c for c in hand if c not in allowed] if (i > 0) == (duty == "revoke") else []
            if cheat_at is not None and seen["breach"] is None and count >= cheat_at and others:
                card = rng.choice(others)
                seen["breach"] = (
                    revoke_of(number, seat, card, cards[0])
                    if i
                    else trump_lead_of(number, seat, card, trump)
                )
            count += 1
            hand.remove(card)
            cards.append(card)
        led = cards[0].suit
        assert led is not None
        powers = [power(c, led, trump, live, options["ace_low"]) for c in cards]
        win = (leader + powers.index(max(powers))) % n
        won[win] += 1
        if options["broken_by"] == "any" or live:
            broken = broken or any(c.suit == trump for c in cards)
        if number <= 4:
            hands[win].append(draw[number - 1])
        seen["plays"].append([((leader + i) % n, c) for i, c in enumerate(cards)])
        seen["sizes"].append([len(h) for h in hands])
        seen["winners"].append(win)
        seen["faceup"] = list(faceup)
        played += cards
        events.append(Trick(cards=tuple(cards)))
        leader = win
    # Every card is somewhere, once.
    everything = played + thrown + faceup + aside + [c for h in hands for c in h]
    assert sorted(everything, key=Card.sort_key) == sorted(PACK, key=Card.sort_key)
    sl = tuple(sum(1 for c in h if c.suit == slough) for h in hands)
    events.append(Leftover(slough=sl))
    points = [abs(target - won[s]) + len(hands[s]) - sl[s] for s in range(n)]
    quick = Result(
        discards=tuple(discards),
        tricks=tuple(won),
        left=tuple(len(h) for h in hands),
        slough=sl,
    )
    return events, points, quick, forced


def revoke_of(number: int, seat: int, card: Card, lead: Card) -> Breach:
    """A failure to follow and the cards that would have followed, by this test's rule 9."""

    def broken(other: Card) -> str | None:
        held = [card, other]
        return None if card in ([c for c in held if c.suit == lead.suit] or held) else "revoke"

    return Breach(number, seat, card, duty_cards(card, PACK, broken, ("revoke",)))


def trump_lead_of(number: int, seat: int, card: Card, trump: Suit) -> Breach:
    """A trump led before trump is broken and the cards that make it illegal, by this test's
    rule 8 and U-4: any card of another suit."""

    def broken(other: Card) -> str | None:
        return "trump-led-early" if other.suit != trump else None

    return Breach(number, seat, card, duty_cards(card, PACK, broken, ("trump-led-early",)))


DUTIES = ("revoke", "trump-led-early")

OPTIONS = st.fixed_dictionaries(
    {
        "ace_low": st.booleans(),
        "broken_by": st.sampled_from(["any", "effective"]),
        "nov_rounding": st.sampled_from(["half-up", "floor"]),
    }
)


@FAST
@given(
    n=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    options=OPTIONS,
    hands=st.integers(1, 14),
)
def test_random_games_score_like_the_oracle(
    n: int, seed: int, options: dict[str, Any], hands: int
) -> None:
    rng = random.Random(seed)
    rules = Ui77(n, options, NAMES[:n])
    log: list[Event] = []
    totals = [0] * n
    goal: int | None = None
    dealer = rng.randrange(n)
    forced_total = 0
    for number in range(hands):
        if number == n:
            goal = 11 * (max(totals) // 11 + 1 + rng.randrange(3))
            log.append(Goal(score=goal))
        events, points, quick, forced = play_hand(rng, n, dealer, options)
        forced_total += forced
        before = replay(rules, log)
        result = replay(rules, [*log, *events])
        state = result.state
        flags = [f.code for i, f in result.flagged if i >= len(log)]
        assert flags == []  # a legal hand, trump led early only by a leader holding only trumps
        # The same hand as a quick entry scores the same.
        swaps = [e for e in events if isinstance(e, Swap)]
        quick_state = replay(rules, [*log, events[0], *swaps, quick]).state
        assert rules.hands(quick_state)[-1].points == rules.hands(state)[-1].points
        # The oracle's totals, with Go Nov (simultaneous, from the totals before any reset).
        after = [t + p for t, p in zip(totals, points, strict=True)]
        if goal is not None:
            new = list(after)
            for s in range(n):
                if after[s] == goal:
                    rest = sum(after) - after[s]
                    if options["nov_rounding"] == "floor":
                        new[s] = rest // (n - 1)
                    else:
                        new[s] = int(rest / (n - 1) + 0.5)
            after = new
        assert list(rules.scores(state)) == after, (rules.scores(before.state), points)
        totals = after
        log += events
        dealer = (dealer + 1) % n
        if goal is not None and max(totals) > goal:
            end = rules.outcome(state)
            assert end is not None
            assert end.winners == tuple(s for s in range(n) if totals[s] == min(totals))
            break
        assert rules.outcome(state) is None


@FAST
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_the_engine_counts_each_hand_like_the_table(n: int, seed: int) -> None:
    """After every trick the engine's count of each player's cards is the table's."""
    rng = random.Random(seed)
    rules = Ui77(n, names=NAMES[:n])
    events, _, _, _ = play_hand(
        rng, n, 0, {"ace_low": False, "broken_by": "any", "nov_rounding": "half-up"}
    )
    deal = events[0]
    assert isinstance(deal, Deal)
    played = 0
    for k in range(1, len(events)):
        state = replay(rules, events[:k]).state
        if state.hand is None or state.hand.discards is None:
            continue
        tricks = len(state.hand.tricks)
        held = rules.held(state.hand)
        assert sum(held) == sum(9 - d for d in state.hand.discards) + min(tricks, 4) - n * tricks
        played = tricks
    assert played >= 5


def proven_late(
    rng: random.Random, n: int, options: dict[str, Any], cheat_at: int, duty: str = "revoke"
) -> tuple[list[tuple[int, str]], list[tuple[int, str]], Breach | None]:
    """One hand with a breach of ``duty`` injected: the flags the proof asks for and the
    engine's (every flag of the hand), as (trick number, code), and the breach. A later card of
    the duty (the led suit for a revoke, any suit but trump for a trump led early) proves it
    only if the breaker played more of them than the cards they drew since (a drawn card may be
    one); a face-up card they took in a swap and still hold proves it at once (if they
    discarded nothing); so does the count of the cards still unseen."""
    rules = Ui77(n, options, NAMES[:n])
    seen: dict[str, Any] = {}
    events, _, _, _ = play_hand(rng, n, rng.randrange(n), options, seen, cheat_at, duty)
    result = replay(rules, events)
    got_all = list(result.flagged)
    breach: Breach | None = seen["breach"]
    if breach is None:
        assert got_all == []
        return [], [], None
    plays, discards = seen["plays"], seen["discards"]

    def known(t: int) -> dict[int, Card]:
        out = {-1 - i: c for i, c in enumerate(seen["faceup"])}
        for seat, card in seen["taken"].items():
            if discards[seat] == 0 and all(card != c for trick in plays[:t] for _, c in trick):
                out[seat] = card
        return out

    def hidden(t: int) -> int:
        return seen["sizes"][t - 1][breach.seat] - (1 if breach.seat in known(t) else 0)

    def drawn(t: int) -> int:
        return sum(
            1 for k in range(breach.trick, min(t, 4) + 1) if seen["winners"][k - 1] == breach.seat
        )

    want = expected_flags(breach, plays, PACK, known, hidden, drawn)
    tricks = [i for i, e in enumerate(events) if isinstance(e, Trick)]
    return want, flags_of(got_all, {i: k for k, i in enumerate(tricks, 1)}), breach


@FAST
@given(
    n=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
    options=OPTIONS,
    cheat_at=st.integers(0, 30),
    duty=st.sampled_from(DUTIES),
)
def test_every_duty_proven_late_is_flagged_by_the_first_card_that_proves_it(
    n: int, seed: int, options: dict[str, Any], cheat_at: int, duty: str
) -> None:
    """Ui77's duties: follow suit (rule 9), and not to lead trump before it is broken (rule 8;
    a leader holding nothing but trumps may, U-4), each proven late. One duty per breach: the
    first proof names it."""
    want, got, _ = proven_late(random.Random(seed), n, options, cheat_at, duty)
    assert got == want


@pytest.mark.skipif(not LONG_RUN, reason="the long run: set PROVEN_LATE to a number of hands")
def test_every_duty_proven_late_long_run() -> None:
    rng = random.Random(28)
    choices = {
        "ace_low": [False, True],
        "broken_by": ["any", "effective"],
        "nov_rounding": ["half-up", "floor"],
    }

    def options() -> dict[str, Any]:
        return {key: rng.choice(v) for key, v in choices.items()}

    def breach_hand(k: int) -> tuple[str, Flags, Flags, Breach | None]:
        duty = DUTIES[k // 4 % len(DUTIES)]  # each duty at every table size
        return duty, *proven_late(rng, 2 + k % 4, options(), rng.randrange(30), duty)

    def legal_hand_flagged(k: int) -> bool:
        n, chosen = 2 + k % 4, options()
        events, _, _, _ = play_hand(rng, n, rng.randrange(n), chosen)
        flagged = replay(Ui77(n, chosen, NAMES[:n]), events).flagged
        return bool(flagged)

    long_run("Ui77", breach_hand, legal_hand_flagged)
