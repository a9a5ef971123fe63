"""What every game's pages share, tested once for all the games: its rules page carries the
anchors the engine links to and the worked examples the engine scores. One row a game (the test
ids name it); what is a game's own stays in its ``test_<game>.py``."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.games import GAMES

from .helpers import text, words

#: What a reader finds on each game's rules page (tags dropped, whitespace collapsed).
RULES_PAGE_SAYS = [
    pytest.param(
        "ace_deuce_jack",
        (
            "the players win with a chance of 38/85",
            "10.59% of everything bet",
            "Nothing low, nothing a jack",  # a worked example, scored by the engine
        ),
        id="ace_deuce_jack",
    ),
    pytest.param("belote", ("A carré of queens beats a quinte", "Total: 200"), id="belote"),
    pytest.param(
        "elusive_34",
        (
            "Why these numbers can be changed",
            "Card values, 3 players",
            "ruling E-2",
            "Caught with the Joker",
            "Total: -13",
        ),
        id="elusive_34",
    ),
    pytest.param("jersey_gin", ("The underknock", "Total: 26", "Total: 83"), id="jersey_gin"),
    pytest.param(
        "kaluki",
        ("The first meld: 51 points", "Kaluki doubles everything", "Total: -4", "Total: -8"),
        id="kaluki",
    ),
    pytest.param(
        "skin",
        ("A side bet", "7♦ settled the side bet: Cat wins 3 from Dan"),
        id="skin",
    ),
    pytest.param(
        "three_thirteen",
        ("The obvious run is not the best", "Total: 11", "Total: 27"),
        id="three_thirteen",
    ),
    pytest.param(
        "ui77",
        (
            "What the face-up cards set",
            "Go Nov",
            "Total: -14",  # the Go Nov worked example, scored by the engine
        ),
        id="ui77",
    ),
    pytest.param(
        "ziginette",
        ("A board card matched", "The house's cut: 10% of the net win of 15"),
        id="ziginette",
    ),
]


@pytest.mark.parametrize(("key", "phrases"), RULES_PAGE_SAYS)
def test_the_rules_page_has_its_worked_examples(
    client: Client, db: None, key: str, phrases: tuple[str, ...]
) -> None:
    page = words(client.get(f"/rules/{key}/"))
    for phrase in phrases:
        assert phrase in page, phrase


#: The anchors each rules page must carry (the engine's messages link to them; one string, split
#: on spaces), and what its HTML must say besides. (Bastard and Buck Euchre find their anchors
#: in the engine's sources: their own tests.)
RULES_PAGE_ANCHORS = [
    pytest.param(
        "belote",
        (
            "bidding declarations belote follow-suit must-trump trump-lead card-points "
            "contract capot rounding ties recording deal play cards"
        ),
        (),
        id="belote",
    ),
    pytest.param(
        "big_three",
        "cards deal bidding combinations beating free-lead play settlement doubling forced-dig",
        ("Solo, out first: 3 chips from each opponent",),
        id="big_three",
    ),
    pytest.param(
        "malilla",
        (
            "setup cards play follow-suit must-beat unled-seven scoring dealer-bonus capote "
            "game irregularities quick-entry corrections"
        ),
        ("A held bonus decides the game",),  # worked examples, scored by the engine
        id="malilla",
    ),
]


@pytest.mark.parametrize(("key", "anchors", "phrases"), RULES_PAGE_ANCHORS)
def test_the_rules_page_has_every_anchor(
    client: Client, db: None, key: str, anchors: str, phrases: tuple[str, ...]
) -> None:
    response = client.get(f"/rules/{key}/")
    assert response.status_code == 200
    page = response.content.decode()
    for anchor in anchors.split():
        assert f'id="{anchor}"' in page, anchor
    for phrase in phrases:
        assert phrase in text(response), phrase


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_rules_index_names_each_game_and_its_players_once(client: Client, key: str) -> None:
    """Each game's line: its name, its other names (none repeating the title, as "Bastard
    (Elevator) (Elevator)" did), how many play, and the blurb, which does not say it again."""
    page = words(client.get("/rules/"))
    rules = GAMES[key]
    assert page.count(rules.title) >= 1
    for name in rules.aka:
        assert name not in rules.title, (key, name)
    low, high = rules.seats.start, rules.seats.stop - 1
    count = f"{low} players." if low == high else f"{low}–{high} players."
    line = page[page.index(rules.title) : page.index(str(rules.blurb)) + len(str(rules.blurb))]
    assert line.count(count) == 1, line
    assert not re.search(r"\d players|players\.$", str(rules.blurb)), rules.blurb
