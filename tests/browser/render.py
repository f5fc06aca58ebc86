#!/usr/bin/env python3
"""Renders pdndiagram SVGs in headless Chromium and checks the colour at chosen squares.

All SVGs go into one HTML page (one browser start, about a second), laid out at known
offsets; the screenshot is decoded here (PNG: zlib from the standard library) and the
pixel at the centre of each chosen square compared with the colour board.c draws there.
Square centres are worked out from the SVG's viewBox (100 units per square, the
margin is what is left around the squares) and from RULES 1.2.1's numbering, not from
the renderer's code. Usage: render.py BUILD_BIN OUTDIR
"""
import os
import re
import struct
import subprocess
import sys
import zlib

BIN, OUT = sys.argv[1], sys.argv[2]

# What board.c draws (src/report/board.c, "Colours"); the crown is at the centre of a king.
WHITE_MAN = (0xFA, 0xFA, 0xF2)
BLACK_MAN = (0x26, 0x26, 0x26)
WHITE_CROWN = (0xC0, 0x8A, 0x10)
BLACK_CROWN = (0xF2, 0xC2, 0x30)
DARK = (0x8B, 0x5E, 0x3C)
LIGHT = (0xF0, 0xD9, 0xB5)
HIGHLIGHT = (0xC9, 0xA2, 0x27)
PATH = (0x1F, 0x6F, 0xD0)
CAPTURE = (0xE0, 0x1B, 0x24)

SIZE = 360  # px per diagram


def tl(n, w, h, a1_light):
    """RULES 1.2.1, TL numbering: square number -> (file, rank)."""
    per = w // 2
    i, j = (n - 1) // per, (n - 1) % per
    r = h - 1 - i
    d = r % 2 if not a1_light else 1 - r % 2
    return 2 * j + d, r


def br_black(n):
    """Thai (GameType 31,B,8,8,N2,0): square 1 at White's near right (g1), numbered right
    to left, then upwards (pdnkit-rules(7) THAI DRAUGHTS)."""
    i, j = (n - 1) // 4, (n - 1) % 4
    return 7 - 2 * j - (1 - i % 2), i


def alg(name):
    return ord(name[0]) - ord('a'), int(name[1:]) - 1


