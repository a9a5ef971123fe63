"""Pages and answers compressed at zlib's fastest level, padded against BREACH as Django pads
them (companion/tables/compress.py)."""

from __future__ import annotations

import gzip

from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory

from companion.tables import compress
from companion.tables.models import Table

from .helpers import HTMX, game_url, new_uuid
from .long_games import belote_game, next_entry

PASSED = 2  # hands nobody took: entry 11 is a bid

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
PAGE = b"<li>Trick: Q\xe2\x99\xa3 J\xe2\x99\xa5 Q\xe2\x99\xa6 J\xe2\x99\xa3</li>\n" * 200


def _name_length(packed: bytes) -> int:
    """The length of the file name in a gzip header (the padding), its NUL excluded."""
    assert packed[3] & gzip.FNAME
    return packed.index(b"\x00", 10) - 10


def _through(response: HttpResponse, **headers: str) -> HttpResponse:
    request = RequestFactory().get("/", headers=headers)
    out: HttpResponse = compress.GZip(lambda _request: response)(request)
    return out


def test_compressed_at_the_fastest_level_and_read_back_whole() -> None:
    packed = compress.compress(PAGE, 100)

    assert gzip.decompress(packed) == PAGE
    assert packed[:3] == b"\x1f\x8b\x08"
    # XFL, the header's byte 8: 4 says "fastest" (level 1); Django's level 6 writes 0.
    assert packed[8] == 4


def test_each_response_is_padded_by_a_name_of_random_length() -> None:
    lengths = {_name_length(compress.compress(PAGE, 100)) for _ in range(40)}

    assert len(lengths) > 10
    assert all(0 <= n < 100 for n in lengths)


def test_the_middleware_sets_the_headers_as_django_does() -> None:
    page = HttpResponse(PAGE)
    page["ETag"] = '"v1"'

    response = _through(page, **GZIP)

    assert response["Content-Encoding"] == "gzip"
    assert response["Vary"] == "Accept-Encoding"
    assert response["ETag"] == 'W/"v1"'
    assert int(response["Content-Length"]) == len(response.content)
    assert response.content[8] == 4
    assert gzip.decompress(response.content) == PAGE


def test_left_as_it_is_without_gzip_accepted_when_short_or_already_encoded() -> None:
    plain = _through(HttpResponse(PAGE))
    short = _through(HttpResponse(b"<p>ok</p>"), **GZIP)
    encoded = HttpResponse(PAGE)
    encoded["Content-Encoding"] = "br"

    assert plain.content == PAGE and not plain.has_header("Content-Encoding")
    assert plain["Vary"] == "Accept-Encoding"  # as Django: a cache must tell them apart
    assert short.content == b"<p>ok</p>" and not short.has_header("Content-Encoding")
    assert _through(encoded, **GZIP).content == PAGE


def test_a_streamed_response_is_left_to_django() -> None:
    response = _through(StreamingHttpResponse(iter([PAGE, PAGE])), **GZIP)

    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(b"".join(response.streaming_content)) == PAGE + PAGE


def test_an_entry_answer_and_the_game_page_come_compressed(
    client: Client, four_player_table: Table
) -> None:
    game = belote_game(four_player_table, 10, PASSED)
    data = {"client_id": new_uuid(), **next_entry(game, PASSED)}

    answer = client.post(game_url(game, "record/bid/"), data, headers={**HTMX, **GZIP})
    page = client.get(game_url(game), headers=GZIP)

    for response in (answer, page):
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"
        assert response.content[8] == 4
        html = gzip.decompress(response.content).decode()
        assert 'name="csrfmiddlewaretoken"' in html
    assert game.events.count() == 11
