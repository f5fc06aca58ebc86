/*
 * pdn_unparsed.c -- text the PDN reader does not read as PDN (see pdn_reader.h): stray
 * text the grammar has no place for (skipped, with a warning once per game and a count),
 * and what a syntax error leaves unread. Nothing of a game is dropped there: from the
 * token of the error to the game's end (its terminator, the next game's tag pair, the end
 * of input), the text is kept as it stands and becomes the game's last note
 * (PK_NOTE_UNPARSED, PK_UNPARSED_REST); a variation nested deeper than PK_PDN_MAX_DEPTH is
 * kept so up to its matching ')', and the reading goes on after it. A writer puts the text
 * back (pk_pdn_write_game), so that a game converted reads back with the same error at
 * the same text. Only a game too large (PK_PDN_MAX_GAME_BYTES, MAX_NODES) is not kept
 * past the limit: its error says so.
 *
 * The text is copied from the input window as it slides (pk_rd_fill calls pk_rd_keep,
 * pdn_text.c).
 */
#include "pdn_reader.h"
#include "pdn_tree.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ the text kept */

/* Starts keeping the text at the token being handled (r->tok_at). */
static void keep_begin(pk_pdn_reader *r, long long line, long long col)
{
    if (r->too_large)
        return;
    r->keeping = 1;
    r->keep_from = r->tok_at;
    r->nkept = 0;
    r->kept_line = line;
    r->kept_col = col;
    r->kept_end = 0;
}

/* The text kept up to buf[end] (blanks at its end left out) as a PK_NOTE_UNPARSED note:
 * the game's last note (flags PK_UNPARSED_REST), or a variation nested too deep, after
 * the last move of the deepest line. */
void pk_rd_unparsed_end(pk_pdn_reader *r, size_t end, unsigned flags)
{
    if (!r->keeping)
        return;
    pk_rd_keep(r, r->base + end);
    r->keeping = 0;
    if (r->deep && (flags & PK_UNPARSED_REST)) /* a variation too deep never closed */
        flags |= PK_UNPARSED_OPEN;
    r->deep = 0;
    size_t n = r->nkept;
    while (n > 0 && is_blank((unsigned char)r->kept[n - 1]))
        n--;
    pk_pdn_note *note = pk_rd_new_note(r, PK_NOTE_UNPARSED, r->kept_line, r->kept_col);
    note->text = pk_rd_dup(r, n ? r->kept : "", n);
    note->nag = (int)(flags | r->kept_end);
    if (flags & PK_UNPARSED_REST) {
        r->g->cut = 1;
        pk_rd_add_rest(r, note);
    } else {
        pk_rd_add_after(r, note);
    }
}

/* Variations never closed (reported): an empty rest ends the game, so that a writer
 * leaves them open as they were, rather than close them and hide the error. */
void pk_rd_unclosed_rest(pk_pdn_reader *r)
{
    pk_pdn_note *note = pk_rd_new_note(r, PK_NOTE_UNPARSED, r->lv[1].line, r->lv[1].col);
    note->text = "";
    note->nag = PK_UNPARSED_REST | PK_UNPARSED_OPEN;
    pk_rd_add_rest(r, note);
}

/* A game too large: nothing more of it is kept (the error says the rest is skipped). */
void pk_rd_unparsed_drop(pk_pdn_reader *r)
{
    r->keeping = 0;
    r->deep = 0;
    r->g->cut = 1;
}

/* ------------------------------------------------------------------ syntax errors */

/* "1. ) ...": the move number that the error leaves without its move starts the text kept
 * (a writer puts it back with the rest), when nothing but blanks (or the "..." of "1. ...")
 * stands between them: a note between is read already, and kept in the game. */
static void number_kept(pk_pdn_reader *r)
{
    const level *L = &r->lv[r->depth];
    if (!r->keeping || !L->have_num || L->num_at < r->base || L->num_at >= r->tok_at)
        return;
    size_t i = (size_t)(L->num_at - r->base), e = (size_t)(r->tok_at - r->base);
    while (i < e && ((r->buf[i] >= '0' && r->buf[i] <= '9') || r->buf[i] == '.' || is_blank((unsigned char)r->buf[i])))
        i++;
    if (i < e)
        return;
    r->keep_from = L->num_at;
    r->kept_line = L->num_line;
    r->kept_col = L->num_col;
}

/* A syntax error at the token being handled: reported, then the rest of the game is
 * skipped and kept as text. A '-' read before it is a placeholder (reported first: it
 * comes first). */
void pk_rd_syntax(pk_pdn_reader *r, long long line, long long col, const char *fmt, ...)
{
    int first = !r->skip;
    if (first)
        pk_rd_resolve_dash(r);
    va_list ap;
    va_start(ap, fmt);
    pk_rd_vreport(r, PK_SEV_ERROR, "syntax", line, col, NULL, fmt, ap);
    va_end(ap);
    if (first) {
        r->skip = 1;
        keep_begin(r, line, col);
        number_kept(r);
    }
}

