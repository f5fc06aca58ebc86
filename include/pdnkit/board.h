/*
 * board.h -- board diagrams of a position: a text board (Unicode or ASCII) and a
 * standalone SVG (no external font or file), optionally with a move's path and the
 * pieces it captures. Used by pdndiagram and by any tool that shows a position.
 *
 * Each renderer writes either to a FILE* the caller hands it or into a caller's buffer
 * (cut and NUL-terminated when too small, with the length it would need in *len, like
 * snprintf's). The library prints nothing else. All four functions are thread-safe: they
 * read v, p and o and write only f (or buf) and err.
 */
#ifndef PK_BOARD_H
#define PK_BOARD_H

#include <stdio.h>

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pk_board_flags {
    PK_BOARD_ASCII = 1,     /* text: plain ASCII (w W b B .) instead of Unicode pieces */
    PK_BOARD_FLIP = 2,      /* Black's view: the board turned by 180 degrees */
    PK_BOARD_NUMERIC = 4,   /* square numbers even for an algebraic variant */
    PK_BOARD_ALGEBRAIC = 8  /* coordinates even for a numeric variant */
};

typedef struct pk_board_opts {
    unsigned flags;      /* enum pk_board_flags */
    int size;            /* SVG: width and height in px; 0 = PK_BOARD_DEFAULT_SIZE */
    const pk_move *move; /* a legal move of the position to draw (path, captures), or NULL */
} pk_board_opts;

#define PK_BOARD_DEFAULT_SIZE 480
#define PK_BOARD_MIN_SIZE 40
#define PK_BOARD_MAX_SIZE 10000

/* Writes the diagram to f. Returns PK_OK, PK_ERR_USAGE (size out of range, a move
 * whose squares are not on the board) or PK_ERR_IO, with err filled. */
PK_API int pk_board_text(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, FILE *f,
                         pk_error *err);
PK_API int pk_board_svg(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, FILE *f, pk_error *err);

/* The same into buf (size bytes, may be 0 with buf NULL to measure; cut and NUL-terminated
 * when too small). *len (may be NULL) gets the length of the whole diagram, not counting
 * the NUL (0 on failure). Returns as above (no PK_ERR_IO). */
PK_API int pk_board_text_buf(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf,
                             size_t size, size_t *len, pk_error *err);
PK_API int pk_board_svg_buf(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf,
                            size_t size, size_t *len, pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
