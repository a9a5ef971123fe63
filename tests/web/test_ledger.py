"""The table's money ledger page: balances from every game, who pays whom, payments marked done
(the rest of the plan unchanged, a retried submission recorded once), settling through one person,
the stake settings, and the viewer's read-only page. Amounts are worked out by hand."""

from __future__ import annotations

import re
import uuid

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from companion.games.ziginette import events as zig
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat
from companion.tables import actions
from companion.tables.models import Game, Payment, Table
from companion.tables.money_shown import money_text

from .helpers import game_url, start, text, words


def ledger_url(table: Table, *, view: bool = False) -> str:
    return f"/t/{table.view_key if view else table.score_key}/ledger/"


def settings_data(**kw: str) -> dict[str, str]:
    data = {"currency": "€", "decimals": "2", "chip_value": "1", "point_stake": "0.10"}
    data.update(kw)
    return data


@pytest.fixture
def staked(client: Client, game_after_first_hand: Game) -> Table:
    """Recruit hand 1 scored 12, 13, 9 (Ann, Bob, Cat) at 10 cents a point, pairwise:
    Ann +1·... : Ann vs Bob -1, Ann vs Cat +3 -> +2 -> +€0.20; Bob +1 +4 -> +€0.50;
    Cat -3 -4 -> -€0.70."""
    table = game_after_first_hand.table
    response = client.post(f"{ledger_url(table)}settings/", settings_data())
    assert response.status_code == 302
    return table


def test_without_a_stake_points_games_are_not_in_the_ledger(
    client: Client, game_after_first_hand: Game
) -> None:
    page = client.get(ledger_url(game_after_first_hand.table))
    assert page.status_code == 200
    assert "Everyone is square: nothing to pay." in words(page)
    assert "0.00" in words(page)


def test_balances_and_the_fewest_transfers(client: Client, staked: Table) -> None:
    page = words(client.get(ledger_url(staked)))
    assert "Ann +€0.20" in page and "Bob +€0.50" in page and "Cat -€0.70" in page
    assert "Cat pays Ann €0.20" in page and "Cat pays Bob €0.50" in page
    # Each balance explained by the hand that made it, with a link to the game's hands.
    assert "Game 1 (Recruit), hand 1 : +€0.50" in page
    assert f"/t/{staked.score_key}/g/1/hands/" in text(client.get(ledger_url(staked)))


def test_marking_a_payment_done_keeps_the_rest_of_the_plan(client: Client, staked: Table) -> None:
    cat, ann = staked.players.get(name="Cat"), staked.players.get(name="Ann")
    client_id = str(uuid.uuid4())
    paid = {"payer": f"p{cat.pk}", "payee": f"p{ann.pk}", "amount": "20", "client_id": client_id}
    assert client.post(f"{ledger_url(staked)}paid/", paid).status_code == 302
    assert client.post(f"{ledger_url(staked)}paid/", paid).status_code == 302  # a retry
    assert Payment.objects.filter(table=staked).count() == 1
    page = words(client.get(ledger_url(staked)))
    assert "Cat pays Bob €0.50" in page
    assert "Cat pays Ann" not in page
    assert "Cat paid Ann €0.20" in page
    # Taken back: the plan is whole again.
    row = Payment.objects.get(table=staked)
    assert client.post(f"{ledger_url(staked)}unpaid/{row.pk}/").status_code == 302
    assert "Cat pays Ann €0.20" in words(client.get(ledger_url(staked)))


def test_settling_everything_through_one_person(client: Client, staked: Table) -> None:
    ann = staked.players.get(name="Ann")
    client.post(f"{ledger_url(staked)}settings/", settings_data(settle_through=str(ann.pk)))
    page = words(client.get(ledger_url(staked)))
    assert "Everything is settled through Ann." in page
    # Cat owes 0.70 and pays it all to Ann; Ann passes Bob's 0.50 on.
    assert "Cat pays Ann €0.70" in page and "Ann pays Bob €0.50" in page


def test_chips_in_whole_units(client: Client, game_after_first_hand: Game) -> None:
    table = game_after_first_hand.table
    client.post(
        f"{ledger_url(table)}settings/",
        settings_data(currency="", decimals="0", chip_value="1", point_stake="2"),
    )
    page = words(client.get(ledger_url(table)))
    # 2 a point: Ann +4, Bob +10, Cat -14.
    assert "Ann +4" in page and "Bob +10" in page and "Cat -14" in page


def test_bad_settings_are_refused_and_change_nothing(client: Client, staked: Table) -> None:
    response = client.post(f"{ledger_url(staked)}settings/", settings_data(point_stake="0.105"))
    assert response.status_code == 400
    assert "is not an amount with at most 2 decimals" in text(response)
    staked.refresh_from_db()
    assert staked.point_stake == 10


