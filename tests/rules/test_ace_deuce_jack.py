"""Ace-Deuce-Jack: settlement, limits, the bank's cover, rotation, the house edge; property tests
(every hand zero-sum, money as the rules say, postings linked to their hands)."""

from __future__ import annotations

import doctest
import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.ace_deuce_jack import examples, game, play
from companion.games.ace_deuce_jack.events import Bank, Bet, End, HighCard, Misdeal, Round, Turn
from companion.games.ace_deuce_jack.game import AceDeuceJack
from companion.rules import IllegalEventError, Severity, Void, replay
from companion.rules.cards import deck, parse_card, parse_cards
from companion.rules.events import Seat
from companion.rules.money import hand_is_zero_sum

NAMES = ["Ann", "Bob", "Cat"]
c, cs = parse_card, parse_cards


def rules(**options: object) -> AceDeuceJack:
    return AceDeuceJack(3, options, NAMES)


def bank(banker: int = 0, low: int = 1, high: int = 10, stack: int = 0) -> Bank:
    return Bank(banker=Seat(banker), min_bet=low, max_bet=high, stack=stack)


def codes(r: AceDeuceJack, log: list, event: object) -> list[str]:
    state = replay(r, log).state
    return [v.code for v in r.violations(state, event)]  # type: ignore[arg-type]


def test_doctests() -> None:
    for module in (game, examples):
        assert doctest.testmod(module).failed == 0


def test_house_edge_by_counting_every_three_cards() -> None:
    cards = deck(52)
    hands = list(itertools.combinations(cards, 3))
    wins = sum(1 for h in hands if not any(play.loses(x) for x in h))
    assert len(hands) == 22100 and wins == 9880
    assert play.player_wins_chance() == Fraction(38, 85)
    assert play.house_edge() == Fraction(9, 85)
    assert AceDeuceJack.house_edge == "10.59"


def test_the_screen_shows_the_banks_expected_edge_on_the_bets_placed() -> None:
    # Ruling 4.2.6: 9/85 of what is bet, on average; Bob bets 5 and Cat 10: 15 in all.
    r = rules()
    state = replay(r, [bank(), Bet(seat=Seat(1), amount=5), Bet(seat=Seat(2), amount=10)]).state
    rows = {str(label): str(value) for label, value in r.info(state)}
    assert rows["The bank's edge"] == "10.59% of 15 on average, over many hands"
    assert "The bank's edge" not in {str(label) for label, _ in r.info(replay(r, [bank()]).state)}


@pytest.mark.parametrize(
    ("rank", "loses"),
    [
        ("A", True),
        ("2", True),
        ("J", True),
        ("Q", False),
        ("K", False),
        ("10", False),
        ("3", False),
    ],
)
def test_only_ace_deuce_jack_win_for_the_bank(rank: str, loses: bool) -> None:
    assert play.loses(c(rank + "S")) is loses


def test_the_hand_ends_at_the_first_losing_card() -> None:
    r = rules()
    log = [bank(), Bet(seat=Seat(1), amount=4), Turn(card=c("AS"))]
    state = replay(r, log).state
    assert state.hand is None and r.hands(state)[0].points == (4, -4, 0)
    assert codes(r, log, Turn(card=c("3S"))) == []  # shown, ruling 4.2.3 (money unchanged)


def test_bets_are_checked_against_the_limits_and_the_banker() -> None:
    r = rules()
    log = [bank(low=2, high=6)]
    assert codes(r, log, Bet(seat=Seat(1), amount=7)) == ["bet-out-of-limits"]
    assert codes(r, log, Bet(seat=Seat(1), amount=1)) == ["bet-out-of-limits"]
    assert codes(r, log, Bet(seat=Seat(0), amount=3)) == ["banker-bets"]
    log.append(Bet(seat=Seat(1), amount=3))
    assert codes(r, log, Bet(seat=Seat(1), amount=3)) == ["bet-twice"]
    log.append(Turn(card=c("5H")))
    assert codes(r, log, Bet(seat=Seat(2), amount=3)) == ["bets-closed"]
    assert codes(r, log, Turn(card=c("5H"))) == ["card-twice"]
    message = r.violations(replay(r, log[:1]).state, Bet(seat=Seat(1), amount=7))[0].message
    assert message == "Bob's bet of 7 is outside the limits: 2 to 6."