# name, pdndiagram arguments, board width/height, flipped, checks:
#   (what, (file, rank), (dx, dy) offset from the centre in square units, colour)
CASES = [
    ("international", ["-v", "international", "--move", "32x12", "W:W32,K28,45:B27,K17,K5,6"], 10, 10, False, [
        ("white man 45", tl(45, 10, 10, False), (0, 0), WHITE_MAN),
        ("black man 6", tl(6, 10, 10, False), (0, 0), BLACK_MAN),
        ("black king 5", tl(5, 10, 10, False), (0, 0), BLACK_CROWN),
        ("white king 28", tl(28, 10, 10, False), (0, 0), WHITE_CROWN),
        ("empty dark 40", tl(40, 10, 10, False), (0, 0), DARK),
        ("light a10", (0, 9), (0, 0), LIGHT),
        ("landing 12 (path dot)", tl(12, 10, 10, False), (0, 0), PATH),
        ("landing 12 (highlight)", tl(12, 10, 10, False), (0.32, 0.32), HIGHLIGHT),
        ("hop square 21 (highlight)", tl(21, 10, 10, False), (0.3, 0.0), HIGHLIGHT),
        ("captured 27", tl(27, 10, 10, False), (0, 0), CAPTURE),
        ("captured 17", tl(17, 10, 10, False), (0, 0), CAPTURE),
    ]),
    ("english", ["-v", "english", "B:W22-32,K5:B1-4,6-12,K18"], 8, 8, False, [
        ("black king 18", tl(18, 8, 8, False), (0, 0), BLACK_CROWN),
        ("white king 5", tl(5, 8, 8, False), (0, 0), WHITE_CROWN),
        ("white man 29 on a1", alg("a1"), (0, 0), WHITE_MAN),
        ("empty dark 13", tl(13, 8, 8, False), (0, 0), DARK),
        ("light h1", alg("h1"), (0, 0), LIGHT),
    ]),
    ("italian", ["-v", "italian", "W:W21-32:B1-12"], 8, 8, False, [
        ("light a1 (mirrored board)", alg("a1"), (0, 0), LIGHT),
        ("white man 32 on b1", alg("b1"), (0, 0), WHITE_MAN),
        ("black man 1 on a8", alg("a8"), (0, 0), BLACK_MAN),
        ("empty dark 13", tl(13, 8, 8, True), (0, 0), DARK),
        ("light h8", alg("h8"), (0, 0), LIGHT),
    ]),
    ("russian", ["-v", "russian", "--move", "c3:e5", "W:Wc3,Kg1:Bd4,Kh8,b6"], 8, 8, False, [
        ("white king g1", alg("g1"), (0, 0), WHITE_CROWN),
        ("black king h8", alg("h8"), (0, 0), BLACK_CROWN),
        ("black man b6", alg("b6"), (0, 0), BLACK_MAN),
        ("empty dark a1", alg("a1"), (0, 0), DARK),
        ("light b1", alg("b1"), (0, 0), LIGHT),
        ("captured d4", alg("d4"), (0, 0), CAPTURE),
        ("landing e5 (path dot)", alg("e5"), (0, 0), PATH),
        ("landing e5 (highlight)", alg("e5"), (0.32, -0.32), HIGHLIGHT),
    ]),
    ("russian-flipped", ["-v", "russian", "--flip", "--move", "c3:e5", "W:Wc3,Kg1:Bd4,Kh8,b6"], 8, 8, True, [
        ("black king h8", alg("h8"), (0, 0), BLACK_CROWN),
        ("white man c3", alg("c3"), (0, -0.2), WHITE_MAN),
        ("empty dark a1", alg("a1"), (0, 0), DARK),
        ("landing e5 (path dot)", alg("e5"), (0, 0), PATH),
        ("captured d4", alg("d4"), (0, 0), CAPTURE),
    ]),
    # Turkish: every square plays; chequered like a chess board (a1 dark); a king's capture
    # along a rank and a file, the pieces it takes marked, the start of the path lit
    ("turkish", ["-v", "turkish", "--move", "d4xg4xg7", "W:WKd4,a2,b2:Bf4,g6,a7"], 8, 8, False, [
        ("white king d4, below the path line", alg("d4"), (0, 0.2), WHITE_MAN),
        ("white man a2 (light square)", alg("a2"), (0, 0), WHITE_MAN),
        ("white man b2 (dark square)", alg("b2"), (0, 0), WHITE_MAN),
        ("black man a7", alg("a7"), (0, 0), BLACK_MAN),
        ("empty dark a1", alg("a1"), (0, 0), DARK),
        ("empty light b1", alg("b1"), (0, 0), LIGHT),
        ("empty light h1", alg("h1"), (0, 0), LIGHT),
        ("empty dark h8", alg("h8"), (0, 0), DARK),
        ("captured f4", alg("f4"), (0, 0), CAPTURE),
        ("captured g6", alg("g6"), (0, 0), CAPTURE),
        ("landing g7 (path dot)", alg("g7"), (0, 0), PATH),
        ("landing g7 (highlight)", alg("g7"), (0.32, -0.32), HIGHLIGHT),
        ("turning square g4 (highlight)", alg("g4"), (0.32, 0.32), HIGHLIGHT),
    ]),
    # 12x12 (issue 26): a Canadian king's three-piece capture (squares 1-72, a1 dark), the
    # Sri Lankan start on the mirrored board, Thai from Black's side (its own numbering)
    ("canadian", ["-v", "canadian", "--move", "61x45x32x19", "W:WK61,67,72:B50,K38,25,10"], 12, 12, False, [
        ("white man 67 on a1", tl(67, 12, 12, False), (0, 0), WHITE_MAN),
        ("white man 72 on l2", tl(72, 12, 12, False), (0, 0), WHITE_MAN),
        ("black man 10", tl(10, 12, 12, False), (0, 0), BLACK_MAN),
        ("empty dark 1 (b12)", tl(1, 12, 12, False), (0, 0), DARK),
        ("light a12", (0, 11), (0, 0), LIGHT),
        ("light l1", (11, 0), (0, 0), LIGHT),
        ("captured 50", tl(50, 12, 12, False), (0, 0), CAPTURE),
        ("captured king 38", tl(38, 12, 12, False), (0, 0), CAPTURE),
        ("captured 25", tl(25, 12, 12, False), (0, 0), CAPTURE),
        ("landing 19 (path dot)", tl(19, 12, 12, False), (0, 0), PATH),
        ("landing 19 (highlight)", tl(19, 12, 12, False), (0.32, -0.32), HIGHLIGHT),
        ("turning square 45 (highlight)", tl(45, 12, 12, False), (0.32, -0.32), HIGHLIGHT),
    ]),
    ("sri-lankan", ["-v", "sri-lankan", "W:W43-72:B1-30"], 12, 12, False, [
        ("light a1 (mirrored board)", (0, 0), (0, 0), LIGHT),
        ("white man 67 on b1", tl(67, 12, 12, True), (0, 0), WHITE_MAN),
        ("black man 1 on a12", tl(1, 12, 12, True), (0, 0), BLACK_MAN),
        ("empty dark 31", tl(31, 12, 12, True), (0, 0), DARK),
        ("empty dark 42", tl(42, 12, 12, True), (0, 0), DARK),
    ]),
    ("thai-flipped", ["-v", "thai", "--flip", "B:W1-8,K12:B25-32"], 8, 8, True, [
        ("white man 1 on g1", br_black(1), (0, 0), WHITE_MAN),
        ("white man 8 on b2", br_black(8), (0, 0), WHITE_MAN),
        ("white king 12", br_black(12), (0, 0), WHITE_CROWN),
        ("black man 29 on h8", br_black(29), (0, 0), BLACK_MAN),
        ("empty dark 13", br_black(13), (0, 0), DARK),
        ("light h1", (7, 0), (0, 0), LIGHT),
    ]),
    ("spanish-flipped", ["-v", "spanish", "--flip", "W:W1-12:B21-32"], 8, 8, True, [
        ("light a1 (mirrored board)", alg("a1"), (0, 0), LIGHT),
        ("white man 1 on h1", alg("h1"), (0, 0), WHITE_MAN),
        ("black man on a8", alg("a8"), (0, 0), BLACK_MAN),
        ("empty dark e4", alg("e4"), (0, 0), DARK),
    ]),
]

