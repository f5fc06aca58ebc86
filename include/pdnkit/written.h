/*
 * written.h -- a move as written, turned into the variant's squares: the reader's
 * squares (pk_pdn_square) through the variant's one square frame (RULES 1.2.5, geom.h),
 * hop-by-hop captures joined into one pk_written, and one move given as text
 * ("32x23x14", "c3:e5", "hg7", "27 x 18") parsed by the reader's own move parser, for
 * the tools that take a move on the command line (pdnmoves --check, pdnconv).
 * All functions are thread-safe: they read v and their input and write only w, buf, *bad
 * and err.
 */
#ifndef PK_WRITTEN_H
#define PK_WRITTEN_H

#include "match.h"
#include "pdn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bit of a numeric or algebraic square in v, or -1 when it is not a playing square
 * of v's board (a column-only square has none). */
PK_API int pk_written_square(const pk_variant *v, const pk_pdn_square *s);

/* Appends the squares of mv to w (a hop's first square, which repeats the last, once).
 * A column-only first square ("hg7") sets w->file_origin. PK_OK, or PK_ERR_RANGE with
 * *bad the index in mv->squares of the square that is not on the board (or one too
 * many). */
PK_API int pk_written_add(const pk_variant *v, const pk_pdn_move *mv, pk_written *w, int *bad);

/* The move written at line->moves[i] and the hop-by-hop continuations after it
 * (PK_PDN_MOVE_HOP) as one pk_written: w cleared, then pk_written_add for each. The one
 * mapping of a written move to squares, for the replay and the HTML report. PK_OK, or
 * PK_ERR_RANGE with *bad (may be NULL) the square that is not on the board or one too
 * many (NULL when there is none to name). */
PK_API int pk_written_line_move(const pk_variant *v, const pk_pdn_line *line, int i, pk_written *w,
                                const pk_pdn_square **bad);

/* Parses one written move (no move number; a strength mark such as "!" is ignored)
 * into *w. PK_OK, or PK_ERR_SYNTAX / PK_ERR_RANGE with err->col the 1-based column. */
PK_API int pk_written_parse(const pk_variant *v, const char *text, size_t len, pk_written *w, pk_error *err);

/* The name of bit in the notation w was written in: "h4" for a move written
 * algebraically, "34" for a numeric one (RULES 1.2.5 frame). buf: >= 4 bytes. */
PK_API const char *pk_written_name(const pk_variant *v, const pk_written *w, int bit, char *buf);

#ifdef __cplusplus
}
#endif

#endif
