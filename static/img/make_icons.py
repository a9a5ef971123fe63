"""Draw the app's icons (icon-192.png, icon-512.png, icon-maskable-512.png) with no library:
a white card with a red heart on the app's blue. Run from the repository root:

    python static/img/make_icons.py

The card sits inside the middle 60%, so the same drawing is safe for a maskable icon (a phone may
cut it to a circle); the "any" icons have rounded corners, the maskable one is full bleed."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

BLUE = (11, 79, 196)
WHITE = (255, 255, 255)
RED = (200, 0, 30)
SAMPLES = 3  # per axis, for smooth edges


def _inside_rounded(
    x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float
) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _heart(x: float, y: float) -> bool:
    # (x² + y² − 1)³ − x² y³ ≤ 0, y pointing up, centred on the card.
    hx, hy = (x - 0.5) / 0.15, -(y - 0.52) / 0.15
    return (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy**3 <= 0


def _colour(x: float, y: float, rounded: bool) -> tuple[int, int, int, int]:
    if rounded and not _inside_rounded(x, y, 0, 0, 1, 1, 0.18):
        return (0, 0, 0, 0)
    if _inside_rounded(x, y, 0.3, 0.2, 0.7, 0.8, 0.05):
        return (*(RED if _heart(x, y) else WHITE), 255)
    return (*BLUE, 255)


def draw(size: int, rounded: bool) -> bytes:
    rows = []
    step = 1 / (size * SAMPLES)
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = _colour(
                        (px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step, rounded
                    )
                    for i in range(3):
                        acc[i] += c[i] * c[3]
                    acc[3] += c[3]
            alpha = acc[3] / SAMPLES**2
            row += bytes(
                [*(round(acc[i] / acc[3]) if acc[3] else 0 for i in range(3)), round(alpha)]
            )
        rows.append(bytes(row))
    return _png(size, b"".join(rows))


def _png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    here = Path(__file__).parent
    (here / "icon-192.png").write_bytes(draw(192, rounded=True))
    (here / "icon-512.png").write_bytes(draw(512, rounded=True))
    (here / "icon-maskable-512.png").write_bytes(draw(512, rounded=False))
