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

int pk_json_write_escaped(FILE *out, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
    while (p < end) {
        /* a run of what JSON takes as it is, written at once */
        int k;
        while (p < end && ((*p >= 0x20 && *p < 0x7F && *p != '"' && *p != '\\') ||
                           (*p >= 0x80 && (k = utf8_len(p, (size_t)(end - p))))))
            p += *p < 0x80 ? 1 : k;
        if (p > run)
            fwrite(run, 1, (size_t)(p - run), out);
        if (p == end)
            break;
        unsigned c = *p;
        if (c == '"' || c == '\\') {
            putc('\\', out);
            putc((int)c, out);
        } else if (c == '\n') {
            fputs("\\n", out);
        } else if (c == '\r') {
            fputs("\\r", out);
        } else if (c == '\t') {
            fputs("\\t", out);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(out, "\\u%04x", c);
        } else {
            fputs("\\ufffd", out); /* never emit invalid UTF-8 */
        }
        run = ++p;
    }
    return ferror(out) ? PK_ERR_IO : PK_OK;
}

int pk_json_write_string(FILE *out, const char *s)
{
    if (!s)
        return fputs("null", out) < 0 ? PK_ERR_IO : PK_OK;
    putc('"', out);
    pk_json_write_escaped(out, s, strlen(s));
    return putc('"', out) == EOF ? PK_ERR_IO : PK_OK;
}

void pk_json_init(pk_json *j, FILE *out)
{
    j->out = out;
    j->depth = 0;
    j->filled = j->after_key = false;
}

/* Before a value or a key: the comma the container owes (none after a key, none before
 * its first member), and the container marked as filled. */
static void sep(pk_json *j)
{
    if (j->after_key)
        j->after_key = false;
    else if (j->filled)
        putc(',', j->out);
    j->filled = j->depth > 0;
}

static void open_container(pk_json *j, int c)
{
    sep(j);
    putc(c, j->out);
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
    sep(j);
    pk_json_write_string(j->out, key);
    putc(':', j->out);
    j->after_key = true;
}

void pk_json_str(pk_json *j, const char *s)
{
    sep(j);
    pk_json_write_string(j->out, s);
}

void pk_json_strn(pk_json *j, const char *s, size_t n)
{
    sep(j);
    putc('"', j->out);
    pk_json_write_escaped(j->out, s, n);
    putc('"', j->out);
}

void pk_json_int(pk_json *j, long long v)
{
    sep(j);
    fprintf(j->out, "%lld", v);
}

void pk_json_bool(pk_json *j, bool b)
{
    sep(j);
    fputs(b ? "true" : "false", j->out);
}

void pk_json_null(pk_json *j)
{
    sep(j);
    fputs("null", j->out);
}

void pk_json_kstr(pk_json *j, const char *key, const char *s)
{
    pk_json_key(j, key);
    pk_json_str(j, s);
}

void pk_json_kint(pk_json *j, const char *key, long long v)
{
    pk_json_key(j, key);
    pk_json_int(j, v);
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
