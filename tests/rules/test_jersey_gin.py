"""Jersey Gin: every check and score, worked out by hand from rulings §6."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.jersey_gin import play
from companion.games.jersey_gin.events import Draw, LayOff, Meld, Rest, Show
from companion.games.jersey_gin.game import Deal, JerseyGin, Result
from companion.rules import money, replay
from companion.rules.cards import Card, parse_card
from companion.rules.core import Severity
from companion.rules.events import Event, Seat

NAMES = ("Ann", "Bob", "Cat")


def game(options: dict[str, object] | None = None) -> JerseyGin:
    return JerseyGin(3, options, NAMES)


def one_hand(
    rules: JerseyGin, end: str, by: int, deadwood: tuple[int, int, int]
) -> tuple[int, ...]:
    log: list[Event] = [Deal(dealer=Seat(2)), Result(end=end, by=Seat(by), deadwood=deadwood)]
    return rules.hands(replay(rules, log).state)[0].points


def codes(rules: JerseyGin, event: Event) -> list[str]:
    state = replay(rules, [Deal(dealer=Seat(2))]).state
    return [v.code for v in rules.violations(state, event)]


def test_the_sources_knock() -> None:
    assert one_hand(game(), "knock", 0, (9, 11, 14)) == (7, 0, 0)


def test_underknock_against_both_or_the_knocker_only() -> None:
    assert one_hand(game(), "knock", 0, (8, 6, 20)) == (0, 26, 0)
    assert one_hand(game({"underknock": "knocker"}), "knock", 0, (8, 6, 20)) == (0, 12, 0)


def test_a_tie_with_the_knocker() -> None:
    # default: the defender underknocks (0 against Ann, 4 against Cat, 10)
    assert one_hand(game(), "knock", 0, (5, 5, 9)) == (0, 14, 0)
    assert one_hand(game({"knock_tie": "knocker"}), "knock", 0, (5, 5, 9)) == (4, 0, 0)


def test_two_defenders_tied_below_the_knocker() -> None:
    # Cat knocks with 9; Ann and Bob both 4: Ann sits on Cat's left, Ann underknocks:
    # (9 - 4) + (4 - 4) + 10 = 15
    assert one_hand(game(), "knock", 2, (4, 4, 9)) == (15, 0, 0)


def test_gin() -> None:
    assert one_hand(game(), "gin", 2, (12, 31, 0)) == (0, 0, 83)


def test_the_break() -> None:
    # the lowest scores the differences, no bonus; a tie with the breaker goes to the breaker
    assert one_hand(game(), "break", 1, (4, 4, 9)) == (0, 5, 0)
    assert one_hand(game(), "break", 1, (2, 4, 9)) == (9, 0, 0)
    # a tie between the other two: the one on the breaker's left (Bob breaks: Cat)
    assert one_hand(game(), "break", 1, (3, 8, 3)) == (0, 0, 5)


def test_claims_are_checked() -> None:
    rules = game()
    assert codes(rules, Result(end="knock", by=Seat(0), deadwood=(11, 20, 30))) == [
        "knock-too-high"
    ]
    assert codes(rules, Result(end="knock", by=Seat(0), deadwood=(0, 20, 30))) == ["knock-is-gin"]
    assert codes(rules, Result(end="gin", by=Seat(0), deadwood=(3, 20, 30))) == ["gin-has-deadwood"]
    assert codes(rules, Result(end="knock", by=Seat(0), deadwood=(3, 101, 30))) == [
        "deadwood-out-of-range"
    ]
    assert codes(rules, Result(end="fold", by=Seat(0), deadwood=(3, 10, 30))) == ["unknown-end"]
    problems = rules.violations(
        replay(rules, [Deal(dealer=Seat(2))]).state,
        Result(end="knock", by=Seat(0), deadwood=(11, 20, 30)),
    )
    assert str(problems[0].message) == "Ann cannot knock with 11: a knock needs 10 or less."


def test_wrong_dealer_is_flagged() -> None:
    rules = game()
    log: list[Event] = [Deal(dealer=Seat(0)), Result(end="gin", by=Seat(1), deadwood=(5, 0, 5))]
    state = replay(rules, log).state
    problems = rules.violations(state, Deal(dealer=Seat(2)))
    assert [(p.code, p.severity) for p in problems] == [("wrong-dealer", Severity.IRREGULARITY)]


#: A game to 100, hand by hand (how it ended, by whom, each player's deadwood): Bob wins with 287
#: to Ann's 87 and Cat's 56, after the bonuses.
TO_100 = [
    ("gin", 1, (20, 0, 25)),
    ("knock", 2, (15, 30, 7)),
    ("knock", 0, (3, 10, 12)),
    ("knock", 1, (16, 6, 9)),
    ("knock", 2, (9, 20, 9)),
    ("knock", 1, (10, 2, 8)),
]


def test_the_game_ends_at_100_with_the_bonuses() -> None:
    rules = game()
    log: list[Event] = []
    for n, (end, by, deadwood) in enumerate(TO_100):
        log += [Deal(dealer=Seat(n % 3)), Result(end=end, by=Seat(by), deadwood=deadwood)]
    state = replay(rules, log).state
    assert rules.scores(state) == (87, 287, 56)
    end = rules.outcome(state)
    assert end is not None and end.winners == (1,)
    assert state.boxes == (2, 3, 1)
    last = rules.hands(state)[-1]
    assert [str(line.label) for line in last.lines[1]] == [
        "Knocked with 2 against Ann's 10",
        "Knocked with 2 against Cat's 8",
        "Game: first to 100",
        "Boxes: 3 hands won, 25 each",
    ]
    # the settlement: each pays every higher total the difference
    assert rules.settlement(state) == [(0, 1, 200), (2, 0, 31), (2, 1, 231)]
    doubled = game({"shutout_double": True})
    assert play.settlement((10, 50, 0), (1, 2, 0), doubled.options)[-1] == (2, 1, 100)
    info = {str(k): str(v) for k, v in rules.info(state)}
    assert info["Settlement (points)"] == "Ann pays Bob 200 · Cat pays Ann 31 · Cat pays Bob 231"


def test_the_settlement_is_posted_to_the_ledger_in_points_when_the_game_ends() -> None:
    # Bob goes gin against Ann's 30 and Cat's 40: 30 + 40 + 40 = 110 ends the game; with the
    # game bonus and one box Bob has 110 + 100 + 25 = 235, the others 0.
    log: list[Event] = [Deal(dealer=Seat(0))]
    rules = game()
    assert rules.postings(replay(rules, log).state) == ()  # nothing before the game ends
    log.append(Result(end="gin", by=Seat(1), deadwood=(30, 0, 40)))
    posted = [(p.hand, p.seat, p.amount) for p in rules.postings(replay(rules, log).state)]
    assert posted == [(1, 0, -235), (1, 1, 235), (1, 2, -235), (1, 1, 235)]
    assert rules.money_unit == money.POINTS  # paid at the table's stake per point
    # Ann and Cat won no hand: with the shutout option each pays double.
    doubled = game({"shutout_double": True})
    posted = [(p.seat, p.amount) for p in doubled.postings(replay(doubled, log).state)]
    assert posted == [(0, -470), (1, 470), (2, -470), (1, 470)]
    none = game({"settlement": "none"})
    assert none.postings(replay(none, log).state) == ()


@settings(max_examples=200, deadline=None)
@given(
    hands=st.lists(
        st.tuples(
            st.sampled_from(["knock", "gin", "break"]),
            st.integers(0, 2),
            st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60)),
        ),
        min_size=1,
        max_size=12,
    ),
    tie=st.sampled_from(["defender", "knocker"]),
)
def test_one_player_scores_each_hand(
    hands: list[tuple[str, int, tuple[int, int, int]]], tie: str
) -> None:
    """Whatever the counts: exactly one player scores a hand (never less than 0), wins its
    box, and the game ends on the first hand that takes someone to 100."""
    rules = game({"knock_tie": tie})
    log: list[Event] = []
    for n, (end, by, deadwood) in enumerate(hands):
        counts = list(deadwood)
        if end == "knock":
            counts[by] = min(max(counts[by], 1), 10)
        if end == "gin":
            counts[by] = 0
        log += [Deal(dealer=Seat(n % 3)), Result(end=end, by=Seat(by), deadwood=tuple(counts))]
        state = replay(rules, log).state
        done = rules.hands(state)[-1]
        scored = [
            s
            for s, line in enumerate(done.lines)
            if line[0].points or "No score" not in line[0].label
        ]
        assert len(scored) == 1
        assert sum(state.boxes) == len(rules.hands(state))
        over = rules.outcome(state) is not None
        assert over == (max(state.points) >= play.GAME)
        if over:
            assert sum(rules.scores(state)) == sum(state.points) + 100 + 25 * len(log) // 2
            break


# --- full entry: the knocker's cards, lay-offs card by card, the others' cards ----------------

ANN = "5H 6H 7H 9S 9D 9C JC QC KC 2D"  # 9s, hearts 5-7, clubs J-K; 2♦ left: knocks with 2
BOB_REST = "2S 3S 4S KD KH 7C 6C"  # after laying off 4♥ 8♥ 10♣: 10 + 10 + 7 + 6 = 33
CAT_REST = "AS AC AD 3C 5C 6D 8S 10S"  # after laying off 9♥ 10♥: 3 + 5 + 6 + 8 + 10 = 32


def knock_log() -> list[Event]:
    from companion.games.jersey_gin.game import LayOff, Rest, Show
    from companion.rules.cards import parse_card, parse_cards

    # the melds as shown: 1: 9♠ 9♦ 9♣, 2: 5♥ 6♥ 7♥, 3: J♣ Q♣ K♣
    return [
        Deal(dealer=Seat(2)),
        Show(end="knock", by=Seat(0), cards=parse_cards(ANN)),
        LayOff(seat=Seat(1), card=parse_card("4H"), meld=2),
        LayOff(seat=Seat(1), card=parse_card("8H"), meld=2),
        LayOff(seat=Seat(1), card=parse_card("10C"), meld=3),
        LayOff(seat=Seat(2), card=parse_card("9H"), meld=2),  # on Bob's 8♥: chained
        LayOff(seat=Seat(2), card=parse_card("10H"), meld=2),
        Rest(cards=((), parse_cards(BOB_REST), parse_cards(CAT_REST))),
    ]


def test_full_entry_with_lay_offs_in_order() -> None:
    rules = game()
    log = knock_log()
    state = replay(rules, log[:-1]).state
    info = {str(k): str(v) for k, v in rules.info(state)}
    assert info["Knocker's melds"] == ("1: 9♠ 9♦ 9♣ · 2: 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ · 3: 10♣ J♣ Q♣ K♣")
    state = replay(rules, log).state
    # Ann 2 against 33 and 32: 31 + 30
    assert rules.hands(state)[0].points == (61, 0, 0)
    labels = [str(line.label) for line in rules.hands(state)[0].lines[1]]
    assert labels[:3] == ["Melds: 2♠ 3♠ 4♠", "Laid off 4♥ 8♥ 10♣", "Deadwood K♥ K♦ 6♣ 7♣: 33"]


def test_lay_offs_are_checked() -> None:
    from companion.games.jersey_gin.game import LayOff
    from companion.rules.cards import parse_card

    rules = game()
    log = knock_log()
    state = replay(rules, log[:2]).state

    def code(event: Event) -> list[str]:
        return [v.code for v in rules.violations(state, event)]

    assert code(LayOff(seat=Seat(1), card=parse_card("KD"), meld=3)) == ["layoff-does-not-fit"]
    assert code(LayOff(seat=Seat(1), card=parse_card("4H"), meld=4)) == ["layoff-no-meld"]
    assert code(LayOff(seat=Seat(0), card=parse_card("4H"), meld=2)) == ["layoff-by-knocker"]
    assert code(LayOff(seat=Seat(1), card=parse_card("9S"), meld=1)) == ["card-twice"]
    # once Cat has laid off, Bob (the knocker's left) is too late
    state = replay(rules, [*log[:2], LayOff(seat=Seat(2), card=parse_card("4H"), meld=2)]).state
    assert code(LayOff(seat=Seat(1), card=parse_card("4H"), meld=2)) == ["layoff-order"]


def test_full_entry_refuses_a_knock_above_10_with_the_cards_left() -> None:
    from companion.games.jersey_gin.game import Show
    from companion.rules.cards import parse_cards

    rules = game()
    state = replay(rules, [Deal(dealer=Seat(2))]).state
    show = Show(end="knock", by=Seat(0), cards=parse_cards("5H 6H 7H 9S 9D 9C JC QC 2D 3S"))
    problems = rules.violations(state, show)
    assert [p.code for p in problems] == ["knock-too-high"]
    assert str(problems[0].message) == (
        "Ann cannot knock: at best 3♠ 2♦ J♣ Q♣ are left over, 25; a knock needs 10 or less."
    )


def test_doctests() -> None:
    import doctest

    from companion.games import rummy
    from companion.games.jersey_gin import examples, turns
    from companion.games.jersey_gin import game as game_module

    for module in (game_module, play, examples, turns, rummy):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- the play recorded draw by draw: the stock count and the break (ruling 6.2.8) -------------


def to_the_break() -> tuple[JerseyGin, list[Event]]:
    """Cat deals; eighteen draws from the stock, Ann first, leave three: Ann draws next and
    breaks."""
    log: list[Event] = [Deal(dealer=Seat(2))]
    log += [Draw(seat=Seat(k % 3), source="stock") for k in range(18)]
    return game(), log


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


def refused(rules: JerseyGin, log: list[Event], event: Event) -> list[str]:
    return [v.code for v in rules.violations(replay(rules, log).state, event)]


def test_the_stock_is_counted_and_the_breaker_named() -> None:
    rules, log = to_the_break()
    info = {str(k): str(v) for k, v in rules.info(replay(rules, log[:2]).state)}
    assert info["Stock"] == "20 cards left; the break comes in 17 more draws from it"
    assert info["Turn"] == "Ann drew; Bob draws next"
    info = {str(k): str(v) for k, v in rules.info(replay(rules, log).state)}
    assert info["Stock"] == "3 cards left; the break comes in 0 more draws from it"
    assert refused(rules, log, Draw(seat=Seat(1), source="stock")) == ["out-of-turn"]
    assert refused(rules, log, Draw(seat=Seat(0), source="hand")) == ["unknown-source"]
    named = Draw(seat=Seat(0), source="stock", card=parse_card("5D"))
    assert refused(rules, log, named) == ["stock-card-named"]
    log.append(Draw(seat=Seat(0), source="stock"))
    state = replay(rules, log).state
    assert state.hand is not None and state.hand.breaker == 0
    info = {str(k): str(v) for k, v in rules.info(state)}
    assert info["Stock"] == "2 cards left; the break: Ann broke"
    # after the break: no knocking, by either entry
    assert refused(rules, log, Result(end="knock", by=Seat(1), deadwood=(20, 5, 30))) == [
        "no-knock-after-break"
    ]
    # nor the end by the stock while it still holds cards
    assert refused(rules, log, Result(end="break", by=Seat(0), deadwood=(5, 5, 5))) == [
        "break-not-over"
    ]


def test_the_break_turn_by_turn_is_checked() -> None:
    rules, log = to_the_break()
    before = rules.violations(replay(rules, log).state, Meld(seat=Seat(0), cards=cards("7S 7H 7D")))
    assert [v.code for v in before] == ["out-of-order"]
    assert str(before[0].message).startswith("Cards go on the table only after the break")
    log += [Draw(seat=Seat(0), source="stock"), Meld(seat=Seat(0), cards=cards("7S 7H 7D"))]
    assert refused(rules, log, Meld(seat=Seat(1), cards=cards("2C 3C 4C"))) == [
        "meld-out-of-turn"
    ]
    assert refused(rules, log, Meld(seat=Seat(0), cards=cards("2C 3C 5C"))) == ["not-a-meld"]
    assert refused(rules, log, Meld(seat=Seat(0), cards=cards("7S 8S 9S"))) == ["card-twice"]
    # the breaker lays off only from their second turn after the break
    assert refused(rules, log, LayOff(seat=Seat(0), card=parse_card("7C"), meld=1)) == [
        "breaker-lays-off-later"
    ]
    # the discard is taken only into a meld, named, and melded in the same turn
    assert refused(rules, log, Draw(seat=Seat(1), source="discard")) == ["discard-card-missing"]
    log.append(Draw(seat=Seat(1), source="discard", card=parse_card("9H")))
    assert refused(rules, log, Draw(seat=Seat(2), source="stock")) == ["discard-not-melded"]
    assert refused(rules, log, LayOff(seat=Seat(1), card=parse_card("9H"), meld=1)) == [
        "layoff-does-not-fit"
    ]
    assert refused(rules, log, LayOff(seat=Seat(1), card=parse_card("7C"), meld=2)) == [
        "layoff-no-meld"
    ]
    log.append(Meld(seat=Seat(1), cards=cards("9H 9S 9D")))
    assert refused(rules, log, Draw(seat=Seat(2), source="stock")) == []


def test_a_break_played_out_is_scored_from_the_cards_held() -> None:
    """docs/examples/jersey_gin/break-played.json: Ann broke; at the end Ann holds 12, Bob 26,
    Cat 12; the tie involves the breaker, so Ann scores 0 + 14 = 14."""
    rules, log = to_the_break()
    log += [
        Draw(seat=Seat(0), source="stock"),
        Meld(seat=Seat(0), cards=cards("7S 7H 7D")),
        Meld(seat=Seat(0), cards=cards("2C 3C 4C")),
        Draw(seat=Seat(1), source="discard", card=parse_card("5C")),
        LayOff(seat=Seat(1), card=parse_card("5C"), meld=2),
        Meld(seat=Seat(1), cards=cards("10S JS QS")),
        Draw(seat=Seat(2), source="stock"),
        Meld(seat=Seat(2), cards=cards("KH KC KD")),
        LayOff(seat=Seat(2), card=parse_card("7C"), meld=1),
        Draw(seat=Seat(0), source="stock"),
        LayOff(seat=Seat(0), card=parse_card("KS"), meld=4),
    ]
    assert refused(rules, log, Draw(seat=Seat(1), source="stock")) == ["stock-out"]
    # the quick entry of the end names the breaker: Ann, not Bob
    assert refused(rules, log, Result(end="break", by=Seat(1), deadwood=(12, 26, 12))) == [
        "wrong-breaker"
    ]
    too_many = Rest(cards=(cards("3H 4D 5H 6H"), cards("AS 2S 4H 5D 6C 8D"), cards("AC")))
    assert refused(rules, log, too_many) == ["wrong-card-count", "wrong-card-count"]
    log.append(Rest(cards=(cards("3H 4D 5H"), cards("AS 2S 4H 5D 6C 8D"),
                           cards("AC AH 2D 2H 3S 3D"))))
    state = replay(rules, log).state
    assert rules.hands(state)[0].points == (14, 0, 0)
    ann = [str(line.label) for line in rules.hands(state)[0].lines[0]]
    # the melds as they lie on the table at the end, with the cards laid off on them
    assert ann[:3] == [
        "Melds: 7♠ 7♥ 7♦ 7♣ · 2♣ 3♣ 4♣ 5♣",
        "Laid off K♠",
        "Deadwood 3♥ 5♥ 4♦: 12",
    ]


def test_lay_offs_on_any_opponents_melds_with_the_option() -> None:
    """Ruling 6.3.1 [OPT] (docs/examples/jersey_gin/lay-offs-any.json): the defenders lay their
    melds down first, then lay off in turn on the knocker's or the other defender's melds."""
    show = Show(end="knock", by=Seat(0), cards=cards("5H 6H 7H 9S 9D 9C JC QC KC 2D"))
    bob_meld = Meld(seat=Seat(1), cards=cards("2S 3S 4S"))
    plain = game()
    log: list[Event] = [Deal(dealer=Seat(2)), show]
    assert refused(plain, log, bob_meld) == ["out-of-order"]  # the default: knocker's melds only
    rules = game({"layoff_targets": "any"})
    assert refused(rules, log, Meld(seat=Seat(0), cards=cards("2S 3S 4S"))) == ["meld-by-knocker"]
    assert refused(rules, log, Meld(seat=Seat(1), cards=cards("9H 9S 9C"))) == ["card-twice"]
    log += [bob_meld, Meld(seat=Seat(2), cards=cards("6D 7D 8D"))]
    info = {str(k): str(v) for k, v in rules.info(replay(rules, log).state)}
    assert info["Defenders' melds"] == "4: Bob 2♠ 3♠ 4♠ · 5: Cat 6♦ 7♦ 8♦"
    own = LayOff(seat=Seat(1), card=parse_card("5S"), meld=4)
    assert refused(rules, log, own) == ["layoff-on-own-meld"]
    log += [
        LayOff(seat=Seat(1), card=parse_card("4H"), meld=2),
        LayOff(seat=Seat(1), card=parse_card("5D"), meld=5),
    ]
    assert refused(rules, log, Meld(seat=Seat(2), cards=cards("AS AC AD"))) == [
        "melds-after-layoffs"
    ]
    log += [
        LayOff(seat=Seat(2), card=parse_card("5S"), meld=4),
        LayOff(seat=Seat(2), card=parse_card("8H"), meld=2),
    ]
    # each defender holds 10 less 3 laid down and 2 laid off
    short = Rest(cards=((), cards("KD KH 7C 6C"), cards("AS AC 3C 4D 10S")))
    assert refused(rules, log, short) == ["wrong-card-count"]
    log.append(Rest(cards=((), cards("KD KH 7C 6C 10D"), cards("AS AC 3C 4D 10S"))))
    state = replay(rules, log).state
    # Ann 2; Bob 10 + 10 + 7 + 6 + 10 = 43; Cat 1 + 1 + 3 + 4 + 10 = 19: (43 - 2) + (19 - 2)
    assert rules.hands(state)[0].points == (58, 0, 0)
    bob = [str(line.label) for line in rules.hands(state)[0].lines[1]]
    assert bob[:2] == ["Melds: 2♠ 3♠ 4♠ 5♠", "Laid off 4♥ 5♦"]


def test_the_knockers_melds_as_laid_out_are_binding() -> None:
    """Ruling 6.2.4: 3♥ 4♥ 5♥ 3♠ 3♦ 10♣ J♣ Q♣ K♣ A♠ is best as two runs (3♠ 3♦ A♠ left: 7),
    but Ann may lay out the 3s as a set (4♥ 5♥ A♠ left: 10): then 3♣ goes on the set, and 6♥
    has no run to go on."""
    rules = game()
    hand = cards("3H 4H 5H 3S 3D 10C JC QC KC AS")
    log: list[Event] = [Deal(dealer=Seat(2))]
    best = Show(end="knock", by=Seat(0), cards=hand)
    shown = replay(rules, [*log, best]).state.hand
    assert shown is not None and shown.shown is not None and shown.shown.deadwood_value == 7
    set_of_3s = Show(
        end="knock", by=Seat(0), cards=hand, melds=(cards("3H 3S 3D"), cards("10C JC QC KC"))
    )
    log.append(set_of_3s)
    state = replay(rules, log).state
    assert state.hand is not None and state.hand.shown is not None
    assert state.hand.shown.deadwood_value == 10
    assert refused(rules, log, LayOff(seat=Seat(1), card=parse_card("3C"), meld=1)) == []
    assert refused(rules, log, LayOff(seat=Seat(1), card=parse_card("6H"), meld=1)) == [
        "layoff-does-not-fit"
    ]
    # refused: a meld of cards not hers, no meld, and melds that leave more than 10
    stray = Show(end="knock", by=Seat(0), cards=hand, melds=(cards("3H 3S 3C"),))
    assert refused(rules, log[:1], stray) == ["meld-not-in-hand"]
    two = Show(end="knock", by=Seat(0), cards=hand, melds=(cards("4H 5H"),))
    assert refused(rules, log[:1], two) == ["not-a-meld"]
    short = Show(end="knock", by=Seat(0), cards=hand, melds=(cards("10C JC QC KC"),))
    problems = rules.violations(replay(rules, log[:1]).state, short)
    assert [p.code for p in problems] == ["knock-too-high"]
    # 3♥ 4♥ 5♥ 3♠ 3♦ A♠ left: 3 + 4 + 5 + 3 + 3 + 1 = 19
    message = str(problems[0].message)
    assert "the melds laid out leave" in message and ", 19;" in message


# --- issue 28, item 4: a joker in `rest`, a knock out of turn, a lay-off on gin -------------


def test_a_joker_among_a_defenders_rest_is_refused_after_a_knock_and_after_the_break() -> None:
    rules = game()
    log = knock_log()
    rest = Rest(cards=((), cards(BOB_REST.replace("2S", "JK")), cards(CAT_REST)))
    assert refused(rules, log[:-1], rest) == ["no-jokers"]
    # after the break, everyone's cards: one joker in Cat's
    played = break_played_log()
    held = played[-1]
    assert isinstance(held, Rest)
    with_joker = Rest(cards=(*held.cards[:2], (parse_card("JK"), *held.cards[2][1:])))
    assert refused(rules, played[:-1], with_joker) == ["no-jokers"]


def break_played_log() -> list[Event]:
    import json
    from pathlib import Path

    from companion.games.log import load_log

    path = Path(__file__).parents[2] / "docs/examples/jersey_gin/break-played.json"
    return list(load_log(json.loads(path.read_text())).events)


def test_with_draws_recorded_only_the_player_who_just_drew_knocks_or_goes_gin() -> None:
    # Ruling 6.2.5: a player knocks after drawing. Ann and Bob have drawn: Bob may knock, not
    # Ann (nor Cat, who has not drawn yet).
    rules = game()
    log: list[Event] = [
        Deal(dealer=Seat(2)),
        Draw(seat=Seat(0), source="stock"),
        Draw(seat=Seat(1), source="stock"),
    ]
    assert refused(rules, log, Result(end="knock", by=Seat(1), deadwood=(20, 5, 30))) == []
    assert refused(rules, log, Result(end="knock", by=Seat(0), deadwood=(5, 20, 30))) == [
        "end-out-of-turn"
    ]
    assert refused(rules, log, Result(end="gin", by=Seat(2), deadwood=(5, 20, 0))) == [
        "end-out-of-turn"
    ]
    show = Show(end="knock", by=Seat(0), cards=cards(ANN))
    problems = rules.violations(replay(rules, log).state, show)
    assert [p.code for p in problems] == ["end-out-of-turn"]
    assert str(problems[0].message) == (
        "Ann cannot knock now: Bob drew last, so only Bob may knock or go gin before the "
        "next draw."
    )
    # without draws recorded, nothing is known of the turn
    assert codes(rules, Result(end="knock", by=Seat(0), deadwood=(5, 20, 30))) == []


def test_a_lay_off_after_gin_is_refused_as_no_layoff_on_gin() -> None:
    rules = game()
    gin = Show(end="gin", by=Seat(0), cards=cards("5H 6H 7H 9S 9D 9C JC QC KC 10C"))
    log: list[Event] = [Deal(dealer=Seat(2)), gin]
    assert refused(rules, log, LayOff(seat=Seat(1), card=parse_card("8H"), meld=2)) == [
        "no-layoff-on-gin"
    ]
    meld = Meld(seat=Seat(1), cards=cards("2S 3S 4S"))
    assert refused(game({"layoff_targets": "any"}), log, meld) == ["no-layoff-on-gin"]
