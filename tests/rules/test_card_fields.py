"""Every card in every card field, through the engine (issue 28): every card of the widest pack
(52 cards and each joker), copies of cards, and malformed tokens, put into every card field of
every game's events (found from the events' type hints, see ``card_fields``), in the state where
the example logs record that event. Each must be read and then either refused with a message
(a malformed card by the log reader, a card the rules do not allow by ``violations``) or
accepted; never another exception, and an accepted one must leave a state every screen can
show. The app records an entry the same way (:func:`companion.rules.resume` after the kept
replay), and the import and ``manage.py replay`` read the log with the same reader.

Exhaustive, not sampled: about 89,000 entries for the 14 games (every entry with cards in
every example log), in about 20 seconds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion import games
from companion.games import log as game_log
from companion.rules import IllegalEventError, InvalidEventError, replay, resume
from tests.rules.card_fields import (
    EVERY_CARD,
    MALFORMED,
    Template,
    card_kinds,
    copies,
    example_logs,
    mutations,
    templates,
)


def _shown(rules: Any, state: Any) -> None:
    """What the game page asks of a state: a crash here is a 500 on the next page load."""
    rules.prompt(state)
    rules.info(state)
    rules.reminders(state)
    rules.hands(state)
    rules.scores(state)
    rules.outcome(state)
    rules.expects(state)


def _try(rules: Any, before: Any, prefix: list[Any], raw: dict[str, Any]) -> str:
    """One entry through the reader and the rules: "malformed", "refused" or "accepted"."""
    try:
        event = rules.event_from_dict(raw, by_name=True)
    except InvalidEventError as exc:
        assert str(exc).strip(), raw
        return "malformed"
    try:
        after = resume(rules, before, [*prefix, event])
    except IllegalEventError as exc:
        assert exc.violations and all(str(v.message).strip() for v in exc.violations), raw
        return "refused"
    _shown(rules, after.state)
    return "accepted"


def _entries(template: Template) -> list[tuple[str, dict[str, Any], bool]]:
    """Each entry made from ``template``: what was changed, the entry, and whether the token
    put in is malformed (then only the log reader may answer it)."""
    out: list[tuple[str, dict[str, Any], bool]] = []
    for spot in template.spots:
        for token in [*EVERY_CARD, *MALFORMED]:
            bad = token in MALFORMED and not (token is None and not spot.many)
            for how, raw in mutations(template.data, spot, token):
                out.append((f"{spot.path} {how} {token!r}", raw, bad))
        out += [(f"{spot.path} {how}", raw, False) for how, raw in copies(template.data, spot)]
    return out


def run_template(template: Template) -> Counter[str]:
    """Every entry made from ``template``, each checked; how many ended which way."""
    loaded = game_log.load_log(dict(example_logs(template.key))[template.log])
    rules, prefix = loaded.rules, list(loaded.events[: template.index])
    before = replay(rules, prefix)
    seen: Counter[str] = Counter()
    for what, raw, bad in _entries(template):
        try:
            answer = _try(rules, before, prefix, raw)
        except AssertionError:
            raise
        except Exception as exc:  # the defect this test is here to find: name the entry
            raise AssertionError(
                f"{template.key} {template.log} entry #{template.index + 1} {what}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        assert answer == "malformed" or not bad, (template, what)
        seen[answer] += 1
    return seen


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_every_card_in_every_card_field_is_read_then_refused_or_accepted(key: str) -> None:
    """Every entry with cards in every example log of the game, each card field filled with
    every token in turn. The figures are printed (``-s``) for the record."""
    seen: Counter[str] = Counter()
    for template in templates(key, per_kind=10**6):
        seen += run_template(template)
    print(key, dict(seen))
    assert seen["malformed"] and seen["refused"] and seen["accepted"], seen


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_every_kind_with_cards_has_an_example_to_start_from(key: str) -> None:
    """A new event kind with a card field is fuzzed once a log records it: one in docs/examples,
    or one kept for this test in ``tests/rules/card_logs``."""
    missing = card_kinds(games.GAMES[key]) - {t.data["type"] for t in templates(key)}
    assert not missing, f"{key}: no example log records {sorted(missing)}"
