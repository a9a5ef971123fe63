"""Benchmark: a club night's recording and watching, side by side with a bare Django view.

    .venv/bin/python bench/club.py [--tables 50] [--entries 150] [--connections 16]
                                   [--workers 2] [--threads 1] [--seconds 10]

One command, one run, every figure the issue asks for, each as a ratio to a bare Django view
measured in the same run on the same machine:

1. Starts two gunicorn servers on 127.0.0.1 (``--workers`` sync workers each): the app with
   production settings (DEBUG off, a secret key, plain HTTP allowed on loopback) on port 8801,
   and the bare Django project of ``bench/bare/`` (one view, one ORM query, a small template;
   its docstring says exactly what it includes) on port 8802. Each gets its own throwaway
   PostgreSQL database, created here and dropped at the end (``DATABASE_URL`` names the app's
   instead, which is then neither created nor dropped).
2. Builds ``--tables`` tables with a game under way: a mix of the four games, some recorded card
   by card and some by quick entry. The games are legal games played out by the simulated tables
   of the engine's property tests (``tests/rules/test_*_properties.py``) from fixed seeds; the
   first entries of each (``--entries``, fewer for games that are shorter than that: see the
   table summary printed) go straight into the database, the rest are kept to be recorded over
   HTTP. Plus a Belote game recorded card by card at exactly ``--entries`` entries for the
   page and live measurements, and one long Buck Euchre game (the first seed whose game lasts
   past ``--long`` entries) entered twice: stopped at entry 10 and at entry ``--long``.
3. Records entries like a phone does: an htmx POST to ``/t/<scorer key>/g/<n>/record/<kind>/``
   with the CSRF cookie and token, ``HX-Request: true`` and the entry form's fields as the form
   fills them in to correct that entry (``initial_from``), with a fresh ``client_id``. Every
   POST body is checked in the setup step against the form and the engine, a dry run posts one
   entry to every table first, and the database is counted afterwards: refused entries are
   reported and make the command fail.
4. Measures with ``--connections`` concurrent connections (threads in several processes, so the
   load generator is not the limit), for ``--seconds`` each, the app and then bare Django:
   recording (each connection owns its own tables and posts each table's entries in order),
   the game page, the live fragment after a change (``live/?v=0``) and the live poll with
   nothing changed (204). CPU per request is the gunicorn processes' CPU time (utime + stime
   from /proc, master and workers) over the requests served; "db" is the same for the
   PostgreSQL backends serving that server's database. Queries per request are counted in the
   setup step with Django's test client (second request of each kind, so caches are warm).
   Then recording at a club's pace (``--pace`` entries a second in all, each table's entries
   falling due at random, open loop): the latency a scorer feels when the server
   is not saturated, as against the closed-loop figures above, where each of the 16
   connections posts again as soon as it is answered and so waits behind the others.
   Then recording at the goal's throughput (0.25 times bare Django's POSTs a second, as just
   measured) offered the same way by a copy of the ``--tables`` tables: the latency while the
   app does that much work, each entry's counted from when it fell due.
   Then, one request at a time: recording at entry 10 and at entry ``--long`` of the same game,
   the game page and live fragment there too, and the game page's size over the wire.

Prints one table with PASS/FAIL beside each goal; asserts nothing except that the setup
worked and that every entry was accepted. All traffic goes to 127.0.0.1 and stops by itself.
Sync gunicorn workers close the connection after each response, so each request opens a new
loopback TCP connection (the client would keep it alive otherwise).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gzip
import json
import multiprocessing
import os
import random
import re
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
BARE_DIR = Path(__file__).resolve().parent / "bare"
APP_PORT, BARE_PORT = 8801, 8802
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
APP_DB, BARE_DB = "companion_bench_club", "bench_bare"
NAMES = ("Ann", "Bob", "Cat", "Dan")
SECRET = "club-bench-" + "k" * 50

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

# Goals, as ratios to bare Django (the issue).
RECORD_RATIO, RECORD_P95_MS = 0.25, 50.0
POLL_RATIO, POLL_QUERIES = 0.6, 1
PAGE_RATIO = 0.2
FIRST_LOAD_KB = 60
SAME = 1.5  # "the same at entry 10 and entry 1,000": p50 at most this many times entry 10's


# --- games: legal logs from the property tests' simulated tables ------------------------------


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


# --- form data: what a phone posts to record an event ----------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, list | tuple | set | frozenset):
        return [str(v) for v in value]
    return str(value)


def form_fields(
    rules: Any, state: Any, event: Any, at: int = 0
) -> tuple[str, dict[str, Any], Any]:
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


class SetupFailed(RuntimeError):
    pass


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


# --- the setup step (runs in a subprocess with the app's settings) ----------------------------


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


def poll_token(html: str) -> str | None:
    found = re.search(r"live/\?v=([^\"'&\s]+)", html)
    return found.group(1) if found else None


# --- HTTP over a raw socket: cheap enough not to be the bottleneck ---------------------------


class Response:
    __slots__ = ("body", "headers", "status", "wire")

    def __init__(self, status: int, headers: dict[str, str], body: bytes, wire: int) -> None:
        self.status, self.headers, self.body, self.wire = status, headers, body, wire


class Conn:
    """One client connection, kept alive when the server allows it (sync gunicorn workers
    close it after each response: then the next request opens a new one)."""

    def __init__(self, port: int, timeout: float = 60.0) -> None:
        self.port, self.timeout = port, timeout
        self.sock: socket.socket | None = None
        self.buf = b""

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.sock, self.buf = None, b""

    def request(self, raw: bytes) -> Response:
        fresh = self.sock is None
        if fresh:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.sock.settimeout(self.timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            try:
                self.sock.connect(("127.0.0.1", self.port))
            except OSError:
                self.close()
                raise
        try:
            self.sock.sendall(raw)  # type: ignore[union-attr]
            return self._read()
        except (ConnectionError, EOFError):
            self.close()
            if fresh:
                raise
            return self.request(raw)  # the server had closed a kept-alive connection

    def _fill(self) -> bool:
        chunk = self.sock.recv(65536)  # type: ignore[union-attr]
        self.buf += chunk
        return bool(chunk)

    def _read(self) -> Response:
        while b"\r\n\r\n" not in self.buf:
            if not self._fill():
                raise EOFError("connection closed before a response")
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            headers[name] = f"{headers[name]}\n{value}" if name in headers else value
        wire = len(head) + 4
        if status in (204, 304) or 100 <= status < 200:
            body = b""
        elif "content-length" in headers:
            size = int(headers["content-length"])
            while len(self.buf) < size:
                if not self._fill():
                    raise EOFError("connection closed in the body")
            body, self.buf = self.buf[:size], self.buf[size:]
            wire += size
        elif "chunked" in headers.get("transfer-encoding", "").lower():
            body, wire = self._chunked(wire)
        else:
            while self._fill():
                pass
            body, self.buf = self.buf, b""
            wire += len(body)
        if headers.get("connection", "").lower() == "close" or lines[0].startswith("HTTP/1.0"):
            self.close()
        return Response(status, headers, body, wire)

    def _chunked(self, wire: int) -> tuple[bytes, int]:
        body = b""
        while True:
            while b"\r\n" not in self.buf:
                if not self._fill():
                    raise EOFError("connection closed in a chunk")
            line, self.buf = self.buf.split(b"\r\n", 1)
            size = int(line.split(b";")[0], 16)
            while len(self.buf) < size + 2:
                if not self._fill():
                    raise EOFError("connection closed in a chunk")
            body += self.buf[:size]
            self.buf = self.buf[size + 2 :]
            wire += len(line) + 2 + size + 2
            if size == 0:
                return body, wire


#: What a phone's browser sends with every request, htmx's included: measured requests send it
#: too, so that the answers are compressed as a phone gets them (companion.tables.compress.GZip).
PHONE = {"Accept-Encoding": "gzip, deflate, br"}


def get_raw(port: int, path: str, headers: dict[str, str] | None = None) -> bytes:
    extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}\r\n".encode()


def post_raw(port: int, path: str, fields: dict[str, Any], csrf: Csrf, htmx: bool) -> bytes:
    body = urlencode({**fields, "csrfmiddlewaretoken": csrf.token}, doseq=True).encode()
    headers = {
        "Cookie": csrf.cookie,
        "X-CSRFToken": csrf.token,
        "Origin": f"http://127.0.0.1:{port}",
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": str(len(body)),
        **PHONE,
    }
    if htmx:
        headers |= {"HX-Request": "true", "HX-Current-URL": f"http://127.0.0.1:{port}{path}"}
    extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}\r\n".encode() + body


@dataclasses.dataclass
class Csrf:
    cookie: str
    token: str


def fetch_csrf(port: int, path: str = "/") -> Csrf:
    response = Conn(port).request(get_raw(port, path))
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', response.body)
    cookie = re.search(r"csrftoken=([^;\s]+)", response.headers.get("set-cookie", ""))
    if not (token and cookie):
        raise SetupFailed(f"no CSRF cookie and token on :{port}{path} ({response.status})")
    return Csrf(f"csrftoken={cookie.group(1)}", token.group(1).decode())


def accepted(response: Response) -> bool:
    """A recorded entry: htmx gets the refreshed game (200), a plain form a redirect. A refused
    one comes back as the entry form with its error, retargeted at the form (or 4xx/5xx)."""
    return response.status in (200, 204, 302, 303) and "hx-retarget" not in response.headers


# --- load: connections in threads, threads in processes --------------------------------------


@dataclasses.dataclass
class Job:
    """One connection's work: GET ``requests`` round and round (expecting ``expect``), or POST
    the queued entries of its ``tables``, one table after another in turn, each in order."""

    requests: list[bytes] = dataclasses.field(default_factory=list)
    expect: int = 200
    tables: list[list[bytes]] = dataclasses.field(default_factory=list)
    table_ids: list[int] = dataclasses.field(default_factory=list)


def _connection(port: int, job: Job, start: float, end: float) -> dict[str, Any]:
    conn = Conn(port)
    times: list[float] = []
    ok = bad = errors = 0
    sample = ""
    posted: dict[int, int] = {}
    queues = [list(reversed(t)) for t in job.tables]
    while time.time() < start:
        time.sleep(0.001)
    turn = 0
    ran_out = None
    while time.time() < end and errors < 20:
        if job.tables:
            live = [i for i, q in enumerate(queues) if q]
            if not live:
                ran_out = time.time()
                break
            index = live[turn % len(live)]
            turn += 1
            raw = queues[index].pop()
        else:
            raw = job.requests[turn % len(job.requests)]
            turn += 1
        t0 = time.perf_counter()
        try:
            response = conn.request(raw)
        except OSError as exc:
            errors += 1
            sample = sample or f"{type(exc).__name__}: {exc}"
            conn.close()
            continue
        times.append(time.perf_counter() - t0)
        good = accepted(response) if job.tables else response.status == job.expect
        if good:
            ok += 1
            if job.tables:
                posted[job.table_ids[index]] = posted.get(job.table_ids[index], 0) + 1
        else:
            bad += 1
            if not sample:
                sample = f"status {response.status}: " + _snippet(response.body)
    conn.close()
    return {
        "times": times,
        "ok": ok,
        "bad": bad,
        "errors": errors,
        "sample": sample,
        "posted": posted,
        "last": time.time(),
        "ran_out": ran_out,
    }


def _snippet(body: bytes) -> str:
    with contextlib.suppress(OSError, EOFError):
        body = gzip.decompress(body)  # a compressed answer
    text = body.decode("utf-8", "replace")
    for pattern in (r'class="[^"]*(?:error|violation)[^"]*"[^>]*>(.{0,300})', r"<title>(.*?)</"):
        found = re.search(pattern, text, re.S)
        if found:
            return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())[:200]
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())[:200]


def _process(port: int, jobs: list[Job], start: float, end: float, out: Any) -> None:
    results: list[dict[str, Any]] = [{} for _ in jobs]

    def run(i: int) -> None:
        results[i] = _connection(port, jobs[i], start, end)

    cpu = time.process_time()
    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results[0]["client_cpu"] = time.process_time() - cpu  # the process's, all its threads
    out.put(results)


@dataclasses.dataclass
class Phase:
    requests: int
    bad: int
    errors: int
    seconds: float
    times: list[float]
    cpu: float  # seconds of gunicorn CPU
    db_cpu: float  # seconds of PostgreSQL backend CPU
    sample: str
    posted: dict[int, int]
    ran_out: int  # connections that ran out of entries before the end
    client_cpu: float  # seconds of the load generator's CPU
    idle: float  # share of the machine's CPU time left idle during the run

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds > 0 else 0.0

    def pct(self, p: float) -> float:
        if not self.times:
            return float("nan")
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000

    @property
    def cpu_ms(self) -> float:
        return self.cpu * 1000 / self.requests if self.requests else float("nan")

    @property
    def client_ms(self) -> float:
        return self.client_cpu * 1000 / self.requests if self.requests else float("nan")

    @property
    def db_ms(self) -> float:
        return self.db_cpu * 1000 / self.requests if self.requests else float("nan")


class Server:
    def __init__(self, name: str, port: int, proc: subprocess.Popen[bytes], db: str) -> None:
        self.name, self.port, self.proc, self.db = name, port, proc, db


def run_load(server: Server, jobs: list[Job], seconds: float, processes: int) -> Phase:
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    groups = [jobs[i::processes] for i in range(processes)]
    groups = [g for g in groups if g]
    start = time.time() + 0.3
    end = start + seconds
    procs = [ctx.Process(target=_process, args=(server.port, g, start, end, queue)) for g in groups]
    for p in procs:
        p.start()
    while time.time() < start:
        time.sleep(0.0005)
    cpu0, db0, idle0 = gunicorn_cpu(server), db_cpu(server.db), machine_idle()
    results = [r for _ in procs for r in queue.get(timeout=seconds + 300)]
    idle1 = machine_idle()
    for p in procs:
        p.join()
    cpu1, db1 = gunicorn_cpu(server), db_cpu(server.db)
    last = max((r["last"] for r in results), default=start)
    posted: dict[int, int] = {}
    for r in results:
        for k, v in r["posted"].items():
            posted[k] = posted.get(k, 0) + v
    return Phase(
        requests=sum(r["ok"] for r in results),
        bad=sum(r["bad"] for r in results),
        errors=sum(r["errors"] for r in results),
        seconds=last - start,
        times=[t for r in results for t in r["times"]],
        cpu=cpu1 - cpu0,
        db_cpu=_db_delta(db0, db1),
        sample=next((r["sample"] for r in results if r["sample"]), ""),
        posted=posted,
        ran_out=sum(1 for r in results if r["ran_out"]),
        client_cpu=sum(r.get("client_cpu", 0.0) for r in results),
        idle=(idle1[0] - idle0[0]) / max(1, idle1[1] - idle0[1]),
    )


def merge(phases: list[Phase]) -> Phase:
    """Several runs of the same measurement as one."""
    posted: dict[int, int] = {}
    for ph in phases:
        for k, v in ph.posted.items():
            posted[k] = posted.get(k, 0) + v
    seconds = sum(ph.seconds for ph in phases)
    return Phase(
        requests=sum(ph.requests for ph in phases),
        bad=sum(ph.bad for ph in phases),
        errors=sum(ph.errors for ph in phases),
        seconds=seconds,
        times=[t for ph in phases for t in ph.times],
        cpu=sum(ph.cpu for ph in phases),
        db_cpu=sum(ph.db_cpu for ph in phases),
        sample=next((ph.sample for ph in phases if ph.sample), ""),
        posted=posted,
        ran_out=max(ph.ran_out for ph in phases),
        client_cpu=sum(ph.client_cpu for ph in phases),
        idle=sum(ph.idle * ph.seconds for ph in phases) / seconds if seconds else 0.0,
    )


# --- CPU from /proc -------------------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, utime + stime in seconds) of a process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def gunicorn_cpu(server: Server) -> float:
    """CPU seconds of the gunicorn master and its workers so far."""
    master = server.proc.pid
    total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat and (int(entry) == master or stat[0] == master):
                total += stat[1]
    return total


def machine_idle() -> tuple[int, int]:
    """(idle, total) CPU ticks of the whole machine so far, from /proc/stat."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return ticks[3] + ticks[4], sum(ticks[:8])


