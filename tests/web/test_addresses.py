"""The game screen's kept addresses (``kept.screen.address``) are what ``reverse`` gives, under
whatever prefix the app is served at."""

from __future__ import annotations

from django.urls import get_script_prefix, reverse, set_script_prefix

from companion.tables.kept.screen import address


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


def test_a_games_busiest_addresses_are_matched_first() -> None:
    """An address is matched against each pattern in turn: the live poll of every phone and
    each entry try no other pattern first; every address still finds its own view."""
    from django.urls import get_resolver, resolve

    tried: list[str] = []
    root = get_resolver()
    for pattern in root.url_patterns:
        tried.append(str(pattern.pattern))
        if str(pattern.pattern) == "":
            tried += [str(p.pattern) for p in pattern.url_patterns[:3]]  # type: ignore[union-attr]
            break
    game = "t/<str:key>/g/<int:number>/"
    assert tried == ["", game + "live/", game + "record/<str:kind>/", game]
    for path, name in [
        ("/t/k3y/g/2/live/", "live"),
        ("/t/k3y/g/2/record/trick/", "record"),
        ("/t/k3y/g/2/", "game"),
        ("/t/k3y/", "table"),
        ("/", "home"),
        ("/healthz", "healthz"),
        ("/rules/", "index"),
        ("/i18n/setlang/", "set_language"),
    ]:
        assert resolve(path).url_name == name
