"""Events and their two JSON forms: stored (seat numbers) and log (player names)."""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from typing import Annotated, Any, Literal, Union

import pytest

from companion.games import GAMES
from companion.games.recruit.game import Deal, Exchange, Pile, Piles, Recruit, Trick
from companion.rules import Card, CardError, Event, InvalidEventError, Void, from_dict, to_dict
from companion.rules.cards import parse_card, parse_cards
from companion.rules.events import Seat, with_note

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lee")
RECRUIT = Recruit.event_types


# --- building a representative instance of any event type from its type hints -------------


def _sample(hint: Any, n: int, full: bool, index: int = 0) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Annotated:  # PerSeat[X]: a different value for each seat
        item = typing.get_args(args[0])[0]
        return tuple(_sample(item, n, full, index + i) for i in range(n))
    if origin in (Union, types.UnionType):
        if not full:
            return None
        return _sample(next(a for a in args if a is not type(None)), n, full, index)
    if origin is Literal:
        return args[index % len(args)]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = list(hint)
        return members[index % len(members)]
    if hint is Seat:
        return Seat((n - 1 + index) % n)
    if hint is bool:
        return True
    if hint is int:
        return 3 + index
    if hint is str:
        return f"text {index}"
    if hint is Card:
        return parse_cards("QS 10H JK 2C AD 7S 9H 3D")[index % 8]
    if origin is tuple:
        return tuple(_sample(args[0], n, full, index + i) for i in range(3))
    if origin is frozenset:
        return frozenset(_sample(args[0], n, full, index + i) for i in range(2))
    if hint is Event:  # a correction's replacement: any event every game records will do
        return Void(target=index)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint, n, full, index)
    raise AssertionError(f"the test cannot build a {hint!r}: teach _sample about it")


def _build(cls: type, n: int, full: bool, index: int = 0) -> Any:
    hints = typing.get_type_hints(cls, include_extras=True)
    kwargs = {}
    for i, field in enumerate(dataclasses.fields(cls)):
        if not field.init:
            continue
        required = field.default is dataclasses.MISSING and field.default_factory is (
            dataclasses.MISSING
        )
        if required or full:
            kwargs[field.name] = _sample(hints[field.name], n, full, index + i)
    return cls(**kwargs)


CASES = [
    pytest.param(key, kind, full, id=f"{key}-{kind}-{'full' if full else 'minimal'}")
    for key, rules_cls in GAMES.items()
    for kind in rules_cls.event_types
    for full in (True, False)
]


def _rules_and_event(key: str, kind: str, full: bool) -> tuple[Any, Event]:
    rules_cls = GAMES[key]
    n = rules_cls.seats.stop - 1
    rules = rules_cls(n, names=NAMES[:n])
    event = _build(rules_cls.event_types[kind], n, full)
    assert event.kind == kind
    return rules, event


@pytest.mark.parametrize(("key", "kind", "full"), CASES)
def test_every_event_type_round_trips_in_stored_form(key: str, kind: str, full: bool) -> None:
    rules, event = _rules_and_event(key, kind, full)
    data = json.loads(json.dumps(to_dict(event)))
    assert data["type"] == kind
    assert from_dict(data, rules.event_types, n_seats=rules.n_seats) == event
    assert rules.event_from_dict(data) == event


@pytest.mark.parametrize(("key", "kind", "full"), CASES)
def test_every_event_type_round_trips_in_log_form(key: str, kind: str, full: bool) -> None:
    rules, event = _rules_and_event(key, kind, full)
    data = json.loads(json.dumps(to_dict(event, rules.names)))
    assert from_dict(data, rules.event_types, names=rules.names) == event
    assert rules.event_from_dict(data, by_name=True) == event


def test_every_game_records_void() -> None:
    for rules_cls in GAMES.values():
        assert rules_cls.event_types["void"] is Void
        for kind, cls in rules_cls.event_types.items():
            assert cls.kind == kind
            assert cls.summary, f"{cls.__name__} needs a summary"


# --- the two forms, concretely ----------------------------------------------------------------


def test_stored_form_uses_seat_numbers_and_lists() -> None:
    deal = Deal(dealer=Seat(1), shown=parse_card("10h"), variants=frozenset({"match", "keeper"}))
    assert to_dict(deal) == {
        "type": "deal",
        "dealer": 1,
        "shown": "10H",
        "variants": ["keeper", "match"],
    }
    exchange = Exchange(swapped=(4, 0, 2))
    assert to_dict(exchange) == {"type": "exchange", "swapped": [4, 0, 2]}


