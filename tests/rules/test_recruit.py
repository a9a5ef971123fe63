"""Recruit (shared/rules/recruit/source.txt, with the rulings in rulings.md winning)."""

from __future__ import annotations

import doctest
from collections.abc import Sequence
from typing import Any

import pytest

from companion.games.recruit import Deal, Exchange, Pile, Piles, Recruit, Trick
from companion.games.recruit import game as recruit_module
from companion.games.recruit.game import Collected, RecruitState
from companion.rules import (
    Event,
    IllegalEventError,
    Outcome,
    SetupError,
    Severity,
    Violation,
    replay,
)
from companion.rules.cards import JACK, KING, QUEEN, Card, Suit, deck, parse_card, parse_cards
from companion.rules.events import Seat
from companion.rules.text import Text
from companion.rules.tricks import winner_index

NAMES = ("Ann", "Bob", "Cat", "Dan")
FACE_RANKS = (JACK, QUEEN, KING)


def rules_for(n: int, **options: str) -> Recruit:
    return Recruit(n, options, NAMES[:n])


def deal(dealer: int, shown: str = "2H", *variants: str) -> Deal:
    return Deal(dealer=Seat(dealer), shown=parse_card(shown), variants=frozenset(variants))


def trick(cards: str, leader: int | None = None) -> Trick:
    return Trick(cards=parse_cards(cards), leader=None if leader is None else Seat(leader))


def piles(*sizes: int) -> Piles:
    return Piles(piles=tuple(Pile(cards=n) for n in sizes))


def state_after(rules: Recruit, events: Sequence[Event]) -> RecruitState:
    return replay(rules, events).state


def flags(rules: Recruit, events: Sequence[Event]) -> list[tuple[int, Violation]]:
    return list(replay(rules, events).flagged)


def assert_sentence(message: str) -> None:
    assert isinstance(message, Text), f"not a translatable Text: {message!r}"
    assert message[:1].isupper() or message[:1].isdigit(), message  # "2♠ was ..." is fine
    assert message.endswith("."), message
    assert "  " not in message, message


def test_module_doctest_plays_a_hand() -> None:
    result = doctest.testmod(recruit_module)
    assert result.failed == 0
    assert result.attempted > 0


# --- building a whole hand card by card -------------------------------------------------------
#
# Every trick below is made of cards of one suit (or the joker, led), and its winner plays the
# highest. Everyone always follows suit, so no revoke can be flagged, and each player collects
# exactly the groups they are given.

FILLER_RANKS = (14, 10, 9, 8, 7, 6, 5, 4, 3, 2)


def _filler(avoid: set[Card], suit: Suit, exclude_rank: int | None) -> Card:
    for rank in FILLER_RANKS:
        card = Card(rank, suit)
        if card not in avoid and rank != exclude_rank:
            avoid.add(card)
            return card
    raise AssertionError(f"no filler card left in {suit}")


def group_cards(
    cards: Sequence[Card], n: int, avoid: set[Card], exclude_rank: int | None
) -> tuple[list[list[Card]], list[Card]]:
    """Split one player's collected cards into tricks of ``n`` cards of one suit (the joker may
    join any trick), adding plain filler cards to complete a trick. Returns (tricks, fillers)."""
    joker = [c for c in cards if c.is_joker]
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        if card.suit is not None:
            by_suit.setdefault(card.suit, []).append(card)
    groups: list[list[Card]] = []
    added: list[Card] = []
    for suit, suited in by_suit.items():
        for start in range(0, len(suited), n):
            group = suited[start : start + n]
            if len(group) < n and joker:
                group.append(joker.pop())
            while len(group) < n:
                added.append(_filler(avoid, suit, exclude_rank))
                group.append(added[-1])
            groups.append(group)
    if joker:
        group = [joker.pop()]
        while len(group) < n:
            added.append(_filler(avoid, Suit.SPADES, exclude_rank))
            group.append(added[-1])
        groups.append(group)
    return groups, added


def play_groups(
    n: int, first_leader: int, groups: Sequence[tuple[int, Sequence[Card]]]
) -> list[Trick]:
    """Tricks (in a legal order) in which seat ``w`` wins each ``(w, cards)`` group."""
    pending = list(groups)
    tricks: list[Trick] = []
    leader = first_leader
    while pending:
        # The joker is always led by its winner; any other group can be won from any seat.
        jokers = [g for g in pending if any(c.is_joker for c in g[1])]
        if jokers and jokers[0][0] == leader:
            chosen = jokers[0]
        else:
            plain = [g for g in pending if g not in jokers]
            assert plain, "the joker's winner never gets the lead"
            own = [g for g in plain if jokers and g[0] == jokers[0][0]]
            chosen = own[0] if own else plain[0]
        pending.remove(chosen)
        winner, cards = chosen
        ordered = sorted(cards, key=lambda c: (c.is_joker, c.rank), reverse=True)
        seats = [(winner + k) % n for k in range(n)]
        by_seat = dict(zip(seats, ordered, strict=True))
        tricks.append(Trick(cards=tuple(by_seat[(leader + i) % n] for i in range(n))))
        leader = winner
    return tricks


def plain_groups(
    n: int, count: int, avoid: set[Card], exclude_rank: int | None
) -> list[list[Card]]:
    """``count`` tricks of ``n`` plain cards of one suit each (no faces, no matching rank)."""
    out: list[list[Card]] = []
    for suit in Suit:
        pool = [
            Card(r, suit) for r in FILLER_RANKS if Card(r, suit) not in avoid and r != exclude_rank
        ]
        while len(pool) >= n and len(out) < count:
            out.append(pool[:n])
            avoid.update(pool[:n])
            pool = pool[n:]
    assert len(out) == count, "not enough plain cards"
    return out


def pile_of(cards: Sequence[Card], shown: Card, variants: frozenset[str]) -> Pile:
    faces = [sum(1 for c in cards if c.rank == r) for r in FACE_RANKS]
    matching = "match" in variants and not shown.is_joker and shown.rank not in FACE_RANKS
    matches = sum(1 for c in cards if c.rank == shown.rank) if matching else None
    return Pile(cards=len(cards), jacks=faces[0], queens=faces[1], kings=faces[2], matches=matches)


