"""The history's rows drawn in Python (companion/tables/kept/rows.py, kept between answers) are the
rows the reference template ``tables/_history_row.html`` draws: for an entry as recorded, one
flagged, one cancelled, the cancelling entry itself, one corrected and the correction, for a
scorer and a viewer, in every language; and the kept rows carry each response's own token,
submission ids and log length."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from companion import rules as engine
from companion.games.buck_euchre.game import Bid, Deal, Drops
from companion.games.buck_euchre.game import Trick as BuckTrick
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.context import history
from companion.tables.kept import lines, rows
from companion.tables.models import Game, Table

from .helpers import HTMX, game_url, new_uuid, start


def _flat(html: str) -> str:
    """Whitespace between tags and before a closing tag is the template's layout, not text."""
    html = re.sub(r"\s+", " ", html)
    return re.sub(r"> <", "><", re.sub(r" </", "</", html)).strip()


@pytest.fixture
def played(four_player_table: Table) -> Game:
    """Buck Euchre, hearts trump, Dan out: Ann's revoke in trick 2 is flagged once trick 3
    proves it; trick 3 cancelled and restored; Cat's order-up corrected as it was."""
    game = start(four_player_table, "buck_euchre")
    actions.check_record_event(game, Deal(dealer=Seat(0), upcard=parse_card("9H")))
    actions.check_record_event(game, Bid(seat=Seat(1), call="pass"))
    actions.check_record_event(game, Bid(seat=Seat(2), call="order-up"))
    actions.check_record_event(game, Drops(dropped=(Seat(3),)))
    for cards in ("AS JH KS", "QS 9D 9S", "AC 10S KC"):  # led by Bob, Cat, Cat
        actions.check_record_event(game, BuckTrick(cards=parse_cards(cards)))
    actions.check_record_event(game, engine.Void(target=6))
    actions.check_record_event(game, engine.Void(target=7))  # restored
    actions.check_record_event(
        game, engine.Correction(target=2, event=Bid(seat=Seat(2), call="order-up"))
    )
    return game


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
@pytest.mark.parametrize("can_score", [True, False])
def test_rows_drawn_in_python_are_the_reference_templates_rows(
    played: Game, language: str, can_score: bool
) -> None:
    loaded = actions.load(played)
    base = game_url(played)
    ctx: dict[str, Any] = {
        "can_score": can_score,
        "at": loaded.count,
        "csrf_token": "TOKEN",
        "rules_url": reverse("rules:game", args=["buck_euchre"]),
    }
    with translation.override(language):
        shown = history(loaded, base, loaded.recent)
        kinds = {
            (h["voided"], h["is_void"], bool(h["corrected_by"]), bool(h["flags"])) for h in shown
        }
        assert len(kinds) >= 5, kinds  # every kind of row is compared
        reference = "\n".join(
            render_to_string("tables/_history_row.html", {**ctx, "h": h}) for h in shown
        )
        want = _flat(reference.split("{% endcomment %}")[-1])
        rows._kept.clear()
        for _ in range(2):  # drawn, then kept
            drawn = rows.history_html(
                shown,
                can_score=can_score,
                at=loaded.count,
                csrf="TOKEN",
                rules_url=ctx["rules_url"],
            )
            assert _flat(str(drawn)) == want


def test_kept_rows_carry_each_answers_own_token_ids_and_position(
    client: Client, played: Game
) -> None:
    page = client.get(game_url(played)).content.decode()
    other = Client()
    second = other.get(game_url(played)).content.decode()
    history_of = lambda html: html[html.index('id="history"') :]  # noqa: E731
    ids = re.findall(r'name="client_id" value="([0-9a-f-]{36})"', history_of(page))
    ids2 = re.findall(r'name="client_id" value="([0-9a-f-]{36})"', history_of(second))
    assert len(ids) == len(set(ids)) and not set(ids) & set(ids2)
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    assert token and other.cookies[settings.CSRF_COOKIE_NAME].value != token
    count = actions.load(played).count
    assert f'name="at" value="{count}"' in history_of(page)
    # After one more entry, the rows kept from the first page say the new length.
    response = client.post(
        game_url(played, "record/trick/"),
        {**{"card_0": "QC", "card_1": "10C", "card_2": "JC"}, "client_id": new_uuid(), "at": count},
        headers=HTMX,
    )
    assert response.status_code == 200
    answer = response.content.decode()
    assert f'name="at" value="{count + 1}"' in history_of(answer)
    assert f'name="at" value="{count}"' not in history_of(answer)


def test_a_kept_line_is_never_shown_in_another_currency() -> None:
    """A history line holding an amount is kept per currency: after the table changes its
    money, the line is said again in the new one."""
    from types import SimpleNamespace

    from companion.rules.money import Chips
    from companion.rules.text import tr
    from companion.tables import money_shown
    from companion.tables.i18n import say

    rules = SimpleNamespace(key="skin", names=("Ann", "Bob"), options=None)
    event = ("bet", 5)

    def describe(_rules: Any, _event: Any) -> str:
        return say(tr("Bet {amount}", amount=Chips(5)))

    rows._lines.clear()
    with translation.override("en"):
        money_shown.use_table_money(SimpleNamespace(currency="€", decimals=2, chip_value=50))
        in_euros = rows.kept_line(rules, event, describe)
        money_shown.use_table_money(SimpleNamespace(currency="$", decimals=2, chip_value=100))
        in_dollars = rows.kept_line(rules, event, describe)
    assert in_euros == "Bet €2.50" and in_dollars == "Bet $5.00"


def test_an_entry_s_line_is_worked_out_once_per_row_kept_with_the_replay(played: Game) -> None:
    """The latest entries' lines are kept by the row read from the log (held with the game's
    kept replay), not worked out again for every answer; another row, even under the same
    primary key (SQLite may give a deleted row's key again), gets its own line; so does
    another language."""
    from companion.tables import context

    loaded = actions.load(played)
    with translation.override("en"):
        first = history(loaded, "/g/")
        again = history(loaded, "/g/")
        assert all(a["said"] is b["said"] for a, b in zip(first, again, strict=True))
        trick = next(e for e in loaded.recent if isinstance(e.event, BuckTrick))
        bid = next(e for e in loaded.recent if isinstance(e.event, Bid))
        # The bid's row as another object with the trick's row's key: the bid's own line.
        bid_row = type(bid.row).objects.get(pk=bid.row.pk)
        bid_row.pk = trick.row.pk
        said, _ = lines.entry_text(loaded.rules, bid.event, bid_row, "en", context.describe_entry)
        trick_said, _ = lines.entry_text(
            loaded.rules, trick.event, trick.row, "en", context.describe_entry
        )
        assert said == context.describe_entry(loaded.rules, bid.event) != trick_said
    with translation.override("fr"):
        french = history(loaded, "/g/")
    assert [r["text"] for r in french] != [r["text"] for r in first]
