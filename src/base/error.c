/* error.c -- the pk_error record (see pk_common.h). */
#include "pk_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int pk_error_set(pk_error *e, int code, int col, const char *fmt, ...)
{
    if (e) {
        va_list ap;
        e->code = code;
        e->col = col;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

void pk_error_clear(pk_error *e)
{
    if (e)
        memset(e, 0, sizeof *e);
}
