/*
 * pdn_tag.c -- the reader's tag pairs (see pdn_reader.h): the name and value of a
 * standard tag pair, of an odd one ([Round 17], smart quotes, [Empty]), of one whose value
 * goes on over several lines, and of one on a line longer than the input window. Where a
 * tag pair starts or ends a game is pdn_read.c's state machine.
 */
#include "pdn_reader.h"

#include <string.h>

/* ------------------------------------------------------------------ tags on one line */

static int is_smart_quote(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    return u[0] == 0xE2 && u[1] == 0x80 && (u[2] >= 0x98 && u[2] <= 0x9F);
}

/* The text of a quoted tag value from s to e (quotes excluded) with its \" and \\
 * escapes resolved, in scratch memory. */
static void unescape(pk_pdn_reader *r, const char *s, const char *e, const char **val, size_t *vl)
{
    char *out = pk_rd_scratch(r, (size_t)(e - s) + 1);
    /* most values hold no backslash: the bytes up to the first one are copied whole, and
     * only the rest goes byte by byte */
    const char *bs = memchr(s, '\\', (size_t)(e - s));
    size_t o = (size_t)((bs ? bs : e) - s);
    memcpy(out, s, o);
    for (const char *p = s + o; p < e; p++) {
        if (*p == '\\' && p + 1 < e && (p[1] == '"' || p[1] == '\\'))
            p++;
        out[o++] = *p;
    }
    *val = out;
    *vl = o;
}

/* Splits "[Name "value"]" (standard) into name and unescaped value. */
void pk_rd_split_tag(pk_pdn_reader *r, const pk_token *t, const char **name, size_t *nl,
                      const char **val, size_t *vl)
{
    const char *s = tok_text(r, t), *e = s + t->len - 1; /* e at ']' */
    s++;
    /* the lexer took [\s*[A-Za-z0-9_]+\s*": every byte up to the name is a blank (line
     * breaks too: "[\nEvent \"x\"]"), and so is every byte after it up to the quote */
    while ((unsigned char)*s <= ' ')
        s++;
    *name = s;
    while ((unsigned char)*s > ' ' && *s != '"')
        s++;
    *nl = (size_t)(s - *name);
    while (*s != '"')
        s++;
    s++;
    while (e[-1] != '"')
        e--;
    e--; /* closing quote */
    unescape(r, s, e, val, vl);
}

/* [ ... ] that is not a standard tag pair: smart quotes, unquoted values, [Empty]. */
void pk_rd_odd_tag(pk_pdn_reader *r, const pk_token *t, long long line, long long col, const char **name,
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
            pk_rd_tolerate(r, "smart-quotes", line, col, "tag value in typographic quotes");
        else {
            pk_rd_tolerate(r, "tag-syntax", line, col, "tag name '%.*s' is not a PDN identifier", (int)*nl, *name);
            unescape(r, s, e, val, vl); /* a standard quoted string: its escapes too */
            return;
        }
    } else {
        pk_rd_tolerate(r, "tag-syntax", line, col, "tag '%.*s' has no quoted value", (int)*nl, *name);
    }
    *val = s;
    *vl = (size_t)(e - s);
}

/* ------------------------------------------------------------------ tags past one line */

/* A '[' (PK_TOK_TAG_OPEN, no ']' on its line or a line longer than the window) that
 * starts a tag pair: '[' first on its line (or right after the result that ended the last
 * game, blanks between: r->glued, as engine logs write "0-0[FEN ..."), a name, then an
 * opening quote. Sets the name (in the window) and the offset of the first byte of the
 * value. */
int pk_rd_tag_start(pk_pdn_reader *r, const pk_token *t, long long col, const char **name, size_t *nlen, size_t *v)
{
    const char *b = r->buf;
    size_t i = t->start;
    while (i > 0 && (b[i - 1] == ' ' || b[i - 1] == '\t')) /* the window may start at the '[' */
        i--;
    if (!r->glued && (size_t)col != t->start - i + 1) /* col - 1 characters before it: all blanks? */
        return 0;
    i = t->start + 1;
    while (b[i] == ' ' || b[i] == '\t') /* the window ends with a NUL */
        i++;
    *name = b + i;
    while ((b[i] >= 'A' && b[i] <= 'Z') || (b[i] >= 'a' && b[i] <= 'z') || (b[i] >= '0' && b[i] <= '9') ||
           b[i] == '_')
        i++;
    *nlen = (size_t)(b + i - *name);
    if (*nlen == 0 || *nlen > 64)
        return 0;
    while (b[i] == ' ' || b[i] == '\t')
        i++;
    if (b[i] != '"')
        return 0;
    *v = i + 1;
    return 1;
}

