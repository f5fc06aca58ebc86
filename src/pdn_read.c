/*
 * pdn_read.c -- the streaming PDN reader (see pdn.h): the input window and line/column
 * cursor, the game state machine (where a game starts and ends), building the move tree,
 * and every diagnostic about syntax and tolerated deviations.
 *
 * A game ends at a result token, at a tag pair that follows movetext (missing result), at
 * a tag pair after a blank line that repeats a tag of a header-only record, or at the end
 * of input. After a syntax error the rest of the game is skipped up to its result or to a
 * tag pair at the start of a line, so one bad game never swallows the next.
 */
#include "pdn.h"
#include "encoding.h"
#include "pdn_arena.h"
#include "pdn_lex.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

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
    int line, col;
    int have_num, num, num_kind, num_line, num_col;
    int ellipsis; /* "12. ..." read: the number belongs to the next move, no warning */
} level;

struct pk_pdn_reader {
    const char *file;
    unsigned flags;
    pk_src *src;
    pk_lexer *lx;
    /* input window: buf[pos..len) not yet lexed, buf[len] = 0; base = stream offset of buf[0] */
    char *buf;
    size_t pos, len;
    int eof, ioerr;
    unsigned long long base;
    /* cursor: line/col of buf[cpos] */
    size_t cpos;
    int line, col, prev_cr, nl;
    int lone_cr_done, enc_done, bom_done, enc_check;
    unsigned long long open_until; /* stream offset: no ']' from the last lone '[' up to here */
    int ngames;
    /* one token of lookahead */
    int have_peek;
    pk_token peek;
    int peek_line, peek_col, peek_nl;
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
    int stray_held, stray_line, stray_col;
    char stray_msg[120];
    int nempty; /* move numbers with no move in this game: the first is reported, then a count */
    unsigned warned;
    unsigned long long game_start;
    int dash_pending, dash_line, dash_col;
    level lv[PK_PDN_MAX_DEPTH + 1];
    pk_pdn_tag *tags;
    int ntags, tcap;
    char *sbuf; /* scratch for comments and tag values */
    size_t scap;
    char msg[600];
};

/* ------------------------------------------------------------------ diagnostics */

static void release_stray(pk_pdn_reader *r, int game_follows);

static void vreport(pk_pdn_reader *r, int sev, const char *code, int line, int col,
                    const char *move, const char *fmt, va_list ap)
{
    if (r->stray_held && r->g->index > 0) /* something else is reported: a game it is */
        release_stray(r, 1);
    pk_diag d;
    memset(&d, 0, sizeof d);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    d.severity = sev;
    d.code = code;
    d.file = r->file;
    d.line = line;
    d.col = col;
    d.game = r->g->index;
    d.move = move;
    d.message = r->msg;
    if (sev == PK_SEV_ERROR)
        r->g->nerrors++;
    else if (sev == PK_SEV_WARNING)
        r->g->nwarnings++;
    pk_diag_emit(r->sink, &d);
}

#if defined(__GNUC__)
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define PRINTF(a, b)
#endif

static void PRINTF(6, 7) report(pk_pdn_reader *r, int sev, const char *code, int line, int col,
                                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(r, sev, code, line, col, NULL, fmt, ap);
    va_end(ap);
}

/* A deviation the reader tolerates: a warning, or an error under PK_PDN_STRICT. */
static void PRINTF(5, 6) tolerate(pk_pdn_reader *r, const char *code, int line, int col,
                                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(r, (r->flags & PK_PDN_STRICT) ? PK_SEV_ERROR : PK_SEV_WARNING, code, line, col, NULL,
            fmt, ap);
    va_end(ap);
}

/* A syntax error: reported, then the rest of the game is skipped. */
static void PRINTF(4, 5) syntax(pk_pdn_reader *r, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(r, PK_SEV_ERROR, "syntax", line, col, NULL, fmt, ap);
    va_end(ap);
    r->skip = 1;
}

/* ------------------------------------------------------------------ input window */

static void note_encoding(pk_pdn_reader *r);

static void fill(pk_pdn_reader *r)
{
    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->base += r->pos;
        r->cpos -= r->pos;
        r->len -= r->pos;
        r->pos = 0;
    }
    while (!r->eof && WIN_CAP - r->len >= 16) {
        long n = pk_src_read(r->src, r->buf + r->len, WIN_CAP - r->len);
        if (n < 0) {
            r->ioerr = errno ? errno : EIO; /* fread's reason, said in the io diagnostic */
            r->eof = 1;
        } else if (n == 0) {
            r->eof = 1;
        } else {
            r->len += (size_t)n;
        }
        if (r->len - r->pos >= LOOKAHEAD)
            break;
    }
    r->buf[r->len] = 0; /* the sentinel plain_tokens() relies on */
    if (!r->enc_done && !r->enc_check && pk_src_encoding(r->src) != PK_ENC_UTF8)
        r->enc_check = 1; /* advance() reports it when the cursor reaches the first byte */
}

/* 1 when the eight bytes at b are printable ASCII (0x20 to 0x7F): no byte has its high bit
 * set, nor borrows when 0x20 is taken from it. */
static int printable8(const unsigned char *b)
{
    uint64_t w;
    memcpy(&w, b, 8);
    return (((w - 0x2020202020202020u) | w) & 0x8080808080808080u) == 0;
}

/* Moves the cursor to buf[to], counting lines and characters (UTF-8 continuation bytes
 * are not characters). CRLF is one line break; a lone CR is one too, with a warning. */
static void advance(pk_pdn_reader *r, size_t to)
{
    const unsigned char *b = (const unsigned char *)r->buf;
    size_t i = r->cpos;
    int line = r->line, col = r->col, nl = r->nl, prev_cr = r->prev_cr;
    if (r->enc_check && pk_src_switch_offset(r->src) < r->base + to) {
        r->enc_check = 0;
        size_t at = (size_t)(pk_src_switch_offset(r->src) - r->base);
        r->enc_done = 1;
        if (at > i) {
            advance(r, at);
            i = r->cpos, line = r->line, col = r->col, nl = r->nl, prev_cr = r->prev_cr;
        }
        note_encoding(r);
    }
    for (; i < to; i++) {
        if (to - i >= 8 && printable8(b + i)) { /* tag values, comments: a run of them */
            col += 8;
            prev_cr = 0;
            i += 7;
            continue;
        }
        unsigned c = b[i];
        if (c >= 0x20 && c < 0x80) { /* the common case: one printable ASCII character */
            col++;
            prev_cr = 0;
            continue;
        }
        if (c == '\n') {
            if (!prev_cr) {
                line++;
                nl++;
            }
            col = 1;
            prev_cr = 0;
            continue;
        }
        prev_cr = 0;
        if (c == '\r') {
            if (!r->lone_cr_done && i + 1 < r->len && b[i + 1] != '\n') {
                r->lone_cr_done = 1;
                tolerate(r, "line-ending", line, col, "line break written as a lone CR");
            }
            line++;
            nl++;
            col = 1;
            prev_cr = 1;
        } else if ((c & 0xC0) != 0x80) {
            col++;
        }
    }
    r->cpos = i;
    r->line = line;
    r->col = col;
    r->nl = nl;
    r->prev_cr = prev_cr;
}

