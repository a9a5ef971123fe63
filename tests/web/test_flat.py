"""A request costs the same work at entry 1,000 as at entry 300, in every game whose log can be
that long: counted, not timed (``bench/flat.py`` times it, from entry 10), as the Python calls
made while recording entries and drawing the game page and the live fragment, so a request
that goes through every hand again (every hand's lines made anew, say) fails here. Entry 300,
not 10: by then the scoreboard shows as many hands as it ever does (its latest eight), so what
grows after it grows with the log."""

from __future__ import annotations

import sys
import uuid
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.utils import translation

from companion import rules as engine
from companion.games import get_rules
from companion.tables import actions, context
from companion.tables.kept import lines as kept_lines
from companion.tables.kept.memo import kept
from companion.tables.models import Event, Game
from tests.bench.test_club_smoke import club

from .helpers import HTMX
from .long_games import long_log

#: The games whose log can pass 1,000 entries: the sessions that run as long as the table plays
#: (the banking games, and those with no fixed number of hands by default), Belote (its long
#: log passes many hands), Ui77 and Elusive 34 (a goal set high) and Buck Euchre (a long game
#: found among the simulated ones). Recruit, Malilla, Three Thirteen and Jersey Gin end sooner.
LONG = (
    "ace_deuce_jack",
    "ziginette",
    "skin",
    "bastard",
    "big_three",
    "kaluki",
    "belote",
    "ui77",
    "elusive_34",
    "buck_euchre",
)
POSTS = 3
FORM = "application/x-www-form-urlencoded"  # as htmx posts a form
#: The work at entry 1,000 may be this much of entry 300's (a different hand in play, other
#: forms), far below what going through 700 more entries or a few hundred hands costs.
SAME = 1.3


def _calls(requests: list[Callable[[], Any]]) -> Counter[str]:
    """The Python functions called while ``requests`` run, each counted (the profile hook)."""
    counts: Counter[str] = Counter()

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call":
            code = frame.f_code
            counts[f"{code.co_filename}:{code.co_firstlineno}({code.co_name})"] += 1

    sys.setprofile(hook)
    try:
        for request in requests:
            response = request()
            assert response.status_code == 200, response.content[:500]
    finally:
        sys.setprofile(None)
    return counts


def _game(game: str, log: Any, entries: int) -> tuple[Game, Any, Any]:
    """A game of ``log``'s first ``entries`` entries, written in one go, its rules and state."""
    rules = get_rules(game)(len(log.names), log.options, list(log.names))
    table = actions.do_create_table(list(log.names), "Flat")
    started = actions.check_start_game(table, game, list(table.players.all()), log.options)
    Event.objects.bulk_create(
        Event(game=started, seq=i, kind=e.kind, payload=engine.to_dict(e))
        for i, e in enumerate(log.events[:entries])
    )
    state = rules.initial_state()
    for event in log.events[:entries]:
        state = rules.apply(state, event)
    return started, rules, state


def _work(game: str, log: Any, entries: int) -> Counter[str]:
    """The calls of recording ``POSTS`` entries at entry ``entries``, then loading the game page
    and the live fragment, with the game's replay kept as a server keeps it."""
    started, rules, state = _game(game, log, entries)
    table = started.table
    client = Client()
    base = f"/t/{table.score_key}/g/{started.number}/"
    assert client.get(base).status_code == 200  # the replay kept
    requests: list[Callable[[], Any]] = []
    for i in range(entries, entries + POSTS):
        kind, fields, event = club.form_fields(rules, state, log.events[i], i)
        state = rules.apply(state, event)
        body = urlencode({**fields, "client_id": str(uuid.uuid4())}, doseq=True)
        url = f"{base}record/{kind}/"
        requests.append(lambda u=url, b=body: client.post(u, b, content_type=FORM, headers=HTMX))
    requests.append(lambda: client.get(base))
    requests.append(lambda: client.get(f"{base}live/", {"v": "0"}, headers=HTMX))
    return _calls(requests)


