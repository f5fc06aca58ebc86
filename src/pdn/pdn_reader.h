/*
 * pdn_reader.h -- library-internal: the state of the streaming PDN reader, shared by its
 * files, lowest first (each calls only files before it in this list):
 *   pdn_report.c    diagnostics (reports, tolerated deviations, stray text held), the
 *                   reader's buffers, out of memory
 *   pdn_text.c      text copied out of the window before it slides: the game's text
 *                   (PK_PDN_KEEP_TEXT), the text after a syntax error
 *   pdn_window.c    the input window and the cursor
 *   pdn_tag.c       tag pairs' names and values (on one line, wrapped, past the window)
 *   pdn_tree.c      the move tree being built: notes, lines of moves, variations
 *   pdn_unparsed.c  syntax errors and the text they leave unread, stray text
 *   pdn_move.c      the move parser: move tokens, move numbers, the plain movetext path
 *   pdn_result.c    results
 *   pdn_read.c      the game state machine, comments, the public entry points
 * Not installed; nothing outside those files uses it.
 */
#ifndef PK_PDN_READER_H
#define PK_PDN_READER_H

#include "pk_nls.h" /* the reader's words in the reader's language (issue 36) */
#include "pdn.h"
#include "encoding.h"
#include "pdn_arena.h"
#include "pdn_lex.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>

#define WIN_CAP (1024u * 1024)
/* Moves and notes in one game (all lines): past it the game is too large, like past
 * PK_PDN_MAX_GAME_BYTES. Bounds memory (about 200 bytes a node): 16 MiB of "-" or "$1"
 * would otherwise build millions of nodes (gigabytes). Five times a 100,000-ply game. */
#define MAX_NODES 500000
#define LOOKAHEAD (64u * 1024)

enum { ST_START, ST_HEADER, ST_BODY };
enum { CONTINUE = 0, GAME_DONE, NO_GAME };

/* Codes warned once per game (they tend to repeat on every move). */
enum { W_PLACEHOLDER = 1, W_SPACING = 2, W_UPPER = 4, W_SHORT = 8 };

typedef struct level {
    pk_pdn_move *v;
    int n, cap;
    pk_pdn_note *pre, *pre_tail;   /* notes before the first move */
    pk_pdn_note *pend, *pend_tail; /* notes waiting for the next move */
    pk_pdn_note *var;              /* the variation note this line fills (depth > 0) */
    long long line, col;
    int have_num, num, num_kind;
    long long num_line, num_col;
    unsigned long long num_at; /* stream offset of the number (a syntax error keeps it, pdn_unparsed.c) */
    int ellipsis; /* "12. ..." read: the number belongs to the next move, no warning */
} level;

