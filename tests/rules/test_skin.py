"""Skin: offers to the right, the banker's first card and the pair at the start, matches against
every card in play, dead ranks, the centre, the banker's loss and new card or decline, side bets,
the pack running out, the bank moving left; a property test on random deals (every deal zero-sum,
side bets settled by whichever card goes first)."""

from __future__ import annotations

import doctest

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.skin import game
from companion.games.skin.events import (
    Bank,
    BankerCard,
    Bet,
    Decline,
    FirstAce,
    Out,
    SideBet,
    TakeCentre,
    Turn,
)
from companion.games.skin.game import Skin
from companion.rules import Severity, replay
from companion.rules.cards import deck, parse_card, parse_cards
from companion.rules.events import Seat
from companion.rules.money import hand_is_zero_sum

c = parse_card
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def rules(**options: object) -> Skin:
    return Skin(4, options, NAMES)


START = [
    Bank(banker=Seat(0), min_bet=1, max_bet=10),
    Turn(card=c("7H"), taker=Seat(3), bet=4),
    BankerCard(card=c("QC")),
]


def codes(r: Skin, log: list, event: object) -> list[str]:
    return [v.code for v in r.violations(replay(r, log).state, event)]  # type: ignore[arg-type]


def test_doctest() -> None:
    assert doctest.testmod(game).failed == 0


def test_offers_start_on_the_bankers_right_and_go_right() -> None:
    r = rules()
    state = replay(r, START[:1]).state
    assert r.offered_to(state.deal) == 3  # type: ignore[arg-type]
    assert "offered to Dan first" in r.prompt(state)
    state = replay(r, START).state
    assert r.offered_to(state.deal) == 2  # type: ignore[arg-type]


def test_the_first_taker_waits_for_the_bankers_card_and_a_pair_starts_again() -> None:
    r = rules()
    log = START[:2]
    assert r.expects(replay(r, log).state) == frozenset({"banker_card", "out"})
    assert codes(r, log, Turn(card=c("3S"))) == ["banker-card-first"]
    paired = replay(r, [*log, BankerCard(card=c("7C"))]).state
    deal = paired.deal
    assert deal is not None and deal.cards[3] is None and deal.pots == (0, 0, 0, 0)
    assert deal.dead == {7} and r.offered_to(deal) == 3
    live = replay(rules(dead_after_pair="live"), [*log, BankerCard(card=c("7C"))]).state
    assert live.deal is not None and live.deal.dead == frozenset()


def test_a_card_pairing_a_players_takes_their_bet_and_settles_side_bets() -> None:
    r = rules()
    log = [
        *START,
        Turn(card=c("9S"), taker=Seat(2), bet=5),
        SideBet(bettor=Seat(2), target=Seat(3), amount=3),
        Turn(card=c("9D")),
    ]
    state = replay(r, log).state
    assert state.deal is not None
    assert state.deal.cards[2] is None and state.deal.side == ()
    money = [0, 0, 0, 0]
    for m in state.deal.moves:
        money[m.winner] += m.amount
        money[m.loser] -= m.amount
    # The bank takes Cat's 5; Cat's own card went first, so Dan wins her side bet of 3.
    assert money == [5, 0, -8, 3]
    assert codes(r, log, Turn(card=c("9C"), taker=Seat(1), bet=2)) == ["card-decided"]
    message = r.violations(state, Turn(card=c("9C"), taker=Seat(1), bet=2))[0].message
    assert message == "9s are dead: 9♣ is discarded."


def test_the_banker_loses_then_takes_a_new_card_or_declines() -> None:
    r = rules()
    log = [*START, Turn(card=c("5C"), taker=Seat(2), bet=6), Turn(card=c("QH"))]
    state = replay(r, log).state
    assert state.deal is not None and state.deal.lost
    assert r.expects(state) == frozenset({"banker_card", "decline", "out"})
    assert codes(r, log, Bet(seat=Seat(2), amount=2)) == ["no-banker-card"]
    renewed = [*log, BankerCard(card=c("3D"))]
    assert codes(r, renewed, Bet(seat=Seat(2), amount=2)) == []
    assert codes(r, renewed, Bet(seat=Seat(1), amount=2)) == ["no-card"]
    done = replay(r, [*log, Decline()]).state
    assert done.deal is None and r.hands(done)[0].points == (-10, 0, 6, 4)
    assert done.next_banker == 1  # the bank moves left
    assert replay(rules(rotation="right"), [*log, Decline()]).state.next_banker == 3


def test_declining_with_side_bets_open_deals_on_until_they_settle() -> None:
    r = rules()
    log = [
        *START,
        Turn(card=c("5C"), taker=Seat(2), bet=6),
        SideBet(bettor=Seat(3), target=Seat(2), amount=2),
        Turn(card=c("QH")),
        Decline(),
    ]
    state = replay(r, log).state
    assert state.deal is not None and state.deal.declined
    assert codes(r, log, Turn(card=c("KS"), taker=Seat(1), bet=1)) == ["no-banker-card"]
    done = replay(r, [*log, Turn(card=c("5D"))]).state
    assert done.deal is None
    # Bank pays Cat 6 and Dan 4; then Cat's 5 goes first: Dan wins 2 from Cat.
    assert r.hands(done)[0].points == (-10, 0, 4, 6)


