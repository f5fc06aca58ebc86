/*
 * movegen_impl.h -- the one move generator for every variant (RULES 1.4-1.8), written once
 * against a pk_rules row and a word type. Included by movegen_64.c (MG_WORD uint64_t: every
 * board of up to 64 bits) and movegen_128.c (MG_WORD pk_bb: the 12x12 boards), each of which
 * names the rows it specialises; the 8x8 and 10x10 boards never pay for the wide word.
 * Private (not installed).
 *
 * Each engine row of variant_rows.h gets a specialised copy (SPECIALISE, movegen_spec.h):
 * the row is a compile-time constant there, so the compiler folds its flags and shifts
 * into the loops. A row with the move rules of an engine row (Frysk!, Antidraughts,
 * Breakthrough) uses that row's copy (pk_variant.engine; test_movegen checks the rules are
 * the same). The variant is still data; only the compiler makes the copies.
 *
 * Captures are a depth-first search over jumps. Captured pieces stay on the board as
 * blockers until the move ends and cannot be jumped twice (RULES 1.5 rule 3), the origin
 * square counts as empty (rule 4), a capture must be completed, and a flying king must
 * land on a square of its landing range that allows a further jump when one does
 * (rule 2). Complete captures are ranked by the variant's choice rule on the fly
 * (RULES 1.7), then de-duplicated on (from, to, captured set) (RULES 1.8). Nothing here
 * allocates.
 *
 * Turkish draughts (pdnkit-rules(7) TURKISH) is the same search with two columns of its
 * row: `full` (all 64 squares, geom.h's full layout: men forward and sideways, kings
 * along ranks and files) and `removal` PK_REMOVE_EACH (a piece leaves the occupancy as
 * it is jumped, so the path may cross its square again; it cannot be met twice). The
 * 180-degree rule is the search's own: a king never continues in the reverse of its
 * last direction, and a man's reverse step has nothing left to jump. Thai draughts
 * (pdnkit-rules(7) THAI) removes pieces as jumped too, and adds two columns: `king_land`
 * PK_LAND_NEXT (the king lands right behind the piece it takes) and `turn_back` (it may
 * then go back the way it came, over the square now empty: D-TH-3).
 */
#include <string.h>

#include "movegen_int.h"

#ifndef MG_WORD
#error "define MG_WORD (the instance's word type) before including movegen_impl.h"
#endif

typedef MG_WORD word;

/* The position as the generator reads it: in the instance's word. Public positions are
 * read into one at each entry point (three loads); perft's walk stays in it. */
typedef struct mg_pos {
    word pieces[2];
    word kings;
    int turn;
} mg_pos;

#define WBIT(i) ((word)1 << (i))
#define W(x) ((word)(x)) /* a geometry set, cut to the word: 64-bit boards have no high bits */
#if MG_WIDE
#define RAY(g, d, sq) ((g)->ray[d][sq])
static inline int w_lsb(word b) { return pk_lsb(b); }
static inline int w_msb(word b) { return pk_msb(b); }
static inline int w_popcount(word b) { return pk_popcount(b); }
#else
#define RAY(g, d, sq) ((g)->ray64[d][sq]) /* packed: half the cache lines (geom.h) */
static inline int w_lsb(word b) { return __builtin_ctzll(b); }
static inline int w_msb(word b) { return 63 - __builtin_clzll(b); }
static inline int w_popcount(word b) { return pk_popcount64(b); }
#endif

static inline mg_pos mg_load(const pk_pos *p)
{
    mg_pos q = {{W(p->pieces[0]), W(p->pieces[1])}, W(p->kings), p->turn};
    return q;
}
static inline word mg_occupied(const mg_pos *p) { return p->pieces[0] | p->pieces[1]; }

/* The position after m (pk_make_unhashed in the instance's words: perft needs no hash),
 * for a side `me` that is a constant where it is inlined: the three words then stay in
 * registers (an index by a variable side put them through memory, and the loads after
 * the copy waited on it: the profile's hottest instructions). */
