"""Long legal logs, built fast, for the tests of what a request costs at club scale: Belote's
below, any game's with ``long_log`` further down.

The hand of ``docs/examples/belote/made-contract.json`` (recorded card by card: the deal, the
bids, two declarations, eight tricks) is played again and again, each time by the next dealer
with every seat turned one place round, so each one is as legal as the first. Hands that
everybody passed (a deal and eight passes) can come between them, so that a log of any length
stays short of the target and the game is never over.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings

from companion import rules as engine
from companion.games import get_rules
from companion.games import log as game_log
from companion.rules.cards import JOKER, Card, deck
from companion.tables import actions
from companion.tables.models import Event, Game, Table

HAND = Path(settings.BASE_DIR) / "docs" / "examples" / "belote" / "made-contract.json"
SEAT_FIELDS = ("dealer", "seat", "taker", "belote", "last_trick")
#: The hand above scores 100 a side on average: to 2000, a game holds 19 of them.
OPTIONS = {"target": 2000}


def _turned(payload: dict[str, Any], by: int) -> dict[str, Any]:
    return {
        name: (value + by) % 4 if name in SEAT_FIELDS and isinstance(value, int) else value
        for name, value in payload.items()
    }


def _passed(dealer: int) -> list[dict[str, Any]]:
    bids = [{"type": "bid", "seat": (dealer + 1 + i) % 4, "call": "pass"} for i in range(8)]
    return [{"type": "deal", "dealer": dealer, "upcard": "9S"}, *bids]


def belote_log(entries: int, passed: int = 0) -> list[dict[str, Any]]:
    """The first ``entries`` entries (stored form) of a game where each played hand follows
    ``passed`` hands nobody took. With ``passed=0`` every hand is played card by card (14
    entries); 500 entries need ``passed=2`` to stay under the target."""
    hand = [engine.to_dict(e) for e in game_log.load_log(json.loads(HAND.read_text())).events]
    first_dealer = hand[0]["dealer"]
    out: list[dict[str, Any]] = []
    dealer = first_dealer
    while len(out) < entries:
        for _ in range(passed):
            out += _passed(dealer)
            dealer = (dealer + 1) % 4
        out += [_turned(p, dealer - first_dealer) for p in hand]
        dealer = (dealer + 1) % 4
    return out[:entries]


def belote_game(table: Table, entries: int, passed: int = 0) -> Game:
    """A game of Belote at ``table`` (four players) with ``entries`` entries already recorded,
    written in one go: only the rows, as an import writes them."""
    game = actions.check_start_game(table, "belote", list(table.players.all()), OPTIONS)
    Event.objects.bulk_create(
        Event(game=game, seq=i, kind=p["type"], payload=p)
        for i, p in enumerate(belote_log(entries, passed))
    )
    return game


def next_entry(game: Game, passed: int = 0) -> dict[str, Any]:
    """The entry that comes next in ``game``'s log, built by ``belote_game``."""
    count = game.events.count()
    return belote_log(count + 1, passed)[count]


# --- any game, as long as it lasts ------------------------------------------------------------

EXAMPLES = (
    Path(settings.BASE_DIR) / "docs" / "examples",
    Path(settings.BASE_DIR) / "tests" / "rules" / "playthroughs",
)
_PACK = (*deck(52), JOKER)
_NOT_PLAY = ("void", "correction", "abandon", "end")


@dataclasses.dataclass(frozen=True)
class LongLog:
    """A legal log of ``game`` played by ``names`` under the house rules ``options``."""

    game: str
    names: tuple[str, ...]
    events: tuple[engine.Event, ...]
    #: Why it is not longer: "" when it reached the length asked for.
    stopped: str
    options: dict[str, Any] = dataclasses.field(default_factory=dict)


def _examples(game: str) -> list[dict[str, Any]]:
    found = []
    for folder in EXAMPLES:
        for path in sorted((folder / game).glob("*.json")):
            if not path.name.endswith(".expected.json"):
                data = json.loads(path.read_text())
                if isinstance(data, dict) and isinstance(data.get("events"), list):
                    found.append(data)
    return found


def _other_cards(event: engine.Event, rnd: random.Random) -> engine.Event:
    """``event`` with other cards from a pack (and a joker) in its card fields."""
    changes: dict[str, Any] = {}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if isinstance(value, Card):
            changes[field.name] = rnd.choice(_PACK)
        elif isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
            changes[field.name] = tuple(rnd.sample(_PACK, len(value)))
    return dataclasses.replace(event, **changes) if changes else event