COLS = 3


def png_pixels(path):
    """Decodes an 8-bit RGB or RGBA non-interlaced PNG: (width, height, rows of bytes, bpp)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("not a PNG: %s" % path)
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise SystemExit("unsupported PNG (depth %d, colour type %d, interlace %d)" % (depth, ctype, interlace))
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, rows, bpp


def main():
    os.makedirs(OUT, exist_ok=True)
    imgs, layout = [], []
    for k, (name, args, w, h, flip, checks) in enumerate(CASES):
        svg = os.path.join(OUT, name + ".svg")
        with open(svg, "w") as f:
            r = subprocess.run([os.path.join(BIN, "pdndiagram"), "--svg", "--size", str(SIZE)] + args, stdout=f)
        if r.returncode != 0:
            raise SystemExit("FAIL pdndiagram %s exited %d" % (" ".join(args), r.returncode))
        text = open(svg).read()
        m = re.search(r'width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"', text)
        pw, ph, vw, vh = map(int, m.groups())
        x0, y0 = (k % COLS) * SIZE, (k // COLS) * SIZE
        imgs.append('<img src="%s.svg" style="position:absolute;left:%dpx;top:%dpx;width:%dpx;height:%dpx">'
                    % (name, x0, y0, pw, ph))
        layout.append((x0, y0, pw / vw, (vw - 100 * w) / 2))
    html = os.path.join(OUT, "all.html")
    with open(html, "w") as f:
        f.write('<!DOCTYPE html><html><body style="margin:0;background:#fff">%s</body></html>\n' % "".join(imgs))
    png = os.path.join(OUT, "all.png")
    if os.path.exists(png):
        os.remove(png)
    rows_n = (len(CASES) + COLS - 1) // COLS
    # a profile of its own: no lock shared with another browser or test run (root in CI
    # needs --no-sandbox)
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--no-first-run", "--user-data-dir=" + os.path.abspath(os.path.join(OUT, "profile")),
           "--force-device-scale-factor=1", "--screenshot=" + png,
           "--window-size=%d,%d" % (COLS * SIZE, rows_n * SIZE), "file://" + os.path.abspath(html)]
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
    if not os.path.exists(png):
        raise SystemExit("FAIL chromium wrote no screenshot (exit %d): %s" % (r.returncode, r.stderr[-600:]))
    pw, ph, rows, bpp = png_pixels(png)
    fails = total = 0
    for (name, args, w, h, flip, checks), (x0, y0, scale, margin) in zip(CASES, layout):
        for what, (f, rk), (dx, dy), want in checks:
            col = w - 1 - f if flip else f
            row = rk if flip else h - 1 - rk
            x = int(x0 + (margin + 100 * (col + 0.5 + dx)) * scale)
            y = int(y0 + (margin + 100 * (row + 0.5 + dy)) * scale)
            got = tuple(rows[y][x * bpp:x * bpp + 3])
            ok = all(abs(a - b) <= 10 for a, b in zip(got, want))
            total += 1
            if not ok:
                fails += 1
            print("%s %s: %s at (%d,%d): #%02x%02x%02x, want #%02x%02x%02x" %
                  ("ok  " if ok else "FAIL", name, what, x, y, *got, *want))
    print("browser: %d squares checked, %d wrong (screenshot %s)" % (total, fails, png))
    sys.exit(1 if fails else 0)


main()
