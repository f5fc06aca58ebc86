/*
 * geom.h -- board geometry: playable squares, their bit layout, numbering families,
 * algebraic names, directions, rays, promotion rows and the main diagonal.
 *
 * Bit layout (RULES 1.1). A square (f, r), f = file from White's left, r = rank from
 * White's side, both 0-based, has bit index ((W+1)*r + f + light) / 2 where light is 1
 * on a1-light (mirrored) boards. Every row pair then spans W+1 bit positions, one of
 * which is a "ghost" that is never playable, and each direction is a constant shift:
 * NE +(W+2)/2, NW +W/2, SE -W/2, SW -(W+2)/2 (E/W/N/S for Frisian orthogonal lines:
 * +1, -1, +(W+1), -(W+1)). 8x8 uses bits 0..35, 10x10 bits 0..54; a 10x8 board fits
 * too; a 12x12 board (72 squares, bits up to 77) needs a wider pk_bb.
 */
#ifndef PK_GEOM_H
#define PK_GEOM_H

#include "pk_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PK_MAX_SQUARES 50 /* playable squares of the largest supported board */
#define PK_NDIRS 8

/* Directions, seen from White's side: N = towards Black (rank + 1). */
enum pk_dir { PK_NE, PK_NW, PK_SE, PK_SW, PK_E, PK_W, PK_N, PK_S };

/* Numbering families of RULES 1.2.1. */
enum pk_numbering {
    PK_NUM_TL, /* 1 = left-most square of White's far row, left to right, downwards */
    PK_NUM_BR  /* 1 = right-most square of White's near row, right to left, upwards */
};

typedef struct pk_geom {
    int width, height;  /* files, ranks */
    bool a1_light;      /* a1 unplayable (Spanish, Portuguese, Italian) */
    int numbering;      /* enum pk_numbering */
    int nsq;            /* playable squares */
    pk_bb board;        /* every playable bit */
    pk_bb promo[2];     /* promotion row of each colour: White's is rank H-1 */
    pk_bb main_diag;    /* the diagonal with W squares (RULES 1.2.3) */
    int shift[PK_NDIRS];     /* signed bit shift of one step */
    pk_bb src[PK_NDIRS];     /* squares from which one step in that direction stays on board */
    int8_t bit_of[PK_MAX_SQUARES + 1]; /* square number (1-based) -> bit */
    int8_t num_of[64];       /* bit -> square number, 0 off board */
    int8_t file_of[64], rank_of[64];
    int8_t next[PK_NDIRS][64]; /* bit one step away, -1 off board */
    pk_bb ray[PK_NDIRS][64];   /* every square strictly beyond bit in direction d */
} pk_geom;

/* The shared, lazily built geometry for a board; NULL for an unsupported size.
 * Static read-only result, never freed. Thread-safe after first use (pk_common.h). */
const pk_geom *pk_geom_get(int width, int height, bool a1_light, int numbering);

/* NE<->SW, NW<->SE, E<->W, N<->S. */
static inline int pk_dir_reverse(int d) { return d < 4 ? 3 - d : d ^ 1; }

/* Bit of (file, rank), or -1 when the square is not playable / off board. Thread-safe. */
int pk_geom_bit(const pk_geom *g, int file, int rank);

/* Square name: the number ("32") or the algebraic name ("h8") into buf (>= 4 bytes),
 * which it returns. buf is the caller's. Thread-safe. */
const char *pk_square_name(const pk_geom *g, int bit, bool algebraic, char *buf);

/* Parses a square written as a number (leading zeros allowed) or algebraically
 * (a1..j10). Returns the bit, or -1 with *err filled (col = 1-based offset of the
 * square inside s + col0). `len` is the number of characters to read. Thread-safe;
 * s is only read. */
int pk_square_parse(const pk_geom *g, const char *s, size_t len, pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
