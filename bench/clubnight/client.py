"""HTTP over a raw socket, cheap enough not to be the bottleneck: a connection, the requests a phone
sends (a GET, an htmx POST with the CSRF cookie and token), whether an entry was accepted, and
the small runs that are not load: warming the games' pages, timing one request at a time."""

from __future__ import annotations

import contextlib
import dataclasses
import gzip
import re
import socket
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from .common import APP_PORT, SetupFailed


def poll_token(html: str) -> str | None:
    found = re.search(r"live/\?v=([^\"'&\s]+)", html)
    return found.group(1) if found else None


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


def snippet(body: bytes) -> str:
    with contextlib.suppress(OSError, EOFError):
        body = gzip.decompress(body)  # a compressed answer
    text = body.decode("utf-8", "replace")
    for pattern in (r'class="[^"]*(?:error|violation)[^"]*"[^>]*>(.{0,300})', r"<title>(.*?)</"):
        found = re.search(pattern, text, re.S)
        if found:
            return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())[:200]
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())[:200]


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
            raise SetupFailed(f"request refused ({response.status}): {snippet(response.body)}")
    conn.close()
    return times