static void note_encoding(pk_pdn_reader *r)
{
    tolerate(r, "encoding", r->line, r->col, "input is not UTF-8; decoded as %s",
             pk_encoding_name(pk_src_encoding(r->src)));
}

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
}

/* Skips blanks. The common ones (space, tab, LF, CRLF) are counted on the way, without
 * a lexer call; the first other one (a lone CR, which may need a warning, an LF after a
 * CR that ended the last token, \f, \v) stops the count: advance() counts the rest when
 * the next token is read, so r->cpos may stay behind r->pos. */
static void skip_blanks(pk_pdn_reader *r)
{
    const char *b = r->buf;
    size_t i = r->pos, len = r->len;
    if (r->cpos == i) {
        int line = r->line, col = r->col, nl = r->nl, prev_cr = r->prev_cr;
        for (; i < len; i++) {
            char c = b[i];
            if (c == ' ' || c == '\t') {
                col++;
            } else if (c == '\n' && !prev_cr) {
                line++, nl++, col = 1;
            } else if (c == '\r' && i + 1 < len && b[i + 1] == '\n') {
                line++, nl++, col = 1;
                i++;
            } else {
                break;
            }
            prev_cr = 0;
        }
        r->line = line, r->col = col, r->nl = nl, r->prev_cr = prev_cr;
        r->cpos = i;
    }
    while (i < len && is_blank((unsigned char)b[i]))
        i++;
    r->pos = i;
}

static int plain_tokens(pk_pdn_reader *r);

/* Next token that is not a blank, with its position and the line breaks before it. Plain
 * move numbers and numeric moves are read into the game on the way (plain_tokens()), not
 * returned. */
static void fetch(pk_pdn_reader *r, pk_token *t, int *line, int *col, int *nl)
{
    if (r->have_peek) {
        r->have_peek = 0;
        *t = r->peek;
        *line = r->peek_line, *col = r->peek_col, *nl = r->peek_nl;
        return;
    }
    for (;;) {
        if (r->len - r->pos < LOOKAHEAD && !r->eof)
            fill(r);
        if (!r->bom_done) {
            r->bom_done = 1;
            if (pk_src_had_bom(r->src))
                tolerate(r, "bom", 1, 1, "UTF-8 byte-order mark at the start of the file");
        }
        skip_blanks(r);
        if (r->pos == r->len && !r->eof)
            continue;
        if (r->pos >= r->len) {
            advance(r, r->len);
            t->kind = PK_TOK_NONE; /* end of input */
            t->start = r->pos, t->len = 0;
            *line = r->line, *col = r->col, *nl = r->nl;
            return;
        }
        if (plain_tokens(r))
            continue;
        int k;
        if (r->buf[r->pos] == '[' && r->base + r->pos < r->open_until) {
            /* known: no ']' before the line break (see below), so no tag pair here */
            k = t->kind = PK_TOK_TAG_OPEN;
            t->start = r->pos;
            t->len = 1;
        } else {
            k = pk_lex_next(r->lx, r->buf, r->len, r->pos, r->eof, t);
        }
        if (k == PK_TOK_NONE) {
            /* Refill and retry while the window can still grow; a window that is full
             * (or within a few bytes of full: fill() stops 16 bytes short) holds a token
             * longer than the window: take what it has. */
            size_t have = r->len - r->pos;
            advance(r, r->pos);
            fill(r);
            if (r->len - r->pos > have || r->eof)
                continue;
            k = pk_lex_next(r->lx, r->buf, r->len, r->pos, 1, t); /* token longer than the window */
        }
        if (k == PK_TOK_TAG_OPEN && r->base + t->start >= r->open_until) {
            /* The lexer scanned the line for a ']' in vain: remember where that scan
             * ended, so that every other '[' of the line ("[[[[...") is not scanned again
             * (quadratic on a long line). */
            size_t q = t->start + 1;
            while (q < r->len && r->buf[q] != '\n' && r->buf[q] != '\r')
                q++;
            r->open_until = r->base + q;
        }
        advance(r, t->start);
        r->pos = t->start + t->len;
        if (k == PK_TOK_WS)
            continue;
        *line = r->line, *col = r->col, *nl = r->nl;
        if (k == PK_TOK_MOVE || k == PK_TOK_NUMBER) { /* ASCII, one line: no need to scan */
            r->col += (int)t->len;
            r->cpos = r->pos;
            r->prev_cr = 0;
        } else {
            advance(r, r->pos);
        }
        r->nl = 0;
        return;
    }
}

static void unfetch(pk_pdn_reader *r, const pk_token *t, int line, int col, int nl)
{
    r->have_peek = 1;
    r->peek = *t;
    r->peek_line = line, r->peek_col = col, r->peek_nl = nl;
}

static const char *tok_text(pk_pdn_reader *r, const pk_token *t)
{
    return r->buf + t->start;
}

/* ------------------------------------------------------------------ building */

static void *alloc(pk_pdn_reader *r, size_t n)
{
    void *p = pk_arena_alloc(r->a, n);
    if (!p)
        abort(); /* out of memory while holding at most one 16 MB game: nothing sane to do */
    memset(p, 0, n);
    return p;
}

/* Uninitialised arena memory, for strings and arrays filled at once. */
static void *alloc_raw(pk_pdn_reader *r, size_t n)
{
    void *p = pk_arena_alloc(r->a, n);
    if (!p)
        abort();
    return p;
}

