"""Every card in every card field (issue 28): where each game's events hold cards, found from
the events' own type hints, and the tokens a table (or a hostile log) can put there.

Shared by the engine test (``tests/rules/test_card_fields.py``) and the web one
(``tests/web/test_fuzz.py``). Templates are the events of the example logs in ``docs/examples``:
each is a real entry in a reachable state (the state just before it), so a card put in its place
reaches the checks a table reaches, not only the first "out of order" refusal.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Union

from companion.games import log as game_log
from companion.rules.cards import JOKER_CODES, RANK_NAMES, Card, Suit
from companion.rules.events import Event

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"

#: Every card of the widest pack any game plays (52 cards, then each kind of joker), as the log
#: writes them.
EVERY_CARD = [RANK_NAMES[r] + s.value for s in Suit for r in sorted(RANK_NAMES, reverse=True)]
EVERY_CARD += list(JOKER_CODES)
#: Tokens that are no card at all: each must be refused as a malformed card, with a message.
MALFORMED: list[Any] = ["", " ", "ZZ", "1H", "11S", "10X", "Q", "QQS", "0S", "JK2", "♠", 7, None]
MALFORMED += [["QS"], {"card": "QS"}, True, "A\x00S", "１0H"]

Path_ = tuple[str | int, ...]


@dataclasses.dataclass(frozen=True)
class Spot:
    """Where a card goes in an event's JSON form: one card (``many`` False) or a list of them."""

    path: Path_
    many: bool


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def spots(cls: type, value: Any, path: Path_ = ()) -> Iterator[Spot]:
    """The card spots of ``value`` (an event's JSON form, seats by name) for dataclass ``cls``,
    found from its fields' types: ``Card``, ``Card | None``, tuples of them, per seat, nested."""
    if not isinstance(value, dict):
        return
    for field in dataclasses.fields(cls):
        hint = _hints(cls)[field.name]
        if field.name in value:
            yield from _spots_in(hint, value[field.name], (*path, field.name))
        elif _is_card(hint):  # an optional card left out: put one in
            yield Spot((*path, field.name), many=False)
        elif _is_cards(hint):  # an optional list of cards left out: give one
            yield Spot((*path, field.name), many=True)


def _is_card(hint: Any) -> bool:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (Union, types.UnionType):
        return any(_is_card(a) for a in args if a is not type(None))
    return hint is Card


def _is_cards(hint: Any) -> bool:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (Union, types.UnionType):
        return any(_is_cards(a) for a in args if a is not type(None))
    return typing.get_origin(hint) is tuple and args[:1] == (Card,)


def _spots_in(hint: Any, value: Any, path: Path_) -> Iterator[Spot]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            yield from _spots_in(inner[0], value, path)
        return
    if hint is Card:
        yield Spot(path, many=False)
        return
    if hint is Event:
        return  # a correction's event: its own kind is covered where it is entered
    if origin is Annotated:  # per seat: an object keyed by player name in the log
        item = typing.get_args(args[0])[0]
        if isinstance(value, dict):
            for name, each in value.items():
                yield from _spots_in(item, each, (*path, name))
        return
    if origin in (tuple, frozenset) and args:
        if args[0] is Card:
            if isinstance(value, list):
                yield Spot(path, many=True)
            return
        if isinstance(value, list):
            for i, each in enumerate(value):
                yield from _spots_in(args[0], each, (*path, i))
        return
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        yield from spots(hint, value, path)


def _get(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: Path_, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def mutations(event: dict[str, Any], spot: Spot, token: Any) -> Iterator[tuple[str, Any]]:
    """The event with ``token`` put at ``spot``: in place of the card (the first and the last
    of a list), added to a list, and (for a list) the list's first card entered twice."""
    if not spot.many:
        changed = copy.deepcopy(event)
        _set(changed, spot.path, token)
        yield "replaced", changed
        return
    cards = _cards_at(event, spot)
    places = sorted({0, len(cards) - 1}) if cards else []
    for at in places:
        changed = copy.deepcopy(event)
        _set(changed, spot.path, [token if i == at else c for i, c in enumerate(cards)])
        yield f"replaced #{at}", changed
    changed = copy.deepcopy(event)
    _set(changed, spot.path, [*cards, token])
    yield "added", changed


def _cards_at(event: dict[str, Any], spot: Spot) -> list[Any]:
    """The list of cards at ``spot`` (empty where an optional list is left out)."""
    try:
        return list(_get(event, spot.path))
    except KeyError:
        return []


def copies(event: dict[str, Any], spot: Spot) -> Iterator[tuple[str, Any]]:
    """A list of cards with one of its cards entered again (a copy), and the whole list
    doubled (every card twice)."""
    if not spot.many:
        return
    cards = _cards_at(event, spot)
    if cards:
        changed = copy.deepcopy(event)
        _get(changed, spot.path).append(cards[0])
        yield "a copy", changed
        changed = copy.deepcopy(event)
        _set(changed, spot.path, cards + cards)
        yield "doubled", changed
        if len(cards) >= 4:  # the widest packs: one card four times, the count unchanged
            changed = copy.deepcopy(event)
            _set(changed, spot.path, cards[:1] * 4 + cards[4:])
            yield "four copies", changed


@dataclasses.dataclass(frozen=True)
class Template:
    """An entry of an example log with cards in it, and where it stands in its log."""

    key: str
    log: str  # file name
    index: int  # 0-based position in the log's events
    data: dict[str, Any]
    spots: tuple[Spot, ...]


#: Logs kept for this test only: entries no example log in docs records (the draw for the bank).
CARD_LOGS = Path(__file__).resolve().parent / "card_logs"


def example_logs(key: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        (p.name, json.loads(p.read_text()))
        for folder in (EXAMPLES, CARD_LOGS)
        for p in sorted((folder / key).glob("*.json"))
        if not p.name.endswith(".expected.json")
    ]


def templates(key: str, per_kind: int = 2) -> list[Template]:
    """Up to ``per_kind`` entries of each kind that holds cards, from the game's example logs
    (the first ones, and the last ones: a hand's start and a game's end differ)."""
    found: dict[str, list[Template]] = {}
    for name, data in example_logs(key):
        rules = game_log.load_log(data).rules
        for index, raw in enumerate(data["events"]):
            cls = rules.event_types.get(raw.get("type"))
            if cls is None:
                continue  # void, correction
            where = tuple(spots(cls, raw))
            if where:
                found.setdefault(raw["type"], []).append(Template(key, name, index, raw, where))
    out: list[Template] = []
    for each in found.values():
        picked = each[: per_kind - 1] + each[-1:] if len(each) >= per_kind else each
        out += [t for i, t in enumerate(picked) if t not in picked[:i]]
    return out


def card_kinds(rules_class: type) -> set[str]:
    """The kinds of event of a game that hold a card somewhere, from their type hints alone."""
    return {kind for kind, cls in rules_class.event_types.items() if _holds_cards(cls, set())}


def _holds_cards(hint: Any, seen: set[Any]) -> bool:
    if hint is Card:
        return True
    if hint is Event or hint in seen:
        return False
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        seen.add(hint)
        return any(_holds_cards(h, seen) for h in _hints(hint).values())
    args = typing.get_args(hint)
    if typing.get_origin(hint) is Annotated:
        args = args[:1]
    return any(_holds_cards(a, seen) for a in args)
