"""Every page of every game in a pseudo-language that changes every translatable string: any
English left on a page did not go through translation, and is named here.

In the pseudo-language ("xx") every message looked up (``gettext``, ``ngettext``, ``pgettext``,
the templates' ``translate`` tags, the engine's Texts through ``say``, Django's own messages)
comes back with each ASCII letter swapped for an accented look-alike, placeholders and tags
kept: so every string that is marked for translation changes, whether or not a catalogue has
it yet. Players and tables get names without ASCII letters, so every ASCII word still on a
page is English no translation can reach: a string not marked, a sentence glued together, a
value shown without ``|say``.

Games whose pages are not ready yet are listed in ``PENDING``: their English is reported as
what is left (an expected failure naming every string), and a pending game with nothing left
fails until it is taken off the list.
"""

from __future__ import annotations

import gettext as gettext_module
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils.translation import trans_real

from companion.games import GAMES
from companion.tables import actions
from companion.tables.context import available_kinds
from companion.tables.entry import forms_for
from companion.tables.models import Club

from .catalogues import ROOT, pseudo, write_mo

#: Games being written by others right now: what is still English on their pages is listed
#: (xfail) rather than failing the suite. Take a game off once its pages are all translatable.
PENDING: set[str] = set()
#: Words that are the same in every language: names of games and of the app, file formats.
SAME_EVERYWHERE = {"Companion", "JSON", "CSV", "QR", "JavaScript"}
#: The players of the rules pages' worked examples.
SAME_EVERYWHERE |= {"Ann", "Bob", "Cat", "Dan"}
#: Players, table and club, named without a single ASCII letter.
NAMES = ["Åñø", "Ɓéŧ", "Çœđ", "Ðüŋ", "Ēŵä", "Ƒöẍ", "Ğȳñ", "Ħāŀ", "Ïþø", "Ĵęȝ", "Ķøŀ", "Ŀüẍ"]
TITLE = "Ŧàƀłé"
#: The games' names (and other names they go by) are names: the same in every language.
GAME_NAMES = sorted(
    {name for cls in GAMES.values() for name in (cls.title, *cls.aka)}, key=len, reverse=True
)
EXAMPLES = ROOT / "docs" / "examples"
PSEUDO = "xx"


class PseudoTranslation(gettext_module.NullTranslations):
    """Every message said in pseudo, found in a catalogue or not."""

    def gettext(self, message: str) -> str:
        # pgettext asks for "context\x04message" and expects the message back if not found.
        return pseudo(message.split("\x04", 1)[-1])

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def to_language(self) -> str:
        return PSEUDO

    def language(self) -> str:
        return PSEUDO


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    root = tmp_path_factory.mktemp("locale")
    # An (empty) catalogue on disk, so that the locale middleware accepts the language.
    write_mo(root / PSEUDO / "LC_MESSAGES" / "django.mo", {}, "nplurals=2; plural=(n != 1);")
    languages = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]
    with override_settings(LANGUAGES=languages, LOCALE_PATHS=[root, *settings.LOCALE_PATHS]):
        trans_real._translations[PSEUDO] = PseudoTranslation()
        yield
    trans_real._translations.pop(PSEUDO, None)


@pytest.fixture
def client_xx(client: Client, pseudo_locale: None) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
    return client


# --- what a page shows ----------------------------------------------------------------------

_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
_SHOWN_ATTRS = ("title", "alt", "placeholder", "aria-label")
_WORD = re.compile(r"[A-Za-z]+")
_URL = re.compile(r"https?://\S+")
#: Cards in the notation typed into the card box (AS, 10H, QD): the same in every language.
_CODES = re.compile(r"\b(?:[AKQJ2-9]|10)[SHDC]\b|\bJK\b")
#: The JSON parser's own words, quoted in an import's refusal ("Expecting value"): Python's.
_PYTHON_JSON = re.compile(r"Expecting [a-z ]+|Extra data|Unterminated string[a-z ]*")


