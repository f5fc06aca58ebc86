/*
 * pk_ascii.h -- library-internal: character classes and case folding of the bytes the
 * library reads, ASCII only, whatever locale the calling program set. <ctype.h> and
 * strcasecmp follow LC_CTYPE: under a Turkish locale 'I' folds to the dotless i (in
 * tr_TR.ISO-8859-9) or to nothing at all (tr_TR.UTF-8), so strcasecmp("ITALIAN",
 * "italian") is not 0 there; under a Latin-1 locale isalpha(0xE9) is true. A program
 * that calls setlocale(LC_ALL, "") (Python does) must get the same answers as one that
 * does not, so the library uses these instead (tests/unit/test_locale.c). Not installed.
 */
#ifndef PK_ASCII_H
#define PK_ASCII_H

#include <stdbool.h>
#include <stddef.h>

static inline bool pk_ascii_isdigit(int c) { return c >= '0' && c <= '9'; }
static inline bool pk_ascii_isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline int pk_ascii_tolower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* strncasecmp with ASCII case folding: <0, 0, >0 as the first n bytes of a and b
 * compare, letters A-Z taken as a-z. */
static inline int pk_ascii_ncasecmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int x = pk_ascii_tolower((unsigned char)a[i]), y = pk_ascii_tolower((unsigned char)b[i]);
        if (x != y || !x)
            return x - y;
    }
    return 0;
}

/* strcasecmp with ASCII case folding. */
static inline int pk_ascii_casecmp(const char *a, const char *b) { return pk_ascii_ncasecmp(a, b, (size_t)-1); }

#endif
