/* error.c -- the pk_error record (see pk_common.h and libpdnkit(3) ERRORS). */
#include "pk_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int error_vset(pk_error *e, int code, long long line, long long col, const char *fmt, va_list ap)
{
    if (e) {
        e->code = code;
        e->line = line;
        e->col = col;
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
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
