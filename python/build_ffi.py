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

/* issue 33: boards, squares, pieces, draw rules, notes, prefixed streams */
typedef struct { unsigned flags; int size; const pk_move *move; } pk_board_opts;
#define PK_BOARD_ASCII ...
int pk_board_text_buf(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf, size_t size,
                      size_t *len, pk_error *err);
int pk_board_svg_buf(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf, size_t size,
                     size_t *len, pk_error *err);
int pk_square_parse(const pk_geom *g, const char *s, size_t len, int *bit, pk_error *err);
typedef struct pk_draw_state pk_draw_state;
typedef struct { const char *rule; const char *code; int kind; int ply; int since; char msg[...]; } pk_draw_event;
#define PK_DRAW_MAX_EVENTS ...
pk_draw_state *pk_draw_new(void);
void pk_draw_free(pk_draw_state *s);
int pk_draw_init(pk_draw_state *s, const pk_variant *v, const pk_pos *p0, int halfmove_seed, unsigned options,
                 pk_draw_event *events, int max_events, int *nevents);
int pk_draw_ply(pk_draw_state *s, const pk_pos *before, const pk_move *m, const pk_pos *after,
                pk_draw_event *events, int max_events, int *nevents);
const char *pk_draw_kind_name(int kind);
typedef struct pk_pdn_note {
    int kind; const char *text; int nag; pk_pdn_line *line; long long line_no, col; struct pk_pdn_note *next;
} pk_pdn_note;
typedef struct pk_file_guess pk_file_guess;
pk_file_guess *pk_file_guess_new(void);
void pk_file_guess_free(pk_file_guess *f);
int pk_file_guess_games(const pk_file_guess *f);
int pk_check_json_guessed(FILE *in, const char *name, const pk_check_json_opts *o, const pk_file_guess *guess,
                          bool pick_first, FILE *out, pk_error *err);
int pk_file_guess_read(FILE *in, const char *name, bool strict, pk_file_guess *guess, pk_error *err);
int pkpy_variant_goal(const pk_variant *v);
FILE *pkpy_open_prefixed(const char *buf, size_t len, int fd, pk_error *err);
void pk_pos_clear(pk_pos *p, int turn);
uint64_t pk_pos_hash(const pk_pos *p);
int pkpy_pos_same(const pk_pos *a, const pk_pos *b);
int pkpy_pos_squares(const pk_variant *v, const pk_pos *p, int color, int king, int *out);
int pkpy_square_count(const pk_variant *v);
int pkpy_square_bit(const pk_variant *v, int num);
int pkpy_pos_put(const pk_variant *v, pk_pos *p, int num, int color, int king);
int pkpy_move_same(const pk_move *a, const pk_move *b);
pk_pdn_note *pkpy_move_before(const pk_pdn_move *m);
pk_pdn_note *pkpy_move_after(const pk_pdn_move *m);
pk_pdn_note *pkpy_line_pre(const pk_pdn_line *l);
const char *pk_label_key(int label);
#define PKPY_INFO_N ...
int pkpy_next_game(pk_pdn_reader *r, pk_game *g, pk_error *err, long long *info, char *buf, size_t size);
size_t pkpy_game_blob(const pk_game *g, long long *info, char *buf, size_t size);
int pkpy_replay_fast(const pk_game *g, const char *file, const pk_variant *v, const pk_file_guess *guess,
                     bool pick_first, char *fen);
int pkpy_replay_text(const char *text, size_t len, const char *file, const pk_variant *v,
                     const pk_file_guess *guess, bool pick_first, int nmoves, const char *result, char *fen);
size_t pk_file_guess_size(void);
void pk_file_guess_save(const pk_file_guess *f, int *out);
int pk_file_guess_load(pk_file_guess *f, const int *in, size_t n, pk_error *err);
"""

SOURCE = r"""
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include "pdnkit.h"
#include "report.h" /* pk_report_verdict, pk_label_key: pdncheck's verdict on a game */

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