static char *dup(pk_pdn_reader *r, const char *s, size_t n)
{
    char *p = alloc_raw(r, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

static pk_pdn_note *new_note(pk_pdn_reader *r, int kind, int line, int col)
{
    pk_pdn_note *n = alloc(r, sizeof *n);
    r->nodes++;
    n->kind = kind;
    n->line_no = line;
    n->col = col;
    return n;
}

static void append(pk_pdn_note **head, pk_pdn_note **tail, pk_pdn_note *n)
{
    if (*tail)
        (*tail)->next = n;
    else
        *head = n;
    *tail = n;
}

/* A note standing after the last move of the current line (or before its first move). */
static void add_after(pk_pdn_reader *r, pk_pdn_note *n)
{
    level *L = &r->lv[r->depth];
    if (L->n > 0)
        append(&L->v[L->n - 1].after, &L->v[L->n - 1].after_tail, n);
    else
        append(&L->pre, &L->pre_tail, n);
}

/* A note waiting for the next move (a comment after a move number, a setup). */
static void add_pending(pk_pdn_reader *r, pk_pdn_note *n)
{
    level *L = &r->lv[r->depth];
    append(&L->pend, &L->pend_tail, n);
}

static void flush_pending(level *L)
{
    pk_pdn_note *n = L->pend;
    L->pend = L->pend_tail = NULL;
    while (n) {
        pk_pdn_note *next = n->next;
        n->next = NULL;
        if (L->n > 0)
            append(&L->v[L->n - 1].after, &L->v[L->n - 1].after_tail, n);
        else
            append(&L->pre, &L->pre_tail, n);
        n = next;
    }
}

static void check_number(pk_pdn_reader *r, level *L)
{
    if (L->have_num) {
        L->have_num = 0;
        if (L->ellipsis) {
            L->ellipsis = 0;
            return;
        }
        if (r->nempty++ == 0) /* "1.1.1.1..." must not print a line per number */
            tolerate(r, "empty-move-number", L->num_line, L->num_col, "move number %d with no move", L->num);
    }
}

/* A new move slot at the end of line L, to be filled, then attach_move()d. */
static inline pk_pdn_move *new_move(pk_pdn_reader *r, level *L)
{
    if (L->n == L->cap) {
        int cap = L->cap ? L->cap * 2 : 128;
        pk_pdn_move *v = realloc(L->v, (size_t)cap * sizeof *v);
        if (!v)
            abort();
        L->v = v;
        L->cap = cap;
    }
    r->nodes++;
    return &L->v[L->n++];
}

/* Gives m (the last move of line L) the move number and the notes written before it. */
static inline void attach_move(pk_pdn_reader *r, level *L, pk_pdn_move *m)
{
    if (L->have_num) {
        m->number = L->num;
        m->number_kind = L->num_kind;
        L->have_num = 0;
        L->ellipsis = 0;
    }
    m->before = L->pend;
    L->pend = L->pend_tail = NULL;
    if (r->depth == 0)
        r->g->plies++;
}

/* Appends w (text, position, squares, flags) to the current line, with the move number
 * and the notes written before it. */
static pk_pdn_move *push_move(pk_pdn_reader *r, const pk_pdn_move *w)
{
    level *L = &r->lv[r->depth];
    pk_pdn_move *m = new_move(r, L);
    *m = *w;
    attach_move(r, L, m);
    return m;
}

static void placeholder(pk_pdn_reader *r, const char *text, int line, int col)
{
    if (!(r->warned & W_PLACEHOLDER)) {
        r->warned |= W_PLACEHOLDER;
        tolerate(r, "placeholder", line, col, "'%s' stands for an unknown move", text);
    }
    pk_pdn_move w = {.text = text, .line = line, .col = col, .flags = PK_PDN_MOVE_PLACEHOLDER, .seps = ""};
    push_move(r, &w);
}

static void resolve_dash(pk_pdn_reader *r)
{
    if (r->dash_pending) {
        r->dash_pending = 0;
        placeholder(r, "-", r->dash_line, r->dash_col);
    }
}

/* Copies the moves of level d into the arena as a finished line. */
static void close_level(pk_pdn_reader *r, int d, pk_pdn_line *out)
{
    level *L = &r->lv[d];
    flush_pending(L);
    out->nmoves = L->n;
    out->moves = L->n ? alloc_raw(r, (size_t)L->n * sizeof *out->moves) : NULL;
    if (L->n)
        memcpy(out->moves, L->v, (size_t)L->n * sizeof *out->moves);
    out->pre = L->pre;
    out->pre_tail = L->pre_tail;
    out->line = L->line;
    out->col = L->col;
}

/* The main line is not copied: the level's array goes to the game, and the reader takes
 * the array the game held (its moves were the game read before into g, which this read
 * replaces). Each array has one owner, the reader or one pk_game. */
static void close_main(pk_pdn_reader *r, pk_game *g)
{
    level *L = &r->lv[0];
    if (L->n == 0) {
        close_level(r, 0, &g->main);
        return;
    }
    pk_pdn_move *old = g->main_buf_;
    int old_cap = g->main_cap_;
    flush_pending(L);
    g->main.nmoves = L->n;
    g->main.moves = L->v;
    g->main.pre = L->pre;
    g->main.pre_tail = L->pre_tail;
    g->main.line = L->line;
    g->main.col = L->col;
    g->main_buf_ = L->v;
    g->main_cap_ = L->cap;
    L->v = old;
    L->cap = old_cap;
    L->n = 0;
}

static void reset_level(level *L, int line, int col)
{
    L->n = 0;
    L->pre = L->pre_tail = L->pend = L->pend_tail = L->var = NULL;
    L->have_num = 0;
    L->ellipsis = 0;
    L->line = line;
    L->col = col;
}

/* ------------------------------------------------------------------ moves */

static int same_square(const pk_pdn_square *a, const pk_pdn_square *b)
{
    return a->kind == b->kind && a->num == b->num && a->file == b->file && a->rank == b->rank;
}

/* Length of the strength mark at the end of s[0..n): "!?", "(?)", "*". */
static size_t strength_len(const char *s, size_t n)
{
    size_t k = 0;
    if (n && s[n - 1] == ')') {
        while (k < n && s[n - 1 - k] != '(')
            k++;
        return k + 1;
    }
    if (n && s[n - 1] == '*')
        return 1;
    while (k < n && (s[n - 1 - k] == '!' || s[n - 1 - k] == '?'))
        k++;
    return k;
}

/* A blank at s[i] that only pads a one-digit square after its separator ("46-41  1- 7",
 * column-aligned files): the PDN 3.0 grammar allows blanks between tokens, so it is not
 * worth a warning. Other blanks ("28 x17", "1 - 5") are. */
static int padding(const char *s, size_t n, size_t i)
{
    size_t j = i;
    while (j > 0 && (s[j - 1] == ' ' || s[j - 1] == '\t'))
        j--;
    if (j == 0 || (s[j - 1] != '-' && s[j - 1] != 'x' && s[j - 1] != ':'))
        return 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i < n && s[i] >= '1' && s[i] <= '9' && (i + 1 == n || s[i + 1] < '0' || s[i + 1] > '9');
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* value * 10 + digit, saturating at PK_PDN_NUMBER_MAX: a square, rank or move number
 * written with many digits ("5555555555") stays out of range instead of overflowing. */
#define PK_PDN_NUMBER_MAX 100000000
static int add_digit(int value, char digit)
{
    return value >= PK_PDN_NUMBER_MAX / 10 ? PK_PDN_NUMBER_MAX : value * 10 + (digit - '0');
}

static inline bool is_move_sep(char c) { return c == ' ' || c == '\t' || c == '-' || c == 'x' || c == ':'; }

/* Squares in a move token, counted as move_token() splits them (runs for every move:
 * no strchr per character). */
static size_t count_squares(const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (is_move_sep(c))
            continue;
        if (i == 0 || !(c >= '0' && c <= '9') || is_move_sep(s[i - 1]))
            k++;
    }
    return k;
}

/* A setup command among the notes n (a change of the board). */
static bool has_setup(const pk_pdn_note *n)
{
    for (; n; n = n->next)
        if (n->kind == PK_NOTE_SETUP)
            return true;
    return false;
}

/* A capture that starts where the previous capture of line L ended is a hop, unless a
 * setup command stands between them: then the board changed and it is a move of its own. */
static inline void mark_hop(level *L, pk_pdn_move *m)
{
    if (L->n >= 2 && (m->flags & PK_PDN_MOVE_CAPTURE) && !has_setup(m->before)) {
        pk_pdn_move *p = &L->v[L->n - 2];
        if ((p->flags & PK_PDN_MOVE_CAPTURE) && p->nsquares && m->nsquares &&
            same_square(&p->squares[p->nsquares - 1], &m->squares[0]))
            m->flags |= PK_PDN_MOVE_HOP;
    }
}

/* Adds a parsed move to the current line. */
static void add_move(pk_pdn_reader *r, const pk_pdn_move *w)
{
    resolve_dash(r);
    pk_pdn_move *m = push_move(r, w);
    mark_hop(&r->lv[r->depth], m);
}

static void move_token(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    const char *s = tok_text(r, t);
    size_t n = t->len, sl = strength_len(s, n);
    n -= sl;
    /* pdn.h's limit (no capture path is that long), checked before the arena block is
     * sized from n; a token of at most that many characters cannot exceed it. */
    size_t count = n > PK_PDN_MAX_SQUARES ? count_squares(s, n) : 0;
    if (count > PK_PDN_MAX_SQUARES) {
        syntax(r, line, col, "move '%.24s...' has %zu squares, more than %d", s, count, PK_PDN_MAX_SQUARES);
        return;
    }
    /* One arena block per move, no per-square allocation: the text as written, the
     * square texts (NUL-separated), the strength mark and the separators. */
    size_t maxsq = n / 2 + 1;
    /* square texts need up to 2n bytes ("a3b4" -> "a3\0b4\0") */
    pk_pdn_square *sq = alloc_raw(r, maxsq * sizeof *sq + 4 * n + sl + 4);
    char *text = (char *)(sq + maxsq), *sqtext = text + n + 1, *seps = sqtext + 2 * n + 1;
    char *strength = seps + n + 1;
    int nsq = 0, spaced = 0, upper = 0, file_only = 0;
    memcpy(text, s, n);
    text[n] = 0;
    for (size_t i = 0; i < n && (size_t)nsq < maxsq;) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t') {
            spaced |= padding(s, n, i) ? 1 : 2;
            i++;
        } else if (c == '-' || c == 'x' || c == ':') {
            if (nsq > 0)
                seps[nsq - 1] = (char)c;
            i++;
        } else {
            pk_pdn_square *q = &sq[nsq];
            size_t j = i;
            q->kind = PK_SQ_NUMERIC;
            q->num = q->rank = 0;
            q->file = -1;
            q->text = sqtext;
            if (c >= '0' && c <= '9') {
                while (j < n && s[j] >= '0' && s[j] <= '9') {
                    q->num = add_digit(q->num, s[j]);
                    *sqtext++ = s[j++];
                }
            } else {
                upper |= c >= 'A' && c <= 'Z';
                q->file = lower(c) - 'a';
                *sqtext++ = (char)lower(c);
                j++;
                if (j < n && s[j] >= '0' && s[j] <= '9') {
                    q->kind = PK_SQ_ALGEBRAIC;
                    while (j < n && s[j] >= '0' && s[j] <= '9') {
                        q->rank = add_digit(q->rank, s[j]);
                        *sqtext++ = s[j++];
                    }
                } else {
                    q->kind = PK_SQ_FILE;
                    file_only = 1;
                }
            }
            *sqtext++ = 0;
            seps[nsq++] = ' ';
            i = j;
        }
    }
    seps[nsq > 0 ? nsq - 1 : 0] = 0;
    memcpy(strength, s + n, sl);
    strength[sl] = 0;
    pk_pdn_move w = {.text = text, .line = line, .col = col, .nsquares = nsq, .squares = sq, .seps = seps,
                     .strength = sl ? strength : NULL, .flags = spaced ? PK_PDN_MOVE_SPACED : 0};
    for (int i = 0; i + 1 < nsq; i++)
        if (seps[i] == 'x' || seps[i] == ':')
            w.flags |= PK_PDN_MOVE_CAPTURE;
    add_move(r, &w);
    if ((spaced & 2) && !(r->warned & W_SPACING)) {
        r->warned |= W_SPACING;
        report(r, PK_SEV_WARNING, "move-spacing", line, col, "blanks inside the move '%s'", text);
    }
    if (upper && !(r->warned & W_UPPER)) {
        r->warned |= W_UPPER;
        tolerate(r, "upper-case-square", line, col, "upper-case square in '%s'", text);
    }
    if (file_only && !(r->warned & W_SHORT)) {
        r->warned |= W_SHORT;
        tolerate(r, "short-notation", line, col, "column-only short notation '%s'", text);
    }
}

