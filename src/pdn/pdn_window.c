/*
 * pdn_window.c -- the PDN reader's input window (see pdn_reader.h): decoded text read in
 * blocks into a window of WIN_CAP bytes with LOOKAHEAD bytes ahead of every token, the
 * line/column cursor over it (CRLF, lone CR, UTF-8 characters, the encoding and the first
 * NUL byte noted where they are). Before the window slides, the text a game keeps is
 * copied out of it (pdn_text.c). The tokens read from it, and what they mean, are
 * pdn_read.c's business.
 */
#include "pdn_reader.h"

#include <stdint.h>
#include <string.h>

void pk_rd_fill(pk_pdn_reader *r)
{
    pk_rd_text_slide(r); /* the game's text (PK_PDN_KEEP_TEXT): copied before the window moves */
    if (r->keeping)      /* the text after a syntax error: the same */
        pk_rd_keep(r, r->base + r->pos);
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
            r->ioerr = 1;
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
        r->enc_check = 1; /* pk_rd_advance() reports it when the cursor reaches the first byte */
    if (!r->nul_done && !r->nul_check && pk_src_nul_offset(r->src) != PK_SRC_NONE)
        r->nul_check = 1; /* the same for the first NUL byte */
}

/* 1 when the eight bytes at b are printable ASCII (0x20 to 0x7F): no byte has its high bit
 * set, nor borrows when 0x20 is taken from it. */
static int printable8(const unsigned char *b)
{
    uint64_t w;
    memcpy(&w, b, 8);
    return (((w - 0x2020202020202020u) | w) & 0x8080808080808080u) == 0;
}

/* pk_rd_advance() to each warning the source asks for before buf[to], in the order of the
 * text, and says it there. */
static void say_notices(pk_pdn_reader *r, size_t to)
{
    if (r->enc_check && pk_src_switch_offset(r->src) < r->base + to) {
        r->enc_check = 0;
        r->enc_done = 1;
        size_t at = (size_t)(pk_src_switch_offset(r->src) - r->base);
        if (at > r->cpos)
            pk_rd_advance(r, at); /* which says a NUL before it first */
        pk_rd_note_encoding(r);
    }
    if (r->nul_check && pk_src_nul_offset(r->src) < r->base + to) {
        r->nul_check = 0;
        r->nul_done = 1;
        size_t at = (size_t)(pk_src_nul_offset(r->src) - r->base);
        if (at > r->cpos)
            pk_rd_advance(r, at);
        pk_rd_tolerate(r, "nul-byte", r->line, r->col, "NUL byte read as U+FFFD (the first of the file is here)");
    }
}

/* Moves the cursor to buf[to], counting lines and characters (UTF-8 continuation bytes
 * are not characters). CRLF is one line break; a lone CR is one too, with a warning. */
void pk_rd_advance(pk_pdn_reader *r, size_t to)
{
    if ((r->enc_check | r->nul_check) && pk_rd_notice_due(r, r->base + to))
        say_notices(r, to); /* moves the cursor first: the locals below start after it */
    const unsigned char *b = (const unsigned char *)r->buf;
    size_t i = r->cpos;
    long long line = r->line, col = r->col;
    int nl = r->nl, prev_cr = r->prev_cr;
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
                pk_rd_tolerate(r, "line-ending", line, col, "line break written as a lone CR");
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

void pk_rd_note_encoding(pk_pdn_reader *r)
{
    int enc = pk_src_encoding(r->src);
    if (pk_encoding_is_unicode(enc))
        pk_rd_tolerate(r, "encoding", r->line, r->col, "input is %s, not UTF-8; decoded", pk_encoding_name(enc));
    else
        pk_rd_tolerate(r, "encoding", r->line, r->col,
                 "text that is not UTF-8 is read as %s (the first is here)",
                 pk_encoding_name(enc));
}
