/*
 * movegen_helpers.h -- what the generator's unit tests (test_movegen.c, test_turkish.c)
 * share: a move as a descriptor string that fixes its whole path, the pieces it takes in
 * order and a promotion ("46x23x12 {37,18}", "d4xd6xd8 {d5,d7} =K", "23-19"), a check of
 * a generated move's fields against its position, and the exact comparison of a
 * position's legal moves with a set of descriptors.
 */
#ifndef MOVEGEN_HELPERS_H
#define MOVEGEN_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdnkit.h"
#include "pk_bits.h" /* the library's inline bit helpers (private) */
#include "unit/engine_helpers.h"
#include "unit/pktest.h"

#define MAXD 64   /* descriptors per set in these tests */
#define DLEN 96

static pk_movelist ml; /* large: keep it off the stack */

static inline void describe(const pk_variant *v, const pk_move *m, bool alg, char *buf, size_t size)
{
    const pk_geom *g = v->geom;
    char a[4];
    size_t n = 0;
    n += (size_t)snprintf(buf + n, size - n, "%s", pk_square_name(g, m->from, alg, a));
    if (!(m->flags & PK_MV_CAPTURE))
        n += (size_t)snprintf(buf + n, size - n, "-%s", pk_square_name(g, m->to, alg, a));
    else {
        for (int i = 0; i < m->ncap && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, "x%s", pk_square_name(g, m->path[i], alg, a));
        for (int i = 0; i < m->ncap && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : " {", pk_square_name(g, m->caps[i], alg, a));
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "}");
    }
    if ((m->flags & PK_MV_PROMOTE) && n < size)
        snprintf(buf + n, size - n, " =K");
}

/* Internal consistency of one generated move against the position it came from. */
static inline void check_move_fields(const pk_variant *v, const pk_pos *p, const pk_move *m)
{
    int me = p->turn, opp = PK_OTHER(me);
    CU_ASSERT((p->pieces[me] & PK_BIT(m->from)) != 0);
    CU_ASSERT_EQUAL(((p->kings >> m->from) & 1) != 0, (m->flags & PK_MV_KING) != 0);
    if (!(m->flags & PK_MV_CAPTURE)) {
        CU_ASSERT_EQUAL(m->ncap, 0);
        CU_ASSERT_EQUAL(m->capset, 0);
        CU_ASSERT((pk_occupied(p) & PK_BIT(m->to)) == 0);
        return;
    }
    CU_ASSERT(m->ncap >= 1);
    CU_ASSERT_EQUAL(m->path[m->ncap - 1], m->to);
    pk_bb set = 0;
    int nk = 0;
    for (int i = 0; i < m->ncap; i++) {
        CU_ASSERT((set & PK_BIT(m->caps[i])) == 0); /* never the same piece twice */
        set |= PK_BIT(m->caps[i]);
        nk += (p->kings >> m->caps[i]) & 1;
    }
    CU_ASSERT_EQUAL(set, m->capset);
    CU_ASSERT_EQUAL(set & ~p->pieces[opp], 0);
    CU_ASSERT_EQUAL(nk, m->nkcap);
    CU_ASSERT_EQUAL(pk_popcount(m->capset), m->ncap);
    /* the landing square is empty, or the origin, or (pieces removed as jumped, Turkish)
     * the square of a piece taken earlier in the move */
    CU_ASSERT(m->to == m->from || !(pk_occupied(p) & PK_BIT(m->to)) ||
              (v->rules.removal == PK_REMOVE_EACH && (m->capset & PK_BIT(m->to))));
}

static inline int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Generates with `flags`, describes every move, sorts. Returns the count. */
static inline int gen_set(const pk_variant *v, const pk_pos *p, unsigned flags, bool alg, char out[][DLEN])
{
    int n = pk_gen_legal(v, p, &ml, flags);
    CU_ASSERT_EQUAL(n, ml.n);
    CU_ASSERT_FALSE(ml.overflow);
    if (n > MAXD)
        n = MAXD;
    for (int i = 0; i < n; i++) {
        check_move_fields(v, p, &ml.m[i]);
        describe(v, &ml.m[i], alg, out[i], DLEN);
    }
    qsort(out, (size_t)n, DLEN, cmp_str);
    return n;
}

static inline bool in_set(char set[][DLEN], int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(set[i], s) == 0)
            return true;
    return false;
}

/* The legal moves of fen under variant must be exactly `want` (NULL-terminated). */
static inline void expect_moves(const char *variant, const char *fen, unsigned flags, bool alg, const char *const *want)
{
    static char got[MAXD][DLEN];
    const pk_variant *v = var(variant);
    pk_pos p = pos_of(v, fen);
    int n = gen_set(v, &p, flags, alg, got);
    int nw = 0;
    bool ok = true;
    for (; want[nw]; nw++)
        if (!in_set(got, n, want[nw])) {
            printf("\n  %s %s flags %u: missing   %s", variant, fen, flags, want[nw]);
            ok = false;
        }
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int k = 0; k < nw; k++)
            found |= strcmp(got[i], want[k]) == 0;
        if (!found) {
            printf("\n  %s %s flags %u: unexpected %s", variant, fen, flags, got[i]);
            ok = false;
        }
    }
    if (n != nw) {
        printf("\n  %s %s flags %u: %d moves, expected %d", variant, fen, flags, n, nw);
        ok = false;
    }
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_EQUAL(n, nw);
}

#define S(...) ((const char *const[]){__VA_ARGS__, NULL})

#endif