def collected(cards: Sequence[Card], shown: Card, variants: frozenset[str]) -> Collected:
    faces = tuple(sum(1 for c in cards if c.rank == r) for r in FACE_RANKS)
    match = "match" in variants and not shown.is_joker
    matches = sum(1 for c in cards if c.rank == shown.rank) if match else 0
    return Collected(len(cards), faces, matches)  # type: ignore[arg-type]


# --- scoring ----------------------------------------------------------------------------------

SCORING = [
    # id, options, variants, shown, collected cards, points
    ("source-example-5-cards", {}, (), "2H", "3S 6H 8D JC KC", 5),
    ("source-example-two-kings", {}, (), "2H", "3S 6H 8D JC KC KD", 1),
    ("source-example-two-jacks-three-kings", {}, (), "2H", "3S 6H 8D JC JD KC KD KS", -2),
    ("no-cards", {}, (), "2H", "", 0),
    ("joker-counts-as-a-card", {}, (), "2H", "JK 5C", 2),
    ("four-kings-penalised-once", {}, (), "2H", "KS KH KD KC", -1),
    ("every-face-rank-doubled", {}, (), "2H", "JS JH QS QH KS KH", -9),
    ("one-of-each-face-no-penalty", {}, (), "2H", "JS QH KD 4C", 4),
    ("low-penalty-two-kings", {}, ("low_penalty",), "2H", "3S 6H 8D JC KC KD", 3),
    ("low-penalty-source-example-3", {}, ("low_penalty",), "2H", "3S 6H 8D JC JD KC KD KS", 2),
    ("dream-team", {}, ("dream_team",), "2H", "JS QH KD 4C", 9),
    ("dream-team-with-joker", {}, ("dream_team",), "7H", "JK 4C 9H JD QS KH", 11),
    ("dream-team-not-with-two-kings", {}, ("dream_team",), "2H", "JS QH KD KC 2C 3C", 1),
    ("dream-team-not-without-a-queen", {}, ("dream_team",), "2H", "JS KD 2C 3C", 4),
    ("dream-team-and-low-penalty", {}, ("dream_team", "low_penalty"), "2H", "JS QH KD", 8),
    ("dream-team-not-declared", {}, (), "2H", "JS QH KD 4C", 4),
    ("match-instead", {}, ("match",), "7H", "7S 7D 2C 3C", 10),
    ("match-bonus", {"match_scoring": "bonus"}, ("match",), "7H", "7S 7D 2C 3C", 12),
    ("match-three-sevens", {}, ("match",), "7H", "7S 7D 7C 2C 3C 4C", 15),
    ("match-none-collected", {}, ("match",), "7H", "2C 3C", 2),
    ("match-not-declared", {}, (), "7H", "7S 7D 2C 3C", 4),
    ("match-joker-shown-nothing-matches", {}, ("match",), "JK", "7S 7D 2C 3C", 4),
    ("match-joker-shown-bonus", {"match_scoring": "bonus"}, ("match",), "JK", "7S 7D", 2),
    ("match-queen-shown-instead", {}, ("match",), "QH", "QS QD 2C 3C", 5),
    ("match-queen-shown-bonus", {"match_scoring": "bonus"}, ("match",), "QH", "QS QD 2C 3C", 7),
    ("match-king-single", {}, ("match",), "KH", "KS 2C", 5),
    ("match-queen-dream-team", {}, ("match", "dream_team"), "QH", "JS QS KD 2C", 12),
    ("match-ace-low-penalty", {}, ("match", "low_penalty"), "AS", "AH AD KS KC", 7),
]
SCORING_PARAMS = [pytest.param(*row[1:], id=row[0]) for row in SCORING]


@pytest.mark.parametrize(("options", "variants", "shown", "cards", "points"), SCORING_PARAMS)
def test_hand_score_of_a_pile(
    options: dict[str, str], variants: tuple[str, ...], shown: str, cards: str, points: int
) -> None:
    rules = rules_for(2, **options)
    got = collected(parse_cards(cards), parse_card(shown), frozenset(variants))
    lines = rules.score_lines(frozenset(variants), parse_card(shown), got)
    assert sum(line.points for line in lines) == points
    for line in lines:
        assert line.label and line.rule in ("scoring", "variants")


def _padded(shown: str, cards: str, variants: tuple[str, ...]) -> tuple[list[list[Card]], int]:
    """Seat 0's tricks for ``cards`` (two players), and how many plain cards were added."""
    turned = parse_card(shown)
    match_rank = turned.rank if "match" in variants and not turned.is_joker else None
    avoid = {turned, *parse_cards(cards)}
    groups, added = group_cards(parse_cards(cards), 2, avoid, match_rank)
    return groups, len(added)


def _hand_events(shown: str, cards: str, variants: tuple[str, ...], by_tricks: bool) -> list[Event]:
    turned = parse_card(shown)
    match_rank = turned.rank if "match" in variants and not turned.is_joker else None
    mine, _ = _padded(shown, cards, variants)
    avoid = {turned, *(c for g in mine for c in g)}
    theirs = plain_groups(2, 13 - len(mine), avoid, match_rank)
    start: list[Event] = [deal(1, shown, *variants)]  # Ann (seat 0) leads trick 1
    if by_tricks:
        return start + play_groups(2, 0, [(0, g) for g in mine] + [(1, g) for g in theirs])
    flat = [[c for g in groups for c in g] for groups in (mine, theirs)]
    pile_list = tuple(pile_of(p, turned, frozenset(variants)) for p in flat)
    return [*start, Piles(piles=pile_list)]


@pytest.mark.parametrize("by_tricks", [False, True], ids=["piles", "thirteen-tricks"])
@pytest.mark.parametrize(("options", "variants", "shown", "cards", "points"), SCORING_PARAMS)
def test_hand_score_through_a_replayed_entry(
    options: dict[str, str],
    variants: tuple[str, ...],
    shown: str,
    cards: str,
    points: int,
    by_tricks: bool,
) -> None:
    """The hand scored from a piles entry, or from thirteen tricks entered card by card (which
    scores as the piles do)."""
    rules = rules_for(2, **options)
    events = _hand_events(shown, cards, variants, by_tricks=by_tricks)
    _, extra = _padded(shown, cards, variants)
    result = replay(rules, events)
    assert result.flagged == ()
    [hand] = rules.hands(result.state)
    assert hand.points[0] == points + extra
    if by_tricks:
        piles_events = _hand_events(shown, cards, variants, by_tricks=False)
        assert hand.points == rules.hands(state_after(rules, piles_events))[0].points
        assert hand.summary.endswith("card by card")
    else:
        assert sum(line.points for line in hand.lines[0]) == hand.points[0]


