"""Slow clients against a running server: does ``/healthz`` keep answering?

Opens ``--slow`` connections that send a request's headers one byte at a time (one byte every
``--trickle`` seconds, never finishing), and meanwhile asks ``/healthz`` every quarter second
with a two-second timeout. Prints how many probes were answered and how long they took.
Loopback only; bounded in time (``--seconds``).

    python bench/slowclients.py --port 8123 --slow 8 --seconds 20

For the proxy in front: bench/nginx.conf with APP_PORT and PROXY_PORT filled in, then
``nginx -c`` that file, and the probe at PROXY_PORT.

With ``gunicorn --worker-class sync`` every worker reads one client at a time, so eight slow
clients hold every worker and the probes go unanswered; with ``--worker-class gthread`` the
main thread of each worker waits for sockets to be readable and only then hands a connection
to one of its ``--threads``, so a slow client holds a thread only while it trickles, and the
probes are answered while free threads remain. See the README's deployment section.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import threading
import time


def trickle(host: str, port: int, stop: threading.Event, pause: float) -> None:
    """One slow client: headers one byte at a time, never the blank line that ends them."""
    request = (
        b"GET /healthz HTTP/1.1\r\nHost: " + host.encode() + b"\r\n" + b"X-Slow: " + b"a" * 10_000
    )
    try:
        with socket.create_connection((host, port), timeout=5) as sock:
            for byte in request:
                if stop.is_set():
                    return
                sock.sendall(bytes([byte]))
                stop.wait(pause)
    except OSError:
        return  # the server closed it: fine


def probe(host: str, port: int) -> float | None:
    """Seconds ``/healthz`` took to answer ``ok``, or None if it did not within two seconds."""
    start = time.perf_counter()
    try:
        with socket.create_connection((host, port), timeout=2) as sock:
            sock.settimeout(2)
            sock.sendall(
                b"GET /healthz HTTP/1.1\r\nHost: "
                + host.encode()
                + b"\r\nConnection: close\r\n\r\n"
            )
            data = b""
            while chunk := sock.recv(4096):
                data += chunk
    except OSError:
        return None
    return time.perf_counter() - start if b" 200 " in data.split(b"\r\n", 1)[0] + b" " else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", choices=["127.0.0.1", "localhost", "::1"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--slow", type=int, default=8, help="slow connections")
    parser.add_argument("--trickle", type=float, default=1.0, help="seconds between bytes")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to probe")
    args = parser.parse_args()

    stop = threading.Event()
    slow = [
        threading.Thread(
            target=trickle, args=(args.host, args.port, stop, args.trickle), daemon=True
        )
        for _ in range(args.slow)
    ]
    for thread in slow:
        thread.start()
    time.sleep(1.0)  # let them connect and start trickling
    answered: list[float] = []
    missed = 0
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        took = probe(args.host, args.port)
        if took is None:
            missed += 1
        else:
            answered.append(took)
        time.sleep(0.25)
    stop.set()
    total = len(answered) + missed
    print(
        f"{args.slow} slow clients for {args.seconds:.0f} s: /healthz answered {len(answered)} of "
        f"{total} probes"
        + (
            f", median {statistics.median(answered) * 1000:.0f} ms, "
            f"slowest {max(answered) * 1000:.0f} ms"
            if answered
            else ""
        )
    )
    raise SystemExit(0 if missed == 0 else 1)


if __name__ == "__main__":
    main()
