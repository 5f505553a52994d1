#!/usr/bin/env python3
"""QR codes made by Switchyard, read by two decoders that are not ours: Debian's zbarimg and zxing-cpp (PyPI).

    python3 Tests/QR/decode_test.py --tool .build/debug/switchyard --site .build/debug/switchyard-link-site \
        --file Examples/shop.json

It makes the codes with the tools, as a person would (`switchyard qr`, `switchyard links qr`), and checks:
- every version, 1 to 40, at every level, L, M, Q and H, with the longest text it holds (from ISO/IEC 18004's
  table of blocks, here, not Switchyard's): both decoders read the text, and zxing-cpp reads that version and
  that level (160 codes);
- each mode: digits, alphanumeric, bytes, and UTF-8 bytes after an ECI;
- the longest link at each level is a version 40 code that both read, and a byte more is refused (exit 2);
- damage: in each block, as many data words as its level corrects, inverted (half its error-correction words,
  less those versions 1 to 3 keep against misreading, ISO/IEC 18004 table 9): both decoders still read it; past
  half the error-correction words of each block, zxing-cpp no longer reads that text;
- the SVG, as Chromium draws it, reads as the PNG does;
- `switchyard links qr SLUG` of a running link site, and the site's own `/admin/links/SLUG/qr.png` and `qr.svg`,
  read as the link's address.

The damage needs to know where each word's modules are: this file finds them itself, from the standard (the
function patterns, ISO's table of alignment patterns, the placement's zigzag) and ISO's table of blocks, not from
Switchyard's code.
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy
import zxingcpp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support"))
from site_checks import call, check, finish  # noqa: E402

LEVELS = "LMQH"
# ISO/IEC 18004 table 9: error-correction words a block, and blocks, by version (index 0 unused), for L, M, Q, H.
CORRECTION_WORDS = {
    "L": [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    "M": [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
          28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
    "Q": [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    "H": [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
}
BLOCKS = {
    "L": [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17,
          18, 19, 19, 20, 21, 22, 24, 25],
    "M": [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
          31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
    "Q": [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38,
          40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
    "H": [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45,
          48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
}
# Table 9's "p": words of versions 1 to 3 kept to detect misreading, which correct nothing.
MISREAD_WORDS = {(1, "L"): 3, (1, "M"): 2, (1, "Q"): 1, (1, "H"): 1, (2, "L"): 2, (3, "L"): 1}
# Annex E, table E.1: the rows and columns of the alignment patterns' centres.
ALIGNMENT = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
             [6, 30, 54], [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74],
             [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90], [6, 28, 50, 72, 94],
             [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106], [6, 32, 58, 84, 110],
             [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126],
             [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138],
             [6, 30, 58, 86, 114, 142], [6, 34, 62, 90, 118, 146], [6, 30, 54, 78, 102, 126, 150],
             [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158], [6, 32, 58, 84, 110, 136, 162],
             [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170]]
# Table 1: the bits left over after the last word, by version.
REMAINDER_BITS = [0, 0] + [7] * 5 + [0] * 7 + [3] * 7 + [4] * 7 + [3] * 7 + [0] * 6
# Table 7: the longest text in bytes at version 40.
LONGEST_BYTES = {"L": 2953, "M": 2331, "Q": 1663, "H": 1273}
MARGIN = 4
SCALE = 4


def read_png(path):
    """The grey pixels of a PNG of one bit a pixel, as Switchyard writes them (filters none and up), checked chunk by
    chunk (CRC) and inflated by zlib."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, compressed, width, height = 8, b"", 0, 0
    while position < len(data):
        length = struct.unpack(">I", data[position:position + 4])[0]
        kind, body = data[position + 4:position + 8], data[position + 8:position + 8 + length]
        crc = struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0]
        assert zlib.crc32(kind + body) == crc, "a chunk's CRC is wrong"
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (1, 0), "not grey at one bit a pixel"
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    raw = zlib.decompress(compressed)
    row_bytes = (width + 7) // 8
    assert len(raw) == height * (row_bytes + 1), "the image's data is not its size"
    rows, previous = [], bytes(row_bytes)
    for y in range(height):
        kind = raw[y * (row_bytes + 1)]
        row = raw[y * (row_bytes + 1) + 1:(y + 1) * (row_bytes + 1)]
        assert kind in (0, 2), "a row filter Switchyard does not write"
        if kind == 2:
            row = bytes((a + b) & 0xFF for a, b in zip(row, previous))
        previous = row
        rows.append(numpy.unpackbits(numpy.frombuffer(row, dtype=numpy.uint8))[:width])
    return (numpy.array(rows) * 255).astype(numpy.uint8)


