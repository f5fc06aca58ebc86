/*
 * position.h -- a position (pieces, side to move, incremental hash), making moves,
 * and the small queries that draw rules and reports need.
 */
#ifndef PK_POSITION_H
#define PK_POSITION_H

#include "variant.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pk_pos {
    pk_bb pieces[2]; /* all pieces of each colour */
    pk_bb kings;     /* kings of either colour */
    int turn;        /* side to move: PK_WHITE or PK_BLACK */
    uint64_t hash;   /* Zobrist key of (placement, side to move), kept by pk_make */
} pk_pos;

#define PK_MAX_PATH 32 /* jumps in one capture: a side has at most 30 pieces (12x12) */

enum pk_move_flags {
    PK_MV_KING = 1,    /* the moving piece was a king when the move started */
    PK_MV_PROMOTE = 2, /* the moving man ends the move as a king */
    PK_MV_CAPTURE = 4
};

/*
 * One move. Squares are bits of the variant's geometry. For a capture, caps[i] is the
 * square of the i-th piece taken and path[i] the square where the piece stands after
 * jump i (path[ncap-1] == to). When a flying king continues straight on, path[i] is the
 * square right behind the captured piece (PDN 3.0 canonical form, RULES 4.3).
 */
typedef struct pk_move {
    uint8_t from, to;
    uint8_t ncap;    /* pieces captured */
    uint8_t nkcap;   /* kings among them */
    uint8_t flags;   /* enum pk_move_flags */
    uint8_t pad[3];
    pk_bb capset;    /* squares captured */
    uint8_t path[PK_MAX_PATH];
    uint8_t caps[PK_MAX_PATH];
} pk_move;

/* The functions below read and write only the pk_pos they are given: thread-safe on
 * distinct positions. */

/* Sets the position to empty with side to move `turn`. */
PK_API void pk_pos_clear(pk_pos *p, int turn);
/* Puts a piece (is_king) of `color` on `bit`, keeping the hash. */
PK_API void pk_pos_put(pk_pos *p, int bit, int color, bool is_king);
/* Recomputes the hash from scratch (pk_make keeps it incrementally). */
PK_API uint64_t pk_pos_hash(const pk_pos *p);
/* Plays m (which must come from the generator for p) on p, flipping the side to move. */
PK_API void pk_make(const pk_variant *v, pk_pos *p, const pk_move *m);

/* pk_make without the hash (left stale): for perft, which never reads it. */
static inline void pk_make_unhashed(pk_pos *p, const pk_move *m)
{
    int me = p->turn, opp = PK_OTHER(me);
    pk_bb from = PK_BIT(m->from), to = PK_BIT(m->to);
    pk_bb king = (p->kings & from) || (m->flags & PK_MV_PROMOTE) ? to : 0;
    p->pieces[opp] &= ~m->capset;
    p->kings = (p->kings & ~(m->capset | from)) | king;
    p->pieces[me] = (p->pieces[me] & ~from) | to;
    p->turn = opp;
}

static inline pk_bb pk_men(const pk_pos *p, int c) { return p->pieces[c] & ~p->kings; }
static inline pk_bb pk_kings(const pk_pos *p, int c) { return p->pieces[c] & p->kings; }
static inline pk_bb pk_occupied(const pk_pos *p) { return p->pieces[0] | p->pieces[1]; }
static inline bool pk_pos_equal(const pk_pos *a, const pk_pos *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] && a->kings == b->kings &&
           a->turn == b->turn;
}

/* Checks what FEN readers must reject (RULES 4.2): men on their own promotion row and
 * more pieces than the variant's initial count. Returns PK_OK or PK_ERR_RULES. */
PK_API int pk_pos_validate(const pk_variant *v, const pk_pos *p, pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
