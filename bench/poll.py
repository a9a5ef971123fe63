"""Benchmark: what the live poll costs, over real HTTP against gunicorn on loopback.

Every watching phone asks ``/t/<key>/g/<n>/live/?v=<version>`` every 3 seconds. When nothing
changed the answer must be a bodiless 204 that costs almost nothing; when something changed it
is the refreshed fragment. This starts gunicorn on 127.0.0.1 with a throwaway SQLite database
(or the DATABASE_URL you give it), records a game through the real views, then measures both.

    .venv/bin/python bench/poll.py [--requests 3000] [--clients 8] [--workers 2]

Then the same for a club page following ``--tables`` tables (20 by default, each with a game
of Recruit under way): ``/c/<key>/live/?v=<token>`` is what the organiser's screen polls.

Prints requests per second and latency percentiles; it asserts nothing (shared machines are
noisy). Traffic goes only to 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
PORT = 8765


def request(
    method: str, path: str, body: dict[str, object] | None = None, cookies: str = ""
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    headers = {"Cookie": cookies}
    data = None
    if body is not None:
        data = urlencode(body, doseq=True)
        headers |= {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"http://127.0.0.1:{PORT}/",
        }
    conn.request(method, path, data, headers)
    resp = conn.getresponse()
    out = resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    conn.close()
    return out


def csrf(path: str) -> tuple[str, str, str]:
    status, headers, body = request("GET", path)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    cookie = re.search(r"csrftoken=([^;]+)", headers.get("set-cookie", ""))
    assert token and cookie, f"no CSRF token on {path} ({status})"
    client = re.search(rb'name="client_id" value="([^"]+)"', body)
    client_id = client.group(1).decode() if client else ""
    return token.group(1).decode(), f"csrftoken={cookie.group(1)}", client_id


def set_up_game() -> str:
    token, cookie, _ = csrf("/")
    status, headers, _ = request(
        "POST", "/new/", {"csrfmiddlewaretoken": token, "name": ["Ann", "Bob", "Cat"]}, cookie
    )
    table = headers["location"]
    start = table + "start/?game=recruit"
    token, cookie, _ = csrf(start)
    _, _, page = request("GET", start)
    players = re.findall(rb'name="player" value="(\d+)"', page)
    _, headers, _ = request(
        "POST",
        start,
        {"csrfmiddlewaretoken": token, "game": "recruit", "player": [p.decode() for p in players]},
        cookie,
    )
    game = headers["location"]
    token, cookie, client_id = csrf(game)
    status, _, _ = request(
        "POST",
        game + "record/deal/",
        {
            "csrfmiddlewaretoken": token,
            "client_id": client_id,
            "dealer": "0",
            "rank": "7",
            "suit": "H",
        },
        cookie,
    )
    assert status == 302, status
    return game


def hammer(path: str, total: int, clients: int, expect: int) -> list[float]:
    times: list[float] = []
    lock = threading.Lock()
    per = total // clients

    def run() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
        mine = []
        for _ in range(per):
            t0 = time.perf_counter()
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            mine.append(time.perf_counter() - t0)
            assert resp.status == expect, resp.status
        conn.close()
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=run) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    times.sort()
    print(
        f"  {len(times)} requests, {clients} clients: {len(times) / elapsed:,.0f} req/s, "
        f"p50 {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms"
    )
    return times


def set_up_club(first_game: str, tables: int) -> str:
    """A club page following ``tables`` tables, each with a Recruit hand under way."""
    token, cookie, client_id = csrf("/")
    _, headers, _ = request(
        "POST",
        "/club/new/",
        {"csrfmiddlewaretoken": token, "name": "Bench club", "client_id": client_id},
        cookie,
    )
    club = headers["location"]
    for n in range(tables):
        game = first_game if n == 0 else set_up_game()
        token, cookie, _ = csrf(club)
        status, _, _ = request(
            "POST", club + "tables/add/", {"csrfmiddlewaretoken": token, "link": game}, cookie
        )
        assert status == 302, status
    return club


def bench_club(first_game: str, args: argparse.Namespace) -> None:
    club = set_up_club(first_game, args.tables)
    # The club's poll token also changes once a minute ("last entry 3 min ago" stays true):
    # start the 204 run early in a minute so that it does not cross into the next.
    if (left := 60 - time.time() % 60) < 20:
        time.sleep(left + 0.5)
    _, _, page = request("GET", club)
    token = re.search(rb"live/\?v=([^\"&]+)", page)
    assert token, "no live poll on the club page"
    print(f"club page polling {args.tables} tables, nothing changed (204, no body):")
    hammer(club + "live/?v=" + token.group(1).decode(), args.requests, args.clients, 204)
    print(f"club page after a change ({args.tables} tables summarised):")
    _, _, body = request("GET", club + "live/?v=0")
    print(f"  fragment size: {len(body):,} bytes")
    hammer(club + "live/?v=0", max(args.clients, args.requests // 50), args.clients, 200)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=20)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="companion-bench-")
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-" + "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "WARNING",
        # It creates --tables tables from one address: past the creation throttle's default.
        "COMPANION_CREATE_LIMIT": "0",
    }
    env.pop("PYTEST_VERSION", None)
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    py = sys.executable
    subprocess.run([py, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [py, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    server = subprocess.Popen(
        [
            py,
            "-m",
            "gunicorn",
            "companion.wsgi",
            "-w",
            str(args.workers),
            "-b",
            f"127.0.0.1:{PORT}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                request("GET", "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        game = set_up_game()
        _, _, page = request("GET", game)
        version = re.search(rb"live/\?v=(\d+)", page)
        assert version, "no live poll on the game page"
        live = game + "live/?v=" + version.group(1).decode()
        print(f"database: {env['DATABASE_URL'].split(':')[0]}, gunicorn workers: {args.workers}")
        print("poll, nothing changed (204, no body):")
        hammer(live, args.requests, args.clients, 204)
        print("poll after a change (full live fragment):")
        status, _, body = request("GET", game + "live/?v=0")
        print(f"  fragment size: {len(body):,} bytes")
        hammer(game + "live/?v=0", args.requests // 10, args.clients, 200)
        bench_club(game, args)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