PK_MG_INLINE mg_pos mg_child(const mg_pos *p, const pk_move *m, int me)
{
    int opp = PK_OTHER(me);
    word from = WBIT(m->from), to = WBIT(m->to), cap = W(m->capset);
    word king = ((p->kings & from) ? to : 0) | ((m->flags & PK_MV_PROMOTE) ? to : 0);
    mg_pos q;
    q.pieces[opp] = p->pieces[opp] & ~cap;
    q.pieces[me] = (p->pieces[me] & ~from) | to;
    q.kings = (p->kings & ~(cap | from)) | king;
    q.turn = opp;
    return q;
}

static const pk_variant_def crows[] = {
#include "variant_rows.h"
};
_Static_assert(sizeof crows / sizeof crows[0] == PK_V_COUNT, "one row per variant id");

/* Inlined into each per-row copy, where the row is a constant (see SPECIALISE). */
#define TEMPLATE PK_MG_INLINE
/* Direction loops unrolled, each shift a constant (clang ignores GCC's pragma: 3x the work) */
#define PRAGMA(x) _Pragma(#x)
#ifdef __clang__
#define UNROLL(n) PRAGMA(clang loop unroll(full))
#else
#define UNROLL(n) PRAGMA(GCC unroll n)
#endif

/* Bit shift of one step in direction d, from the board width (geom.h layout). */
TEMPLATE int dir_shift(const pk_rules *R, int d)
{
    int w = R->width;
    if (R->full) /* bit = W*rank + file (geom.h, full boards) */
        switch (d) {
        case PK_NE: return w + 1;
        case PK_NW: return w - 1;
        case PK_SE: return -(w - 1);
        case PK_SW: return -(w + 1);
        case PK_E: return 1;
        case PK_W: return -1;
        case PK_N: return w;
        default: return -w;
        }
    switch (d) {
    case PK_NE: return (w + 2) / 2;
    case PK_NW: return w / 2;
    case PK_SE: return -(w / 2);
    case PK_SW: return -((w + 2) / 2);
    case PK_E: return 1;
    case PK_W: return -1;
    case PK_N: return w + 1;
    default: return -(w + 1);
    }
}

/* One step of every bit of b in direction d; the shift is derived from the board width,
 * a constant in each specialised copy. Callers AND the result with an on-board set
 * (empty squares, pieces). A diagonal step off the left or right edge lands on a ghost
 * bit (geom.h) and one off the top or bottom leaves the used bits, so diagonals need no
 * mask; a sideways step (Frisian E/W) would wrap into the next row, hence src[]. */
TEMPLATE word step(const pk_rules *R, const pk_geom *g, word b, int d)
{
    int s = dir_shift(R, d);
    if (d == PK_E || d == PK_W || (R->full && d < 4)) /* a full board has no ghost column */
        b &= W(g->src[d]);
    return s > 0 ? b << s : b >> -s;
}

/* geom.h's pk_dir_reverse, always inlined: a plain inline one was left out of line once
 * the walk grew (2 M calls in international perft 7). */
TEMPLATE int dir_rev(int d) { return d < 4 ? 3 - d : d ^ 1; }

TEMPLATE word step_back(const pk_rules *R, const pk_geom *g, word b, int d)
{
    return step(R, g, b, dir_rev(d));
}

/* First square of the set b met when walking in direction d: rays of the directions
 * with a positive shift run towards higher bits. */
TEMPLATE int first_in_dir(const pk_rules *R, word b, int d)
{
    return dir_shift(R, d) > 0 ? w_lsb(b) : w_msb(b);
}

/* Squares of ray[d][sq] before the first occupied one. */
TEMPLATE word free_ray(const pk_rules *R, const pk_geom *g, int sq, int d, word occ)
{
    word r = RAY(g, d, sq), blk = r & occ;
    if (blk) {
        int b = first_in_dir(R, blk, d);
        r &= ~(RAY(g, d, b) | WBIT(b));
    }
    return r;
}

/* Directions of captures [dir_lo, dir_hi) and of kings' quiet moves [dir_lo, dir_lo + 4):
 * the diagonals, Frisian captures along the orthogonal lines too, Turkish ranks and
 * files only. */
TEMPLATE int dir_lo(const pk_rules *R) { return R->full ? PK_E : 0; }
TEMPLATE int dir_hi(const pk_rules *R) { return R->ortho || R->full ? 8 : 4; }

