"""Every write at a table tells its polling phones (issue 29): a phone polls ``live/?v=<the
version it shows>`` and is answered 204 (nothing new) until the table's version moves. Taking
the table out of its club and marking a payment paid or not paid are writes at the table too."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.tables import actions
from companion.tables.models import Club, Game, Payment

from .helpers import game_url, new_uuid, start_recruit


@pytest.fixture
def game(db: None) -> Game:
    club = actions.do_create_club("Tuesday club")
    table = actions.do_create_table(["Ann", "Bob", "Cat"], club=club)
    return start_recruit(table)


def _shown_version(phone: Client, game: Game) -> str:
    found = re.search(r"live/\?v=(\d+)", phone.get(game_url(game)).content.decode())
    assert found, "the game page does not poll"
    return found.group(1)


def _poll(phone: Client, game: Game, version: str) -> int:
    return phone.get(game_url(game, f"live/?v={version}")).status_code


def _told(phone: Client, game: Game, version: str) -> None:
    """The poll with the version shown before brings the new view, with a new version that
    the next poll is answered 204 for."""
    response = phone.get(game_url(game, f"live/?v={version}"))
    assert response.status_code == 200, "the phone was not told of the change"
    found = re.search(r"live/\?v=(\d+)", response.content.decode())
    assert found and found.group(1) != version
    assert _poll(phone, game, found.group(1)) == 204


def test_taking_a_table_out_of_its_club_is_told_to_its_phones(game: Game) -> None:
    phone, organiser = Client(), Client()
    seen = _shown_version(phone, game)
    assert _poll(phone, game, seen) == 204
    club: Club = game.table.club
    response = organiser.post(f"/c/{club.key}/tables/{game.table.pk}/remove/")
    assert response.status_code == 302
    _told(phone, game, seen)


def test_a_payment_marked_paid_and_then_not_paid_is_told_to_the_phones(game: Game) -> None:
    phone, scorer = Client(), Client()
    table = game.table
    ann, bob = (table.players.get(name=name) for name in ("Ann", "Bob"))
    ledger = f"/t/{table.score_key}/ledger/"
    seen = _shown_version(phone, game)
    paid = {"payer": f"p{ann.pk}", "payee": f"p{bob.pk}", "amount": "20", "client_id": new_uuid()}
    assert scorer.post(ledger + "paid/", paid).status_code == 302
    _told(phone, game, seen)
    seen = _shown_version(phone, game)
    assert scorer.post(ledger + "paid/", paid).status_code == 302  # a retry changes nothing
    assert _poll(phone, game, seen) == 204
    payment = Payment.objects.get(table=table)
    assert scorer.post(f"{ledger}unpaid/{payment.pk}/").status_code == 302
    _told(phone, game, seen)