def long_log(
    game: str, entries: int, seed: int = 1, tries: int = 3000, seconds: float = 60
) -> LongLog:
    """A log of ``entries`` entries of ``game`` that is not over, each entry accepted by the
    engine without a flag: the events of the game's examples and playthroughs (every seat
    turned round, cards changed at random half the time), the next one of the same example
    first, then others at random until one fits; a few entries back when none does. A game
    that must end sooner (a fixed number of hands, a target) stops short: ``stopped`` says
    where it got stuck (or that ``seconds`` ran out). Belote's is ``belote_log``'s, with 30
    hands nobody took after each one played, so that 5,000 entries stay under its target."""
    if game == "belote":
        rules = get_rules(game)(4, OPTIONS, ["Ann", "Bob", "Cat", "Dan"])
        played = tuple(rules.event_from_dict(p) for p in belote_log(entries, passed=30))
        return LongLog(game, tuple(rules.names), played, "", OPTIONS)
    if game in PLAYED:
        return PLAYED[game](entries, seed)
    logs = _examples(game)
    seats = max(
        {len(d["players"]) for d in logs},
        key=lambda n: sum(len(d["events"]) for d in logs if len(d["players"]) == n),
    )
    logs = [d for d in logs if len(d["players"]) == seats]
    names = tuple(logs[0]["players"])
    rules = get_rules(game)(seats, {}, list(names))
    runs: list[list[engine.Event]] = []
    for data in logs:
        players = list(data["players"])
        for turn in range(seats):
            reader = get_rules(game)(seats, {}, players[turn:] + players[:turn])
            run = []
            for raw in data["events"]:
                try:
                    event = reader.event_from_dict(raw, by_name=True)
                except engine.RulesError:
                    continue
                if event.kind not in _NOT_PLAY:
                    run.append(event)
            if run:
                runs.append(run)
    rnd = random.Random(seed)
    out: list[engine.Event] = []
    states = [rules.initial_state()]
    after: tuple[list[engine.Event], int] | None = None
    backs = 0
    until = time.monotonic() + seconds

    def candidates() -> Iterator[tuple[list[engine.Event], int]]:
        if after is not None and after[1] < len(after[0]):
            yield after
        for _ in range(tries):
            run = runs[rnd.randrange(len(runs))]
            yield run, rnd.randrange(len(run))

    while len(out) < entries:
        if time.monotonic() > until:
            return LongLog(game, names, tuple(out), f"out of time at entry {len(out) + 1}")
        state = states[-1]
        for run, index in candidates():
            event = run[index] if rnd.random() < 0.5 else _other_cards(run[index], rnd)
            if rules.violations(state, event):
                continue
            new = rules.apply(state, event)
            if rules.outcome(new) is None and rules.expects(new):
                out.append(event)
                states.append(new)
                after = run, index + 1
                break
        else:
            backs += 1
            if backs > 200 or not out:
                stuck = f"stuck at entry {len(out) + 1}: {rules.prompt(state)}"
                if game in SHORT:
                    stuck = f"the game ends at entry {len(out) + 1}: {SHORT[game]}"
                return LongLog(game, names, tuple(out), stuck)
            back = min(len(out), rnd.randint(1, 15))
            del out[-back:], states[-back:]
            after = None
    return LongLog(game, names, tuple(out), "")


# --- games played hand by hand by the property tests' simulated tables ----------------------
#
# Where the examples cannot be strung together for long (each hand's cards must come from one
# pack, a game has a fixed number of hands), the game is played by the random legal players
# of ``tests/rules/test_*_properties.py``, under the house rules that make it longest.

#: Why a game cannot reach 1,000 entries, from its rules.
SHORT = {
    "recruit": "Recruit is four hands (a play-off hand only while the top is tied: R-9)",
    "malilla": "Malilla ends when a side reaches 35 points (no house rule lengthens it)",
    "three_thirteen": "Three Thirteen is eleven hands of two entries (the deal, the cards)",
}


def _until(
    rules: engine.Rules[Any, Any], events: list[engine.Event], entries: int, why: str
) -> tuple[tuple[engine.Event, ...], str]:
    """``events`` up to ``entries`` of them, or up to the last one before the game ends (and
    why it stops there)."""
    state = rules.initial_state()
    out: list[engine.Event] = []
    for event in events[:entries]:
        new = rules.apply(state, event)
        if rules.outcome(new) is not None or not rules.expects(new):
            break
        out.append(event)
        state = new
    if len(out) >= entries:
        return tuple(out), ""
    return tuple(out), f"the game ends at entry {len(out) + 1}: {why}"


