"""Every message has a translation in every language we ship, with the same placeholders, and
the compiled catalogue the app reads (``.mo``) says what the ``.po`` says.

A message belongs to the app's interface or to a game. The messages of the games still being
written (``test_pseudo_locale.PENDING``) and of the games whose pages are all marked for
translation but not yet translated (``TRANSLATION_PENDING``) may wait for their translations:
they are listed as what is left, not failed. Every other message must be translated in every
language of ``COMPLETE``.
"""

from __future__ import annotations

import gettext
import re
import string

import pytest

from .catalogues import LOCALE, Message, read_po
from .test_pseudo_locale import PENDING

#: The languages whose catalogues are complete (interface and every finished game).
COMPLETE = ["fr", "es", "de", "it"]
#: Games whose every page is marked for translation (off ``test_pseudo_locale.PENDING``) but
#: whose messages the catalogues do not say yet. Take a game off once every language has them.
TRANSLATION_PENDING: set[str] = set()
#: Languages shipped with a partial catalogue: what they lack is counted, but a translation
#: they have must be right.
PARTIAL: list[str] = []

_PERCENT = re.compile(r"%\((\w+)\)[sd]|%[sd]")
_GAME_FILE = re.compile(
    r"^(?:companion/games/|companion/tables/entry/|templates/games/|templates/rules/games/(?:[a-z]{2}/)?)"
    r"([a-z0-9_]+)"
)


def game_of(ref: str) -> str | None:
    match = _GAME_FILE.match(ref.split(":")[0])
    return match.group(1) if match else None


def pending_only(message: Message) -> bool:
    """Whether every use of the message is in a game still pending translation."""
    games = [game_of(ref) for ref in message.refs]
    return bool(games) and all(g in PENDING | TRANSLATION_PENDING for g in games)


def placeholders(text: str) -> tuple[set[str], set[str]]:
    braces = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return braces, set(_PERCENT.findall(text))


def brace_safe(text: str) -> bool:
    try:
        list(string.Formatter().parse(text))
    except ValueError:
        return False
    return True


def problems(message: Message) -> list[str]:
    if "fuzzy" in message.flags:
        return ["marked fuzzy (a guess, not a translation)"]
    out = []
    forms = [message.msgid] if message.plural is None else [message.msgid, message.plural]
    for i, text in sorted(message.strs.items()) or [(0, "")]:
        if not text.strip():
            out.append(f"form {i} is not translated")
            continue
        english = forms[min(i, len(forms) - 1)]
        uses_braces = "python-brace-format" in message.flags or "{" in english
        if uses_braces and not brace_safe(text):
            out.append(f"form {i}: {text!r} is not a valid template")
            continue
        want, have = placeholders(english), placeholders(text)
        if uses_braces and want[0] != have[0]:
            out.append(f"form {i}: placeholders {sorted(have[0])}, not {sorted(want[0])}")
        if "python-format" in message.flags and want[1] != have[1]:
            out.append(f"form {i}: placeholders {sorted(have[1])}, not {sorted(want[1])}")
    return out


@pytest.mark.parametrize("language", COMPLETE + PARTIAL)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    messages = read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    assert len(messages) > 500, "the catalogue looks empty: run makemessages"
    bad, left = [], []
    for m in messages:
        found = problems(m)
        if not found:
            continue
        untranslated = all(p.endswith("is not translated") for p in found)
        if pending_only(m) or (language in PARTIAL and untranslated):
            left.append(m.msgid)
        else:
            bad += [f"{m.msgid!r} ({m.refs[0] if m.refs else '?'}): {p}" for p in found]
    if left:
        print(f"{language}: {len(left)} messages of games pending translation left in English")
    assert not bad, f"{language}: {len(bad)} problems:\n" + "\n".join(bad)


@pytest.mark.parametrize("language", COMPLETE + PARTIAL)
def test_the_compiled_catalogue_is_the_source(language: str) -> None:
    """The app reads the ``.mo``: it must hold every translation of the ``.po`` (run
    ``python manage.py compilemessages`` after editing, and commit both)."""
    folder = LOCALE / language / "LC_MESSAGES"
    with (folder / "django.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    stale = []
    for m in read_po(folder / "django.po"):
        if not m.strs.get(0) or "fuzzy" in m.flags:
            continue
        if m.plural is None:
            got = (
                compiled.pgettext(m.context, m.msgid)
                if m.context is not None
                else compiled.gettext(m.msgid)
            )
            if got != m.strs[0]:
                stale.append(m.msgid)
        elif compiled.ngettext(m.msgid, m.plural, 1) != m.strs[0] and m.context is None:
            stale.append(m.msgid)
    assert not stale, (
        f"{len(stale)} messages differ in django.mo: run compilemessages\n" + "\n".join(stale[:20])
    )


def test_the_check_finds_a_missing_translation_and_a_wrong_placeholder() -> None:
    ok = Message("{player} wins.", strs={0: "{player} gagne."}, flags=["python-brace-format"])
    missing = Message("{player} wins.", strs={0: ""}, flags=["python-brace-format"])
    renamed = Message("{player} wins.", strs={0: "{joueur} gagne."}, flags=["python-brace-format"])
    percent = Message("Game %(number)s", strs={0: "Partie %(numero)s"}, flags=["python-format"])
    assert problems(ok) == []
    assert problems(missing) == ["form 0 is not translated"]
    assert problems(renamed) == ["form 0: placeholders ['joueur'], not ['player']"]
    assert problems(percent) == ["form 0: placeholders ['numero'], not ['number']"]
