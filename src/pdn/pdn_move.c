/*
 * pdn_move.c -- the reader's move parser (see pdn_reader.h): move tokens ("32x23x14",
 * "c3:e5", "hg7", "27 x 18") into squares, move numbers, "..." and "-" placeholders, the
 * lines of moves they build, and the fast path that reads plain movetext straight from
 * the input window. The input window and the game state machine are pdn_read.c's.
 */
#include "pdn_reader.h"
#include "pdn_tree.h"

#include <stdint.h>
#include <string.h>

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
    pk_rd_resolve_dash(r);
    pk_pdn_move *m = pk_rd_push_move(r, w);
    mark_hop(&r->lv[r->depth], m);
}

/* The reader's move parser, public for pk_written_parse (pdn.h): the squares of
 * s[0..n) into sq (at most maxsq), their texts NUL-separated into sqtext (2n bytes),
 * the separators into seps (n bytes); traits says what a warning may be due for. */
int pk_pdn_split_move(const char *s, size_t n, pk_pdn_square *sq, int maxsq, char *sqtext, char *seps,
                      unsigned *traits)
{
    int nsq = 0, spaced = 0, upper = 0, file_only = 0;
    for (size_t i = 0; i < n && nsq < maxsq;) {
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
    *traits = (spaced & 1 ? PK_PDN_SPLIT_PADDED : 0) | (spaced & 2 ? PK_PDN_SPLIT_SPACED : 0) |
              (upper ? PK_PDN_SPLIT_UPPER : 0) | (file_only ? PK_PDN_SPLIT_FILE_ONLY : 0);
    return nsq;
}

void pk_rd_move_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    const char *s = tok_text(r, t);
    size_t n = t->len, sl = strength_len(s, n);
    n -= sl;
    /* pdn.h's limit (no capture path is that long), checked before the arena block is
     * sized from n; a token of at most that many characters cannot exceed it. */
    size_t count = n > PK_PDN_MAX_SQUARES ? count_squares(s, n) : 0;
    if (count > PK_PDN_MAX_SQUARES) {
        pk_rd_syntax(r, line, col, "move '%.24s...' has %zu squares, more than %d", s, count, PK_PDN_MAX_SQUARES);
        return;
    }
    /* One arena block per move, no per-square allocation: the text as written, the
     * square texts (NUL-separated), the strength mark and the separators. */
    size_t maxsq = n / 2 + 1;
    /* square texts need up to 2n bytes ("a3b4" -> "a3\0b4\0") */
    pk_pdn_square *sq = alloc_raw(r, maxsq * sizeof *sq + 4 * n + sl + 4);
    char *text = (char *)(sq + maxsq), *sqtext = text + n + 1, *seps = sqtext + 2 * n + 1;
    char *strength = seps + n + 1;
    memcpy(text, s, n);
    text[n] = 0;
    unsigned traits;
    int nsq = pk_pdn_split_move(s, n, sq, (int)maxsq, sqtext, seps, &traits);
    int spaced = traits & PK_PDN_SPLIT_SPACED ? 2 : traits & PK_PDN_SPLIT_PADDED ? 1 : 0;
    int upper = (traits & PK_PDN_SPLIT_UPPER) != 0, file_only = (traits & PK_PDN_SPLIT_FILE_ONLY) != 0;
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
        pk_rd_report(r, PK_SEV_WARNING, "move-spacing", line, col, "blanks inside the move '%s'", text);
    }
    if (upper && !(r->warned & W_UPPER)) {
        r->warned |= W_UPPER;
        pk_rd_tolerate(r, "upper-case-square", line, col, "upper-case square in '%s'", text);
    }
    if (file_only && !(r->warned & W_SHORT)) {
        r->warned |= W_SHORT;
        pk_rd_tolerate(r, "short-notation", line, col, "column-only short notation '%s'", text);
    }
}

/* A move number (kind PK_NUM_FIRST or PK_NUM_SECOND), for the next move. */
/* move_number() on the current line L (r->lv[r->depth], which the plain path reads once) */
static inline void line_number(pk_pdn_reader *r, level *L, int num, int kind, unsigned long long at, long long line,
                               long long col)
{
    pk_rd_resolve_dash(r);
    pk_rd_check_number(r, L);
    L->have_num = 1;
    L->ellipsis = 0;
    L->num = num;
    L->num_kind = kind;
    L->num_line = line;
    L->num_col = col;
    L->num_at = at;
}

static void move_number(pk_pdn_reader *r, int num, int kind, unsigned long long at, long long line, long long col)
{
    line_number(r, &r->lv[r->depth], num, kind, at, line, col);
}

void pk_rd_number_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    const char *s = tok_text(r, t);
    int num = 0;
    for (size_t i = 0; i < t->len && s[i] >= '0' && s[i] <= '9'; i++)
        num = add_digit(num, s[i]);
    move_number(r, num, t->len >= 4 && s[t->len - 2] == '.' ? PK_NUM_SECOND : PK_NUM_FIRST, r->base + t->start,
                line, col);
}

int pk_rd_restarts(const pk_pdn_reader *r, const pk_token *t, int nl)
{
    if (nl < 2 || r->ntags > 0 || r->state != ST_BODY || (!r->skip && (r->depth > 0 || r->lv[0].n == 0)))
        return 0;
    const char *s = r->buf + t->start, *e = s + t->len;
    while (s < e && *s == '0')
        s++;
    return e - s == 2 && s[0] == '1' && s[1] == '.';
}

