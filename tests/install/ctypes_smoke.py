"""The installed libpdnkit.so from Python's ctypes, with no header, no compiler, no cffi: what
a binding written against the ABI alone sees (tests/install/ctypes.sh runs it).

    python3 ctypes_smoke.py LIBDIR VERSION PERFT_TABLE

Calls pk_version, pk_variant_find, pk_fen_parse and pk_fen_write (a FEN read and written
back), pk_fen_error_text (a refused FEN in the library's words) and pk_perft (english from
the start, depths 1-4, against tests/perft-table.txt, which copies doc/PERFT.md).
"""
import ctypes
import os
import sys

libdir, version, table = sys.argv[1:4]
path = os.path.join(libdir, "libpdnkit.so.%s" % version.split(".")[0])  # the soname's file
lib = ctypes.CDLL(path)
# the library loaded is the installed one
with open("/proc/self/maps") as maps:
    loaded = {line.split()[-1] for line in maps if "libpdnkit" in line}
real = os.path.realpath(path)
assert loaded == {real}, "libpdnkit loaded from %s, not %s" % (loaded, real)

c = ctypes
# pk_pos, pk_error: their sizes are the headers' business; 4 KB covers each many times
# (pk_pos is a few bitboards, pk_error a 256-byte message and its numbers)
OPAQUE = 4096

lib.pk_version.restype = c.c_char_p
lib.pk_version.argtypes = [c.POINTER(c.c_int)]
number = c.c_int(-1)
got = lib.pk_version(c.byref(number)).decode()
assert got == version, "pk_version() says %s, the install %s" % (got, version)
major, minor, patch = (int(x) for x in version.split("."))
assert number.value == major * 10000 + minor * 100 + patch, "PDNKIT_VERSION_NUMBER %d" % number.value
print("pk_version: %s (%d)" % (got, number.value))

lib.pk_variant_find.restype = c.c_void_p
lib.pk_variant_find.argtypes = [c.c_char_p]
english = lib.pk_variant_find(b"english")
assert english, "pk_variant_find(\"english\") is NULL"
assert lib.pk_variant_find(b"no-such-variant") is None, "pk_variant_find of a wrong name is not NULL"

lib.pk_fen_parse.restype = c.c_int
lib.pk_fen_parse.argtypes = [c.c_void_p, c.c_char_p, c.c_size_t, c.c_void_p, c.c_void_p, c.c_void_p]
lib.pk_fen_write.restype = c.c_int
lib.pk_fen_write.argtypes = [c.c_void_p, c.c_void_p, c.c_bool, c.c_char_p, c.c_size_t]
lib.pk_fen_error_text.restype = c.c_int
lib.pk_fen_error_text.argtypes = [c.c_char_p, c.c_size_t, c.c_char_p, c.c_void_p, c.c_char_p, c.c_size_t]
lib.pk_perft.restype = c.c_int  # a status (libpdnkit(3) ERRORS), the count in *nodes
lib.pk_perft.argtypes = [c.c_void_p, c.c_void_p, c.c_int, c.c_uint, c.POINTER(c.c_uint64), c.c_void_p]

pos = c.create_string_buffer(OPAQUE)
err = c.create_string_buffer(OPAQUE)
buf = c.create_string_buffer(256)
start = b"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
st = lib.pk_fen_parse(english, start, len(start), pos, None, err)
assert st == 0, "pk_fen_parse of the english start: status %d" % st
n = lib.pk_fen_write(english, pos, False, buf, len(buf))
assert n == len(start) and buf.value == start, "pk_fen_write: %r (%d)" % (buf.value, n)
print("FEN read and written back: %s" % buf.value.decode())

bad = b"W:W33:B1"
st = lib.pk_fen_parse(english, bad, len(bad), pos, None, err)
assert st == 2, "pk_fen_parse of %r: status %d, not PK_ERR_RANGE (2)" % (bad, st)
lib.pk_fen_error_text(bad, len(bad), None, err, buf, len(buf))
want = b'bad FEN "W:W33:B1": square 33 is outside 1-32 (column 4 of the FEN)'
assert buf.value == want, "pk_fen_error_text: %r" % buf.value
print("refused: %s" % buf.value.decode())

st = lib.pk_fen_parse(english, start, len(start), pos, None, err)
assert st == 0
rows = {}
with open(table) as f:
    for line in f:
        w = line.split()
        if len(w) > 2 and not w[0].startswith("#") and "=" not in w[0]:
            rows[(w[0], w[1])] = [int(x) for x in w[2:]]
def perft(depth, flags):
    nodes = c.c_uint64(0)
    st = lib.pk_perft(english, pos, depth, flags, c.byref(nodes), err)
    assert st == 0, "pk_perft english depth %d: status %d" % (depth, st)
    return nodes.value
for conv, flags in (("keep", 1), ("drop", 0)):  # PK_GEN_KEEP_DUPLICATES = 1
    want = rows[("english", conv)][:4]
    got = [perft(d, flags) for d in range(1, 5)]
    assert got == want, "perft english %s: %s, want %s" % (conv, got, want)
    print("perft english %s, depths 1-4: %s" % (conv, " ".join(map(str, got))))
print("ctypes: OK")