struct pk_pdn_reader {
    const char *file;
    unsigned flags;
    pk_src *src;
    FILE *owned; /* the stream pk_pdn_open_path/_memory opened (pdn_open.c): closed with the reader */
    pk_lexer *lx;
    /* input window: buf[pos..len) not yet lexed, buf[len] = 0; base = stream offset of buf[0] */
    char *buf;
    size_t pos, len;
    int eof, ioerr;
    unsigned long long base;
    /* cursor: line/col of buf[cpos] */
    size_t cpos;
    long long line, col;
    int prev_cr, nl;
    int lone_cr_done, enc_done, bom_done, enc_check;
    int nul_done, nul_check; /* the warning at the first NUL byte (encoding.h), as enc_* */
    unsigned long long open_until; /* stream offset: no ']' from the last lone '[' up to here */
    int ngames;
    /* one token of lookahead */
    int have_peek;
    pk_token peek;
    long long peek_line, peek_col;
    int peek_nl;
    /* the game being built */
    pk_game *g;
    pk_diag_sink *sink;
    pk_arena *a;
    int state, depth, skip, too_large;
    long nodes; /* moves and notes of the game so far */
    int plain; /* plain_tokens() in use (not under PK_PDN_NO_FAST_PATH) */
    int nstray, unclosed;
    /* stray text before a game's first tag or move: reported with that game's index once
     * it starts, or with none (index 0) when the input ends without another game */
    int stray_held;
    long long stray_line, stray_col;
    char stray_msg[120];
    int nempty; /* move numbers with no move in this game: the first is reported, then a count */
    unsigned warned;
    unsigned long long game_start;
    int dash_pending;
    long long dash_line, dash_col;
    level lv[PK_PDN_MAX_DEPTH + 1];
    pk_pdn_tag *tags;
    int ntags, tcap;
    char *sbuf; /* scratch for comments and tag values */
    size_t scap;
    char msg[600];
    /* out of memory while building a game: pk_rd_nomem() jumps back to pk_pdn_next, which
     * reports it and returns -PK_ERR_NOMEM; the reader is broken from then on */
    jmp_buf nomem;
    int broken;
    /* pdn_resume.h: how the last game ended, and whether the input ended cleanly */
    int by_result, last_by_result, clean;
    int trailing; /* the game's terminator is read, and notes alone follow it (pdn_result.c) */
    unsigned long said; /* diagnostics reported so far */
    int src_borrowed;
    int tag_follows; /* pdn_resume.h */
    /* a result glued to a tag pair that goes on over lines ("0-0[FEN \"W:...\n...\"]") */
    long long glue_line; /* the line of the result token that ended the last game (0: none since) */
    int glued;     /* the token being handled is the next one, on that line: a '[' there may
                      start a tag pair as if it started its line (pk_rd_tag_start) */
    /* pdn_unparsed.c: the text of a game from a syntax error on, kept as it stands */
    unsigned long long tok_at;    /* stream offset of the token being handled */
    int keeping;                  /* the text from keep_from on is being kept */
    unsigned long long keep_from; /* stream offset of the first byte not yet copied */
    char *kept;                   /* the text kept so far (nkept bytes) */
    size_t nkept, kcap;
    long long kept_line, kept_col;      /* where it starts */
    unsigned kept_end;            /* PK_UNPARSED_LINE_COMMENT, _OPEN: how its last token ends */
    int deep;                     /* > 0: a variation nested too deep is kept, with that many '(' open */
    /* pdn_text.c: the text of the game being read (PK_PDN_KEEP_TEXT), copied out of the
     * window as it slides: text[0..ntext) then buf from stream offset text_from on */
    char *text;
    size_t ntext, textcap;
    unsigned long long text_from, text_total;
    int text_over; /* longer than PK_PDN_MAX_GAME_BYTES: no longer kept, only counted */
};

/* Allocation failed: abandons the game being read (never returns). */
_Noreturn void pk_rd_nomem(pk_pdn_reader *r);

#if defined(__GNUC__)
#define PK_RD_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PK_RD_PRINTF(a, b)
#endif

/* Diagnostics of the current game, for every part of the reader: a report at a severity;
 * a deviation the reader tolerates (a warning, an error under PK_PDN_STRICT); both in
 * pdn_report.c; a syntax error (pdn_unparsed.c: reported, then the rest of the game is
 * skipped, kept as text). */
void pk_rd_report(pk_pdn_reader *r, int sev, const char *code, long long line, long long col, const char *fmt, ...)
    PK_RD_PRINTF(6, 7);
void pk_rd_tolerate(pk_pdn_reader *r, const char *code, long long line, long long col, const char *fmt, ...)
    PK_RD_PRINTF(5, 6);
void pk_rd_syntax(pk_pdn_reader *r, long long line, long long col, const char *fmt, ...) PK_RD_PRINTF(4, 5);

/* Reports a diagnostic in the current game (pdn_report.c). */
void pk_rd_vreport(pk_pdn_reader *r, int sev, const char *code, long long line, long long col, const char *move,
                   const char *fmt, va_list ap);
/* Reports the stray text held before a game started (pk_rd_stray): in that game, or,
 * when none follows, in no game (pdn_report.c). */
void pk_rd_release_stray(pk_pdn_reader *r, int game_follows);
/* At the start of the input: a file named for a compression its bytes do not have
 * ("r.pdn.xz" holding text), said as the file's, not a game's (pdn_report.c). */
void pk_rd_say_format(pk_pdn_reader *r);

/* A tag value that goes on over several lines (programs wrap long FEN values) is read up
 * to its closing "] within these bounds; past them, or when a line starting with '['
 * comes first, the '[' is stray text as before. The bounds keep the scan inside the
 * LOOKAHEAD bytes the window holds past a token, and linear: only a '[' that starts its
 * line is scanned. */
#define WRAP_LINES 8
#define WRAP_BYTES 4096
/* Longer tag values are cut (at a character boundary) with a warning. */
#define TAG_VALUE_MAX (64u * 1024)
#define PK_STR_(x) #x
#define PK_STR(x) PK_STR_(x)

/* Why a tag value is not closed (pk_rd_wrapped_end(), for the message). */
enum { OPEN_BOUNDS = 1, OPEN_NEXT_TAG, OPEN_END, OPEN_QUOTE };

/* The reader's memory (pdn_report.c): a buffer of the reader grown to at least need
 * bytes (doubling), scratch memory of at least need bytes (r->sbuf). */
