"""Property tests for Bastard: random games played with real cards.

A simulated table deals a shuffled pack, keeps every hand and the stock, and plays random moves.
At every step the engine's counts must match the real cards (cards are conserved across stock,
hands and pile), and the engine must accept exactly the plays that an independent check of the
beating rules (written here from the rulings, not from the engine) accepts.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.bastard.events import Deal, Pass, Play
from companion.games.bastard.game import Bastard
from companion.rules.cards import Card, deck
from companion.rules.events import Seat
from tests.rules.turn_taking import checked_plays


def oracle(
    top: Card | None, down: bool, cards: tuple[Card, ...], coloured: bool, pair: bool
) -> bool:
    """Rulings §3.2 rules 5-7 and the variant, on their own."""
    jokers = [c for c in cards if c.is_joker]
    if jokers:
        if len(cards) > 1 and not (pair and len(cards) == 2 and len(jokers) == 2):
            return False
        return not (coloured and top is not None and cards[0].is_red == top.is_red)
    if len({c.rank for c in cards}) != 1:
        return False
    if any(a.is_red == b.is_red for a, b in itertools.pairwise(cards)):
        return False
    if top is None:
        return True
    if top.is_joker:
        return not coloured or cards[0].is_red != top.is_red
    if cards[0].is_red == top.is_red:
        return False
    return cards[0].rank < top.rank if down else cards[0].rank > top.rank


def candidates(hand: list[Card], pair: bool) -> list[tuple[Card, ...]]:
    """Every single card, and every run of one rank (any colours, in any order, up to 4)."""
    out: set[tuple[Card, ...]] = {(c,) for c in hand}
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    for rank, cards in by_rank.items():
        if rank == 0 and not pair:
            continue
        for size in range(2, min(4, len(cards)) + 1):
            out.update(itertools.permutations(cards, size))
    return sorted(out, key=lambda cs: [str(c) for c in cs])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_conserve_cards_and_check_plays_like_the_rulings(data: Any) -> None:
    n = data.draw(st.integers(2, 8), label="players")
    options = {
        "coloured_jokers": data.draw(st.booleans(), label="coloured"),
        "joker_pair": data.draw(st.booleans(), label="pair"),
        "reshuffle": data.draw(st.booleans(), label="reshuffle"),
        "givers": data.draw(st.sampled_from(["right", "left"]), label="givers"),
        "penalty_draw": data.draw(st.booleans(), label="penalty_draw"),
    }
    rules = Bastard(n, options)
    coloured, pair = options["coloured_jokers"], options["joker_pair"]
    pack = list(data.draw(st.permutations(deck(54, copies=rules.packs)), label="pack"))
    total = len(pack)
    hands = [pack[7 * i : 7 * (i + 1)] for i in range(n)]
    pile = [pack[7 * n]]
    stock = pack[7 * n + 1 :]
    state = rules.apply_checked(rules.initial_state(), Deal(dealer=Seat(0), upcard=pile[0]))

    def draw_one(seat: int) -> None:
        nonlocal stock, pile
        if not stock and options["reshuffle"] and len(pile) > 1:
            stock, pile = pile[:-1], pile[-1:]
        if stock:
            hands[seat].append(stock.pop())

    for _ in range(160):
        hand = state.hand
        if hand is None:
            break
        seat = hand.turn
        legal = checked_plays(
            rules,
            state,
            Play,
            candidates(hands[seat], pair),
            lambda cards, top=hand.top, down=hand.down: oracle(top, down, cards, coloured, pair),
        )
        want_pass = not legal or data.draw(st.integers(0, 3), label="pass?") == 0
        move: Play | Pass
        if want_pass and rules.can_apply(state, Pass(seat=Seat(seat), by_choice=bool(legal))):
            move = Pass(seat=Seat(seat), by_choice=bool(legal))
            if rules.stuck_check(hand):
                plan = rules.penalty_plan(hand, seat)
                if plan.reshuffled:
                    stock, pile = stock + pile[:-1], pile[-1:]
                for _ in range(plan.from_stock):
                    hands[seat].append(stock.pop())
                for giver in plan.givers:
                    gift = data.draw(st.sampled_from(hands[giver]), label="gift")
                    hands[giver].remove(gift)
                    hands[seat].append(gift)
                if options["penalty_draw"]:  # the pass card, remade like any draw (B-11)
                    draw_one(seat)
            else:
                draw_one(seat)
        else:
            assert legal, "a pass was refused although the player cannot play"
            cards = data.draw(st.sampled_from(legal), label="play")
            move = Play(seat=Seat(seat), cards=cards)
            for card in cards:
                hands[seat].remove(card)
            pile.extend(cards)
        state = rules.apply_checked(state, move)
        if state.hand is not None:
            assert list(state.hand.counts) == [len(h) for h in hands]
            assert state.hand.stock == len(stock)
            assert len(state.hand.pile) == len(pile)
        assert sum(len(h) for h in hands) + len(stock) + len(pile) == total
    if state.hand is None:
        groups = state.finishes[-1]
        seats = sorted(s for g in groups for s in g)
        assert seats == list(range(n))
        assert len(groups[-1]) == 1 and len(hands[groups[-1][0]]) > 0
        assert all(not hands[s] for g in groups[:-1] for s in g)
