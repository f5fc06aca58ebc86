/*
 * fortify.c -- test-only glue for `make check-musl`: the glibc "checked" functions that
 * Debian's static libraries call.
 *
 * Debian builds libpcre2-8.a and libbz2.a with _FORTIFY_SOURCE, so they call glibc's
 * __memcpy_chk and __fprintf_chk, which musl does not have. To link the tools statically
 * against musl with the system's static libraries (there are no musl builds of them in
 * Debian), these two forward to the plain functions, without the overflow checks (the
 * object sizes were checked when glibc builds ran). pdnkit's own code calls neither; this
 * file is linked only into the musl test build, never into the library.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void *__memcpy_chk(void *dst, const void *src, size_t n, size_t dst_size);
int __fprintf_chk(FILE *f, int flag, const char *fmt, ...);

void *__memcpy_chk(void *dst, const void *src, size_t n, size_t dst_size)
{
    (void)dst_size;
    return memcpy(dst, src, n);
}

int __fprintf_chk(FILE *f, int flag, const char *fmt, ...)
{
    (void)flag;
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n;
}
