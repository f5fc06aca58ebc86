/*
 * engine_helpers.h -- small helpers the engine's unit tests share: a variant by name
 * and a position from a FEN, each failing the test (fatally) when it cannot be had; a
 * perft count.
 */
#ifndef ENGINE_HELPERS_H
#define ENGINE_HELPERS_H

#include <stdio.h>

#include "pdnkit.h"
#include "movelist_int.h" /* the library's own view of a move list (private), as its files have */
#include "variant_int.h"  /* PK_V_COUNT (private) */
#include "unit/pktest.h"

static inline const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

static inline pk_pos pos_of(const pk_variant *v, const char *fen)
{
    pk_pos p;
    pk_error err;
    pk_error_clear(&err);
    int rc = pk_fen_parse(v, fen, (size_t)-1, &p, NULL, &err);
    if (rc)
        printf("\n  FEN '%s' (%s) rejected: col %lld: %s\n", fen, v->name, err.col, err.msg);
    CU_ASSERT_EQUAL_FATAL(rc, PK_OK);
    return p;
}

/* pk_perft's count, 0 when it failed (a failure is also a failed assertion). */
static inline uint64_t perft_n(const pk_variant *v, const pk_pos *p, int depth, unsigned flags)
{
    uint64_t n = 7;
    int st = pk_perft(v, p, depth, flags, &n, NULL);
    CU_ASSERT_EQUAL(st, PK_OK);
    return st == PK_OK ? n : 0;
}

#endif