class _Shown(HTMLParser):
    """The text a person reads (and the attributes a screen reader says), outside scripts and
    outside what is marked as never translated (``translate="no"``) or as English on purpose
    (``lang="en"``: a rules page not yet written in the language, under a note saying so)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip: list[str] = []  # the open elements being skipped, innermost last
        self.depth: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        quiet = tag in ("script", "style", "template") or found.get("translate") == "no"
        quiet = quiet or found.get("lang") == "en"
        if tag not in _VOID:
            self.depth.append(tag)
            if quiet or self.skip:
                self.skip.append(tag)
        if not self.skip and not quiet:
            self.parts += [str(found[a]) for a in _SHOWN_ATTRS if found.get(a)]
            if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
                self.parts.append(str(found["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        while self.depth:
            top = self.depth.pop()
            if self.skip:
                self.skip.pop()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def english_left(html: str) -> list[str]:
    """Each piece of shown text that still holds ASCII letters, trimmed to its line."""
    parser = _Shown()
    parser.feed(html)
    left = []
    for part in parser.parts:
        for line in part.splitlines():
            line = _CODES.sub("", _PYTHON_JSON.sub("", _URL.sub("", line)))
            for name in GAME_NAMES:
                line = line.replace(name, "")
            words = [w for w in _WORD.findall(line) if w not in SAME_EVERYWHERE]
            if words:
                left.append(" ".join(line.split()))
    return left


# --- every page of a game -------------------------------------------------------------------


def _renamed(data: Any, names: dict[str, str]) -> Any:
    if isinstance(data, dict):
        return {
            names.get(k, k): "Ñöţé" if k == "note" and v else _renamed(v, names)
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [_renamed(v, names) for v in data]
    if isinstance(data, str):
        return names.get(data, data)
    return data


def example_logs(key: str) -> list[dict[str, Any]]:
    paths = sorted(p for p in (EXAMPLES / key).glob("*.json") if ".expected." not in p.name)
    logs = []
    for path in paths[:3]:
        data = json.loads(path.read_text())
        data = _renamed(data, dict(zip(data["players"], NAMES, strict=False)))
        logs.append(data)
    return logs


def game_pages(client: Client, data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(what, html) for the pages of the game in ``data`` at its start, half way and at its
    end: the game page (scorer, each kind of entry, viewer), the entries, the hands, the house
    rules, correcting an entry, an entry sent empty, the table and starting another game."""
    events = data["events"]
    for stop in sorted({0, 1, len(events) // 2, len(events)}):
        table, game = actions.check_import_log({**data, "events": events[:stop]})
        table.name = TITLE
        table.save()
        score = f"/t/{table.score_key}/g/{game.number}/"
        view = f"/t/{table.view_key}/g/{game.number}/"
        where = f"after {stop} of {len(events)} entries"
        loaded = actions.load(game)
        yield f"game page {where}", client.get(score).content.decode()
        yield f"viewer's game page {where}", client.get(view).content.decode()
        for kind in available_kinds(loaded):
            yield (
                f"entry form {kind!r} {where}",
                client.get(f"{score}?entry={kind}").content.decode(),
            )
            sent = client.post(f"{score}record/{kind}/", {"client_id": ""})
            yield f"entry {kind!r} sent empty {where}", sent.content.decode()
        yield f"entries {where}", client.get(f"{score}history/").content.decode()
        yield f"hands {where}", client.get(f"{score}hands/").content.decode()
        yield f"house rules {where}", client.get(f"{score}options/").content.decode()
        kinds = forms_for(game.rules_class.key)
        correctable = [i for i, e in enumerate(events[:stop]) if e.get("type") in kinds]
        if correctable:
            page = client.get(f"{score}correct/{correctable[-1]}/")
            yield f"correcting entry #{correctable[-1] + 1} {where}", page.content.decode()
        yield f"table page {where}", client.get(f"/t/{table.score_key}/").content.decode()
        yield (
            f"start page {where}",
            client.get(f"/t/{table.score_key}/start/?game={game.rules_class.key}").content.decode(),
        )


def left_on(client: Client, key: str) -> list[str]:
    found: list[str] = []
    pages = [("rules page", client.get(f"/rules/{key}/").content.decode())]
    for data in example_logs(key):
        pages += list(game_pages(client, data))
    for what, html in pages:
        found += [f"{what}: {line}" for line in english_left(html)]
    return list(dict.fromkeys(found))


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_page_of_a_game_is_translated(client_xx: Client, key: str) -> None:
    try:
        left = left_on(client_xx, key)
    except Exception as exc:  # a game being written: its pages may not even render yet
        if key not in PENDING:
            raise
        pytest.xfail(f"{key}: its pages could not all be rendered: {exc!r}")
    if key in PENDING:
        if not left:
            pytest.fail(f"{key} has nothing left in English: take it off PENDING")
        pytest.xfail(f"{key}: {len(left)} strings still English:\n" + "\n".join(left))
    assert not left, f"{len(left)} strings still English:\n" + "\n".join(left)


@pytest.mark.django_db
def test_the_pages_around_the_games_are_translated(client_xx: Client) -> None:
    club = Club.objects.create(name=TITLE)
    pages = {
        "home": client_xx.get("/"),
        "rules index": client_xx.get("/rules/"),
        "club": client_xx.get(f"/c/{club.key}/"),
        "club for viewers": client_xx.get(f"/c/{club.view_key}/"),
        "new table refused": client_xx.post("/new/", {"name": [NAMES[0]]}),
        "import refused": client_xx.post("/import/", {"log": "{"}),
        "no such page": client_xx.get("/t/nothing-here/"),
    }
    table = actions.do_create_table(NAMES[:4], TITLE)
    pages["table, no game yet"] = client_xx.get(f"/t/{table.score_key}/")
    pages["table for viewers"] = client_xx.get(f"/t/{table.view_key}/")
    pages["viewer's link cannot add a player"] = client_xx.post(
        f"/t/{table.view_key}/players/", {"name": NAMES[5]}
    )
    left = [
        f"{what}: {line}" for what, r in pages.items() for line in english_left(r.content.decode())
    ]
    assert not left, f"{len(left)} strings still English:\n" + "\n".join(left)


def test_the_check_sees_english_and_nothing_else() -> None:
    """The detector itself: English is found, pseudo text, names and skipped parts are not."""
    html = (
        '<p>Ŕüļéš <b>Zed</b></p><button translate="no">English</button>'
        '<div lang="en"><p>Rules in English</p></div><img alt="QR code"><p>Companion 12</p>'
    )
    assert english_left(html) == ["Zed", "QR code"]
