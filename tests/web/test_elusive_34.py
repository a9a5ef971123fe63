"""Recording The Elusive 34 through the HTTP views: every entry form without JavaScript (302 and
a row), with htmx (the fragments that changed), and refused (200, the rule's message, nothing
written); a whole game played through the forms; house options changed mid-game; the rules page.
Expected scores are worked out by hand from rulings §1.2 (rule 20) and §1.1."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from companion.games.elusive_34.game import Deal, FirstDealer, Goal, Trade, Trick
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import (
    entry_tests,
    event_count,
    game_url,
    new_uuid,
    page_totals,
    record,
    replayed_totals,
    start,
    words,
)


@pytest.fixture
def e34_game(three_player_table: Table) -> Game:
    return start(three_player_table, "elusive_34")


@pytest.fixture
def first_dealer(e34_game: Game) -> Game:
    actions.check_record_event(e34_game, FirstDealer(dealer=Seat(0)))
    return e34_game


@pytest.fixture
def goal_set(first_dealer: Game) -> Game:
    actions.check_record_event(first_dealer, Goal(low=4, middle=8, goal=48))
    return first_dealer


@pytest.fixture
def dealt(goal_set: Game) -> Game:
    """Ann dealt, 4♠ face up: the 5s are promoted; Bob leads."""
    actions.check_record_event(goal_set, Deal(dealer=Seat(0), faceup=parse_card("4S")))
    return goal_set


@pytest.fixture
def joker_up(goal_set: Game) -> Game:
    actions.check_record_event(goal_set, Deal(dealer=Seat(0), faceup=parse_card("JK")))
    return goal_set


@pytest.fixture
def after_trick(dealt: Game) -> Game:
    """Trick 1: Cat's 9♣ wins, Bob's 2♣ loses: Bob may trade."""
    actions.check_record_event(dealt, Trick(cards=parse_cards("2C 4C 3C 8C 9C 7C")))
    return dealt


@pytest.fixture
def play_over(after_trick: Game) -> Game:
    """The whole-game example's first hand up to the cards left (docs/examples/elusive_34)."""
    log = [
        Trade(declared="none"),
        Trick(cards=parse_cards("QC 10C 5C AS 2D")),
        Trick(cards=parse_cards("KH 4H 3H 9H")),
        Trade(declared="low", given=parse_card("5D"), returned=parse_card("QD")),
        Trick(cards=parse_cards("JS 10S 6S")),
        Trade(declared="high", given=parse_card("KS"), returned=parse_card("AH")),
        Trick(cards=parse_cards("5D JD")),
        Trade(declared="none"),
    ]
    for event in log:
        actions.check_record_event(after_trick, event)
    return after_trick


def card_fields(cards: str) -> dict[str, str]:
    data = {}
    for i, code in enumerate(cards.split()):
        rank, suit = (code, "") if code == "JK" else (code[:-1], code[-1])
        data[f"rank_{i}"], data[f"suit_{i}"] = rank, suit
    return data


