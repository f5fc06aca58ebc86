/* perft.h -- move-path counting (PERFT.md), with bulk counting at the last ply. */
#ifndef PK_PERFT_H
#define PK_PERFT_H

#include "movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Leaves `depth` plies below p. flags: PK_GEN_KEEP_DUPLICATES. Returns 0 and sets
 * *overflow when a move list overflowed (never for real positions). Thread-safe; its
 * move lists are allocated per call and freed before it returns. */
uint64_t pk_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, int *overflow);

#ifdef __cplusplus
}
#endif

#endif
