"""Ready for a real table (issue 9), server side: the web app manifest and its icons, the
service worker served from the site's root, the offline page, and the home page revealing no
table (the list of this phone's tables is the phone's own, filled in by app.js)."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import text

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_the_manifest_names_the_app_and_icons_that_exist(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Companion"
    assert data["start_url"] == "/"
    assert data["display"] == "standalone"
    sizes = {}
    for icon in data["icons"]:
        assert icon["src"].startswith("/static/img/")
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon["src"]
        if icon["type"] == "image/png":
            with open(path, "rb") as f:
                head = f.read(24)
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", head[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes[icon.get("purpose", "any")] = sizes.get(icon.get("purpose", "any"), []) + [width]
    assert sizes == {"any": [192, 512], "maskable": [512]}  # what phones need to install


def test_every_page_links_the_manifest_and_the_scripts(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'data-sw="/sw.js"' in html
    assert '<script src="/static/js/entries.js" defer></script>' in html
    assert '<script src="/static/js/app.js" defer></script>' in html
    assert "<script>" not in html  # no inline script: the pages' CSP allows 'self' only
    assert 'id="offline-banner"' in html and 'id="announce"' in html


def test_the_service_worker_is_served_from_the_root_with_its_shell(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    shell = json.loads(body.split("var SHELL = ", 1)[1].split(";\n", 1)[0])
    assert "/static/css/app.css" in shell and "/offline/" in shell
    for url in shell:
        if url.startswith("/static/"):
            assert finders.find(url.removeprefix("/static/")), url
    assert 'self.addEventListener("fetch"' in body
    assert client.get("/offline/").status_code == 200


def test_the_home_page_reveals_no_table(client: Client) -> None:
    table = actions.do_create_table(["Zoltan", "Yannick"], "Secret supper")
    client.get(f"/t/{table.score_key}/")  # opened from this client, yet nothing is shown
    html = client.get("/").content.decode()
    assert 'id="my-tables" hidden' in html
    for secret in (table.title, table.score_key, table.view_key, "Zoltan"):
        assert secret not in html


def test_a_table_page_says_what_this_phone_may_keep(client: Client, recruit_game: Game) -> None:
    table: Table = recruit_game.table
    html = client.get(f"/t/{table.score_key}/g/{recruit_game.number}/").content.decode()
    assert f'data-id="{table.view_key}"' in html
    assert f'data-url="/t/{table.score_key}/g/1/"' in html and 'data-scorer="1"' in html
    assert 'data-game="Recruit"' in html and 'data-players="Ann, Bob, Cat"' in html
    viewer = client.get(f"/t/{table.view_key}/").content.decode()
    assert f'data-url="/t/{table.view_key}/"' in viewer and "data-scorer" not in viewer


def test_a_cancelled_entrys_button_is_read_as_restore(client: Client, game_mid_hand: Game) -> None:
    url = f"/t/{game_mid_hand.table.score_key}/g/{game_mid_hand.number}/"
    actions.check_void_event(game_mid_hand, 0)
    html = client.get(url).content.decode()
    # Entry 2 is the cancel; its button restores entry 1 and says so.
    assert 'aria-label="Restore what entry 2 cancelled">Restore</button>' in html
    assert 'aria-label="Cancel entry 2"' not in html


def test_the_piles_forms_chip_groups_are_labelled(client: Client, game_mid_hand: Game) -> None:
    url = f"/t/{game_mid_hand.table.score_key}/g/{game_mid_hand.number}/?entry=piles"
    html = client.get(url).content.decode()
    groups = re.findall(r'<div class="face" role="group" aria-labelledby="([^"]+)">', html)
    assert len(groups) >= 9  # jacks, queens and kings for each of three players
    for label_id in groups:
        assert f'id="{label_id}"' in html


def test_a_game_for_exactly_four_says_four_players(client: Client) -> None:
    html = client.get("/rules/").content.decode()
    assert "4–4 players" not in html
    assert re.search(r"Belote</strong></a>.*?— 4 players\.", html)


def test_an_import_error_is_focused_where_it_shows(client: Client) -> None:
    html = client.post("/import/", {"log": "{"}).content.decode()
    assert re.search(
        r'<ul class="errorlist" id="import-error" tabindex="-1" role="alert" autofocus>', html
    )
    assert html.count("autofocus") == 1  # not the new table's first name box


# --- everyday actions: rename a player, take off one who has not played --------------------


def test_a_scorer_renames_a_player_and_every_game_shows_it(
    client: Client, recruit_game: Game
) -> None:
    table: Table = recruit_game.table
    bob = table.players.get(name="Bob")
    response = client.post(
        f"/t/{table.score_key}/players/{bob.pk}/rename/", {"name": "  Robert  "}, follow=True
    )
    assert "Bob is now Robert." in response.content.decode()
    assert [p.name for p in table.players.all()] == ["Ann", "Robert", "Cat"]
    page = client.get(f"/t/{table.score_key}/g/{recruit_game.number}/").content.decode()
    assert "Robert" in page and ">Bob<" not in page
    # Refused, saying why, changing nothing: a name already at the table, an empty one.
    for name, why in (("ann", "Two players have the same name"), ("   ", "Type a name.")):
        response = client.post(
            f"/t/{table.score_key}/players/{bob.pk}/rename/", {"name": name}, follow=True
        )
        assert why in response.content.decode()
    assert [p.name for p in table.players.all()] == ["Ann", "Robert", "Cat"]


def test_a_viewer_cannot_rename_or_remove(client: Client, recruit_game: Game) -> None:
    table: Table = recruit_game.table
    bob = table.players.get(name="Bob")
    base = f"/t/{table.view_key}/players/{bob.pk}/"
    assert client.post(base + "rename/", {"name": "Zed"}).status_code == 403
    assert client.post(base + "remove/").status_code == 403
    assert client.post(base + "remove/", {"confirm": "1"}).status_code == 403
    assert [p.name for p in table.players.all()] == ["Ann", "Bob", "Cat"]


def test_only_a_player_who_has_not_played_can_be_removed(
    client: Client, recruit_game: Game
) -> None:
    table: Table = recruit_game.table
    dan = actions.do_add_player(table, "Dan")
    eve = actions.do_add_player(table, "Eve")
    url = f"/t/{table.score_key}/players/"
    page = client.get(f"/t/{table.score_key}/").content.decode()
    assert "Remove Dan from this table" in page and "Remove Ann from this table" in page
    # The first tap asks, saying what removing does, and changes nothing.
    asked = client.post(f"{url}{dan.pk}/remove/", follow=True).content.decode()
    assert "Remove Dan from this table?" in asked
    assert "Dan has not played a game here: the name is taken off the table." in asked
    assert 'name="confirm" value="1"' in asked and "Keep Dan" in asked
    assert "Dan" in [p.name for p in table.players.all()]
    response = client.post(f"{url}{dan.pk}/remove/", {"confirm": "1"}, follow=True)
    assert "Dan is no longer at this table." in response.content.decode()
    assert [(p.name, p.position) for p in table.players.all()] == [
        ("Ann", 0), ("Bob", 1), ("Cat", 2), ("Eve", 3)
    ]  # fmt: skip
    # A late arrival takes the next place after the removal.
    actions.do_add_player(table, "Fay")
    assert [p.name for p in table.players.all()] == ["Ann", "Bob", "Cat", "Eve", "Fay"]
    assert eve.pk in {p.pk for p in table.players.all()}


def test_a_player_who_played_leaves_keeping_their_results_and_comes_back(
    client: Client, recruit_game: Game
) -> None:
    table: Table = recruit_game.table
    actions.do_add_player(table, "Dan")
    ann = table.players.get(name="Ann")
    url = f"/t/{table.score_key}/"
    asked = text(client.post(f"{url}players/{ann.pk}/remove/"))
    assert "Ann has played here: their games and results stay" in asked
    assert not table.players.get(pk=ann.pk).left
    response = client.post(f"{url}players/{ann.pk}/remove/", {"confirm": "1"}, follow=True)
    page = text(response)
    assert "Ann has left the table: their games and results stay" in page
    assert "Left the table: Ann" in page
    assert "Players: <strong>Bob</strong>, <strong>Cat</strong>, <strong>Dan</strong>" in page
    # Their game still names them; the next game does not offer them, nor seats them if sent.
    assert "Ann" in text(client.get(f"{url}g/1/"))
    start_page = text(client.get(f"{url}start/?game=recruit"))
    assert f'name="player" value="{ann.pk}"' not in start_page and ">Ann<" not in start_page
    client.post(
        f"{url}start/", {"game": "recruit", "player": [ann.pk, *[
            p.pk for p in table.players.filter(name__in=["Bob", "Cat"])
        ]], "at": "1"}
    )  # fmt: skip
    assert table.games.get(number=2).seat_names() == ["Bob", "Cat"]
    # Seated again: offered for new games once more; adding the same name does it too.
    response = client.post(f"{url}players/{ann.pk}/back/", follow=True)
    assert "Ann is back at the table and can play the next game." in text(response)
    assert f'name="player" value="{ann.pk}"' in text(client.get(f"{url}start/?game=recruit"))
    client.post(f"{url}players/{ann.pk}/remove/", {"confirm": "1"})
    assert actions.do_add_player(table, " ann ").pk == ann.pk
    assert [(p.name, p.left) for p in table.players.all()] == [
        ("Ann", False), ("Bob", False), ("Cat", False), ("Dan", False)
    ]  # fmt: skip
    # The club's overview lists who is at the table now.
    club = actions.do_create_club("Thursday")
    actions.do_add_to_club(club, table.score_key)
    client.post(f"{url}players/{ann.pk}/remove/", {"confirm": "1"})
    assert "Bob, Cat, Dan" in text(client.get(f"/c/{club.view_key}/"))
    assert "Ann, Bob" not in text(client.get(f"/c/{club.view_key}/"))
    # A viewer can neither remove nor seat again.
    assert client.post(f"/t/{table.view_key}/players/{ann.pk}/back/").status_code == 403


def test_a_card_turned_up_without_its_suit_is_named_once_and_plainly(
    client: Client, four_player_table: Table
) -> None:
    from .helpers import start

    game = start(four_player_table, "malilla")
    page = client.get(f"/t/{four_player_table.score_key}/g/{game.number}/").content.decode()
    data = {"dealer": "0", "rank": "7"}
    for name in ("client_id", "at", "csrfmiddlewaretoken"):
        found = re.search(rf'name="{name}" value="([^"]+)"', page)
        if found:
            data[name] = found.group(1)
    response = client.post(f"/t/{four_player_table.score_key}/g/{game.number}/record/deal/", data)
    assert text(response).count("Choose the suit of the card turned up.") == 1
    assert "turned-up's" not in text(response)


def test_an_empty_import_says_so_and_a_log_with_a_byte_order_mark_is_read(
    client: Client,
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    for empty in (SimpleUploadedFile("log.json", b""), SimpleUploadedFile("log.json", b" \n")):
        response = client.post("/import/", {"file": empty})
        assert "Choose a game log file (.json) to import: this one is empty." in text(response)
        assert "Expecting value" not in text(response)
    assert "this one is empty" in text(client.post("/import/", {}))
    log = (EXAMPLES / "belote" / "made-contract.json").read_bytes()
    bom = SimpleUploadedFile("log.json", b"\xef\xbb\xbf" + log)  # as Windows Notepad saves it
    response = client.post("/import/", {"file": bom})
    assert response.status_code == 302 and "/g/1/" in response["Location"]


# --- entries made one after another offline (entries.js marks the later ones "sequel") --------


def test_a_bid_kept_offline_after_another_takes_its_bidder_from_the_log(
    client: Client, four_player_table: Table
) -> None:
    import uuid

    from companion.games.belote.events import Deal
    from companion.rules.cards import parse_card
    from companion.rules.events import Seat

    from .helpers import start

    game = start(four_player_table, "belote")
    actions.check_record_event(game, Deal(dealer=Seat(3), upcard=parse_card("7H")))
    url = f"/t/{four_player_table.score_key}/g/1/record/bid/"
    form = client.get(f"/t/{four_player_table.score_key}/g/1/?entry=bid").content.decode()
    assert '<input type="hidden" name="seat" value="0"' in form  # the form names Ann

    def post(at: int, **extra: str) -> str:
        data = {"seat": "0", "call": "pass", "at": str(at), "client_id": str(uuid.uuid4())}
        return text(client.post(url, {**data, **extra}))

    def bids() -> list[tuple[int, str]]:
        return [(e.payload["seat"], e.payload["call"]) for e in game.events.filter(kind="bid")]

    post(1)
    assert bids() == [(0, "pass")]
    # The same form sent again for the next position, not marked: Ann again, refused.
    post(2)
    assert bids() == [(0, "pass")]
    # Marked as made after the entries kept before it: the bidder now, Bob.
    post(2, sequel="1")
    assert bids() == [(0, "pass"), (1, "pass")]
    post(3, sequel="1", call="take")
    assert bids() == [(0, "pass"), (1, "pass"), (2, "take")]
    # Only the next entry of the log is read this way: an older position is refused as stale.
    assert "Entry #4 was already recorded from another phone" in post(3, sequel="1")
    assert len(bids()) == 3