/* May a man of `me` move or capture in direction d? Turkish men go forward and sideways
 * (pdnkit-rules(7) TURKISH); on diagonal boards the two forward diagonals (captures
 * backwards are men_back's business). */
TEMPLATE bool man_dir(const pk_rules *R, int me, int d)
{
    if (R->full)
        return d == PK_E || d == PK_W || d == (me == PK_WHITE ? PK_N : PK_S);
    return d < 4 && (d >= PK_SE) == (me == PK_BLACK);
}

/* ---------------------------------------------------------------------------------- */
/* Capture search                                                                     */

typedef struct cap_ctx {
    const pk_rules *R;
    const pk_geom *g;
    pk_movelist *out;
    unsigned flags;
    int base;          /* first index of the captures in out */
    int turn;
    word empty;       /* empty squares, the mover's origin included */
    word occ;         /* every other piece, captured ones included (they block) unless
                          they leave the board as jumped (PK_REMOVE_EACH) */
    word opp_free;    /* opponent pieces not captured yet */
    word opp_kings;
    int from, start_king;
    int n;             /* jumps so far */
    word capset;
    int nk;            /* kings captured so far */
    uint32_t kmask;    /* bit 31-i set when the i-th piece taken is a king (Italian order) */
    uint64_t best;     /* best rank in out[base..n) */
    bool any;          /* a complete capture was found */
    bool stop_at_first;/* pk_has_capture: stop as soon as one exists */
    bool count_only;   /* perft leaves: paths not needed, duplicates-free captures counted */
    bool crowned;      /* a man crowned mid-capture goes on as a king (RULES 1.6 continue) */
    int counted;       /* captures of rank `best` counted but not stored */
    uint8_t path[PK_MAX_PATH], caps[PK_MAX_PATH];
} cap_ctx;

/* A complete capture was found ending on `to`. Ranks it (RULES 1.7), keeps it only if
 * no better one is known, and drops it if the same move is already listed (RULES 1.8).
 * In counting mode a capture that cannot have a duplicate is counted, not stored: for
 * short-range pieces the captured set and order fix the path, and no reordering of
 * fewer than four captured squares is again a chain of diagonal jumps, so duplicates
 * need four pieces, a flying king, or Frisian orthogonal lines (duplicates at d4). */
/* The store half of emit(), out of line: it is the rare path in counting mode, and
 * keeping it out keeps the recursive search functions small. */
static __attribute__((noinline)) void store(cap_ctx *c, int to, bool promote)
{
    pk_movelist *out = c->out;
    if (!(c->flags & (PK_GEN_KEEP_DUPLICATES | PK_GEN_ALL_CAPTURES)))
        for (int i = c->base; i < out->n; i++)
            if (out->m[i].to == to && out->m[i].capset == c->capset && out->m[i].from == c->from)
                return;
    if (out->n >= PK_MAX_MOVES) {
        out->overflow = 1;
        return;
    }
    pk_move *m = &out->m[out->n++];
    m->from = (uint8_t)c->from;
    m->to = (uint8_t)to;
    m->ncap = (uint8_t)c->n;
    m->nkcap = (uint8_t)c->nk;
    m->flags = (uint8_t)(PK_MV_CAPTURE | (c->start_king ? PK_MV_KING : 0) | (promote ? PK_MV_PROMOTE : 0));
    m->capset = c->capset;
    if (!c->count_only) {
        memcpy(m->path, c->path, sizeof m->path);
        memcpy(m->caps, c->caps, sizeof m->caps);
    }
}

TEMPLATE void emit(const pk_rules *R, cap_ctx *c, int to, bool promote)
{
    pk_movelist *out = c->out;
    c->any = true;
    if (c->stop_at_first)
        return;
    if (!(c->flags & PK_GEN_ALL_CAPTURES)) {
        uint64_t r = pk_mg_rank(R, c->n, c->nk, c->start_king, c->kmask);
        if (out->n > c->base || c->counted) {
            if (r < c->best)
                return;
            if (r > c->best) {
                out->n = c->base;
                c->counted = 0;
            }
        }
        c->best = r;
        /* Turkish men: a set of fewer than three squares and the origin fix the path */
        if (c->count_only && c->n < (R->full ? 3 : 4) && !((c->start_king || c->crowned) && R->flying) &&
            !R->ortho) {
            c->counted++;
            return;
        }
    }
    store(c, to, promote);
}