def test_an_unbet_centre_card_and_a_card_pairing_it() -> None:
    r = rules()
    log = [
        *START,
        Turn(card=c("5C"), taker=Seat(2), bet=6),
        Turn(card=c("6C"), taker=Seat(1), bet=1),
    ]
    log.append(Turn(card=c("KS")))  # everyone has a card: to the centre
    state = replay(r, log).state
    assert state.deal is not None and state.deal.centre == (c("KS"),)
    gone = replay(r, [*log, Turn(card=c("KD"))]).state
    assert gone.deal is not None and gone.deal.centre == () and 13 in gone.deal.dead
    kept = replay(rules(centre_match="keep"), [*log, Turn(card=c("KD"))]).state
    assert kept.deal is not None and kept.deal.centre == (c("KS"), c("KD"))


def test_a_cardless_player_takes_from_the_centre() -> None:
    r = rules()
    log = [*START, Turn(card=c("KS"))]  # offered round, refused by everyone: the centre
    assert codes(r, log, TakeCentre(seat=Seat(1), card=c("KS"), bet=3)) == []
    assert codes(r, log, TakeCentre(seat=Seat(1), card=c("KD"), bet=3)) == ["not-in-centre"]
    assert codes(r, log, TakeCentre(seat=Seat(3), card=c("KS"), bet=3)) == ["has-card"]


def test_the_pack_running_out_returns_bets_and_voids_side_bets() -> None:
    r = rules()
    log = [
        *START,
        Turn(card=c("5C"), taker=Seat(2), bet=6),
        SideBet(bettor=Seat(3), target=Seat(2), amount=2),
        Out(),
    ]
    state = replay(r, log).state
    assert state.deal is None and r.hands(state)[0].points == (0, 0, 0, 0)
    assert state.finished[0].returned == (0, 0, 6, 4) and state.finished[0].voided == 1


def test_the_bank_must_cover_the_largest_bet_from_everyone() -> None:
    r = rules()
    flags = r.violations(r.initial_state(), Bank(banker=Seat(0), min_bet=1, max_bet=10, stack=20))
    assert [(f.code, f.severity) for f in flags] == [("bank-too-small", Severity.IRREGULARITY)]


def test_the_first_banker_is_the_first_player_dealt_an_ace() -> None:
    r = rules()
    # Cards go round to the left, one each, until an ace: Dan's 9, Ann's K, Bob's A.
    log = [FirstAce(seat=Seat(1), cards=parse_cards("9C KH AS"))]
    state = replay(r, log).state
    assert state.next_banker == 1
    assert [seat for seat, _ in state.first_draw] == [3, 0, 1]
    assert str(r.info(state)[0][1]) == "Dan 9♣, Ann K♥, Bob A♠"
    assert "Bob was dealt the first ace" in r.prompt(state)
    assert codes(r, log, Bank(banker=Seat(0), min_bet=1, max_bet=10)) == ["wrong-banker"]
    state = replay(r, [*log, Bank(banker=Seat(1), min_bet=1, max_bet=10)]).state
    assert state.deal is not None and state.deal.limits.banker == 1
    assert r.offered_to(state.deal) == 0  # Bob's right is Ann


def test_the_first_ace_draw_is_checked() -> None:
    r = rules()
    draw = FirstAce(seat=Seat(2), cards=parse_cards("AC 4D"))
    assert codes(r, [], draw) == ["ace-earlier"]
    assert "A♣ is an ace, dealt to Bob" in str(r.violations(r.initial_state(), draw)[0].message)
    assert codes(r, [], FirstAce(seat=Seat(2), cards=parse_cards("4D 5D"))) == ["no-ace"]
    assert codes(r, [], FirstAce(seat=Seat(2), cards=parse_cards("4D 4D AH"))) == ["card-twice"]
    assert codes(r, [], FirstAce(seat=Seat(2), cards=())) == ["no-ace"]
    assert codes(r, START, FirstAce(seat=Seat(2), cards=parse_cards("AH"))) == ["banker-known"]
    # Only the ace may be given: the player it went to banks.
    assert replay(r, [FirstAce(seat=Seat(3), cards=parse_cards("AH"))]).state.next_banker == 3


