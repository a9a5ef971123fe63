"""``Rules.parse_options`` makes each game's house options once per JSON form and shares them:
the same options for the same form, others for another form or another game, and a wrong
form refused every time (never kept), even after an equal one of another type was accepted."""

from __future__ import annotations

import pytest

from companion.games import get_rules
from companion.rules import SetupError

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_options_are_made_once_per_json_form_and_game() -> None:
    buck = get_rules("buck_euchre")
    first = buck(4, {"start_score": 15}, NAMES).options
    again = buck(4, {"start_score": 15}, NAMES).options
    assert first is again
    assert first.start_score == 15 and first.dirty_clubs_pickup is False
    other = buck(4, {"start_score": 20}, NAMES).options
    assert other is not first and other.start_score == 20
    both = buck(4, {"dirty_clubs_pickup": True, "start_score": 15}, NAMES).options
    assert both.dirty_clubs_pickup is True and both.start_score == 15
    assert buck(4, {"start_score": 15, "dirty_clubs_pickup": True}, NAMES).options is both
    # Another game's defaults are its own, even for the same (empty) form.
    assert buck.parse_options({}) is not get_rules("belote").parse_options({})


def test_a_wrong_form_is_refused_every_time_even_when_equal_to_a_kept_one() -> None:
    buck = get_rules("buck_euchre")
    assert buck(4, {"dirty_clubs_pickup": True}, NAMES).options.dirty_clubs_pickup is True
    for _ in range(2):  # 1 == True in Python, but it is not a yes/no answer
        with pytest.raises(SetupError, match="dirty_clubs_pickup"):
            buck(4, {"dirty_clubs_pickup": 1}, NAMES)
        with pytest.raises(SetupError, match="cannot be 17"):
            buck(4, {"start_score": 17}, NAMES)


def test_options_that_cannot_be_a_key_are_still_checked() -> None:
    buck = get_rules("buck_euchre")
    with pytest.raises(SetupError, match="start_score"):
        buck(4, {"start_score": [25]}, NAMES)
