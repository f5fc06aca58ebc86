/*
 * perft.c -- move-path counting from a position (PERFT.md). The last ply is counted,
 * not played (bulk counting). Move lists come from one allocation per call, one list
 * per ply: nothing is allocated per node.
 */
#include "perft.h"

#include <stdlib.h>

static uint64_t walk(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, pk_movelist *lists,
                     int *overflow)
{
    pk_movelist *l = &lists[depth];
    if (depth == 1) {
        int n = pk_count_legal(v, p, flags, l);
        if (l->overflow)
            *overflow = 1;
        return (uint64_t)n;
    }
    pk_gen_legal(v, p, l, flags);
    if (l->overflow)
        *overflow = 1;
    uint64_t sum = 0;
    if (depth == 2) /* the leaves' parents: count each child's moves in place */
        return pk_count_children(v, p, l, flags, &lists[1], overflow);
    for (int i = 0; i < l->n; i++) {
        pk_pos q = *p;
        pk_make_unhashed(&q, &l->m[i]);
        sum += walk(v, &q, depth - 1, flags, lists, overflow);
    }
    return sum;
}

uint64_t pk_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, int *overflow)
{
    int dummy = 0;
    if (!overflow)
        overflow = &dummy;
    *overflow = 0;
    if (depth <= 0)
        return 1;
    pk_movelist *lists = calloc((size_t)depth + 1, sizeof *lists);
    if (!lists) {
        *overflow = 1;
        return 0;
    }
    uint64_t n = walk(v, p, depth, flags, lists, overflow);
    free(lists);
    return *overflow ? 0 : n;
}
