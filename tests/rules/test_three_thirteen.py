"""Three Thirteen: every check and score line, worked out by hand from rulings §3."""

from __future__ import annotations

import pytest

from companion.games.three_thirteen import play
from companion.games.three_thirteen.game import (
    Deal,
    Hands,
    Result,
    ThreeThirteen,
)
from companion.rules import IllegalEventError, Void, replay
from companion.rules.cards import parse_cards
from companion.rules.core import SetupError, Severity
from companion.rules.events import Event, Seat

NAMES = ("Ann", "Bob", "Cat")


def game(options: dict[str, object] | None = None, seats: int = 3) -> ThreeThirteen:
    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")[:seats]
    return ThreeThirteen(seats, options, names)


#: Hand 1 (3 cards, 3s wild), dealt by Ann: Bob went out, Ann kept 7 and Cat 13.
FIRST_HAND: tuple[Event, ...] = (Deal(dealer=Seat(0)), Result(out=Seat(1), deadwood=(7, 0, 13)))


def hands(out: int, *cards: str) -> Hands:
    """A full entry: who went out, and each player's cards typed ("4H 4S 9D")."""
    return Hands(out=Seat(out), cards=tuple(parse_cards(c) for c in cards))


def codes(rules: ThreeThirteen, log: list[Event], event: Event) -> list[str]:
    state = replay(rules, log).state
    return [v.code for v in rules.violations(state, event)]


def test_the_eleven_hands() -> None:
    assert [play.cards_dealt(n) for n in (1, 2, 9, 11)] == [3, 4, 11, 13]
    assert [play.wild_rank(n) for n in (1, 9, 10, 11)] == [3, 11, 12, 13]  # 3s, J, Q, K


def test_packs_by_players() -> None:
    assert [play.decks_for(n, 0) for n in (2, 3, 4, 5, 6, 7)] == [1, 2, 2, 3, 3, 4]
    assert play.decks_for(6, 1) == 1
    assert game({"decks": 2}, 2).decks() == 2


def test_seats() -> None:
    with pytest.raises(SetupError):
        ThreeThirteen(1)
    ThreeThirteen(8)


def test_quick_entry_scores_the_deadwood() -> None:
    rules = game()
    log: list[Event] = [*FIRST_HAND]
    state = replay(rules, log).state
    assert rules.hands(state)[0].points == (7, 0, 13)
    assert [str(line.label) for line in rules.hands(state)[0].lines[1]] == [
        "Went out: every card melded"
    ]
    assert state.next_dealer == 1


def test_the_player_out_has_no_deadwood() -> None:
    rules = game()
    assert codes(rules, [Deal(dealer=Seat(0))], Result(out=Seat(1), deadwood=(7, 3, 13))) == [
        "out-has-deadwood"
    ]


def test_deadwood_above_the_hands_maximum() -> None:
    rules = game()
    # hand 1: 3 cards, 10 at most each: 30
    log: list[Event] = [Deal(dealer=Seat(0))]
    assert codes(rules, log, Result(out=Seat(1), deadwood=(30, 0, 0))) == []
    assert codes(rules, log, Result(out=Seat(1), deadwood=(31, 0, 0))) == ["deadwood-too-high"]
    assert codes(rules, log, Result(out=Seat(1), deadwood=(-1, 0, 0))) == ["deadwood-negative"]
    # aces at 15 raise the bound to 45
    aces = game({"ace_value": 15})
    assert codes(aces, log, Result(out=Seat(1), deadwood=(45, 0, 0))) == []


def test_full_entry_finds_the_best_arrangement() -> None:
    rules = game()
    log: list[Event] = [
        *FIRST_HAND,
        Deal(dealer=Seat(1)),
        hands(2, "4H 4S 9D KC", "2H 3H 4D 9S", "7S 7D 7C 4C"),
    ]
    state = replay(rules, log).state
    # 4s wild: Ann melds the king with both wild 4s and keeps the 9 (9, not 10)
    assert rules.hands(state)[1].points == (9, 9, 0)
    assert rules.scores(state) == (16, 9, 13)
    arrangements = state.arrangements[1]
    assert arrangements is not None
    assert [str(c) for c in arrangements[0].deadwood] == ["9D"]


def test_going_out_needs_every_card_melded() -> None:
    rules = game()
    entry = hands(0, "3H 4S 9D", "2H 2S 2D", "7S 7D 7C")
    state = replay(rules, [Deal(dealer=Seat(0))]).state
    problems = rules.violations(state, entry)
    assert [p.code for p in problems] == ["out-not-melded"]
    assert "Ann cannot have gone out" in problems[0].message
    assert "16 points" in problems[0].message  # no meld in 3 cards: 3 + 4 + 9


