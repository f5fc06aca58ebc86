/*
 * movegen.h -- legal move generation for every variant of the table (RULES 1.4-1.8).
 *
 * pk_gen_legal() gives the legal moves: complete captures filtered by the variant's
 * choice rule and de-duplicated on (from, to, captured set), or the quiet moves when no
 * capture exists. The other entry points give the sets the adjudicator classifies
 * against (RULES 4.5): every complete capture path, and the quiet moves alone.
 * No function here allocates; each writes only the lists it is given and reads v and p:
 * thread-safe on distinct lists.
 */
#ifndef PK_MOVEGEN_H
#define PK_MOVEGEN_H

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A list of moves, opaque: made with pk_movelist_new (about 64 KB, on the heap), read with
 * the accessors below. Its layout (movelist_int.h) is the library's, so that its capacity
 * may grow without changing the ABI. */
typedef struct pk_movelist pk_movelist;

/* A new, empty list; NULL when out of memory. Made once and reused: the generator
 * allocates nothing. pk_movelist_free(NULL) is allowed. */
PK_API pk_movelist *pk_movelist_new(void);
PK_API void pk_movelist_free(pk_movelist *l);

/* The number of moves in l (what the last call that filled it returned). */
PK_API int pk_movelist_count(const pk_movelist *l);
/* True when the last call that filled l found more moves than a list holds: the list is
 * cut (no real position comes near; a constructed one may). */
PK_API bool pk_movelist_overflowed(const pk_movelist *l);
/* The i-th move (0-based) of l, or NULL when i is outside 0 .. count-1. Valid until l is
 * filled again or freed. */
PK_API const pk_move *pk_movelist_at(const pk_movelist *l, int i);

enum pk_gen_flags {
    PK_GEN_KEEP_DUPLICATES = 1, /* one move per capture path ("keep" perft convention) */
    PK_GEN_CAPTURE_OPTIONAL = 2,/* house rule "capture not mandatory" (RULES 0.1), opt-in */
    PK_GEN_ALL_CAPTURES = 4,    /* every complete capture path: no choice rule, no de-dup */
    PK_GEN_QUIET_ONLY = 8       /* only non-capturing moves, even when a capture exists */
};

/* Legal moves of p under v into out; returns out->n (0: side to move has lost). */
PK_API int pk_gen_legal(const pk_variant *v, const pk_pos *p, pk_movelist *out, unsigned flags);

/* Number of legal moves; quiet moves are counted without being listed (perft bulk
 * counting). Captures still need `scratch` to rank and de-duplicate them. */
PK_API int pk_count_legal(const pk_variant *v, const pk_pos *p, unsigned flags, pk_movelist *scratch);

/* Is from-to a legal quiet move of the side to move? 1 (and *m is that move, as
 * pk_gen_legal gives it) when the side has no capture and its piece on `from` has a quiet
 * move to `to` (RULES 1.4); 0 when it has no capture but that is not one of its moves;
 * -1 when a capture exists (the legal moves are captures, ranked over every piece: use
 * pk_gen_legal). The adjudicator's fast path for the common quiet move: no move list. */
PK_API int pk_quiet_move(const pk_variant *v, const pk_pos *p, int from, int to, pk_move *m);

/* The complete captures of the piece of the side to move on `from` alone, as
 * pk_gen_legal(flags) lists them, into out; returns out->n, or -1 when the variant has a
 * choice rule (RULES 1.7: the legal captures are ranked over every piece: use
 * pk_gen_legal). Under free choice (English, Russian, pool) a capture is legal whenever
 * it is complete, so these are exactly the legal moves from `from` when it has one: the
 * adjudicator's fast path for a written capture. */
PK_API int pk_gen_captures_from(const pk_variant *v, const pk_pos *p, int from, pk_movelist *out,
                                unsigned flags);

/* Sum, over the moves of `moves` (legal in p), of pk_count_legal in the position after
 * the move: perft's last two plies in one call (the count is inlined in the loop).
 * Sets *overflow when a count overflowed `scratch`. */
PK_API uint64_t pk_count_children(const pk_variant *v, const pk_pos *p, const pk_movelist *moves,
                                  unsigned flags, pk_movelist *scratch, int *overflow);

/* True when the side to move has at least one capture. */
PK_API bool pk_has_capture(const pk_variant *v, const pk_pos *p);

/* The choice rule's rank of a complete capture: among the complete captures of a
 * position the legal ones are those of maximal rank (RULES 1.7). Exposed so that the
 * adjudicator can say why a capture was rejected. */
PK_API uint64_t pk_capture_rank(const pk_variant *v, const pk_pos *p, const pk_move *m);

/* Two moves are the same move when they share from, to and captured set (RULES 1.8). */
static inline bool pk_move_same(const pk_move *a, const pk_move *b)
{
    return a->from == b->from && a->to == b->to && a->capset == b->capset;
}

#ifdef __cplusplus
}
#endif

#endif
