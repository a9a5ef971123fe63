"""Small helpers shared by the web tests: URLs, the rendered entry form, the page's text."""

from __future__ import annotations

import html
import re
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from companion.games.recruit.game import Pile, Piles
from companion.tables import actions
from companion.tables.models import Event, Game, Table

#: Hand 1 of the ``game_after_first_hand`` fixture, as piles: Ann 12 cards with one of each face
#: (12), Bob 18 cards with two kings (18 - 5 = 13), Cat 9 cards (9).
FIRST_HAND_PILES = Piles(
    piles=(
        Pile(cards=12, jacks=1, queens=1, kings=1),
        Pile(cards=18, kings=2),
        Pile(cards=9),
    )
)
FIRST_HAND_POINTS = (12, 13, 9)
HTMX = {"HX-Request": "true"}
#: The browser tests' screen: a current mid-size phone (iPhone 12 to 15), in CSS pixels.
PHONE_VIEWPORT = {"width": 390, "height": 844}

_CLIENT_ID = re.compile(r'name="client_id" value="([0-9a-f-]{36})"')
_AT = re.compile(r'name="at" value="(\d+)"')
_TAG = re.compile(r"<[^>]+>")
_TFOOT = re.compile(r"<tfoot>(.*?)</tfoot>", re.S)
_TBODY = re.compile(r'<table class="scoreboard">.*?<tbody>(.*?)</tbody>', re.S)
_HAND_ROW = re.compile(r'<tr><th scope="row">\d+</th>(.*?)</tr>', re.S)
_NUM_CELL = re.compile(r'<td class="num[^"]*">(-?\d+(?:[.,]\d+)?)</td>')


def start(table: Table, key: str, options: dict[str, Any] | None = None) -> Game:
    """A game of ``key`` with everyone at the table, in seat order."""
    return actions.check_start_game(table, key, list(table.players.all()), options or {})


def start_recruit(table: Table, options: dict[str, str] | None = None) -> Game:
    return start(table, "recruit", options)


def game_url(game: Game, suffix: str = "", *, key: str | None = None) -> str:
    """``/t/<key>/g/<n>/<suffix>``, with the scorer key unless another key is given."""
    return f"/t/{key or game.table.score_key}/g/{game.number}/{suffix}"


def text(response: HttpResponse) -> str:
    """The body with HTML entities decoded, so "Bob's" matches Django's escaped "Bob&#x27;s"."""
    return html.unescape(response.content.decode())


def words(response: HttpResponse) -> str:
    """The page as a reader sees it: tags dropped, entities decoded, whitespace collapsed."""
    return " ".join(html.unescape(_TAG.sub(" ", response.content.decode())).split())


def form_ids(client: Client, game: Game, kind: str) -> tuple[str, str]:
    """The one-time id and the log position (``at``) carried by the entry form the scorer is
    shown for ``kind``."""
    page = client.get(game_url(game), {"entry": kind})
    assert page.status_code == 200
    html_text = page.content.decode()
    found, at = _CLIENT_ID.search(html_text), _AT.search(html_text)
    assert found and at, "the game page has no entry form"
    return found.group(1), at.group(1)


def form_client_id(client: Client, game: Game, kind: str) -> str:
    """The one-time id carried by the entry form the scorer is shown for ``kind``."""
    return form_ids(client, game, kind)[0]


def record(
    client: Client,
    game: Game,
    kind: str,
    data: dict[str, Any],
    *,
    htmx: bool = False,
    client_id: str | None = None,
) -> HttpResponse:
    """Submit an entry form as a scorer would: with the client id and the log position
    (``at``) from the rendered form (``data`` may give its own)."""
    shown_id, at = form_ids(client, game, kind)
    fields = {"client_id": client_id or shown_id, "at": at, **data}
    headers = HTMX if htmx else {}
    return client.post(game_url(game, f"record/{kind}/"), fields, headers=headers)


def deal_data(dealer: int, card: str, *variants: str) -> dict[str, Any]:
    rank, suit = (card, "") if card == "JK" else (card[:-1], card[-1])
    return {"dealer": dealer, "rank": rank, "suit": suit, "variants": list(variants)}


def upcard_deal_data(dealer: int, card: str = "") -> dict[str, Any]:
    """Form fields for a deal with its card turned up ("9H"; none when empty)."""
    return {"dealer": dealer, "rank": card[:-1], "suit": card[-1:]}