def test_a_lower_is_better_game_turns_the_stake_over(
    client: Client, four_player_table: Table
) -> None:
    from companion.games.buck_euchre.game import Deal, Result
    from companion.rules.events import Seat
    from companion.tables import actions

    from .helpers import start

    game = start(four_player_table, "buck_euchre")
    actions.check_record_event(game, Deal(dealer=Seat(0)))
    # Cat chose hearts and took 3 tricks (-3); Ann 1 (-1), Bob 1 (-1); Dan dropped (0).
    actions.check_record_event(
        game,
        Result(trump="H", declarer=Seat(2), dropped=(Seat(3),), tricks=(1, 1, 3, 0), how="named"),
    )
    client.post(
        f"{ledger_url(four_player_table)}settings/",
        settings_data(currency="$", point_stake="1"),
    )
    page = words(client.get(ledger_url(four_player_table)))
    # Points -1 -1 -3 0 (sum -5), lowest best: seat s gets -(4p - sum) dollars.
    # Ann -(-4+5) = -1, Bob -1, Cat -(-12+5) = +7, Dan -(0+5) = -5.
    assert "Ann -$1.00" in page and "Bob -$1.00" in page
    assert "Cat +$7.00" in page and "Dan -$5.00" in page


def test_the_viewer_sees_the_ledger_but_cannot_change_it(client: Client, staked: Table) -> None:
    page = client.get(ledger_url(staked, view=True))
    assert page.status_code == 200
    assert "Cat pays Bob €0.50" in words(page)
    assert "ledger/paid/" not in text(page)
    cat, ann = staked.players.get(name="Cat"), staked.players.get(name="Ann")
    paid = {
        "payer": f"p{cat.pk}",
        "payee": f"p{ann.pk}",
        "amount": "20",
        "client_id": str(uuid.uuid4()),
    }
    assert client.post(f"{ledger_url(staked, view=True)}paid/", paid).status_code == 403
    assert (
        client.post(f"{ledger_url(staked, view=True)}settings/", settings_data()).status_code == 403
    )
    assert not Payment.objects.exists()


def test_a_payment_naming_nobody_here_is_refused(
    client: Client, staked: Table, two_player_table: Table
) -> None:
    stranger = two_player_table.players.first()
    ann = staked.players.get(name="Ann")
    bad = {
        "payer": f"p{stranger.pk}",
        "payee": f"p{ann.pk}",
        "amount": "20",
        "client_id": str(uuid.uuid4()),
    }
    response = client.post(f"{ledger_url(staked)}paid/", bad, follow=True)
    assert "nothing was recorded" in text(response)
    assert not Payment.objects.exists()


def test_forms_carry_csrf_and_work_without_javascript(client: Client, staked: Table) -> None:
    page = text(client.get(ledger_url(staked)))
    assert page.count("csrfmiddlewaretoken") >= 3  # settings and each "Paid"
    main = page[page.index('id="ledger"') :]
    assert "hx-" not in main  # plain forms: nothing on this page needs JavaScript


# --- the game pages in the table's currency (money_shown) --------------------------------------


@pytest.fixture
def zig_in_euros(client: Client, three_player_table: Table) -> Game:
    """A Ziginette deal at a table where a chip is worth €0.50: Ann banks (1 to 10 chips per
    card), board 3♠ 5♥, her card K♣; Bob bets 4 chips on the 3♠, Cat 6 on the 5♥."""
    settings = settings_data(chip_value="0.50", point_stake="0")
    assert client.post(f"{ledger_url(three_player_table)}settings/", settings).status_code == 302
    game = start(three_player_table, "ziginette")
    for event in (
        zig.Bank(banker=Seat(0), min_bet=1, max_bet=10),
        zig.Deal(board=parse_cards("3S 5H"), banker_card=parse_card("KC")),
        zig.Bet(seat=Seat(1), card=parse_card("3S"), amount=4),
        zig.Bet(seat=Seat(2), card=parse_card("5H"), amount=6),
    ):
        actions.check_record_event(game, event)
    return game


