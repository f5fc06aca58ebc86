/*
 * movegen.c -- the one move generator for every variant (RULES 1.4-1.8).
 *
 * gen_impl() is written once against a pk_rules row. Each engine row of variant_rows.h
 * gets a specialised copy (the SPECIALISE lines at the bottom): the row is a compile-time
 * constant there, so the compiler folds its flags and shifts into the loops. A row with
 * the move rules of an engine row (Frysk!, Antidraughts, Breakthrough) uses that row's
 * copy (pk_variant.engine; test_movegen checks the rules are the same). The variant is
 * still data; only the compiler makes the copies.
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
 * last direction, and a man's reverse step has nothing left to jump.
 */
#include "movegen.h"

#include <string.h>

#include "variant_rows.h"

static const pk_variant crows[] = PK_VARIANT_ROWS;

/* Inlined into each per-row copy, where the row is a constant (see SPECIALISE). */
#define TEMPLATE static inline __attribute__((always_inline))
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
TEMPLATE pk_bb step(const pk_rules *R, const pk_geom *g, pk_bb b, int d)
{
    int s = dir_shift(R, d);
    if (d == PK_E || d == PK_W || (R->full && d < 4)) /* a full board has no ghost column */
        b &= g->src[d];
    return s > 0 ? b << s : b >> -s;
}

TEMPLATE pk_bb step_back(const pk_rules *R, const pk_geom *g, pk_bb b, int d)
{
    return step(R, g, b, pk_dir_reverse(d));
}

/* First square of the set b met when walking in direction d: rays of the directions
 * with a positive shift run towards higher bits. */
TEMPLATE int first_in_dir(const pk_rules *R, pk_bb b, int d)
{
    return dir_shift(R, d) > 0 ? pk_lsb(b) : pk_msb(b);
}

