/*
 * geom.h -- board geometry: playable squares, their bit layout, numbering families,
 * algebraic names, directions, rays, promotion rows and the main diagonal.
 *
 * Bit layout (RULES 1.1). A square (f, r), f = file from White's left, r = rank from
 * White's side, both 0-based, has bit index ((W+1)*r + f + light) / 2 where light is 1
 * on a1-light (mirrored) boards. Every row pair then spans W+1 bit positions, one of
 * which is a "ghost" that is never playable, and each direction is a constant shift:
 * NE +(W+2)/2, NW +W/2, SE -W/2, SW -(W+2)/2 (E/W/N/S for Frisian orthogonal lines:
 * +1, -1, +(W+1), -(W+1)). 8x8 uses bits 0..35, 10x10 bits 0..54, a 10x8 board fits
 * too: all of these fit in 64 bits; a 12x12 board (72 squares) uses bits 0..77, which is
 * why pk_bb has 128 (pk_common.h). `wide` marks the geometries past bit 63.
 *
 * Full boards (Turkish, every square playable): bit W*r + f, bits 0..63 on 8x8, no
 * ghost. E/W/N/S are one square (+1, -1, +W, -W) and the diagonals +-(W+1), +-(W-1);
 * a step east or west (and a diagonal one) wraps into the next row, so it is masked
 * with src[d]; north and south fall off the 64 bits. Numbers (PK_NUM_TL) run over all
 * 64 squares: 1 = a8, 8 = h8, 57 = a1, 64 = h1 (pdnkit-rules(7)).
 *
 * Square frame (RULES 1.2.5). Algebraic names (a1..j10) are given in the starting
 * player's frame: a1 is the near-left corner of the side that moves first, so in the
 * Black-first variants (English, Pool) a1 is White's h8 and c3 is square 11. A geometry
 * carries its frame; pk_square_name() and pk_square_parse() are the one name/parse pair
 * that the FEN reader and writer, the move reader and the move writer share. Numbers
 * do not depend on the frame (RULES 1.2.1 numbers from White's side).
 */
#ifndef PK_GEOM_H
#define PK_GEOM_H

#include "pk_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PK_MAX_SQUARES 72 /* playable squares of the largest supported board (12x12) */
#define PK_NDIRS 8

/* Directions, seen from White's side: N = towards Black (rank + 1). */
enum pk_dir { PK_NE, PK_NW, PK_SE, PK_SW, PK_E, PK_W, PK_N, PK_S };

/* Frames of algebraic names (RULES 1.2.5): whose near-left corner a1 is. */
enum pk_frame { PK_FRAME_WHITE, PK_FRAME_BLACK };

/* Numbering families of RULES 1.2.1. */
enum pk_numbering {
    PK_NUM_TL, /* 1 = left-most square of White's far row, left to right, downwards */
    PK_NUM_BR  /* 1 = right-most square of White's near row, right to left, upwards */
};

typedef struct pk_geom {
    int width, height;  /* files, ranks */
    bool a1_light;      /* a1 unplayable (Spanish, Portuguese, Italian) */
    bool full;          /* every square playable (Turkish): bit = W*rank + file, no ghosts */
    bool wide;          /* some playable bit is above 63 (the 12x12 boards) */
    int numbering;      /* enum pk_numbering */
    int frame;          /* enum pk_frame: the frame of algebraic names */
    int nsq;            /* playable squares */
    pk_bb board;        /* every playable bit */
    pk_bb promo[2];     /* promotion row of each colour: White's is rank H-1 */
    pk_bb main_diag;    /* the diagonal with W squares (RULES 1.2.3) */
    int shift[PK_NDIRS];     /* signed bit shift of one step */
    pk_bb src[PK_NDIRS];     /* squares from which one step in that direction stays on board */
    int8_t bit_of[PK_MAX_SQUARES + 1]; /* square number (1-based) -> bit */
    int8_t num_of[PK_MAX_BITS]; /* bit -> square number, 0 off board */
    int8_t file_of[PK_MAX_BITS], rank_of[PK_MAX_BITS]; /* White's frame: the rules' coordinates (RULES 1.1) */
    int8_t alg_file[PK_MAX_BITS], alg_rank[PK_MAX_BITS]; /* the frame of algebraic names: 'a' + alg_file, 1 + alg_rank */
    char name[2][PK_MAX_BITS][4]; /* [algebraic] bit -> its name, NUL-terminated ("?" off board) */
    int8_t next[PK_NDIRS][PK_MAX_BITS]; /* bit one step away, -1 off board */
    pk_bb ray[PK_NDIRS][PK_MAX_BITS];   /* every square strictly beyond bit in direction d */
    /* The low 64 bits of ray[], packed, for the move generator's 64-bit copies (the boards
     * that are not wide): half the cache lines of ray[] on its hottest lookups. */
    uint64_t ray64[PK_NDIRS][64];
} pk_geom;

/* The shared geometry for a board, its numbering and its frame of algebraic names;
 * NULL for an unsupported size. Built once per process, on first use: thread-safe. */
PK_API const pk_geom *pk_geom_get(int width, int height, bool a1_light, bool full, int numbering, int frame);

/* NE<->SW, NW<->SE, E<->W, N<->S. */
static inline int pk_dir_reverse(int d) { return d < 4 ? 3 - d : d ^ 1; }

/* Bit of (file, rank) in White's frame, or -1 when the square is not playable / off board.
 * Thread-safe (the geometry is read-only), as are the three functions below. */
PK_API int pk_geom_bit(const pk_geom *g, int file, int rank);

/* Bit of the algebraic square ('a' + file, 1 + rank) in g's frame of names, or -1. */
PK_API int pk_geom_alg_bit(const pk_geom *g, int file, int rank);

/* Square name: the number ("32") or the algebraic name ("h8", in g's frame) into buf
 * (>= 4 bytes, the caller's), which it returns. */
PK_API const char *pk_square_name(const pk_geom *g, int bit, bool algebraic, char *buf);

/* Parses a square written as a number (leading zeros allowed) or algebraically
 * (a1..j10, in g's frame) into *bit (may be NULL; -1 on failure). Returns PK_OK, or
 * PK_ERR_SYNTAX / PK_ERR_RANGE with *err filled (col: the 1-based column inside s).
 * `len` is the number of characters to read; s is only read. */
PK_API int pk_square_parse(const pk_geom *g, const char *s, size_t len, int *bit, pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
