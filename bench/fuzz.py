"""Fuzzed requests against a running server (issue 10): hostile and malformed input to every
entry form of every game, the import, and the table, club and player forms, sent as a phone
would (CSRF cookie and header, htmx or not). Prints how many requests were sent, how many were
accepted, refused with a message, refused without one, and answered >= 500.

    COMPANION_CREATE_LIMIT=0 gunicorn companion.wsgi --worker-class gthread --bind 127.0.0.1:8123
    python bench/fuzz.py --port 8123 --requests 10000

The server must let this client create tables (``COMPANION_CREATE_LIMIT=0`` or a high limit).
Loopback only; bounded by ``--requests``. The games come from the example logs
(docs/examples/<game>/), imported at a random point of the game, so every registered game with
an example log is fuzzed in the middle of play too.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import random
import re
import secrets
import threading
import time
import urllib.parse
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOGS = sorted(p for p in (ROOT / "docs" / "examples").glob("*/*.json") if ".expected" not in p.name)
HOSTILE = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\x07",
    "²",
    "١٢",
    "9" * 5000,
    "-1",
    "1e9",
    "12+11+",
    "+" * 50,
    "<script>alert(1)</script>",
    "=cmd|' /C calc'!A0",
    "' OR 1=1 --",
    "ä" * 300,
    "𝟙𝟚",
    "JK",
    "10H",
    "QS",
    "null",
    "[]",
    "{}",
    "\u202e",
    "x" * 20_000,
    "0",
    "1",
    "2",
    "3",
]
MARKS = (b'role="alert"', b'class="errorlist"', b'class="message message-', b"refusal")
_INPUT = re.compile(r'<input[^>]*\bname="([^"]+)"[^>]*>')
_VALUE = re.compile(r'\bvalue="([^"]*)"')
_KIND = re.compile(r'/record/([a-z_]+)/"')


class Phone:
    """One client: its own connection, a CSRF cookie it made up (Django accepts any well-formed
    one that matches the header), and the messages cookie a redirect hands it."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.token = secrets.token_hex(16)
        self.conn = http.client.HTTPConnection(host, port, timeout=30)
        self.cookies = {"csrftoken": self.token}

    def send(
        self,
        method: str,
        path: str,
        fields: Any = None,
        *,
        htmx: bool = False,
        raw: bytes | None = None,
        content_type: str = "application/x-www-form-urlencoded",
    ) -> tuple[int, dict[str, str], bytes]:
        headers = {
            "Host": self.host,
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-CSRFToken": self.token,
        }
        if htmx:
            headers["HX-Request"] = "true"
        body = raw
        if fields is not None:
            body = urllib.parse.urlencode(fields, doseq=True).encode()
        if body is not None:
            headers["Content-Type"] = content_type
        for attempt in range(3):
            try:
                self.conn.request(method, _quote(path), body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if attempt == 2:
                    raise
        got = {k.lower(): v for k, v in response.getheaders()}
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            if name == "messages":
                self.cookies["messages"] = rest.split(";", 1)[0]
        return response.status, got, data


def _quote(path: str) -> str:
    return urllib.parse.quote(path, safe="/?=&%")


def _multipart(name: str, filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def _hostile(rnd: random.Random) -> str:
    if rnd.random() < 0.7:
        return rnd.choice(HOSTILE)
    return "".join(
        chr(rnd.choice([rnd.randint(32, 126), rnd.randint(160, 0xD7FF)]))
        for _ in range(rnd.randint(0, 12))
    )


def _import(phone: Phone, log: dict[str, Any], rnd: random.Random) -> tuple[str, int] | None:
    """Import ``log`` cut at a random entry: the (scorer key, game number) it lands on."""
    log = dict(log)
    log["events"] = log["events"][: rnd.randint(0, len(log["events"]))]
    body, ctype = _multipart("file", "g.json", json.dumps(log).encode())
    status, headers, _ = phone.send("POST", "/import/", raw=body, content_type=ctype)
    match = re.match(r"/t/([^/]+)/g/(\d+)/", headers.get("location", ""))
    return (match.group(1), int(match.group(2))) if status == 302 and match else None


def _mutated(rnd: random.Random) -> bytes:
    log: Any = json.loads(rnd.choice(LOGS).read_text())
    for _ in range(rnd.randint(1, 3)):
        how = rnd.randint(0, 5)
        events = log.get("events") if isinstance(log, dict) else None
        if how == 0 and isinstance(events, list) and events:
            event = rnd.choice(events)
            if isinstance(event, dict) and event:
                event[rnd.choice(sorted(event))] = rnd.choice(
                    [None, 10**40, -1, 1.5, [], {}, _hostile(rnd), [_hostile(rnd)], "QS", 3]
                )
        elif how == 1 and isinstance(log, dict):
            log[rnd.choice(["format", "game", "players", "options", "events"])] = rnd.choice(
                [None, 7, _hostile(rnd), [_hostile(rnd)], {"x": _hostile(rnd)}]
            )
        elif how == 2 and isinstance(log, dict) and log:
            log.pop(rnd.choice(sorted(log)))
        elif how == 3 and isinstance(events, list):
            log["events"] = events + events[: rnd.randint(0, len(events))]
        elif how == 4 and isinstance(log, dict):
            log["players"] = [_hostile(rnd) for _ in range(rnd.randint(0, 6))]
        elif how == 5 and isinstance(events, list):
            events.append({"type": "void", "target": rnd.randint(-2, 10**6)})
    raw = json.dumps(log).encode()
    damage = rnd.randint(0, 6)
    if damage == 0 and raw:
        at = rnd.randrange(len(raw))
        raw = raw[:at] + bytes([rnd.randint(0, 255)]) + raw[at + 1 :]
    elif damage == 1:
        raw = raw[: rnd.randint(0, len(raw))]
    elif damage == 2:
        raw = b"[" * rnd.randint(30, 3000) + raw
    elif damage == 3:
        raw = raw.replace(b'"', b'"\\ud800', 1)
    return raw


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: collections.Counter[str] = collections.Counter()
        self.statuses: collections.Counter[int] = collections.Counter()
        self.examples: dict[str, str] = {}

    def add(self, outcome: str, status: int, what: str) -> None:
        with self.lock:
            self.counts[outcome] += 1
            self.statuses[status] += 1
            self.examples.setdefault(outcome, what[:300])


def _entry(phone: Phone, game: tuple[str, int], rnd: random.Random, tally: Tally) -> None:
    key, number = game
    base = f"/t/{key}/g/{number}/"
    status, _, page = phone.send("GET", base)
    tally.add("page", status, base)
    if status != 200:
        return
    html = page.decode("utf-8", "replace")
    kinds = sorted(set(_KIND.findall(html))) or ["deal"]
    kind = rnd.choice(kinds + ["nonsense"]) if rnd.random() < 0.95 else _hostile(rnd)[:20] or "x"
    status, _, fragment = phone.send("GET", f"{base}?entry={urllib.parse.quote(kind)}", htmx=True)
    form = fragment.decode("utf-8", "replace")
    fields: dict[str, list[str]] = collections.defaultdict(list)
    for tag in _INPUT.findall(form):
        fields[tag].append("")
    values: dict[str, list[str]] = collections.defaultdict(list)
    for match in re.finditer(r"<input[^>]*>", form):
        name = re.search(r'\bname="([^"]+)"', match.group(0))
        value = _VALUE.search(match.group(0))
        if name:
            values[name.group(1)].append(value.group(1) if value else "")
    data: dict[str, Any] = {}
    for name, options in values.items():
        if name == "csrfmiddlewaretoken":
            continue
        if name in ("client_id", "at"):
            data[name] = options[0] if rnd.random() < 0.85 else _hostile(rnd)
        elif rnd.random() < 0.8:
            data[name] = rnd.choice(options) if options[0] and rnd.random() < 0.7 else _hostile(rnd)
    for _ in range(rnd.randint(0, 2)):
        data[_hostile(rnd)[:30] or "junk"] = _hostile(rnd)
    htmx = rnd.random() < 0.5
    status, headers, body = phone.send(
        "POST", f"{base}record/{urllib.parse.quote(kind)}/", data, htmx=htmx
    )
    accepted = (status == 302 and headers.get("location", "").endswith(base)) or (
        status == 200 and "scores-changed" in headers.get("hx-trigger", "")
    )
    _classify(tally, status, accepted, body, f"entry {kind} {data!r}")


def _classify(tally: Tally, status: int, accepted: bool, body: bytes, what: str) -> None:
    if status >= 500:
        tally.add("server error", status, what)
    elif accepted:
        tally.add("accepted", status, what)
    elif any(mark in body for mark in MARKS):
        tally.add("refused with a message", status, what)
    else:
        tally.add("refused without a message", status, what)


def _follow(phone: Phone, status: int, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
    if status == 302 and headers.get("location", "").startswith("/"):
        status, _, body = phone.send("GET", headers["location"])
        phone.cookies.pop("messages", None)
    return status, body


def _form(
    phone: Phone, games: list[tuple[str, int]], club: str, rnd: random.Random, tally: Tally
) -> None:
    key, _ = rnd.choice(games)
    choice = rnd.randint(0, 7)
    if choice == 0:
        names = [rnd.choice(["Ann", "Bob", "Cat", _hostile(rnd)]) for _ in range(rnd.randint(0, 6))]
        data = {
            "name": names,
            "title": _hostile(rnd),
            "client_id": rnd.choice([str(uuid.uuid4()), _hostile(rnd)]),
        }
        status, headers, body = phone.send("POST", "/new/", data)
        _classify(tally, status, status == 302, body, f"new {data!r}")
    elif choice == 1:
        data = {"name": _hostile(rnd), "client_id": rnd.choice([str(uuid.uuid4()), _hostile(rnd)])}
        status, headers, body = phone.send("POST", "/club/new/", data)
        _classify(tally, status, status == 302, body, f"club {data!r}")
    elif choice == 2:
        data = {"name": _hostile(rnd)}
        status, headers, body = phone.send("POST", f"/t/{key}/players/", data)
        status2, page = _follow(phone, status, headers, body)
        refused = b"message-error" in page or status != 302
        _classify(
            tally, status if status >= 500 else status2, not refused, page, f"player {data!r}"
        )
    elif choice == 3:
        data = {"link": rnd.choice([_hostile(rnd), f"/t/{key}/", f"http://x/t/{key}/g/1/"])}
        status, headers, body = phone.send("POST", f"/c/{club}/tables/add/", data)
        accepted = "open=" in headers.get("location", "")
        _, page = _follow(phone, status, headers, body)
        _classify(tally, status, accepted, page, f"club add {data!r}")
    elif choice == 4:
        data = {
            "game": rnd.choice(["recruit", "belote", _hostile(rnd)]),
            "player": [_hostile(rnd), "1", "2"],
            "at": _hostile(rnd),
        }
        status, headers, body = phone.send("POST", f"/t/{key}/start/", data)
        accepted = status == 302 and "/g/" in headers.get("location", "")
        _classify(tally, status, accepted, body, f"start {data!r}")
    elif choice == 5:
        body, ctype = _multipart("file", "g.json", _mutated(rnd))
        status, headers, page = phone.send("POST", "/import/", raw=body, content_type=ctype)
        _classify(tally, status, status == 302, page, "import")
    elif choice == 6:
        path = rnd.choice(
            [
                f"/t/{_hostile(rnd)[:40]}/",
                f"/c/{club}/?open={urllib.parse.quote(_hostile(rnd)[:40])}",
                f"/t/{key}/g/{rnd.randint(-1, 99999)}/",
            ]
        )
        status, _, page = phone.send("GET", path)
        tally.add("server error" if status >= 500 else "page", status, path)
    else:
        undo = rnd.choice(
            ["undo/", f"void/{rnd.randint(0, 400)}/", f"correct/{rnd.randint(0, 50)}/", "options/"]
        )
        data = {"client_id": rnd.choice([str(uuid.uuid4()), _hostile(rnd)]), "at": _hostile(rnd)}
        status, headers, body = phone.send("POST", f"/t/{key}/g/1/{undo}", data)
        status2, page = _follow(phone, status, headers, body)
        _classify(tally, status if status >= 500 else status2, False, page, f"{undo} {data!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", choices=["127.0.0.1", "localhost"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--requests", type=int, default=10_000, help="POSTs and GETs to send")
    parser.add_argument("--phones", type=int, default=6, help="clients at once")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    setup = Phone(args.host, args.port)
    rnd = random.Random(args.seed)
    games = [g for log in LOGS for g in [_import(setup, json.loads(log.read_text()), rnd)] if g]
    _, headers, _ = setup.send(
        "POST", "/club/new/", {"name": "Fuzz club", "client_id": str(uuid.uuid4())}
    )
    club = headers["location"].split("/c/")[1].split("/")[0]
    print(f"{len(games)} games imported from {len(LOGS)} example logs; fuzzing…")
    tally = Tally()
    sent = [0]
    lock = threading.Lock()
    start = time.perf_counter()

    def run(seed: int) -> None:
        phone, own = Phone(args.host, args.port), random.Random(seed)
        while True:
            with lock:
                if sum(tally.statuses.values()) >= args.requests:
                    return
                sent[0] += 1
            if own.random() < 0.7:
                _entry(phone, own.choice(games), own, tally)
            else:
                _form(phone, games, club, own, tally)

    threads = [
        threading.Thread(target=run, args=(args.seed * 1000 + i,)) for i in range(args.phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    total = sum(tally.statuses.values())
    print(f"{total} requests in {time.perf_counter() - start:.0f} s")
    for outcome in (
        "page",
        "accepted",
        "refused with a message",
        "refused without a message",
        "server error",
    ):
        print(f"  {outcome}: {tally.counts[outcome]}")
    print("  by status: " + ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items())))
    for outcome in ("refused without a message", "server error"):
        if outcome in tally.examples:
            print(f"  e.g. {outcome}: {tally.examples[outcome]}")
    raise SystemExit(1 if tally.counts["server error"] else 0)


if __name__ == "__main__":
    main()