def test_bets_beyond_the_bank_are_flagged_or_refused() -> None:
    log = [bank(stack=10), Bet(seat=Seat(1), amount=6)]
    warn = rules().violations(replay(rules(), log).state, Bet(seat=Seat(2), amount=5))
    assert [(v.code, v.severity) for v in warn] == [("beyond-bank", Severity.IRREGULARITY)]
    capped = rules(cover="cap")
    with pytest.raises(IllegalEventError, match="more than the 10 Ann can cover"):
        replay(capped, [*log, Bet(seat=Seat(2), amount=5)])
    # Without a stack said, nothing is checked beyond the limits.
    state = replay(capped, [bank(), Bet(seat=Seat(1), amount=10), Bet(seat=Seat(2), amount=10)])
    assert state.flagged == ()


def test_quick_entry_must_turn_three_or_stop_at_the_first_losing_card() -> None:
    r = rules()
    assert codes(r, [bank()], Round(bets=(0, 2, 0), cards=cs("5H 6H"))) == ["piles-missing"]
    assert codes(r, [bank()], Round(bets=(0, 2, 0), cards=cs("JH 6H"))) == []
    assert codes(r, [bank()], Round(bets=(0, 2, 0), cards=cs("JH 6H 7H 8H"))) == ["piles-turned"]
    assert codes(r, [bank()], Round(bets=(3, 2, 0), cards=cs("JH"))) == ["banker-bets"]
    assert codes(r, [bank()], Round(bets=(0, 0, 0), cards=cs("JH"))) == ["no-bets"]
    assert codes(r, [bank()], Round(bets=(0, 11, 0), cards=cs("JH"))) == ["bet-out-of-limits"]


def test_the_piles_after_the_deciding_card_are_shown_and_change_no_money() -> None:
    # Ruling 4.2.3: the banker shows the bottom card of all three piles. A table that turns the
    # other piles after the jack settled the hand records them as played: the same money, the
    # hand shown with its three cards.
    r = rules(hands_per_bank=1)
    settled = [bank(), Bet(seat=Seat(1), amount=2), Turn(card=c("JH"))]
    before = replay(r, settled).state
    assert "turn" in r.expects(before)
    after = replay(r, [*settled, Turn(card=c("6H")), Turn(card=c("AS"))]).state
    assert after.played[-1].cards == cs("JH 6H AS")
    assert [h.points for h in r.hands(after)] == [h.points for h in r.hands(before)]
    assert str(r.hands(after)[-1].summary) == "Ann banks; J♥ 6♥ A♠: the bank wins."
    money = [[(p.hand, p.seat, p.amount) for p in r.postings(s)] for s in (before, after)]
    assert money[0] == money[1]
    assert "turn" not in r.expects(after)  # all three are shown
    assert codes(r, settled, Turn(card=c("JH"))) == ["card-twice"]
    assert codes(r, settled, Turn(card=parse_card("JK"))) == ["bad-card"]
    # The quick entry the same: the jack first, then the two others.
    quick = replay(r, [bank(), Round(bets=(0, 2, 0), cards=cs("JH 6H AS"))]).state
    assert quick.played[-1].money == before.played[-1].money
    # Once anything else is recorded, the hand is closed.
    moved = [*settled, bank(banker=1)]
    assert codes(r, moved, Turn(card=c("6H"))) == ["no-bets"]


def test_the_bank_rotates_after_the_agreed_hands_and_the_session_ends_on_whole_rounds() -> None:
    r = rules(hands_per_bank=1)
    log = [bank(), Round(bets=(0, 2, 2), cards=cs("4C 5C 6C"))]
    assert r.expects(replay(r, log).state) == frozenset({"bank"})
    assert codes(r, log, bank(banker=2)) == ["wrong-banker"]
    assert codes(r, log, Bet(seat=Seat(1), amount=2)) == ["bank-passes"]
    assert codes(r, log, End()) == ["uneven-banks"]
    log += [bank(banker=1), Round(bets=(2, 0, 2), cards=cs("AC"))]
    log += [bank(banker=2), Round(bets=(2, 2, 0), cards=cs("2C"))]
    state = replay(r, log).state
    assert "end" in r.expects(state)
    end = replay(r, [*log, End()]).state
    assert r.outcome(end) is not None
    # Hand 1 (Ann banks, harmless cards): Ann -4, Bob +2, Cat +2. Hand 2 (Bob banks, A♣):
    # Ann -2, Cat -2, Bob +4. Hand 3 (Cat banks, 2♣): Ann -2, Bob -2, Cat +4.
    assert r.scores(end) == (-8, 4, 4)
    assert r.outcome(end).winners == (1, 2)  # type: ignore[union-attr]


def test_limits_change_between_hands_by_the_same_banker() -> None:
    r = rules(hands_per_bank=3)
    log = [bank(), Round(bets=(0, 2, 2), cards=cs("4C 5C 6C")), bank(low=5, high=20)]
    state = replay(r, log).state
    assert state.in_bank == 1 and state.limits.max_bet == 20  # type: ignore[union-attr]
    assert codes(r, log, bank(banker=1)) == ["wrong-banker"]