/* A move number (kind PK_NUM_FIRST or PK_NUM_SECOND), for the next move. */
static void move_number(pk_pdn_reader *r, int num, int kind, int line, int col)
{
    level *L = &r->lv[r->depth];
    resolve_dash(r);
    check_number(r, L);
    L->have_num = 1;
    L->ellipsis = 0;
    L->num = num;
    L->num_kind = kind;
    L->num_line = line;
    L->num_col = col;
}

static void number_token(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    const char *s = tok_text(r, t);
    int num = 0;
    for (size_t i = 0; i < t->len && s[i] >= '0' && s[i] <= '9'; i++)
        num = add_digit(num, s[i]);
    move_number(r, num, t->len >= 4 && s[t->len - 2] == '.' ? PK_NUM_SECOND : PK_NUM_FIRST, line, col);
}

/* "12. ..." : the first player's move is left out; the next move is the second player's. */
static void ellipsis_token(pk_pdn_reader *r)
{
    level *L = &r->lv[r->depth];
    resolve_dash(r);
    if (!L->have_num) {
        L->have_num = 1;
        L->num = 0;
    }
    L->num_kind = PK_NUM_SECOND;
    L->ellipsis = 1;
}

/* ------------------------------------------------------------------ plain movetext */

/* Most movetext is plain move numbers ("12.", "12...") and numeric moves ("11-15",
 * "26x17x10") between single blanks. plain_tokens() reads them straight from the window
 * into the game, in one pass: the squares are valued while the digits are scanned, the
 * column is the token length, and a move takes one arena block. It takes only tokens
 * that the lexer's fast path takes as PK_TOK_NUMBER or PK_TOK_MOVE (scan_plain() mirrors
 * fast_token() in pdn_lex.c, less a few rare forms) and builds what the general path
 * (fetch(), handle(), number_token(), move_token()) builds from them; anything else is
 * left to that path. The scans need no bounds checks: the window ends with a NUL. */

