/*
 * perft.c -- move-path counting from a position (PERFT.md). The walk itself is the
 * generator's (pk_mg_perft: specialised per engine row, in the row's word size); the last
 * ply is counted, not played (bulk counting). Move lists come from one allocation per
 * call, one list per ply: nothing is allocated per node.
 */
#include "perft.h"

#include <stdlib.h>

#include "movegen_int.h"

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
    uint64_t n = pk_mg_perft(v, p, depth, flags, lists, overflow);
    free(lists);
    return *overflow ? 0 : n;
}