def test_worked_examples_of_the_rules_page_score_the_same_card_by_card() -> None:
    from companion.games.recruit.examples import EXAMPLES, example_points

    for example in EXAMPLES:
        total, _ = example_points(example)
        assert total == example.expected, example.title
        rules = Recruit(2, example.options)
        variants = tuple(sorted(example.variants))
        events = _hand_events(example.shown, example.collected, variants, by_tricks=True)
        _, extra = _padded(example.shown, example.collected, variants)
        [hand] = rules.hands(state_after(rules, events))
        assert hand.points[0] == example.expected + extra, example.title


def test_score_lines_explain_the_match_instead_scoring() -> None:
    rules = rules_for(2)
    got = collected(parse_cards("7S 7D 2C 3C"), parse_card("7H"), frozenset({"match"}))
    lines = rules.score_lines(frozenset({"match"}), parse_card("7H"), got)
    assert [(x.label, x.points) for x in lines] == [
        ("2 other cards collected, 1 each", 2),
        ("Match: 2 × 7, 4 each", 8),
    ]


def test_score_lines_explain_penalties_and_dream_team() -> None:
    rules = rules_for(2)
    variants = frozenset({"low_penalty", "dream_team"})
    got = collected(parse_cards("JS JH QS KS KH 2C"), parse_card("2H"), variants)
    assert [(x.label, x.points) for x in rules.score_lines(variants, parse_card("2H"), got)] == [
        ("6 cards collected, 1 each", 6),
        ("2 Jacks: penalty", -3),
        ("2 Kings: penalty", -3),
    ]


# --- validation: one row per rule ---------------------------------------------------------

FOUR_FULL = Piles(
    piles=(
        Pile(cards=12, jacks=1, queens=1, kings=1),
        Pile(cards=16, jacks=1, queens=1, kings=1),
        Pile(cards=12, jacks=1, queens=1, kings=1),
        Pile(cards=12, jacks=1, queens=1, kings=1),
    )
)
FOUR_PLAYED = [deal(3, "2H"), FOUR_FULL, deal(0), FOUR_FULL, deal(1), FOUR_FULL, deal(2), FOUR_FULL]