char *pk_rd_grow(pk_pdn_reader *r, char **buf, size_t *cap, size_t need);
char *pk_rd_scratch(pk_pdn_reader *r, size_t need);

/* The input window (pdn_window.c): refill the window (keeping buf[pos..len)), move the
 * cursor to buf[to], the warning about an input that is not UTF-8. */
void pk_rd_fill(pk_pdn_reader *r);
void pk_rd_advance(pk_pdn_reader *r, size_t to);
void pk_rd_note_encoding(pk_pdn_reader *r);

/* The move tree (pdn_tree.c): zeroed and raw arena memory, a string copy, a new note
 * (counted against MAX_NODES); a note after the last move of the current line (or before
 * its first move), a note waiting for the next move; a level reset, closed into a line,
 * the main line handed to g; a variation opened (0: it would nest deeper than
 * PK_PDN_MAX_DEPTH, nothing opened) and closed (the caller checks that one is open);
 * strength marks, NAGs, setups and % lines. */
void *pk_rd_alloc(pk_pdn_reader *r, size_t n);
char *pk_rd_dup(pk_pdn_reader *r, const char *s, size_t n);
pk_pdn_note *pk_rd_new_note(pk_pdn_reader *r, int kind, long long line, long long col);
void pk_rd_add_after(pk_pdn_reader *r, pk_pdn_note *n);
void pk_rd_add_pending(pk_pdn_reader *r, pk_pdn_note *n);
void pk_rd_reset_level(level *L, long long line, long long col);
void pk_rd_close_level(pk_pdn_reader *r, int d, pk_pdn_line *out);
void pk_rd_close_main(pk_pdn_reader *r, pk_game *g);
void pk_rd_add_rest(pk_pdn_reader *r, pk_pdn_note *rest);
int pk_rd_open_variation(pk_pdn_reader *r, long long line, long long col);
void pk_rd_close_variation(pk_pdn_reader *r);
void pk_rd_strength_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col);
void pk_rd_simple_note(pk_pdn_reader *r, const pk_token *t, int kind, long long line, long long col);

/* Text not read as PDN (pdn_unparsed.c): stray text (warned once per game, then
 * counted; held before a game started: pk_rd_release_stray). After a syntax error
 * (pk_rd_syntax) the text is kept from the token of the error (r->tok_at) on: copied from
 * the window as it slides (pk_rd_keep, pdn_text.c) or given (pk_rd_keep_text, pdn_text.c),
 * and made a PK_NOTE_UNPARSED note up to buf[end] (pk_rd_unparsed_end);
 * a game too large keeps none (pk_rd_unparsed_drop); variations never closed end with an
 * empty one (pk_rd_unclosed_rest). A variation nested too deep
 * (pk_rd_too_deep) is kept up to its matching ')' (pk_rd_deep_token takes every '(' and
 * ')' in it). */
void pk_rd_stray(pk_pdn_reader *r, const pk_token *t, long long line, long long col);
/* A junk token shaped as a move of squares ("m1-l2", "a13-b12"): the length of its first
 * part that is no square of any board, 0 when it is not shaped so (*at: where that part
 * starts). Such a token is a move nobody can read, a syntax error, never skipped text. */
size_t pk_rd_move_like(const char *s, size_t n, size_t *at);
void pk_rd_unparsed_end(pk_pdn_reader *r, size_t end, unsigned flags);
void pk_rd_unparsed_drop(pk_pdn_reader *r);
void pk_rd_unclosed_rest(pk_pdn_reader *r);
void pk_rd_too_deep(pk_pdn_reader *r, long long line, long long col);
void pk_rd_deep_token(pk_pdn_reader *r, const pk_token *t);
/* The game's text as it stands (pdn_text.c, PK_PDN_KEEP_TEXT): begin when pk_pdn_next
 * starts, slide before the window moves (fill), end when the game is done. The text after
 * a syntax error (pdn_text.c, for pdn_unparsed.c): copied from the window up to stream
 * offset upto (fill calls it before the window moves), or given. */
void pk_rd_text_begin(pk_pdn_reader *r);
void pk_rd_text_slide(pk_pdn_reader *r);
void pk_rd_text_end(pk_pdn_reader *r, pk_game *g);
void pk_rd_keep(pk_pdn_reader *r, unsigned long long upto);
void pk_rd_keep_text(pk_pdn_reader *r, const char *s, size_t n);

/* Tag pairs (pdn_tag.c). */
void pk_rd_split_tag(pk_pdn_reader *r, const pk_token *t, const char **name, size_t *nl, const char **val,
                     size_t *vl);