def modules_of(pixels):
    """The modules (True: dark) of a picture of margin MARGIN and SCALE pixels a module."""
    side = pixels.shape[0] // SCALE - 2 * MARGIN
    centre = lambda index: (MARGIN + index) * SCALE + SCALE // 2
    return [[pixels[centre(y)][centre(x)] == 0 for x in range(side)] for y in range(side)]


def picture_of(modules):
    side = len(modules) + 2 * MARGIN
    pixels = numpy.full((side * SCALE, side * SCALE), 255, dtype=numpy.uint8)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                top, left = (MARGIN + y) * SCALE, (MARGIN + x) * SCALE
                pixels[top:top + SCALE, left:left + SCALE] = 0
    return pixels


def zbar(path):
    """What zbarimg reads in the picture at `path`, or None."""
    result = subprocess.run(["zbarimg", "--quiet", "--raw", "--nodbus", path], capture_output=True)
    return result.stdout.decode("utf-8", "replace").rstrip("\n") if result.returncode == 0 else None


def zxing(pixels):
    """(text, version, level) of what zxing-cpp reads, or None."""
    found = [code for code in zxingcpp.read_barcodes(pixels, formats=zxingcpp.BarcodeFormat.QRCode) if code.valid]
    if not found:
        return None
    return found[0].text, int(found[0].extra.get("Version", 0)), found[0].extra.get("ECLevel")


def write_pgm(pixels, path):
    with open(path, "wb") as file:
        file.write(b"P5 %d %d 255\n" % (pixels.shape[1], pixels.shape[0]) + pixels.tobytes())


def data_modules(version):
    """The modules that carry words, in the order they carry their bits: the standard's zigzag around the
    function patterns."""
    side = 17 + 4 * version
    function = [[False] * side for _ in range(side)]

    def mark(x0, y0, width, height):
        for y in range(max(y0, 0), min(y0 + height, side)):
            for x in range(max(x0, 0), min(x0 + width, side)):
                function[y][x] = True

    for x, y in [(0, 0), (side - 8, 0), (0, side - 8)]:
        mark(x, y, 8, 8)  # a finder and its separator
    mark(0, 6, side, 1)
    mark(6, 0, 1, side)  # timing
    mark(0, 8, 9, 1)
    mark(8, 0, 1, 9)
    mark(side - 8, 8, 8, 1)
    mark(8, side - 8, 1, 8)  # format information and the dark module
    centres = ALIGNMENT[version]
    finders = [(6, 6)] + ([(6, centres[-1]), (centres[-1], 6)] if centres else [])
    for y in centres:
        for x in centres:
            if (x, y) not in finders:
                mark(x - 2, y - 2, 5, 5)
    if version >= 7:
        mark(side - 11, 0, 3, 6)
        mark(0, side - 11, 6, 3)  # version information
    order = []
    right, upward = side - 1, True
    while right >= 1:
        if right == 6:
            right = 5  # the vertical timing pattern's column is skipped whole
        for step in range(side):
            y = side - 1 - step if upward else step
            for x in (right, right - 1):
                if not function[y][x]:
                    order.append((x, y))
        right, upward = right - 2, not upward
    return order


def damaged(modules, version, level, words_a_block):
    """`modules` with the first `words_a_block` data words of each block inverted."""
    blocks = BLOCKS[level][version]
    result = [row[:] for row in modules]
    order = data_modules(version)
    for word in range(words_a_block):
        for block in range(blocks):
            # Words are interleaved: the first of each block, then the second of each, and so on.
            index = word * blocks + block
            for bit in range(8):
                x, y = order[index * 8 + bit]
                result[y][x] = not result[y][x]
    return result


def run(tool, *arguments):
    return subprocess.run([tool, *arguments], capture_output=True)


