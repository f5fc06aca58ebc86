/* perft.h -- move-path counting (PERFT.md), with bulk counting at the last ply. */
#ifndef PK_PERFT_H
#define PK_PERFT_H

#include "movegen.h"

/* Leaves `depth` plies below p. flags: PK_GEN_KEEP_DUPLICATES. Returns 0 and sets
 * *overflow when a move list overflowed (never for real positions). */
uint64_t pk_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, int *overflow);

#endif