/* "12. ..." : the first player's move is left out; the next move is the second player's. */
void pk_rd_ellipsis_token(pk_pdn_reader *r)
{
    level *L = &r->lv[r->depth];
    pk_rd_resolve_dash(r);
    if (!L->have_num) {
        L->have_num = 1;
        L->num = 0;
    }
    L->num_kind = PK_NUM_SECOND;
    L->ellipsis = 1;
}

/* ------------------------------------------------------------------ plain movetext */

/* Most movetext is plain move numbers ("12.", "12...") and numeric moves ("11-15",
 * "26x17x10") between single blanks. pk_rd_plain_tokens() reads them straight from the window
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
    p->second = 0; /* (set with a move number only; read only then, but gcc -O1 cannot tell) */
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
 * copies for 2 to 16 bytes. */
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
    } else if (n >= 2 && n < 4) {
        uint16_t a, b;
        memcpy(&a, s, 2);
        memcpy(&b, s + n - 2, 2);
        memcpy(d, &a, 2);
        memcpy(d + n - 2, &b, 2);
    } else {
        memcpy(d, s, n);
    }
}

/* The move of a plain token s[0..n), as move_token() would build it, in one arena block:
 * the squares, the text, the texts of the squares but the last (which ends the text),
 * the separators. */
static void plain_move(pk_pdn_reader *r, level *L, const char *s, const plain *p, long long line, long long col)
{
    size_t n = p->len, last = p->at[p->nsq - 1];
    int nsq = p->nsq;
    pk_pdn_square *sq = alloc_raw(r, (size_t)nsq * sizeof *sq + n + 1 + last + (size_t)nsq);
    char *text = (char *)(sq + nsq), *sqtext = text + n + 1, *seps = sqtext + last;
    copy_small(text, s, n);
    text[n] = 0;
    /* the squares but the last: the token's text before the last square, each one-byte
     * separator (scan_plain() takes no other) replaced by the NUL that ends a square */
    copy_small(sqtext, s, last);
    for (int i = 0; i + 1 < nsq; i++) {
        size_t k = p->at[i + 1] - 1; /* the separator after square i */
        sq[i] = (pk_pdn_square){sqtext + p->at[i], PK_SQ_NUMERIC, p->num[i], -1, 0};
        seps[i] = s[k];
        sqtext[k] = 0;
    }
    sq[nsq - 1] = (pk_pdn_square){text + last, PK_SQ_NUMERIC, p->num[nsq - 1], -1, 0}; /* it ends the text */
    seps[nsq - 1] = 0;
    /* add_move(), without a temporary: the slot is filled in place */
    pk_rd_resolve_dash(r);
    pk_pdn_move *m = pk_rd_new_move(r, L);
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
    pk_rd_attach_move(r, L, m);
    mark_hop(L, m);
}

/* Reads plain tokens at r->pos, and the blanks between them, until something else comes
 * or the window needs a refill (fetch() refills at the same points as for any token).
 * Returns 0 when none was read. Only in movetext, not while skipping after an error,
 * and with the cursor's line and column up to date. Each token is
 * also left to the general path when it has something to do first: a game too large, an
 * encoding note due. */
int pk_rd_plain_tokens(pk_pdn_reader *r)
{
    if (!r->plain || r->state != ST_BODY || r->skip || r->cpos != r->pos)
        return 0;
    const unsigned char *b = (const unsigned char *)r->buf, *e = b + r->len;
    size_t pos = r->pos;
    long long line = r->line, col = r->col;
    int nl = r->nl, prev_cr = r->prev_cr, read = 0;
    size_t notice = pk_rd_notice_limit(r); /* a warning due there: fetch() and advance() say it */
    /* The loop's limits in window offsets, read once (the stores into the game may alias
     * the reader's fields, so the compiler would load them again for every token): a token
     * is taken at pos < stop only (the notice, and the game's size limit: base + pos -
     * game_start > PK_PDN_MAX_GAME_BYTES is pos > game_start + MAX - base), and the
     * refill point is pos + LOOKAHEAD > len, never at the end of the input. */
    size_t stop = notice;
    if (r->game_start + PK_PDN_MAX_GAME_BYTES < r->base)
        stop = 0;
    else if (r->game_start + PK_PDN_MAX_GAME_BYTES - r->base < stop)
        stop = (size_t)(r->game_start + PK_PDN_MAX_GAME_BYTES - r->base) + 1;
    const int at_eof = r->eof;
    const size_t len = r->len, guard = at_eof ? 0 : LOOKAHEAD; /* pos <= len: no refill at EOF */
    level *const L = &r->lv[r->depth]; /* the plain path opens no variation */
    for (;;) {
        plain p;
        if (!is_digit(b[pos]) || pos >= stop || r->nodes > MAX_NODES || !scan_plain(b + pos, e, at_eof, &p))
            break;
        if (p.nsq == 0) {
            /* after a blank line, "1." of a game without tags may start the next game
             * (pk_rd_restarts): the general path decides */
            if (nl >= 2 && p.num[0] == 1 && !p.second && r->ntags == 0 && r->lv[0].n > 0)
                break;
            line_number(r, L, p.num[0], p.second ? PK_NUM_SECOND : PK_NUM_FIRST, r->base + pos, line, col);
        } else {
            plain_move(r, L, (const char *)b + pos, &p, line, col);
        }
        read = 1;
        /* what fetch() does after a move or number token: ASCII, on one line */
        pos += p.len;
        col += (int)p.len;
        prev_cr = nl = 0;
        if (pos + guard > len)
            break;
        /* the blanks skip_blanks() counts (no CR before them: prev_cr is 0); most often one
         * space before the next token */
        if (b[pos] == ' ' && b[pos + 1] > ' ') {
            pos++, col++;
            continue;
        }
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