def counts(collected: tuple[int, ...] | None, *rows: tuple[int, int, int]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for seat, (high, middle, low) in enumerate(rows):
        data |= {f"high_{seat}": high, f"middle_{seat}": middle, f"low_{seat}": low}
        if collected is not None:
            data[f"collected_{seat}"] = collected[seat]
    return data


LEGAL = [
    pytest.param(
        "first-dealer",
        "e34_game",
        {"dealer": 0},
        {"type": "first-dealer", "dealer": 0, "cards": []},
        "Ann turns cards face up onto a Low",
        id="first-dealer",
    ),
    pytest.param(
        "goal",
        "first_dealer",
        {"low": "2", "middle": "7", "times": "2"},
        {"type": "goal", "low": 2, "middle": 7, "goal": 54},
        "Ann deals hand 1: 10 cards each",
        id="goal-multiple",
    ),
    pytest.param(
        "goal",
        "first_dealer",
        {"goal": "40+10"},
        {"type": "goal", "low": 0, "middle": 0, "goal": 50},
        "To the goal 50",
        id="goal-typed",
    ),
    pytest.param(
        "deal",
        "goal_set",
        {"dealer": 0, "rank": "4", "suit": "S"},
        {"type": "deal", "dealer": 0, "faceup": "4S"},
        "Bob leads trick 1.",
        id="deal",
    ),
    pytest.param(
        "trump",
        "joker_up",
        {"seat": 1, "suit": "H"},
        {"type": "trump", "seat": 1, "suit": "H"},
        "Joker — ♥ Hearts trump",
        id="trump",
    ),
    pytest.param(
        "result",
        "dealt",
        counts((12, 0, 6), (2, 1, 0), (1, 1, 3), (0, 3, 1)),
        {
            "type": "result",
            "collected": [12, 0, 6],
            "high": [2, 1, 0],
            "middle": [1, 1, 3],
            "low": [0, 3, 1],
        },
        "Bob deals hand 2",
        id="result",
    ),
    pytest.param(
        "trick",
        "dealt",
        card_fields("2C 4C 3C 8C 9C 7C"),
        {"type": "trick", "cards": ["2C", "4C", "3C", "8C", "9C", "7C"], "leader": 1, "joker": ""},
        "Bob lost trick 1: trade a card with Cat, or No trade.",
        id="trick",
    ),
    pytest.param(
        "trick",
        "dealt",
        {f"card_{i}": code for i, code in enumerate(["2C", "4C", "3C", "8C", "9C", "7C"])},
        {"type": "trick", "cards": ["2C", "4C", "3C", "8C", "9C", "7C"], "leader": 1, "joker": ""},
        "Bob lost trick 1: trade a card with Cat, or No trade.",
        id="trick-grid",
    ),
    pytest.param(
        "trick",
        "dealt",
        {"typed": "2c 4C 3C 8C 9C 7C"},
        {"type": "trick", "cards": ["2C", "4C", "3C", "8C", "9C", "7C"], "leader": 1, "joker": ""},
        "Bob lost trick 1: trade a card with Cat, or No trade.",
        id="trick-typed",
    ),
    pytest.param(
        "trade",
        "after_trick",
        {"no_trade": "1"},
        {"type": "trade", "declared": "none"},
        "Cat leads trick 2.",
        id="no-trade",
    ),
    pytest.param(
        "trade",
        "after_trick",
        {
            "declared": "low",
            "given_rank": "3",
            "given_suit": "H",
            "back_rank": "K",
            "back_suit": "D",
        },
        {"type": "trade", "declared": "low", "given": "3H", "returned": "KD"},
        "Cat leads trick 2.",
        id="trade",
    ),
    pytest.param(
        "left",
        "play_over",
        # Middle counts left blank: worked out from the cards each player holds (3, 4, 3).
        {"high_0": 1, "high_1": 1, "low_1": 1, "high_2": 2},
        {"type": "left", "high": [1, 1, 2], "middle": [2, 2, 1], "low": [0, 1, 0]},
        "Bob deals hand 2",
        id="left",
    ),
]

ILLEGAL = [
    pytest.param(
        "first-dealer",
        "e34_game",
        {"dealer": 2, "cards": "2H 7D", "start": 0},
        "7♦ went to Bob, so Bob deals first, not Cat.",
        id="first-dealer-cards",
    ),
    pytest.param(
        "deal",
        "goal_set",
        {"dealer": 1, "rank": "4", "suit": "S"},
        "Ann was found to deal first, not Bob.",
        id="deal-wrong-dealer",
    ),
    pytest.param(
        "goal",
        "first_dealer",
        {"low": "2", "middle": "7"},
        "Tap how many times the number the goal is.",
        id="goal-no-multiple",
    ),
    pytest.param(
        "trick",
        "dealt",
        card_fields("2C 4C 3C 8C 9C 4S"),
        "4♠ is the face-up card: it is out of play this hand.",
        id="trick-faceup",
    ),
    pytest.param(
        "trick",
        "dealt",
        card_fields("JK 4C 3C 8C 9C 7C") | {"joker": "win"},
        "Bob cannot lead the Joker",
        id="trick-joker-lead",
    ),
    pytest.param(
        "trick",
        "dealt",
        {"typed": "2C 4C 3C"},
        "Type 6 cards in the order played, round after round from Bob; you typed 3.",
        id="trick-typed-short",
    ),
    pytest.param(
        "result",
        "dealt",
        counts((12, 0, 6), (2, 1, 0), (1, 2, 3), (0, 3, 1)),
        "Cards collected and cards left make 31, but 30 were dealt (3 players × 10).",
        id="result-total",
    ),
    pytest.param(
        "trade",
        "after_trick",
        {"declared": "middle", "given_rank": "9", "given_suit": "C"},
        "9♣ is not in anyone's hand: it was played or is face up.",
        id="trade-card-gone",
    ),
    pytest.param(
        "left",
        "play_over",
        {"high_0": 1, "middle_0": 3, "high_1": 1, "low_1": 1, "high_2": 2},
        "Ann holds 3 cards after the tricks recorded, not 4 cards.",
        id="left-count",
    ),
]

test_recorded_without_js, test_recorded_with_htmx, test_refused = entry_tests(LEGAL, ILLEGAL)


def test_the_game_screen_shows_the_hand_in_plain_words(client: Client, after_trick: Game) -> None:
    page = words(client.get(game_url(after_trick)))
    assert "4♠ — every 5 ranks above its suit's ace" in page
    assert "Cards a trick (in hand) Ann 2 (8) · Bob 1 (8) · Cat 2 (8)" in page
    assert "To the goal 48" in page and "Ann 48 · Bob 48 · Cat 48" in page
    assert "2♣…A♣ 5♣ · 2♠…A♠ 5♠" in page  # the Rules for this hand panel
    assert "High +5 · Middle 0 · Low −5 · Joker −7" in page
    # The options in force, only the value table of this player count.
    assert "Card values, 3 players" in page and "Card values, 2 players" not in page


def test_the_trick_form_lists_each_card_round_by_round(client: Client, after_trick: Game) -> None:
    actions.check_record_event(after_trick, Trade(declared="none"))
    response = client.get(game_url(after_trick), {"entry": "trick"})
    page = words(response)
    # Cat leads; Bob (lost once) adds one card, in round 1: five cards.
    assert page.count("card 1") == 3 and page.count("card 2") == 2
    assert "Cat card 1 · leads" in page
    # The grid offers the cards still in play: not trick 1's, not the face-up 4♠.
    html = response.content.decode()
    assert 'value="9C"' not in html and 'value="4S"' not in html
    assert 'value="AS"' in html and 'value="JK"' in html


def test_a_whole_game_through_the_forms(client: Client, three_player_table: Table) -> None:
    """The whole-game example (docs/examples/elusive_34/whole-game.json) tapped in, with the
    hand-worked totals: Ann 60, Bob −6, Cat 21, and Ann wins at the goal 48."""
    game = start(three_player_table, "elusive_34")

    def post(kind: str, data: dict[str, Any]) -> None:
        response = record(client, game, kind, data)
        assert response.status_code == 302, words(response)[:1500]

    post("first-dealer", {"dealer": 0})
    post("goal", {"low": "4", "middle": "8", "times": "1"})
    post("deal", {"dealer": 0, "rank": "4", "suit": "S"})
    post("trick", card_fields("2C 4C 3C 8C 9C 7C"))
    post("trade", {"no_trade": "1"})
    post("trick", card_fields("QC 10C 5C AS 2D"))
    post("trick", card_fields("KH 4H 3H 9H"))
    post(
        "trade",
        {
            "declared": "low",
            "given_rank": "5",
            "given_suit": "D",
            "back_rank": "Q",
            "back_suit": "D",
        },
    )
    post("trick", card_fields("JS 10S 6S"))
    post(
        "trade",
        {
            "declared": "high",
            "given_rank": "K",
            "given_suit": "S",
            "back_rank": "A",
            "back_suit": "H",
        },
    )
    post("trick", card_fields("5D JD"))
    post("trade", {"no_trade": "1"})
    post(
        "left",
        {
            "high_0": 1,
            "middle_0": 2,
            "high_1": 1,
            "middle_1": 2,
            "low_1": 1,
            "high_2": 2,
            "middle_2": 1,
        },
    )
    post("deal", {"dealer": 1, "rank": "JK"})
    post("trump", {"seat": 1, "suit": "H"})
    post("result", counts((10, 12, 0), (1, 2, 0), (0, 1, 1), (1, 2, 0)))
    post("deal", {"dealer": 2, "rank": "A", "suit": "H"})
    post("result", counts((16, 4, 0), (2, 0, 0), (0, 2, 2), (1, 1, 1)) | {"joker": "1"})

    page = client.get(game_url(game))
    assert page_totals(page) == [60, -6, 21]
    assert replayed_totals(game) == (60, -6, 21)
    assert "Ann wins." in words(page)
    assert event_count(game) == 18


def change_options(client: Client, game: Game, offered: str, **options: str) -> None:
    """Open the house-rules page (which must offer ``offered``) and change ``options``."""
    assert offered in words(client.get(game_url(game, "options/")))
    data = {**options, "client_id": new_uuid()}
    response = client.post(game_url(game, "options/"), data)
    assert response.status_code == 302, words(response)[:1000]


def test_changing_the_value_table_mid_game_scores_every_hand_again(
    client: Client, dealt: Game
) -> None:
    assert record(client, dealt, "result", counts((12, 0, 6), (2, 1, 0), (1, 1, 3), (0, 3, 1)))
    assert replayed_totals(dealt) == (22, -10, 1)
    change_options(client, dealt, "High +4 · Middle 0 · Low −4 · Joker −6", values_3p="4/0/-4/-6")
    assert replayed_totals(Game.objects.get(pk=dealt.pk)) == (20, -8, 2)


def test_the_revoke_penalty_house_rule_through_the_forms(client: Client, dealt: Game) -> None:
    """House rule E-18 chosen mid-game: the quick-entry form then asks for revokes, each costs
    the player 10 (worked out by hand: Bob 0 + 5 + 0 − 15 − 10 = −20)."""
    change_options(client, dealt, "Revoke penalty", revoke_penalty="10")
    screen = words(client.get(game_url(dealt)))
    assert "Revoke penalty" in screen and "10 points off the player" in screen
    data = counts((12, 0, 6), (2, 1, 0), (1, 1, 3), (0, 3, 1)) | {"revokes_1": 1}
    assert record(client, dealt, "result", data)
    assert replayed_totals(Game.objects.get(pk=dealt.pk)) == (22, -20, 1)
    assert "1 revoke found by the table, house penalty −10 each" in words(
        client.get(game_url(dealt))
    )


def test_the_goal_form_reads_the_ranks_from_the_cards_turned(
    client: Client, first_dealer: Game
) -> None:
    """K♠, 4♥, the Joker, 8♣: Low 4 and Middle 8 make 48; ×2 is 96 (rule 3)."""
    response = record(client, first_dealer, "goal", {"cards": "KS 4H JK 8C", "times": "2"})
    assert response.status_code == 302, words(response)[:1000]
    goal = Game.objects.get(pk=first_dealer.pk).events.get(seq=1).payload
    assert (goal["low"], goal["middle"], goal["goal"]) == (4, 8, 96)
    assert goal["cards"] == ["KS", "4H", "JK", "8C"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "Saisie rapide : Ann 12 · H2 M1 B0 ; Bob 0 · H1 M1 B3 1 renonce ; Cat 6 · H0 M3 B1"),
        (
            "de",
            "Schnelleingabe: Ann 12 · H2 M1 N0; Bob 0 · H1 M1 N3 1 Farbverstoß; Cat 6 · H0 M3 N1",
        ),
    ],
)
def test_the_history_lines_are_said_in_french_and_german(language: str, expected: str) -> None:
    """Issue 28 item 9: the hand's history line stayed English in French and German."""
    from django.utils import translation

    from companion.games.elusive_34.game import Elusive34, Result
    from companion.tables.entry.elusive_34 import describe

    rules = Elusive34(3, {}, ("Ann", "Bob", "Cat"))
    quick = Result(
        collected=(12, 0, 6), high=(2, 1, 0), middle=(1, 1, 3), low=(0, 3, 1), revokes=(0, 1, 0)
    )
    trick = Trick(cards=parse_cards("2C JK 3C"), joker="win")
    with translation.override(language):
        assert describe(rules, quick) == expected
        assert "Joker to win" not in describe(rules, trick)