/* A stream that gives buf's bytes (copied) and then the descriptor's (a copy, closed with
 * the stream): a Python file object read from where it stands, its buffered bytes first,
 * on a pipe too (issue 33). */
typedef struct {
    char *buf;
    size_t len, at;
    int fd;
} pkpy_prefixed;

static ssize_t pkpy_prefixed_read(void *c, char *out, size_t size)
{
    pkpy_prefixed *s = c;
    if (s->at < s->len) {
        size_t n = s->len - s->at < size ? s->len - s->at : size;
        memcpy(out, s->buf + s->at, n);
        s->at += n;
        return (ssize_t)n;
    }
    if (s->fd < 0)
        return 0;
    ssize_t n;
    do
        n = read(s->fd, out, size);
    while (n < 0 && errno == EINTR);
    return n;
}

static int pkpy_prefixed_close(void *c)
{
    pkpy_prefixed *s = c;
    int r = s->fd >= 0 ? close(s->fd) : 0;
    free(s->buf);
    free(s);
    return r;
}

static FILE *pkpy_open_prefixed(const char *buf, size_t len, int fd, pk_error *err)
{
    pkpy_prefixed *s = calloc(1, sizeof *s);
    if (!s || (len && !(s->buf = malloc(len)))) {
        free(s);
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    if (len)
        memcpy(s->buf, buf, len);
    s->len = len;
    s->fd = fd >= 0 ? dup(fd) : -1;
    if (fd >= 0 && s->fd < 0) {
        pk_error_set(err, PK_ERR_IO, 0, "cannot open: %s", strerror(errno));
        free(s->buf);
        free(s);
        return NULL;
    }
    cookie_io_functions_t io = {pkpy_prefixed_read, NULL, NULL, pkpy_prefixed_close};
    FILE *f = fopencookie(s, "rb", io);
    if (!f) {
        pk_error_set(err, PK_ERR_IO, 0, "cannot open: %s", strerror(errno));
        pkpy_prefixed_close(s);
    }
    return f;
}

/* Two positions the same: pieces, kings and side to move (the hash follows from them). */
static int pkpy_pos_same(const pk_pos *a, const pk_pos *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->kings == b->kings &&
           a->turn == b->turn;
}

/* The square numbers of color's pieces (king: 1 kings, 0 men, -1 both) in out, ascending;
 * returns how many. */
static int pkpy_pos_squares(const pk_variant *v, const pk_pos *p, int color, int king, int *out)
{
    const pk_geom *g = v->geom;
    int n = 0;
    for (int num = 1; num <= g->nsq; num++) {
        int bit = g->bit_of[num];
        if (!((p->pieces[color] >> bit) & 1))
            continue;
        int k = (int)((p->kings >> bit) & 1);
        if (king < 0 || k == king)
            out[n++] = num;
    }
    return n;
}

/* Puts a piece on square number num (empty: color -1); -1 when num is no square. */
static int pkpy_pos_put(const pk_variant *v, pk_pos *p, int num, int color, int king)
{
    const pk_geom *g = v->geom;
    if (num < 1 || num > g->nsq)
        return -1;
    int bit = g->bit_of[num];
    pk_bb b = PK_BIT(bit);
    p->pieces[0] &= ~b;
    p->pieces[1] &= ~b;
    p->kings &= ~b;
    if (color >= 0)
        pk_pos_put(p, bit, color, king != 0);
    p->hash = pk_pos_hash(p);
    return 0;
}

/* The same move: squares, path and pieces taken in order. */
static int pkpy_move_same(const pk_move *a, const pk_move *b)
{
    if (a->from != b->from || a->to != b->to || a->ncap != b->ncap || a->flags != b->flags)
        return 0;
    for (int i = 0; i < a->ncap; i++)
        if (a->path[i] != b->path[i] || a->caps[i] != b->caps[i])
            return 0;
    return 1;
}

/* The replay of a game the reader gave (not read again), for Game.replay()'s fast fields
 * (issue 33 item 9): what pdncheck's game object says of it, its final FEN in fen. The
 * scratch is the calling thread's. 0, or -1 when out of memory. */
typedef struct {
    int plies, stopped, guessed, valid, errors, warnings;
    const char *label;
    const pk_variant *variant;
} pkpy_replayed;

static _Thread_local pk_replay *tl_replay;
static _Thread_local pk_replay_result *tl_res;

static int pkpy_replay_game(const pk_game *g, const char *file, const pk_variant *v, const pk_file_guess *guess,
                            bool pick_first, pkpy_replayed *out, char *fen, size_t size)
{
    if ((!tl_replay && !(tl_replay = pk_replay_new())) || (!tl_res && !(tl_res = pk_replay_result_new())))
        return -1;
    pk_replay_opts o = {.variant = v, .pick_first = pick_first, .file_guess = guess};
    if (pk_replay_game(tl_replay, g, file, &o, NULL, tl_res) != PK_OK)
        return -1;
    pk_verdict vd;
    pk_report_verdict(g, tl_res, false, &vd);
    out->plies = pk_replay_result_plies(tl_res);
    out->stopped = pk_replay_result_stopped(tl_res);
    out->guessed = pk_replay_result_variant_guessed(tl_res);
    out->variant = pk_replay_result_variant(tl_res);
    out->valid = vd.valid;
    out->errors = vd.errors;
    out->warnings = vd.warnings;
    out->label = pk_label_key(vd.label);
    const char *f = pk_replay_result_have_final(tl_res) ? pk_replay_final_fen(tl_res) : "";
    snprintf(fen, size, "%s", f);
    return 0;
}

/* Game.replay()'s fast path in one call (issue 33 item 9): pkpy_replay_game's answer
 * packed in an int, so that Python reads no struct field: the plies (bits 0-19), stopped
 * (20), guessed (21), valid (22), the variant's index + 1 (23-27, 0: none), the label + 1
 * (28-30, 0: none); -1 when out of memory. The final FEN in fen (PK_FEN_MAX bytes, "" when
 * the replay could not start). */
static int pkpy_replay_fast(const pk_game *g, const char *file, const pk_variant *v, const pk_file_guess *guess,
                            bool pick_first, char *fen)
{
    pkpy_replayed out;
    if (pkpy_replay_game(g, file, v, guess, pick_first, &out, fen, PK_FEN_MAX) != 0)
        return -1;
    int label = 0;
    for (int i = 0; i < PK_LABEL_COUNT && !label; i++)
        if (out.label == pk_label_key(i))
            label = i + 1;
    int vi = out.variant ? out.variant->index + 1 : 0;
    if (out.plies < 0 || out.plies > 0xFFFFF || vi > 31 || label > 7)
        return -1; /* past the packing: the slow path answers */
    return out.plies | (out.stopped ? 1 << 20 : 0) | (out.guessed ? 1 << 21 : 0) | (out.valid ? 1 << 22 : 0) |
           vi << 23 | label << 28;
}

/* pkpy_replay_fast for a game kept after its reader moved on (a list of games, a game
 * unpickled): its text read again, alone; -1 (the slow path answers) unless it reads as
 * one game without error, as it did in its file: nmoves moves in its main line and the
 * same result (NULL: none). A text reads otherwise alone where the file gave it context
 * ("-" is a move alone, a result after [Result "-"] games). */
static int pkpy_replay_text(const char *text, size_t len, const char *file, const pk_variant *v,
                            const pk_file_guess *guess, bool pick_first, int nmoves, const char *result, char *fen)
{
    pk_pdn_reader *r = pk_pdn_open_memory(text, len, file, 0, NULL);
    if (!r)
        return -1;
    pk_game g;
    pk_game_init(&g);
    int packed = -1;
    if (pk_pdn_next(r, &g, NULL, NULL) == PK_OK && g.nerrors == 0 && !g.cut && g.main.nmoves == nmoves &&
        !g.result.text == !result && (!result || strcmp(g.result.text, result) == 0))
        packed = pkpy_replay_fast(&g, file, v, guess, pick_first, fen);
    if (packed >= 0 && pk_pdn_next(r, &g, NULL, NULL) != PK_END)
        packed = -1; /* more than one game in its text: not the game it was */
    pk_game_free(&g);
    pk_pdn_close(r);
    return packed;
}

/* What Python keeps of a game the reader gave (issue 33 item 9): its scalars in info and
 * its text, tags, moves and result in one buffer, copied to Python as one bytes object
 * and cut there when asked for. info: index, line, col, errors, warnings, cut, then the
 * ends of the text, the tags (name NUL value NUL ...), the moves (each ended by a newline)
 * and the result in the buffer (the whole length), whether there is a text and a result,
 * and the start and end of the first GameType tag's value (-1: none). Returns the whole
 * length; the buffer holds it when size allows. */
#define PKPY_INFO_N 14
static size_t pkpy_put(char *buf, size_t size, size_t n, const char *t, size_t k)
{
    if (n + k <= size)
        memcpy(buf + n, t, k);
    return n + k;
}
static size_t pkpy_game_blob(const pk_game *g, long long *info, char *buf, size_t size)
{
    size_t n = 0;
    info[0] = g->index;
    info[1] = g->line;
    info[2] = g->col;
    info[3] = g->nerrors;
    info[4] = g->nwarnings;
    info[5] = g->cut;
    if (g->text)
        n = pkpy_put(buf, size, n, g->text, g->text_len);
    info[6] = (long long)n;
    info[12] = info[13] = -1;
    for (int i = 0; i < g->ntags; i++) {
        const char *name = g->tags[i].name ? g->tags[i].name : "";
        const char *value = g->tags[i].value ? g->tags[i].value : "";
        n = pkpy_put(buf, size, n, name, strlen(name) + 1);
        size_t k = strlen(value);
        if (info[12] < 0 && strcmp(name, "GameType") == 0) {
            info[12] = (long long)n;
            info[13] = (long long)(n + k);
        }
        n = pkpy_put(buf, size, n, value, k + 1);
    }
    info[7] = (long long)n;
    for (int i = 0; i < g->main.nmoves; i++) {
        const char *t = g->main.moves[i].text ? g->main.moves[i].text : "";
        n = pkpy_put(buf, size, n, t, strlen(t));
        n = pkpy_put(buf, size, n, "\n", 1);
    }
    info[8] = (long long)n;
    if (g->result.text)
        n = pkpy_put(buf, size, n, g->result.text, strlen(g->result.text));
    info[9] = (long long)n;
    info[10] = g->text != NULL;
    info[11] = g->result.text != NULL;
    return n;
}

/* pk_pdn_next, then pkpy_game_blob: one call per game. */
static int pkpy_next_game(pk_pdn_reader *r, pk_game *g, pk_error *err, long long *info, char *buf, size_t size)
{
    int st = pk_pdn_next(r, g, NULL, err);
    if (st == PK_OK)
        pkpy_game_blob(g, info, buf, size);
    return st;
}

/* How the board decides a game (enum pk_goal: the side without a move loses or wins, or
 * the first king wins). */
static int pkpy_variant_goal(const pk_variant *v) { return v->goal; }

/* The board's playable squares, and the bit of square number num (-1 off the board). */
static int pkpy_square_count(const pk_variant *v) { return v->geom->nsq; }
static int pkpy_square_bit(const pk_variant *v, int num)
{
    return num >= 1 && num <= v->geom->nsq ? v->geom->bit_of[num] : -1;
}

static pk_pdn_note *pkpy_move_before(const pk_pdn_move *m) { return m->before; }
static pk_pdn_note *pkpy_move_after(const pk_pdn_move *m) { return m->after; }
static pk_pdn_note *pkpy_line_pre(const pk_pdn_line *l) { return l->pre; }
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