/* A '(' that would nest variations deeper than PK_PDN_MAX_DEPTH: the variation is kept as
 * text up to its matching ')' (pk_rd_deep_token), and the reading goes on after it. */
void pk_rd_too_deep(pk_pdn_reader *r, long long line, long long col)
{
    pk_rd_report(r, PK_SEV_ERROR, "syntax", line, col,
                 "variations nested deeper than %d: the deeper ones are kept as text, not read",
                 PK_PDN_MAX_DEPTH);
    r->skip = 1;
    keep_begin(r, line, col);
    r->deep = 1;
}

/* A '(' or ')' while a variation nested too deep is kept: the ')' that closes it ends the
 * text, and the reading goes on. */
void pk_rd_deep_token(pk_pdn_reader *r, const pk_token *t)
{
    if (t->kind == PK_TOK_OPEN) {
        r->deep++;
    } else if (--r->deep == 0) {
        pk_rd_unparsed_end(r, t->start + t->len, 0);
        r->skip = 0;
    }
}

/* ------------------------------------------------------------------ stray text */

/* An algebraic square of some board: a letter a-l and a rank 1-12 (RULES 2.13: the
 * largest board is 12x12). */
static int board_square(const char *s, size_t n)
{
    int file = s[0] | 32;
    return n >= 2 && n <= 3 && file >= 'a' && file <= 'l' && s[1] != '0' &&
           (n == 2 || (s[1] == '1' && s[2] >= '0' && s[2] <= '2'));
}

size_t pk_rd_move_like(const char *s, size_t n, size_t *at)
{
    while (n && (s[n - 1] == '!' || s[n - 1] == '?' || s[n - 1] == '*'))
        n--; /* a strength mark */
    size_t parts = 0, bad = 0;
    for (size_t i = 0; i <= n; parts++) {
        size_t j = i;
        int letter = j < n && ((s[j] | 32) >= 'a' && (s[j] | 32) <= 'z' && (s[j] | 32) != 'x');
        j += letter;
        size_t d = j;
        while (j < n && s[j] >= '0' && s[j] <= '9')
            j++;
        if (!letter || j == d || (j < n && s[j] != '-' && s[j] != 'x' && s[j] != ':'))
            return 0; /* a part that is not a letter and digits ("R1-0" is no move) */
        if (!bad && !board_square(s + i, j - i)) {
            *at = i;
            bad = j - i;
        }
        i = j + 1;
    }
    return parts >= 2 ? bad : 0;
}

/* Text the grammar has no place for. Reported once per game (the first occurrence);
 * the count of the others is reported when the game ends. */
void pk_rd_stray(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    size_t at = 0, bad = t->kind == PK_TOK_JUNK && r->state == ST_BODY ? pk_rd_move_like(tok_text(r, t), t->len, &at) : 0;
    if (bad) { /* a move with a square no board has: not text to skip (issue 31) */
        pk_rd_syntax(r, line, col, "move '%.*s': '%.*s' is not a square of any board (a1 to l12)",
                     (int)(t->len > 40 ? 40 : t->len), tok_text(r, t), (int)bad, tok_text(r, t) + at);
        return;
    }
    if (r->nstray++ != 0)
        return;
    const char *name;
    size_t nlen, v;
    int breaks, why = 0;
    if (t->kind == PK_TOK_TAG_OPEN && pk_rd_tag_start(r, t, col, &name, &nlen, &v)) /* open_tag() found no end */
        pk_rd_wrapped_end(r, v, &breaks, &why);
    char within[80];
    snprintf(within, sizeof within, PK_T("by '\"]' within %d lines"), WRAP_LINES);
    if (why && why != OPEN_QUOTE)
        snprintf(r->stray_msg, sizeof r->stray_msg, PK_T("unexpected text '[' skipped: the value of tag '%.*s' is not closed %s"),
                 (int)(nlen > 24 ? 24 : nlen), name,
                 why == OPEN_NEXT_TAG ? PK_T("before the next tag pair")
                 : why == OPEN_END    ? PK_T("before the end of the input")
                                      : within);
    else if (t->kind == PK_TOK_TAG_OPEN)
        snprintf(r->stray_msg, sizeof r->stray_msg,
                 "%s", PK_T("unexpected text '[' skipped: no ']' ends it on its line (unterminated tag pair?)"));
    else
        snprintf(r->stray_msg, sizeof r->stray_msg, PK_T("unexpected text '%.*s' skipped"),
                 (int)(t->len > 40 ? 40 : t->len), tok_text(r, t));
    if (r->state == ST_START) { /* no game yet: which one it belongs to is not known */
        r->stray_held = 1;
        r->stray_line = line, r->stray_col = col;
        return;
    }
    pk_rd_tolerate(r, "stray-text", line, col, "%s", r->stray_msg);
}