TEMPLATE void take(const pk_rules *R, cap_ctx *c, int q)
{
    c->caps[c->n] = (uint8_t)q;
    c->capset |= WBIT(q);
    c->opp_free &= ~WBIT(q);
    if (R->removal == PK_REMOVE_EACH) { /* Turkish: gone at once, its square free again */
        c->occ &= ~WBIT(q);
        c->empty |= WBIT(q);
    }
    if (c->opp_kings & WBIT(q)) {
        c->nk++;
        if (R->choice == PK_CHOICE_ITALIAN)
            c->kmask |= 1u << (31 - c->n);
    }
    c->n++;
}

TEMPLATE void untake(const pk_rules *R, cap_ctx *c, int q)
{
    c->n--;
    c->capset &= ~WBIT(q);
    c->opp_free |= WBIT(q);
    if (R->removal == PK_REMOVE_EACH) {
        c->occ |= WBIT(q);
        c->empty &= ~WBIT(q);
    }
    if (c->opp_kings & WBIT(q)) {
        c->nk--;
        if (R->choice == PK_CHOICE_ITALIAN)
            c->kmask &= ~(1u << (31 - c->n));
    }
}

/*
 * The search functions below are templates: always inlined into one copy per variant
 * row (SPECIALISE at the bottom), with the row R a constant there. They recurse
 * through the function pointers they are given, which are constants in each copy too.
 */
typedef void short_fn(cap_ctx *c, int sq, int last, bool king);
typedef bool king_fn(cap_ctx *c, int sq, int d);

/* A jump exists: does the search end here instead of taking it? It does for
 * pk_has_capture (one jump is the answer) and when the path is full (overflow). */
TEMPLATE bool jump_ends_search(cap_ctx *c)
{
    if (c->stop_at_first) {
        c->any = true;
        return true;
    }
    if (c->n >= PK_MAX_PATH) {
        c->out->overflow = 1;
        return true;
    }
    return false;
}

/* A flying king's jump from sq in direction d (RULES 1.5). Returns whether one exists. */
TEMPLATE bool king_jump_t(const pk_rules *R, cap_ctx *c, int sq, int d, king_fn *kj)
{
    const pk_geom *g = c->g;
    word blk = RAY(g, d, sq) & c->occ;
    if (!blk)
        return false;
    int q = first_in_dir(R, blk, d);
    if (!(c->opp_free & WBIT(q)))
        return false;
    word land = free_ray(R, g, q, d, c->occ);
    if (!land)
        return false;
    if (jump_ends_search(c))
        return true;
    take(R, c, q);
    int first = first_in_dir(R, land, d);
    if (R->king_land == PK_LAND_NEXT) /* Thai: right behind the piece taken, D-TH-2 */
        land = WBIT(first);
    /* Straight on: every square of the range reaches the same next piece, so the
     * continuation is searched once, recorded from the square right behind q. */
    c->path[c->n - 1] = (uint8_t)first;
    bool cont = kj(c, first, d);
    /* Turning: from each square of the range, any direction but d and (the 180-degree
     * rule) its reverse; where turn_back allows it (Thai, D-TH-3), the reverse too. */
    for (word l = land; l; l &= l - 1) {
        int s = w_lsb(l);
        c->path[c->n - 1] = (uint8_t)s;
        UNROLL(8)
        for (int e = dir_lo(R); e < dir_hi(R); e++)
            if (e != d && (R->turn_back || e != dir_rev(d)))
                cont |= kj(c, s, e);
    }
    /* Landing-range rule (RULES 1.5 rule 2): stop anywhere in the range only when no
     * square of it allows a further jump. */
    if (!cont)
        for (word l = land; l; l &= l - 1) {
            int s = w_lsb(l);
            c->path[c->n - 1] = (uint8_t)s;
            emit(R, c, s, c->crowned);
        }
    untake(R, c, q);
    return true;
}

