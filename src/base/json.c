/* json.c -- the JSON writer: string escaping, values, containers and their commas (see
 * json.h). */
#include "json.h"

#include "diag.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s (1..4, n bytes left), or 0 when it is not
 * valid. The lead byte and the continuation bytes are checked (as the writer always has:
 * an overlong E0/F0 form or a surrogate is let through). */
static int utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (k > n)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return (int)k;
}

/* Escaped strings and the punctuation around them go through a buffer on the stack,
 * one fwrite per member (issue 37: a putc per quote and comma, and a stdio call per run,
 * were a third of pdncheck --json's and pdnconv --to json's formatting). Input is taken
 * ESC_IN bytes at a time (a UTF-8 sequence begun before the block's end is finished: 3
 * bytes more), each 6 bytes out at most (\u00XX); ESC_ROOM is what a block may need. */
#define ESC_IN 128
#define ESC_ROOM (6 * (ESC_IN + 3))

typedef struct wbuf {
    FILE *out;
    size_t k;
    bool ok; /* every fwrite wrote all */
    char b[ESC_ROOM + 256];
} wbuf;

static void w_flush(wbuf *w)
{
    if (w->k)
        w->ok &= fwrite(w->b, 1, w->k, w->out) == w->k;
    w->k = 0;
}

/* n (at most 64) bytes as they are */
static void w_raw(wbuf *w, const char *s, size_t n)
{
    if (w->k + n > sizeof w->b)
        w_flush(w);
    memcpy(w->b + w->k, s, n);
    w->k += n;
}

static void w_esc(wbuf *w, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        if (w->k + ESC_ROOM > sizeof w->b)
            w_flush(w);
        char *b = w->b;
        size_t k = w->k;
        const unsigned char *stop = (size_t)(end - p) > ESC_IN ? p + ESC_IN : end;
        while (p < stop) {
            unsigned c = *p;
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                b[k++] = (char)c;
                p++;
                continue;
            }
            int u;
            if (c >= 0x80 && (u = utf8_len(p, (size_t)(end - p)))) {
                memcpy(b + k, p, (size_t)u); /* valid UTF-8 kept as it is */
                k += (size_t)u;
                p += u;
                continue;
            }
            b[k++] = '\\';
            if (c == '"' || c == '\\') {
                b[k++] = (char)c;
            } else if (c == '\n') {
                b[k++] = 'n';
            } else if (c == '\r') {
                b[k++] = 'r';
            } else if (c == '\t') {
                b[k++] = 't';
            } else if (c < 0x20 || c == 0x7F) {
                memcpy(b + k, "u00", 3);
                b[k + 3] = hex[c >> 4];
                b[k + 4] = hex[c & 15];
                k += 5;
            } else {
                memcpy(b + k, "ufffd", 5); /* never emit invalid UTF-8 */
                k += 5;
            }
            p++;
        }
        w->k = k;
    }
}

/* s (NULL: null) as a quoted JSON string */
static void w_str(wbuf *w, const char *s)
{
    if (!s) {
        w_raw(w, "null", 4);
        return;
    }
    w_raw(w, "\"", 1);
    w_esc(w, s, strlen(s));
    w_raw(w, "\"", 1);
}

/* pre (npre <= 3 bytes), then n bytes of s escaped, then post (npost <= 2 bytes), to out.
 * false: a write failed. */
static bool emit(FILE *out, const char *pre, size_t npre, const char *s, size_t n, const char *post,
                 size_t npost)
{
    wbuf w;
    w.out = out, w.k = 0, w.ok = true;
    w_raw(&w, pre, npre);
    w_esc(&w, s, n);
    w_raw(&w, post, npost);
    w_flush(&w);
    return w.ok;
}

int pk_json_write_escaped(FILE *out, const char *s, size_t n)
{
    emit(out, "", 0, s, n, "", 0);
    return ferror(out) ? PK_ERR_IO : PK_OK;
}

int pk_json_write_string(FILE *out, const char *s)
{
    if (!s)
        return fputs("null", out) < 0 ? PK_ERR_IO : PK_OK;
    return emit(out, "\"", 1, s, strlen(s), "\"", 1) ? PK_OK : PK_ERR_IO;
}

void pk_json_init(pk_json *j, FILE *out)
{
    j->out = out;
    j->depth = 0;
    j->filled = j->after_key = false;
}

