"""QR codes for table links, drawn as SVG by segno (no network, no images on disk)."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=6,
        border=2,
        xmldecl=False,
        svgns=True,
        title="QR code for this table's link",
    )
    return out.getvalue()
