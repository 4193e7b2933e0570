#!/usr/bin/env python3
"""Draw Boneyard's app icons: a domino (6 over 3) on green, as PNG files.

Standard library only (``zlib`` + ``struct``): run it again after changing
the drawing and commit the PNGs it writes next to it.

    python3 web/site/icons/make_icons.py
"""

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
GREEN = (47, 93, 80)
FACE = (251, 248, 239)
INK = (29, 29, 29)
# (file, size, share of the side the domino's height takes).  A maskable icon
# keeps its picture inside the central 80% "safe zone" circle.
ICONS = [("icon-192.png", 192, 0.78), ("icon-512.png", 512, 0.78), ("icon-maskable-512.png", 512, 0.56)]
SAMPLES = 3   # per axis: anti-aliased edges


def png(width, height, rows):
    """PNG bytes of RGB ``rows`` (a list of ``bytes``, 3 bytes a pixel)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def shapes(size, share):
    """The domino as (kind, params) in pixel units: face, divider, pips."""
    h = size * share
    w = h / 2
    x0 = (size - w) / 2
    y0 = (size - h) / 2
    r = w * 0.09
    pips = []
    cells = {6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)]}
    for half, number in ((0, 6), (1, 3)):
        for row, col in cells[number]:
            pips.append((x0 + w * (0.25 + 0.25 * col), y0 + half * w + w * (0.25 + 0.25 * row)))
    return x0, y0, w, h, w * 0.12, r, pips


def colour_at(x, y, geometry):
    x0, y0, w, h, corner, r, pips = geometry
    if not (x0 <= x <= x0 + w and y0 <= y <= y0 + h):
        return GREEN
    # Rounded corners.
    cx = min(max(x, x0 + corner), x0 + w - corner)
    cy = min(max(y, y0 + corner), y0 + h - corner)
    if (x - cx) ** 2 + (y - cy) ** 2 > corner ** 2:
        return GREEN
    if abs(y - (y0 + h / 2)) < w * 0.02 and x0 + w * 0.12 < x < x0 + w * 0.88:
        return INK
    for px, py in pips:
        if (x - px) ** 2 + (y - py) ** 2 <= r * r:
            return INK
    return FACE


def draw(size, share):
    geometry = shapes(size, share)
    x0, y0, w, h = geometry[:4]
    rows = []
    step = 1.0 / SAMPLES
    for j in range(size):
        row = bytearray()
        for i in range(size):
            if not (x0 - 1 <= i <= x0 + w + 1 and y0 - 1 <= j <= y0 + h + 1):
                row.extend(GREEN)
                continue
            acc = [0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    c = colour_at(i + (si + 0.5) * step, j + (sj + 0.5) * step, geometry)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            n = SAMPLES * SAMPLES
            row.extend(bytes([(acc[0] + n // 2) // n, (acc[1] + n // 2) // n, (acc[2] + n // 2) // n]))
        rows.append(bytes(row))
    return png(size, size, rows)


def main():
    for name, size, share in ICONS:
        (HERE / name).write_bytes(draw(size, share))
        print("wrote", HERE / name)


if __name__ == "__main__":
    main()