def test_log_form_uses_player_names_and_objects_keyed_by_name() -> None:
    names = ("Ann", "Bob", "Cat")
    deal = Deal(dealer=Seat(1), shown=parse_card("JK"))
    assert to_dict(deal, names) == {"type": "deal", "dealer": "Bob", "shown": "JK", "variants": []}
    exchange = Exchange(swapped=(4, 0, 2))
    assert to_dict(exchange, names) == {
        "type": "exchange",
        "swapped": {"Ann": 4, "Bob": 0, "Cat": 2},
    }
    piles = Piles(piles=(Pile(cards=3, kings=2), Pile(cards=30), Pile(cards=6, matches=1)))
    assert to_dict(piles, names)["piles"] == {
        "Ann": {"cards": 3, "jacks": 0, "queens": 0, "kings": 2},
        "Bob": {"cards": 30, "jacks": 0, "queens": 0, "kings": 0},
        "Cat": {"cards": 6, "jacks": 0, "queens": 0, "kings": 0, "matches": 1},
    }


def test_empty_note_and_unset_optional_fields_are_left_out() -> None:
    trick = Trick(cards=parse_cards("QS 2S"))
    assert to_dict(trick) == {"type": "trick", "cards": ["QS", "2S"]}
    noted = with_note(Trick(cards=parse_cards("QS 2S"), leader=Seat(0)), "misdealt, replayed")
    assert to_dict(noted, ("Ann", "Bob")) == {
        "type": "trick",
        "cards": ["QS", "2S"],
        "leader": "Ann",
        "note": "misdealt, replayed",
    }
    assert from_dict(to_dict(noted), RECRUIT) == noted


def test_explicit_null_for_an_optional_field_reads_as_unset() -> None:
    data = {"type": "trick", "cards": ["QS", "2S"], "leader": None}
    assert from_dict(data, RECRUIT) == Trick(cards=parse_cards("QS 2S"))


def test_cards_may_be_written_in_any_notation_form_in_a_log() -> None:
    data = {"type": "trick", "cards": ["q♠", "th", "jk"]}
    assert from_dict(data, RECRUIT).cards == parse_cards("QS 10H JK")  # type: ignore[attr-defined]


# --- error messages -------------------------------------------------------------------------


def _error(data: Any, **kwargs: Any) -> str:
    with pytest.raises(InvalidEventError) as err:
        from_dict(data, RECRUIT, **kwargs)
    return str(err.value)


def test_unknown_event_type_is_named_with_the_known_ones() -> None:
    message = _error({"type": "bid", "amount": 3})
    assert "unknown event type 'bid'" in message
    assert "deal, exchange, piles, trick, void" in message


@pytest.mark.parametrize(
    "data",
    [{}, {"type": None}, {"type": 5}, {"type": ["deal"]}, {"type": {"deal": 1}}],
    ids=["no-type", "null", "number", "list", "object"],
)
def test_missing_or_malformed_type_is_an_invalid_event(data: dict[str, Any]) -> None:
    assert "unknown event type" in _error(data)


def test_an_event_must_be_an_object() -> None:
    assert "an event must be an object, not list" in _error(["deal"])


def test_unknown_field_is_named() -> None:
    message = _error({"type": "void", "target": 0, "colour": "red", "bogus": 1})
    assert message == "void: unknown field(s): bogus, colour"


def test_unknown_field_inside_a_nested_record_names_the_path() -> None:
    data = {"type": "piles", "piles": [{"cards": 2, "aces": 1}, {"cards": 24}]}
    assert _error(data, n_seats=2) == "piles.piles.0: unknown field(s): aces"


def test_missing_field_is_named() -> None:
    assert _error({"type": "void"}) == "void: missing field 'target'"
    assert _error({"type": "deal", "dealer": 0}) == "deal: missing field 'shown'"


def test_missing_field_in_a_pile_names_the_player_in_log_form() -> None:
    data = {"type": "piles", "piles": {"Ann": {"kings": 1}, "Bob": {"cards": 26}}}
    assert _error(data, names=("Ann", "Bob")) == "piles.piles.Ann: missing field 'cards'"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"type": "void", "target": True}, "void.target: expected a whole number, got True"),
        ({"type": "void", "target": "3"}, "void.target: expected a whole number, got '3'"),
        ({"type": "void", "target": 1.5}, "void.target: expected a whole number, got 1.5"),
        (
            {"type": "exchange", "swapped": [1, False]},
            "exchange.swapped.1: expected a whole number, got False",
        ),
        (
            {"type": "deal", "dealer": True, "shown": "QS"},
            "deal.dealer: a seat must be a number, not True",
        ),
        (
            {"type": "deal", "dealer": "0", "shown": "QS"},
            "deal.dealer: a seat must be a number, not '0'",
        ),
        (
            {"type": "deal", "dealer": 0, "shown": 12},
            "deal.shown: expected a card like 'QS', got 12",
        ),
        (
            {"type": "deal", "dealer": 0, "shown": "QS", "variants": "match"},
            "deal.variants: expected a list, got 'match'",
        ),
        (
            {"type": "deal", "dealer": 0, "shown": "QS", "note": 7},
            "deal.note: expected text, got 7",
        ),
        ({"type": "trick", "cards": "QS 2S"}, "trick.cards: expected a list, got 'QS 2S'"),
        ({"type": "piles", "piles": [3, 23]}, "piles.piles.0: expected an object, got 3"),
    ],
    ids=[
        "bool-for-int",
        "text-for-int",
        "float-for-int",
        "bool-in-per-seat",
        "bool-for-seat",
        "text-for-seat",
        "number-for-card",
        "text-for-set",
        "number-for-note",
        "text-for-list",
        "number-for-record",
    ],
)
def test_wrong_type_is_named_with_what_was_expected(data: dict[str, Any], expected: str) -> None:
    assert _error(data, n_seats=2) == expected


