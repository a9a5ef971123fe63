"""Events: the facts recorded at the table, as frozen dataclasses, and their JSON form.

An event is a noun (``Deal``, ``Trick``, ``Void``). Fields are typed; the type drives the JSON
conversion, so a game declares an event once and gets both forms for free:

* the *stored* form (database, ``to_dict``): seats are numbers, per-seat values are lists;
* the *log* form (exported files, ``to_dict(event, names)``): seats are player names and per-seat
  values are objects keyed by name, cards are written in the card notation.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, NewType, TypeVar, Union

from .cards import Card, CardError, parse_card
from .errors import InvalidEventError

#: A seat number (0-based, in playing order). In logs it is written as the player's name.
Seat = NewType("Seat", int)

_T = TypeVar("_T")
_PER_SEAT = "per-seat"
#: One value for each seat. In logs it is written as an object keyed by player name.
PerSeat = Annotated[tuple[_T, ...], _PER_SEAT]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Event:
    """Base class. ``kind`` is the ``type`` written in logs; ``note`` is free text."""

    kind: ClassVar[str] = ""
    #: Shown in history and in help: one line saying what the event records.
    summary: ClassVar[str] = ""
    note: str = ""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Void(Event):
    """Cancels the event at ``target``, its 0-based position in the log (events are not edited)."""

    kind = "void"
    summary = "Cancels an earlier entry; everything after it is checked again."
    target: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Correction(Event):
    """Replaces the event at ``target`` with ``event`` (of the same type), as if it had been
    recorded right the first time; everything after it is checked again."""

    kind = "correction"
    summary = (
        "Replaces an earlier entry with a corrected one; everything after it is checked again."
    )
    target: int
    event: Event


@dataclasses.dataclass(frozen=True, kw_only=True)
class Abandon(Event):
    """The table stops the game here (started by mistake, the evening is over): no entry is
    accepted after it but cancellations. Cancelling it lets the game go on where it stopped."""

    kind = "abandon"
    summary = "Stops the game where it is; cancel it to go on playing."


@dataclasses.dataclass(frozen=True, kw_only=True)
class Record:
    """Base for small value objects nested inside events (a player's pile, a declaration)."""


def event_types(*classes: type[Event]) -> dict[str, type[Event]]:
    """A ``{kind: class}`` map for a game, always including Void, Correction and Abandon."""
    all_types: tuple[type[Event], ...] = (Void, Correction, Abandon, *classes)
    return {cls.kind: cls for cls in all_types}


# --- conversion ---------------------------------------------------------------------------


class _Ctx:
    def __init__(
        self,
        names: Sequence[str] | None,
        n_seats: int | None,
        where: str,
        types_: Mapping[str, type[Event]] | None = None,
    ) -> None:
        self.names = names
        self.n_seats = len(names) if names is not None else n_seats
        self.where = where
        self.types = types_  # the game's event types, for an event inside an event

    def at(self, part: str) -> _Ctx:
        where = f"{self.where}.{part}" if self.where else part
        return _Ctx(self.names, self.n_seats, where, self.types)

    def fail(self, message: str) -> InvalidEventError:
        return InvalidEventError(f"{self.where}: {message}")


# Worked out once per class: get_type_hints evaluates every annotation string each time it is
# called, which made reading and checking an event cost more than the rules' own checks.
@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


@functools.cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


_SEAT, _SEATS, _NESTED = "seat", "per-seat", "nested"


@functools.cache
def _seat_plan(cls: type) -> tuple[tuple[str, str], ...]:
    """The fields of ``cls`` that :func:`seat_problems` looks at: (name, what it holds). A field
    that can hold neither seats nor a record (a card, a number, text) is left out."""
    plan = []
    for f in _fields(cls):
        hint = _hints(cls)[f.name]
        if typing.get_origin(hint) in (Union, types.UnionType):
            hint = next(a for a in typing.get_args(hint) if a is not type(None))
        if hint is Seat:
            plan.append((f.name, _SEAT))
        elif typing.get_origin(hint) is Annotated:
            plan.append((f.name, _SEATS))
        elif hint is Event or (isinstance(hint, type) and dataclasses.is_dataclass(hint)):
            plan.append((f.name, _NESTED))
    return tuple(plan)


def to_dict(event: Event, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON form of an event: stored form, or log form when player ``names`` are given."""
    out: dict[str, Any] = {"type": event.kind}
    out.update(_record_out(event, _Ctx(names, None, event.kind)))
    return out


def _record_out(obj: Any, ctx: _Ctx) -> dict[str, Any]:
    hints = _hints(obj.__class__)
    out: dict[str, Any] = {}
    for f in _fields(obj.__class__):
        value = getattr(obj, f.name)
        if (f.name == "note" and value == "") or (value is None and f.default is None):
            continue
        out[f.name] = _out(value, hints[f.name], ctx.at(f.name))
    return out


def _out(value: Any, hint: Any, ctx: _Ctx) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin is Annotated:
        inner = typing.get_args(hint)[0]
        items = [_out(v, typing.get_args(inner)[0], ctx.at(str(i))) for i, v in enumerate(value)]
        if ctx.names is None:
            return items
        return dict(zip(ctx.names, items, strict=True))
    if hint is Seat:
        return ctx.names[value] if ctx.names is not None else value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Event):  # a correction's replacement: written like any event
        return to_dict(value, ctx.names)
    if dataclasses.is_dataclass(value):
        return _record_out(value, ctx)
    if origin in (Union, types.UnionType):
        arg = next(a for a in typing.get_args(hint) if a is not type(None))
        return _out(value, arg, ctx)
    if origin is tuple:
        arg = typing.get_args(hint)[0]
        return [_out(v, arg, ctx.at(str(i))) for i, v in enumerate(value)]
    if origin is frozenset:
        # A set has no order: written sorted, each member in its own log form (seat names).
        arg = typing.get_args(hint)[0]
        return sorted(_out(v, arg, ctx) for v in value)
    return value


def from_dict(
    data: Mapping[str, Any],
    types_: Mapping[str, type[Event]],
    *,
    names: Sequence[str] | None = None,
    n_seats: int | None = None,
) -> Event:
    """Build an event from its JSON form. Raises InvalidEventError naming the bad field."""
    if not isinstance(data, Mapping):
        raise InvalidEventError(f"an event must be an object, not {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types_:
        known = ", ".join(sorted(types_))
        raise InvalidEventError(f"unknown event type {kind!r} (this game records: {known})")
    cls = types_[kind]
    ctx = _Ctx(names, n_seats, str(kind), types_)
    return typing.cast(Event, _record_in(cls, data, ctx, {"type"}))


def _record_in(cls: type, data: Any, ctx: _Ctx, skip: set[str] = frozenset()) -> Any:  # type: ignore[assignment]
    if not isinstance(data, Mapping):
        raise ctx.fail(f"expected an object, got {data!r}")
    hints = _hints(cls)
    fields = _fields(cls)
    known = {f.name for f in fields} | skip
    if extra := sorted(set(data) - known):
        raise ctx.fail(f"unknown field(s): {', '.join(extra)}")
    kwargs: dict[str, Any] = {}
    for f in fields:
        if f.name in data:
            kwargs[f.name] = _in(data[f.name], hints[f.name], ctx.at(f.name))
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ctx.fail(f"missing field '{f.name}'")
    try:
        return cls(**kwargs)
    except InvalidEventError as exc:
        raise ctx.fail(str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise ctx.fail(str(exc)) from None


def _seat_in(value: Any, ctx: _Ctx) -> int:
    if ctx.names is not None:
        if value not in ctx.names:
            raise ctx.fail(f"{value!r} is not a player here (players: {', '.join(ctx.names)})")
        return ctx.names.index(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.fail(f"a seat must be a number, not {value!r}")
    if ctx.n_seats is not None and not 0 <= value < ctx.n_seats:
        raise ctx.fail(f"seat {value} does not exist (seats 0..{ctx.n_seats - 1})")
    return value


def _in(value: Any, hint: Any, ctx: _Ctx) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        return _in(value, next(a for a in args if a is not type(None)), ctx)
    if origin is Annotated:
        return _per_seat_in(value, typing.get_args(args[0])[0], ctx)
    if hint is Seat:
        return _seat_in(value, ctx)
    if hint is Card:
        if not isinstance(value, str):
            return _bad(value, "a card like 'QS'", ctx)
        try:
            return parse_card(value)
        except CardError as exc:
            raise CardError(f"{ctx.where}: {exc}") from None
    if hint is Event:
        assert ctx.types is not None
        try:
            return from_dict(value, ctx.types, names=ctx.names, n_seats=ctx.n_seats)
        except InvalidEventError as exc:
            raise ctx.fail(str(exc)) from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record_in(hint, value, ctx)
    if origin in (tuple, frozenset):
        if not isinstance(value, list | tuple):
            _bad(value, "a list", ctx)
        items = [_in(v, args[0], ctx.at(str(i))) for i, v in enumerate(value)]
        return tuple(items) if origin is tuple else frozenset(items)
    if hint is bool:
        return value if isinstance(value, bool) else _bad(value, "true or false", ctx)
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return value if ok else _bad(value, "a whole number", ctx)
    if hint is str:
        return value if isinstance(value, str) else _bad(value, "text", ctx)
    raise ctx.fail(f"cannot read a value of type {hint!r}")  # pragma: no cover - a game bug


def _per_seat_in(value: Any, item_hint: Any, ctx: _Ctx) -> tuple[Any, ...]:
    if ctx.names is not None:
        if not isinstance(value, Mapping):
            _bad(value, "an object keyed by player name", ctx)
        if missing := [n for n in ctx.names if n not in value]:
            raise ctx.fail(f"no entry for {', '.join(missing)}")
        if extra := [k for k in value if k not in ctx.names]:
            raise ctx.fail(f"{', '.join(map(repr, extra))} not a player here")
        return tuple(_in(value[n], item_hint, ctx.at(n)) for n in ctx.names)
    if not isinstance(value, list | tuple):
        _bad(value, "a list with one entry per seat", ctx)
    if ctx.n_seats is not None and len(value) != ctx.n_seats:
        raise ctx.fail(f"expected {ctx.n_seats} entries (one per seat), got {len(value)}")
    return tuple(_in(v, item_hint, ctx.at(str(i))) for i, v in enumerate(value))


def _bad(value: Any, wanted: str, ctx: _Ctx) -> Any:
    raise ctx.fail(f"expected {wanted}, got {value!r}")


E = TypeVar("E", bound=Event)


def with_note(event: E, note: str) -> E:
    return dataclasses.replace(event, note=note)


def seat_problems(event: Event, n_seats: int) -> list[str]:
    """Seat numbers in ``event`` (however it was built) that do not exist at this table."""
    bad: list[str] = []
    _walk_seats(event, n_seats, event.kind, bad)
    return bad


def _walk_seats(obj: Any, n_seats: int, where: str, bad: list[str]) -> None:
    for name, holds in _seat_plan(obj.__class__):
        value = getattr(obj, name)
        if value is None:
            continue
        here = f"{where}.{name}"
        if holds == _SEAT and not (isinstance(value, int) and 0 <= value < n_seats):
            bad.append(f"{here}: there is no seat {value!r} (seats 0..{n_seats - 1})")
        elif holds == _SEATS and len(value) != n_seats:
            bad.append(f"{here}: expected {n_seats} entries (one per seat), got {len(value)}")
        elif holds == _NESTED and dataclasses.is_dataclass(value):
            _walk_seats(value, n_seats, here, bad)
