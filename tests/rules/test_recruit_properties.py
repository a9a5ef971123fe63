"""Random complete Recruit games played card by card with full information (hypothesis).

The test deals real hands from a shuffled 53-card pack, keeps every player's hand, and plays
legal cards only: follow the led suit when possible; the joker only when void in it, unless the
table lets it be played at any time (ruling R-1); after a led joker, anything, or the suit of
the next card (R-2). The engine must agree with an independent trick-winner oracle, flag
nothing, and score the same as a quick Piles entry built from the collected cards.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from companion.games.log import dump_log, load_log, summarize
from companion.games.recruit import Deal, Exchange, Piles, Recruit, Trick
from companion.games.recruit.game import VARIANTS, RecruitState
from companion.rules import Event, replay, to_dict
from companion.rules.cards import Card, Suit, deck
from companion.rules.events import Seat
from companion.rules.text import Text
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
from tests.rules.test_recruit import pile_of

NAMES = ("Ann", "Bob", "Cat", "Dan")
PACK = deck(53)

OPTIONS = st.fixed_dictionaries(
    {
        "joker_play": st.sampled_from(["void-only", "any-time"]),
        "joker_lead": st.sampled_from(["no-suit", "next-card"]),
        "match_scoring": st.sampled_from(["instead", "bonus"]),
        "ties": st.sampled_from(["share", "play-off"]),
    }
)
VARIANT_SETS = st.frozensets(st.sampled_from(sorted(VARIANTS))).filter(
    lambda v: not {"keeper", "passer"} <= v
)
# No shrinking: a shuffled pack barely shrinks, and trying takes minutes. A failure prints its
# reproduction blob; the database replays it.
FAST = whole_hands(40)


# --- the table, simulated -------------------------------------------------------------------


def lead_suit(cards: list[Card], joker_lead: str) -> Suit | None:
    """The suit the next player must follow, or None when anything goes."""
    if not cards:
        return None
    if not cards[0].is_joker:
        return cards[0].suit
    if joker_lead == "next-card" and len(cards) > 1:
        return cards[1].suit
    return None


def legal(hand: list[Card], cards: list[Card], options: dict[str, str]) -> list[Card]:
    suit = lead_suit(cards, options["joker_lead"])
    follow = [c for c in hand if suit is not None and c.suit == suit]
    if not follow:
        return sorted(hand, key=Card.sort_key)
    jokers = [c for c in hand if c.is_joker] if options["joker_play"] == "any-time" else []
    return sorted(follow + jokers, key=Card.sort_key)


def oracle_winner(cards: list[Card], leader: int, n: int, shown: Card, lead: Suit | None) -> int:
    """Ruling 9, written independently of the engine: joker, else best trump, else best lead."""
    trump = None if shown.is_joker else shown.suit
    seats = [(leader + i) % n for i in range(n)]
    for seat, card in zip(seats, cards, strict=True):
        if card.is_joker:
            return seat
    for suit in (trump, lead):
        ranked = [(c.rank, s) for s, c in zip(seats, cards, strict=True) if suit and c.suit == suit]
        if ranked:
            return max(ranked)[1]
    raise AssertionError("somebody always wins")


@dataclasses.dataclass
class Revoke:
    """A planned revoke: at or after trick ``after`` (0-based), the first player who can follow
    keeps a lead-suit card and discards another suit instead."""

    after: int
    seat: int | None = None
    suit: Suit | None = None
    trick: int | None = None  # 1-based trick number of the revoke
    shown_in: int | None = None  # 1-based trick in which that suit is next played by the revoker
    event_index: int | None = None
    joker: bool = False  # revoke with the joker (ruling R-1), when the player holds it
    breach: Breach | None = None  # the revoke and the cards that would have followed


@dataclasses.dataclass
class Table:
    rules: Recruit
    rnd: random.Random
    state: RecruitState
    events: list[Event] = dataclasses.field(default_factory=list)
    hand_piles: list[tuple[list[Event], list[list[Card]]]] = dataclasses.field(default_factory=list)
    plays: list[list[tuple[int, Card]]] = dataclasses.field(default_factory=list)  # last hand's
    checked: bool = True  # each event's flags must be the ones expected

    def record(self, event: Event, codes: tuple[str, ...] = ()) -> None:
        """Every legal event is accepted with no violation at all, not even a flag (except the
        ``codes`` expected)."""
        if self.checked:
            assert tuple(v.code for v in self.rules.violations(self.state, event)) == codes, event
        assert self.rules.can_apply(self.state, event)
        self.state = self.rules.apply_checked(self.state, event)
        self.events.append(event)

    def play_hand(self, perm: list[Card], variants: frozenset[str], revoke: Revoke | None) -> None:
        rules, rnd, n = self.rules, self.rnd, self.rules.n_seats
        options: dict[str, str] = rules.options_dict()
        dealer = rules.dealer(self.state)
        if dealer is None:
            dealer = rnd.randrange(n)
        hands = [list(perm[13 * s : 13 * s + 13]) for s in range(n)]
        shown, stock = perm[13 * n], list(perm[13 * n + 1 :])
        deal = Deal(dealer=Seat(dealer), shown=shown, variants=variants)
        self.record(deal)
        setup: list[Event] = [deal]
        exchange = self._exchange(hands, stock, dealer, variants)
        if exchange is not None:
            self.record(exchange)
            setup.append(exchange)
        in_hands = [c for h in hands for c in h]
        assert len(in_hands) == len(set(in_hands)) == 13 * n, "a card is in two hands"
        won: list[list[Card]] = [[] for _ in range(n)]
        played: list[Card] = []
        leader = (dealer + 1) % n
        self.plays = []
        for number in range(1, 14):
            cards: list[Card] = []
            for i in range(n):
                seat = (leader + i) % n
                choices = legal(hands[seat], cards, options)
                card = rnd.choice(choices)
                if revoke is not None:
                    card = self._maybe_revoke(revoke, number, seat, hands[seat], cards, card)
                hands[seat].remove(card)
                cards.append(card)
            winner = oracle_winner(cards, leader, n, shown, lead_suit(cards, options["joker_lead"]))
            self.plays.append([((leader + i) % n, c) for i, c in enumerate(cards)])
            # Sometimes say who led, sometimes leave it to the engine.
            stated = Seat(leader) if rnd.random() < 0.5 else None
            event = Trick(cards=tuple(cards), leader=stated)
            if revoke is not None and revoke.shown_in == number:
                # The revoke itself cannot be seen; it shows when the suit comes out later.
                revoke.event_index = len(self.events)
                self.record(event, ("revoke",))
            else:
                self.record(event)
            if number < 13:
                assert self.state.hand is not None
                assert self.state.hand.tricks[-1].winner == winner
                assert rules.to_act(self.state) == winner
            won[winner] += cards
            played += cards
            leader = winner
        assert all(h == [] for h in hands)
        assert len(played) == len(set(played)) == 13 * n, "a card was played twice"
        assert shown not in played
        assert sum(len(w) for w in won) == 13 * n
        self.hand_piles.append((setup, won))

    def _exchange(
        self, hands: list[list[Card]], stock: list[Card], dealer: int, variants: frozenset[str]
    ) -> Exchange | None:
        rnd, n = self.rnd, self.rules.n_seats
        if "keeper" in variants:
            return None
        if "passer" in variants or n == 4:
            passes = [rnd.sample(sorted(h, key=Card.sort_key), 4) for h in hands]
            for seat, cards in enumerate(passes):
                target = (seat + 1) % n if "passer" in variants else (seat + 2) % 4
                for card in cards:
                    hands[seat].remove(card)
                    hands[target].append(card)
            return Exchange(swapped=(4,) * n)
        if rnd.random() < 0.2:
            return None  # nobody swapped, and the table did not bother to say so
        swapped = [0] * n
        for k in range(n):  # clockwise from the dealer's left (ruling R-7)
            seat = (dealer + 1 + k) % n
            count = rnd.randint(0, 4)
            for card in rnd.sample(sorted(hands[seat], key=Card.sort_key), count):
                hands[seat].remove(card)  # discarded face down, out of play
            hands[seat] += [stock.pop(0) for _ in range(count)]
            swapped[seat] = count
        return Exchange(swapped=tuple(swapped))

    def _maybe_revoke(
        self, plan: Revoke, number: int, seat: int, hand: list[Card], cards: list[Card], card: Card
    ) -> Card:
        if plan.trick is not None:
            if seat == plan.seat and card.suit == plan.suit and plan.shown_in is None:
                plan.shown_in = number
            return card
        suit = lead_suit(cards, self.rules.options.joker_lead)
        if number - 1 < plan.after or suit is None:
            return card
        options = self.rules.options_dict()
        others = [c for c in hand if c not in legal(hand, cards, options)]
        others = sorted((c for c in others if c.is_joker == plan.joker), key=Card.sort_key)
        if not others:
            return card
        plan.seat, plan.suit, plan.trick = seat, suit, number
        card = self.rnd.choice(others)

        def broken(other: Card) -> str | None:
            return None if card in legal([card, other], cards, options) else "revoke"

        plan.breach = Breach(number, seat, card, duty_cards(card, PACK, broken, ("revoke",)))
        return card


def play_game(data: st.DataObject, n: int, options: dict[str, str]) -> Table:
    rnd = data.draw(st.randoms(use_true_random=False), label="choices")
    rules = Recruit(n, options, NAMES[:n])
    table = Table(rules, rnd, rules.initial_state())
    while rules.expects(table.state):
        assert len(rules.hands(table.state)) < 8, "a play-off that never ends"
        perm = data.draw(st.permutations(PACK), label="shuffle")
        variants = data.draw(VARIANT_SETS, label="variants")
        table.play_hand(perm, variants, None)
    return table


# --- properties -----------------------------------------------------------------------------


@FAST
@given(data=st.data(), n=st.sampled_from([2, 3, 4]), options=OPTIONS)
def test_random_legal_games_replay_score_and_round_trip(
    data: st.DataObject, n: int, options: dict[str, str]
) -> None:
    table = play_game(data, n, options)
    rules, state, events = table.rules, table.state, table.events

    # Replaying the log gives the state built event by event, with nothing flagged.
    result = replay(rules, events)
    assert result.state == state
    assert result.flagged == ()

    # Four hands (more only in a play-off), and the totals add up.
    hands = rules.hands(state)
    assert len(hands) >= 4
    assert len(hands) == 4 or options["ties"] == "play-off"
    for hand in hands:
        for seat_points, lines in zip(hand.points, hand.lines, strict=True):
            assert seat_points == sum(line.points for line in lines)
    totals = tuple(sum(h.points[s] for h in hands) for s in range(n))
    assert rules.scores(state) == totals
    teams = rules.teams()
    assert rules.team_totals(state) == tuple(sum(totals[s] for s in t) for t in teams)
    assert teams == (((0, 2), (1, 3)) if n == 4 else tuple((s,) for s in range(n)))

    # The winners are the team(s) with the highest total.
    end = rules.outcome(state)
    assert end is not None
    best = max(rules.team_totals(state))
    expected = [
        s
        for t, total in zip(teams, rules.team_totals(state), strict=True)
        if total == best
        for s in t
    ]
    assert list(end.winners) == expected
    assert len(expected) == len(teams[0]) or options["ties"] == "share"

    # A JSON round trip of every event, in stored and in log form, replays to an equal state.
    stored = [rules.event_from_dict(json.loads(json.dumps(to_dict(e)))) for e in events]
    assert stored == events
    assert replay(rules, stored).state == state
    by_name = [
        rules.event_from_dict(json.loads(json.dumps(to_dict(e, rules.names))), by_name=True)
        for e in events
    ]
    assert replay(rules, by_name).state == state
    log = load_log(json.loads(json.dumps(dump_log(rules, events))))
    assert replay(log.rules, log.events).state == state
    summary = summarize(log)
    assert summary["over"] is True
    assert summary["hands"] == [dict(zip(rules.names, h.points, strict=True)) for h in hands]

    # Scoring each hand from Piles built from the collected cards gives exactly the same points.
    quick: list[Event] = []
    for setup, won in table.hand_piles:
        deal = setup[0]
        assert isinstance(deal, Deal)
        piles = tuple(pile_of(w, deal.shown, deal.variants) for w in won)
        quick += [*setup, Piles(piles=piles)]
    quick_state = replay(rules, quick).state
    assert [h.points for h in rules.hands(quick_state)] == [h.points for h in hands]
    assert [h.lines for h in rules.hands(quick_state)] == [h.lines for h in hands]
    assert rules.outcome(quick_state) == end


@FAST
@given(data=st.data(), n=st.sampled_from([2, 3, 4]), options=OPTIONS, prefix=st.integers(0, 60))
def test_replay_of_any_prefix_is_deterministic(
    data: st.DataObject, n: int, options: dict[str, Any], prefix: int
) -> None:
    rules = Recruit(n, options, NAMES[:n])
    table = Table(rules, data.draw(st.randoms(use_true_random=False)), rules.initial_state())
    table.play_hand(data.draw(st.permutations(PACK)), data.draw(VARIANT_SETS), None)
    events = table.events[: min(prefix, len(table.events))]
    first, second = replay(rules, events), replay(Recruit(n, options, NAMES[:n]), events)
    assert first == second
    assert rules.prompt(first.state) == rules.prompt(second.state)
    assert rules.expects(first.state) == rules.expects(second.state)
    # Every sentence, whatever the variants and options, is translatable (docs/i18n.md).
    state = first.state
    texts = [rules.prompt(state), *(f.message for _, f in first.flagged)]
    texts += [label for label, _ in rules.info(state)]
    texts += [t for r in rules.reminders(state) for t in (r.label, r.text)]
    texts += [h.summary for h in rules.hands(state)]
    texts += [line.label for h in rules.hands(state) for seat in h.lines for line in seat]
    assert all(isinstance(t, Text) for t in texts), [t for t in texts if not isinstance(t, Text)]


@FAST
@given(
    data=st.data(),
    n=st.sampled_from([2, 3, 4]),
    options=OPTIONS,
    after=st.integers(0, 10),
)
def test_one_revoke_is_flagged_exactly_once_naming_both_tricks(
    data: st.DataObject, n: int, options: dict[str, str], after: int
) -> None:
    rules = Recruit(n, options, NAMES[:n])
    table = Table(rules, data.draw(st.randoms(use_true_random=False)), rules.initial_state())
    plan = Revoke(after=after)
    table.play_hand(data.draw(st.permutations(PACK)), data.draw(VARIANT_SETS), plan)
    assume(plan.trick is not None)
    assert plan.trick is not None and plan.seat is not None and plan.suit is not None
    # The revoker still held a card of the suit, and every card is played by trick 13.
    assert plan.shown_in is not None and plan.shown_in > plan.trick

    result = replay(rules, table.events)
    assert [v.code for _, v in result.flagged] == ["revoke"]
    [(index, flag)] = result.flagged
    assert index == plan.event_index
    assert isinstance(flag.message, Text)
    assert flag.message.startswith(f"Revoke by {NAMES[plan.seat]}: ")
    assert f"in trick {plan.trick} " in flag.message
    assert f"(played in trick {plan.shown_in})." in flag.message
    assert plan.suit.title.lower()[:-1] in flag.message


def proven_late(
    rnd: random.Random, perm: list[Card], n: int, options: dict[str, str], plan: Revoke
) -> tuple[list[tuple[int, str]], list[tuple[int, str]], Breach | None]:
    """One hand with ``plan``'s revoke injected: the flags the proof asks for and the
    engine's, as (trick number, code), and the revoke."""
    rules = Recruit(n, options, NAMES[:n])
    table = Table(rules, rnd, rules.initial_state(), checked=False)
    variants = frozenset(v for v in VARIANTS if rnd.random() < 0.3)
    if {"keeper", "passer"} <= variants:
        variants -= {"keeper"}
    table.play_hand(perm, variants, plan)
    result = replay(rules, table.events)
    if plan.breach is None:
        assert result.flagged == ()
        return [], [], None
    shown = perm[13 * n]

    def known(t: int) -> dict[int, Card]:
        return {-1: shown}  # out of play, seen by all

    def hidden(t: int) -> int:
        return 13 - t

    want = expected_flags(plan.breach, table.plays, PACK, known, hidden)
    tricks = [i for i, e in enumerate(table.events) if isinstance(e, Trick)]
    return want, flags_of(result.flagged, {i: k for k, i in enumerate(tricks, 1)}), plan.breach


