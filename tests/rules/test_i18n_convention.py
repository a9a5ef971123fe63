"""The translatable-text convention (docs/i18n.md), checked on every game converted to it.

Every example log in ``docs/examples/<game>/`` is replayed entry by entry. At each step every
sentence a person reads must be a :class:`~companion.rules.text.Text`: the prompt, the info rows,
the reminders, the hands' summaries and score lines, the flags, the winners, and the refusals
provoked on purpose (an entry recorded twice, a card played twice, a trick one card short, a
void or a correction aimed at the wrong entry). Each Text must also be whole: every placeholder
of its message id (and of its plural) has a value, each value is of a kind the web layer can
say in another language, and its English is the message id filled in with those values.

Games join the check by adding their key to ``CONVERTED``.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import string
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.log import GameLog, load_log
from companion.rules import Correction, Event, IllegalEventError, Void, replay
from companion.rules.cards import Card, Suit
from companion.rules.core import Rules
from companion.rules.money import Chips
from companion.rules.text import Text, english
from tests import syntax

#: The games whose sentences are all Texts. Add a game's key once it is converted.
CONVERTED = {
    "skin",
    "ziginette",
    "ace_deuce_jack",
    "bastard",
    "big_three",
    "belote",
    "buck_euchre",
    "elusive_34",
    "jersey_gin",
    "kaluki",
    "malilla",
    "recruit",
    "three_thirteen",
    "ui77",
}

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
#: The shared engine modules, converted with the first game.
ENGINE = ("companion/rules/core.py", "companion/rules/tricks.py", "companion/games/log.py")
KEYWORDS = {"tr": 1, "trc": 2, "tr_n": 2}  # how many leading arguments must be literals


def game_keys() -> list[Any]:
    return [
        pytest.param(key, marks=() if key in CONVERTED else pytest.mark.skip("not converted yet"))
        for key in sorted(GAMES)
    ]


def example_logs(key: str) -> list[Path]:
    return sorted(p for p in (EXAMPLES / key).glob("*.json") if ".expected." not in p.name)


# --- what a whole Text is --------------------------------------------------------------------


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def check_value(value: Any, where: str) -> None:
    if isinstance(value, Text):
        check_text(value, where)
    elif isinstance(value, tuple | list):
        assert all(isinstance(v, Card) for v in value), f"{where}: a list that is not of cards"
    elif isinstance(value, Chips):  # an amount: shown in the table's currency on a page
        assert type(value.amount) is int, f"{where}: chips that are not a whole number"
    else:
        allowed = Card | Suit | int | Decimal | str
        assert isinstance(value, allowed), f"{where}: a value of type {type(value).__name__}"
        assert not isinstance(value, bool), f"{where}: a bool value"


def check_text(text: Any, where: str) -> None:
    assert isinstance(text, Text), f"{where}: {text!r} is a plain {type(text).__name__}"
    for template in filter(None, (text.msgid, text.plural)):
        missing = fields(template) - set(text.values)
        assert not missing, f"{where}: no value for {sorted(missing)} in {template!r}"
        assert all(name.isidentifier() for name in fields(template)), f"{where}: {template!r}"
    if text.plural:
        assert text.number is not None, f"{where}: a plural without a number"
    for name, value in text.values.items():
        check_value(value, f"{where} {{{name}}}")
    template = text.plural if text.plural and text.number != 1 else text.msgid
    shown = {name: english(value) for name, value in text.values.items()}
    assert str(text) == template.format_map(shown), f"{where}: {text!r}"
    rebuilt = Text(
        text.msgid, text.values, plural=text.plural, number=text.number, context=text.context
    )
    assert str(rebuilt) == str(text)


def check_name_or_text(value: Any, names: set[str], where: str) -> None:
    """Info values may be a player's or a team's name (never translated)."""
    if isinstance(value, str) and not isinstance(value, Text) and value in names:
        return
    check_text(value, where)


# --- every sentence of a state ---------------------------------------------------------------


def check_state(rules: Rules[Any, Any], state: Any, where: str) -> None:
    names = set(rules.names) | {rules.team_name(t) for t in rules.teams()}
    check_text(rules.prompt(state), f"{where} prompt")
    for label, value in rules.info(state):
        check_text(label, f"{where} info label")
        check_name_or_text(value, names, f"{where} info {label!r}")
    for reminder in rules.reminders(state):
        check_text(reminder.label, f"{where} reminder label")
        check_text(reminder.text, f"{where} reminder {reminder.label!r}")
    for hand in rules.hands(state):
        check_text(hand.summary, f"{where} hand {hand.number} summary")
        for seat in hand.lines:
            for line in seat:
                check_text(line.label, f"{where} hand {hand.number} line")
    if (end := rules.outcome(state)) is not None:
        check_text(rules.winners_text(end), f"{where} winners")


def check_violations(problems: Any, where: str) -> int:
    for problem in problems:
        check_text(problem.message, f"{where} {problem.code}")
    return len(problems)


def variants(event: Event) -> Iterator[Event]:
    """The entry changed so that the rules refuse or flag it: without its leader (its cards are
    then checked, not who led), one card short, one card played twice."""
    names = {f.name for f in dataclasses.fields(event)}
    if "leader" in names and getattr(event, "leader", None) is not None:
        yield dataclasses.replace(event, leader=None)  # type: ignore[call-arg]
    cards = getattr(event, "cards", None)
    if isinstance(cards, tuple) and cards and all(isinstance(c, Card) for c in cards):
        yield dataclasses.replace(event, cards=cards[:-1])  # type: ignore[call-arg]
        if len(cards) > 1:
            doubled = (*cards[:-1], cards[0])
            yield dataclasses.replace(event, cards=doubled)  # type: ignore[call-arg]
            if "leader" in names:
                yield dataclasses.replace(event, cards=doubled, leader=None)  # type: ignore[call-arg]


def provoke(rules: Rules[Any, Any], events: tuple[Event, ...], k: int, state: Any) -> int:
    """Refusals and flags provoked at step ``k``: the previous entry again (a card played twice,
    an entry out of order), the next one changed, and voids or corrections gone wrong."""
    where = f"step {k}"
    found = 0
    tries = list(events[max(0, k - 1) : k])
    if k < len(events):
        tries += list(variants(events[k]))
    for event in tries:
        if isinstance(event, Void | Correction):
            continue
        try:
            found += check_violations(rules.violations(state, event), f"{where} {event.kind}")
        except (AttributeError, TypeError, ValueError, KeyError, IndexError, AssertionError):
            continue  # a changed entry the game cannot even look at: not a sentence to check
    bad = [Void(target=k + 3), Correction(target=k + 3, event=events[0])]
    if k:
        bad += [Void(target=k - 1), Void(target=k - 1)]  # the second cancels nothing new
        other = next((e for e in events if e.kind != events[k - 1].kind), None)
        if other is not None and not isinstance(other, Void | Correction):
            bad = [*bad[:2], Correction(target=k - 1, event=other), *bad[2:]]
    log = list(events[:k])
    for entry in bad:
        try:
            replay(rules, [*log, entry])
        except IllegalEventError as err:
            found += check_violations(err.violations, f"{where} {entry.kind}")
            continue
        log.append(entry)
    return found


def load(path: Path) -> GameLog:
    return load_log(json.loads(path.read_text(encoding="utf-8")))


# --- the tests -------------------------------------------------------------------------------


@pytest.mark.parametrize("key", game_keys())
def test_every_sentence_of_the_example_games_is_a_text(key: str) -> None:
    logs = example_logs(key)
    assert logs, f"no example logs in docs/examples/{key}"
    provoked = 0
    for path in logs:
        log = load(path)
        rules, events = log.rules, log.events
        for k in range(len(events) + 1):
            where = f"{path.name} after {k} entries"
            try:
                result = replay(rules, events[:k])
            except IllegalEventError as err:
                # A mistake that a later entry of the log cancels or corrects.
                provoked += check_violations(err.violations, where)
                continue
            for index, flag in result.flagged:
                check_text(flag.message, f"{where}: flag at {index} {flag.code}")
            check_state(rules, result.state, where)
            provoked += provoke(rules, events, k, result.state)
    assert provoked, "no refusal was provoked: the check saw no violation message"


@pytest.mark.parametrize("key", game_keys())
def test_options_and_players_text_are_texts(key: str) -> None:
    cls = GAMES[key]
    check_text(cls.players_text(), "players_text")
    if cls.blurb:
        check_text(cls.blurb, "blurb")
    for option in cls.option_info:
        check_text(option.label, f"option {option.name} label")
        check_text(option.help, f"option {option.name} help")
        for value, label in option.choices:
            check_text(label, f"option {option.name} choice {value!r}")
    rules = cls(cls.seats.start)
    for label, shown in rules.describe_options():
        check_text(label, "describe_options label")
        check_text(shown, f"describe_options {label!r}")


@pytest.mark.parametrize("key", game_keys())
def test_worked_examples_on_the_rules_page_are_texts(key: str) -> None:
    try:
        module = importlib.import_module(f"companion.games.{key}.examples")
    except ModuleNotFoundError:
        pytest.skip(f"{key} has no worked examples")
    for ex in module.EXAMPLES:
        check_text(ex.title, "example title")
        check_text(ex.text, f"example {ex.title!r}")
        _, lines = module.example_points(ex)
        for label, _ in lines:
            check_text(label, f"example {ex.title!r} line")


def source_files(key: str) -> list[Path]:
    package = ROOT / "companion" / "games" / key
    return sorted(package.glob("*.py"))


def literal_ids(path: Path) -> Iterator[str]:
    """Each call of tr/tr_n/trc in ``path`` whose message id is not a literal string."""
    for node in ast.walk(syntax.tree(path)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        count = KEYWORDS.get(node.func.id)
        if count is None:
            continue
        heads = node.args[:count]
        if len(heads) < count or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in heads
        ):
            yield f"{path.relative_to(ROOT)}:{node.lineno}"


@pytest.mark.parametrize("key", game_keys())
def test_message_ids_are_literals(key: str) -> None:
    """``makemessages`` only finds message ids written in full at the call."""
    files = source_files(key) + [ROOT / p for p in ENGINE]
    bad = [where for path in files for where in literal_ids(path)]
    assert not bad, f"tr()/tr_n()/trc() without a literal message id at {bad}"


def test_a_plain_string_or_a_half_filled_text_is_caught() -> None:
    """The checker itself: it refuses what the convention forbids."""
    from companion.rules.text import tr, tr_n

    with pytest.raises(AssertionError):
        check_text("Ann leads.", "plain")
    with pytest.raises(AssertionError):
        check_text(tr("{player} leads.", player="Ann") + "!", "glued")
    with pytest.raises(AssertionError):
        check_text(tr_n("{n} card", "{n} cards for {player}", 1), "plural without its value")
    with pytest.raises(AssertionError):
        check_text(tr("{player} leads.", player=1.5), "a float value")
    check_text(tr_n("{n} card", "{n} cards", 2), "fine")