# fmt: off
VIOLATIONS: list[Any] = [
    # id, players, events before, the event, code, words the message must contain
    ("wrong-dealer", 2, [deal(0), piles(10, 16)], deal(0), "wrong-dealer",
     ["It is Bob's deal", "not Ann's"]),
    ("wrong-dealer-3p", 3, [deal(2), piles(9, 18, 12)], deal(1), "wrong-dealer",
     ["It is Ann's deal", "not Bob's"]),
    ("keeper-and-passer", 2, [], deal(0, "2H", "keeper", "passer"), "keeper-and-passer",
     ["Keeper", "Passer"]),
    ("unknown-variant", 2, [], deal(0, "2H", "blind", "match"), "unknown-variant", ["blind"]),
    ("shown-red-joker", 2, [], deal(0, "RJ"), "not-in-deck", ["plain joker (JK)"]),
    ("swap-five", 2, [deal(0)], Exchange(swapped=(5, 0)), "swap-count",
     ["Ann swapped 5 cards", "0 to 4"]),
    ("swap-negative", 3, [deal(0)], Exchange(swapped=(0, 0, -1)), "swap-count",
     ["Cat swapped -1 cards"]),
    ("pass-partner", 4, [deal(0)], Exchange(swapped=(4, 4, 3, 4)), "pass-count",
     ["Cat passed 3 cards", "exactly 4 to their partner"]),
    ("pass-left", 3, [deal(0, "2H", "passer")], Exchange(swapped=(4, 0, 4)), "pass-count",
     ["Bob passed 0 cards", "exactly 4 to the left"]),
    ("pass-left-2p", 2, [deal(0, "2H", "passer")], Exchange(swapped=(4, 5)), "pass-count",
     ["Bob passed 5 cards"]),
    ("keeper-no-exchange", 2, [deal(0, "2H", "keeper")], Exchange(swapped=(0, 0)),
     "keeper-no-exchange", ["Keeper"]),
    ("exchange-twice", 2, [deal(0), Exchange(swapped=(1, 2))], Exchange(swapped=(1, 2)),
     "exchange-twice", ["already recorded"]),
    ("pile-size-odd", 2, [deal(0)], piles(11, 15), "pile-size",
     ["Ann's pile has 11 cards", "multiple of 2"]),
    ("pile-size-3p", 3, [deal(0)], piles(9, 17, 13), "pile-size", ["Bob's pile has 17 cards"]),
    ("pile-size-negative", 2, [deal(0)], piles(-2, 28), "pile-size", ["Ann's pile has -2 cards"]),
    ("piles-total", 2, [deal(0)], piles(10, 14), "piles-total", ["24 cards", "make 26"]),
    ("piles-total-4p", 4, [deal(0)], piles(12, 12, 12, 12), "piles-total", ["48", "52"]),
    ("rank-total-4p-too-few", 4, [deal(0)],
     Piles(piles=(Pile(cards=16, jacks=4, queens=4, kings=3), Pile(cards=12),
                  Pile(cards=12), Pile(cards=12))),
     "rank-total", ["3 Kings", "exactly 4"]),
    ("rank-total-4p-shown-king", 4, [deal(0, "KH")],
     Piles(piles=(Pile(cards=16, jacks=4, queens=4, kings=4), Pile(cards=12),
                  Pile(cards=12), Pile(cards=12))),
     "rank-total", ["4 Kings", "exactly 3 (one was turned up)"]),
    ("rank-total-2p-upper-bound", 2, [deal(0)],
     Piles(piles=(Pile(cards=10, jacks=3), Pile(cards=16, jacks=2))),
     "rank-total", ["5 Jacks", "at most 4"]),
    ("rank-total-3p-shown-queen", 3, [deal(0, "QS")],
     Piles(piles=(Pile(cards=9, queens=2), Pile(cards=9, queens=2), Pile(cards=21))),
     "rank-total", ["4 Queens", "at most 3 (one was turned up)"]),
    ("rank-total-4p-matches", 4, [deal(0, "7H", "match")],
     Piles(piles=(Pile(cards=16, jacks=4, queens=4, kings=4, matches=2),
                  Pile(cards=12, matches=0), Pile(cards=12, matches=0),
                  Pile(cards=12, matches=0))),
     "rank-total", ["2 matching cards", "exactly 3 (one was turned up)"]),
    ("face-count", 2, [deal(0)], Piles(piles=(Pile(cards=10, jacks=5), Pile(cards=16))),
     "face-count", ["Ann cannot have 5 Jacks"]),
    ("face-count-negative", 2, [deal(0)],
     Piles(piles=(Pile(cards=10), Pile(cards=16, kings=-1))),
     "face-count", ["Bob cannot have -1 Kings"]),
    ("match-missing", 2, [deal(0, "7H", "match")], piles(10, 16), "match-missing",
     ["how many 7s Ann collected"]),
    ("match-count-face", 2, [deal(0, "QH", "match")],
     Piles(piles=(Pile(cards=10, queens=2, matches=1), Pile(cards=16))),
     "match-count", ["Ann: the matching cards are the queens (2), not 1"]),
    ("match-count-too-many", 2, [deal(0, "7H", "match")],
     Piles(piles=(Pile(cards=10, matches=4), Pile(cards=16, matches=0))),
     "match-count", ["Ann cannot have 4 matching cards"]),
    ("no-match-not-declared", 2, [deal(0, "7H")],
     Piles(piles=(Pile(cards=10), Pile(cards=16, matches=2))),
     "no-match", ["Bob", "Match was not declared"]),
    ("no-match-joker-shown", 2, [deal(0, "JK", "match")],
     Piles(piles=(Pile(cards=10, matches=1), Pile(cards=16))),
     "no-match", ["Ann", "the joker was turned up"]),
    ("pile-too-small", 2, [deal(0)],
     Piles(piles=(Pile(cards=2, kings=3), Pile(cards=24))),
     "pile-too-small", ["Ann's pile has 2 cards but 3 of them are named"]),
    ("pile-too-small-matches", 2, [deal(0, "7H", "match")],
     Piles(piles=(Pile(cards=2, kings=1, matches=2), Pile(cards=24, matches=0))),
     "pile-too-small", ["Ann's pile has 2 cards but 3 of them are named"]),
    ("trick-size-short", 2, [deal(0)], trick("AS"), "trick-size", ["2 cards", "1 were given"]),
    ("trick-size-long", 3, [deal(0)], trick("AS 2S 3S 4S"), "trick-size", ["3 cards"]),
    ("card-twice-in-trick", 2, [deal(0)], trick("AS AS"), "card-twice",
     ["A♠ appears twice here"]),
    ("card-twice-across-tricks", 2, [deal(1), trick("AS 2S"), trick("KS 3S")], trick("QS 2S"),
     "card-twice", ["2♠ was already played in trick 1"]),
    ("joker-twice", 2, [deal(1), trick("JK 2S")], trick("JK 3S"), "card-twice",
     ["Joker was already played in trick 1"]),
    ("shown-card", 2, [deal(0, "2H")], trick("3H 2H"), "shown-card",
     ["2♥ was turned up", "out of play"]),
    ("shown-joker", 2, [deal(0, "JK")], trick("3H JK"), "shown-card", ["Joker was turned up"]),
    ("not-in-deck-red-joker", 2, [deal(0)], trick("RJ 2S"), "not-in-deck",
     ["plain joker (JK)"]),
    ("not-in-deck-black-joker", 2, [deal(0)], trick("2S BJ"), "not-in-deck",
     ["not a red or black one"]),
    ("wrong-leader-first-trick", 3, [deal(0)], trick("AS 2S 3S", leader=0), "wrong-leader",
     ["Bob leads this trick", "not Ann"]),
    ("wrong-leader-after-win", 2, [deal(1), trick("2S AS")], trick("KD 3D", leader=0),
     "wrong-leader", ["Bob leads this trick", "not Ann"]),
    ("out-of-order-before-deal", 2, [], piles(10, 16), "out-of-order",
     ["piles cannot be recorded now", "the deal of the next hand"]),
    ("out-of-order-trick-before-deal", 2, [deal(0), piles(10, 16)], trick("AS 2S"),
     "out-of-order", ["trick cannot be recorded now"]),
    ("out-of-order-exchange-after-trick", 2, [deal(1), trick("AS 2S")],
     Exchange(swapped=(0, 0)), "out-of-order", ["expecting trick 2"]),
    ("out-of-order-piles-after-trick", 2, [deal(1), trick("AS 2S")], piles(10, 16),
     "out-of-order", ["expecting trick 2"]),
    ("out-of-order-deal-mid-hand", 2, [deal(0)], deal(1), "out-of-order",
     ["the exchange, the first trick or the piles"]),
    ("game-over", 4, FOUR_PLAYED, deal(3), "game-over", ["The game is over"]),
    ("game-over-trick", 4, FOUR_PLAYED, trick("AS 2S 3S 4S"), "game-over", ["game is over"]),
]
# fmt: on


@pytest.mark.parametrize(
    ("n", "before", "event", "code", "words"),
    [pytest.param(*row[1:], id=row[0]) for row in VIOLATIONS],
)
def test_violation_code_and_message(
    n: int, before: list[Event], event: Event, code: str, words: list[str]
) -> None:
    rules = rules_for(n)
    state = state_after(rules, before)
    problems = rules.violations(state, event)
    assert code in [v.code for v in problems]
    violation = next(v for v in problems if v.code == code)
    assert violation.severity is Severity.ERROR
    for word in words:
        assert word in violation.message
    assert_sentence(violation.message)
    assert not rules.can_apply(state, event)
    with pytest.raises(IllegalEventError) as err:
        replay(rules, [*before, event])
    assert err.value.index == len(before)