@FAST
@given(
    data=st.data(),
    n=st.sampled_from([2, 3, 4]),
    options=OPTIONS,
    after=st.integers(0, 11),
    joker=st.booleans(),
)
def test_every_duty_proven_late_is_flagged_by_the_first_card_that_proves_it(
    data: st.DataObject, n: int, options: dict[str, str], after: int, joker: bool
) -> None:
    """A revoke (a card of another suit, or the joker while holding the led suit: ruling R-1),
    injected anywhere in a random legal hand, is flagged at the first trick that proves it:
    the revoker's next card of the suit, or a count that leaves them no hand without one."""
    rnd = data.draw(st.randoms(use_true_random=False), label="table")
    perm = data.draw(st.permutations(PACK), label="shuffle")
    want, got, _ = proven_late(rnd, perm, n, options, Revoke(after=after, joker=joker))
    assert got == want


@pytest.mark.skipif(not LONG_RUN, reason="the long run: set PROVEN_LATE to a number of hands")
def test_every_duty_proven_late_long_run() -> None:
    rnd = random.Random(28)
    choices = {
        "joker_play": ["void-only", "any-time"],
        "joker_lead": ["no-suit", "next-card"],
        "match_scoring": ["instead", "bonus"],
        "ties": ["share", "play-off"],
    }

    def options() -> dict[str, str]:
        return {key: rnd.choice(v) for key, v in choices.items()}

    def breach_hand(k: int) -> tuple[str, Flags, Flags, Breach | None]:
        joker, perm = k % 4 == 0, rnd.sample(PACK, len(PACK))
        plan = Revoke(after=rnd.randrange(12), joker=joker)
        duty = "revoke (joker)" if joker else "revoke"
        return duty, *proven_late(rnd, perm, (2, 3, 4)[k % 3], options(), plan)

    def legal_hand_flagged(k: int) -> bool:
        n = (2, 3, 4)[k % 3]
        rules = Recruit(n, options(), NAMES[:n])
        table = Table(rules, rnd, rules.initial_state(), checked=False)
        table.play_hand(rnd.sample(PACK, len(PACK)), frozenset(), None)
        return bool(replay(rules, table.events).flagged)

    long_run("Recruit", breach_hand, legal_hand_flagged)