/* One short jump from sq over q = sq + s to l = q + s in direction d, and the search on
 * from l. Returns false when the search must stop (a capture found by pk_has_capture, or
 * an overflow). */
TEMPLATE bool short_jump_one(const pk_rules *R, cap_ctx *c, int sq, int d, int s, bool king, short_fn *sj,
                             king_fn *kj)
{
    const pk_geom *g = c->g;
    int q = sq + s, l = q + s;
    if (jump_ends_search(c))
        return false;
    take(R, c, q);
    c->path[c->n - 1] = (uint8_t)l;
    if (!king && (W(g->promo[c->turn]) & WBIT(l))) {
        if (R->promo == PK_PROMO_STOP) /* crowned, the move ends (RULES 1.6) */
            emit(R, c, l, true);
        else if (R->promo == PK_PROMO_CONTINUE) {
            /* Crowned at once; goes on as a (flying) king, every way but back. Only
             * Russian uses this, and its kings fly. */
            bool cont = false;
            c->crowned = true;
            UNROLL(8)
            for (int e = dir_lo(R); e < dir_hi(R); e++)
                if (e != dir_rev(d))
                    cont |= kj(c, l, e);
            c->crowned = false;
            if (!cont)
                emit(R, c, l, true);
        } else /* PK_PROMO_PASS: goes on as a man; crowned only if it ends here */
            sj(c, l, d, false);
    } else
        sj(c, l, d, king);
    untake(R, c, q);
    return !c->out->overflow;
}

/* Short-range jumps: men, and the kings of English and Italian. `last` is the direction
 * of the previous jump (-1 at the start). */
TEMPLATE void short_jumps_t(const pk_rules *R, cap_ctx *c, int sq, int last, bool king, short_fn *sj,
                            king_fn *kj)
{
    const pk_geom *g = c->g;
    bool any = false;
    /* RULES 2.1: men may not take kings in Italian (1.7, last paragraph). */
    word prey = c->opp_free & ((king || R->men_take_kings) ? ~(word)0 : ~c->opp_kings);
    word here = WBIT(sq);
    /* Men jump forward only unless men_back (RULES 2.1); kings every way; Turkish men
     * forward and sideways, never back (pdnkit-rules(7)). The reverse of the last jump
     * would meet the piece just taken. Where men jump every way on the diagonals, the
     * directions are found first without a branch each (the profile's mispredictions
     * were there); elsewhere most directions are ruled out before any step, and a test
     * each costs less (Frisian's eight lines, the men of forward-only rows). */
    if (R->men_back && !R->ortho && !R->full) {
        unsigned dirs = 0;
        int shift[4];
        UNROLL(4)
        for (int d = 0; d < 4; d++) {
            shift[d] = dir_shift(R, d);
            dirs |= (unsigned)((step(R, g, step(R, g, here, d) & prey, d) & c->empty) != 0) << d;
        }
        if (last >= 0)
            dirs &= ~(1u << dir_rev(last));
        any = dirs != 0;
        while (dirs) {
            int d = __builtin_ctz(dirs);
            dirs &= dirs - 1;
            if (!short_jump_one(R, c, sq, d, shift[d], king, sj, kj))
                return;
        }
    } else {
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_hi(R); d++) {
            if (last >= 0 && d == dir_rev(last))
                continue;
            if (!king && !R->men_back &&
                (R->full ? !man_dir(R, c->turn, d) : d < 4 && ((d >= PK_SE) != (c->turn == PK_BLACK))))
                continue;
            word qb = step(R, g, here, d) & prey;
            if (!qb || !(step(R, g, qb, d) & c->empty))
                continue;
            any = true;
            if (!short_jump_one(R, c, sq, d, dir_shift(R, d), king, sj, kj))
                return;
        }
    }
    if (!any && c->n > 0)
        emit(R, c, sq, !king && (W(g->promo[c->turn]) & WBIT(sq)));
}

/* Pieces that have a first short jump (men, and the kings of short-king variants),
 * found with shifts over the whole board: the search then starts only from them. */