/* Before a value or a key: the comma the container owes (none after a key, none before
 * its first member), and the container marked as filled. */
static size_t sep(pk_json *j, char *b)
{
    size_t n = 0;
    if (j->after_key)
        j->after_key = false;
    else if (j->filled)
        b[n++] = ',';
    j->filled = j->depth > 0;
    return n;
}

/* The comma owed, then the n bytes of s as they are, in one write. */
static void put_raw(pk_json *j, const char *s, size_t n)
{
    char b[32];
    size_t k = sep(j, b);
    memcpy(b + k, s, n);
    fwrite(b, 1, k + n, j->out);
}

static void open_container(pk_json *j, int c)
{
    char b = (char)c;
    put_raw(j, &b, 1);
    j->depth++;
    j->filled = false;
}

/* The container closed is a member of the one around it: that one is filled. */
static void close_container(pk_json *j, int c)
{
    putc(c, j->out);
    if (j->depth > 0)
        j->depth--;
    j->filled = j->depth > 0;
    j->after_key = false;
}

void pk_json_object(pk_json *j) { open_container(j, '{'); }

void pk_json_array(pk_json *j) { open_container(j, '['); }

void pk_json_end_object(pk_json *j) { close_container(j, '}'); }

void pk_json_end_array(pk_json *j) { close_container(j, ']'); }

void pk_json_key(pk_json *j, const char *key)
{
    char pre[3];
    size_t n = sep(j, pre);
    pre[n++] = '"';
    emit(j->out, pre, n, key, strlen(key), "\":", 2);
    j->after_key = true;
}

void pk_json_str(pk_json *j, const char *s)
{
    if (!s) {
        put_raw(j, "null", 4);
        return;
    }
    pk_json_strn(j, s, strlen(s));
}

void pk_json_strn(pk_json *j, const char *s, size_t n)
{
    char pre[3];
    size_t k = sep(j, pre);
    pre[k++] = '"';
    emit(j->out, pre, k, s, n, "\"", 1);
}

/* v in decimal at d (as %lld, locale-free); its length */
static size_t digits(char *d, long long v)
{
    char t[24], *e = t + sizeof t, *p = e;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    memcpy(d, p, (size_t)(e - p));
    return (size_t)(e - p);
}

void pk_json_int(pk_json *j, long long v)
{
    char d[24];
    put_raw(j, d, digits(d, v));
}

void pk_json_bool(pk_json *j, bool b)
{
    put_raw(j, b ? "true" : "false", b ? 4 : 5);
}

void pk_json_null(pk_json *j)
{
    put_raw(j, "null", 4);
}

/* The comma owed and "key": into w (pk_json_key's, not yet written) */
static void w_key(pk_json *j, wbuf *w, const char *key)
{
    char pre[2];
    size_t n = sep(j, pre);
    pre[n++] = '"';
    w->out = j->out, w->k = 0, w->ok = true;
    w_raw(w, pre, n);
    w_esc(w, key, strlen(key));
    w_raw(w, "\":", 2);
    j->filled = j->depth > 0; /* the value's own sep() would find after_key */
}

/* Key and value in one write (the members of every game's and move's object) */
void pk_json_kstr(pk_json *j, const char *key, const char *s)
{
    wbuf w;
    w_key(j, &w, key);
    w_str(&w, s);
    w_flush(&w);
}

void pk_json_kint(pk_json *j, const char *key, long long v)
{
    wbuf w;
    char d[24];
    w_key(j, &w, key);
    w_raw(&w, d, digits(d, v));
    w_flush(&w);
}

void pk_json_kint_pos(pk_json *j, const char *key, long long v)
{
    pk_json_key(j, key);
    if (v > 0)
        pk_json_int(j, v);
    else
        pk_json_null(j);
}

void pk_json_kbool(pk_json *j, const char *key, bool b)
{
    pk_json_key(j, key);
    pk_json_bool(j, b);
}

void pk_json_knull(pk_json *j, const char *key)
{
    pk_json_key(j, key);
    pk_json_null(j);
}

int pk_json_status(const pk_json *j) { return ferror(j->out) ? PK_ERR_IO : PK_OK; }

int pk_json_newline(pk_json *j)
{
    putc('\n', j->out);
    return pk_json_status(j);
}