def test_every_violation_code_listed_in_the_brief_is_covered() -> None:
    covered = {row[4] for row in VIOLATIONS}
    assert covered >= {
        "wrong-dealer",
        "keeper-and-passer",
        "unknown-variant",
        "swap-count",
        "pass-count",
        "keeper-no-exchange",
        "exchange-twice",
        "pile-size",
        "piles-total",
        "rank-total",
        "face-count",
        "match-missing",
        "match-count",
        "no-match",
        "pile-too-small",
        "trick-size",
        "card-twice",
        "shown-card",
        "not-in-deck",
        "wrong-leader",
        "out-of-order",
        "game-over",
    }


@pytest.mark.parametrize(
    ("n", "before", "event"),
    [
        pytest.param(2, [], deal(1, "JK", "keeper", "match", "dream_team"), id="first-deal-any"),
        pytest.param(2, [deal(0)], Exchange(swapped=(0, 4)), id="swap-0-to-4"),
        pytest.param(3, [deal(0)], Exchange(swapped=(4, 4, 4)), id="swap-3p"),
        pytest.param(4, [deal(0)], Exchange(swapped=(4, 4, 4, 4)), id="pass-partner"),
        pytest.param(2, [deal(0, "2H", "passer")], Exchange(swapped=(4, 4)), id="passer-2p"),
        pytest.param(2, [deal(0)], piles(0, 26), id="empty-pile"),
        pytest.param(
            2,
            [deal(0)],
            Piles(piles=(Pile(cards=10, jacks=4, queens=4), Pile(cards=16, kings=4))),
            id="all-faces-2p",
        ),
        pytest.param(
            2,
            [deal(0)],
            Piles(piles=(Pile(cards=10, jacks=1), Pile(cards=16))),
            id="faces-upper-bound-2p",
        ),
        pytest.param(
            2,
            [deal(0, "QH", "match")],
            Piles(piles=(Pile(cards=10, queens=2, matches=2), Pile(cards=16))),
            id="match-face-agrees",
        ),
        pytest.param(
            2,
            [deal(0, "7H")],
            Piles(piles=(Pile(cards=10, matches=0), Pile(cards=16))),
            id="zero-matches-without-match",
        ),
        pytest.param(
            4,
            [deal(0, "7H", "match")],
            Piles(
                piles=(
                    Pile(cards=16, jacks=4, queens=4, kings=4, matches=3),
                    Pile(cards=12, matches=0),
                    Pile(cards=12, matches=0),
                    Pile(cards=12, matches=0),
                )
            ),
            id="four-player-exact-with-match",
        ),
        pytest.param(2, [deal(0)], trick("JK 2S"), id="joker-led"),
        pytest.param(2, [deal(0, "JK")], trick("2S 3S"), id="joker-shown-no-trump"),
    ],
)
def test_legal_events_have_no_violations(n: int, before: list[Event], event: Event) -> None:
    rules = rules_for(n)
    state = state_after(rules, before)
    assert rules.violations(state, event) == []


def test_red_and_black_jokers_are_not_in_the_recruit_pack() -> None:
    assert parse_card("JK") in recruit_module.DECK
    assert parse_card("RJ") not in recruit_module.DECK
    assert parse_card("BJ") not in recruit_module.DECK
    assert frozenset(deck(53)) == recruit_module.DECK


# --- trick winners ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shown", "cards", "winner"),
    [
        ("2H", "AS JK AH", 1),
        ("2H", "JK AH AS", 0),
        ("2H", "AS KH 3S", 1),
        ("2H", "AS 3H KH", 2),
        ("2H", "10S AS 3S", 1),
        ("2H", "2S AD", 0),
        ("2H", "2S AD AC 3S", 3),
        ("JK", "2S AH", 0),
        ("JK", "2S AH 3S", 2),
        ("2C", "5D 4D 3C 2D", 2),
    ],
    ids=[
        "joker-beats-trump-ace",
        "joker-led-wins",
        "trump-beats-lead",
        "highest-trump",
        "highest-of-led-suit",
        "off-suit-never-wins",
        "off-suit-aces-never-win",
        "no-trump-when-joker-shown",
        "joker-shown-led-suit-only",
        "single-low-trump",
    ],
)
def test_trick_winner(shown: str, cards: str, winner: int) -> None:
    n = len(parse_cards(cards))
    rules = rules_for(n)
    # The dealer is the last seat, so seat 0 leads and positions are seats.
    state = state_after(rules, [deal(n - 1, shown), trick(cards)])
    assert state.hand is not None
    assert state.hand.tricks[-1].winner == winner
    assert rules.to_act(state) == winner
    turned = parse_card(shown)
    trump = None if turned.is_joker else turned.suit
    lead = None if parse_cards(cards)[0].is_joker else parse_cards(cards)[0].suit
    assert winner_index(parse_cards(cards), lead=lead, trump=trump) == winner


# --- leaders, dealers, hands ------------------------------------------------------------------


@pytest.mark.parametrize(("n", "dealer", "leader"), [(2, 0, 1), (2, 1, 0), (3, 2, 0), (4, 1, 2)])
def test_player_on_the_dealers_left_leads_the_first_trick(n: int, dealer: int, leader: int) -> None:
    rules = rules_for(n)
    state = state_after(rules, [deal(dealer)])
    assert rules.to_act(state) == leader
    assert f"{NAMES[leader]} leads trick 1" in rules.prompt(state)


def test_winner_of_a_trick_leads_the_next() -> None:
    rules = rules_for(3)
    events: list[Event] = [deal(2), trick("2S AS 3S")]  # Bob wins
    assert rules.to_act(state_after(rules, events)) == 1
    events.append(trick("4D 5D KD"))  # led by Bob: Ann plays KD last and wins
    state = state_after(rules, events)
    assert rules.to_act(state) == 0
    assert rules.prompt(state) == "Ann leads trick 3 of 13."
    assert [t.leader for t in state.hand.tricks] == [0, 1]  # type: ignore[union-attr]


def some_piles(n: int) -> Piles:
    """A valid quick entry for a hand: (12, 14), (12, 15, 12) or the four-player FOUR_FULL."""
    return {2: piles(12, 14), 3: piles(12, 15, 12), 4: FOUR_FULL}[n]


def _hands(rules: Recruit, first_dealer: int, count: int) -> list[Event]:
    n = rules.n_seats
    events: list[Event] = []
    for number in range(count):
        events += [deal((first_dealer + number) % n), some_piles(n)]
    return events


