"""Access is by link: the viewer key reads, the scorer key writes, any other key finds nothing."""

from __future__ import annotations

import re

import pytest
from django.http import HttpResponse
from django.test import Client

from companion.tables import actions
from companion.tables.models import Event, Game, Player, Table

from .helpers import deal_data, game_url, new_uuid, piles_data, record, text, trick_data


def _snapshot() -> tuple[int, int, int, int, list[int]]:
    """Everything a write could change."""
    return (
        Table.objects.count(),
        Player.objects.count(),
        Game.objects.count(),
        Event.objects.count(),
        list(Table.objects.order_by("pk").values_list("version", flat=True)),
    )


WRITES = [
    "record-deal",
    "record-piles",
    "record-trick",
    "record-exchange",
    "undo",
    "void",
    "abandon",
    "add-player",
    "start-form",
    "start",
    "score-qr",
]


def _write_request(game: Game, key: str, name: str) -> tuple[str, str, dict[str, object]]:
    """(method, url, data) for a URL only the scorer may use, with well-formed data."""
    table = f"/t/{key}/"
    base = game_url(game, key=key)
    entry = {"client_id": new_uuid()}
    players = list(game.table.players.values_list("pk", flat=True))
    return {
        "record-deal": ("post", base + "record/deal/", {**entry, **deal_data(1, "5C")}),
        "record-piles": (
            "post",
            base + "record/piles/",
            {**entry, **piles_data((12, 0, 0, 0), (18, 0, 0, 0), (9, 0, 0, 0))},
        ),
        "record-trick": (
            "post",
            base + "record/trick/",
            {**entry, **trick_data({1: "AS", 2: "2S", 0: "3S"})},
        ),
        "record-exchange": (
            "post",
            base + "record/exchange/",
            {**entry, "swap_0": 1, "swap_1": 1, "swap_2": 1},
        ),
        "undo": ("post", base + "undo/", {}),
        "void": ("post", base + "void/0/", {}),
        "abandon": ("post", base + "abandon/", {}),
        "add-player": ("post", table + "players/", {"name": "Dan"}),
        "start-form": ("get", table + "start/?game=recruit", {}),
        "start": ("post", table + "start/", {"game": "recruit", "player": players}),
        "score-qr": ("get", table + "qr/score.svg", {}),
    }[name]


def _read_urls(game: Game, key: str) -> list[str]:
    base = game_url(game, key=key)
    return [
        f"/t/{key}/",
        f"/t/{key}/qr/view.svg",
        base,
        base + "?entry=piles",
        base + f"live/?v={game.table.version}",
        base + "log.json",
    ]


def _send(client: Client, method: str, url: str, data: dict[str, object]) -> HttpResponse:
    return client.post(url, data) if method == "post" else client.get(url)


def test_viewer_sees_the_game_without_any_way_to_change_it(
    client: Client, game_after_first_hand: Game
) -> None:
    view_key = game_after_first_hand.table.view_key

    response = client.get(game_url(game_after_first_hand, key=view_key))

    assert response.status_code == 200
    html = text(response)
    assert "Bob deals hand 2 of 4." in html
    assert "view only" in html
    # The language switch at the foot of every page posts only the phone's own choice.
    html = html.split('<footer class="site-footer">')[0]
    assert 'method="post"' not in html, "no entry form, no undo, no cancel"
    assert 'name="client_id"' not in html
    assert "Undo last entry" not in html
    assert "Cancel entry" not in html
    assert "/record/" not in html and "/undo/" not in html and "/void/" not in html
    assert game_after_first_hand.table.score_key not in html, "the scorer link never leaks"


def test_viewer_table_page_has_no_scorer_controls(
    client: Client, game_after_first_hand: Game
) -> None:
    table = game_after_first_hand.table

    html = text(client.get(f"/t/{table.view_key}/"))

    assert "Game 1: Recruit" in html
    assert "Add a player" not in html
    assert "Start a game" not in html
    assert table.score_key not in html
    assert "qr/score.svg" not in html


def test_scorer_pages_show_the_scorer_controls(client: Client, game_after_first_hand: Game) -> None:
    """The counterpart of the viewer test, so that one cannot pass on a broken page."""
    html = text(client.get(game_url(game_after_first_hand)))

    assert 'name="client_id"' in html
    assert "Undo last entry" in html
    assert "Cancel entry 1" in html


