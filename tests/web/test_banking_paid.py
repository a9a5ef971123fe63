"""Money paid at the table in the middle of a banking deal (Skin, Ziginette): a card matched is
paid at once, so the game's status says so as it happens and the ledger has a line for it before
the deal is settled, kept if the game is abandoned there. Amounts worked out by hand from the
rulings (Skin §10.3, Ziginette ruling 4)."""

from __future__ import annotations

from django.test import Client

from companion.games.skin import events as skin
from companion.games.ziginette import events as zig
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Abandon, Event, Seat
from companion.tables import actions
from companion.tables.models import Game, Table

from .helpers import game_url, start, words

c = parse_card

#: Skin: Ann banks; Dan takes the 7♥ with 4, Ann's card is the Q♣, Cat takes the 9♠ with 5.
SKIN_CARDS_TAKEN = (
    skin.Bank(banker=Seat(0), min_bet=1, max_bet=10),
    skin.Turn(card=c("7H"), taker=Seat(3), bet=4),
    skin.BankerCard(card=c("QC")),
    skin.Turn(card=c("9S"), taker=Seat(2), bet=5),
)


def _played(table: Table, key: str, *events: Event) -> Game:
    """A game of ``key`` at ``table`` in whole chips, with ``events`` recorded."""
    Table.objects.filter(pk=table.pk).update(decimals=0, chip_value=1, currency="")
    game = start(table, key)
    for event in events:
        actions.check_record_event(game, event)
    return game


def _ledger(client: Client, table: Table) -> str:
    return words(client.get(f"/t/{table.score_key}/ledger/"))


def test_skin_money_shows_as_cards_are_matched_and_stays_after_an_abandon(
    client: Client, four_player_table: Table
) -> None:
    table = four_player_table
    game = _played(table, "skin", *SKIN_CARDS_TAKEN)
    assert "Paid at the table this deal" not in words(client.get(game_url(game)))
    assert "not settled yet" not in _ledger(client, table)

    # The 7♣ pairs Dan's card: Ann takes his 4 there and then.
    actions.check_record_event(game, skin.Turn(card=c("7C")))
    page = words(client.get(game_url(game)))
    assert "Paid at the table this deal Ann up 4, Dan down 4" in page
    ledger = _ledger(client, table)
    assert "Deal 1, not settled yet: paid at the table as cards were matched" in ledger
    assert "Ann +4" in ledger and "Dan -4" in ledger

    # The Q♦ pairs Ann's card: she pays Cat 5. Ann +4 -5 = -1, Cat +5, Dan -4.
    actions.check_record_event(game, skin.Turn(card=c("QD")))
    assert "Paid at the table this deal Ann down 1, Cat up 5, Dan down 4" in words(
        client.get(game_url(game))
    )
    # Abandoned before the deal is settled: what was paid stays paid.
    actions.check_record_event(game, Abandon())
    ledger = _ledger(client, table)
    assert "Ann -1" in ledger and "Cat +5" in ledger and "Dan -4" in ledger
    assert "Bob" in ledger and "Bob +" not in ledger and "Bob -" not in ledger


def test_skin_a_settled_deal_replaces_its_running_lines(
    client: Client, four_player_table: Table
) -> None:
    table = four_player_table
    game = _played(
        table,
        "skin",
        *SKIN_CARDS_TAKEN,
        skin.Turn(card=c("7C")),
        skin.Turn(card=c("QD")),
        skin.Decline(),
    )
    ledger = _ledger(client, table)
    assert "not settled yet" not in ledger
    assert "Ann -1" in ledger and "Cat +5" in ledger and "Dan -4" in ledger
    assert "Paid at the table this deal" not in words(client.get(game_url(game)))


def test_ziginette_bets_taken_by_the_bank_show_before_the_deal_ends(
    client: Client, three_player_table: Table
) -> None:
    table = three_player_table
    game = _played(
        table,
        "ziginette",
        zig.Bank(banker=Seat(0), min_bet=1, max_bet=10),
        zig.Deal(board=parse_cards("4S 6H"), banker_card=c("KC")),
        zig.Bet(seat=Seat(1), card=c("4S"), amount=3),  # Bob 3 on the 4♠
        zig.Bet(seat=Seat(2), card=c("6H"), amount=2),  # Cat 2 on the 6♥
    )
    # The 4♦ matches the 4♠: the bank takes Bob's 3 at once; the deal goes on.
    actions.check_record_event(game, zig.Draw(card=c("4D")))
    page = words(client.get(game_url(game)))
    assert "Paid at the table this deal Ann up 3, Bob down 3" in page
    ledger = _ledger(client, table)
    assert "Deal 1, not settled yet: paid at the table as cards were matched" in ledger
    assert "Ann +3" in ledger and "Bob -3" in ledger and "Cat" in ledger
    actions.check_record_event(game, Abandon())
    assert "Ann +3" in _ledger(client, table) and "Bob -3" in _ledger(client, table)