@pytest.mark.parametrize(
    ("n", "first", "dealers"),
    [(2, 1, [1, 0, 1, 0]), (3, 1, [1, 2, 0, 1]), (4, 2, [2, 3, 0, 1])],
    ids=["two-players", "three-players-one-deals-twice", "four-players"],
)
def test_deal_passes_clockwise_for_four_hands(n: int, first: int, dealers: list[int]) -> None:
    rules = rules_for(n)
    events: list[Event] = []
    for number, dealer in enumerate(dealers, start=1):
        state = state_after(rules, events)
        if number == 1:
            assert rules.prompt(state) == "Who deals hand 1 of 4? Record the deal."
            assert rules.dealer(state) is None
        else:
            assert rules.prompt(state) == f"{NAMES[dealer]} deals hand {number} of 4."
            assert rules.dealer(state) == rules.to_act(state) == dealer
        events += [deal(dealer), some_piles(n)]
    hands = rules.hands(state_after(rules, events))
    assert [h.dealer for h in hands] == dealers
    assert [h.number for h in hands] == [1, 2, 3, 4]
    if n == 3:
        assert dealers.count(1) == 2


def test_game_is_over_after_four_hands() -> None:
    rules = rules_for(3)
    events = _hands(rules, 0, 3)
    assert rules.outcome(state_after(rules, events)) is None
    events += [deal(0), piles(9, 18, 12)]
    state = state_after(rules, events)
    assert rules.scores(state) == (3 * 12 + 9, 3 * 15 + 18, 3 * 12 + 12)
    assert rules.outcome(state) == Outcome("hands-played", (1,))
    assert rules.expects(state) == frozenset()
    assert rules.prompt(state) == "Game over: Bob wins."
    assert rules.to_act(state) == 1  # the next dealer in turn, though nothing is expected


def test_four_players_add_partners_totals() -> None:
    rules = rules_for(4)
    assert rules.teams() == ((0, 2), (1, 3))
    hand = Piles(
        piles=(
            Pile(cards=20, jacks=2, queens=1, kings=1),  # 20 - 5 = 15
            Pile(cards=8, jacks=1, queens=1, kings=2),  # 8 - 5 = 3
            Pile(cards=12, jacks=1, queens=1),  # 12
            Pile(cards=12, queens=1, kings=1),  # 12
        )
    )
    events: list[Event] = []
    for dealer in (0, 1, 2, 3):
        events += [deal(dealer), hand]
    state = state_after(rules, events)
    assert rules.scores(state) == (60, 12, 48, 48)
    assert rules.team_totals(state) == (108, 60)
    assert rules.outcome(state) == Outcome("hands-played", (0, 2))
    assert rules.prompt(state) == "Game over: Ann & Cat win."


def test_four_player_partners_score_their_hands_separately() -> None:
    rules = rules_for(4)
    dream = Pile(cards=12, jacks=1, queens=1, kings=1)
    two_jacks = Pile(cards=12, jacks=2, queens=1, kings=1)
    no_jack = Pile(cards=16, queens=1, kings=1)
    state = state_after(
        rules, [deal(0, "2H", "dream_team"), Piles(piles=(dream, two_jacks, no_jack, dream))]
    )
    assert rules.hands(state)[0].points == (17, 7, 16, 17)


def _tied_game(ties: str) -> tuple[Recruit, list[Event]]:
    rules = rules_for(2, ties=ties)
    events: list[Event] = []
    for dealer in (0, 1, 0, 1):
        events += [deal(dealer), piles(12, 14) if dealer == 0 else piles(14, 12)]
    return rules, events


def test_tied_players_share_the_win() -> None:
    rules, events = _tied_game("share")
    state = state_after(rules, events)
    assert rules.scores(state) == (52, 52)
    assert rules.outcome(state) == Outcome("hands-played", (0, 1))
    assert rules.prompt(state) == "Game over: tie between Ann and Bob."


def test_play_off_keeps_the_game_going_until_the_tie_is_broken() -> None:
    rules, events = _tied_game("play-off")
    state = state_after(rules, events)
    assert rules.outcome(state) is None
    assert rules.expects(state) == {"deal"}
    assert rules.prompt(state) == "Ann deals play-off hand 5."
    events += [deal(0), piles(10, 16)]
    state = state_after(rules, events)
    assert rules.outcome(state) == Outcome("hands-played", (1,))
    assert rules.hands(state)[-1].number == 5
    assert rules.prompt(state) == "Game over: Bob wins."


def test_play_off_hand_that_ties_again_plays_another() -> None:
    rules, events = _tied_game("play-off")
    # 18 cards with two jacks and two kings: 18 - 10 = 8, the same as 8 plain cards.
    events += [deal(0), Piles(piles=(Pile(cards=18, jacks=2, kings=2), Pile(cards=8)))]
    state = state_after(rules, events)
    assert rules.scores(state) == (60, 60)
    assert rules.outcome(state) is None
    assert rules.prompt(state) == "Bob deals play-off hand 6."
    state = state_after(rules, [*events, deal(1)])
    assert ("Hand", "play-off") in rules.info(state)


def test_four_player_teams_can_tie() -> None:
    rules = rules_for(4)
    one = Pile(cards=12, jacks=1, queens=1, kings=1)
    big = Pile(cards=16, jacks=1, queens=1, kings=1)
    events: list[Event] = []
    for dealer in (0, 1, 2, 3):
        seat_piles = (big, one, one, one) if dealer % 2 == 0 else (one, one, one, big)
        events += [deal(dealer), Piles(piles=seat_piles)]
    state = state_after(rules, events)
    assert rules.scores(state) == (56, 48, 48, 56)
    assert rules.team_totals(state) == (104, 104)
    assert rules.outcome(state) == Outcome("hands-played", (0, 2, 1, 3))
    assert rules.prompt(state) == "Game over: tie between Ann & Cat and Bob & Dan."


# --- revokes and the joker options ----------------------------------------------------------


def test_revoke_is_flagged_naming_the_player_and_both_tricks() -> None:
    rules = rules_for(2)
    # Bob plays a club on Ann's spade lead in trick 1, then a spade in trick 2.
    result = replay(rules, [deal(1), trick("AS 3C"), trick("KS 4S")])
    [(index, flag)] = result.flagged
    assert index == 2
    assert flag.code == "revoke"
    assert flag.severity is Severity.IRREGULARITY
    assert flag.message == (
        "Revoke by Bob: no spade in trick 1 although 4♠ was still in hand (played in trick 2)."
    )
    assert_sentence(flag.message)


