"""Pages compressed on the way out, at zlib's fastest level.

Django's ``GZipMiddleware`` compresses at level 6. An entry's answer (10 to 28 KB of HTML, most
of it card grids and history rows much alike) is compressed on every entry: at level 6 that
was about 5 % of the workers' samples in bench/club.py's recording run (py-spy). On the
answers of bench/record_cpu.py's tables (17.8 KB on average), level 6 made 2.6 KB in 294 µs on
the machine that measured it, and level 1 made 2.9 KB in 187 µs. On a table's Wi-Fi the
300 bytes are nothing; the worker's time is what a club waits on.

Everything else is Django's: the same padding against BREACH (each response's gzip header
carries a file name of a random length, as ``django.utils.text.compress_string`` writes it),
the same ``Vary``, ``Content-Length``, weakened ``ETag`` and ``Content-Encoding``, and streamed
responses are left to Django's own code.
"""

from __future__ import annotations

import gzip
import secrets

from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.utils.cache import patch_vary_headers

#: zlib's level: 1 is its fastest (the gzip header then says so: XFL = 4).
LEVEL = 1


def compress(data: bytes, max_random_bytes: int) -> bytes:
    """``data`` gzipped at ``LEVEL``, padded as ``django.utils.text.compress_string`` pads
    it: the header's FNAME flag set and a name of 0 to ``max_random_bytes - 1`` bytes."""
    packed = memoryview(gzip.compress(data, compresslevel=LEVEL, mtime=0))
    header = bytearray(packed[:10])
    header[3] = gzip.FNAME
    name = b"a" * secrets.randbelow(max_random_bytes) + b"\x00"
    return bytes(header) + name + packed[10:]


class GZip(GZipMiddleware):
    """``GZipMiddleware`` at ``LEVEL`` for responses held whole (every page and answer)."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if (
            response.streaming
            or len(response.content) < 200
            or response.has_header("Content-Encoding")
            or not re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
        ):
            return super().process_response(request, response)
        content: bytes = response.content
        packed = compress(content, self.max_random_bytes)
        patch_vary_headers(response, ("Accept-Encoding",))
        if len(packed) >= len(content):  # as Django: only if it is shorter
            return response
        response.content = packed
        response.headers["Content-Length"] = str(len(packed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response
