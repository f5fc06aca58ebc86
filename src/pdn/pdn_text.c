/*
 * pdn_text.c -- the text of each game as it stands in the input, for a caller that writes
 * games back byte for byte (pdngrep) rather than through the writer: with PK_PDN_KEEP_TEXT
 * the reader hands each game its text (pk_game.text). Everything between the end of the
 * game before (its last token) and the end of this one belongs to it: its tags, comments
 * before the first tag (which the reader gives the game as notes), stray text the reader
 * skipped, variations, the terminator; the blanks at both ends are left out. So the texts
 * of a file's games, in order, are the file but for the blanks between games and what
 * comes after the last game.
 *
 * The window (pdn_window.c) slides while a game is read: before it drops the text in
 * front of the cursor, that text is appended to a buffer of the reader's (grown to the
 * longest game, reused); when the game is done, the buffer and the rest in the window are
 * copied into the game's arena. The text is the decoded one (UTF-8 whatever the input's
 * encoding), line ends as read. Past PK_PDN_MAX_GAME_BYTES (a game the reader reports too
 * large) nothing more is kept: the game gets no text, only its length.
 *
 * The text after a syntax error (pdn_unparsed.c) is copied out of the window the same
 * way, into a buffer of its own (pk_rd_keep, pk_rd_keep_text).
 */
#include "pdn_reader.h"

#include <stdlib.h>
#include <string.h>

/* A little more than the reader takes of a game: the text around its largest game. */
#define TEXT_MAX ((size_t)PK_PDN_MAX_GAME_BYTES + 2 * LOOKAHEAD)

/* Where the game's text starts: after the token that ended the game before (the tag
 * pair it left unread for this one, when it ended at one). */
void pk_rd_text_begin(pk_pdn_reader *r)
{
    if (!(r->flags & PK_PDN_KEEP_TEXT))
        return;
    r->ntext = 0;
    r->text_total = 0;
    r->text_over = 0;
    r->text_from = r->base + (r->have_peek ? r->peek.start : r->pos);
}

/* Appends the window's text from text_from up to the cursor (or counts it, past the
 * limit). */
static void take(pk_pdn_reader *r, unsigned long long upto)
{
    if (r->text_from < r->base) { /* never: every move of the window slides first */
        r->text_over = 1;
        r->text_from = r->base;
    }
    if (upto <= r->text_from)
        return;
    size_t n = (size_t)(upto - r->text_from), at = (size_t)(r->text_from - r->base);
    r->text_total += n;
    if (!r->text_over && r->ntext + n > TEXT_MAX)
        r->text_over = 1;
    if (!r->text_over) {
        memcpy(pk_rd_grow(r, &r->text, &r->textcap, r->ntext + n) + r->ntext, r->buf + at, n);
        r->ntext += n;
    }
    r->text_from = upto;
}

void pk_rd_text_slide(pk_pdn_reader *r)
{
    if (r->flags & PK_PDN_KEEP_TEXT)
        take(r, r->base + r->pos);
}

void pk_rd_text_end(pk_pdn_reader *r, pk_game *g)
{
    if (!(r->flags & PK_PDN_KEEP_TEXT))
        return;
    /* the game ends where the next one's first token (left unread) starts, else at the
     * cursor: right after its terminator, or at the end of the input */
    take(r, r->base + (r->have_peek ? r->peek.start : r->pos));
    const char *s = r->text;
    size_t n = r->ntext, skip = 0;
    while (n > 0 && is_blank((unsigned char)s[n - 1]))
        n--;
    while (skip < n && is_blank((unsigned char)s[skip]))
        skip++;
    g->text_len = r->text_over ? (size_t)r->text_total : n - skip; /* (blanks counted: past the limit) */
    if (r->text_over)
        return;
    char *t = alloc_raw(r, n - skip + 1);
    if (n > skip)
        memcpy(t, s + skip, n - skip);
    t[n - skip] = 0;
    g->text = t;
}

/* ------------------------------------------------------------------ the text after a syntax error */

/* Appends s[0..n) to the text kept. */
void pk_rd_keep_text(pk_pdn_reader *r, const char *s, size_t n)
{
    memcpy(pk_rd_grow(r, &r->kept, &r->kcap, r->nkept + n + 1) + r->nkept, s, n);
    r->nkept += n;
}

/* Copies the window's text from where the copy stands up to stream offset upto (the
 * window still holds it: pk_rd_fill calls this before it moves the window). */
void pk_rd_keep(pk_pdn_reader *r, unsigned long long upto)
{
    if (!r->keeping || upto <= r->keep_from)
        return;
    pk_rd_keep_text(r, r->buf + (r->keep_from - r->base), (size_t)(upto - r->keep_from));
    r->keep_from = upto;
}
