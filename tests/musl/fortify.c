/*
 * fortify.c -- test-only glue for `make check-musl`: the glibc "checked" functions that
 * Debian's static libraries call.
 *
 * Debian builds its static libraries (libpcre2-8.a, libbz2.a, libcunit.a) with
 * _FORTIFY_SOURCE, so they call glibc's checked functions (__memcpy_chk, __fprintf_chk, ...),
 * which musl does not have (it does have the other glibc names they use: __ctype_b_loc,
 * __errno_location, __sched_cpucount). To link the tools and the unit tests statically
 * against musl with those archives (Debian has no musl builds of them), these forward to
 * the plain functions, without the overflow checks. pdnkit's own code calls none of them;
 * this file is linked only into the musl test build, never into the library.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void *__memcpy_chk(void *dst, const void *src, size_t n, size_t dst_size);
char *__strcat_chk(char *dst, const char *src, size_t dst_size);
int __fprintf_chk(FILE *f, int flag, const char *fmt, ...);
int __printf_chk(int flag, const char *fmt, ...);
int __snprintf_chk(char *s, size_t n, int flag, size_t s_size, const char *fmt, ...);
int __vsnprintf_chk(char *s, size_t n, int flag, size_t s_size, const char *fmt, va_list ap);
_Noreturn void __longjmp_chk(jmp_buf env, int val);

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

char *__strcat_chk(char *dst, const char *src, size_t dst_size)
{
    (void)dst_size;
    return strcat(dst, src);
}

int __printf_chk(int flag, const char *fmt, ...)
{
    (void)flag;
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int __vsnprintf_chk(char *s, size_t n, int flag, size_t s_size, const char *fmt, va_list ap)
{
    (void)flag, (void)s_size;
    return vsnprintf(s, n, fmt, ap);
}

int __snprintf_chk(char *s, size_t n, int flag, size_t s_size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = __vsnprintf_chk(s, n, flag, s_size, fmt, ap);
    va_end(ap);
    return r;
}

_Noreturn void __longjmp_chk(jmp_buf env, int val)
{
    longjmp(env, val);
}
