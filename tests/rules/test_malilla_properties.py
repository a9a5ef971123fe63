"""Random complete Malilla hands played card by card with full information (hypothesis).

The test deals a shuffled 40-card pack (the last card face up to the dealer), keeps every
player's hand and plays only cards its own oracle allows (rulings 7.2.5 and 7.3.2, 7.3.5,
written here independently of the engine). The engine must flag nothing, count 70 (or 60),
score exactly as a quick entry of the same hand, and survive a JSON round trip. One
deliberately illegal play must be flagged, naming its trick and player.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.log import dump_log, load_log
from companion.games.malilla.game import Deal, Forfeit, Malilla, Tally, Trick
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
PACK = deck(40)
RANKS_HIGH_TO_LOW = (7, 14, 13, 12, 11, 6, 5, 4, 3, 2)
STRENGTH = {rank: 10 - i for i, rank in enumerate(RANKS_HIGH_TO_LOW)}
VALUE = {7: 5, 14: 4, 13: 3, 12: 2, 11: 1}
#: The duties of ruling 7.2.5, in order of precedence (the codes the app flags them with).
DUTIES = ("revoke", "must-beat", "unled-seven")

OPTIONS = st.fixed_dictionaries(
    {
        "trick_point": st.booleans(),
        "direction": st.sampled_from(["clockwise", "counter-clockwise"]),
        "penalty": st.sampled_from(["game", "hand"]),
        "forfeit": st.sampled_from(["confirm", "auto"]),
    }
)
FAST = whole_hands(40)


def beats(card: Card, best: Card, lead: Suit, trump: Suit) -> bool:
    def key(c: Card) -> tuple[int, int]:
        return (2 if c.suit == trump else 1 if c.suit == lead else 0, STRENGTH[c.rank])

    return key(card) > key(best) and (card.suit in (lead, trump))


def oracle(
    hand: list[Card], played: list[tuple[int, Card]], me: int, trump: Suit, led: set[Suit]
) -> list[Card]:
    """The cards ``me`` may play."""
    if not played:
        return list(hand)
    lead = played[0][1].suit
    assert lead is not None
    win_seat, win = played[0]
    for seat, card in played[1:]:
        if beats(card, win, lead, trump):
            win_seat, win = seat, card
    opponent = win_seat % 2 != me % 2
    same = [c for c in hand if c.suit == lead]
    if same:
        if opponent and win.suit == lead:
            higher = [c for c in same if STRENGTH[c.rank] > STRENGTH[win.rank]]
            return higher or same
        return same
    if opponent:
        trumps = [c for c in hand if c.suit == trump]
        if win.suit == trump:
            trumps = [c for c in trumps if STRENGTH[c.rank] > STRENGTH[win.rank]]
        if trumps:
            return trumps
    free = [c for c in hand if not (c.rank == 7 and c.suit != trump and c.suit not in led)]
    return free or list(hand)


def broken_rule(
    hand: list[Card], played: list[tuple[int, Card]], me: int, card: Card, trump: Suit
) -> str:
    """The rule an illegal ``card`` broke: holding the led suit makes it a revoke, whatever
    else; then failing to head, trump or overtrump; else it was a 7 of a suit not led yet."""
    lead = played[0][1].suit
    if card.suit != lead and any(c.suit == lead for c in hand):
        return "revoke"
    if card not in oracle(hand, played, me, trump, set(Suit)):  # illegal even if all were led
        return "must-beat"
    return "unled-seven"


def breach_duties(
    card: Card, played: list[tuple[int, Card]], me: int, trump: Suit, led: frozenset[Suit]
) -> tuple[tuple[str, frozenset[Card]], ...]:
    """The cards of each duty ``card`` may break, by this test's oracle (precedence: follow,
    then head, trump or overtrump, then the unled 7)."""

    def broken(other: Card) -> str | None:
        hand = [card, other]
        if card in oracle(hand, played, me, trump, set(led)):
            return None
        return broken_rule(hand, played, me, card, trump)

    return duty_cards(card, PACK, broken, DUTIES)


def play_hand(
    rules: Malilla,
    order: list[Card],
    dealer: int,
    rng: random.Random,
    cheat_at: int | None = None,
    duty: str | None = None,
) -> tuple[list[Event], dict[str, Any]]:
    """Deal ``order`` and play it out; at play number ``cheat_at`` or the first one after it
    where the player can, make an illegal play (one breaking ``duty``, if given). Returns the
    events and what the table saw (``breach``: the play and the cards of each of its duties,
    by the test's oracle)."""
    seats = list(rules.order_from(rules.next_seat(dealer)))
    hands: dict[int, list[Card]] = {s: [] for s in range(4)}
    for i, card in enumerate(order):
        hands[seats[i % 4]].append(card)
    upcard = order[-1]
    trump = upcard.suit
    assert trump is not None and upcard in hands[dealer]
    events: list[Event] = [Deal(dealer=Seat(dealer), upcard=upcard)]
    seen: dict[str, Any] = {"cards": [0, 0], "tricks": [0, 0], "cheat": None}
    leader, led, count = rules.next_seat(dealer), set[Suit](), 0
    for number in range(1, 11):
        played: list[tuple[int, Card]] = []
        for seat in rules.order_from(leader):
            legal = oracle(hands[seat], played, seat, trump, led)
            illegal = [c for c in hands[seat] if c not in legal]
            if duty is not None:
                illegal = [
                    c for c in illegal if broken_rule(hands[seat], played, seat, c, trump) == duty
                ]
            if cheat_at is not None and count >= cheat_at and illegal and seen["cheat"] is None:
                card = rng.choice(illegal)
                seen["cheat"] = (number, seat, card)
                seen["code"] = broken_rule(hands[seat], played, seat, card, trump)
                seen["breach"] = Breach(
                    number, seat, card, breach_duties(card, played, seat, trump, frozenset(led))
                )
            else:
                card = rng.choice(legal)
            hands[seat].remove(card)
            played.append((seat, card))
            count += 1
        lead = played[0][1].suit
        assert lead is not None
        led.add(lead)
        win_seat, win = played[0]
        for seat, card in played[1:]:
            if beats(card, win, lead, trump):
                win_seat, win = seat, card
        seen["cards"][win_seat % 2] += sum(VALUE.get(c.rank, 0) for _, c in played)
        seen["tricks"][win_seat % 2] += 1
        events.append(Trick(cards=tuple(c for _, c in played)))
        seen.setdefault("plays", []).append(played)
        leader = win_seat
    return events, seen


@FAST
@given(
    order=st.permutations(PACK),
    dealer=st.integers(0, 3),
    options=OPTIONS,
    seed=st.integers(0, 2**32),
)
def test_legal_hands_score_like_quick_entry(
    order: list[Card], dealer: int, options: dict[str, Any], seed: int
) -> None:
    rules = Malilla(4, options, NAMES)
    events, seen = play_hand(rules, order, dealer, random.Random(seed))
    played = [c for e in events[1:] if isinstance(e, Trick) for c in e.cards]
    assert sorted(played, key=Card.sort_key) == sorted(PACK, key=Card.sort_key)

    result = replay(rules, events)
    assert result.flagged == ()
    hand = rules.hands(result.state)[0]
    finished = result.state.last
    assert finished is not None
    assert list(finished.cards) == seen["cards"] and list(finished.tricks) == seen["tricks"]
    assert sum(finished.cards) == 60 and sum(finished.tricks) == 10
    assert sum(rules.side_points(finished.cards, finished.tricks)) == (
        70 if options["trick_point"] else 60
    )
    assert rules.scores(result.state) == hand.points

    quick = [events[0], Tally(side=Seat(0), card_points=seen["cards"][0], tricks=seen["tricks"][0])]
    assert rules.hands(replay(rules, quick).state)[0].points == hand.points

    again = load_log(json.loads(json.dumps(dump_log(rules, events))))
    assert replay(again.rules, again.events).state == result.state


def proven_late(
    order: list[Card], dealer: int, options: dict[str, Any], seed: int, cheat_at: int, duty: str
) -> tuple[list[tuple[int, str]], list[tuple[int, str]], Breach | None]:
    """One hand with a breach of ``duty`` injected: the flags the proof asks for, the engine's
    flags (both as (trick number, code)), and the breach. With ``forfeit: auto`` the engine's
    flags are those up to the forfeit, which must come with the first proof."""
    rules = Malilla(4, options, NAMES)
    events, seen = play_hand(rules, order, dealer, random.Random(seed), cheat_at, duty)
    breach: Breach | None = seen.get("breach")
    if breach is None:
        assert replay(rules, events).flagged == ()
        return [], [], None
    trump = order[-1].suit
    upcard = order[-1]
    tricks = seen["plays"]
    assert trump is not None

    def known(t: int) -> dict[int, Card]:
        return {} if any(upcard in e.cards for e in events[1 : t + 1]) else {dealer: upcard}  # type: ignore[union-attr]

    def hidden(t: int) -> int:
        return 10 - t - (1 if breach.seat in known(t) else 0)

    want = expected_flags(breach, tricks, PACK, known, hidden)
    assert want and want[-1][1] == seen["code"]
    auto = options["forfeit"] == "auto" and options["penalty"] == "game"
    upto = want[0][0] if auto else len(events) - 1
    result = replay(rules, events[: upto + 1])
    got = flags_of(result.flagged, {i: i for i in range(len(events))})
    number, seat, card = seen["cheat"]
    for _, violation in result.flagged:
        assert violation.message.startswith(f"Trick {number}: {NAMES[seat]} played {card.label},")
    if auto:
        end = rules.outcome(result.state)
        assert (
            end is not None
            and end.reason == "forfeit"
            and end.winners
            == (
                (seat + 1) % 2,
                (seat + 1) % 2 + 2,
            )
        )
        assert rules.outcome(replay(rules, events[:upto]).state) is None
        want = want[:1]
    elif options["forfeit"] == "auto":
        confirmed = Malilla(4, {**options, "forfeit": "confirm"}, NAMES)
        by_hand = replay(confirmed, [*events, Forfeit(player=Seat(seat))]).state
        assert rules.scores(result.state) == confirmed.scores(by_hand)
    return want, got, breach


@FAST
@given(
    order=st.permutations(PACK),
    dealer=st.integers(0, 3),
    options=OPTIONS,
    seed=st.integers(0, 2**32),
    cheat_at=st.integers(1, 35),
    duty=st.sampled_from(DUTIES),
)
def test_every_duty_proven_late_is_flagged_by_the_first_card_that_proves_it(
    order: list[Card], dealer: int, options: dict[str, Any], seed: int, cheat_at: int, duty: str
) -> None:
    """A breach of each duty of ruling 7.2.5, injected anywhere in a random legal hand, is
    flagged at the first trick that proves it illegal (``illegal-play`` while the duty is not
    known yet), then named when the hand shows the duty; with ``forfeit: auto`` the forfeit
    comes with the first proof."""
    want, got, _ = proven_late(order, dealer, options, seed, cheat_at, duty)
    assert got == want


@pytest.mark.skipif(not LONG_RUN, reason="the long run: set PROVEN_LATE to a number of hands")
def test_every_duty_proven_late_long_run() -> None:
    rng = random.Random(28)

    def options() -> dict[str, Any]:
        return {
            "trick_point": rng.random() < 0.5,
            "direction": rng.choice(["clockwise", "counter-clockwise"]),
            "penalty": rng.choice(["game", "hand"]),
            "forfeit": rng.choice(["confirm", "auto"]),
        }

    def breach_hand(n: int) -> tuple[str, Flags, Flags, Breach | None]:
        duty, order = DUTIES[n % len(DUTIES)], rng.sample(PACK, len(PACK))
        seed, cheat_at = rng.randrange(2**32), rng.randrange(1, 36)
        return duty, *proven_late(order, rng.randrange(4), options(), seed, cheat_at, duty)

    def legal_hand_flagged(n: int) -> bool:
        rules = Malilla(4, options(), NAMES)
        events, _ = play_hand(rules, rng.sample(PACK, len(PACK)), rng.randrange(4), rng)
        return bool(replay(rules, events).flagged)

    long_run("Malilla", breach_hand, legal_hand_flagged)
