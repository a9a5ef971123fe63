"""Submissions made for another state of the game (issue 10, item 2), and submission ids that
are damaged or missing (item 9): refused with a message, nothing written, the game as it is
now shown; a resent submission is still answered as recorded, once.

Two scorers are two test clients on the same scorer link: each renders its own forms."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from companion.tables.models import Event, Game, OptionChange, Table

from .helpers import (
    FIRST_HAND_POINTS,
    HTMX,
    deal_data,
    event_count,
    form_ids,
    game_url,
    new_uuid,
    piles_data,
    replayed_totals,
    text,
    words,
)

#: Hand 1's piles as the ``game_mid_hand`` fixture needs them (FIRST_HAND_PILES).
PILES = piles_data((12, 1, 1, 1), (18, 0, 0, 2), (9, 0, 0, 0))


def _version(game: Game) -> int:
    return Table.objects.get(pk=game.table_id).version


def _form_fields(html_text: str, action: str) -> dict[str, str]:
    """The hidden fields of the first form posting to an address ending in ``action``."""
    form = re.search(rf'<form[^>]*action="[^"]*{re.escape(action)}".*?</form>', html_text, re.S)
    assert form, f"no form posting to {action}"
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_stale_form_from_a_second_scorer_is_refused_and_shows_the_game_now(
    game_mid_hand: Game, htmx: bool
) -> None:
    """Both phones open hand 1's piles form (at=1). The first records hand 1 and the next
    deal; the second phone's piles would land as hand 2's: refused, nothing written."""
    game = game_mid_hand
    first, second = Client(), Client()
    second_id, second_at = form_ids(second, game, "piles")
    first_id, first_at = form_ids(first, game, "piles")
    assert first_at == second_at == "1"
    assert (
        first.post(
            game_url(game, "record/piles/"), {"client_id": first_id, "at": first_at, **PILES}
        ).status_code
        == 302
    )
    _, deal_at = form_ids(first, game, "deal")
    assert (
        first.post(
            game_url(game, "record/deal/"),
            {"client_id": new_uuid(), "at": deal_at, **deal_data(1, "9C")},
        ).status_code
        == 302
    )
    before, version = event_count(game), _version(game)

    response = second.post(
        game_url(game, "record/piles/"),
        {
            "client_id": second_id,
            "at": second_at,
            **piles_data((8, 0, 0, 0), (20, 0, 0, 0), (11, 0, 0, 0)),
        },
        headers=HTMX if htmx else {},
    )

    assert response.status_code == 200
    page = words(response)
    assert (
        "2 entries were recorded from another phone since this form was opened "
        "(#2 Piles: Ann 12 1J 1Q 1K, Bob 18 2K, Cat 9; #3 Bob dealt; 9♣ turned up). "
        "Nothing was recorded from this form: here is the game as it is now."
    ) in page
    assert event_count(game) == before and _version(game) == version
    assert replayed_totals(game) == FIRST_HAND_POINTS
    # The game as it is now: hand 2 under way, a fresh form made for entry #4.
    assert "Cat leads trick 1" in page
    assert 'name="at" value="3"' in response.content.decode()
    if htmx:
        assert "<html" not in response.content.decode()
        assert 'id="entry" hx-swap-oob="true"' in response.content.decode()


def test_one_entry_since_names_it(client: Client, game_mid_hand: Game) -> None:
    game = game_mid_hand
    stale_id, stale_at = form_ids(client, game, "piles")
    fresh_id, fresh_at = form_ids(client, game, "piles")
    assert (
        client.post(
            game_url(game, "record/piles/"), {"client_id": fresh_id, "at": fresh_at, **PILES}
        ).status_code
        == 302
    )

    response = client.post(
        game_url(game, "record/piles/"), {"client_id": stale_id, "at": stale_at, **PILES}
    )

    assert (
        "Entry #2 was already recorded from another phone: Piles: Ann 12 1J 1Q 1K, Bob 18 2K, "
        "Cat 9. Nothing was recorded from this form: here is the game as it is now."
    ) in words(response)
    assert event_count(game) == 2


@pytest.mark.parametrize("htmx", [False, True], ids=["no-js", "htmx"])
def test_a_resent_submission_is_answered_as_recorded_once(
    client: Client, game_mid_hand: Game, htmx: bool
) -> None:
    """The same submission twice (a double tap, a retry on bad Wi-Fi, the offline queue
    sending again): its ``at`` is stale the second time, but its id was recorded."""
    game = game_mid_hand
    client_id, at = form_ids(client, game, "piles")
    fields = {"client_id": client_id, "at": at, **PILES}
    headers = HTMX if htmx else {}

    first = client.post(game_url(game, "record/piles/"), fields, headers=headers)
    again = client.post(game_url(game, "record/piles/"), fields, headers=headers)

    assert first.status_code == again.status_code == (200 if htmx else 302)
    assert "another phone" not in text(again)
    assert event_count(game) == 2
    assert Event.objects.filter(game=game, client_id=client_id).count() == 1
    assert replayed_totals(game) == FIRST_HAND_POINTS


def test_an_offline_queue_sends_its_entries_in_order_with_their_positions(
    client: Client, game_mid_hand: Game
) -> None:
    """Queued offline from one form at=1: the piles at 1, the next deal at 2."""
    game = game_mid_hand
    queued = [
        ("piles", {"client_id": new_uuid(), "at": "1", **PILES}),
        ("deal", {"client_id": new_uuid(), "at": "2", **deal_data(1, "9C")}),
    ]
    for kind, fields in queued:
        assert client.post(game_url(game, f"record/{kind}/"), fields).status_code == 302
    for kind, fields in queued:  # the queue sends it all again (no answer came back)
        assert client.post(game_url(game, f"record/{kind}/"), fields).status_code == 302
    assert [e.kind for e in Event.objects.filter(game=game)] == ["deal", "piles", "deal"]


def test_a_post_without_at_is_checked_by_the_rules_alone(
    client: Client, game_mid_hand: Game
) -> None:
    """A page rendered before the check existed (a tab open across the deploy): as before."""
    response = client.post(
        game_url(game_mid_hand, "record/piles/"), {"client_id": new_uuid(), **PILES}
    )
    assert response.status_code == 302
    assert event_count(game_mid_hand) == 2


@pytest.mark.parametrize("at", ["²", "-1", "1" * 5000, "1.0", "99"])
def test_an_unreadable_or_impossible_at_is_refused(
    client: Client, game_mid_hand: Game, at: str
) -> None:
    response = client.post(
        game_url(game_mid_hand, "record/piles/"), {"client_id": new_uuid(), "at": at, **PILES}
    )
    assert response.status_code == 200
    assert "This form was made for another state of the game" in words(response)
    assert event_count(game_mid_hand) == 1


@pytest.mark.parametrize("client_id", ["not-a-uuid", "", "ä" * 40])
def test_a_damaged_or_missing_submission_id_is_refused_saying_so(
    client: Client, game_mid_hand: Game, client_id: str
) -> None:
    response = client.post(
        game_url(game_mid_hand, "record/piles/"), {"client_id": client_id, "at": "1", **PILES}
    )
    assert response.status_code == 200
    page = words(response)
    assert "submission id" in page and "Nothing was recorded." in page
    assert event_count(game_mid_hand) == 1


# --- undo, cancel, restore, correct and the house rules keep the same contract ----------------


def _stale_page(client: Client, game: Game) -> str:
    """The game page as one phone saw it, before the other phone records hand 1's piles."""
    page = client.get(game_url(game)).content.decode()
    assert _other_phone_records_the_piles(game).status_code == 302
    return page