TEMPLATE word short_jumpers(const pk_rules *R, const pk_geom *g, const mg_pos *p, int me)
{
    word opp = p->pieces[PK_OTHER(me)], empty = W(g->board) & ~mg_occupied(p);
    word men = p->pieces[me] & ~p->kings;
    word kings = R->flying ? 0 : p->pieces[me] & p->kings;
    word men_prey = R->men_take_kings ? opp : opp & ~p->kings; /* RULES 2.10: Italian */
    word found = 0;
    UNROLL(8)
    for (int d = dir_lo(R); d < dir_hi(R); d++) {
        word t = step_back(R, g, empty, d); /* squares just before an empty square */
        bool forward = R->full ? man_dir(R, me, d) : d >= 4 || ((d >= PK_SE) == (me == PK_BLACK));
        if (men && (forward || R->men_back))
            found |= step_back(R, g, t & men_prey, d) & men;
        if (kings)
            found |= step_back(R, g, t & opp, d) & kings;
    }
    return found;
}

/* The flying kings among `kings` that have a first jump: along one of their lines the
 * first piece met is the opponent's and the square behind it is empty (RULES 1.5). The
 * capture search starts from these alone. */
TEMPLATE word flying_jumpers(const pk_rules *R, const pk_geom *g, const mg_pos *p, int me, word kings)
{
    word occ = mg_occupied(p), empty = W(g->board) & ~occ, opp = p->pieces[PK_OTHER(me)], found = 0;
    for (word k = kings; k; k &= k - 1) {
        int sq = w_lsb(k);
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_hi(R); d++) {
            word blk = RAY(g, d, sq) & occ;
            if (!blk)
                continue;
            word q = WBIT(first_in_dir(R, blk, d));
            if ((q & opp) && (step(R, g, q, d) & empty)) {
                found |= WBIT(sq);
                break;
            }
        }
    }
    return found;
}

/* Searches every capture of the side to move; returns whether any exists. */
TEMPLATE int gen_captures(const pk_rules *R, const pk_geom *g, const mg_pos *p, pk_movelist *out, unsigned flags,
                          word starters, bool stop_at_first, bool count_only, short_fn *sj, king_fn *kj)
{
    cap_ctx c;
    int me = p->turn; /* gen_side passes the same side; the search reads c.turn */
    c.R = R;
    c.g = g;
    c.out = out;
    c.flags = flags;
    c.base = out ? out->n : 0; /* out is NULL (unused) when stop_at_first */
    c.turn = me;
    c.opp_free = p->pieces[PK_OTHER(me)];
    c.opp_kings = p->pieces[PK_OTHER(me)] & p->kings;
    c.n = 0;
    c.capset = 0;
    c.nk = 0;
    c.kmask = 0;
    c.best = 0;
    c.any = false;
    c.stop_at_first = stop_at_first;
    c.count_only = count_only;
    c.counted = 0;
    c.crowned = false;
    word occ = mg_occupied(p);
    for (word b = starters; b; b &= b - 1) {
        int sq = w_lsb(b);
        bool king = (p->kings >> sq) & 1;
        c.from = sq;
        c.start_king = king;
        c.occ = occ & ~WBIT(sq);
        c.empty = W(g->board) & ~c.occ;
        if (king && R->flying) {
            UNROLL(8)
            for (int d = dir_lo(R); d < dir_hi(R); d++)
                kj(&c, sq, d);
        } else
            sj(&c, sq, -1, king);
        if (c.any && stop_at_first)
            return 1;
    }
    if (stop_at_first)
        return c.any;
    return c.counted + out->n - c.base;
}

/* ---------------------------------------------------------------------------------- */
/* Quiet moves                                                                        */

