"""A viewer only watches (issue 9): the prompt tells them what the table does next, never the
ways of recording it that the scorer is offered ("Or record the whole hand at once")."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.games.belote.events import Deal
from companion.games.buck_euchre.events import Deal as BuckDeal
from companion.rules.cards import parse_card
from companion.rules.events import Seat
from companion.rules.text import Text, for_viewers, or_quick_entry, tr
from companion.tables import actions
from companion.tables.i18n import say
from companion.tables.models import Table

from .helpers import start, text

pytestmark = pytest.mark.django_db

OFFER = "Or record the whole hand at once (quick entry)."


def test_the_offer_is_a_sentence_around_the_step_and_viewers_get_the_step() -> None:
    step = tr("{player} leads trick {number}.", player="Ann", number=1)
    prompt = or_quick_entry(step)
    assert prompt == f"Ann leads trick 1. {OFFER}"
    assert isinstance(prompt, Text) and prompt.values["step"] is step
    assert for_viewers(prompt) == "Ann leads trick 1." and isinstance(for_viewers(prompt), Text)
    assert for_viewers(step) is step and for_viewers("plain") == "plain"
    order = or_quick_entry(step, finishing_order=True)
    assert order == "Ann leads trick 1. Or record the finishing order at once (quick entry)."
    assert for_viewers(order) is step


def test_the_viewers_step_is_translated() -> None:
    from django.utils import translation

    step = tr("Bidding, round 1: {player} may take the upcard's suit or pass.", player="Ann")
    with translation.override("fr"):
        assert say(for_viewers(or_quick_entry(step))) == say(step) != str(step)


@pytest.mark.parametrize(
    ("key", "deal", "step"),
    [
        ("belote", Deal(dealer=Seat(3), upcard=parse_card("7H")),
         "Bidding, round 1: Ann may take ♥ or pass."),
        ("buck_euchre", BuckDeal(dealer=Seat(0), upcard=parse_card("KH")),
         "Bob orders up K♥ or passes."),
    ],
)  # fmt: skip
def test_the_scorer_is_offered_quick_entry_and_a_viewer_is_not(
    client: Client, four_player_table: Table, key: str, deal: object, step: str
) -> None:
    game = start(four_player_table, key)
    actions.check_record_event(game, deal)  # type: ignore[arg-type]
    scorer = text(client.get(f"/t/{four_player_table.score_key}/g/1/"))
    viewer = text(client.get(f"/t/{four_player_table.view_key}/g/1/"))
    live = text(client.get(f"/t/{four_player_table.view_key}/g/1/live/?v=0"))
    assert f"{step} {OFFER}" in scorer
    for page in (viewer, live):
        assert step in page and "quick entry" not in page and "at once" not in page
    club = actions.do_create_club("Thursday")
    actions.do_add_to_club(club, four_player_table.score_key)
    overview = text(client.get(f"/c/{club.view_key}/"))
    assert step in overview and "quick entry" not in overview


@pytest.mark.parametrize(
    ("key", "deal", "step", "offer"),
    [
        ("malilla", "malilla", "Ann leads trick 1 of 10.",
         "Record the tricks one by one, or the points at the end."),
        ("recruit", "recruit", "Keeper: no swapping. Ann leads trick 1.",
         "Record the tricks one by one, or the piles at the end."),
    ],
)  # fmt: skip
def test_a_viewer_is_not_told_to_record_the_tricks(
    client: Client, four_player_table: Table, key: str, deal: str, step: str, offer: str
) -> None:
    from companion.games.malilla.events import Deal as MalillaDeal
    from companion.games.recruit.events import Deal as RecruitDeal

    game = start(four_player_table, key)
    event = (
        MalillaDeal(dealer=Seat(3), upcard=parse_card("7H"))
        if deal == "malilla"
        else RecruitDeal(dealer=3, shown=parse_card("7H"), variants=frozenset({"keeper"}))
    )
    actions.check_record_event(game, event)
    scorer = text(client.get(f"/t/{four_player_table.score_key}/g/1/"))
    viewer = text(client.get(f"/t/{four_player_table.view_key}/g/1/"))
    assert f"{step} {offer}" in scorer
    assert step in viewer and "one by one" not in viewer and "Record" not in viewer