def _ui77(entries: int, seed: int) -> LongLog:
    """Ui77 for five, the goal (chosen after everyone has dealt) set at 11 times 1,000, hands
    with a forced early trump lead (flagged) dealt again."""
    from tests.rules import test_ui77_properties as sim

    names = sim.NAMES
    options = {"ace_low": False, "broken_by": "any"}
    rules = get_rules("ui77")(len(names), options, list(names))
    rnd = random.Random(seed)
    events: list[engine.Event] = []
    dealer = hands = 0
    while len(events) < entries + 1:
        if hands == len(names):
            events.append(sim.Goal(score=11 * 1000))
        played, _points, _quick, forced = sim.play_hand(rnd, len(names), dealer, options)
        if forced:
            continue
        events += played
        dealer, hands = (dealer + 1) % len(names), hands + 1
    out, stopped = _until(rules, events, entries, "the goal is reached")
    return LongLog("ui77", tuple(names), out, stopped, options)


def _elusive_34(entries: int, seed: int) -> LongLog:
    """Elusive 34 for four, the goal set at 10,000."""
    from tests.rules import test_elusive_34_properties as sim

    table = sim.start(4, seed)
    dealer = 0
    while len(table.events) < entries + 1 and table.rules.outcome(table.state) is None:
        table.play_hand(dealer)
        dealer = (dealer + 1) % 4
    out, stopped = _until(table.rules, table.events, entries, "the goal is reached")
    return LongLog("elusive_34", tuple(table.rules.names), out, stopped)


#: The simulated Buck Euchre game of this seed (``bench/club.py``'s ``sim_buck``) is 1,785
#: entries long: the first one of seeds 100,000 on to pass 1,000 (the 70th).
BUCK_LONG = 100_069


def _buck_euchre(entries: int, seed: int) -> LongLog:
    """The longest of the Buck Euchre games (starting at 25, the most the house rules allow)
    played in 30 seconds, from seed ``BUCK_LONG`` on: a game ends when somebody counts down to
    0, so how long one lasts is luck (most end within 300 entries; one in a few hundred passes
    1,000, none of 5,000 played reached 2,000)."""
    from tests.bench.test_club_smoke import club

    sims = club._sims()
    longest: list[engine.Event] = []
    rules = get_rules("buck_euchre")(4, {"start_score": 25}, list(club.NAMES))
    until = time.monotonic() + 30
    for s in range(BUCK_LONG + seed - 1, BUCK_LONG + seed + 5000):
        cards, _quick = club.sim_buck(sims, s)
        if len(cards.events) > len(longest):
            longest, rules = cards.events, get_rules("buck_euchre")(4, cards.options, club.NAMES)
        if len(longest) > entries or time.monotonic() > until:
            break
    why = "somebody counted down to 0 (the longest game found)"
    out, stopped = _until(rules, longest, entries, why)
    return LongLog("buck_euchre", tuple(rules.names), out, stopped, rules.options_dict())


def _longest(game: str, make: Any, seats: int, entries: int, seed: int) -> LongLog:
    """The longest of 200 games of ``game`` played by ``make(sims, seed)``."""
    from tests.bench.test_club_smoke import club

    sims = club._sims()
    best = max((make(sims, s) for s in range(seed, seed + 200)), key=lambda g: len(g.events))
    rules = get_rules(game)(seats, best.options, club.NAMES[:seats])
    out, stopped = _until(rules, best.events, entries, SHORT[game])
    return LongLog(game, tuple(rules.names), out, stopped, best.options)


PLAYED: dict[str, Any] = {
    "ui77": _ui77,
    "elusive_34": _elusive_34,
    "buck_euchre": _buck_euchre,
    "recruit": lambda entries, seed: _longest(
        "recruit", lambda sims, s: _recruit(sims, s), 4, entries, seed
    ),
    "malilla": lambda entries, seed: _longest(
        "malilla", lambda sims, s: _malilla(sims, s), 4, entries, seed
    ),
}


def _recruit(sims: Any, seed: int) -> Any:
    from tests.bench.test_club_smoke import club

    return club.sim_recruit(sims, seed, 4)


def _malilla(sims: Any, seed: int) -> Any:
    from tests.bench.test_club_smoke import club

    return club.sim_malilla(sims, seed)