def test_revoke_is_flagged_once_not_for_every_later_card_of_the_suit() -> None:
    rules = rules_for(2)
    events: list[Event] = [deal(1), trick("AS 3C"), trick("KS 4S"), trick("QS 5S"), trick("JS 6S")]
    assert [(i, v.code) for i, v in flags(rules, events)] == [(2, "revoke")]


def test_a_second_revoke_in_a_suit_already_flagged_is_flagged_too() -> None:
    rules = rules_for(2)
    # Bob shows out of spades in trick 1 (4S proves it in trick 2), then again in trick 3
    # (6S proves it in trick 4): two revokes.
    events: list[Event] = [
        deal(1),
        trick("AS 3C"),
        trick("KS 4S"),
        trick("QS 5C"),
        trick("JS 6S"),
    ]
    found = flags(rules, events)
    assert [(i, v.code) for i, v in found] == [(2, "revoke"), (4, "revoke")]
    assert found[1][1].message == (
        "Revoke by Bob: no spade in trick 3 although 6♠ was still in hand (played in trick 4)."
    )


def test_revoke_is_flagged_when_the_revoker_leads_the_suit() -> None:
    rules = rules_for(3)
    # Trick 1: Ann leads spades, Cat discards a diamond. Cat wins trick 2 and leads a spade.
    events: list[Event] = [deal(2), trick("2S 3S 4D"), trick("5H 6H AH"), trick("7S 8S 9S")]
    [(index, flag)] = flags(rules, events)
    assert index == 3
    assert "Revoke by Cat: no spade in trick 1" in flag.message
    assert "(played in trick 3)" in flag.message


def test_failing_to_follow_is_not_flagged_while_the_suit_never_reappears() -> None:
    rules = rules_for(2)
    assert flags(rules, [deal(1), trick("AS 3C"), trick("KD 4D"), trick("QD 5H")]) == []


def test_following_suit_is_never_flagged() -> None:
    rules = rules_for(2)
    assert flags(rules, [deal(1), trick("AS 3S"), trick("KS 4S"), trick("QD 5D")]) == []


def test_two_players_revoking_two_suits_are_flagged_separately() -> None:
    rules = rules_for(2)
    # Bob shows out of spades in trick 1, Ann out of hearts in trick 3 (Bob leads it).
    events: list[Event] = [
        deal(1),
        trick("AS 3C"),
        trick("2D AD"),
        trick("KH 4C"),
        trick("6S 7S"),
        trick("5H 9H"),
    ]
    found = flags(rules, events)
    assert [i for i, _ in found] == [4, 5]
    assert "Revoke by Bob: no spade in trick 1" in found[0][1].message
    assert "(played in trick 4)" in found[0][1].message
    assert "Revoke by Ann: no heart in trick 3" in found[1][1].message
    assert "(played in trick 5)" in found[1][1].message


JOKER_ON_SPADES = [deal(1), trick("AS JK"), trick("4S 3D")]  # Bob won with the joker, leads 4S


def test_joker_played_on_a_led_suit_shows_the_player_out_when_void_only() -> None:
    rules = rules_for(2, joker_play="void-only")
    [(index, flag)] = flags(rules, JOKER_ON_SPADES)
    assert index == 2
    assert flag.message == (
        "Revoke by Bob: no spade in trick 1 although 4♠ was still in hand (played in trick 2)."
    )


def test_joker_may_be_played_any_time_with_the_option() -> None:
    rules = rules_for(2, joker_play="any-time")
    assert flags(rules, JOKER_ON_SPADES) == []


def test_joker_led_is_never_a_revoke_by_the_leader() -> None:
    rules = rules_for(2)
    assert flags(rules, [deal(1), trick("JK 2S"), trick("3S 4S")]) == []


# Ann leads the joker; Bob plays a spade, Cat a diamond. Later Cat plays a spade.
# Cat wins trick 2 and leads 9S in trick 3.
JOKER_LED = [deal(2), trick("JK 5S 3D"), trick("6H 7H 8H"), trick("9S 2S 3S")]


def test_joker_led_with_no_suit_lets_everyone_play_anything() -> None:
    rules = rules_for(3, joker_lead="no-suit")
    state = state_after(rules, JOKER_LED[:2])
    assert state.hand is not None and state.hand.tricks[0].lead is None
    assert flags(rules, JOKER_LED) == []


def test_joker_led_with_next_card_the_second_card_sets_the_suit() -> None:
    rules = rules_for(3, joker_lead="next-card")
    state = state_after(rules, JOKER_LED[:2])
    assert state.hand is not None and state.hand.tricks[0].lead is Suit.SPADES
    [(index, flag)] = flags(rules, JOKER_LED)
    assert index == 3
    assert "Revoke by Cat: no spade in trick 1" in flag.message
    assert "9♠" in flag.message and "trick 3" in flag.message


def test_joker_led_next_card_binds_only_the_players_after_the_second() -> None:
    rules = rules_for(3, joker_lead="next-card")
    # Bob's 5D sets diamonds and Cat follows; nobody failed to follow, so nothing is flagged.
    events: list[Event] = [deal(2), trick("JK 5D 3D"), trick("6H 7H 8H"), trick("9S 2S 3S")]
    assert flags(rules, events) == []


def test_joker_wins_the_trick_it_is_led_to_under_either_joker_lead_option() -> None:
    for option in ("no-suit", "next-card"):
        rules = rules_for(3, joker_lead=option)
        state = state_after(rules, JOKER_LED[:2])
        assert state.hand is not None and state.hand.tricks[0].winner == 0


def test_revoke_is_flagged_but_the_hand_still_scores() -> None:
    rules = rules_for(2)
    avoid = {parse_card("2H"), *parse_cards("AS 3C 2S 4S")}
    rest = plain_groups(2, 11, avoid, None)
    # Bob shows out of spades in trick 1, plays 4S in trick 2 (and wins it), then 11 tricks.
    events: list[Event] = [deal(1), trick("AS 3C"), trick("2S 4S")]
    events += play_groups(2, 1, [(0, g) for g in rest])
    result = replay(rules, events)
    assert [(i, v.code) for i, v in result.flagged] == [(2, "revoke")]
    [hand] = rules.hands(result.state)
    assert hand.points == (24, 2)