def _other_phone_records_the_piles(game: Game) -> HttpResponse:
    """Another phone records hand 1's piles from the form it was shown."""
    other = Client()
    client_id, at = form_ids(other, game, "piles")
    return other.post(game_url(game, "record/piles/"), {"client_id": client_id, "at": at, **PILES})


def _assert_refused_as_stale(response: Any, game: Game, count: int, version: int) -> None:
    assert response.status_code == 200
    assert (
        "Entry #2 was already recorded from another phone: Piles: Ann 12 1J 1Q 1K, Bob 18 2K, "
        "Cat 9. Nothing was recorded from this form: here is the game as it is now."
    ) in words(response)
    assert event_count(game) == count and _version(game) == version
    assert not OptionChange.objects.exists()


def test_a_stale_undo_is_refused(client: Client, game_mid_hand: Game) -> None:
    """Undo tapped on a page showing the deal as the last entry: it must not undo the piles
    another phone recorded meanwhile."""
    fields = _stale_page(client, game_mid_hand)
    fields_undo = _form_fields(fields, "/undo/")
    count, version = event_count(game_mid_hand), _version(game_mid_hand)

    response = client.post(game_url(game_mid_hand, "undo/"), fields_undo, follow=True)

    _assert_refused_as_stale(response, game_mid_hand, count, version)


