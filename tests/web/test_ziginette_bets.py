"""Ziginette's round of bets in one form: every player's amount on each board card, recorded as
one bet each, in seating order, all or nothing; the form offered first after a deal and after a
new board card, and a resent form recorded once."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.ziginette import events as zig
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Event, Game, Table

from .helpers import game_url, start, words

c = parse_card


@pytest.fixture
def dealt(db: None) -> Game:
    """Ann banks 1 to 10 for Bob, Cat, Dan and Eve; the board is 4♠ 6♥, Ann's card K♣."""
    table = actions.do_create_table(["Ann", "Bob", "Cat", "Dan", "Eve"])
    Table.objects.filter(pk=table.pk).update(decimals=0, chip_value=1, currency="")
    game = start(table, "ziginette")
    actions.check_record_event(game, zig.Bank(banker=Seat(0), min_bet=1, max_bet=10))
    actions.check_record_event(game, zig.Deal(board=parse_cards("4S 6H"), banker_card=c("KC")))
    return game


def _post(client: Client, game: Game, data: dict[str, str], client_id: str) -> str:
    url = game_url(game, "record/bets/")
    at = str(game.events.count())
    return words(client.post(url, {**data, "client_id": client_id, "at": at}, follow=True))


def _bets(game: Game) -> list[tuple[str, dict[str, object]]]:
    rows = Event.objects.filter(game=game).order_by("seq")[2:]
    return [(e.kind, {k: v for k, v in e.payload.items() if k != "type"}) for e in rows]


def test_a_rounds_bets_are_one_form_offered_first_after_the_deal(
    client: Client, dealt: Game
) -> None:
    page = client.get(game_url(dealt)).content.decode()
    assert f'action="{game_url(dealt, "record/bets/")}"' in page
    shown = words(client.get(game_url(dealt)))
    assert "Everybody's bets at once" in shown
    for name in ("Bob", "Cat", "Dan", "Eve"):
        assert f'aria-label="{name}: 4♠"' in page and f'aria-label="{name}: 6♥"' in page
    assert 'aria-label="Ann: 4♠"' not in page  # the banker does not bet


def test_the_bets_are_recorded_in_seating_order_once(client: Client, dealt: Game) -> None:
    data = {"bet_1_4S": "3", "bet_2_6H": "2", "bet_3_4S": "0", "bet_4_4S": "5", "bet_4_6H": "1"}
    page = _post(client, dealt, data, "5a4e0f0e-1d0b-4b59-9a51-0d1f6c7c1a01")
    assert _bets(dealt) == [
        ("bet", {"seat": 1, "card": "4S", "amount": 3}),
        ("bet", {"seat": 2, "card": "6H", "amount": 2}),
        ("bet", {"seat": 4, "card": "4S", "amount": 5}),
        ("bet", {"seat": 4, "card": "6H", "amount": 1}),
    ]
    assert "Bob bets 3 on 4♠" in page and "Eve bets 1 on 6♥" in page
    # The same form sent again (a retry) records nothing more.
    _post(client, dealt, data, "5a4e0f0e-1d0b-4b59-9a51-0d1f6c7c1a01")
    assert len(_bets(dealt)) == 4
    # Now a card is turned: the bets form is no longer first (5♦ is a new board card: it is).
    actions.check_record_event(dealt, zig.Draw(card=c("5D")))
    assert "Everybody's bets at once" in words(client.get(game_url(dealt)))
    actions.check_record_event(dealt, zig.Draw(card=c("4D")))  # matches the 4♠: no new card
    assert "Everybody's bets at once" not in words(client.get(game_url(dealt)))


def test_one_bet_refused_records_none_and_names_it(client: Client, dealt: Game) -> None:
    # The limits are 1 to 10: 11 is not an amount the form offers, and nothing is written.
    data = {"bet_1_4S": "3", "bet_3_6H": "9", "bet_2_4S": "11"}
    page = _post(client, dealt, data, "5a4e0f0e-1d0b-4b59-9a51-0d1f6c7c1a02")
    assert _bets(dealt) == []
    assert "Select a valid choice" in page
    # Within the chips, but Dan already bet: a second form whose total on a card goes over.
    _post(client, dealt, {"bet_3_6H": "9"}, "5a4e0f0e-1d0b-4b59-9a51-0d1f6c7c1a03")
    page = _post(
        client, dealt, {"bet_1_4S": "3", "bet_3_6H": "2"}, "5a4e0f0e-1d0b-4b59-9a51-0d1f6c7c1a04"
    )
    assert "Dan's bet on 6♥ would be 11, more than the largest, 10 per card." in page
    assert _bets(dealt) == [("bet", {"seat": 3, "card": "6H", "amount": 9})]  # Bob's 3 is not


def test_nobody_betting_is_said(client: Client, dealt: Game) -> None:
    page = _post(client, dealt, {"bet_1_4S": "0"}, "5a4e0f0e-1d0b-4b59-9a51-0d1f6c7c1a05")
    assert "Nobody bets: tap an amount for at least one." in page
    assert _bets(dealt) == []