TEMPLATE void push_quiet(pk_movelist *out, int from, int to, int flags)
{
    if (out->n >= PK_MAX_MOVES) {
        out->overflow = 1;
        return;
    }
    pk_move *m = &out->m[out->n++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncap = 0;
    m->nkcap = 0;
    m->flags = (uint8_t)flags;
    m->capset = 0;
}

/* The quiet moves of Turkish men (pdnkit-rules(7)): one square forward or sideways. */
TEMPLATE void men_ortho_quiet(const pk_rules *R, const pk_geom *g, pk_movelist *out, int me, word men, word empty,
                              int *count)
{
    UNROLL(4)
    for (int d = PK_E; d < PK_NDIRS; d++) {
        if (!man_dir(R, me, d))
            continue;
        word to = step(R, g, men, d) & empty;
        if (!out) {
            *count += w_popcount(to);
            continue;
        }
        for (; to; to &= to - 1) {
            int t = w_lsb(to);
            push_quiet(out, t - dir_shift(R, d), t, (W(g->promo[me]) >> t) & 1 ? PK_MV_PROMOTE : 0);
        }
    }
}

/* RULES 1.4. With out == NULL only counts. */
TEMPLATE int gen_quiet(const pk_rules *R, const pk_geom *g, const mg_pos *p, pk_movelist *out, int me)
{
    int count = 0;
    word occ = mg_occupied(p), empty = W(g->board) & ~occ;
    word men = p->pieces[me] & ~p->kings, kings = p->pieces[me] & p->kings;
    int d0 = me == PK_WHITE ? PK_NE : PK_SE;
    if (R->full) /* Turkish men: forward, east and west (kept apart: the diagonal loop
                    below is the hot one of the other variants) */
        men_ortho_quiet(R, g, out, me, men, empty, &count);
    else
        UNROLL(8)
        for (int d = d0; d < d0 + 2; d++) {
            word to = step(R, g, men, d) & empty;
            if (!out) {
                count += w_popcount(to);
                continue;
            }
            for (; to; to &= to - 1) {
                int t = w_lsb(to);
                push_quiet(out, t - dir_shift(R, d), t, (W(g->promo[me]) >> t) & 1 ? PK_MV_PROMOTE : 0);
            }
        }
    if (!kings)
        return count;
    if (!R->flying) {
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++) {
            word to = step(R, g, kings, d) & empty;
            if (!out) {
                count += w_popcount(to);
                continue;
            }
            for (; to; to &= to - 1) {
                int t = w_lsb(to);
                push_quiet(out, t - dir_shift(R, d), t, PK_MV_KING);
            }
        }
        return count;
    }
    for (word k = kings; k; k &= k - 1) {
        int sq = w_lsb(k);
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++) {
            word to = free_ray(R, g, sq, d, occ);
            if (!out) {
                count += w_popcount(to);
                continue;
            }
            for (; to; to &= to - 1)
                push_quiet(out, sq, w_lsb(to), PK_MV_KING);
        }
    }
    return count;
}

/* The counting shortcuts: count_simple_men_captures, count_men_captures */
#include "movegen_count.h"

TEMPLATE int gen_side(const pk_rules *R, const pk_geom *g, const mg_pos *p, pk_movelist *out, unsigned flags,
                      int mode, short_fn *sj, king_fn *kj, int me)
{
    pk_movelist *list = mode == PK_MG_COUNT ? NULL : out;
    /* perft's leaves come first, with one test of the flags. out->overflow is reset only
     * where a search may set it: the callers (perft's walk, pk_count_legal and
     * pk_count_children, which clear it on entry) OR it into theirs after each count. */
    if (mode == PK_MG_COUNT && !R->ortho && !R->full && (R->choice == PK_CHOICE_FREE || R->choice == PK_CHOICE_MAJ) &&
        !(flags & (PK_GEN_CAPTURE_OPTIONAL | PK_GEN_QUIET_ONLY))) {
        word search, kings = p->pieces[me] & p->kings;
        int n = count_simple_men_captures(R, g, p, me, &search, NULL);
        if (kings)
            search |= R->flying ? flying_jumpers(R, g, p, me, kings) : short_jumpers(R, g, p, me) & kings;
        /* only men to search, none crowned mid-capture (RULES 1.6): counted in registers */
        int k = search && !(search & kings) && R->promo != PK_PROMO_CONTINUE &&
                        R->removal == PK_REMOVE_AT_END && !(flags & PK_GEN_ALL_CAPTURES)
                    ? count_men_captures(R, g, p, me, search)
                    : -1;
        if (k >= 0)
            n = R->choice == PK_CHOICE_FREE ? n + k : k;
        else if (search) {
            out->n = out->overflow = 0;
            if (R->choice == PK_CHOICE_FREE) /* free choice: the counts just add up */
                n += gen_captures(R, g, p, out, flags, search, false, true, sj, kj);
            else if (search & ~kings) /* RULES 1.7 MAJ: a man goes on, so the best takes two or more */
                n = gen_captures(R, g, p, out, flags, search, false, true, sj, kj);
            else /* only kings to search: their captures are ranked with the men's single jumps */
                n = gen_captures(R, g, p, out, flags, short_jumpers(R, g, p, me) | search, false, true, sj, kj);
        }
        return n ? n : gen_quiet(R, g, p, NULL, me);
    }
    if (out) /* every mode reports overflow through out, counting included */
        out->overflow = 0;
    if (flags & PK_GEN_QUIET_ONLY) {
        if (!list)
            return gen_quiet(R, g, p, NULL, me);
        list->n = list->overflow = 0;
        gen_quiet(R, g, p, list, me);
        return list->n;
    }
    /* Men (and short kings) with a first jump are found by shifts, flying kings by a look
     * along each line: the search then starts from them alone. */
    word jumpers = short_jumpers(R, g, p, me);
    word fly = R->flying ? flying_jumpers(R, g, p, me, p->pieces[me] & p->kings) : 0;
    bool cap = jumpers || fly;
    if (mode == PK_MG_HAS_CAPTURE)
        return cap;
    if (list)
        list->n = list->overflow = 0;
    int quiet = 0;
    if (!cap || (flags & PK_GEN_CAPTURE_OPTIONAL)) /* house rule: quiet moves stay legal */
        quiet = gen_quiet(R, g, p, list, me);
    if (!cap)
        return list ? list->n : quiet;
    if (list) /* captures follow the quiet moves kept by the house rule, if any */
        return gen_captures(R, g, p, out, flags, jumpers | fly, false, false, sj, kj), out->n;
    out->n = out->overflow = 0;
    return quiet + gen_captures(R, g, p, out, flags, jumpers | fly, false, true, sj, kj);
}

