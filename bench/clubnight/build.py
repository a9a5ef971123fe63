"""The tables and their games: legal games played out by the engine's property tests' simulated
tables from fixed seeds, the entry form's fields a phone posts for each entry (checked by the form
and the engine), and the setup step that writes the tables into the app's database and counts
their entries afterwards (both run in a subprocess with the app's settings: ``--setup-out``,
``--count-in``)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .client import poll_token
from .common import ROOT, SCRIPT, SetupFailed

NAMES = ("Ann", "Bob", "Cat", "Dan")


# The mix of tables, repeated until there are --tables of them: 50 gives Belote card by card 20,
# Buck Euchre card by card 10, Recruit 5, Malilla 5, Belote quick entry 5, Buck Euchre quick 5.
MIX = [
    ("belote", "cards"),
    ("buck_euchre", "cards"),
    ("belote", "cards"),
    ("recruit", "cards"),
    ("belote", "quick"),
    ("buck_euchre", "cards"),
    ("malilla", "cards"),
    ("belote", "cards"),
    ("buck_euchre", "quick"),
    ("belote", "cards"),
]


@dataclasses.dataclass
class Sim:
    game: str  # registry key
    mode: str  # "cards" or "quick"
    seats: int
    options: dict[str, Any]
    events: list[Any]  # the whole game, up to the entry that ends it
    seed: int


def _sims() -> Any:
    """The property tests' table simulations (they import hypothesis, which is installed)."""
    sys.path.insert(0, str(ROOT))
    import importlib

    return {
        key: importlib.import_module(f"tests.rules.test_{key}_properties")
        for key in ("belote", "recruit", "malilla", "buck_euchre")
    }


def _options(cls: Any, rnd: random.Random, **fixed: Any) -> dict[str, Any]:
    chosen = {o.name: rnd.choice(o.choices)[0] for o in cls.option_info if o.choices}
    return {**chosen, **fixed}


def until_over(rules: Any, events: Sequence[Any]) -> list[Any]:
    """``events`` up to the one that ends the game (all of them if it does not end)."""
    state, out = rules.initial_state(), []
    for index, event in enumerate(events):
        if rules.outcome(state) is not None:
            break
        state = rules.apply_checked(state, event, index)
        out.append(event)
    return out


def sim_belote(sims: Any, seed: int, mode: str) -> Sim:
    from companion.games import get_rules

    cls = get_rules("belote")
    rnd = random.Random(seed)
    # A 2000-point game: card by card it lasts 230 to 300 entries, so entry 150 is mid-game.
    rules = cls(4, _options(cls, rnd, target=2000), NAMES)
    options = rules.options_dict()
    table = sims["belote"].play_game(rnd, options, hands=45, cheat=False)
    events = table.events if mode == "cards" else table.quick
    return Sim("belote", mode, 4, options, until_over(rules, events), seed)


def sim_recruit(sims: Any, seed: int, seats: int) -> Sim:
    from companion.games import get_rules

    mod, cls = sims["recruit"], get_rules("recruit")
    rnd = random.Random(seed)
    rules = cls(seats, _options(cls, rnd), NAMES[:seats])
    table = mod.Table(rules, rnd, rules.initial_state())
    names = sorted(mod.VARIANTS)
    for _ in range(12):  # four hands, more only in a play-off
        if rules.outcome(table.state) is not None:
            break
        variants = frozenset(v for v in names if rnd.random() < 0.2)
        if {"keeper", "passer"} <= variants:
            variants -= {"passer"}
        table.play_hand(rnd.sample(mod.PACK, len(mod.PACK)), variants, None)
    return Sim("recruit", "cards", seats, rules.options_dict(), table.events, seed)


def sim_malilla(sims: Any, seed: int) -> Sim:
    from companion.games import get_rules

    mod, cls = sims["malilla"], get_rules("malilla")
    rnd = random.Random(seed)
    rules = cls(4, _options(cls, rnd), NAMES)
    state, first = rules.initial_state(), rnd.randrange(4)
    events: list[Any] = []
    for _ in range(40):
        if rules.outcome(state) is not None:
            break
        dealer = rules.dealer(state)
        hand, _ = mod.play_hand(
            rules, rnd.sample(mod.PACK, len(mod.PACK)), first if dealer is None else dealer, rnd
        )
        for event in hand:
            if rules.outcome(state) is not None:
                break
            state = rules.apply_checked(state, event, len(events))
            events.append(event)
    return Sim("malilla", "cards", 4, rules.options_dict(), events, seed)


