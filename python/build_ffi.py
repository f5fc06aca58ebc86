"""Writes the C source of pdnkit._pdnkit, the cffi extension module (API mode).

Run by `make python` (python/Makefile rules in the top Makefile): this script only emits
C (cffi's FFI.emit_c_code), and make compiles it with the library's objects, so that no
setuptools, no network and no shared library at run time are needed.

    python3 python/build_ffi.py OUT.c

The wheel (`make wheel`, python/pyproject.toml) builds the same module through setuptools:
python/setup.py names this file in cffi_modules, which takes its `ffi` (made below when the
file is not run as a script): the same declarations and glue, compiled with the library's
-fPIC objects make built (PDNKIT_OBJECTS), or with the library's sources when there are none.
"""
import os
import re
import subprocess
import sys

import cffi

CDEF = r"""
typedef struct { int code; long long line; long long col; char msg[256]; } pk_error;
enum pk_status { PK_OK, PK_ERR_SYNTAX, PK_ERR_RANGE, PK_ERR_RULES, PK_ERR_IO, PK_ERR_NOMEM, PK_ERR_UNSUPPORTED,
                 PK_ERR_OVERFLOW, PK_ERR_USAGE, PK_END, ... };
const char *pk_version(int *number);

typedef struct { int width, height; int8_t num_of[...]; ...; } pk_geom;
typedef struct {
    const char *name; const char *aliases; const char *title; int gametype;
    bool algebraic; int first; const char *start_fen; int index; const pk_geom *geom; ...;
} pk_variant;
int pk_variant_count(void);
const pk_variant *pk_variant_lookup(const char *text);
const pk_variant *pk_variant_at(int i);
const char *pk_square_name(const pk_geom *g, int bit, bool algebraic, char *buf);

/* pk_pos and pk_move: only the fields Python reads; their bit sets (pk_bb, 128 bits for
   the 12x12 boards) stay in C, the sizes come from the compiler ("...") */
typedef struct { int turn; ...; } pk_pos;
typedef struct {
    uint8_t from, to; uint8_t ncap; uint8_t nkcap; uint8_t flags;
    uint8_t path[...]; uint8_t caps[...]; ...;
} pk_move;
#define PK_FEN_MAX ...
typedef struct { bool unknown_turn; int halfmove; int fullmove; ...; } pk_fen_extra;
int pk_fen_parse(const pk_variant *v, const char *s, size_t len, pk_pos *out, pk_fen_extra *extra,
                 pk_error *err);
int pk_fen_write(const pk_variant *v, const pk_pos *p, bool algebraic, char *buf, size_t size);
void pk_make(const pk_variant *v, pk_pos *p, const pk_move *m);
int pk_move_write(const pk_variant *v, const pk_move *m, unsigned flags, char *buf, size_t size);
int pk_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, uint64_t *nodes, pk_error *err);
#define PK_NOT_FULL ...
#define PK_NOT_ALGEBRAIC ...
#define PK_NOT_NUMERIC ...

typedef struct { ...; } pk_written;
typedef struct { int kind; pk_move move; ...; } pk_match;
int pk_written_parse(const pk_variant *v, const char *text, size_t len, pk_written *w, pk_error *err);
const char *pk_match_code(int kind);

/* the reader */
typedef struct pk_pdn_reader pk_pdn_reader;
typedef struct { const char *name, *value; long long line, col; } pk_pdn_tag;
typedef struct { const char *text; long long line, col; unsigned flags; ...; } pk_pdn_move;
typedef struct { pk_pdn_move *moves; int nmoves; ...; } pk_pdn_line;
typedef struct { const char *text; int kind; long long line, col; } pk_pdn_result;
typedef struct {
    int index; long long line, col; pk_pdn_tag *tags; int ntags; const char *fen;
    pk_pdn_line main; pk_pdn_result result; int nerrors, nwarnings; int plies; int cut;
    const char *text; size_t text_len; ...;
} pk_game;
typedef struct { ...; } pk_diag_sink;
#define PK_PDN_KEEP_TEXT ...
void pk_game_init(pk_game *g);
void pk_game_free(pk_game *g);
typedef struct _IO_FILE FILE;
pk_pdn_reader *pk_pdn_open(FILE *f, const char *filename, unsigned flags, pk_error *err);
pk_pdn_reader *pk_pdn_open_path(const char *path, unsigned flags, pk_error *err);
pk_pdn_reader *pk_pdn_open_memory(const void *buf, size_t len, const char *name, unsigned flags, pk_error *err);
int pk_pdn_next(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink, pk_error *err);
void pk_pdn_close(pk_pdn_reader *r);

/* pdncheck --json and final FENs (check_text.h) */
typedef struct {
    const pk_variant *variant; int jobs; int results; int shard, shards;
    bool strict, syntax_only, quiet, no_summary, fens;
} pk_check_json_opts;
int pk_check_json(FILE *in, const char *name, const pk_check_json_opts *o, FILE *out, pk_error *err);
int pk_final_fens(FILE *in, const char *name, const pk_variant *variant, int jobs, FILE *out, long *games,
                  pk_error *err);
typedef struct {
    const pk_variant *variant; int to; int notation; bool full; int jobs;
} pk_convert_opts;
#define PK_CONVERT_PDN ...
#define PK_CONVERT_JSON ...
#define PK_CONVERT_HUB ...
int pk_convert(FILE *in, const char *name, const pk_convert_opts *o, FILE *out, pk_error *err);

/* the binding's glue (below) */
FILE *pkpy_open_input(const char *path, const char *buf, size_t len, int fd, pk_error *err);
FILE *pkpy_open_output(int fd, char **buf, size_t *len);
int pkpy_close(FILE *f);
void pkpy_free(void *p);
int pkpy_legal(const pk_variant *v, const pk_pos *p, pk_move *out, int cap);
int pkpy_move_short(const pk_variant *v, const pk_pos *p, const pk_move *m, bool algebraic, char *buf, size_t size);
int pkpy_judge(const pk_variant *v, const pk_pos *p, const char *text, size_t len, pk_move *played,
               const char **code, char *msg, size_t size, pk_error *err);
"""