def test_a_misdeal_voids_the_hand_and_undo_restores_it() -> None:
    r = rules()
    log = [bank(), Bet(seat=Seat(1), amount=4), Turn(card=c("5S")), Misdeal()]
    state = replay(r, log).state
    assert state.hand is None and r.hands(state) == ()
    state = replay(r, [*log, Void(target=3)]).state
    assert state.hand is not None and state.hand.cards == (c("5S"),)


CARDS = st.permutations(list(deck(52)))


@st.composite
def sessions(draw: st.DrawFn) -> tuple[AceDeuceJack, list]:
    n = draw(st.integers(2, 6))
    names = [f"P{i}" for i in range(n)]
    per = draw(st.sampled_from([1, 2, 3]))
    r = AceDeuceJack(n, {"hands_per_bank": per}, names)
    log: list = []
    banker = 0
    for number in range(draw(st.integers(1, 8))):
        if number % per == 0:
            banker = (number // per) % n
            log.append(Bank(banker=Seat(banker), min_bet=1, max_bet=50))
        bets = tuple(0 if s == banker else draw(st.integers(0, 50)) for s in range(n))
        if not any(bets):
            bets = tuple(1 if s == (banker + 1) % n else 0 for s in range(n))
        shuffled = draw(CARDS)
        cards: list = []
        for card in shuffled[:3]:
            cards.append(card)
            if play.loses(card):
                break
        log.append(Round(bets=bets, cards=tuple(cards)))
    return r, log


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_every_hand_is_zero_sum_and_paid_as_the_rules_say(session: tuple) -> None:
    r, log = session
    state = replay(r, log).state
    rounds = [e for e in log if isinstance(e, Round)]
    hands = r.hands(state)
    assert len(hands) == len(rounds)
    for hand, event in zip(hands, rounds, strict=True):
        assert sum(hand.points) == 0
        bank_wins = any(play.loses(x) for x in event.cards)
        for seat, bet in enumerate(event.bets):
            if bet:
                assert hand.points[seat] == (-bet if bank_wins else bet)
        assert sum(line.points for lines in hand.lines for line in lines) == 0
    postings = r.postings(state)
    assert hand_is_zero_sum(postings) == {}
    assert {p.hand for p in postings} <= {h.number for h in hands}
    assert sum(p.amount for p in postings) == 0


def test_the_first_banker_is_the_highest_card_and_a_tie_draws_again() -> None:
    # Ruling 4.2.1. Ann 9♣, Bob K♥, Cat K♠: Bob and Cat tie on kings and draw again;
    # Bob 4♦, Cat 7♥: Cat banks first.
    r = rules()
    log = [
        HighCard(seat=Seat(0), card=c("9C")),
        HighCard(seat=Seat(1), card=c("KH")),
        HighCard(seat=Seat(2), card=c("KS")),
    ]
    state = replay(r, log).state
    assert state.drawing == (1, 2) and state.first_banker is None
    assert "Deal a card face up to Bob, Cat for the bank." in r.prompt(state)
    assert codes(r, log, HighCard(seat=Seat(0), card=c("AH"))) == ["not-drawing"]
    assert codes(r, log, HighCard(seat=Seat(1), card=c("9C"))) == ["card-twice"]
    log += [HighCard(seat=Seat(1), card=c("4D"))]
    assert codes(r, log, HighCard(seat=Seat(1), card=c("5D"))) == ["not-drawing"]
    log += [HighCard(seat=Seat(2), card=c("7H"))]
    state = replay(r, log).state
    assert state.first_banker == 2 and r.dealer(state) == 2
    assert str(r.info(state)[0][1]) == "Ann 9♣, Bob K♥, Cat K♠, Bob 4♦, Cat 7♥"
    assert codes(r, log, HighCard(seat=Seat(0), card=c("2C"))) == ["banker-known"]
    wrong = r.violations(state, bank(banker=0))
    said = [str(v.message) for v in wrong]
    assert said == ["Cat drew the highest card and banks first, not Ann."]
    state = replay(r, [*log, bank(banker=2)]).state
    assert state.limits is not None and state.limits.banker == 2


def test_the_ace_is_high_or_low_in_the_draw() -> None:
    log = [
        HighCard(seat=Seat(0), card=c("AC")),
        HighCard(seat=Seat(1), card=c("KH")),
        HighCard(seat=Seat(2), card=c("2S")),
    ]
    assert replay(rules(), log).state.first_banker == 0  # the ace is highest (default)
    assert replay(rules(ace="low"), log).state.first_banker == 1  # the ace is lowest: Bob's K