def sim_buck(sims: Any, seed: int) -> tuple[Sim, Sim]:
    """The same Buck Euchre game recorded card by card and by quick entry."""
    from companion.games import get_rules

    mod, cls = sims["buck_euchre"], get_rules("buck_euchre")
    rnd = random.Random(seed)
    rules = cls(4, _options(cls, rnd, start_score=25), NAMES)
    table = mod.Table(rules, rnd, rules.initial_state())
    while rules.expects(table.state) and len(rules.hands(table.state)) < 300:
        table.play_hand(table.rnd.sample(mod.PACK, len(mod.PACK)))
    options = rules.options_dict()
    return (
        Sim("buck_euchre", "cards", 4, options, until_over(rules, table.events), seed),
        Sim("buck_euchre", "quick", 4, options, until_over(rules, table.quick), seed),
    )


def prefill_count(length: int, entries: int) -> int:
    """How many entries a table starts with: ``entries``, but always leaving a third of the
    game (at least 30 entries, or half a short game) to record over HTTP."""
    reserve = max(min(30, length // 2), length // 3)
    return max(1, min(entries, length - reserve))


def build_sims(
    n_tables: int, entries: int, long: int, seed: int, extra_posts: int, say: Callable[[str], None]
) -> tuple[list[Sim], Sim, Sim]:
    """The tables' games, the page game (Belote card by card, at least ``entries`` long) and
    the long game (Buck Euchre card by card, the first found lasting past ``long`` entries)."""
    sims = _sims()
    wanted = [MIX[i % len(MIX)] for i in range(n_tables)]
    n_buck_cards = wanted.count(("buck_euchre", "cards"))
    n_buck_quick = wanted.count(("buck_euchre", "quick"))
    # Buck Euchre games vary from 10 to over 1,000 entries: play many and keep the longest.
    pool: list[tuple[Sim, Sim]] = []
    longest: tuple[Sim, Sim] | None = None
    started = time.monotonic()
    need_long = long + extra_posts
    for s in range(seed * 100_000, seed * 100_000 + 2000):
        cards, quick = sim_buck(sims, s)
        if longest is None or len(cards.events) > len(longest[0].events):
            longest = cards, quick
        pool.append((cards, quick))
        good = sum(1 for c, _ in pool if len(c.events) >= entries + 60)
        found = len(longest[0].events) >= need_long
        # Quick entry takes two entries a hand: only the longest games reach 150. Playing 200
        # games (about 7 s) finds a few of 100 hands or more.
        enough = len(pool) >= (200 if n_buck_quick else 0)
        if found and good > n_buck_cards + n_buck_quick and enough:
            break
        if time.monotonic() - started > 45:
            break
    assert longest is not None
    say(
        f"  Buck Euchre: {len(pool)} games played to find long ones; the longest has "
        f"{len(longest[0].events)} entries (seed {longest[0].seed})"
    )
    pool.remove(longest)
    by_cards = sorted(pool, key=lambda p: -len(p[0].events))
    buck_cards = [c for c, _ in by_cards[:n_buck_cards]]
    rest = by_cards[n_buck_cards:]
    buck_quick = [q for _, q in sorted(rest, key=lambda p: -len(p[1].events))[:n_buck_quick]]

    out: list[Sim] = []
    recruit_seats = [4, 3, 2]
    for i, (game, mode) in enumerate(wanted):
        s = seed * 100_000 + 10_000 + i
        if game == "belote":
            out.append(sim_belote(sims, s, mode))
        elif game == "buck_euchre":
            out.append((buck_cards if mode == "cards" else buck_quick).pop(0))
        elif game == "recruit":
            out.append(sim_recruit(sims, s, recruit_seats[i % 3]))
        else:  # Malilla games are short (35 points): the longest of a few
            out.append(
                max((sim_malilla(sims, s * 10 + k) for k in range(6)), key=lambda m: len(m.events))
            )
    page = sim_belote(sims, seed * 100_000 + 99_999, "cards")
    k = 0
    while len(page.events) < entries + 2 and k < 50:
        k += 1
        page = sim_belote(sims, seed * 100_000 + 99_999 - k, "cards")
    return out, page, longest[0]


def _encode(value: Any) -> Any:
    if isinstance(value, list | tuple | set | frozenset):
        return [str(v) for v in value]
    return str(value)


def form_fields(rules: Any, state: Any, event: Any, at: int = 0) -> tuple[str, dict[str, Any], Any]:
    """The entry form's fields filled in to record ``event`` (from its ``initial_from``, as a
    correction starts), checked: the form must accept them and build an event the engine
    accepts. Returns the kind, the fields as posted (lists for several values) and that event.
    Fields the form asks for that ``initial_from`` leaves out (a bid's call is the button
    tapped) are taken from the event's attribute of the same name."""
    from django.http import QueryDict

    from companion.tables.entry import forms_for

    loaded: Any = _Loaded(rules, state, at)
    form_class = forms_for(rules.key).get(event.kind)
    if form_class is None:
        raise SetupFailed(f"{rules.key}: no entry form for {event.kind!r} events")
    blank = form_class(loaded)
    initial = blank.initial_from(event)
    fields: dict[str, Any] = {}
    for name in blank.fields:
        if name in ("client_id", "at"):
            continue
        value = initial.get(name, getattr(event, name, None))
        if value is None or value is False:
            continue  # a blank field, an unticked box: the browser sends nothing
        fields[name] = "on" if value is True else _encode(value)
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    data["client_id"] = str(uuid.uuid4())
    if "at" in blank.fields:  # the position the entry is made for, as the form sends it
        fields["at"] = str(at)
        data["at"] = str(at)
    form = form_class(loaded, data)
    if not form.is_valid():
        raise SetupFailed(f"{rules.key} {event.kind}: the form refuses {fields}: {form.errors}")
    posted = form.to_event()
    return event.kind, fields, posted


class _Loaded:
    """What an entry form reads from ``actions.Loaded``: the rules and the state."""

    def __init__(self, rules: Any, state: Any, count: int = 0) -> None:
        self.rules, self.state, self.game, self.count = rules, state, None, count


@dataclasses.dataclass
class Prepared:
    """A table to create: its game, the entries to insert and the ones to post."""

    label: str
    sim: Sim
    prefill: int
    posts: int  # how many entries after the prefill to prepare as POSTs


def prepare(prepared: Prepared) -> tuple[list[Any], list[tuple[str, dict[str, Any]]]]:
    """The events to insert and the (kind, fields) to post, chained through the engine."""
    from companion.games import get_rules

    sim = prepared.sim
    rules = get_rules(sim.game)(sim.seats, sim.options, list(NAMES[: sim.seats]))
    state = rules.initial_state()
    inserted = sim.events[: prepared.prefill]
    for index, event in enumerate(inserted):
        state = rules.apply_checked(state, event, index)
    posts = []
    end = min(len(sim.events), prepared.prefill + prepared.posts)
    for index in range(prepared.prefill, end):
        kind, fields, event = form_fields(rules, state, sim.events[index], index)
        try:
            state = rules.apply_checked(state, event, index)
        except Exception as exc:
            raise SetupFailed(
                f"{prepared.label}: entry #{index + 1} ({kind}) as the form builds it is "
                f"refused by the engine: {exc}"
            ) from exc
        posts.append((kind, fields))
    return inserted, posts


def create(
    item: Prepared, number: int, done: tuple[list[Any], list[Any]] | None = None
) -> dict[str, Any]:
    """The table in the database, its first entries inserted in one go (as they would have
    been recorded: the engine's stored form, in order), and what to post for the rest
    (``done``: ``prepare(item)`` already worked out, for copies of one table)."""
    from django.db.models import F

    from companion import rules as engine
    from companion.tables import actions
    from companion.tables.models import Event, Table

    inserted, posts = done or prepare(item)
    sim = item.sim
    table = actions.do_create_table(list(NAMES[: sim.seats]), f"Bench {number}")
    players = list(table.players.all())
    game = actions.check_start_game(table, sim.game, players, sim.options)
    Event.objects.bulk_create(
        Event(game=game, seq=i, kind=e.kind, payload=engine.to_dict(e))
        for i, e in enumerate(inserted)
    )
    Table.objects.filter(pk=table.pk).update(version=F("version") + len(inserted))
    return {
        "label": item.label,
        "game": sim.game,
        "mode": sim.mode,
        "seed": sim.seed,
        "seats": sim.seats,
        "key": table.score_key,
        "view_key": table.view_key,
        "number": game.number,
        "game_id": game.pk,
        "length": len(sim.events),
        "prefilled": len(inserted),
        "posts": posts,
    }


def setup_main(args: argparse.Namespace) -> None:
    """Build the tables in the app's database and write the plan (JSON) for the benchmark."""
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    t0 = time.monotonic()
    latency_posts = args.latency_posts
    sims, page_sim, long_sim = build_sims(
        args.tables, args.entries, args.long, args.seed, latency_posts + 2, say
    )
    if len(long_sim.events) < args.long + latency_posts:
        raise SetupFailed(
            f"no Buck Euchre game lasting {args.long + latency_posts} entries was found "
            f"(the longest: {len(long_sim.events)})"
        )
    items = [
        Prepared(
            f"{s.game} {'card by card' if s.mode == 'cards' else 'quick entry'}",
            s,
            prefill_count(len(s.events), args.entries),
            len(s.events),
        )
        for s in sims
    ]
    page = Prepared("page", page_sim, min(args.entries, len(page_sim.events) - 1), 1)
    probe = Prepared("probe", page_sim, min(args.entries, len(page_sim.events) - 1), 1)
    e10 = Prepared("entry 10", long_sim, 10, latency_posts)
    e_long = Prepared(f"entry {args.long}", long_sim, args.long, latency_posts)
    say(f"  games played out in {time.monotonic() - t0:.1f} s; writing the tables")

    prepared = [(item, prepare(item)) for item in items]
    plan: dict[str, Any] = {
        "tables": [create(item, i + 1, done) for i, (item, done) in enumerate(prepared)],
        "page": create(page, 901),
        "probe": create(probe, 902),
        # The same tables again, for recording at the goal's throughput (``measure``).
        "goal": [create(item, 3001 + i, done) for i, (item, done) in enumerate(prepared)],
    }
    # The long game at entry 10 and at entry --long, on many tables each (the same game), so
    # that recording there is measured under load while staying near that entry.
    for name, item, first in (("e10", e10, 1000), ("e_long", e_long, 2000)):
        done = prepare(item)
        plan[name] = [create(item, first + i, done) for i in range(args.long_tables)]
    n = 2 * len(items) + 2 + 2 * args.long_tables
    say(f"  {n} tables written in {time.monotonic() - t0:.1f} s in all")

    # Queries per request, counted in-process (the second of each, caches warm).
    client = Client(HTTP_HOST="127.0.0.1")
    queries: dict[str, Any] = {}

    def count(name: str, call: Callable[[], Any], expect: int) -> Any:
        call()
        with CaptureQueriesContext(connection) as ctx:
            response = call()
        if response.status_code != expect:
            raise SetupFailed(f"{name}: status {response.status_code}, expected {expect}")
        queries[name] = len(ctx.captured_queries)
        return response

    base = f"/t/{plan['page']['key']}/g/{plan['page']['number']}/"
    html = count("page", lambda: client.get(base), 200).content.decode()
    token = poll_token(html)
    if token is None:
        raise SetupFailed("no live poll (live/?v=...) on the game page")
    count("fragment", lambda: client.get(base + "live/?v=0"), 200)
    count("poll", lambda: client.get(base + f"live/?v={token}"), 204)
    probe_base = f"/t/{plan['probe']['key']}/g/{plan['probe']['number']}/"
    client.get(probe_base)  # the phone had the page open
    kind, fields = plan["probe"]["posts"][0]
    with CaptureQueriesContext(connection) as ctx:
        response = client.post(
            probe_base + f"record/{kind}/",
            {**fields, "client_id": str(uuid.uuid4())},
            headers={"HX-Request": "true"},
        )
    if response.status_code >= 400 or response.has_header("HX-Retarget"):
        raise SetupFailed(f"the probe entry was refused ({response.status_code})")
    queries["record"] = len(ctx.captured_queries)
    plan["queries"] = queries
    Path(args.setup_out).write_text(json.dumps(plan))


def count_main(args: argparse.Namespace) -> None:
    """Print {game id: events} for the games of a plan (run with the app's settings)."""
    import django

    django.setup()
    from django.db.models import Count

    from companion.tables.models import Game

    plan = json.loads(Path(args.count_in).read_text())
    ids = [t["game_id"] for k in ("tables", "goal", "e10", "e_long") for t in plan[k]] + [
        plan[k]["game_id"] for k in ("page", "probe")
    ]
    rows = Game.objects.filter(pk__in=ids).annotate(n=Count("events")).values_list("pk", "n")
    print(json.dumps({str(pk): n for pk, n in rows}))


def db_counts(plan_file: Path, env: dict[str, str]) -> dict[int, int]:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--count-in", str(plan_file)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {int(k): v for k, v in json.loads(out).items()}