def piles_data(*piles: tuple[int | None, int, int, int]) -> dict[str, Any]:
    """Form fields for the piles form: one (cards, jacks, queens, kings) per seat."""
    data: dict[str, Any] = {}
    for seat, (cards, jacks, queens, kings) in enumerate(piles):
        data[f"cards_{seat}"] = "" if cards is None else cards
        data[f"jacks_{seat}"] = jacks
        data[f"queens_{seat}"] = queens
        data[f"kings_{seat}"] = kings
    return data


def trick_data(cards: dict[int, str]) -> dict[str, Any]:
    """Form fields for the trick form: seat -> card code ("QS", "10H", "JK")."""
    data: dict[str, Any] = {}
    for seat, card in cards.items():
        rank, suit = (card, "") if card == "JK" else (card[:-1], card[-1])
        data[f"rank_{seat}"] = rank
        data[f"suit_{seat}"] = suit
    return data


def cards_data(
    out: int, hands: dict[int, str], *, typed: bool = False, ticked: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The full-entry form of the rummy games (who went out, each seat's cards): the grid's
    checkboxes (value ``9H``, ``9H.2`` for a second copy), or the text box; ``ticked`` names
    the form's other checkboxes to tick (Kaluki's ``kaluki``)."""
    data: dict[str, Any] = {"out": out}
    for name in ticked:
        data[name] = "on"
    for seat, cards in hands.items():
        if typed:
            data[f"cards_{seat}_typed"] = cards
            continue
        seen: dict[str, int] = {}
        values = []
        for code in cards.split():
            seen[code] = seen.get(code, 0) + 1
            values.append(code if seen[code] == 1 else f"{code}.{seen[code]}")
        data[f"cards_{seat}"] = values
    return data


def starts_with_element(html_text: str, element_id: str) -> bool:
    """Whether the fragment's first element is the one with this id (what htmx swaps in)."""
    return re.match(rf'\s*<[a-z]+\b[^>]*\bid="{element_id}"', html_text) is not None


def number(text: str) -> int | Decimal:
    """A number of points as a page or a CSV writes it: whole, or with its decimals (Ui77's
    Go Nov kept to one decimal: 8.7, or 8,7 in French), read exactly."""
    text = text.replace(",", ".")
    return Decimal(text) if "." in text else int(text)


def page_totals(response: HttpResponse) -> list[int | Decimal]:
    """The Total row of the scoreboard, as shown on the page."""
    found = _TFOOT.search(response.content.decode())
    assert found, "no scoreboard totals on the page"
    return [number(n) for n in _NUM_CELL.findall(found.group(1))]


def page_hands(response: HttpResponse) -> list[list[int | Decimal]]:
    """The scoreboard's per-hand rows (points by seat), as shown on the page."""
    found = _TBODY.search(response.content.decode())
    assert found, "no scoreboard on the page"
    rows = _HAND_ROW.findall(found.group(1))
    return [[number(n) for n in _NUM_CELL.findall(row)] for row in rows]


def replayed_totals(game: Game) -> tuple[int, ...]:
    loaded = actions.load(game)
    return tuple(loaded.rules.scores(loaded.state))


def start_in_chips(table: Table, key: str, options: dict[str, Any] | None = None) -> Game:
    """A game of ``key`` (as :func:`start`) at a table that counts in whole chips (no decimals,
    a chip worth 1), so amounts read as chips."""
    Table.objects.filter(pk=table.pk).update(decimals=0, chip_value=1)
    return start(table, key, options)


def ledger(client: Client, game: Game) -> str:
    """The table's ledger as a reader sees it."""
    return words(client.get(f"/t/{game.table.score_key}/ledger/"))


def ledger_at(client: Client, game: Game, chip_value: str, currency: str = "€") -> str:
    """The table's ledger once the scorer has set what a chip is worth (no stake per point): with
    2 decimals, or none for a chip worth 1 and no currency."""
    decimals = "0" if chip_value == "1" and not currency else "2"
    client.post(
        f"/t/{game.table.score_key}/ledger/settings/",
        {"currency": currency, "decimals": decimals, "chip_value": chip_value, "point_stake": "0"},
    )
    return ledger(client, game)


def event_count(game: Game) -> int:
    return Event.objects.filter(game=game).count()


def new_uuid() -> str:
    return str(uuid.uuid4())


# --- the three checks every game's entry forms get (see test_<game>.py) ----------------------


def assert_recorded_without_js(
    client: Client, game: Game, kind: str, data: dict[str, Any], payload: dict[str, Any], shown: str
) -> None:
    """A plain form post records exactly one event, with the form's id, and redirects."""
    before = event_count(game)
    client_id = form_client_id(client, game, kind)

    response = record(client, game, kind, data, client_id=client_id)

    assert response.status_code == 302, words(response)[:2000]
    assert response["Location"] == game_url(game)
    assert event_count(game) == before + 1
    row = Event.objects.filter(game=game).latest("seq")
    assert (row.seq, row.kind, row.payload) == (before, kind, payload)
    assert str(row.client_id) == client_id
    assert shown in words(client.get(game_url(game)))


def assert_recorded_with_htmx(
    client: Client, game: Game, kind: str, data: dict[str, Any], payload: dict[str, Any], shown: str
) -> None:
    """An htmx post records one event and answers with what it changed, never the whole game
    body: within a hand, out of band only, the prompt, the next entry form, the hand's panel,
    the latest entries and the poll (no scores); when a hand is scored, the live panel (scores
    and all) and out of band the prompt, the next form and the summary."""
    before = event_count(game)

    response = record(client, game, kind, data, htmx=True)

    assert response.status_code == 200
    html_text = response.content.decode()
    assert "<html" not in html_text
    if response.get("HX-Reswap") == "none":
        parts = ("status", "entry", "hand-panel", "history", "poll")
        assert not re.search(r'id="(live|scoreboard|export)"', html_text)
    else:
        assert starts_with_element(html_text, "live")
        parts = ("status", "entry", "export")
    for oob in parts:
        assert re.search(rf'<[^>]*id="{oob}"[^>]*hx-swap-oob="true"', html_text), oob
    assert 'id="game-body"' not in html_text and 'id="options"' not in html_text
    assert "scores-changed" in response["HX-Trigger"]
    assert shown in words(response)
    assert event_count(game) == before + 1
    assert Event.objects.filter(game=game).latest("seq").payload == payload


def assert_refused(
    client: Client, game: Game, kind: str, data: dict[str, Any], message: str, *, htmx: bool
) -> None:
    """A refused entry names the rule broken, writes nothing and leaves the version alone."""
    before = event_count(game)
    version = Table.objects.get(pk=game.table_id).version

    response = record(client, game, kind, data, htmx=htmx, client_id=new_uuid())

    assert response.status_code == 200
    page = text(response)
    assert message in page
    assert "Nothing was recorded." in page
    assert event_count(game) == before
    assert Table.objects.get(pk=game.table_id).version == version
    if htmx:
        assert response["HX-Retarget"] == "#entry"
        assert "<html" not in page
        assert starts_with_element(page, "entry")
        assert 'id="scoreboard"' not in page
        assert "HX-Trigger" not in response
    else:
        assert "<html" in page


def entry_tests(
    legal: list[Any], illegal: list[Any]
) -> tuple[Callable[..., None], Callable[..., None], Callable[..., None]]:
    """The three entry-form tests of a game's module, parametrized by its LEGAL and ILLEGAL
    tables (each row names one of that module's fixtures). Assign them to ``test_*`` names in
    the module so pytest collects them there, where its fixtures are visible."""

    def recorded(check: Callable[..., None]) -> Callable[..., None]:
        """A test of every legal row, checked by ``check`` (without JavaScript, or with htmx)."""

        @pytest.mark.parametrize(("kind", "fixture", "data", "payload", "shown"), legal)
        def test(
            client: Client,
            request: pytest.FixtureRequest,
            kind: str,
            fixture: str,
            data: dict[str, Any],
            payload: dict[str, Any],
            shown: str,
        ) -> None:
            game: Game = request.getfixturevalue(fixture)
            check(client, game, kind, data, payload, shown)

        return test

    without_js = recorded(assert_recorded_without_js)
    with_htmx = recorded(assert_recorded_with_htmx)

    @pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
    @pytest.mark.parametrize(("kind", "fixture", "data", "message"), illegal)
    def refused(
        client: Client,
        request: pytest.FixtureRequest,
        kind: str,
        fixture: str,
        data: dict[str, Any],
        message: str,
        htmx: bool,
    ) -> None:
        game: Game = request.getfixturevalue(fixture)
        assert_refused(client, game, kind, data, message, htmx=htmx)

    return without_js, with_htmx, refused