/* Squares of ray[d][sq] before the first occupied one. */
TEMPLATE pk_bb free_ray(const pk_rules *R, const pk_geom *g, int sq, int d, pk_bb occ)
{
    pk_bb r = g->ray[d][sq], blk = r & occ;
    if (blk) {
        int b = first_in_dir(R, blk, d);
        r &= ~(g->ray[d][b] | PK_BIT(b));
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
    pk_bb empty;       /* empty squares, the mover's origin included */
    pk_bb occ;         /* every other piece, captured ones included (they block) unless
                          they leave the board as jumped (PK_REMOVE_EACH) */
    pk_bb opp_free;    /* opponent pieces not captured yet */
    pk_bb opp_kings;
    int from, start_king;
    int n;             /* jumps so far */
    pk_bb capset;
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

/* RULES 1.7: the rank under the choice rule; the legal captures have the highest rank.
 * Packed so that one integer comparison applies the rules in order. */
TEMPLATE uint64_t rank_of(const pk_rules *R, int ncap, int nk, int by_king, uint32_t kmask)
{
    switch (R->choice) {
    case PK_CHOICE_MAJ: return (uint64_t)ncap;
    case PK_CHOICE_MAJ_KINGS: return (uint64_t)ncap << 8 | (uint64_t)nk; /* D-ES-4 */
    case PK_CHOICE_ITALIAN:   /* RULES 1.7 ITALIAN, D-IT-2: pieces, king, kings, earliest kings */
        return (uint64_t)ncap << 40 | (uint64_t)by_king << 39 | (uint64_t)nk << 32 | kmask;
    case PK_CHOICE_CZECH: return (uint64_t)by_king; /* RULES 2.7 */
    case PK_CHOICE_FRISIAN: {                       /* RULES 2.11, D-FR-1 */
        uint64_t value = 100u * (unsigned)((ncap - nk) + 2 * nk) - (unsigned)nk;
        return value << 1 | (uint64_t)by_king;
    }
    default: return 0;
    }
}

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
        uint64_t r = rank_of(R, c->n, c->nk, c->start_king, c->kmask);
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
    c->capset |= PK_BIT(q);
    c->opp_free &= ~PK_BIT(q);
    if (R->removal == PK_REMOVE_EACH) { /* Turkish: gone at once, its square free again */
        c->occ &= ~PK_BIT(q);
        c->empty |= PK_BIT(q);
    }
    if (c->opp_kings & PK_BIT(q)) {
        c->nk++;
        if (R->choice == PK_CHOICE_ITALIAN)
            c->kmask |= 1u << (31 - c->n);
    }
    c->n++;
}

TEMPLATE void untake(const pk_rules *R, cap_ctx *c, int q)
{
    c->n--;
    c->capset &= ~PK_BIT(q);
    c->opp_free |= PK_BIT(q);
    if (R->removal == PK_REMOVE_EACH) {
        c->occ |= PK_BIT(q);
        c->empty &= ~PK_BIT(q);
    }
    if (c->opp_kings & PK_BIT(q)) {
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

/* A flying king's jump from sq in direction d (RULES 1.5). Returns whether one exists. */
TEMPLATE bool king_jump_t(const pk_rules *R, cap_ctx *c, int sq, int d, king_fn *kj)
{
    const pk_geom *g = c->g;
    pk_bb blk = g->ray[d][sq] & c->occ;
    if (!blk)
        return false;
    int q = first_in_dir(R, blk, d);
    if (!(c->opp_free & PK_BIT(q)))
        return false;
    pk_bb land = free_ray(R, g, q, d, c->occ);
    if (!land)
        return false;
    if (c->stop_at_first) {
        c->any = true;
        return true;
    }
    if (c->n >= PK_MAX_PATH) {
        c->out->overflow = 1;
        return true;
    }
    take(R, c, q);
    int first = first_in_dir(R, land, d);
    /* Straight on: every square of the range reaches the same next piece, so the
     * continuation is searched once, recorded from the square right behind q. */
    c->path[c->n - 1] = (uint8_t)first;
    bool cont = kj(c, first, d);
    /* Turning: from each square of the range, any direction but d and its reverse. */
    for (pk_bb l = land; l; l &= l - 1) {
        int s = pk_lsb(l);
        c->path[c->n - 1] = (uint8_t)s;
        UNROLL(8)
        for (int e = dir_lo(R); e < dir_hi(R); e++) /* never back: the 180-degree rule */
            if (e != d && e != pk_dir_reverse(d))
                cont |= kj(c, s, e);
    }
    /* Landing-range rule (RULES 1.5 rule 2): stop anywhere in the range only when no
     * square of it allows a further jump. */
    if (!cont)
        for (pk_bb l = land; l; l &= l - 1) {
            int s = pk_lsb(l);
            c->path[c->n - 1] = (uint8_t)s;
            emit(R, c, s, c->crowned);
        }
    untake(R, c, q);
    return true;
}

/* Short-range jumps: men, and the kings of English and Italian. `last` is the direction
 * of the previous jump (-1 at the start). */
TEMPLATE void short_jumps_t(const pk_rules *R, cap_ctx *c, int sq, int last, bool king, short_fn *sj,
                            king_fn *kj)
{
    const pk_geom *g = c->g;
    bool any = false;
    /* RULES 2.1: men may not take kings in Italian (1.7, last paragraph). */
    pk_bb prey = c->opp_free & ((king || R->men_take_kings) ? ~(pk_bb)0 : ~c->opp_kings);
    pk_bb here = PK_BIT(sq);
    UNROLL(8)
    for (int d = dir_lo(R); d < dir_hi(R); d++) {
        if (last >= 0 && d == pk_dir_reverse(last))
            continue;
        /* Men jump forward only unless men_back (RULES 2.1); kings every way. Turkish men
         * forward and sideways, never back (pdnkit-rules(7)). */
        if (!king && !R->men_back &&
            (R->full ? !man_dir(R, c->turn, d) : d < 4 && ((d >= PK_SE) != (c->turn == PK_BLACK))))
            continue;
        pk_bb qb = step(R, g, here, d) & prey;
        if (!qb || !(step(R, g, qb, d) & c->empty))
            continue;
        int q = sq + dir_shift(R, d), l = q + dir_shift(R, d);
        any = true;
        if (c->stop_at_first) {
            c->any = true;
            return;
        }
        if (c->n >= PK_MAX_PATH) {
            c->out->overflow = 1;
            return;
        }
        take(R, c, q);
        c->path[c->n - 1] = (uint8_t)l;
        if (!king && (g->promo[c->turn] & PK_BIT(l))) {
            if (R->promo == PK_PROMO_STOP) /* crowned, the move ends (RULES 1.6) */
                emit(R, c, l, true);
            else if (R->promo == PK_PROMO_CONTINUE) {
                /* Crowned at once; goes on as a (flying) king, every way but back. Only
                 * Russian uses this, and its kings fly. */
                bool cont = false;
                c->crowned = true;
                UNROLL(8)
                for (int e = dir_lo(R); e < dir_hi(R); e++)
                    if (e != pk_dir_reverse(d))
                        cont |= kj(c, l, e);
                c->crowned = false;
                if (!cont)
                    emit(R, c, l, true);
            } else /* PK_PROMO_PASS: goes on as a man; crowned only if it ends here */
                sj(c, l, d, false);
        } else
            sj(c, l, d, king);
        untake(R, c, q);
        if (c->out->overflow)
            return;
    }
    if (!any && c->n > 0)
        emit(R, c, sq, !king && (g->promo[c->turn] & PK_BIT(sq)));
}

/* Pieces that have a first short jump (men, and the kings of short-king variants),
 * found with shifts over the whole board: the search then starts only from them. */
TEMPLATE pk_bb short_jumpers(const pk_rules *R, const pk_geom *g, const pk_pos *p, int me)
{
    pk_bb opp = p->pieces[PK_OTHER(me)], empty = g->board & ~pk_occupied(p);
    pk_bb men = p->pieces[me] & ~p->kings;
    pk_bb kings = R->flying ? 0 : p->pieces[me] & p->kings;
    pk_bb men_prey = R->men_take_kings ? opp : opp & ~p->kings; /* RULES 2.10: Italian */
    pk_bb found = 0;
    UNROLL(8)
    for (int d = dir_lo(R); d < dir_hi(R); d++) {
        pk_bb t = step_back(R, g, empty, d); /* squares just before an empty square */
        bool forward = R->full ? man_dir(R, me, d) : d >= 4 || ((d >= PK_SE) == (me == PK_BLACK));
        if (men && (forward || R->men_back))
            found |= step_back(R, g, t & men_prey, d) & men;
        if (kings)
            found |= step_back(R, g, t & opp, d) & kings;
    }
    return found;
}

/* Searches every capture of the side to move; returns whether any exists. */
TEMPLATE int gen_captures(const pk_rules *R, const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags,
                          pk_bb starters, bool stop_at_first, bool count_only, short_fn *sj, king_fn *kj)
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
    pk_bb occ = pk_occupied(p);
    for (pk_bb b = starters; b; b &= b - 1) {
        int sq = pk_lsb(b);
        bool king = (p->kings >> sq) & 1;
        c.from = sq;
        c.start_king = king;
        c.occ = occ & ~PK_BIT(sq);
        c.empty = g->board & ~c.occ;
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
TEMPLATE void men_ortho_quiet(const pk_rules *R, const pk_geom *g, pk_movelist *out, int me, pk_bb men, pk_bb empty,
                              int *count)
{
    UNROLL(4)
    for (int d = PK_E; d < PK_NDIRS; d++) {
        if (!man_dir(R, me, d))
            continue;
        pk_bb to = step(R, g, men, d) & empty;
        if (!out) {
            *count += pk_popcount(to);
            continue;
        }
        for (; to; to &= to - 1) {
            int t = pk_lsb(to);
            push_quiet(out, t - dir_shift(R, d), t, (g->promo[me] >> t) & 1 ? PK_MV_PROMOTE : 0);
        }
    }
}

/* RULES 1.4. With out == NULL only counts. */
TEMPLATE int gen_quiet(const pk_rules *R, const pk_geom *g, const pk_pos *p, pk_movelist *out, int me)
{
    int count = 0;
    pk_bb occ = pk_occupied(p), empty = g->board & ~occ;
    pk_bb men = p->pieces[me] & ~p->kings, kings = p->pieces[me] & p->kings;
    int d0 = me == PK_WHITE ? PK_NE : PK_SE;
    if (R->full) /* Turkish men: forward, east and west (kept apart: the diagonal loop
                    below is the hot one of the other variants) */
        men_ortho_quiet(R, g, out, me, men, empty, &count);
    else
        UNROLL(8)
        for (int d = d0; d < d0 + 2; d++) {
            pk_bb to = step(R, g, men, d) & empty;
            if (!out) {
                count += pk_popcount(to);
                continue;
            }
            for (; to; to &= to - 1) {
                int t = pk_lsb(to);
                push_quiet(out, t - dir_shift(R, d), t, (g->promo[me] >> t) & 1 ? PK_MV_PROMOTE : 0);
            }
        }
    if (!kings)
        return count;
    if (!R->flying) {
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++) {
            pk_bb to = step(R, g, kings, d) & empty;
            if (!out) {
                count += pk_popcount(to);
                continue;
            }
            for (; to; to &= to - 1) {
                int t = pk_lsb(to);
                push_quiet(out, t - dir_shift(R, d), t, PK_MV_KING);
            }
        }
        return count;
    }
    for (pk_bb k = kings; k; k &= k - 1) {
        int sq = pk_lsb(k);
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++) {
            pk_bb to = free_ray(R, g, sq, d, occ);
            if (!out) {
                count += pk_popcount(to);
                continue;
            }
            for (; to; to &= to - 1)
                push_quiet(out, sq, pk_lsb(to), PK_MV_KING);
        }
    }
    return count;
}

/* Counting shortcut for men's captures (diagonal lines only). A man none of whose
 * jumps can continue has one complete capture per jump, counted with shifts. The
 * position before the move decides whether a landing square continues: the only single
 * jump that could land on the vacated origin crosses the piece just taken, and that
 * piece can only be jumped from where it was jumped. A man crowned on landing goes on
 * as a king in Russian (RULES 1.6 continue), and that needs the search; under `stop` the
 * move ends there. Men that can continue go to *search. Returns the captures counted. */
TEMPLATE int count_simple_men_captures(const pk_rules *R, const pk_geom *g, const pk_pos *p, int me, pk_bb *search)
{
    pk_bb men = p->pieces[me] & ~p->kings, empty = g->board & ~pk_occupied(p);
    pk_bb prey = p->pieces[PK_OTHER(me)] & (R->men_take_kings ? ~(pk_bb)0 : ~p->kings);
    pk_bb can[4], any = 0, cont_from = 0;
    UNROLL(4)
    for (int d = 0; d < 4; d++) { /* squares from which a man's jump in d exists */
        bool forward = (d >= PK_SE) == (me == PK_BLACK);
        can[d] = (forward || R->men_back) ? step_back(R, g, step_back(R, g, empty, d) & prey, d) : 0;
        any |= can[d];
    }
    UNROLL(4)
    for (int d = 0; d < 4; d++) {
        pk_bb land = step(R, g, step(R, g, can[d] & men, d), d), cont;
        if (R->promo == PK_PROMO_STOP)
            cont = land & ~g->promo[me] & any;
        else if (R->promo == PK_PROMO_CONTINUE)
            cont = (land & any) | (land & g->promo[me]);
        else
            cont = land & any;
        cont_from |= step_back(R, g, step_back(R, g, cont, d), d);
    }
    *search = cont_from;
    int n = 0;
    UNROLL(4)
    for (int d = 0; d < 4; d++)
        n += pk_popcount(can[d] & men & ~cont_from);
    return n;
}

enum gen_mode { MODE_LIST, MODE_COUNT, MODE_HAS_CAPTURE };

TEMPLATE int gen_side(const pk_rules *R, const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags,
                      int mode, short_fn *sj, king_fn *kj, int me)
{
    pk_movelist *list = mode == MODE_COUNT ? NULL : out;
    if (out) /* every mode reports overflow through out, counting included */
        out->overflow = 0;
    if (flags & PK_GEN_QUIET_ONLY) {
        if (!list)
            return gen_quiet(R, g, p, NULL, me);
        list->n = list->overflow = 0;
        gen_quiet(R, g, p, list, me);
        return list->n;
    }
    if (mode == MODE_COUNT && !R->ortho && !R->full && (R->choice == PK_CHOICE_FREE || R->choice == PK_CHOICE_MAJ) &&
        !(flags & PK_GEN_CAPTURE_OPTIONAL)) {
        pk_bb search, kings = p->pieces[me] & p->kings;
        int n = count_simple_men_captures(R, g, p, me, &search);
        if (kings)
            search |= R->flying ? kings : short_jumpers(R, g, p, me) & kings;
        if (search) {
            out->n = out->overflow = 0;
            if (R->choice == PK_CHOICE_FREE) /* free choice: the counts just add up */
                n += gen_captures(R, g, p, out, flags, search, false, true, sj, kj);
            else /* majority: a longer capture would outrank every single one */
                n = gen_captures(R, g, p, out, flags, short_jumpers(R, g, p, me) | search, false, true, sj, kj);
        }
        return n ? n : gen_quiet(R, g, p, NULL, me);
    }
    /* Men (and short kings) with a first jump are found by shifts; flying kings need a
     * search to know. */
    pk_bb jumpers = short_jumpers(R, g, p, me);
    pk_bb fly = R->flying ? p->pieces[me] & p->kings : 0;
    bool cap = jumpers || (fly && gen_captures(R, g, p, NULL, flags, fly, true, false, sj, kj));
    if (mode == MODE_HAS_CAPTURE)
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
TEMPLATE int gen_impl(const pk_rules *R, const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags,
                      int mode, short_fn *sj, king_fn *kj)
{
    if (p->turn == PK_WHITE)
        return gen_side(R, g, p, out, flags, mode, sj, kj, PK_WHITE);
    return gen_side(R, g, p, out, flags, mode, sj, kj, PK_BLACK);
}

/* The quiet moves of the piece on sq, as a set of destinations: gen_quiet() for one
 * piece (RULES 1.4). */
TEMPLATE pk_bb quiet_targets(const pk_rules *R, const pk_geom *g, const pk_pos *p, int me, int sq)
{
    pk_bb b = PK_BIT(sq), occ = pk_occupied(p), empty = g->board & ~occ, t = 0;
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
TEMPLATE int quiet_move_side(const pk_rules *R, const pk_geom *g, const pk_pos *p, int from, int to, pk_move *m,
                             short_fn *sj, king_fn *kj, int me)
{
    pk_bb fly = R->flying ? p->pieces[me] & p->kings : 0;
    if (short_jumpers(R, g, p, me) || (fly && gen_captures(R, g, p, NULL, 0, fly, true, false, sj, kj)))
        return -1;
    if (!((p->pieces[me] >> from) & 1) || !((quiet_targets(R, g, p, me, from) >> to) & 1))
        return 0;
    bool king = (p->kings >> from) & 1;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncap = m->nkcap = 0;
    m->flags = king ? PK_MV_KING : (g->promo[me] >> to) & 1 ? PK_MV_PROMOTE : 0;
    m->capset = 0;
    return 1;
}

#define SPECIALISE(ID)                                                                              \
    static bool kj_##ID(cap_ctx *c, int sq, int d);                                                 \
    static void sj_##ID(cap_ctx *c, int sq, int last, bool king);                                   \
    static bool kj_##ID(cap_ctx *c, int sq, int d)                                                  \
    {                                                                                               \
        return king_jump_t(&crows[ID].rules, c, sq, d, kj_##ID);                                    \
    }                                                                                               \
    static void sj_##ID(cap_ctx *c, int sq, int last, bool king)                                    \
    {                                                                                               \
        short_jumps_t(&crows[ID].rules, c, sq, last, king, sj_##ID, kj_##ID);                       \
    }                                                                                               \
    static int gen_##ID(const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags, int mode)   \
    {                                                                                               \
        return gen_impl(&crows[ID].rules, g, p, out, flags, mode, sj_##ID, kj_##ID);                \
    }                                                                                               \
    static int count_##ID(const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags)      \
    {                                                                                               \
        return gen_impl(&crows[ID].rules, g, p, out, flags, MODE_COUNT, sj_##ID, kj_##ID);          \
    }                                                                                               \
    static int quiet_##ID(const pk_geom *g, const pk_pos *p, int from, int to, pk_move *m)          \
    {                                                                                               \
        if (p->turn == PK_WHITE)                                                                    \
            return quiet_move_side(&crows[ID].rules, g, p, from, to, m, sj_##ID, kj_##ID, PK_WHITE);\
        return quiet_move_side(&crows[ID].rules, g, p, from, to, m, sj_##ID, kj_##ID, PK_BLACK);    \
    }                                                                                               \
    static uint64_t children_##ID(const pk_geom *g, const pk_pos *p, const pk_movelist *l,          \
                                  unsigned flags, pk_movelist *scratch, int *overflow)              \
    {                                                                                               \
        uint64_t sum = 0;                                                                           \
        for (int i = 0; i < l->n; i++) {                                                            \
            pk_pos q = *p;                                                                          \
            pk_make_unhashed(&q, &l->m[i]);                                                         \
            sum += (uint64_t)gen_impl(&crows[ID].rules, g, &q, scratch, flags, MODE_COUNT, sj_##ID,   \
                                      kj_##ID);                                                     \
            *overflow |= scratch->overflow;                                                         \
        }                                                                                           \
        return sum;                                                                                 \
    }
SPECIALISE(PK_V_INTERNATIONAL)
SPECIALISE(PK_V_ENGLISH)
SPECIALISE(PK_V_SPANISH)
SPECIALISE(PK_V_PORTUGUESE)
SPECIALISE(PK_V_RUSSIAN)
SPECIALISE(PK_V_BRAZILIAN)
SPECIALISE(PK_V_ITALIAN)
SPECIALISE(PK_V_CZECH)
SPECIALISE(PK_V_POOL)
SPECIALISE(PK_V_FRISIAN)
SPECIALISE(PK_V_TURKISH)

typedef int (*gen_fn)(const pk_geom *, const pk_pos *, pk_movelist *, unsigned, int);
/* Indexed by the engine row (pk_variant.engine): rows that share move rules share a copy. */
static const gen_fn gens[PK_V_ENGINES] = {
    gen_PK_V_INTERNATIONAL, gen_PK_V_ENGLISH, gen_PK_V_SPANISH, gen_PK_V_PORTUGUESE, gen_PK_V_RUSSIAN,
    gen_PK_V_BRAZILIAN, gen_PK_V_ITALIAN, gen_PK_V_CZECH, gen_PK_V_POOL, gen_PK_V_FRISIAN, gen_PK_V_TURKISH,
};
typedef int (*count_fn)(const pk_geom *, const pk_pos *, pk_movelist *, unsigned);
static const count_fn counts[PK_V_ENGINES] = {
    count_PK_V_INTERNATIONAL, count_PK_V_ENGLISH, count_PK_V_SPANISH, count_PK_V_PORTUGUESE,
    count_PK_V_RUSSIAN, count_PK_V_BRAZILIAN, count_PK_V_ITALIAN, count_PK_V_CZECH, count_PK_V_POOL,
    count_PK_V_FRISIAN, count_PK_V_TURKISH,
};
typedef int (*quiet_fn)(const pk_geom *, const pk_pos *, int, int, pk_move *);
static const quiet_fn quiets[PK_V_ENGINES] = {
    quiet_PK_V_INTERNATIONAL, quiet_PK_V_ENGLISH, quiet_PK_V_SPANISH, quiet_PK_V_PORTUGUESE, quiet_PK_V_RUSSIAN,
    quiet_PK_V_BRAZILIAN, quiet_PK_V_ITALIAN, quiet_PK_V_CZECH, quiet_PK_V_POOL, quiet_PK_V_FRISIAN,
    quiet_PK_V_TURKISH,
};
#define CAPFROM(ID) /* gen_side()'s capture search from one square (a free-choice row) */    \
    static int capfrom_##ID(const pk_geom *g, const pk_pos *p, int from, pk_movelist *out, unsigned flags) \
    {                                                                                               \
        gen_captures(&crows[ID].rules, g, p, out, flags, PK_BIT(from), false, false, sj_##ID, kj_##ID); \
        return out->n;                                                                              \
    }
CAPFROM(PK_V_ENGLISH)
CAPFROM(PK_V_RUSSIAN)
CAPFROM(PK_V_POOL)
typedef int (*capfrom_fn)(const pk_geom *, const pk_pos *, int, pk_movelist *, unsigned);
static const capfrom_fn capfroms[PK_V_ENGINES] = { /* the free-choice rows; the others say -1 */
    [PK_V_ENGLISH] = capfrom_PK_V_ENGLISH, [PK_V_RUSSIAN] = capfrom_PK_V_RUSSIAN, [PK_V_POOL] = capfrom_PK_V_POOL};
typedef uint64_t (*children_fn)(const pk_geom *, const pk_pos *, const pk_movelist *, unsigned, pk_movelist *,
                                int *);
static const children_fn childrens[PK_V_ENGINES] = {
    children_PK_V_INTERNATIONAL, children_PK_V_ENGLISH, children_PK_V_SPANISH, children_PK_V_PORTUGUESE,
    children_PK_V_RUSSIAN, children_PK_V_BRAZILIAN, children_PK_V_ITALIAN, children_PK_V_CZECH,
    children_PK_V_POOL, children_PK_V_FRISIAN, children_PK_V_TURKISH,
};
_Static_assert(sizeof crows / sizeof crows[0] == PK_V_COUNT, "one row per variant id");
_Static_assert(sizeof gens / sizeof gens[0] == PK_V_ENGINES, "one generator per engine row");

int pk_gen_legal(const pk_variant *v, const pk_pos *p, pk_movelist *out, unsigned flags)
{
    return gens[v->engine](v->geom, p, out, flags, MODE_LIST);
}

int pk_quiet_move(const pk_variant *v, const pk_pos *p, int from, int to, pk_move *m)
{
    return quiets[v->engine](v->geom, p, from, to, m);
}

int pk_gen_captures_from(const pk_variant *v, const pk_pos *p, int from, pk_movelist *out, unsigned flags)
{
    out->n = out->overflow = 0;
    if (!capfroms[v->engine]) /* a choice rule ranks the captures of every piece */
        return -1;
    if (from < 0 || from >= 64 || !((p->pieces[p->turn] >> from) & 1))
        return 0;
    return capfroms[v->engine](v->geom, p, from, out, flags);
}

int pk_count_legal(const pk_variant *v, const pk_pos *p, unsigned flags, pk_movelist *scratch)
{
    return counts[v->engine](v->geom, p, scratch, flags);
}

uint64_t pk_count_children(const pk_variant *v, const pk_pos *p, const pk_movelist *moves, unsigned flags,
                           pk_movelist *scratch, int *overflow)
{
    return childrens[v->engine](v->geom, p, moves, flags, scratch, overflow);
}

bool pk_has_capture(const pk_variant *v, const pk_pos *p)
{
    /* The search stops at the first jump found and never writes to the list. */
    return gens[v->engine](v->geom, p, NULL, 0, MODE_HAS_CAPTURE) != 0;
}

uint64_t pk_capture_rank(const pk_variant *v, const pk_pos *p, const pk_move *m)
{
    uint32_t kmask = 0;
    (void)p;
    if (v->rules.choice == PK_CHOICE_ITALIAN)
        for (int i = 0; i < m->ncap; i++)
            if (p->kings & PK_BIT(m->caps[i]))
                kmask |= 1u << (31 - i);
    return rank_of(&v->rules, m->ncap, m->nkcap, (m->flags & PK_MV_KING) != 0, kmask);
}
