/*
 * notation.h -- writing moves as PDN text (numeric or algebraic, short or full capture
 * path, the variant's capture separator) and the ambiguity rule of RULES 4.3.
 * Both functions are thread-safe and write only buf (the caller's).
 */
#ifndef PK_NOTATION_H
#define PK_NOTATION_H

#include "movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pk_notation_flags {
    PK_NOT_ALGEBRAIC = 1, /* a1..h8 instead of numbers */
    PK_NOT_NUMERIC = 2,   /* force numbers even for algebraic variants */
    PK_NOT_FULL = 4       /* captures with every intermediate square (path) */
};

/* Writes m into buf ("32-28", "28x19", "31x18x29x15", "c3:e5"); returns the length or the
 * length needed. Without PK_NOT_ALGEBRAIC/NUMERIC the variant's default is used. */
PK_API int pk_move_write(const pk_variant *v, const pk_move *m, unsigned flags, char *buf, size_t size);

/* Writes m in the shortest unambiguous form among the moves of `legal` (full path only
 * when another legal move shares from and to but not the captured set). */
PK_API int pk_move_write_pdn(const pk_variant *v, const pk_movelist *legal, const pk_move *m, unsigned flags,
                             char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