def capacity(version, level):
    """The most bytes a code of `version` at `level` holds, from table 9: its words less the error-correction
    words, less the mode (4 bits) and the count (8 bits up to version 9, then 16)."""
    words = len(data_modules(version)) // 8 - CORRECTION_WORDS[level][version] * BLOCKS[level][version]
    return (words * 8 - 4 - (8 if version <= 9 else 16)) // 8


def link_of_length(length, name):
    """A link-like text of `length` bytes."""
    text = "https://go.shop.example.com/s/" + name + "-"
    text = text + "x" * (length - len(text)) if length >= len(text) else (name + "-" + "x" * length)[:length]
    return text


def every_version_and_level(tool, folder):
    for version in range(1, 41):
        for level in LEVELS:
            # The longest text of the version: a byte more and it would need the next.
            text = link_of_length(capacity(version, level), "v%d%s" % (version, level))
            path = os.path.join(folder, "v%d%s.png" % (version, level))
            side = (17 + 4 * version + 2 * MARGIN) * SCALE
            made = run(tool, "qr", text, "--out", path, "--level", level, "--size", str(side))
            if made.returncode != 0:
                check(False, "version %d, level %s: switchyard qr failed: %s" % (version, level, made.stderr))
                continue
            read = zxing(read_png(path))
            check(read == (text, version, level) and zbar(path) == text,
                  "version %d, level %s: %d bytes, both read it, zxing-cpp as version %d at %s (%s)" % (
                      version, level, len(text), version, level, read and read[1:]))


def each_mode(tool, folder):
    for name, text in [("digits", "0123456789012345678901234567890"), ("alphanumeric", "HTTPS://GO.SHOP.EXAMPLE.COM/S/XMAS"),
                       ("bytes", "https://go.shop.example.com/s/xmas?utm_source=poster"),
                       ("UTF-8 after an ECI", "https://shop.example.com/caf\u00e9/\u2615")]:
        path = os.path.join(folder, "mode.png")
        made = run(tool, "qr", text, "--out", path)
        read = zxing(read_png(path)) if made.returncode == 0 else None
        check(read is not None and read[0] == text and zbar(path) == text, "%s: both read %r (%s)" % (name, text, read))


def longest_links(tool, folder):
    prefix = "https://go.shop.example.com/s/"
    for level in LEVELS:
        text = prefix + "a" * (LONGEST_BYTES[level] - len(prefix))
        path = os.path.join(folder, "longest.png")
        made = run(tool, "qr", text, "--level", level, "--out", path, "--size", str(185 * SCALE))
        read = zxing(read_png(path)) if made.returncode == 0 else None
        check(read == (text, 40, level) and zbar(path) == text,
              "the longest link at %s (%d bytes) is a version 40 code both read" % (level, len(text)))
        over = run(tool, "qr", text + "a", "--level", level, "--out", path)
        check(over.returncode == 2 and b"does not fit" in over.stderr,
              "a byte more at %s is refused with exit 2: %s" % (level, over.stderr.decode().strip()))