def test_cards_checked_against_the_packs() -> None:
    rules = game(seats=2)  # one pack
    log: list[Event] = [Deal(dealer=Seat(0))]
    twice = hands(0, "9H 9S 9D", "9H 2S 5D")
    assert codes(rules, log, twice) == ["too-many-copies"]
    short = hands(0, "9H 9S 9D", "2S 5D")
    assert codes(rules, log, short) == ["wrong-card-count"]
    joker = hands(0, "9H 9S 9D", "2S 5D JK")
    assert codes(rules, log, joker) == ["no-jokers"]
    # two packs for three players: two 9♥ are fine, and make a set by default
    three = game()
    ok = hands(0, "9H 9H 9S", "2S 5D 7C", "2S 6D 8C")
    assert codes(three, log, ok) == []
    distinct = game({"identical_in_set": False})
    assert codes(distinct, log, ok) == ["out-not-melded"]


def test_house_options() -> None:
    rules = game({"wild_penalty": 20, "ace_value": 15, "going_out_bonus": -10})
    log: list[Event] = [
        Deal(dealer=Seat(2)),
        hands(0, "3H 3S 3D", "AH 3C KD", "2S 2D 3C"),
    ]
    state = replay(rules, log).state
    assert rules.hands(state)[0].points == (-10, 45, 0)


def test_wrong_dealer_is_flagged_not_refused() -> None:
    rules = game()
    log: list[Event] = [*FIRST_HAND]
    state = replay(rules, log).state
    problems = rules.violations(state, Deal(dealer=Seat(2)))
    assert [(p.code, p.severity) for p in problems] == [("wrong-dealer", Severity.IRREGULARITY)]


def test_entries_out_of_order() -> None:
    rules = game()
    assert codes(rules, [], Result(out=Seat(1), deadwood=(7, 0, 13))) == ["out-of-order"]
    assert codes(rules, [Deal(dealer=Seat(0))], Deal(dealer=Seat(1))) == ["out-of-order"]


def test_eleven_hands_end_the_game_and_ties_share() -> None:
    rules = game(seats=2)
    log: list[Event] = []
    for n in range(11):
        log += [
            Deal(dealer=Seat(n % 2)),
            Result(out=Seat(n % 2), deadwood=(0, 5) if n % 2 == 0 else (5, 0)),
        ]
    state = replay(rules, log).state
    # Ann went out in hands 1 3 5 7 9 11 (Bob +5 each: 30), Bob in 2 4 6 8 10 (Ann 25)
    assert rules.scores(state) == (25, 30)
    end = rules.outcome(state)
    assert end is not None and end.winners == (0,)
    with pytest.raises(IllegalEventError):
        replay(rules, [*log, Deal(dealer=Seat(1))])
    tie = log[:-1] + [Result(out=Seat(1), deadwood=(0, 0))]
    state = replay(rules, tie).state
    assert rules.scores(state) == (25, 25)
    end = rules.outcome(state)
    assert end is not None and end.winners == (0, 1)


def test_undo_a_hand() -> None:
    rules = game()
    log: list[Event] = [*FIRST_HAND, Void(target=1)]
    state = replay(rules, log).state
    assert state.hand is not None and not state.done


def test_screen_shows_wild_rank_and_cards_dealt() -> None:
    rules = game()
    state = replay(rules, [*FIRST_HAND, Deal(dealer=Seat(1))]).state
    info = {str(k): str(v) for k, v in rules.info(state)}
    assert info["Wild"] == "4s"
    assert info["Cards dealt"] == "4"
    assert info["Hand"] == "2 of 11"
    assert info["Standing"] == "Ann 7 · Bob 0 · Cat 13"
    labels = [str(r.label) for r in rules.reminders(state)]
    assert labels[0] == "Wild: 4s"
    assert "Bob" in str(rules.prompt(replay(rules, list(FIRST_HAND)).state))


def test_doctests() -> None:
    import doctest

    from companion.games.three_thirteen import examples, game, play
    from companion.rules import melds

    for module in (game, play, examples, melds):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_declared_arrangement_option() -> None:
    rules = game({"arrangement": "declared"})
    log: list[Event] = [Deal(dealer=Seat(0))]
    cards = (parse_cards("5H 6H 7H"), parse_cards("9S 9D 3C"), parse_cards("KS QS 3H"))
    # Ann and Cat lay out nothing: their cards all count, though each could meld everything
    melds = ((), (parse_cards("9S 9D 3C"),), ())
    state = replay(rules, [*log, Hands(out=Seat(1), cards=cards, melds=melds)]).state
    assert rules.hands(state)[0].points == (18, 0, 23)
    label = str(rules.hands(state)[0].lines[0][0].label)
    assert label == "Left over 7♥ 6♥ 5♥ (melds as laid out: no meld)"

    def check(**changes: object) -> list[str]:
        event = Hands(out=Seat(1), cards=cards, melds=melds)
        import dataclasses

        return codes(rules, log, dataclasses.replace(event, **changes))

    assert check(melds=None) == ["melds-missing"]
    assert check(melds=((parse_cards("5H 6H KS"),), melds[1], ())) == ["not-a-meld"]
    assert check(melds=((parse_cards("5H 6H 3C"),), melds[1], ())) == ["meld-card-not-held"]
    assert check(melds=((), (), ())) == ["out-not-melded"]
    # with the default, laid-out melds are only shown: the best arrangement scores
    best = game()
    state = replay(best, [*log, Hands(out=Seat(1), cards=cards, melds=melds)]).state
    assert best.hands(state)[0].points == (0, 0, 0)
