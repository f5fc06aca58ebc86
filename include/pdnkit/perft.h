/* perft.h -- move-path counting (PERFT.md), with bulk counting at the last ply. */
#ifndef PK_PERFT_H
#define PK_PERFT_H

#include "movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Leaves `depth` plies below p into *nodes (0 on failure). flags: PK_GEN_KEEP_DUPLICATES.
 * Returns PK_OK, PK_ERR_OVERFLOW when a move list overflowed (never for real positions) or
 * PK_ERR_NOMEM, with err (may be NULL) filled. Thread-safe; its move lists are allocated
 * per call and freed before it returns. */
PK_API int pk_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, uint64_t *nodes,
                    pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