SOURCE = r"""
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include "pdnkit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An input for pk_check_json / pk_final_fens: a path, bytes, or a copy of a descriptor
 * (a Python file object's), each opened as the library's readers open them. */
static FILE *pkpy_open_input(const char *path, const char *buf, size_t len, int fd, pk_error *err)
{
    FILE *f;
    if (path)
        f = fopen(path, "rb");
    else if (buf)
        f = len ? fmemopen((void *)buf, len, "rb") : tmpfile();
    else {
        int d = dup(fd);
        f = d < 0 ? NULL : fdopen(d, "rb");
        if (!f && d >= 0)
            close(d);
    }
    if (!f)
        pk_error_set(err, PK_ERR_IO, 0, "cannot open: %s", strerror(errno));
    return f;
}

/* An output: the write end of a pipe (fd >= 0, taken over), or a memory stream. */
static FILE *pkpy_open_output(int fd, char **buf, size_t *len)
{
    return fd >= 0 ? fdopen(fd, "wb") : open_memstream(buf, len);
}

static int pkpy_close(FILE *f) { return fclose(f); }
static void pkpy_free(void *p) { free(p); }

/* Scratch lists of the calling thread (a pk_movelist is 64 KB: one per thread, made once;
 * Python threads run C at once with the GIL released). */
static _Thread_local pk_movelist *tl_list;
static _Thread_local pk_match_scratch *tl_match;

static pk_movelist *thread_list(void)
{
    if (!tl_list)
        tl_list = pk_movelist_new();
    return tl_list;
}

/* The legal moves of p into out (cap of them); returns how many there are (more than cap:
 * call again with a larger out), or -1 when out of memory. */
static int pkpy_legal(const pk_variant *v, const pk_pos *p, pk_move *out, int cap)
{
    pk_movelist *l = thread_list();
    if (!l)
        return -1;
    int n = pk_gen_legal(v, p, l, 0);
    for (int i = 0; n <= cap && i < n; i++)
        out[i] = *pk_movelist_at(l, i);
    return n;
}

/* m in PDN short form, disambiguated among the legal moves of p (RULES 4.3). */
static int pkpy_move_short(const pk_variant *v, const pk_pos *p, const pk_move *m, bool algebraic, char *buf,
                           size_t size)
{
    pk_movelist *l = thread_list();
    if (!l)
        return -1;
    pk_gen_legal(v, p, l, 0);
    return pk_move_write_pdn(v, l, m, algebraic ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC, buf, size);
}

/* The move written as text judged in p as pdncheck judges a move (pk_match_judge): 1 and
 * *played when legal; 0 with its code and words when not; -1 when the text is no move
 * (err says why) or memory ran out. */
static int pkpy_judge(const pk_variant *v, const pk_pos *p, const char *text, size_t len, pk_move *played,
                      const char **code, char *msg, size_t size, pk_error *err)
{
    if (!tl_match && !(tl_match = pk_match_scratch_new())) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return -1;
    }
    pk_written w;
    if (pk_written_parse(v, text, len, &w, err) != PK_OK)
        return -1;
    char *t = strndup(text, len);
    if (!t) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return -1;
    }
    pk_match m;
    int kind = pk_match_judge(v, p, &w, t, 0, tl_match, &m, msg, size);
    free(t);
    *code = pk_match_code(kind);
    if (kind == PK_MATCH_LEGAL) {
        *played = m.move;
        return 1;
    }
    return 0;
}
"""


def main(out):
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.set_source("pdnkit._pdnkit", SOURCE)
    ffi.emit_c_code(out)


def setuptools_ffi():
    """The FFI setuptools compiles (cffi_modules): SOURCE with the library linked in, as
    mk/python.mk links it; its include folders and layers are mk/library.mk's."""
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(top, "mk", "library.mk"), encoding="utf-8") as f:
        layers = re.search(r"^LAYERS\s*:=\s*(.*)$", f.read(), re.M).group(1).split()
    objects = os.environ.get("PDNKIT_OBJECTS", "").split()
    sources = []
    if not objects:
        for layer in layers:
            d = os.path.join(top, "src", layer)
            sources += sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".c"))
    # the compression libraries and PCRE2 as the Makefile links them (libbz2 often has no .pc)
    pkgs = ["libpcre2-8", "zlib", "liblzma", "libzstd"]
    cflags = subprocess.run(["pkg-config", "--cflags"] + pkgs, stdout=subprocess.PIPE, check=True).stdout.split()
    libs = subprocess.run(["pkg-config", "--libs"] + pkgs, stdout=subprocess.PIPE, check=True).stdout.split()
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.set_source("pdnkit._pdnkit", SOURCE, sources=sources, extra_objects=objects,
                   include_dirs=[os.path.join(top, "include", "pdnkit"), os.path.join(top, "src")] +
                   [os.path.join(top, "src", layer) for layer in layers],
                   define_macros=[("_POSIX_C_SOURCE", "200809L")],
                   extra_compile_args=["-std=c11", "-pthread", "-Werror=incompatible-pointer-types"] +
                   [c.decode() for c in cflags],
                   extra_link_args=["-pthread"] + [c.decode() for c in libs] + ["-lbz2", "-lm"])
    return ffi


if __name__ == "__main__":
    main(sys.argv[1])
else:
    ffi = setuptools_ffi()
