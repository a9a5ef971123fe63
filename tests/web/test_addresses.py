"""The game screen's kept addresses (``context.address``) are what ``reverse`` gives, under
whatever prefix the app is served at."""

from __future__ import annotations

from django.urls import get_script_prefix, reverse, set_script_prefix

from companion.tables.context import address


def test_a_kept_address_is_the_reversed_one_under_the_prefix_of_the_moment() -> None:
    assert address("tables:game", "k3y", 2) == reverse("tables:game", args=["k3y", 2])
    assert address("rules:game", "belote") == reverse("rules:game", args=["belote"])
    before = get_script_prefix()
    try:
        set_script_prefix("/club/")
        assert address("tables:game", "k3y", 2) == reverse("tables:game", args=["k3y", 2])
        assert address("tables:game", "k3y", 2) == "/club/t/k3y/g/2/"
    finally:
        set_script_prefix(before)
    assert address("tables:game", "k3y", 2) == "/t/k3y/g/2/"