@pytest.mark.django_db
@pytest.mark.parametrize("game", LONG)
def test_a_request_at_entry_1000_works_no_more_than_at_entry_300(game: str) -> None:
    log = long_log(game, 1000 + POSTS)
    assert not log.stopped, log.stopped
    short, long = _work(game, log, 300), _work(game, log, 1000)
    grown = sorted(((long[f] - short[f], f) for f in long if long[f] > short[f]), reverse=True)
    assert long.total() <= SAME * short.total(), (
        f"{game}: {long.total()} calls at entry 1,000 against {short.total()} at entry 300; "
        f"grown most: {grown[:8]}"
    )


@pytest.mark.django_db
def test_the_summary_at_a_hand_s_end_looks_up_only_the_lines_it_shows() -> None:
    """The group-chat summary looks up the lines of the hands it lists (the latest
    ``SUMMARY_HANDS``), not the 80 and more before them, and writes only the new hand's."""
    log = long_log("ace_deuce_jack", 400)
    game, rules, state = _game("ace_deuce_jack", log, 300)
    table = game.table
    before = len(rules.hands(state))
    assert before > 50
    kept_lines._HAND_LINES.clear()  # no line kept by an earlier test of the same hands
    assert context.summary_text(actions.load(game), table)
    seq = 300
    while len(rules.hands(state)) == before:
        state = rules.apply(state, log.events[seq])
        Event.objects.create(
            game=game, seq=seq, kind=log.events[seq].kind, payload=engine.to_dict(log.events[seq])
        )
        seq += 1
    loaded = actions.load(game)  # the kept replay, extended by the new entries
    lines = written = 0

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        nonlocal lines, written
        if event == "call" and frame.f_code is kept.__code__:
            lines += frame.f_locals.get("store") is kept_lines._HAND_LINES
        if event == "call" and frame.f_code is context._hand_line.__code__:
            written += 1

    sys.setprofile(hook)
    try:
        summary = context.summary_text(loaded, table)
    finally:
        sys.setprofile(None)
    assert f"Hand {before + 1}: " in summary
    assert lines == context.SUMMARY_HANDS
    assert written == 1


@pytest.mark.django_db
def test_the_summary_lists_a_short_game_s_every_hand_and_a_long_one_s_latest() -> None:
    """The group-chat summary, sent with every page and fragment, is bounded: a game of up to
    ``SUMMARY_HANDS`` hands lists them all, a longer one its latest ``SUMMARY_HANDS`` after a
    line counting the earlier ones (every hand is in the CSV file)."""
    log = long_log("ace_deuce_jack", 300)
    for entries in (12, 300):
        game, rules, state = _game("ace_deuce_jack", log, entries)
        hands = len(rules.hands(state))
        lines = context.summary_text(actions.load(game), game.table).splitlines()
        listed = [line for line in lines if line.startswith("Hand ")]
        if entries == 12:
            assert 0 < hands <= context.SUMMARY_HANDS
            assert listed == [
                f"Hand {n}: " + line.split(": ", 1)[1] for n, line in enumerate(listed, 1)
            ]
            assert len(listed) == hands and "earlier" not in "\n".join(lines)
        else:
            assert hands > 50
            earlier = hands - context.SUMMARY_HANDS
            assert len(listed) == context.SUMMARY_HANDS
            assert listed[0].startswith(f"Hand {earlier + 1}: ")
            assert listed[-1].startswith(f"Hand {hands}: ")
            assert lines[1] == f"({earlier} earlier hands: every hand is in the CSV file.)"
            assert len(lines) == 1 + 1 + context.SUMMARY_HANDS + 1
            with translation.override("fr"):
                french = context.summary_text(actions.load(game), game.table).splitlines()
            said = "donnes plus anciennes : toutes les donnes sont dans le fichier CSV."
            assert french[1] == f"({earlier} {said})"