@pytest.mark.parametrize("name", WRITES)
def test_viewer_key_cannot_write(client: Client, game_after_first_hand: Game, name: str) -> None:
    view_key = game_after_first_hand.table.view_key
    method, url, data = _write_request(game_after_first_hand, view_key, name)
    before = _snapshot()

    response = _send(client, method, url, data)

    assert response.status_code == 403, url
    assert "This link can only watch" in text(response)
    assert _snapshot() == before


@pytest.mark.parametrize("name", WRITES)
def test_the_same_requests_pass_with_the_scorer_key(
    client: Client, game_after_first_hand: Game, name: str
) -> None:
    """Proves the viewer's 403s come from the key, not from a malformed request."""
    score_key = game_after_first_hand.table.score_key
    method, url, data = _write_request(game_after_first_hand, score_key, name)

    response = _send(client, method, url, data)

    assert response.status_code in (200, 302), url
    assert "This link can only watch" not in text(response)


def test_viewer_can_read_everything(client: Client, game_after_first_hand: Game) -> None:
    for url in _read_urls(game_after_first_hand, game_after_first_hand.table.view_key):
        assert client.get(url).status_code in (200, 204), url


@pytest.mark.parametrize("key", ["x" * 22, "not-a-key", "0"])
def test_unknown_key_finds_nothing(client: Client, game_after_first_hand: Game, key: str) -> None:
    before = _snapshot()
    requests = [("get", url, {}) for url in _read_urls(game_after_first_hand, key)]
    requests += [_write_request(game_after_first_hand, key, name) for name in WRITES]

    for method, url, data in requests:
        response = _send(client, method, url, data)
        assert response.status_code == 404, f"{method} {url}"
    assert _snapshot() == before


def test_unknown_game_number_finds_nothing(client: Client, game_after_first_hand: Game) -> None:
    key = game_after_first_hand.table.score_key
    assert client.get(f"/t/{key}/g/2/").status_code == 404
    assert client.post(f"/t/{key}/g/2/undo/").status_code == 404


def test_keys_are_long_random_and_distinct(db: None) -> None:
    tables = [actions.do_create_table(["Ann", "Bob"]) for _ in range(5)]
    keys = [k for t in tables for k in (t.view_key, t.score_key)]

    assert all(len(k) >= 20 for k in keys)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", k) for k in keys), "URL-safe"
    assert len(set(keys)) == len(keys), "view differs from score, and every table differs"


def test_a_post_without_the_csrf_token_is_refused(game_mid_hand: Game) -> None:
    client = Client(enforce_csrf_checks=True)
    before = _snapshot()
    data = {"client_id": new_uuid(), **piles_data((12, 0, 0, 0), (18, 0, 0, 0), (9, 0, 0, 0))}

    responses = [
        client.post(game_url(game_mid_hand, "record/piles/"), data),
        client.post(game_url(game_mid_hand, "record/piles/"), data, headers={"HX-Request": "true"}),
        client.post(game_url(game_mid_hand, "undo/")),
        client.post("/new/", {"name": ["Ann", "Bob"]}),
    ]

    assert [r.status_code for r in responses] == [403] * 4
    assert _snapshot() == before


def test_a_post_with_the_csrf_token_from_the_page_is_accepted(game_mid_hand: Game) -> None:
    """The counterpart: the token the page carries (form field and htmx header) works."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(game_url(game_mid_hand)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    header = re.search(r'"x-csrftoken": "([^"]+)"', page)
    assert token and header

    piles = piles_data((12, 0, 0, 0), (18, 0, 0, 0), (9, 0, 0, 0))
    response = record(
        client, game_mid_hand, "piles", {"csrfmiddlewaretoken": token.group(1), **piles}
    )
    undo = client.post(
        game_url(game_mid_hand, "undo/"),
        headers={"HX-Request": "true", "X-CSRFToken": header.group(1)},
    )

    assert response.status_code == 302
    assert undo.status_code == 200
    assert list(Event.objects.filter(game=game_mid_hand).values_list("kind", flat=True)) == [
        "deal",
        "piles",
        "void",
    ]


@pytest.mark.parametrize("key_name", ["score_key", "view_key"])
def test_table_and_game_pages_keep_their_links_out_of_referers(
    client: Client, game_mid_hand: Game, key_name: str
) -> None:
    key = getattr(game_mid_hand.table, key_name)
    for url in (f"/t/{key}/", game_url(game_mid_hand, key=key)):
        response = client.get(url)
        assert response["Referrer-Policy"] == "same-origin", url
        assert '<meta name="referrer" content="same-origin">' in response.content.decode()