/* The side to move picks the men's directions: one copy per side makes them constants. */
TEMPLATE int gen_impl(const pk_rules *R, const pk_geom *g, const mg_pos *p, pk_movelist *out, unsigned flags,
                      int mode, short_fn *sj, king_fn *kj)
{
    if (p->turn == PK_WHITE)
        return gen_side(R, g, p, out, flags, mode, sj, kj, PK_WHITE);
    return gen_side(R, g, p, out, flags, mode, sj, kj, PK_BLACK);
}

/* The quiet moves of the piece on sq, as a set of destinations: gen_quiet() for one
 * piece (RULES 1.4). */
TEMPLATE word quiet_targets(const pk_rules *R, const pk_geom *g, const mg_pos *p, int me, int sq)
{
    word b = WBIT(sq), occ = mg_occupied(p), empty = W(g->board) & ~occ, t = 0;
    if (!(p->kings & b) && R->full) {
        UNROLL(4)
        for (int d = PK_E; d < PK_NDIRS; d++)
            if (man_dir(R, me, d))
                t |= step(R, g, b, d) & empty;
    } else if (!(p->kings & b)) {
        int d0 = me == PK_WHITE ? PK_NE : PK_SE;
        UNROLL(2)
        for (int d = d0; d < d0 + 2; d++)
            t |= step(R, g, b, d) & empty;
    } else if (!R->flying) {
        UNROLL(4)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++)
            t |= step(R, g, b, d) & empty;
    } else {
        UNROLL(4)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++)
            t |= free_ray(R, g, sq, d, occ);
    }
    return t;
}

/* pk_quiet_move() for the side to move `me`. */
TEMPLATE int quiet_move_side(const pk_rules *R, const pk_geom *g, const mg_pos *p, int from, int to, pk_move *m,
                             int me)
{
    if (short_jumpers(R, g, p, me) || (R->flying && flying_jumpers(R, g, p, me, p->pieces[me] & p->kings)))
        return -1;
    if (!((p->pieces[me] >> from) & 1) || !((quiet_targets(R, g, p, me, from) >> to) & 1))
        return 0;
    bool king = (p->kings >> from) & 1;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncap = m->nkcap = 0;
    m->flags = king ? PK_MV_KING : (W(g->promo[me]) >> to) & 1 ? PK_MV_PROMOTE : 0;
    m->capset = 0;
    return 1;
}
