/* error.c -- the pk_error record (see pk_common.h and libpdnkit(3) ERRORS). */
#include "pk_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A message longer than pk_error.msg (its size is the ABI's) keeps its start and its end
 * and loses its middle, marked "...": what a message echoes (a pattern, a FEN, a name)
 * stands in the middle, and the reason comes last, so the reason is never cut off (issue
 * 31 item 10: a long bad pdngrep -t pattern lost it). Cuts fall between UTF-8 characters. */
#define HEAD_BYTES 96
static void fit(char *dst, size_t size, const char *s, size_t n)
{
    size_t head = HEAD_BYTES, tail = size - 1 - HEAD_BYTES - 3;
    while (head > 0 && ((unsigned char)s[head] & 0xC0) == 0x80) /* s[head] starts a character */
        head--;
    size_t from = n - tail;
    while (from < n && ((unsigned char)s[from] & 0xC0) == 0x80)
        from++;
    memcpy(dst, s, head);
    memcpy(dst + head, "...", 3);
    memcpy(dst + head + 3, s + from, n - from);
    dst[head + 3 + (n - from)] = 0;
}

static int error_vset(pk_error *e, int code, long long line, long long col, const char *fmt, va_list ap)
{
    if (e) {
        e->code = code;
        e->line = line;
        e->col = col;
        va_list again;
        va_copy(again, ap);
        int n = vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        if (n >= (int)sizeof e->msg) { /* too long: written whole elsewhere, then fitted */
            char local[1024];
            char *whole = (size_t)n < sizeof local ? local : malloc((size_t)n + 1);
            if (whole) { /* (out of memory: cut at the end, as snprintf left it) */
                vsnprintf(whole, (size_t)n + 1, fmt, again);
                fit(e->msg, sizeof e->msg, whole, (size_t)n);
                if (whole != local)
                    free(whole);
            }
        }
        va_end(again);
    }
    return code;
}

int pk_error_set(pk_error *e, int code, long long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_vset(e, code, 0, col, fmt, ap);
    va_end(ap);
    return code;
}

int pk_error_set_at(pk_error *e, int code, long long line, long long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_vset(e, code, line, col, fmt, ap);
    va_end(ap);
    return code;
}

void pk_error_clear(pk_error *e)
{
    if (e)
        memset(e, 0, sizeof *e);
}
