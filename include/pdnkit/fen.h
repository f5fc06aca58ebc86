/*
 * fen.h -- PDN 3.0 FEN read and write (RULES 4.2, PERFT.md).
 *   "W:W31-50:B1-20", "B:W18,K26:BK4.", "?:W:BK4", "W:Wa1,c1,Ke5:Bh8"
 * Side to move W, B or ? (unknown: the variant's first mover is used and *unknown_turn
 * is set); colour sections in either order, possibly empty; K prefix for kings;
 * numeric ranges; numeric or algebraic squares; a trailing '.' is tolerated; LID
 * extensions :H<n> and :F<n> are accepted and returned.
 * Both functions are thread-safe and write only the objects they are given.
 */
#ifndef PK_FEN_H
#define PK_FEN_H

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pk_fen_extra {
    bool unknown_turn;  /* side to move was '?' */
    bool trailing_dot;  /* a '.' ended the text (tolerated, PDN 3.0 says no dot) */
    bool spaces;        /* spaces around separators (tolerated, PDN 3.0 has none) */
    int halfmove;       /* :H<n>, -1 when absent */
    int fullmove;       /* :F<n>, -1 when absent */
} pk_fen_extra;

/* Parses `len` characters of s (or up to NUL when len == (size_t)-1). On error returns
 * a status with err->col the 1-based column of the offending character and err->msg the
 * reason. `extra` may be NULL. Validation of the position (pk_pos_validate) is included. */
PK_API int pk_fen_parse(const pk_variant *v, const char *s, size_t len, pk_pos *out, pk_fen_extra *extra,
                        pk_error *err);

/* The largest :H or :F value read; a larger one is an error (PK_ERR_RANGE), never cut. */
#define PK_FEN_COUNTER_MAX 999999999

/* The one wording of a FEN pk_fen_parse refused, for every tool and the replay:
 *   bad FEN "W:W31\x1b[2J:B1": ':' expected, found '\x1b' (column 6 of the FEN)
 * fen (len bytes, or up to NUL when len == (size_t)-1) is echoed with its control
 * characters and NUL bytes escaped (pk_text_escape), cut after PK_FEN_ECHO_MAX bytes
 * with "..."; where (may be NULL) follows the quoted FEN ("in a setup command"). err is
 * what pk_fen_parse filled. Returns the length, like snprintf. */
#define PK_FEN_ECHO_MAX 200
PK_API int pk_fen_error_text(const char *fen, size_t len, const char *where, const pk_error *err, char *buf,
                             size_t size);

/* Writes the FEN of p ("W:W31,32,K33:B1,2") into buf; numeric squares unless algebraic.
 * Returns the length, or the length it would need (like snprintf). */
PK_API int pk_fen_write(const pk_variant *v, const pk_pos *p, bool algebraic, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
