/*
 * pdn_tree.c -- the move tree of the game being read (see pdn_reader.h): one level per
 * line of play open (the main line, then each nested variation), the notes standing
 * before and after moves (comments, % lines, NAGs, setups, variations), variations opened
 * and closed, and the finished lines handed to the game (the main line's array without a
 * copy), the moves of a line (a slot filled by the move parser, pdn_move.c; a '-' that
 * stood for a move; a move number no move took). Syntax errors are the callers': a
 * variation nested too deep, a ')' without a '(' (pdn_read.c, pdn_unparsed.c).
 */
#include "pdn_game_int.h"
#include "pdn_reader.h"
#include "pdn_tree.h"

#include <string.h>

void *pk_rd_alloc(pk_pdn_reader *r, size_t n)
{
    void *p = pk_arena_alloc(r->a, n);
    if (!p)
        pk_rd_nomem(r);
    memset(p, 0, n);
    return p;
}

char *pk_rd_dup(pk_pdn_reader *r, const char *s, size_t n)
{
    char *p = alloc_raw(r, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

pk_pdn_note *pk_rd_new_note(pk_pdn_reader *r, int kind, long long line, long long col)
{
    pk_pdn_note *n = pk_rd_alloc(r, sizeof *n);
    r->nodes++;
    n->kind = kind;
    n->line_no = line;
    n->col = col;
    return n;
}

/* ------------------------------------------------------------------ lines of moves */

/* pk_rd_check_number() when a number is there: the move it was for never came. */
void pk_rd_number_unused(pk_pdn_reader *r, level *L)
{
    L->have_num = 0;
    if (L->ellipsis) {
        L->ellipsis = 0;
        return;
    }
    if (r->nempty++ == 0) /* "1.1.1.1..." must not print a line per number */
        pk_rd_tolerate(r, "empty-move-number", L->num_line, L->num_col, "move number %d with no move", L->num);
}

static void placeholder(pk_pdn_reader *r, const char *text, long long line, long long col)
{
    if (!(r->warned & W_PLACEHOLDER)) {
        r->warned |= W_PLACEHOLDER;
        pk_rd_tolerate(r, "placeholder", line, col, "'%s' stands for an unknown move", text);
    }
    pk_pdn_move w = {.text = text, .line = line, .col = col, .flags = PK_PDN_MOVE_PLACEHOLDER, .seps = ""};
    pk_rd_push_move(r, &w);
}

/* pk_rd_resolve_dash() when a '-' is pending: it stood for a move. */
void pk_rd_dash_placeholder(pk_pdn_reader *r)
{
    r->dash_pending = 0;
    placeholder(r, "-", r->dash_line, r->dash_col);
}

/* ------------------------------------------------------------------ notes */

static void append(pk_pdn_note **head, pk_pdn_note **tail, pk_pdn_note *n)
{
    if (*tail)
        (*tail)->next = n;
    else
        *head = n;
    *tail = n;
}

/* A note standing after the last move of the current line (or before its first move). */
void pk_rd_add_after(pk_pdn_reader *r, pk_pdn_note *n)
{
    level *L = &r->lv[r->depth];
    if (L->n > 0)
        append(&L->v[L->n - 1].after, &L->v[L->n - 1].after_tail, n);
    else
        append(&L->pre, &L->pre_tail, n);
}

/* A note waiting for the next move (a comment after a move number, a setup). */
void pk_rd_add_pending(pk_pdn_reader *r, pk_pdn_note *n)
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

/* The rest of a game that the reader could not read (a PK_NOTE_UNPARSED note), placed
 * where it stood: after what each open line holds. Notes waiting for the next move of an
 * outer line (a comment after a move number, then a variation) go before that line's
 * variation, as they stood in the text, so that the rest is the last note of the game. */
void pk_rd_add_rest(pk_pdn_reader *r, pk_pdn_note *rest)
{
    for (int d = 0; d < r->depth; d++) {
        level *L = &r->lv[d];
        pk_pdn_note *var = r->lv[d + 1].var, **at = L->n > 0 ? &L->v[L->n - 1].after : &L->pre;
        if (!L->pend)
            continue;
        while (*at && *at != var) /* the variation is that list's last note */
            at = &(*at)->next;
        L->pend_tail->next = var;
        *at = L->pend;
        L->pend = L->pend_tail = NULL;
    }
    flush_pending(&r->lv[r->depth]);
    pk_rd_add_after(r, rest);
}

/* Copies the moves of level d into the arena as a finished line. */
void pk_rd_close_level(pk_pdn_reader *r, int d, pk_pdn_line *out)
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
void pk_rd_close_main(pk_pdn_reader *r, pk_game *g)
{
    level *L = &r->lv[0];
    if (L->n == 0) {
        pk_rd_close_level(r, 0, &g->main);
        return;
    }
    pk_pdn_move *old = g->mem_->main_buf;
    int old_cap = g->mem_->main_cap;
    flush_pending(L);
    g->main.nmoves = L->n;
    g->main.moves = L->v;
    g->main.pre = L->pre;
    g->main.pre_tail = L->pre_tail;
    g->main.line = L->line;
    g->main.col = L->col;
    g->mem_->main_buf = L->v;
    g->mem_->main_cap = L->cap;
    L->v = old;
    L->cap = old_cap;
    L->n = 0;
}

void pk_rd_reset_level(level *L, long long line, long long col)
{
    L->n = 0;
    L->pre = L->pre_tail = L->pend = L->pend_tail = L->var = NULL;
    L->have_num = 0;
    L->num = 0; /* the last move number seen: glued_result() asks whether one follows it */
    L->ellipsis = 0;
    L->line = line;
    L->col = col;
}

/* Notes waiting for the next move when a '(' comes (a comment after a move number): they
 * stood before the variation, so they go before it, up to a setup (the next move's: it
 * sets the position that move is played from). */
static void flush_before_variation(level *L)
{
    while (L->pend && L->pend->kind != PK_NOTE_SETUP) {
        pk_pdn_note *n = L->pend;
        L->pend = n->next;
        if (!L->pend)
            L->pend_tail = NULL;
        n->next = NULL;
        if (L->n > 0)
            append(&L->v[L->n - 1].after, &L->v[L->n - 1].after_tail, n);
        else
            append(&L->pre, &L->pre_tail, n);
    }
}

int pk_rd_open_variation(pk_pdn_reader *r, long long line, long long col)
{
    pk_rd_resolve_dash(r);
    flush_before_variation(&r->lv[r->depth]);
    if (r->depth == PK_PDN_MAX_DEPTH)
        return 0;
    pk_pdn_note *n = pk_rd_new_note(r, PK_NOTE_VARIATION, line, col);
    pk_rd_add_after(r, n);
    level *L = &r->lv[++r->depth];
    pk_rd_reset_level(L, line, col);
    L->var = n;
    return 1;
}

void pk_rd_close_variation(pk_pdn_reader *r)
{
    pk_rd_resolve_dash(r);
    pk_rd_check_number(r, &r->lv[r->depth]);
    pk_pdn_line *l = pk_rd_alloc(r, sizeof *l);
    pk_rd_close_level(r, r->depth, l);
    r->lv[r->depth].var->line = l;
    r->depth--;
}

void pk_rd_strength_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    level *L = &r->lv[r->depth];
    if (L->n > 0 && !L->v[L->n - 1].strength && !r->dash_pending)
        L->v[L->n - 1].strength = pk_rd_dup(r, tok_text(r, t), t->len);
    else
        pk_rd_tolerate(r, "stray-text", line, col, "move strength '%.*s' not attached to a move", (int)t->len,
                 tok_text(r, t));
}

void pk_rd_simple_note(pk_pdn_reader *r, const pk_token *t, int kind, long long line, long long col)
{
    const char *s = tok_text(r, t);
    pk_pdn_note *n = pk_rd_new_note(r, kind, line, col);
    if (kind == PK_NOTE_NAG) {
        size_t i = 1;
        while (i + 1 < t->len && s[i] == '0')
            i++; /* "$0012" is $12 */
        if (t->len - i > PK_PDN_NAG_DIGITS) { /* never read as another number: kept as written */
            n->nag = -1;
            pk_rd_tolerate(r, "nag-range", line, col, "NAG %.*s%s is larger than $%d: kept as written",
                           (int)(t->len > 24 ? 24 : t->len), s, t->len > 24 ? "..." : "", PK_PDN_NAG_MAX);
        } else
            for (; i < t->len; i++)
                n->nag = n->nag * 10 + (s[i] - '0');
        n->text = pk_rd_dup(r, s, t->len);
        pk_rd_resolve_dash(r);
        pk_rd_add_after(r, n);
    } else if (kind == PK_NOTE_SETUP) {
        const char *q = memchr(s, '"', t->len), *e = s + t->len;
        while (e[-1] != '"')
            e--;
        n->text = pk_rd_dup(r, q + 1, (size_t)(e - 1 - (q + 1)));
        pk_rd_resolve_dash(r);
        pk_rd_add_pending(r, n);
    } else { /* line comment: the text after % or ; */
        n->text = pk_rd_dup(r, s + 1, t->len - 1);
        n->nag = s[0]; /* '%' or ';', for the writer */
        level *L = &r->lv[r->depth];
        if (r->state == ST_START || L->have_num || L->pend)
            pk_rd_add_pending(r, n);
        else
            pk_rd_add_after(r, n);
    }
}
