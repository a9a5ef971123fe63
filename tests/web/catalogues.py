"""The message catalogues as data, for the i18n tests: read a ``.po`` file, write a ``.mo`` file
(no gettext tools needed), and the pseudo-language's way of saying a message."""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"


@dataclass
class Message:
    msgid: str
    context: str | None = None
    plural: str | None = None
    strs: dict[int, str] = field(default_factory=dict)
    refs: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"


_LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$')


#: A PO string's escapes (no ``ast.literal_eval``: see tests/syntax.py).
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.)")


def _unquote(quoted: str) -> str:
    """``"a \\"b\\"\\n"`` -> ``a "b"`` and a new line: a PO file's quoted string."""
    assert quoted[0] == quoted[-1] == '"', quoted
    return _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], quoted[1:-1])


def read_po(path: Path) -> list[Message]:
    """Every message of a ``.po`` file (the header, msgid "", left out; obsolete ones too)."""
    out: list[Message] = []
    parts: dict[str, list[str]] = {}
    refs: list[str] = []
    flags: list[str] = []
    last = ""

    def flush() -> None:
        nonlocal parts, refs, flags
        if "msgid" in parts:
            text = {k: "".join(_unquote(s) for s in v) for k, v in parts.items()}
            strs = {0: text["msgstr"]} if "msgstr" in text else {}
            strs |= {int(k[7:-1]): v for k, v in text.items() if k.startswith("msgstr[")}
            if text["msgid"]:
                out.append(
                    Message(
                        text["msgid"],
                        text.get("msgctxt"),
                        text.get("msgid_plural"),
                        strs,
                        refs,
                        flags,
                    )
                )
        parts, refs, flags = {}, [], []

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("#~"):
            continue
        elif line.startswith("#:"):
            refs += line[2:].split()
        elif line.startswith("#,"):
            flags += [f.strip() for f in line[2:].split(",")]
        elif line.startswith("#"):
            continue
        elif match := _LINE.match(line):
            if match.group(1) in ("msgid", "msgctxt") and "msgstr" in parts:
                flush()
            last = match.group(1)
            parts[last] = [match.group(2)]
        elif line.startswith('"'):
            parts[last].append(line)
    flush()
    return out


def write_mo(path: Path, messages: dict[str, str], plural_forms: str) -> None:
    """A GNU ``.mo`` file: ``messages`` maps each key (``ctx\\x04id``, or ``id\\x00plural`` for
    a plural, whose forms are joined by NUL in the value) to its translation."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural_forms}\n"
    items = sorted({"": header, **messages}.items())
    ids = [k.encode() for k, _ in items]
    strs = [v.encode() for _, v in items]
    start = 7 * 4 + 16 * len(items)
    offsets_ids, offsets_strs, blob = [], [], b""
    for data, offsets in ((ids, offsets_ids), (strs, offsets_strs)):
        for item in data:
            offsets.append((len(item), start + len(blob)))
            blob += item + b"\0"
    table = b"".join(struct.pack("<2I", *o) for o in offsets_ids)
    table += b"".join(struct.pack("<2I", *o) for o in offsets_strs)
    head = struct.pack("<7I", 0x950412DE, 0, len(items), 28, 28 + 8 * len(items), 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(head + table + blob)


# --- the pseudo-language ----------------------------------------------------------------------

_LOWER = "áƀçđéƒğĥíĵķļɱñöþʠŕšţüṽŵẋýž"
_UPPER = "ÁƁÇĐÉƑĞĤÍĴĶĻṀÑÖÞǪŔŠŢÜṼŴẊÝŽ"
_LETTERS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", _LOWER + _UPPER)
#: What a translation keeps as it is: placeholders ({player}, %(count)s, %d, %%), tags and
#: character references.
_KEEP = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)[sd]|%[sd%]|<[^>]*>|&[#a-z0-9]+;", re.I)


def pseudo(text: str) -> str:
    """Every letter of the English swapped for an accented look-alike: a page in the
    pseudo-language shows any text that did not go through a catalogue in plain ASCII."""
    out, last = [], 0
    for match in _KEEP.finditer(text):
        out += [text[last : match.start()].translate(_LETTERS), match.group(0)]
        last = match.end()
    out.append(text[last:].translate(_LETTERS))
    return "".join(out)