def db_cpu(db: str) -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend connected to ``db`` (a local server)."""
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        pids = [
            r[0] for r in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (db,))
        ]
    out = {}
    for pid in pids:
        stat = _stat(pid)
        if stat:
            out[pid] = stat[1]
    return out


def _db_delta(before: dict[int, float], after: dict[int, float]) -> float:
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


# --- the run ---------------------------------------------------------------------------------


def say(text: str = "") -> None:
    print(text, flush=True)


def pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(sql)


def wait_up(port: int, path: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if proc.poll() is not None:
            raise SetupFailed(f"the server on port {port} exited ({proc.returncode})")
        try:
            Conn(port, timeout=5).request(get_raw(port, path))
            return
        except OSError:
            time.sleep(0.1)
    raise SetupFailed(f"the server on port {port} did not answer {path}")


def start_gunicorn(
    name: str,
    module: str,
    port: int,
    workers: int,
    env: dict[str, str],
    db: str,
    log: Path,
    pythonpath: str | None = None,
    threads: int = 1,
) -> Server:
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        module,
        "--workers",
        str(workers),
        "--worker-class",
        "gthread" if threads > 1 else "sync",
        "--threads",
        str(threads),
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "--timeout",
        "120",
    ]
    if pythonpath:
        cmd += ["--pythonpath", pythonpath]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=out)
    return Server(name, port, proc, db)


def post_jobs(
    plan_tables: list[dict[str, Any]], connections: int, csrf: Csrf, skip: dict[int, int]
) -> tuple[list[Job], int]:
    """Each connection owns whole tables (balanced by entries left) and posts their entries."""
    tables = sorted(plan_tables, key=lambda t: -(len(t["posts"]) - skip.get(t["game_id"], 0)))
    jobs = [Job() for _ in range(connections)]
    load = [0] * connections
    total = 0
    for t in tables:
        posts = t["posts"][skip.get(t["game_id"], 0) :]
        if not posts:
            continue
        i = load.index(min(load))
        raws = [record_raw(t, kind, fields, csrf) for kind, fields in posts]
        jobs[i].tables.append(raws)
        jobs[i].table_ids.append(t["game_id"])
        load[i] += len(raws)
        total += len(raws)
    return [j for j in jobs if j.tables], total


def record_raw(table: dict[str, Any], kind: str, fields: dict[str, Any], csrf: Csrf) -> bytes:
    path = f"/t/{table['key']}/g/{table['number']}/record/{kind}/"
    return post_raw(APP_PORT, path, {**fields, "client_id": str(uuid.uuid4())}, csrf, True)


def warm(port: int, paths: list[str], times: int = 1) -> None:
    """GET each page ``times`` times, a few at a time (the phones at the table opening the game
    before recording). Each app server process keeps its own replays: with two workers, eight
    loads leave a game unseen by one of them once in 128 games."""
    todo = list(paths) * times
    lock = threading.Lock()

    def run() -> None:
        conn = Conn(port)
        while True:
            with lock:
                if not todo:
                    break
                path = todo.pop()
            if (status := conn.request(get_raw(port, path)).status) != 200:
                raise SetupFailed(f"{path}: {status}")
        conn.close()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def sequential(port: int, raws: list[bytes], check: Callable[[Response], bool]) -> list[float]:
    conn, times = Conn(port), []
    for raw in raws:
        t0 = time.perf_counter()
        response = conn.request(raw)
        times.append(time.perf_counter() - t0)
        if not check(response):
            raise SetupFailed(f"request refused ({response.status}): {_snippet(response.body)}")
    conn.close()
    return times


def paced(
    port: int, jobs: list[Job], rate: float, seconds: float
) -> tuple[list[float], int, int, dict[int, int]]:
    """Open-loop load: every table (each of ``jobs``' tables) has its entries fall due at random
    (exponential gaps, so ``rate`` entries a second in all on average, arriving independently as
    phones do), whatever the other tables' answers. Each table's share of the rate is its share
    of the entries left to post, so that none runs out long before the others. A table sends
    an entry when it falls due, or when the answer to its previous one comes if that is later;
    its latency is counted from when it fell due, so a slow answer also counts in the wait of
    the entry behind it.
    Returns the latencies, entries accepted and refused, and {game id: entries accepted}."""
    tables = [
        (raws, gid) for job in jobs for raws, gid in zip(job.tables, job.table_ids, strict=True)
    ]
    left = max(1, sum(len(raws) for raws, _ in tables))
    lock = threading.Lock()
    times: list[float] = []
    counts = {"ok": 0, "bad": 0}
    posted: dict[int, int] = {}
    end = time.monotonic() + seconds

    def table(raws: list[bytes], gid: int, seed: int) -> None:
        rnd, conn = random.Random(seed), Conn(port)
        due, per_table = time.monotonic(), rate * len(raws) / left
        for raw in raws:
            due += rnd.expovariate(per_table)
            if due >= end:
                break
            if (wait := due - time.monotonic()) > 0:
                time.sleep(wait)
            response = conn.request(raw)
            took = time.monotonic() - due
            with lock:
                times.append(took)
                good = accepted(response)
                counts["ok" if good else "bad"] += 1
                if good:
                    posted[gid] = posted.get(gid, 0) + 1
        conn.close()

    threads = [
        threading.Thread(target=table, args=(raws, gid, i))
        for i, (raws, gid) in enumerate(tables)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times, counts["ok"], counts["bad"], posted


def p(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000 if ordered else float("nan")


def first_load(port: int, path: str) -> tuple[int, int, str, list[tuple[str, int, str]]]:
    """The page's bytes over the wire with and without compression accepted, its encoding, and
    each same-origin asset a browser fetches on a first visit (compression accepted)."""
    phone = {**PHONE, "Accept": "text/html"}
    conn = Conn(port)
    packed = conn.request(get_raw(port, path, phone))
    plain = conn.request(get_raw(port, path, {"Accept": "text/html"}))
    encoding = packed.headers.get("content-encoding", "none")
    html = (gzip.decompress(packed.body) if encoding == "gzip" else packed.body).decode(
        "utf-8", "replace"
    )
    if encoding not in ("gzip", "none"):
        html = plain.body.decode("utf-8", "replace")
    urls = re.findall(r'<(?:script|img)\b[^>]*\bsrc="(/[^"]*)"', html)
    urls += [
        href
        for tag in re.findall(r"<link\b[^>]*>", html)
        if re.search(r'rel="(?:stylesheet|icon|preload|modulepreload)"', tag)
        for href in re.findall(r'href="(/[^"]*)"', tag)
    ]
    assets = []
    for url in dict.fromkeys(urls):
        response = conn.request(get_raw(port, url.replace("&amp;", "&"), phone))
        assets.append((url, response.wire, response.headers.get("content-encoding", "none")))
    conn.close()
    return packed.wire, plain.wire, encoding, assets


def fmt(value: float, digits: int = 1) -> str:
    return "-" if value != value else f"{value:,.{digits}f}"  # NaN: nothing measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--entries", type=int, default=150)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads per worker: above 1, gthread workers (as the README deploys) for both",
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="per measured run")
    parser.add_argument("--long", type=int, default=1000, help="the long game's entry")
    parser.add_argument(
        "--latency-posts", type=int, default=20, help="entries recorded from entry 10 and --long"
    )
    parser.add_argument(
        "--long-tables", type=int, default=64, help="tables at entry 10 and at --long, each"
    )
    parser.add_argument("--processes", type=int, default=4, help="load generator processes")
    parser.add_argument(
        "--rounds", type=int, default=2, help="turns of app and bare Django in each --seconds"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=25.0,
        help="entries a second in all at a club's pace (50 tables playing a trick every 20 s "
        "make 2.5)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the databases and temp files")
    parser.add_argument("--setup-out", help=argparse.SUPPRESS)
    parser.add_argument("--count-in", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.setup_out:
        return setup_main(args)
    if args.count_in:
        return count_main(args)
    sys.exit(run(args))


def run(args: argparse.Namespace) -> int:
    started = time.monotonic()
    say("$ " + shlex.join([os.path.relpath(sys.executable, Path.cwd()), *sys.argv]))
    tmp = Path(tempfile.mkdtemp(prefix="companion-club-"))
    user_db = os.environ.get("DATABASE_URL")
    app_url = user_db or f"postgres://postgres@127.0.0.1:5432/{APP_DB}"
    app_db = app_url.rsplit("/", 1)[1].split("?")[0]
    bare_url = f"postgres://postgres@127.0.0.1:5432/{BARE_DB}"
    # The app's own settings; only STATIC_ROOT moves to the temp directory, so collectstatic
    # does not write into the working tree others are using.
    (tmp / "club_settings.py").write_text(
        f"from companion.settings import *  # noqa: F403\nSTATIC_ROOT = {str(tmp / 'static')!r}\n"
    )
    # The probe on the servers' garbage collectors (GC_PROBE): on the path of both.
    (tmp / "sitecustomize.py").write_text(GC_PROBE)
    gc_log = tmp / "gc.log"
    base_env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_VERSION",)}
    app_env = base_env | {
        "DJANGO_SETTINGS_MODULE": "club_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp), str(ROOT)]),
        "DJANGO_DEBUG": "0",
        "COMPANION_TESTING": "0",
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        "DATABASE_URL": app_url,
    }
    bare_env = base_env | {
        "DJANGO_SETTINGS_MODULE": "barebench",
        "DATABASE_URL": bare_url,
        "DJANGO_SECRET_KEY": SECRET,
    }
    bare_env["PYTHONPATH"] = str(tmp)  # the probe only: bare Django is on --pythonpath
    servers: list[Server] = []
    py = sys.executable
    log = tmp / "servers.log"
    failed = 0
    try:
        for db in ([] if user_db else [app_db]) + [BARE_DB]:
            pg_admin(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
            pg_admin(f'CREATE DATABASE "{db}"')
        say("setting up: migrate, collectstatic, play the games, write the tables ...")
        subprocess.run([py, "manage.py", "migrate", "-v0"], cwd=ROOT, env=app_env, check=True)
        subprocess.run(
            [py, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=app_env,
            check=True,
        )
        subprocess.run(
            [py, "-m", "django", "migrate", "-v0", "--pythonpath", str(BARE_DIR)],
            cwd=ROOT,
            env=bare_env,
            check=True,
        )
        plan_file = tmp / "plan.json"
        forward = [
            "--tables",
            str(args.tables),
            "--entries",
            str(args.entries),
            "--long",
            str(args.long),
            "--latency-posts",
            str(args.latency_posts),
            "--long-tables",
            str(args.long_tables),
            "--seed",
            str(args.seed),
        ]
        subprocess.run(
            [py, __file__, *forward, "--setup-out", str(plan_file)],
            cwd=ROOT,
            env=app_env,
            check=True,
        )
        plan = json.loads(plan_file.read_text())
        for port in (APP_PORT, BARE_PORT):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    raise SetupFailed(f"port {port} is already in use")

        servers.append(
            start_gunicorn(
                "app",
                "companion.wsgi",
                APP_PORT,
                args.workers,
                app_env | {"COMPANION_BENCH_GC": f"app {gc_log}"},
                app_db,
                log,
                threads=args.threads,
            )
        )
        servers.append(
            start_gunicorn(
                "bare",
                "barewsgi",
                BARE_PORT,
                args.workers,
                bare_env | {"COMPANION_BENCH_GC": f"bare {gc_log}"},
                BARE_DB,
                log,
                str(BARE_DIR),
                threads=args.threads,
            )
        )
        app, bare = servers
        wait_up(APP_PORT, "/healthz", app.proc)
        wait_up(BARE_PORT, "/", bare.proc)
        failed = measure(args, plan, plan_file, app, bare, app_env, started, gc_log)
    except (SetupFailed, subprocess.CalledProcessError) as exc:
        say(f"\nSETUP FAILED: {exc}")
        if log.exists() and log.read_text().strip():
            say("server log (last lines):\n" + "\n".join(log.read_text().splitlines()[-20:]))
        failed = 2
    finally:
        for server in servers:
            server.proc.terminate()
        for server in servers:
            try:
                server.proc.wait(15)
            except subprocess.TimeoutExpired:
                server.proc.kill()
        if not args.keep:
            for db in ([] if user_db else [app_db]) + [BARE_DB]:
                try:
                    pg_admin(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
                except Exception as exc:  # noqa: BLE001 - report and go on cleaning up
                    say(f"could not drop {db}: {exc}")
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            say(f"kept: databases {app_db}, {BARE_DB}; files in {tmp}")
    return failed


def db_counts(plan_file: Path, env: dict[str, str]) -> dict[int, int]:
    out = subprocess.run(
        [sys.executable, __file__, "--count-in", str(plan_file)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return {int(k): v for k, v in json.loads(out).items()}


def measure(
    args: argparse.Namespace,
    plan: dict[str, Any],
    plan_file: Path,
    app: Server,
    bare: Server,
    app_env: dict[str, str],
    started: float,
    gc_log: Path,
) -> int:
    tables = plan["tables"]
    conns, secs, procs = args.connections, args.seconds, min(args.processes, args.connections)
    describe_setup(args, plan)
    setup_s = time.monotonic() - started

    # Dry run: one entry per table, one at a time; each must be accepted.
    csrf = fetch_csrf(APP_PORT)
    posted: Counter[int] = Counter()  # entries accepted, by game id
    refused: list[str] = []
    conn = Conn(APP_PORT)
    for t in tables:
        if not t["posts"]:
            continue
        kind, fields = t["posts"][0]
        response = conn.request(record_raw(t, kind, fields, csrf))
        if accepted(response):
            posted[t["game_id"]] = 1
        else:
            refused.append(
                f"{t['label']} #{t['prefilled'] + 1} {kind}: {response.status} "
                f"{_snippet(response.body)}"
            )
    conn.close()
    counts = db_counts(plan_file, app_env)
    wrong = [
        t for t in tables if counts[t["game_id"]] != t["prefilled"] + posted.get(t["game_id"], 0)
    ]
    if refused or wrong:
        for line in refused[:10]:
            say("  refused: " + line)
        raise SetupFailed(
            f"dry run: {len(refused)} of {len(tables)} entries refused, {len(wrong)} tables with "
            "an unexpected number of entries in the database"
        )
    say(f"dry run: {len(posted)} entries posted, one per table, all accepted and in the database")

    # The GET measurements, on the Belote game at --entries entries (as its scorer).
    page = plan["page"]
    base = f"/t/{page['key']}/g/{page['number']}/"
    html = Conn(APP_PORT).request(get_raw(APP_PORT, base)).body.decode("utf-8", "replace")
    token = poll_token(html)
    if token is None:
        raise SetupFailed("no live poll (live/?v=...) on the game page")
    if (s := Conn(APP_PORT).request(get_raw(APP_PORT, base + f"live/?v={token}")).status) != 204:
        raise SetupFailed(f"the live poll with the page's version answered {s}, not 204")
    bare_get = [get_raw(BARE_PORT, "/", PHONE)]
    bare_csrf = fetch_csrf(BARE_PORT)
    bare_post = [
        post_raw(BARE_PORT, "/", {"note": "hello", "client_id": str(uuid.uuid4())}, bare_csrf, True)
    ]

    rounds = max(1, args.rounds)
    part = secs / rounds

    def pair(
        app_jobs: Callable[[], list[Job]], bare_jobs: list[Job], warm_app: bool
    ) -> tuple[Phase, Phase]:
        """The app and bare Django in turns (``--rounds`` of each), so that whatever else the
        machine is doing weighs on both alike; a one-second warm-up first (not counted)."""
        if warm_app:
            run_load(app, app_jobs(), 1.0, procs)
        run_load(bare, bare_jobs, 1.0, procs)
        a_runs, b_runs = [], []
        for _ in range(rounds):
            a_runs.append(run_load(app, app_jobs(), part, procs))
            b_runs.append(run_load(bare, bare_jobs, part, procs))
        return merge(a_runs), merge(b_runs)

    def measure_get(name: str, path: str, expect: int) -> tuple[Phase, Phase]:
        jobs_app = [
            Job(requests=[get_raw(APP_PORT, path, PHONE)], expect=expect) for _ in range(conns)
        ]
        jobs_bare = [Job(requests=bare_get) for _ in range(conns)]
        a, b = pair(lambda: jobs_app, jobs_bare, True)
        say(f"  {name}: bare {b.rate:,.0f} req/s, app {a.rate:,.1f} req/s")
        return a, b

    say(
        f"measuring, {conns} connections, {secs:g} s each, the app and bare Django in turns "
        f"({rounds} x {part:g} s each) ..."
    )
    poll = measure_get("live poll, nothing changed", base + f"live/?v={token}", 204)
    fragment = measure_get("live fragment after a change", base + "live/?v=0", 200)
    game_page = measure_get("game page", base, 200)

    # Recording: every table's remaining entries, each connection posting its own tables' in order.
    # Every table's game opened on every worker first, as the phones at a club have had them up
    # all evening (the dry run reached one worker per table): what follows is what each entry
    # costs. A worker's first load of a game, a whole replay, is timed on its own below.
    warm(APP_PORT, [f"/t/{t['key']}/g/{t['number']}/" for t in tables], times=8)
    available = sum(len(t["posts"]) - posted.get(t["game_id"], 0) for t in tables)
    sent = Counter(posted)

    def record_jobs() -> list[Job]:
        return post_jobs(tables, conns, csrf, sent)[0]

    rounds_app: list[Phase] = []

    def next_jobs() -> list[Job]:
        """Each table's entries from where the last round left it."""
        if rounds_app:
            sent.update(rounds_app[-1].posted)
        return record_jobs()

    jobs_bare = [Job(requests=bare_post) for _ in range(conns)]
    run_load(bare, jobs_bare, 1.0, procs)
    b_runs = []
    for _ in range(rounds):
        rounds_app.append(run_load(app, next_jobs(), part, procs))
        b_runs.append(run_load(bare, jobs_bare, part, procs))
    record_app, record_bare = merge(rounds_app), merge(b_runs)
    posted.update(record_app.posted)
    say(
        f"  record an entry: bare {record_bare.rate:,.0f} req/s, app {record_app.rate:,.1f} req/s"
        f" ({record_app.requests} of {available} entries available posted)"
    )

    # Recording at entry 10 and at entry --long of the same game, under the same load: many
    # tables at each, every game page opened first (the scorer's phone has it up).
    at: dict[str, Phase] = {}
    cold_first: dict[str, float] = {}
    for name in ("e10", "e_long"):
        group = plan[name]
        pages = [f"/t/{t['key']}/g/{t['number']}/" for t in group]
        # The first load of a game by a worker that has not seen it replays the whole log:
        # once per worker and game, not per entry. Timed here on a few games, then every game
        # is warmed on both workers, so that what follows is what each entry costs.
        cold = sequential(APP_PORT, [get_raw(APP_PORT, p) for p in pages[:8]], lambda r: True)
        cold_first[name] = statistics.median(cold)
        warm(APP_PORT, pages, times=8)
        jobs, _ = post_jobs(group, conns, csrf, {})
        at[name] = run_load(app, jobs, secs, procs)
        posted.update(at[name].posted)
        say(
            f"  record at entry {group[0]['prefilled']}: app {at[name].rate:,.1f} req/s "
            f"({at[name].requests} of {sum(len(t['posts']) for t in group)} entries posted)"
        )

    # At a club's pace: each table's phone records when its players have played, not as fast
    # as a connection can; the latency a scorer feels then is the request's own, not a queue's.
    pace_jobs, _ = post_jobs(tables, conns, csrf, posted)
    pace_times, pace_ok, pace_bad, pace_posted = paced(
        APP_PORT, pace_jobs, args.pace, args.seconds
    )
    posted.update(pace_posted)
    say(f"  record at a club's pace ({args.pace:g} entries/s): {pace_ok} entries posted")

    # At the goal's throughput: RECORD_RATIO times bare Django's, as just measured, offered
    # open loop by a copy of the tables (each game opened on both workers first). The figures
    # above at full load say how much the app can do; this says how long a scorer waits while
    # it does the goal's share of it. It runs for --seconds, or less if the tables would run
    # out of entries before that.
    goal_rate = RECORD_RATIO * record_bare.rate
    warm(APP_PORT, [f"/t/{t['key']}/g/{t['number']}/" for t in plan["goal"]], times=8)
    goal_jobs, goal_available = post_jobs(plan["goal"], conns, csrf, {})
    goal_secs = min(args.seconds, 0.8 * goal_available / goal_rate)
    goal_times, goal_ok, goal_bad, goal_posted = paced(APP_PORT, goal_jobs, goal_rate, goal_secs)
    posted.update(goal_posted)
    say(
        f"  record at the goal's throughput ({goal_rate:,.1f} entries/s for {goal_secs:.1f} s): "
        f"{goal_ok} entries posted"
    )

    # One request at a time, the two points in turn (noise weighs on both alike): the page and
    # the fragment of one of those games at each point.
    growth: dict[str, Any] = {
        name: (plan[name][0]["prefilled"] + posted.get(plan[name][0]["game_id"], 0), [], [])
        for name in ("e10", "e_long")
    }
    growth["cold"] = cold_first
    growth["pace"] = (pace_times, pace_ok, pace_bad)
    growth["goal"] = (goal_times, goal_ok, goal_rate, goal_secs)
    ok_200: Callable[[Response], bool] = lambda r: r.status == 200  # noqa: E731
    for _ in range(30):
        for name in ("e10", "e_long"):
            t = plan[name][0]
            gbase = f"/t/{t['key']}/g/{t['number']}/"
            growth[name][1].extend(
                sequential(APP_PORT, [get_raw(APP_PORT, gbase, PHONE)], ok_200)
            )
            growth[name][2].extend(
                sequential(APP_PORT, [get_raw(APP_PORT, gbase + "live/?v=0", PHONE)], ok_200)
            )
    sizes = first_load(APP_PORT, base)
    bare_sizes = first_load(BARE_PORT, "/")

    # Every entry posted and answered as accepted must be in the database, and no other.
    counts = db_counts(plan_file, app_env)
    expected = {
        t["game_id"]: t["prefilled"] + posted.get(t["game_id"], 0)
        for t in [*tables, *plan["goal"], *plan["e10"], *plan["e_long"]]
    }
    mismatched = {g: (counts.get(g), n) for g, n in expected.items() if counts.get(g) != n}
    records = [record_app, at["e10"], at["e_long"]]
    refused_total = sum(r.bad for r in records) + len(refused) + pace_bad + goal_bad
    errors = sum(r.errors for r in records)
    accepted_total = sum(posted.values())

    report(
        args,
        plan,
        poll,
        fragment,
        game_page,
        record_app,
        record_bare,
        available,
        at,
        growth,
        sizes,
        bare_sizes,
        setup_s,
    )
    say(gc_summary(gc_log))
    say(
        f"\nentries posted: {accepted_total} accepted, {refused_total} refused, "
        f"{errors} errors; database: "
        + (
            "every accepted entry recorded, nothing else"
            if not mismatched
            else f"{len(mismatched)} games with a different count (db, expected): "
            f"{list(mismatched.items())[:5]}"
        )
    )
    for r in records:
        if r.sample and (r.bad or r.errors):
            say(f"  first refusal/error: {r.sample}")
    for line in refused[:5]:
        say(f"  refused: {line}")
    say(f"total time {time.monotonic() - started:.0f} s")
    if refused_total or mismatched or errors:
        say("FAILED: entries were refused or lost (see above)")
        return 1
    return 0


#: Written as ``sitecustomize.py`` on the servers' path: each full collection of a gunicorn
#: process started with ``COMPANION_BENCH_GC`` ("<server> <file>"), and how long it took,
#: appended to that file. A full collection stops the process: under load, its length is a
#: pause every request waiting on that worker sees.
GC_PROBE = """\
import gc, os, time

_where = os.environ.get("COMPANION_BENCH_GC", "")
if _where:
    _server, _path = _where.split(" ", 1)
    _started = [0.0]

    def _probe(phase, info):
        if info["generation"] != 2:
            return
        if phase == "start":
            _started[0] = time.perf_counter()
        else:
            took = time.perf_counter() - _started[0]
            with open(_path, "a") as out:
                out.write(f"{_server} {os.getpid()} {took * 1000:.2f}\\n")

    gc.callbacks.append(_probe)
"""


def gc_summary(path: Path) -> str:
    """The servers' full garbage collections over the run (from GC_PROBE's file)."""
    taken: dict[str, list[float]] = {"app": [], "bare": []}
    if path.exists():
        for line in path.read_text().splitlines():
            server, _pid, ms = line.split()
            taken.setdefault(server, []).append(float(ms))
    parts = [
        f"{name} {len(ms)} ({sum(ms):.0f} ms in all, the longest {max(ms, default=0):.0f} ms)"
        for name, ms in taken.items()
    ]
    return "full garbage collections in the gunicorn processes over the run: " + ", ".join(parts)


def describe_setup(args: argparse.Namespace, plan: dict[str, Any]) -> None:
    import django

    tables = plan["tables"]
    kinds: dict[str, list[int]] = {}
    for t in tables:
        kinds.setdefault(t["label"], []).append(t["prefilled"])
    pg = (
        subprocess.run(
            ["psql", "-At", PG_ADMIN, "-c", "SHOW server_version"], capture_output=True, text=True
        ).stdout.strip()
        or "?"
    )
    head = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    import gunicorn

    workers = "sync workers" if args.threads <= 1 else f"gthread workers of {args.threads} threads"
    say(
        f"machine: {os.cpu_count()} cores; Python {sys.version.split()[0]}, Django "
        f"{django.get_version()}, gunicorn {gunicorn.__version__} ({args.workers} {workers} "
        f"each), PostgreSQL {pg}"
    )
    say(f"code: {head}" + (" (with uncommitted changes)" if dirty else ""))
    say(
        f"load average before the run: {os.getloadavg()[0]:.2f} (anything else running on the "
        "machine shows in the figures)"
    )
    prefilled = sorted(t["prefilled"] for t in tables)
    say(
        f"tables: {len(tables)}, entries already recorded: median "
        f"{statistics.median(prefilled):.0f}, {prefilled[0]} to {prefilled[-1]}; "
        f"entries left to record: {sum(len(t['posts']) for t in tables):,}"
    )
    for label, ns in kinds.items():
        ns = sorted(ns)
        say(
            f"  {len(ns):>2} {label}: entries {ns[0]}-{ns[-1]} (median {statistics.median(ns):.0f})"
        )
    q = plan["queries"]
    long = plan["e_long"][0]
    say(
        f"page game: Belote card by card, {plan['page']['prefilled']} entries; long game: Buck "
        f"Euchre card by card, {long['length']} entries (seed {long['seed']}), on "
        f"{len(plan['e10'])} tables at entry 10 and {len(plan['e_long'])} at entry "
        f"{long['prefilled']}"
    )
    say(
        f"queries per request (Django test client, warm): record {q['record']}, page "
        f"{q['page']}, fragment {q['fragment']}, poll {q['poll']}"
    )


def report(
    args: argparse.Namespace,
    plan: dict[str, Any],
    poll: tuple[Phase, Phase],
    fragment: tuple[Phase, Phase],
    game_page: tuple[Phase, Phase],
    record_app: Phase,
    record_bare: Phase,
    available: int,
    at: dict[str, Phase],
    growth: dict[str, Any],
    sizes: Any,
    bare_sizes: Any,
    setup_s: float,
) -> None:
    q = plan["queries"]
    n = plan["page"]["prefilled"]
    long = plan["e_long"][0]["prefilled"]

    def record_ok(r: float, a: Phase) -> bool:
        return r >= RECORD_RATIO and a.pct(0.95) <= RECORD_P95_MS

    record_goal = f">= {RECORD_RATIO}x, p95 <= {RECORD_P95_MS:g} ms"
    rows = [
        (
            f"record an entry ({len(plan['tables'])} tables)",
            record_app,
            record_bare,
            q["record"],
            record_goal,
            record_ok,
        ),
        ("  at entry 10 (Buck Euchre)", at["e10"], record_bare, "", record_goal, record_ok),
        (f"  at entry {long} (same game)", at["e_long"], record_bare, "", record_goal, record_ok),
        (
            f"game page GET ({n} entries)",
            *game_page,
            q["page"],
            f">= {PAGE_RATIO}x",
            lambda r, a: r >= PAGE_RATIO,
        ),
        (
            "live fragment after a change",
            *fragment,
            q["fragment"],
            f">= {PAGE_RATIO}x",
            lambda r, a: r >= PAGE_RATIO,
        ),
        (
            "live poll, nothing changed (204)",
            *poll,
            q["poll"],
            f">= {POLL_RATIO}x, <= {POLL_QUERIES} query",
            lambda r, a: r >= POLL_RATIO and q["poll"] <= POLL_QUERIES,
        ),
    ]
    say()
    say(
        f"{'request':<34}{'bare/s':>8}{'app/s':>8}{'ratio':>8}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'CPU ms':>8}{'bare':>6}{'db ms':>7}{'queries':>8}  {'goal':<28}result"
    )
    for name, a, b, queries, goal, ok in rows:
        ratio = a.rate / b.rate if b.rate else float("nan")
        verdict = "PASS" if ok(ratio, a) else "FAIL"
        flags = []
        if a.bad or a.errors:
            flags.append(f"{a.bad + a.errors} bad")
        say(
            f"{name:<34}{b.rate:>8,.0f}{a.rate:>8,.1f}{ratio:>7.2f}x{a.pct(0.5):>9.1f}"
            f"{a.pct(0.95):>9.1f}{fmt(a.cpu_ms, 2):>8}{fmt(b.cpu_ms, 2):>6}{fmt(a.db_ms, 2):>7}"
            f"{queries:>8}  {goal:<28}{verdict}{' (' + ', '.join(flags) + ')' if flags else ''}"
        )
    say(
        f"  (p50/p95: app latency with {args.connections} connections on {args.workers} workers; "
        f"CPU ms: gunicorn CPU per request, app then bare; db ms: PostgreSQL backends' CPU per "
        f"app request; bare p50 {record_bare.pct(0.5):.1f} ms for POST, "
        f"{game_page[1].pct(0.5):.1f} ms for GET)"
    )
    bare_runs = [record_bare, game_page[1], fragment[1], poll[1]]
    app_runs = [record_app, at["e10"], at["e_long"], game_page[0], fragment[0], poll[0]]
    say(
        f"  (load generator: {max(b.client_ms for b in bare_runs):.2f} ms CPU per request at "
        f"most in the bare runs; machine idle during the bare runs "
        f"{min(b.idle for b in bare_runs):.0%}-{max(b.idle for b in bare_runs):.0%}, "
        f"during the app runs {min(a.idle for a in app_runs):.0%}"
        f"-{max(a.idle for a in app_runs):.0%})"
    )
    if record_app.ran_out:
        say(
            f"  note: {record_app.ran_out} connections ran out of entries to record before the "
            f"{args.seconds:g} s were up ({record_app.requests} of {available} posted): "
            "use more --tables or fewer --seconds"
        )

    for name in ("e10", "e_long"):
        if at[name].ran_out:
            say(
                f"  note: at entry {plan[name][0]['prefilled']}, {at[name].ran_out} connections "
                f"posted all {args.latency_posts} entries of each of their tables before the "
                f"{args.seconds:g} s were up (the rate is over the time they took)"
            )

    e10, e_long = at["e10"], at["e_long"]
    same = (
        all(record_ok(a.rate / record_bare.rate, a) for a in (e10, e_long))
        and e_long.rate * SAME >= e10.rate
        and e_long.pct(0.5) <= SAME * e10.pct(0.5)
    )
    say()
    say(
        f"entry {long} vs entry 10 of the same game ({len(plan['e10'])} tables at each, "
        f"{args.latency_posts} entries each from there): throughput "
        f"{e_long.rate / e10.rate:.2f}x, p50 {e_long.pct(0.5) / e10.pct(0.5):.2f}x, p95 "
        f"{e_long.pct(0.95) / e10.pct(0.95):.2f}x"
    )
    say(
        f"  goal: the record goal at both, throughput and p50 within {SAME}x of entry 10's  "
        f"{'PASS' if same else 'FAIL'}"
    )
    pace_times, pace_ok, _ = growth["pace"]
    if pace_times:
        calm = p(pace_times, 0.95) <= RECORD_P95_MS
        say(
            f"at a club's pace, {args.pace:g} entries a second arriving at random from the "
            f"{len(plan['tables'])} tables (open loop; a real club playing card by card makes "
            f"about 2.5): {pace_ok} entries, p50 {p(pace_times, 0.5):.1f} ms, p95 "
            f"{p(pace_times, 0.95):.1f} ms, max {max(pace_times) * 1000:.1f} ms  "
            f"(p95 <= {RECORD_P95_MS:g} ms: {'yes' if calm else 'no'})"
        )
        say(
            "  (with 16 connections each posting again as soon as answered, as above, a request "
            "waits for the ones ahead of it on the 2 workers: p50 there is about 16 / throughput)"
        )
    goal_times, goal_ok, goal_rate, goal_secs = growth["goal"]
    if goal_times:
        done_rate = goal_ok / goal_secs
        kept_up = done_rate >= 0.95 * goal_rate
        goal_p95 = p(goal_times, 0.95)
        say(
            f"at the goal's throughput, {RECORD_RATIO}x bare Django's {record_bare.rate:,.0f} "
            f"POST/s = {goal_rate:,.1f} entries/s offered at random from the "
            f"{len(plan['goal'])} tables (open loop, latency from when each entry fell due): "
            f"{done_rate:,.1f}/s recorded ({done_rate / record_bare.rate:.2f}x), p50 "
            f"{p(goal_times, 0.5):.1f} ms, p95 {goal_p95:.1f} ms, max "
            f"{max(goal_times) * 1000:.1f} ms  goal: kept up, p95 <= {RECORD_P95_MS:g} ms  "
            f"{'PASS' if kept_up and goal_p95 <= RECORD_P95_MS else 'FAIL'}"
        )
    say("one request at a time, one of those games at each point, in turn (30 of each):")
    (n10, page10, frag10), (n_long, page_l, frag_l) = growth["e10"], growth["e_long"]
    for what, short, longer in (("game page", page10, page_l), ("live fragment", frag10, frag_l)):
        flat = p(longer, 0.5) <= SAME * p(short, 0.5)
        say(
            f"  {what}: p50 {p(short, 0.5):.1f} ms at entry {n10}, {p(longer, 0.5):.1f} ms at "
            f"entry {n_long} ({p(longer, 0.5) / p(short, 0.5):.2f}x)  goal: not growing with "
            f"the log (at most {SAME}x)  {'PASS' if flat else 'FAIL'}"
        )

    cold = growth["cold"]
    say(
        f"  first load of a game by a worker that has not replayed it yet (once per worker and "
        f"game, p50 of 8): {cold['e10'] * 1000:.1f} ms at entry 10, "
        f"{cold['e_long'] * 1000:.1f} ms at entry {long}"
    )

    packed, plain, encoding, assets = sizes
    total = packed + sum(a[1] for a in assets)
    small = total <= FIRST_LOAD_KB * 1024 and encoding != "none"
    say()
    say(
        f"game page ({n} entries) over the wire: {packed / 1024:.1f} KB with compression accepted "
        f"(Content-Encoding: {encoding}), {plain / 1024:.1f} KB without"
    )
    for url, wire, enc in assets:
        say(f"  + {url}: {wire / 1024:.1f} KB ({enc})")
    say(
        f"  first load, page and assets: {total / 1024:.1f} KB  goal: <= {FIRST_LOAD_KB} KB, "
        f"HTML compressed  {'PASS' if small else 'FAIL'}"
    )
    say(f"  (bare Django's page: {bare_sizes[0] / 1024:.1f} KB; sizes include response headers)")
    say(f"\nsetup {setup_s:.0f} s (games, tables, servers)")


if __name__ == "__main__":
    main()