def test_a_game_page_shows_bets_limits_and_standings_in_the_currency(
    client: Client, zig_in_euros: Game
) -> None:
    page = words(client.get(game_url(zig_in_euros)))
    assert "Bets €0.50 to €5.00 per card" in page  # 1 to 10 chips
    assert "Bob €2.00" in page and "Cat €3.00" in page  # the board's bets
    assert "Board 3♠ 1 bet, €2.00 in all" in page
    # 3♥: the bank takes Bob's 4 chips (€2.00); K♦: it pays Cat 6 (€3.00). Ann −2 chips = −€1.00.
    actions.check_record_event(zig_in_euros, zig.Draw(card=parse_card("3H")))
    actions.check_record_event(zig_in_euros, zig.Draw(card=parse_card("KD")))
    response = client.get(game_url(zig_in_euros))
    assert re.findall(r'<td class="num[^"]*">([^<]*)</td>', text(response))[:3] == [
        "-€1.00",
        "-€2.00",
        "€3.00",
    ]
    page = words(response)
    assert "3♥ matched 3♠: the bet of €2.00 is lost to the bank" in page
    assert "+€3.00 K♦ matched the banker's card: the bet of €3.00 on 5♥ is paid" in page
    assert "Ann (-€1.00)" not in page and "Cat (€3.00)" in page  # who leads


def test_amounts_are_written_the_languages_way(client: Client, zig_in_euros: Game) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = words(client.get(game_url(zig_in_euros)))
    assert "€0,50" in page and "€5,00" in page and "€2,00" in page
    ledger = words(client.get(ledger_url(zig_in_euros.table)))
    assert "Ann €0,00" in ledger  # the ledger writes money the same way
    with translation.override("fr"):
        written = money_text(-123456, "€", 2)
    assert written.startswith("-€1") and written.endswith("234,56") and len(written) == 10
    with translation.override("en"):
        assert money_text(-123456, "€", 2) == "-€1234.56"
        assert money_text(250, "", 0) == "250"


def test_changing_the_currency_changes_a_page_already_kept(
    client: Client, zig_in_euros: Game
) -> None:
    assert "€2.00" in words(client.get(game_url(zig_in_euros)))
    table = zig_in_euros.table
    dollars = settings_data(currency="$", chip_value="0.25", point_stake="0")
    assert client.post(f"{ledger_url(table)}settings/", dollars).status_code == 302
    page = words(client.get(game_url(zig_in_euros)))
    assert "Bob $1.00" in page and "€" not in page


def test_pages_without_a_table_count_in_chips(client: Client, zig_in_euros: Game) -> None:
    # The request before was a table's, in euros: the rules page's examples are still chips.
    assert "€" in words(client.get(game_url(zig_in_euros)))
    rules = words(client.get("/rules/ziginette/"))
    assert "€" not in rules and "the bet of 4" in rules


# --- amounts no table reaches (issue 28, item 7): refused with a message, never a 500 ----------


def _paid(table: Table, amount: int) -> dict[str, str]:
    cat, ann = table.players.get(name="Cat"), table.players.get(name="Ann")
    return {
        "payer": f"p{cat.pk}",
        "payee": f"p{ann.pk}",
        "amount": str(amount),
        "client_id": str(uuid.uuid4()),
    }


def test_a_payment_beyond_a_32_bit_column_is_recorded(client: Client, staked: Table) -> None:
    """2^31 minor units (21,474,836.48) is large but a payment a column must hold: on
    PostgreSQL's integer column it answered 500."""
    response = client.post(f"{ledger_url(staked)}paid/", _paid(staked, 2**31))
    assert response.status_code == 302
    assert Payment.objects.get(table=staked).amount == 2**31


@pytest.mark.parametrize("amount", [10**12 + 1, 2**63])
def test_a_payment_above_any_table_is_refused(client: Client, staked: Table, amount: int) -> None:
    """Above ``money.MAX_AMOUNT`` a payment is refused naming the limit (2^63 answered 500 on
    SQLite, 2^31 on PostgreSQL)."""
    response = client.post(f"{ledger_url(staked)}paid/", _paid(staked, amount), follow=True)
    assert response.status_code == 200
    assert (
        "That payment is more than any table settles (at most €10000000000.00): nothing was "
        "recorded." in words(response)
    )
    assert not Payment.objects.exists()


def test_settings_beyond_a_32_bit_column_are_saved(client: Client, staked: Table) -> None:
    data = settings_data(chip_value="21474836.48", point_stake="99999999.99")
    assert client.post(f"{ledger_url(staked)}settings/", data).status_code == 302
    staked.refresh_from_db()
    assert (staked.chip_value, staked.point_stake) == (2**31, 9_999_999_999)
    page = words(client.get(ledger_url(staked)))
    assert "Cat pays Bob €499999999.95" in page  # 5 points at 99,999,999.99


@pytest.mark.parametrize("field", ["chip_value", "point_stake"])
def test_settings_above_any_table_are_refused(client: Client, staked: Table, field: str) -> None:
    response = client.post(
        f"{ledger_url(staked)}settings/", settings_data(**{field: "10000000000.01"})
    )
    assert response.status_code == 400
    assert "“10000000000.01” is more than any table plays: at most 10000000000.00." in text(
        response
    )
    staked.refresh_from_db()
    assert (staked.chip_value, staked.point_stake) == (100, 10)