/* The value at buf[v] wrapped over lines, closed by '"' and ']' within the bounds: its
 * end (after the ']') and the number of line breaks in it, or 0 and *why. */
size_t pk_rd_wrapped_end(pk_pdn_reader *r, size_t v, int *breaks, int *why)
{
    const char *b = r->buf;
    size_t i = v;
    *breaks = 0;
    *why = OPEN_BOUNDS;
    if (i >= r->len)
        *why = OPEN_END;
    while (i < r->len && i - v <= WRAP_BYTES) {
        char c = b[i];
        if (c == '\\' && b[i + 1] != '\n' && b[i + 1] != '\r' && b[i + 1]) {
            i += 2;
        } else if (c == '"') {
            for (i++; b[i] == ' ' || b[i] == '\t'; i++)
                ;
            *why = OPEN_QUOTE;
            return b[i] == ']' ? i + 1 : 0;
        } else if (c == '\n' || c == '\r') {
            if (++*breaks >= WRAP_LINES) /* WRAP_LINES lines at most */
                return 0;
            i += c == '\r' && b[i + 1] == '\n' ? 2 : 1;
            size_t k = i;
            while (b[k] == ' ' || b[k] == '\t')
                k++;
            /* in a piece of the text (check.c), a tag pair starts the line after its end */
            if (b[k] == '[' || (k >= r->len && r->eof && r->tag_follows)) {
                *why = OPEN_NEXT_TAG; /* the next tag pair: this one never closed */
                return 0;
            }
        } else {
            i++;
        }
        if (i >= r->len)
            *why = OPEN_END;
    }
    return 0;
}

/* The value of a wrapped tag, unescaped, its lines joined: each line break goes, with the
 * blanks around it (a wrapped FEN reads as if written on one line). */
size_t pk_rd_join_value(pk_pdn_reader *r, size_t v, size_t e, char *out)
{
    const char *b = r->buf;
    size_t o = 0;
    for (size_t i = v; i < e; i++) {
        char c = b[i];
        if (c == '\\' && i + 1 < e && (b[i + 1] == '"' || b[i + 1] == '\\')) {
            out[o++] = b[++i];
        } else if (c == '\n' || c == '\r') {
            while (o > 0 && (out[o - 1] == ' ' || out[o - 1] == '\t'))
                o--;
            while (i + 1 < e && is_blank((unsigned char)b[i + 1]))
                i++;
        } else {
            out[o++] = c;
        }
    }
    return o;
}

/* A value on a line longer than the input window (a 50 MB tag line): read through the
 * window up to its closing '"' and ']', the first TAG_VALUE_MAX bytes kept. Ends at the
 * line break or the end of input when it is not closed (reported). *total gets the
 * length of the whole value. */
size_t pk_rd_long_value(pk_pdn_reader *r, size_t v, size_t *total, int *closed)
{
    size_t kept = 0, all = 0;
    int esc = 0;
    char *out = pk_rd_scratch(r, TAG_VALUE_MAX + 8); /* a few bytes more: accept_tag() cuts at a character */
    pk_rd_advance(r, v);
    r->pos = v;
    *closed = 0;
    for (;;) {
        const char *b = r->buf;
        size_t i = r->pos;
        for (; i < r->len; i++) {
            char c = b[i];
            if (c == '\n' || c == '\r')
                break;
            if (!esc && c == '"') {
                size_t k = i + 1;
                while (k < r->len && (b[k] == ' ' || b[k] == '\t'))
                    k++;
                if (k == r->len && !r->eof)
                    break; /* refill, and look again from the quote */
                if (k < r->len && b[k] == ']') {
                    *closed = 1;
                    pk_rd_advance(r, k + 1);
                    r->pos = k + 1;
                    *total = all;
                    return kept;
                }
            }
            if (!esc && c == '\\') {
                esc = 1;
                continue;
            }
            esc = 0;
            if (kept < TAG_VALUE_MAX + 8)
                out[kept++] = c;
            all++;
        }
        pk_rd_advance(r, i);
        r->pos = i;
        if ((i < r->len && (b[i] == '\n' || b[i] == '\r')) || (i >= r->len && r->eof)) {
            *total = all;
            return kept;
        }
        size_t have = r->len - r->pos;
        pk_rd_fill(r);
        if (r->len - r->pos <= have && !r->eof) { /* a quote and blanks fill the whole window */
            *total = all;
            return kept;
        }
    }
}