def test_the_house_rake_takes_ten_percent_of_the_bankers_net_win() -> None:
    # Ann banks (1 to 20); Dan bets 4 on the 7♥ (Ann's card Q♣), Cat 19 on the 5♠, Bob 6 on
    # the 8♦. 7♣: the bank takes Dan's 4. 5♦: it takes Cat's 19. Q♦: it pays Bob 6. Ann
    # declines. Ann: +4 +19 -6 = +17; the rake is 10% of 17 = 1.7, rounded down to 1 chip.
    log = [
        Bank(banker=Seat(0), min_bet=1, max_bet=20),
        Turn(card=c("7H"), taker=Seat(3), bet=4),
        BankerCard(card=c("QC")),
        Turn(card=c("5S"), taker=Seat(2), bet=19),
        Turn(card=c("8D"), taker=Seat(1), bet=6),
        Turn(card=c("7C")),
        Turn(card=c("5D")),
        Turn(card=c("QD")),
        Decline(),
    ]
    net = rules(cut="net")
    state = replay(net, log).state
    assert net.hands(state)[0].points == (16, 6, -19, -4)
    assert state.finished[0].cut == 1
    assert [(p.seat, p.amount) for p in net.postings(state)] == [
        (0, 16),
        (1, 6),
        (2, -19),
        (3, -4),
        (None, 1),
    ]
    lines = [(str(x.label), x.points) for x in net.hands(state)[0].lines[0]]
    assert lines[-1] == ("The house's cut: 10% of the net win of 17", -1)
    # Gross: 10% of each bet the bank took, each rounded down: 4 -> 0, 19 -> 1.
    gross = rules(cut="gross")
    assert replay(gross, log).state.finished[0].cut == 1
    # Off (the default, the source's private game): no rake.
    assert replay(rules(), log).state.finished[0].cut == 0
    # A banker who loses pays no rake.
    lost = [*log[:5], Turn(card=c("QD")), Decline()]
    assert replay(net, lost).state.finished[0].cut == 0


@st.composite
def sessions(draw: st.DrawFn) -> tuple[Skin, list]:
    n = draw(st.integers(3, 7))
    cut = draw(st.sampled_from(["off", "net", "gross"]))
    r = Skin(n, {"cut": cut}, [f"P{i}" for i in range(n)])
    state = r.initial_state()
    log: list = []

    def add(event: object) -> bool:
        nonlocal state
        if not r.can_apply(state, event):  # type: ignore[arg-type]
            return False
        state = r.apply(state, event)  # type: ignore[arg-type]
        log.append(event)
        return True

    banker = 0
    for _ in range(draw(st.integers(1, 2))):
        add(Bank(banker=Seat(banker), min_bet=1, max_bet=9))
        for card in draw(st.permutations(list(deck(52)))):
            deal = state.deal
            if deal is None:
                break
            if deal.first is not None or deal.lost:
                if deal.lost and draw(st.booleans()):
                    add(Decline())
                    if state.deal is None:
                        break
                    add(Turn(card=card))
                else:
                    add(BankerCard(card=card))  # refused (dead or pairing): set aside
                continue
            cardless = r._cardless(deal)
            taker = draw(st.sampled_from([None, *cardless])) if cardless else None
            if not add(
                Turn(
                    card=card, taker=taker, bet=draw(st.integers(1, 9)) if taker is not None else 0
                )
            ):
                add(Turn(card=card))
            if state.deal is not None and "side_bet" in r.expects(state):
                bettors = [s for s, p in enumerate(state.deal.pots) if p]
                x, y = draw(st.sampled_from(bettors)), draw(st.sampled_from(bettors))
                add(SideBet(bettor=Seat(x), target=Seat(y), amount=draw(st.integers(1, 5))))
        if state.deal is not None:
            add(Out())
        banker = state.next_banker if state.next_banker is not None else banker
    return r, log


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_every_deal_is_zero_sum(case: tuple) -> None:
    r, log = case
    state = replay(r, log).state
    assert hand_is_zero_sum(r.postings(state)) == {}
    for done in state.finished:
        assert sum(done.money) + done.cut == 0  # the house's rake included
        banker = done.limits.banker
        taken = [m.amount for m in done.moves if m.why == "matched"]
        net = done.money[banker] + done.cut
        expected = {
            "off": 0,
            "net": max(net, 0) // 10,
            "gross": sum(t // 10 for t in taken),
        }[r.options.cut]
        assert done.cut == expected
        for m in done.moves:
            assert m.amount > 0 and m.winner != m.loser
            if m.why in ("matched", "banker-lost"):
                assert done.limits.banker in (m.winner, m.loser)


def test_a_side_bet_above_any_table_is_refused() -> None:
    """Side bets have no limit of the bank's, so they are held to ``money.MAX_AMOUNT``."""
    from companion.rules.money import MAX_AMOUNT

    r = rules()
    log = [*START, Turn(card=c("9S"), taker=Seat(2), bet=5)]
    assert codes(r, log, SideBet(bettor=Seat(2), target=Seat(3), amount=MAX_AMOUNT)) == []
    too_much = SideBet(bettor=Seat(2), target=Seat(3), amount=MAX_AMOUNT + 1)
    assert codes(r, log, too_much) == ["too-much"]
    message = r.violations(replay(r, log).state, too_much)[0].message
    assert (
        message
        == f"A side bet of {MAX_AMOUNT + 1} is more than any table plays: at most {MAX_AMOUNT}."
    )
