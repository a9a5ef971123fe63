"""The table's money ledger page: balances from every game, who pays whom, payments marked done
(the rest of the plan unchanged, a retried submission recorded once), settling through one person,
the stake settings, and the viewer's read-only page. Amounts are worked out by hand."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from companion.tables.models import Game, Payment, Table

from .helpers import text, words


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
