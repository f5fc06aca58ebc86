/*
 * perft.c -- move-path counting from a position (PERFT.md). The walk itself is the
 * generator's (pk_mg_perft: specialised per engine row, in the row's word size); the last
 * ply is counted, not played (bulk counting). Move lists come from one allocation per
 * call, one list per ply: nothing is allocated per node.
 */
#include "perft.h"

#include <stdlib.h>

#include "movegen_int.h"

int pk_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, uint64_t *nodes, pk_error *err)
{
    *nodes = 0;
    if (depth <= 0) {
        *nodes = 1;
        return PK_OK;
    }
    pk_movelist *lists = calloc((size_t)depth + 1, sizeof *lists);
    if (!lists)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    int overflow = 0;
    uint64_t n = pk_mg_perft(v, p, depth, flags, lists, &overflow);
    free(lists);
    if (overflow)
        return pk_error_set(err, PK_ERR_OVERFLOW, 0, "a move list overflowed");
    *nodes = n;
    return PK_OK;
}