typedef struct plain {
    size_t len;                    /* of the token */
    int nsq;                       /* squares of a move; 0 for a move number */
    int second;                    /* "12...": the number of the second player's move */
    unsigned flags;                /* PK_PDN_MOVE_CAPTURE when a separator is 'x' */
    int num[PK_PDN_MAX_SQUARES];   /* the squares' numbers, or num[0] = the move number */
    size_t at[PK_PDN_MAX_SQUARES]; /* where each square's digits start, from the token start */
} plain;

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* What may follow a plain move (fast_token()'s is_plain_end): not '(', as in "19-23(?)". */
static int is_plain_end(unsigned char c) { return is_blank(c) || c == '{' || c == ')' || c == '['; }

/* Scans the plain token at s (a digit; e is the window end). Returns 0 when it is not one:
 * a result that looks like a move ("1-0", "0.5-0.5"), a number of more than 8 digits
 * (add_digit() saturates), more than PK_PDN_MAX_SQUARES squares, a token that may go on
 * past the window, anything unusual (letters, strength marks, blanks). */
static int scan_plain(const unsigned char *s, const unsigned char *e, int at_eof, plain *p)
{
    const unsigned char *q = s;
    int nsq = 0;
    p->flags = 0;
    for (;;) {
        const unsigned char *d = q;
        /* q is on a digit; squares and move numbers have one or two digits, more rarely
         * three: those are read without a loop */
        unsigned v = (unsigned)(*q++ - '0');
        if (is_digit(*q)) {
            v = v * 10 + (unsigned)(*q++ - '0');
            for (; is_digit(*q); q++) /* unsigned: wraps harmlessly past 8 digits, before the check */
                v = v * 10 + (unsigned)(*q - '0');
            if (q - d > 8)
                return 0;
        }
        p->at[nsq] = (size_t)(d - s);
        p->num[nsq++] = (int)v;
        if (nsq == 1) {
            if (q + 3 >= e && !at_eof)
                return 0;
            if (*q == '.') { /* a move number, whatever follows it, as in fast_token() */
                if (*s == '0' && q == s + 1)
                    return 0; /* 0.5-0.5 */
                p->second = q[1] == '.' && q[2] == '.';
                p->len = (size_t)(q - s) + (p->second ? 3 : 1);
                p->nsq = 0;
                return 1;
            }
        }
        if (*q != '-' && *q != 'x')
            break;
        if (!is_digit(q[1]) || nsq == PK_PDN_MAX_SQUARES)
            return 0;
        if (*q++ == 'x')
            p->flags = PK_PDN_MOVE_CAPTURE;
    }
    if (nsq == 1 || (q < e && !is_plain_end(*q)) || (q == e && !at_eof))
        return 0;
    if (q - s == 3 && s[0] <= '2' && s[2] <= '2')
        return 0; /* 1-0, 0-2, 1-1 ...: results */
    p->len = (size_t)(q - s);
    p->nsq = nsq;
    return 1;
}

/* memcpy() of the few bytes of a move token, without the call: two overlapping word
 * copies for 4 to 16 bytes. */
static inline void copy_small(char *d, const char *s, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else {
        memcpy(d, s, n);
    }
}

/* The move of a plain token s[0..n), as move_token() would build it, in one arena block:
 * the squares, the text, the texts of the squares but the last (which ends the text),
 * the separators. */
static void plain_move(pk_pdn_reader *r, const char *s, const plain *p, int line, int col)
{
    size_t n = p->len, last = p->at[p->nsq - 1];
    int nsq = p->nsq;
    pk_pdn_square *sq = alloc_raw(r, (size_t)nsq * sizeof *sq + n + 1 + last + (size_t)nsq);
    char *text = (char *)(sq + nsq), *sqtext = text + n + 1, *seps = sqtext + last;
    copy_small(text, s, n);
    text[n] = 0;
    for (int i = 0; i < nsq; i++) {
        size_t k = p->at[i];
        sq[i].kind = PK_SQ_NUMERIC;
        sq[i].num = p->num[i];
        sq[i].file = -1;
        sq[i].rank = 0;
        if (i + 1 < nsq) {
            sq[i].text = sqtext + k;
            for (; is_digit((unsigned char)s[k]); k++) /* a digit or two: cheaper than memcpy() */
                sqtext[k] = s[k];
            sqtext[k] = 0;
            seps[i] = s[k];
        } else {
            sq[i].text = text + k; /* the last square ends the text */
            seps[i] = 0;
        }
    }
    /* add_move(), without a temporary: the slot is filled in place */
    resolve_dash(r);
    level *L = &r->lv[r->depth];
    pk_pdn_move *m = new_move(r, L);
    m->text = text;
    m->line = line;
    m->col = col;
    m->number = m->number_kind = 0;
    m->flags = p->flags;
    m->nsquares = nsq;
    m->squares = sq;
    m->seps = seps;
    m->strength = NULL;
    m->after = m->after_tail = NULL;
    attach_move(r, L, m);
    mark_hop(L, m);
}

/* Reads plain tokens at r->pos, and the blanks between them, until something else comes
 * or the window needs a refill (fetch() refills at the same points as for any token).
 * Returns 0 when none was read. Only in movetext, not while skipping after an error nor
 * after a read error, and with the cursor's line and column up to date. Each token is
 * also left to the general path when it has something to do first: a game too large, an
 * encoding note due. */
static int plain_tokens(pk_pdn_reader *r)
{
    if (!r->plain || r->state != ST_BODY || r->skip || r->ioerr || r->cpos != r->pos)
        return 0;
    const unsigned char *b = (const unsigned char *)r->buf, *e = b + r->len;
    size_t pos = r->pos;
    int line = r->line, col = r->col, nl = r->nl, prev_cr = r->prev_cr, read = 0;
    for (;;) {
        plain p;
        if (!is_digit(b[pos]) || r->nodes > MAX_NODES ||
            r->base + pos - r->game_start > PK_PDN_MAX_GAME_BYTES ||
            (r->enc_check && pk_src_switch_offset(r->src) < r->base + pos) ||
            !scan_plain(b + pos, e, r->eof, &p))
            break;
        if (p.nsq == 0)
            move_number(r, p.num[0], p.second ? PK_NUM_SECOND : PK_NUM_FIRST, line, col);
        else
            plain_move(r, (const char *)b + pos, &p, line, col);
        read = 1;
        /* what fetch() does after a move or number token: ASCII, on one line */
        pos += p.len;
        col += (int)p.len;
        prev_cr = nl = 0;
        if (r->len - pos < LOOKAHEAD && !r->eof)
            break;
        /* the blanks skip_blanks() counts (no CR before them: prev_cr is 0) */
        for (;; pos++) {
            if (b[pos] == ' ' || b[pos] == '\t') {
                col++;
            } else if (b[pos] == '\n') {
                line++, nl++, col = 1;
            } else if (b[pos] == '\r' && b[pos + 1] == '\n') {
                line++, nl++, col = 1;
                pos++;
            } else {
                break;
            }
        }
    }
    r->pos = r->cpos = pos;
    r->line = line, r->col = col, r->nl = nl, r->prev_cr = prev_cr;
    return read;
}

/* ------------------------------------------------------------------ comments and tags */

static char *scratch(pk_pdn_reader *r, size_t need)
{
    if (need > r->scap) {
        size_t cap = r->scap ? r->scap : 4096;
        while (cap < need)
            cap *= 2;
        char *p = realloc(r->sbuf, cap);
        if (!p)
            abort();
        r->sbuf = p;
        r->scap = cap;
    }
    return r->sbuf;
}

/* Scans a {comment} whose '{' was just read; the text may run past the window. Returns
 * the text, or NULL when it is unterminated (ended by a tag line or the end of input). */
static const char *scan_comment(pk_pdn_reader *r, size_t *out_len)
{
    size_t kept = 0;
    int at_line_start = 0;
    for (;;) {
        const char *b = r->buf;
        size_t i = r->pos;
        while (i < r->len) {
            char c = b[i];
            if (c == '}')
                break;
            if (at_line_start && c == '[' && i + 1 < r->len &&
                ((b[i + 1] | 32) >= 'a' && (b[i + 1] | 32) <= 'z'))
                break; /* a tag line: the comment was never closed */
            at_line_start = c == '\n' || c == '\r';
            i++;
        }
        size_t n = i - r->pos;
        if (kept + n <= PK_PDN_MAX_GAME_BYTES) {
            memcpy(scratch(r, kept + n + 1) + kept, b + r->pos, n);
            kept += n;
        }
        advance(r, i);
        r->pos = i;
        if (i < r->len && b[i] == '}') {
            r->pos++;
            advance(r, r->pos);
            *out_len = kept;
            return r->sbuf ? r->sbuf : "";
        }
        if (i < r->len || r->eof) {
            *out_len = kept;
            return NULL;
        }
        fill(r);
    }
}

static void comment_token(pk_pdn_reader *r, int line, int col)
{
    size_t n;
    const char *text = scan_comment(r, &n);
    if (!text) {
        syntax(r, line, col, "unterminated comment: '{' has no closing '}'");
        return;
    }
    if (r->skip)
        return;
    pk_pdn_note *note = new_note(r, PK_NOTE_COMMENT, line, col);
    note->text = dup(r, text, n);
    level *L = &r->lv[r->depth];
    if (r->state == ST_START || L->have_num || L->pend) {
        if (L->have_num && !L->ellipsis)
            tolerate(r, "comment-position", line, col, "comment between a move number and its move");
        add_pending(r, note);
    } else {
        add_after(r, note);
    }
}

static int is_smart_quote(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    return u[0] == 0xE2 && u[1] == 0x80 && (u[2] >= 0x98 && u[2] <= 0x9F);
}

static void add_tag(pk_pdn_reader *r, const char *name, size_t nl, const char *val, size_t vl,
                    int line, int col)
{
    if (r->ntags == r->tcap) {
        int cap = r->tcap ? r->tcap * 2 : 32;
        pk_pdn_tag *t = realloc(r->tags, (size_t)cap * sizeof *t);
        if (!t)
            abort();
        r->tags = t;
        r->tcap = cap;
    }
    pk_pdn_tag *t = &r->tags[r->ntags++];
    t->name = dup(r, name, nl);
    t->value = dup(r, val, vl);
    t->line = line;
    t->col = col;
}

static int has_tag(pk_pdn_reader *r, const char *name, size_t nl)
{
    for (int i = 0; i < r->ntags; i++)
        if (strlen(r->tags[i].name) == nl && !memcmp(r->tags[i].name, name, nl))
            return 1;
    return 0;
}

/* Splits "[Name "value"]" (standard) into name and unescaped value. */
static void split_tag(pk_pdn_reader *r, const pk_token *t, const char **name, size_t *nl,
                      const char **val, size_t *vl)
{
    const char *s = tok_text(r, t), *e = s + t->len - 1; /* e at ']' */
    s++;
    while (*s == ' ' || *s == '\t')
        s++;
    *name = s;
    while (*s != ' ' && *s != '\t' && *s != '"')
        s++;
    *nl = (size_t)(s - *name);
    while (*s != '"')
        s++;
    s++;
    while (e[-1] != '"')
        e--;
    e--; /* closing quote */
    char *out = scratch(r, (size_t)(e - s) + 1);
    size_t o = 0;
    for (const char *p = s; p < e; p++) {
        if (*p == '\\' && p + 1 < e && (p[1] == '"' || p[1] == '\\'))
            p++;
        out[o++] = *p;
    }
    *val = out;
    *vl = o;
}

/* [ ... ] that is not a standard tag pair: smart quotes, unquoted values, [Empty]. */
static void odd_tag(pk_pdn_reader *r, const pk_token *t, int line, int col, const char **name,
                    size_t *nl, const char **val, size_t *vl)
{
    const char *s = tok_text(r, t) + 1, *e = tok_text(r, t) + t->len - 1;
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    *name = s;
    while (s < e && *s != ' ' && *s != '\t' && *s != '"' && !is_smart_quote(s))
        s++;
    *nl = (size_t)(s - *name);
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    int open_smart = e - s >= 3 && is_smart_quote(s);
    int close_smart = e - s >= 3 && is_smart_quote(e - 3);
    int open_q = open_smart || (s < e && *s == '"'), close_q = close_smart || (e > s && e[-1] == '"');
    if (open_q && close_q && e - s >= (open_smart ? 3 : 1) + (close_smart ? 3 : 1)) {
        s += open_smart ? 3 : 1;
        e -= close_smart ? 3 : 1;
        if (open_smart || close_smart)
            tolerate(r, "smart-quotes", line, col, "tag value in typographic quotes");
        else
            tolerate(r, "tag-syntax", line, col, "tag name '%.*s' is not a PDN identifier", (int)*nl, *name);
    } else {
        tolerate(r, "tag-syntax", line, col, "tag '%.*s' has no quoted value", (int)*nl, *name);
    }
    *val = s;
    *vl = (size_t)(e - s);
}

/* ------------------------------------------------------------------ game boundaries */

static void begin_game(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink)
{
    if (!g->arena_)
        g->arena_ = pk_arena_new();
    if (!g->arena_)
        abort();
    pk_arena_reset(g->arena_);
    void *arena = g->arena_, *main_buf = g->main_buf_;
    int main_cap = g->main_cap_;
    memset(g, 0, sizeof *g);
    g->arena_ = arena;
    g->main_buf_ = main_buf; /* its moves are the last game's: the reader may reuse it */
    g->main_cap_ = main_cap;
    g->index = r->ngames + 1;
    r->g = g;
    r->sink = sink;
    r->a = arena;
    r->state = ST_START;
    r->depth = 0;
    r->skip = r->too_large = 0;
    r->nodes = 0;
    r->warned = 0;
    r->nstray = r->unclosed = r->nempty = 0;
    r->stray_held = 0;
    r->dash_pending = 0;
    r->ntags = 0;
    reset_level(&r->lv[0], 0, 0);
}

/* The game has content: remember where it starts. */
static void start_content(pk_pdn_reader *r, int state, int line, int col)
{
    if (r->state == ST_START) {
        release_stray(r, 1);
        r->g->line = line;
        r->g->col = col;
        r->game_start = r->base + r->pos;
        r->lv[0].line = line;
        r->lv[0].col = col;
    }
    if (state > r->state)
        r->state = state;
}

/* An unclosed '(' at the end of a game: reported once, at the outermost one. */
static void report_unclosed(pk_pdn_reader *r)
{
    if (r->depth > 0 && !r->skip && !r->unclosed) {
        r->unclosed = 1;
        report(r, PK_SEV_ERROR, "syntax", r->lv[1].line, r->lv[1].col, "unclosed variation: '(' has no ')'");
    }
}

static void finish_game(pk_pdn_reader *r)
{
    pk_game *g = r->g;
    if (!r->skip) {
        resolve_dash(r);
        check_number(r, &r->lv[r->depth]);
    }
    report_unclosed(r);
    while (r->depth > 0) { /* close unclosed variations so the tree stays well formed */
        pk_pdn_line *l = alloc(r, sizeof *l);
        close_level(r, r->depth, l);
        r->lv[r->depth].var->line = l;
        r->depth--;
    }
    close_main(r, g);
    if (r->nstray > 1)
        tolerate(r, "stray-text", g->line, g->col, "%d more piece(s) of unexpected text skipped in this game",
                 r->nstray - 1);
    if (r->nempty > 1)
        tolerate(r, "empty-move-number", g->line, g->col, "%d more move number(s) with no move in this game",
                 r->nempty - 1);
    g->ntags = r->ntags;
    g->tags = r->ntags ? alloc(r, (size_t)r->ntags * sizeof *g->tags) : NULL;
    if (r->ntags)
        memcpy(g->tags, r->tags, (size_t)r->ntags * sizeof *g->tags);
    for (int i = 0; i < g->ntags; i++) {
        const pk_pdn_tag *t = &g->tags[i];
        if (!g->fen && !strcmp(t->name, "FEN")) {
            g->fen = t->value;
            g->fen_line = t->line;
            g->fen_col = t->col;
        } else if (!g->has_gametype && !strcmp(t->name, "GameType")) {
            pk_error e;
            if (pk_gametype_parse(t->value, &g->gametype, &e) == PK_OK)
                g->has_gametype = 1;
            else
                report(r, PK_SEV_WARNING, "bad-gametype", t->line, t->col, "GameType \"%s\": %s",
                       t->value, e.msg);
        }
    }
    r->ngames++;
}

static int end_at_tag(pk_pdn_reader *r, const pk_token *t, int line, int col, int nl)
{
    report_unclosed(r);
    if (!r->skip) {
        if (r->dash_pending) {
            r->dash_pending = 0;
            r->g->result.text = "-";
            r->g->result.kind = PK_RESULT_UNKNOWN;
            r->g->result.line = r->dash_line;
            r->g->result.col = r->dash_col;
            tolerate(r, "nonstandard-result", r->dash_line, r->dash_col, "'-' used as the result");
        } else {
            check_number(r, &r->lv[r->depth]);
            tolerate(r, "missing-result", line, col, "game ends without a result before the next tag pair");
        }
    }
    unfetch(r, t, line, col, nl);
    return GAME_DONE;
}

static int result_token(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    const char *s = tok_text(r, t);
    int std = 1, kind = pk_result_classify(s, t->len, &std);
    if (!r->skip) {
        resolve_dash(r);
        check_number(r, &r->lv[r->depth]);
        if (!std)
            tolerate(r, "nonstandard-result", line, col, "result written '%.*s'", (int)t->len, s);
    }
    r->g->result.text = dup(r, s, t->len);
    r->g->result.kind = kind < 0 ? PK_RESULT_UNKNOWN : kind;
    r->g->result.line = line;
    r->g->result.col = col;
    return GAME_DONE;
}

static int tag_token(pk_pdn_reader *r, const pk_token *t, int line, int col, int nl)
{
    const char *name, *val;
    size_t nlen, vlen;
    if (r->state == ST_BODY || r->skip)
        return end_at_tag(r, t, line, col, nl);
    if (t->kind == PK_TOK_TAG)
        split_tag(r, t, &name, &nlen, &val, &vlen);
    else
        odd_tag(r, t, line, col, &name, &nlen, &val, &vlen);
    if (r->state == ST_HEADER && nl >= 2 && has_tag(r, name, nlen)) {
        /* a record of tags only, then the next record's tags: no separator between them */
        tolerate(r, "missing-result", line, col, "tag pairs with no movetext and no result before the next game");
        unfetch(r, t, line, col, nl);
        return GAME_DONE;
    }
    release_stray(r, 1);
    if (r->state == ST_START) /* a {comment} (not a % line) before the tags is a game body */
        for (const pk_pdn_note *n = r->lv[0].pend; n; n = n->next)
            if (n->kind == PK_NOTE_COMMENT) {
                tolerate(r, "comment-position", n->line_no, n->col, "comment before the tag pairs of a game");
                break;
            }
    start_content(r, ST_HEADER, line, col);
    add_tag(r, name, nlen, val, vlen, line, col);
    return CONTINUE;
}

static void open_variation(pk_pdn_reader *r, int line, int col)
{
    resolve_dash(r);
    if (r->depth == PK_PDN_MAX_DEPTH) {
        syntax(r, line, col, "variations nested deeper than %d", PK_PDN_MAX_DEPTH);
        return;
    }
    pk_pdn_note *n = new_note(r, PK_NOTE_VARIATION, line, col);
    add_after(r, n);
    level *L = &r->lv[++r->depth];
    reset_level(L, line, col);
    L->var = n;
}

static void close_variation(pk_pdn_reader *r, int line, int col)
{
    if (r->depth == 0) {
        syntax(r, line, col, "')' without a matching '('");
        return;
    }
    resolve_dash(r);
    check_number(r, &r->lv[r->depth]);
    pk_pdn_line *l = alloc(r, sizeof *l);
    close_level(r, r->depth, l);
    r->lv[r->depth].var->line = l;
    r->depth--;
}

static void strength_token(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    level *L = &r->lv[r->depth];
    if (L->n > 0 && !L->v[L->n - 1].strength && !r->dash_pending)
        L->v[L->n - 1].strength = dup(r, tok_text(r, t), t->len);
    else
        tolerate(r, "stray-text", line, col, "move strength '%.*s' not attached to a move", (int)t->len,
                 tok_text(r, t));
}

static void simple_note(pk_pdn_reader *r, const pk_token *t, int kind, int line, int col)
{
    const char *s = tok_text(r, t);
    pk_pdn_note *n = new_note(r, kind, line, col);
    if (kind == PK_NOTE_NAG) {
        for (size_t i = 1; i < t->len && n->nag < 1000000; i++)
            n->nag = n->nag * 10 + (s[i] - '0');
        n->text = dup(r, s, t->len);
        resolve_dash(r);
        add_after(r, n);
    } else if (kind == PK_NOTE_SETUP) {
        const char *q = memchr(s, '"', t->len), *e = s + t->len;
        while (e[-1] != '"')
            e--;
        n->text = dup(r, q + 1, (size_t)(e - 1 - (q + 1)));
        resolve_dash(r);
        add_pending(r, n);
    } else { /* line comment: the text after % or ; */
        n->text = dup(r, s + 1, t->len - 1);
        level *L = &r->lv[r->depth];
        if (r->state == ST_START || L->have_num || L->pend)
            add_pending(r, n);
        else
            add_after(r, n);
    }
}

/* Tokens while skipping after a syntax error: only the end of the game matters. */
static int skip_token(pk_pdn_reader *r, const pk_token *t, int line, int col, int nl)
{
    switch (t->kind) {
    case PK_TOK_NONE: return GAME_DONE;
    case PK_TOK_RESULT: return result_token(r, t, line, col);
    case PK_TOK_TAG:
    case PK_TOK_TAG_ODD:
        if (col == 1)
            return end_at_tag(r, t, line, col, nl);
        return CONTINUE;
    case PK_TOK_COMMENT: comment_token(r, line, col); return CONTINUE;
    default: return CONTINUE;
    }
}

/* Text the grammar has no place for. Reported once per game (the first occurrence);
 * the count of the others is reported when the game ends. */
static void stray(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    if (r->nstray++ != 0)
        return;
    if (t->kind == PK_TOK_TAG_OPEN) /* cut short, or longer than the input window */
        snprintf(r->stray_msg, sizeof r->stray_msg,
                 "unexpected text '[' skipped: no ']' ends it on its line (unterminated tag pair?)");
    else
        snprintf(r->stray_msg, sizeof r->stray_msg, "unexpected text '%.*s' skipped",
                 (int)(t->len > 40 ? 40 : t->len), tok_text(r, t));
    if (r->state == ST_START) { /* no game yet: which one it belongs to is not known */
        r->stray_held = 1;
        r->stray_line = line, r->stray_col = col;
        return;
    }
    tolerate(r, "stray-text", line, col, "%s", r->stray_msg);
}

/* Reports the stray text held before a game started: in that game, or, when none
 * follows, in no game (index 0), so that no game is named that the summary does not
 * count. */
static void release_stray(pk_pdn_reader *r, int game_follows)
{
    if (!r->stray_held)
        return;
    r->stray_held = 0;
    if (game_follows) {
        tolerate(r, "stray-text", r->stray_line, r->stray_col, "%s", r->stray_msg);
        return;
    }
    int index = r->g->index;
    r->g->index = 0;
    tolerate(r, "stray-text", r->stray_line, r->stray_col, "%s (no game follows it)", r->stray_msg);
    r->g->index = index;
}

static int body_token(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    switch (t->kind) {
    case PK_TOK_MOVE: move_token(r, t, line, col); break;
    case PK_TOK_NUMBER: number_token(r, t, line, col); break;
    case PK_TOK_ELLIPSIS: ellipsis_token(r); break;
    case PK_TOK_DASH:
        resolve_dash(r);
        r->dash_pending = 1;
        r->dash_line = line;
        r->dash_col = col;
        break;
    case PK_TOK_NAG: simple_note(r, t, PK_NOTE_NAG, line, col); break;
    case PK_TOK_SETUP: simple_note(r, t, PK_NOTE_SETUP, line, col); break;
    case PK_TOK_OPEN: open_variation(r, line, col); break;
    case PK_TOK_CLOSE: close_variation(r, line, col); break;
    case PK_TOK_STRENGTH: strength_token(r, t, line, col); break;
    default: stray(r, t, line, col); break;
    }
    return CONTINUE;
}

static int handle(pk_pdn_reader *r, const pk_token *t, int line, int col, int nl)
{
    if (r->state != ST_START && !r->too_large &&
        r->base + t->start - r->game_start > PK_PDN_MAX_GAME_BYTES) {
        r->too_large = 1;
        report(r, PK_SEV_ERROR, "too-large", line, col, "game larger than %u bytes; rest skipped",
               PK_PDN_MAX_GAME_BYTES);
        r->skip = 1;
    }
    if (r->nodes > MAX_NODES && !r->too_large) {
        r->too_large = 1;
        report(r, PK_SEV_ERROR, "too-large", line, col,
               "game has more than %d moves, comments and other notes; rest skipped", MAX_NODES);
        r->skip = 1;
    }
    if (r->skip)
        return skip_token(r, t, line, col, nl);
    switch (t->kind) {
    case PK_TOK_NONE:
        if (r->state != ST_START)
            return GAME_DONE;
        release_stray(r, 0);
        return NO_GAME;
    case PK_TOK_TAG:
    case PK_TOK_TAG_ODD:
        return tag_token(r, t, line, col, nl);
    case PK_TOK_RESULT:
        if (r->depth > 0) { /* prose in parentheses: "(... Score 1-0 to Nemesis)" */
            tolerate(r, "stray-text", line, col, "result '%.*s' inside a variation skipped",
                     (int)t->len, tok_text(r, t));
            return CONTINUE;
        }
        start_content(r, ST_BODY, line, col);
        return result_token(r, t, line, col);
    case PK_TOK_COMMENT:
        if (r->state == ST_HEADER)
            r->state = ST_BODY;
        comment_token(r, line, col);
        return CONTINUE;
    case PK_TOK_LINE:
        if (r->state == ST_HEADER)
            r->state = ST_BODY;
        simple_note(r, t, PK_NOTE_LINE, line, col);
        return CONTINUE;
    case PK_TOK_JUNK:
    case PK_TOK_TAG_OPEN: /* "[" alone on a line, "[[Event": junk, whatever the state */
        if (r->state != ST_BODY || t->kind == PK_TOK_TAG_OPEN) { /* junk does not start a game nor end its header */
            stray(r, t, line, col);
            return CONTINUE;
        }
        break;
    default:
        break;
    }
    start_content(r, ST_BODY, line, col);
    return body_token(r, t, line, col);
}

/* ------------------------------------------------------------------ public */

pk_pdn_reader *pk_pdn_open(FILE *f, const char *filename, unsigned flags, pk_error *err)
{
    pk_pdn_reader *r = calloc(1, sizeof *r);
    if (!r) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    r->file = filename ? filename : "<stdin>";
    r->flags = flags;
    r->line = r->col = 1;
    r->buf = malloc(WIN_CAP + 1); /* + the NUL after the last byte */
    r->src = pk_src_open(f, err);
    r->plain = !(flags & PK_PDN_NO_FAST_PATH);
    r->lx = r->src ? pk_lex_new(r->plain, err) : NULL;
    if (!r->buf || !r->lx) {
        if (!r->buf)
            pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        pk_pdn_close(r);
        return NULL;
    }
    return r;
}

void pk_pdn_close(pk_pdn_reader *r)
{
    if (!r)
        return;
    for (int i = 0; i <= PK_PDN_MAX_DEPTH; i++)
        free(r->lv[i].v);
    free(r->tags);
    free(r->sbuf);
    free(r->buf);
    pk_lex_free(r->lx);
    pk_src_close(r->src);
    free(r);
}

/* A read error, with its reason (strerror_r: no shared buffer). Kept out of line: the
 * reading loop is hot. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static void report_io(pk_pdn_reader *r)
{
    char why[128];
    if (strerror_r(r->ioerr, why, sizeof why))
        snprintf(why, sizeof why, "error %d", r->ioerr);
    report(r, PK_SEV_ERROR, "io", 0, 0, "read error: %s", why);
}

int pk_pdn_next(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink)
{
    begin_game(r, g, sink);
    for (;;) {
        pk_token t;
        int line, col, nl;
        fetch(r, &t, &line, &col, &nl);
        if (r->ioerr) {
            /* a file error, not a game's: no game index (pdncheck would count a game
             * with an error that it never read) */
            int index = g->index;
            g->index = 0;
            report_io(r);
            g->index = index;
            return -PK_ERR_IO;
        }
        int st = handle(r, &t, line, col, nl);
        if (st == NO_GAME)
            return 0;
        if (st == GAME_DONE) {
            finish_game(r);
            return 1;
        }
    }
}

unsigned long long pk_pdn_bytes(const pk_pdn_reader *r) { return r->base + r->pos; }
int pk_pdn_jit(const pk_pdn_reader *r) { return pk_lex_jit(r->lx); }
