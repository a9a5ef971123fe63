"""The club page: an organiser follows many tables at once, starts tables, adds and removes them.
Everything goes through the HTTP views with the real database."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion.games import log as engine_log
from companion.games.recruit.game import Deal
from companion.rules.cards import parse_card
from companion.tables import actions
from companion.tables.club_views import ago
from companion.tables.models import Club, Table

from .helpers import (
    FIRST_HAND_PILES,
    HTMX,
    game_url,
    new_uuid,
    start,
    start_recruit,
    text,
    words,
)

EXAMPLE = Path(__file__).parents[2] / "docs/examples/recruit/three-players-quick.json"


@pytest.fixture
def club(db: None) -> Club:
    return actions.do_create_club("Tuesday club")


def club_url(club: Club, suffix: str = "") -> str:
    return f"/c/{club.key}/{suffix}"


def new_table(client: Client, club: Club, names: list[str], **extra: Any) -> Any:
    data = {"name": names, "title": "", "client_id": new_uuid(), **extra}
    return client.post(club_url(club, "tables/new/"), data)


def token(client: Client, club: Club) -> str:
    found = re.search(r"live/\?v=([^\"&]+)", client.get(club_url(club)).content.decode())
    assert found, "the club page does not poll"
    return found.group(1)


def test_home_page_creates_a_club_once_even_if_the_tap_is_sent_twice(
    client: Client, db: None
) -> None:
    home = text(client.get("/"))
    assert "Running a club night?" in home and 'action="/club/new/"' in home
    data = {"name": "  Tuesday   club ", "client_id": new_uuid()}
    first = client.post("/club/new/", data)
    again = client.post("/club/new/", data)
    club = Club.objects.get()
    assert club.name == "Tuesday club"
    assert first["Location"] == again["Location"] == f"/c/{club.key}/"
    page = words(client.get(first["Location"]))
    assert "Tuesday club" in page and "No table yet" in page


def test_a_club_without_a_name_is_still_named(client: Client, db: None) -> None:
    client.post("/club/new/", {"name": "", "client_id": new_uuid()})
    assert Club.objects.get().name == "Club night"


def test_starting_a_table_from_the_club_page(client: Client, club: Club) -> None:
    data = {"name": ["Ann", "Bob", "Cat", ""], "title": "Table 1", "client_id": new_uuid()}
    response = client.post(club_url(club, "tables/new/"), data)
    retried = client.post(club_url(club, "tables/new/"), data)
    table = Table.objects.get()
    assert table.club == club and table.title == "Table 1"
    assert [p.name for p in table.players.all()] == ["Ann", "Bob", "Cat"]
    assert (
        response["Location"]
        == retried["Location"]
        == club_url(club) + f"?open={table.pk}#table-{table.pk}"
    )
    page = text(client.get(response["Location"]))
    assert "Table 1 is ready" in page
    assert f'<details id="links-{table.pk}" hx-preserve open>' in page, "its QR codes are shown"
    assert f'id="table-{table.pk}"' in page and "Ann, Bob, Cat" in page
    assert f"/t/{table.score_key}/qr/score.svg" in page
    assert f"/t/{table.view_key}/qr/view.svg" in page
    assert f"http://testserver/t/{table.view_key}/" in page
    assert "No game started yet." in page
    # The table's own page says which club it belongs to, but never shows the club's link.
    table_page = text(client.get(f"/t/{table.score_key}/"))
    assert "A table of Tuesday club." in table_page and club.key not in table_page


def test_a_table_needs_two_players(client: Client, club: Club) -> None:
    response = new_table(client, club, ["Ann", "", ""])
    assert response.status_code == 200
    assert "Enter at least two players." in text(response)
    assert 'value="Ann"' in text(response), "what was typed stays in the form"
    assert not Table.objects.exists()


def test_each_table_shows_its_game_who_leads_and_what_comes_next(
    client: Client, club: Club
) -> None:
    new_table(client, club, ["Ann", "Bob", "Cat"], title="Table 1")
    new_table(client, club, ["Dan", "Eve"], title="Table 2")
    one, two = Table.objects.order_by("pk")
    game = start_recruit(one)
    actions.check_record_event(game, Deal(dealer=0, shown=parse_card("7H")))
    actions.check_record_event(game, FIRST_HAND_PILES)
    start(two, "recruit")
    client.get(club_url(club))  # shows (and so clears) the "Table … is ready" messages
    page = words(client.get(club_url(club)))
    first = page[page.index("Table 1") : page.index("Table 2")]
    assert "Recruit, game 1 · 1 hand scored" in first
    assert "Bob deals hand 2 of 4" in first
    # Bob leads with 13, then Ann 12 and Cat 9 (FIRST_HAND_PILES).
    assert "Bob 13 · Ann 12 · Cat 9" in first
    html = text(client.get(club_url(club)))
    assert "<strong>Bob 13</strong>" in html and "<strong>Ann" not in html
    assert "Last entry just now" in first
    second = page[page.index("Table 2") :]
    assert "Recruit, game 1 · 0 hands scored" in second


def test_a_finished_game_shows_its_result(client: Client, club: Club) -> None:
    new_table(client, club, ["Ann", "Bob", "Cat"], title="Table 1")
    game = start_recruit(Table.objects.get())
    example = engine_log.load_log(json.loads(EXAMPLE.read_text()))
    for event in example.events:
        actions.check_record_event(game, event)
    page = words(client.get(club_url(club)))
    # docs/examples/recruit/three-players-quick.expected.json: Ann 48, Bob 45, Cat 38.
    assert "Recruit, game 1 · Over: Ann wins." in page
    assert "Ann 48 · Bob 45 · Cat 38" in page
    assert "deals hand" not in page


def test_an_irregularity_in_the_hand_under_way_is_shown(client: Client, club: Club) -> None:
    new_table(client, club, ["Ann", "Bob", "Cat", "Dan"], title="Table 1")
    game = start(Table.objects.get(), "buck_euchre")
    rules = game.rules()
    # Ann deals 9♥; Bob passes, Cat orders it up, Dan drops. Trick 2: Ann shows out of spades
    # (9♦ on Cat's Q♠); trick 3: she plays 10♠, a revoke.
    for data in (
        {"type": "deal", "dealer": "Ann", "upcard": "9H"},
        {"type": "bid", "seat": "Bob", "call": "pass"},
        {"type": "bid", "seat": "Cat", "call": "order-up"},
        {"type": "drops", "dropped": ["Dan"]},
        {"type": "trick", "cards": ["AS", "JH", "KS"], "leader": "Bob"},
        {"type": "trick", "cards": ["QS", "9D", "9S"], "leader": "Cat"},
        {"type": "trick", "cards": ["AC", "10S", "KC"], "leader": "Cat"},
    ):
        actions.check_record_event(game, rules.event_from_dict(data, by_name=True))
    page = text(client.get(club_url(club)))
    assert "club-table-flagged" in page
    assert "Revoke by Ann" in page


def test_an_existing_table_joins_with_its_scorer_link_only(client: Client, club: Club) -> None:
    table = actions.do_create_table(["Ann", "Bob"], "Kitchen")
    add = club_url(club, "tables/add/")

    response = client.post(add, {"link": f"http://phone.example/t/{table.view_key}/"}, follow=True)
    assert "This is the viewer link of Kitchen" in text(response)
    response = client.post(add, {"link": "http://phone.example/t/nope/"}, follow=True)
    assert "No table has this link." in text(response)
    table.refresh_from_db()
    assert table.club is None

    response = client.post(add, {"link": f" https://x.example/t/{table.score_key}/g/1/ "})
    assert response["Location"] == club_url(club) + f"?open={table.pk}#table-{table.pk}"
    table.refresh_from_db()
    assert table.club == club
    response = client.post(add, {"link": table.score_key}, follow=True)
    assert "Kitchen is already in this club." in text(response)
    other = actions.do_create_club("Other club")
    response = client.post(club_url(other, "tables/add/"), {"link": table.score_key}, follow=True)
    assert "Kitchen is already in another club." in text(response)
    table.refresh_from_db()
    assert table.club == club


def test_taking_a_table_out_of_the_club(client: Client, club: Club) -> None:
    new_table(client, club, ["Ann", "Bob"], title="Table 1")
    table = Table.objects.get()
    other = actions.do_create_club("Other club")
    # Another club's link cannot take it out.
    response = client.post(club_url(other, f"tables/{table.pk}/remove/"), follow=True)
    assert "This table is not in the club." in text(response)
    table.refresh_from_db()
    assert table.club == club
    response = client.post(club_url(club, f"tables/{table.pk}/remove/"), follow=True)
    assert "Table 1 left the club" in text(response)
    table.refresh_from_db()
    assert table.club is None
    assert client.get(f"/t/{table.score_key}/").status_code == 200


def test_unknown_club_links_find_nothing(client: Client, db: None) -> None:
    for url in ("/c/nope/", "/c/nope/live/"):
        assert client.get(url).status_code == 404
    for url in ("/c/nope/tables/new/", "/c/nope/tables/add/", "/c/nope/tables/1/remove/"):
        assert client.post(url, {"name": ["Ann", "Bob"]}).status_code == 404
    assert not Table.objects.exists()


def test_club_forms_need_a_post(client: Client, club: Club) -> None:
    assert client.get("/club/new/").status_code == 405
    assert client.get(club_url(club, "tables/new/")).status_code == 405


def test_live_poll_answers_204_until_a_table_records(client: Client, club: Club) -> None:
    new_table(client, club, ["Ann", "Bob", "Cat"], title="Table 1")
    game = start_recruit(Table.objects.get())
    seen = token(client, club)
    quiet = client.get(club_url(club, "live/"), {"v": seen}, headers=HTMX)
    assert quiet.status_code == 204 and quiet.content == b""
    response = client.post(
        game_url(game, "record/deal/"),
        {"dealer": 0, "rank": "7", "suit": "H", "client_id": new_uuid()},
    )
    assert response.status_code == 302
    changed = client.get(club_url(club, "live/"), {"v": seen}, headers=HTMX)
    assert changed.status_code == 200
    fragment = text(changed)
    assert fragment.lstrip().startswith('<section class="panel stack" id="club-tables"')
    assert "Bob leads trick 1" in words(changed)
    assert "Cache-Control" in changed and "no-cache" in changed["Cache-Control"]


def test_a_new_or_departing_table_changes_the_poll(client: Client, club: Club) -> None:
    seen = token(client, club)
    new_table(client, club, ["Ann", "Bob"])
    assert client.get(club_url(club, "live/"), {"v": seen}).status_code == 200
    seen = token(client, club)
    table = Table.objects.get()
    client.post(club_url(club, f"tables/{table.pk}/remove/"))
    assert client.get(club_url(club, "live/"), {"v": seen}).status_code == 200


def test_creating_a_table_from_the_home_page_is_recorded_once(client: Client, db: None) -> None:
    data = {"name": ["Ann", "Bob"], "title": "", "client_id": new_uuid()}
    first = client.post("/new/", data)
    again = client.post("/new/", data)
    table = Table.objects.get()
    assert first["Location"] == again["Location"] == f"/t/{table.score_key}/"


@pytest.mark.parametrize(
    ("minutes", "shown"),
    [
        (0.5, "just now"),
        (1, "1 min ago"),
        (59, "59 min ago"),
        (60, "1 h ago"),
        (125, "2 h 5 min ago"),
    ],
)
def test_last_entry_reads_at_a_glance(minutes: float, shown: str) -> None:
    now = datetime.datetime(2026, 11, 23, 20, 0, tzinfo=datetime.UTC)
    assert ago(now - datetime.timedelta(minutes=minutes), now) == shown


def test_everyone_tied_for_the_lead_is_in_bold(client: Client, club: Club) -> None:
    new_table(client, club, ["Ann", "Bob", "Cat"], title="Table 1")
    game = start_recruit(Table.objects.get())
    for event in engine_log.load_log(json.loads(EXAMPLE.read_text())).events[:3]:
        actions.check_record_event(game, event)
    html = text(client.get(club_url(club)))
    # Hand 1 of three-players-quick.json: Ann 12, Bob 6, Cat 12.
    assert "<strong>Ann 12</strong>" in html and "<strong>Cat 12</strong>" in html
    assert "<strong>Bob" not in html


def test_the_viewer_link_follows_every_table_but_never_shows_a_scorer_link(
    client: Client, club: Club
) -> None:
    new_table(client, club, ["Ann", "Bob", "Cat"], title="Table 1")
    table = Table.objects.get()
    game = start_recruit(table)
    actions.check_record_event(game, Deal(dealer=0, shown=parse_card("7H")))
    organiser = text(client.get(club_url(club)))
    assert f"/c/{club.view_key}/" in organiser and f"/c/{club.key}/qr.svg" in organiser

    response = client.get(f"/c/{club.view_key}/")
    page = text(response)
    assert response.status_code == 200
    assert "View only." in page and "Bob leads trick 1" in words(response)
    assert f'href="/t/{table.view_key}/g/1/"' in page
    assert table.score_key not in page and club.key not in page
    assert "Start a table" not in page and "Take this table out" not in page
    assert f'hx-get="/c/{club.view_key}/live/' in page
    live = client.get(f"/c/{club.view_key}/live/", {"v": "0"})
    assert live.status_code == 200 and table.score_key not in text(live)
    qr = client.get(f"/c/{club.view_key}/qr.svg")
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"


def test_the_viewer_link_cannot_change_the_club(client: Client, club: Club) -> None:
    kitchen = actions.do_create_table(["Ann", "Bob"], "Kitchen")
    new_table(client, club, ["Cat", "Dan"], title="Table 1")
    member = Table.objects.get(club=club)
    watch = f"/c/{club.view_key}/"
    attempts = [
        (watch + "tables/new/", {"name": ["Eve", "Fay"], "client_id": new_uuid()}),
        (watch + "tables/add/", {"link": kitchen.score_key}),
        (watch + f"tables/{member.pk}/remove/", {}),
    ]
    for url, data in attempts:
        response = client.post(url, data)
        assert response.status_code == 403
        assert "This link can only watch" in text(response)
        assert "Tuesday club" in text(response)
    assert list(club.tables.all()) == [member]
    assert Table.objects.count() == 2


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_club_page_costs_the_same_queries_for_two_tables_or_six(
    client: Client, club: Club
) -> None:
    def add_tables(n: int) -> None:
        for _ in range(n):
            table = actions.do_create_table(["Ann", "Bob", "Cat"], club=club)
            game = start_recruit(table)
            actions.check_record_event(game, Deal(dealer=0, shown=parse_card("7H")))
            actions.check_record_event(game, FIRST_HAND_PILES)
            start_recruit(table)  # the second game is the one shown

    add_tables(2)
    client.get(club_url(club))  # session and messages settled
    few = (_queries(client, club_url(club)), _queries(client, club_url(club, "live/")))
    add_tables(4)
    many = (_queries(client, club_url(club)), _queries(client, club_url(club, "live/")))
    assert few == many
    assert "Recruit, game 2" in words(client.get(club_url(club)))
