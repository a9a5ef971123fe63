"""Measured: the game page's size over the wire on a first visit, with and without compression
accepted, and each asset a browser fetches with it."""

from __future__ import annotations

import gzip
import re

from .client import PHONE, Conn, get_raw


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