def test_bad_card_names_the_field_and_the_card() -> None:
    with pytest.raises(CardError) as err:
        from_dict({"type": "trick", "cards": ["QS", "QX"]}, RECRUIT)
    message = str(err.value)
    assert message.startswith("trick.cards.1: 'QX' is not a card")
    assert "'X' is not a suit" in message


def test_unknown_player_name_is_named_with_the_players() -> None:
    message = _error({"type": "deal", "dealer": "Zed", "shown": "QS"}, names=("Ann", "Bob"))
    assert message == "deal.dealer: 'Zed' is not a player here (players: Ann, Bob)"


def test_seat_number_in_a_log_is_not_a_player_name() -> None:
    message = _error({"type": "deal", "dealer": 0, "shown": "QS"}, names=("Ann", "Bob"))
    assert "0 is not a player here" in message


@pytest.mark.parametrize("seat", [3, -1, 99], ids=str)
def test_seat_out_of_range_is_refused(seat: int) -> None:
    message = _error({"type": "deal", "dealer": seat, "shown": "QS"}, n_seats=3)
    assert message == f"deal.dealer: seat {seat} does not exist (seats 0..2)"


def test_seat_range_is_checked_through_the_rules() -> None:
    with pytest.raises(InvalidEventError, match="seat 2 does not exist"):
        Recruit(2).event_from_dict({"type": "trick", "cards": ["QS", "2S"], "leader": 2})


def test_per_seat_object_missing_a_player_is_refused() -> None:
    data = {"type": "exchange", "swapped": {"Ann": 1, "Cat": 0}}
    assert _error(data, names=("Ann", "Bob", "Cat")) == "exchange.swapped: no entry for Bob"


def test_per_seat_object_with_a_stranger_is_refused() -> None:
    data = {"type": "exchange", "swapped": {"Ann": 1, "Bob": 0, "Zed": 2}}
    assert _error(data, names=("Ann", "Bob")) == "exchange.swapped: 'Zed' not a player here"


def test_per_seat_list_of_the_wrong_length_is_refused() -> None:
    data = {"type": "exchange", "swapped": [1, 2]}
    assert _error(data, n_seats=3) == "exchange.swapped: expected 3 entries (one per seat), got 2"


def test_per_seat_value_in_log_form_must_be_an_object() -> None:
    data = {"type": "exchange", "swapped": [1, 2]}
    message = _error(data, names=("Ann", "Bob"))
    assert message == "exchange.swapped: expected an object keyed by player name, got [1, 2]"


def test_per_seat_value_in_stored_form_must_be_a_list() -> None:
    data = {"type": "exchange", "swapped": {"Ann": 1}}
    assert "expected a list with one entry per seat" in _error(data, n_seats=2)


def test_void_round_trips_and_needs_a_whole_number_target() -> None:
    void = Void(target=4, note="wrong trick")
    assert to_dict(void) == {"type": "void", "target": 4, "note": "wrong trick"}
    assert from_dict(to_dict(void, ("Ann", "Bob")), RECRUIT, names=("Ann", "Bob")) == void


def test_events_are_frozen() -> None:
    deal = Deal(dealer=Seat(0), shown=parse_card("QS"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.dealer = Seat(1)  # type: ignore[misc]


@dataclasses.dataclass(frozen=True, kw_only=True)
class _Sitters(Event):
    kind = "sitters"
    summary = "Test-only: a set of seats."
    out: frozenset[Seat] = frozenset()


def test_a_set_of_seats_is_written_by_name_and_read_back() -> None:
    names = ("Ann", "Bob", "Cat")
    event = _Sitters(out=frozenset({Seat(2), Seat(0)}))
    assert to_dict(event) == {"type": "sitters", "out": [0, 2]}
    assert to_dict(event, names) == {"type": "sitters", "out": ["Ann", "Cat"]}
    types_ = {"sitters": _Sitters}
    assert from_dict(to_dict(event, names), types_, names=names) == event
    assert from_dict(to_dict(event), types_, n_seats=3) == event