def damage(tool, folder):
    for version in [1, 2, 3, 5, 7, 10, 14, 22, 27, 40]:
        order = data_modules(version)
        check(len(order) % 8 == REMAINDER_BITS[version], "version %d: the zigzag visits whole words and %d bits more"
              % (version, REMAINDER_BITS[version]))
        for level in LEVELS:
            text = link_of_length(min(capacity(version, level), 40), "d%d%s" % (version, level))
            path = os.path.join(folder, "whole.png")
            run(tool, "qr", text, "--level", level, "--minimum-version", str(version), "--out", path,
                "--size", str((17 + 4 * version + 2 * MARGIN) * SCALE))
            modules = modules_of(read_png(path))
            correctable = (CORRECTION_WORDS[level][version] - MISREAD_WORDS.get((version, level), 0)) // 2
            hurt = picture_of(damaged(modules, version, level, correctable))
            hurt_path = os.path.join(folder, "damaged.pgm")
            write_pgm(hurt, hurt_path)
            read = zxing(hurt)
            blocks = BLOCKS[level][version]
            check(read is not None and read[0] == text and zbar(hurt_path) == text,
                  "version %d, level %s: %d of %d words wrong (%d a block) and both still read it" % (
                      version, level, correctable * blocks,
                      len(order) // 8, correctable))
            # Past what any Reed-Solomon decoder corrects (half the words), so that the damage above is known to
            # be real: zxing-cpp, like most readers, does not keep table 9's words against misreading.
            beyond = CORRECTION_WORDS[level][version] // 2 + 1
            worse = zxing(picture_of(damaged(modules, version, level, beyond)))
            check(worse is None or worse[0] != text,
                  "version %d, level %s: with %d a block, zxing-cpp no longer reads it" % (version, level, beyond))


def chromium_reads(svg, folder):
    """What zbarimg reads in Chromium's drawing of the SVG file `svg`, or None (also without Chromium)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        return None
    shot = os.path.join(folder, "drawn-screenshot.png")
    if os.path.exists(shot):
        os.remove(shot)
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--screenshot=" + shot, "--window-size=600,600", "file://" + svg], capture_output=True, timeout=120)
    return zbar(shot) if os.path.exists(shot) else None


def svg_in_chromium(tool, folder):
    text = "https://go.shop.example.com/s/drawn"
    svg = os.path.join(folder, "drawn.svg")
    made = run(tool, "qr", text, "--out", svg, "--size", "400")
    check(made.returncode == 0 and chromium_reads(svg, folder) == text,
          "the SVG of switchyard qr, drawn by Chromium, reads as %s" % text)


def links_qr(site_tool, route_file, folder):
    database = os.path.join(folder, "links.sqlite")
    token = subprocess.run([site_tool, "token", "create", "qr test", "--database", database],
                           check=True, capture_output=True, text=True).stdout.strip()
    site = subprocess.Popen([site_tool, "serve", route_file, "--database", database, "--port", "0",
                             "--log-level", "error"], stdout=subprocess.PIPE, text=True)
    try:
        address = site.stdout.readline().strip().rstrip("/")
        made = call(address, "POST", "/api/admin/links", token, {"slug": "poster", "target": "myapp://product/1988"})
        check(made[0] == 201, "a link is made (%s)" % made[0])
        environment = dict(os.environ, SWITCHYARD_TOKEN=token)
        path = os.path.join(folder, "poster.png")
        drawn = subprocess.run([site_tool, "links", "qr", "poster", "--site", address, "--out", path, "--level", "Q"],
                               capture_output=True, env=environment)
        read = zxing(read_png(path)) if drawn.returncode == 0 else None
        link = "https://go.shop.example.com/s/poster"
        check(read is not None and read[0] == link and read[2] == "Q" and zbar(path) == link,
              "switchyard links qr poster: both read %s (%s)" % (link, drawn.stderr.decode().strip()))
        # The same code from the site, as the link's page offers it, behind the token.
        status, headers, body = call(address, "GET", "/admin/links/poster/qr.png?size=400&level=H", token)
        served = os.path.join(folder, "served.png")
        with open(served, "wb") as file:
            file.write(body)
        read = zxing(read_png(served)) if status == 200 else None
        check(read is not None and read[0] == link and read[2] == "H" and zbar(served) == link,
              "GET /admin/links/poster/qr.png?size=400&level=H: both read %s (%s %s)" % (link, status, read))
        status, _, body = call(address, "GET", "/admin/links/poster/qr.svg", token)
        with open(os.path.join(folder, "served.svg"), "wb") as file:
            file.write(body)
        check(status == 200 and chromium_reads(os.path.join(folder, "served.svg"), folder) == link,
              "GET /admin/links/poster/qr.svg, drawn by Chromium, reads as %s" % link)
        missing = subprocess.run([site_tool, "links", "qr", "nothing-here", "--site", address, "--out", path],
                                 capture_output=True, env=environment)
        check(missing.returncode == 1, "switchyard links qr of no link exits 1 (%s)" % missing.returncode)
    finally:
        site.terminate()
        site.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True, help="the switchyard tool")
    parser.add_argument("--site", required=True, help="the switchyard-link-site tool")
    parser.add_argument("--file", required=True, help="a route file with short links")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="switchyard-qr-")
    try:
        every_version_and_level(arguments.tool, folder)
        each_mode(arguments.tool, folder)
        longest_links(arguments.tool, folder)
        damage(arguments.tool, folder)
        svg_in_chromium(arguments.tool, folder)
        links_qr(arguments.site, arguments.file, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