void pk_rd_odd_tag(pk_pdn_reader *r, const pk_token *t, long long line, long long col, const char **name, size_t *nl,
                   const char **val, size_t *vl);
int pk_rd_tag_start(pk_pdn_reader *r, const pk_token *t, long long col, const char **name, size_t *nlen, size_t *v);
size_t pk_rd_wrapped_end(pk_pdn_reader *r, size_t v, int *breaks, int *why);
size_t pk_rd_join_value(pk_pdn_reader *r, size_t v, size_t e, char *out);
size_t pk_rd_long_value(pk_pdn_reader *r, size_t v, size_t *total, int *closed);

/* Results (pdn_result.c): a result token; a move token that is a result (glued to the
 * next game's move number, or with blanks), else 0. Both end the game: GAME_DONE; a
 * result token that only notes follow up to the end of the input, CONTINUE (the game
 * takes them: r->trailing). */
int pk_rd_result_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col);
int pk_rd_result_like_move(pk_pdn_reader *r, const pk_token *t, long long line, long long col);
/* A result token that is a move: "1-2" or "2-1" in a game whose Variant or GameType tag
 * names a variant of the full board (Turkish: squares 1 and 2 are neighbours), pdn(5);
 * then *as_move is t made a move token. */
int pk_rd_result_is_move(const pk_pdn_reader *r, const pk_token *t, pk_token *as_move);
/* The game ends without a result token, before `what` (at line:col): a '-' just before
 * stands for the result, else the result is missing (missing-result: a warning, an error
 * under PK_PDN_STRICT). The same words wherever it ends: the next game's tag pairs, its
 * move number 1, the end of the input (issue 31). Nothing while skipping after an error. */
void pk_rd_no_result(pk_pdn_reader *r, long long line, long long col, const char *what);

/* The move parser (pdn_move.c). */
void pk_rd_move_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col);
void pk_rd_number_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col);
void pk_rd_ellipsis_token(pk_pdn_reader *r);
int pk_rd_plain_tokens(pk_pdn_reader *r);
/* An archive without tag pairs nor results (Danican's opening book: "01. 31-26 17-21 02.
 * ...", a blank line between games): in a game without tag pairs, the number token t, read
 * after nl line breaks, starts the next game when it is move number 1 ("1.", "01."; not
 * "1...") after a blank line, at the top level once the game has moves (pdn(5) GAMES). A
 * game with tag pairs goes on: its next game starts at its tags. Also while skipping after
 * a syntax error, so that one bad game does not swallow the rest of such a file. */
int pk_rd_restarts(const pk_pdn_reader *r, const pk_token *t, int nl);

static inline const char *tok_text(pk_pdn_reader *r, const pk_token *t)
{
    return r->buf + t->start;
}

/* Whether a warning the source asks for (encoding.h: the first byte not read as UTF-8,
 * the first NUL) is due before stream offset `at`: the cursor must be counted up to it
 * first (advance() says it). Call only when enc_check or nul_check is set. */
static inline int pk_rd_notice_due(const pk_pdn_reader *r, unsigned long long at)
{
    return (r->enc_check && pk_src_switch_offset(r->src) < at) || (r->nul_check && pk_src_nul_offset(r->src) < at);
}

/* The first window position pos at which pk_rd_notice_due(r, r->base + pos) holds, or
 * SIZE_MAX: a loop over the window compares with it alone. */
static inline size_t pk_rd_notice_limit(const pk_pdn_reader *r)
{
    size_t lim = SIZE_MAX;
    unsigned long long off[2] = {r->enc_check ? pk_src_switch_offset(r->src) : PK_SRC_NONE,
                                 r->nul_check ? pk_src_nul_offset(r->src) : PK_SRC_NONE};
    for (int k = 0; k < 2; k++)
        if (off[k] != PK_SRC_NONE) {
            size_t l = off[k] < r->base ? 0 : (size_t)(off[k] - r->base) + 1;
            if (l < lim)
                lim = l;
        }
    return lim;
}

static inline int is_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
}

/* Uninitialised arena memory, for strings and arrays filled at once. */
static inline void *alloc_raw(pk_pdn_reader *r, size_t n)
{
    void *p = pk_arena_alloc(r->a, n);
    if (!p)
        pk_rd_nomem(r);
    return p;
}

/* ---- lines of moves: pdn_tree.h (its inline functions call into pdn_tree.c, which
 * includes this header: here they made a loop, tests/install/layers.sh) */

#endif