# --- prompts, expects, info -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "events", "expected"),
    [
        (2, [], {"deal"}),
        (2, [deal(0)], {"exchange", "trick", "piles"}),
        (4, [deal(0)], {"exchange", "trick", "piles"}),
        (2, [deal(0, "2H", "keeper")], {"trick", "piles"}),
        (2, [deal(0, "2H", "passer")], {"exchange", "trick", "piles"}),
        (2, [deal(0), Exchange(swapped=(1, 1))], {"trick", "piles"}),
        (2, [deal(0), trick("AS 2S")], {"trick"}),
        (2, [deal(0), piles(10, 16)], {"deal"}),
        (4, FOUR_PLAYED, set()),
    ],
    ids=[
        "start",
        "after-deal",
        "after-deal-4p",
        "keeper",
        "passer",
        "after-exchange",
        "mid-hand",
        "between-hands",
        "game-over",
    ],
)
def test_expects_per_phase(n: int, events: list[Event], expected: set[str]) -> None:
    rules = rules_for(n)
    assert rules.expects(state_after(rules, events)) == expected


@pytest.mark.parametrize(
    ("n", "variants", "text"),
    [
        (2, (), "Players may swap up to 4 cards each. Then Bob leads trick 1"),
        (3, (), "Players may swap up to 4 cards each. Then Bob leads trick 1"),
        (4, (), "Each player passes 4 cards to their partner. Then Bob leads trick 1"),
        (3, ("passer",), "Passer: each player passes 4 cards to the left. Then Bob leads trick 1"),
        (4, ("keeper",), "Keeper: no swapping. Bob leads trick 1"),
    ],
    ids=["swap-2p", "swap-3p", "partner-4p", "passer", "keeper"],
)
def test_prompt_after_the_deal_says_how_to_exchange_and_who_leads(
    n: int, variants: tuple[str, ...], text: str
) -> None:
    rules = rules_for(n)
    prompt = rules.prompt(state_after(rules, [deal(0, "2H", *variants)]))
    assert prompt.startswith(text)
    assert prompt.endswith(". Record the tricks one by one, or the piles at the end.")


def test_prompt_after_the_exchange_still_names_the_leader() -> None:
    rules = rules_for(2)
    prompt = rules.prompt(state_after(rules, [deal(1), Exchange(swapped=(4, 0))]))
    assert "Ann leads trick 1" in prompt


def test_info_shows_hand_dealer_trump_variants_and_tricks() -> None:
    rules = rules_for(2)
    assert rules.info(state_after(rules, [])) == []
    state = state_after(rules, [deal(1, "7H", "match", "low_penalty"), trick("AS 2S")])
    assert rules.info(state) == [
        ("Hand", "1 of 4"),
        ("Dealer", "Bob"),
        ("Trump", "♥ Hearts — 7♥ turned up"),
        ("Variants", "Low Penalty, Match"),
        ("Tricks played", "1 of 13"),
    ]
    joker = rules.info(state_after(rules, [deal(1, "JK")]))
    assert ("Trump", "none (joker shown) — Joker turned up") in joker


def test_hand_summary_names_dealer_shown_card_and_variants() -> None:
    rules = rules_for(2)
    state = state_after(rules, [deal(1, "JK", "face_up"), piles(10, 16)])
    assert rules.hands(state)[0].summary == "Bob dealt, Joker turned up (no trump); Face-up"


def test_face_up_variant_has_no_scoring_effect() -> None:
    rules = rules_for(2)
    plain = state_after(rules, [deal(1), Piles(piles=(Pile(cards=10, kings=2), Pile(cards=16)))])
    face_up = state_after(
        rules, [deal(1, "2H", "face_up"), Piles(piles=(Pile(cards=10, kings=2), Pile(cards=16)))]
    )
    assert rules.hands(plain)[0].points == rules.hands(face_up)[0].points == (5, 16)


# --- setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 5])
def test_recruit_is_for_two_to_four_players(n: int) -> None:
    with pytest.raises(SetupError, match=f"Recruit is played by 2 to 4 players, not {n}"):
        Recruit(n)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"joker_play": "never"}, "option 'joker_play' cannot be 'never'"),
        ({"jokers": 2}, "Recruit has no option 'jokers'"),
        ({"ties": True}, "option 'ties' must be like 'share', not True"),
    ],
    ids=["bad-choice", "unknown-option", "wrong-type"],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Recruit(2, options)


def test_default_options_follow_the_rulings() -> None:
    assert Recruit(2).options_dict() == {
        "joker_play": "void-only",
        "joker_lead": "no-suit",
        "match_scoring": "instead",
        "ties": "share",
    }
    assert [label for label, _ in Recruit(2).describe_options()] == [
        "Playing the joker",
        "Joker led",
        "Match cards",
        "Tie for first",
    ]


def test_a_revoke_is_proven_by_the_count_of_the_unseen_cards() -> None:
    # Four players: every card but the one turned up is played. In trick 12 Ann discards 5♥ on
    # Bob's 10♠; after it each player holds one card, and the four cards still unseen are all
    # spades (K♠ 9♠ Q♠ 8♠, trick 13): Ann held one. Proven with trick 12, not trick 13.
    rules = rules_for(4)
    events = [
        deal(3, "JD", "passer"),
        Exchange(swapped=(4, 4, 4, 4)),
        *(
            trick(t)
            for t in (
                "6D AD KD 4D", "AS 2S JS 7S", "QD 3D 9D 2D", "7H 4H 9H AH", "10D 5D 7D 4S",
                "JK 8H 6H 8C", "QH 2H JH 10C", "JC 6C AC 5C", "4C 2C QC 6S", "3H 10H KH 3C",
                "KC 9C 7C 8D", "10S 5S 3S 5H",
            )
        ),
    ]  # fmt: skip
    result = replay(rules, events)
    assert [(i, v.code) for i, v in result.flagged] == [(13, "revoke")]
    assert result.flagged[0][1].message == (
        "Revoke by Ann: no spade in trick 12 although they still held one: the cards still "
        "unseen leave them no hand without one."
    )