def test_a_stale_cancel_is_refused(client: Client, game_mid_hand: Game) -> None:
    page = _stale_page(client, game_mid_hand)
    fields = _form_fields(page, "/void/0/")
    assert {"client_id", "at"} <= set(fields)
    count, version = event_count(game_mid_hand), _version(game_mid_hand)

    response = client.post(game_url(game_mid_hand, "void/0/"), fields, follow=True)

    _assert_refused_as_stale(response, game_mid_hand, count, version)


def test_a_resent_cancel_is_answered_as_done_once(client: Client, game_mid_hand: Game) -> None:
    page = client.get(game_url(game_mid_hand)).content.decode()
    fields = _form_fields(page, "/void/0/")

    for _ in range(2):
        assert client.post(game_url(game_mid_hand, "void/0/"), fields).status_code == 302

    assert [e.kind for e in Event.objects.filter(game=game_mid_hand)] == ["deal", "void"]


def test_a_stale_correction_is_refused(client: Client, game_mid_hand: Game) -> None:
    page = client.get(game_url(game_mid_hand, "correct/0/")).content.decode()
    fields = _form_fields(page, "/correct/0/")
    assert fields["at"] == "1"
    _other_phone_records_the_piles(game_mid_hand)
    count, version = event_count(game_mid_hand), _version(game_mid_hand)

    response = client.post(
        game_url(game_mid_hand, "correct/0/"), {**fields, **deal_data(0, "8H")}, follow=True
    )

    _assert_refused_as_stale(response, game_mid_hand, count, version)


def test_a_stale_house_rules_change_is_refused(client: Client, game_mid_hand: Game) -> None:
    page = client.get(game_url(game_mid_hand, "options/")).content.decode()
    form = re.search(r'<form method="post" class="stack">.*?</form>', page, re.S)
    assert form, "no house rules form"
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    assert fields["at"] == "1"
    _other_phone_records_the_piles(game_mid_hand)
    count, version = event_count(game_mid_hand), _version(game_mid_hand)

    response = client.post(
        game_url(game_mid_hand, "options/"), {**fields, "ties": "play-off"}, follow=True
    )

    _assert_refused_as_stale(response, game_mid_hand, count, version)
    game_mid_hand.refresh_from_db()
    assert game_mid_hand.options["ties"] == "share"


def test_a_house_rule_choice_not_offered_is_refused_not_reported_as_done(
    client: Client, game_mid_hand: Game
) -> None:
    response = client.post(
        game_url(game_mid_hand, "options/"), {"client_id": new_uuid(), "ties": "coin-toss"}
    )
    assert response.status_code == 200
    page = words(response)
    assert "has no such choice" in page and "House rules changed" not in page
    assert not OptionChange.objects.exists()


def test_a_damaged_undo_id_is_refused(client: Client, game_mid_hand: Game) -> None:
    response = client.post(game_url(game_mid_hand, "undo/"), {"client_id": "x"}, follow=True)
    assert "submission id is damaged" in words(response)
    assert event_count(game_mid_hand) == 1


def test_nothing_to_undo_says_so(client: Client, recruit_game: Game) -> None:
    response = client.post(game_url(recruit_game, "undo/"), follow=True)
    assert "Nothing to undo" in words(response)
    assert event_count(recruit_game) == 0


def test_cancelling_an_entry_that_does_not_exist_says_so_plainly(
    client: Client, game_mid_hand: Game
) -> None:
    response = client.post(game_url(game_mid_hand, "void/10/"), follow=True)
    page = words(response)
    assert "Entry #11 cannot be cancelled: There is no entry #11" in page
    assert "would then break a rule" not in page
    assert event_count(game_mid_hand) == 1


def test_start_game_tapped_twice_starts_one_game(client: Client, game_mid_hand: Game) -> None:
    table = game_mid_hand.table
    page = client.get(f"/t/{table.score_key}/start/?game=recruit").content.decode()
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))
    assert fields["at"] == "1"
    players = [str(p.pk) for p in table.players.all()]
    data = {**fields, "player": players}

    responses = [client.post(f"/t/{table.score_key}/start/", data) for _ in range(3)]

    assert [r.status_code for r in responses] == [302] * 3
    assert {r["Location"] for r in responses} == {game_url(game_mid_hand).replace("/g/1/", "/g/2/")}
    assert table.games.count() == 2
    assert "already been started" in words(client.get(responses[-1]["Location"]))
