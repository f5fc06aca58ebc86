/*
 * pdn_read_helpers.h -- what the PDN reader's unit tests share (test_pdn_read.c,
 * test_pdn_fastpath.c): the diagnostics of one read collected, a text read whole, and the
 * checks of a tolerance (a warning, an error under PK_PDN_STRICT) and of a clean read.
 */
#ifndef PDN_READ_HELPERS_H
#define PDN_READ_HELPERS_H

#include "pdn.h"
#include "pktest.h"

#include <stdio.h>
#include <string.h>

/* Diagnostics collected from one read. */
typedef struct seen {
    int n;
    char code[64][24];
    int sev[64], line[64], col[64], game[64];
} seen;

static inline void collect(void *ctx, const pk_diag *d)
{
    seen *s = ctx;
    if (s->n < 64) {
        snprintf(s->code[s->n], sizeof s->code[0], "%s", d->code);
        s->sev[s->n] = d->severity;
        s->line[s->n] = d->line;
        s->col[s->n] = d->col;
        s->game[s->n] = d->game;
        s->n++;
    }
}

/* Index of the first diagnostic with that code, or -1. */
static inline int find(const seen *s, const char *code)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->code[i], code))
            return i;
    return -1;
}

/* Reads every game of text (len bytes) with flags; returns the number of games and keeps
 * the first game in *first (when non-NULL; the caller frees it). */
static inline int read_all(const char *text, size_t len, unsigned flags, seen *s, pk_game *first)
{
    FILE *f = fmemopen((void *)text, len, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", flags, NULL);
    pk_diag_sink sink = {collect, s};
    pk_game g;
    int n = 0;
    memset(s, 0, sizeof *s);
    pk_game_init(&g);
    if (first)
        pk_game_init(first);
    while (pk_pdn_next(r, n == 0 && first ? first : &g, &sink, NULL) == PK_OK)
        n++;
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    return n;
}

static inline int rd(const char *text, unsigned flags, seen *s, pk_game *first)
{
    return read_all(text, strlen(text), flags, s, first);
}

/* A tolerance: default mode gives one warning with that code at line:col, strict mode
 * an error with the same code; both read the same number of games. */
static inline void tolerance(const char *text, const char *code, int line, int col, int games)
{
    seen s;
    CU_ASSERT_EQUAL(rd(text, 0, &s, NULL), games);
    int i = find(&s, code);
    if (i < 0)
        fprintf(stderr, "  no '%s' for: %s\n", code, text);
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.sev[i], PK_SEV_WARNING);
    CU_ASSERT_EQUAL(s.line[i], line);
    CU_ASSERT_EQUAL(s.col[i], col);
    CU_ASSERT_EQUAL(rd(text, PK_PDN_STRICT, &s, NULL), games);
    i = find(&s, code);
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.sev[i], PK_SEV_ERROR);
}

static inline void clean(const char *text, int games)
{
    seen s;
    CU_ASSERT_EQUAL(rd(text, PK_PDN_STRICT, &s, NULL), games);
    if (s.n)
        fprintf(stderr, "  unexpected %s at %d:%d\n", s.code[0], s.line[0], s.col[0]);
    CU_ASSERT_EQUAL(s.n, 0);
}

#endif
