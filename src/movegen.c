/*
 * movegen.c -- the one move generator for every variant (RULES 1.4-1.8).
 *
 * gen_impl() is written once against a pk_rules row. Each row of variant_rows.h gets a
 * specialised copy (the SPECIALISE lines at the bottom): the row is a compile-time
 * constant there, so the compiler folds its flags and shifts into the loops. The
 * variant is still data; only the compiler makes the copies.
 *
 * Captures are a depth-first search over jumps. Captured pieces stay on the board as
 * blockers until the move ends and cannot be jumped twice (RULES 1.5 rule 3), the origin
 * square counts as empty (rule 4), a capture must be completed, and a flying king must
 * land on a square of its landing range that allows a further jump when one does
 * (rule 2). Complete captures are ranked by the variant's choice rule on the fly
 * (RULES 1.7), then de-duplicated on (from, to, captured set) (RULES 1.8). Nothing here
 * allocates.
 */
#include "movegen.h"

#include <string.h>

#include "variant_rows.h"

static const pk_variant crows[] = PK_VARIANT_ROWS;

/* One step of every bit of b in direction d. The shift is derived from the board width,
 * a constant in each specialised copy; src[] keeps only bits whose step stays on board. */
static inline int dir_shift(const pk_rules *R, int d)
{
    int w = R->width;
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

static inline pk_bb step(const pk_rules *R, const pk_geom *g, pk_bb b, int d)
{
    int s = dir_shift(R, d);
    b &= g->src[d];
    return s > 0 ? b << s : b >> -s;
}

static inline pk_bb step_back(const pk_rules *R, const pk_geom *g, pk_bb b, int d)
{
    return step(R, g, b, pk_dir_reverse(d));
}

/* First square of the set b met when walking in direction d: rays of the directions
 * with a positive shift run towards higher bits. */
static inline int first_in_dir(const pk_rules *R, pk_bb b, int d)
{
    return dir_shift(R, d) > 0 ? pk_lsb(b) : pk_msb(b);
}

/* Squares of ray[d][sq] before the first occupied one. */
static inline pk_bb free_ray(const pk_rules *R, const pk_geom *g, int sq, int d, pk_bb occ)
{
    pk_bb r = g->ray[d][sq], blk = r & occ;
    if (blk) {
        int b = first_in_dir(R, blk, d);
        r &= ~(g->ray[d][b] | PK_BIT(b));
    }
    return r;
}

static inline int ndirs_capture(const pk_rules *R) { return R->ortho ? 8 : 4; }

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
    pk_bb occ;         /* every other piece, captured ones included (they block) */
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
    uint8_t path[PK_MAX_PATH], caps[PK_MAX_PATH];
} cap_ctx;

/* RULES 1.7: the rank under the choice rule; the legal captures have the highest rank.
 * Packed so that one integer comparison applies the rules in order. */
static inline uint64_t rank_of(const pk_rules *R, int ncap, int nk, int by_king, uint32_t kmask)
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

static void emit(cap_ctx *c, int to, bool promote)
{
    pk_movelist *out = c->out;
    c->any = true;
    if (c->stop_at_first)
        return;
    if (!(c->flags & PK_GEN_ALL_CAPTURES)) {
        uint64_t r = rank_of(c->R, c->n, c->nk, c->start_king, c->kmask);
        if (out->n > c->base) {
            if (r < c->best)
                return;
            if (r > c->best)
                out->n = c->base;
        }
        c->best = r;
        if (!(c->flags & PK_GEN_KEEP_DUPLICATES))
            for (int i = c->base; i < out->n; i++)
                if (out->m[i].to == to && out->m[i].capset == c->capset && out->m[i].from == c->from)
                    return;
    }
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
    memcpy(m->path, c->path, (size_t)c->n);
    memcpy(m->caps, c->caps, (size_t)c->n);
}

static inline void take(cap_ctx *c, int q)
{
    c->caps[c->n] = (uint8_t)q;
    c->capset |= PK_BIT(q);
    c->opp_free &= ~PK_BIT(q);
    if (c->opp_kings & PK_BIT(q)) {
        c->nk++;
        c->kmask |= 1u << (31 - c->n);
    }
    c->n++;
}

static inline void untake(cap_ctx *c, int q)
{
    c->n--;
    c->capset &= ~PK_BIT(q);
    c->opp_free |= PK_BIT(q);
    if (c->opp_kings & PK_BIT(q)) {
        c->nk--;
        c->kmask &= ~(1u << (31 - c->n));
    }
}

static bool king_jump(cap_ctx *c, int sq, int d);
static void short_jumps(cap_ctx *c, int sq, int last, bool king);

/* After a jump in direction d a promoted-and-continuing man (RULES 1.6 `continue`) goes
 * on with king powers: every direction but the way back. */
static bool king_turns(cap_ctx *c, int sq, int d)
{
    bool cont = false;
    for (int e = 0; e < ndirs_capture(c->R); e++)
        if (e != pk_dir_reverse(d))
            cont |= king_jump(c, sq, e);
    return cont;
}

/* A flying king's jump from sq in direction d (RULES 1.5). Returns whether one exists. */
static bool king_jump(cap_ctx *c, int sq, int d)
{
    const pk_rules *R = c->R;
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
    take(c, q);
    int first = first_in_dir(R, land, d);
    /* Straight on: every square of the range reaches the same next piece, so the
     * continuation is searched once, recorded from the square right behind q. */
    c->path[c->n - 1] = (uint8_t)first;
    bool cont = king_jump(c, first, d);
    /* Turning: from each square of the range, any direction but d and its reverse. */
    for (pk_bb l = land; l; l &= l - 1) {
        int s = pk_lsb(l);
        c->path[c->n - 1] = (uint8_t)s;
        for (int e = 0; e < ndirs_capture(R); e++)
            if (e != d && e != pk_dir_reverse(d))
                cont |= king_jump(c, s, e);
    }
    /* Landing-range rule (RULES 1.5 rule 2): stop anywhere in the range only when no
     * square of it allows a further jump. */
    if (!cont)
        for (pk_bb l = land; l; l &= l - 1) {
            int s = pk_lsb(l);
            c->path[c->n - 1] = (uint8_t)s;
            emit(c, s, false);
        }
    untake(c, q);
    return true;
}

/* Short-range jumps: men, and the kings of English and Italian. `last` is the direction
 * of the previous jump (-1 at the start). */
static void short_jumps(cap_ctx *c, int sq, int last, bool king)
{
    const pk_rules *R = c->R;
    const pk_geom *g = c->g;
    bool any = false;
    /* Men jump forward only unless men_back (RULES 2.1); kings every way. */
    pk_bb prey = c->opp_free & ((king || R->men_take_kings) ? ~(pk_bb)0 : ~c->opp_kings);
    for (int d = 0; d < ndirs_capture(R); d++) {
        if (last >= 0 && d == pk_dir_reverse(last))
            continue;
        if (!king && !R->men_back && d < 4 && ((d >= PK_SE) != (c->turn == PK_BLACK)))
            continue;
        int q = g->next[d][sq];
        if (q < 0 || !(prey & PK_BIT(q)))
            continue;
        int l = g->next[d][q];
        if (l < 0 || !(c->empty & PK_BIT(l)))
            continue;
        any = true;
        if (c->stop_at_first) {
            c->any = true;
            return;
        }
        if (c->n >= PK_MAX_PATH) {
            c->out->overflow = 1;
            return;
        }
        take(c, q);
        c->path[c->n - 1] = (uint8_t)l;
        if (!king && (g->promo[c->turn] & PK_BIT(l))) {
            if (R->promo == PK_PROMO_STOP) /* crowned, the move ends (RULES 1.6) */
                emit(c, l, true);
            else if (R->promo == PK_PROMO_CONTINUE) { /* crowned, goes on as a king */
                if (!king_turns(c, l, d))
                    emit(c, l, true);
            } else /* PK_PROMO_PASS: goes on as a man; crowned only if it ends here */
                short_jumps(c, l, d, false);
        } else
            short_jumps(c, l, d, king);
        untake(c, q);
        if (c->out->overflow)
            return;
    }
    if (!any && c->n > 0)
        emit(c, sq, !king && (g->promo[c->turn] & PK_BIT(sq)));
}

/* Searches every capture of the side to move; returns whether any exists. */
static inline bool gen_captures(const pk_rules *R, const pk_geom *g, const pk_pos *p, pk_movelist *out,
                                unsigned flags, bool stop_at_first)
{
    cap_ctx c;
    int me = p->turn;
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
    pk_bb occ = pk_occupied(p);
    for (pk_bb b = p->pieces[me]; b; b &= b - 1) {
        int sq = pk_lsb(b);
        bool king = (p->kings >> sq) & 1;
        c.from = sq;
        c.start_king = king;
        c.occ = occ & ~PK_BIT(sq);
        c.empty = g->board & ~c.occ;
        if (king && R->flying) {
            for (int d = 0; d < ndirs_capture(R); d++)
                king_jump(&c, sq, d);
        } else
            short_jumps(&c, sq, -1, king);
        if (c.any && stop_at_first)
            return true;
    }
    return c.any;
}

/* ---------------------------------------------------------------------------------- */
/* Quiet moves                                                                        */

static inline void push_quiet(pk_movelist *out, int from, int to, int flags)
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

/* RULES 1.4. With out == NULL only counts. */
static inline int gen_quiet(const pk_rules *R, const pk_geom *g, const pk_pos *p, pk_movelist *out)
{
    int me = p->turn, count = 0;
    pk_bb occ = pk_occupied(p), empty = g->board & ~occ;
    pk_bb men = p->pieces[me] & ~p->kings, kings = p->pieces[me] & p->kings;
    int d0 = me == PK_WHITE ? PK_NE : PK_SE;
    for (int d = d0; d < d0 + 2; d++) {
        pk_bb to = step(R, g, men, d) & empty;
        if (!out) {
            count += pk_popcount(to);
            continue;
        }
        for (; to; to &= to - 1) {
            int t = pk_lsb(to);
            int f = pk_lsb(step_back(R, g, PK_BIT(t), d));
            push_quiet(out, f, t, (g->promo[me] >> t) & 1 ? PK_MV_PROMOTE : 0);
        }
    }
    if (!kings)
        return count;
    if (!R->flying) {
        for (int d = 0; d < 4; d++) {
            pk_bb to = step(R, g, kings, d) & empty;
            if (!out) {
                count += pk_popcount(to);
                continue;
            }
            for (; to; to &= to - 1) {
                int t = pk_lsb(to);
                push_quiet(out, pk_lsb(step_back(R, g, PK_BIT(t), d)), t, PK_MV_KING);
            }
        }
        return count;
    }
    for (pk_bb k = kings; k; k &= k - 1) {
        int sq = pk_lsb(k);
        for (int d = 0; d < 4; d++) {
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

/* Quick bitboard test for man captures (short jumps), no search. */
static inline bool men_can_capture(const pk_rules *R, const pk_geom *g, const pk_pos *p)
{
    int me = p->turn;
    pk_bb men = p->pieces[me] & ~p->kings;
    if (!men)
        return false;
    pk_bb prey = p->pieces[PK_OTHER(me)] & (R->men_take_kings ? ~(pk_bb)0 : ~p->kings);
    pk_bb empty = g->board & ~pk_occupied(p);
    for (int d = 0; d < ndirs_capture(R); d++) {
        if (!R->men_back && d < 4 && ((d >= PK_SE) != (me == PK_BLACK)))
            continue;
        if (step(R, g, step(R, g, men, d) & prey, d) & empty)
            return true;
    }
    return false;
}

enum gen_mode { MODE_LIST, MODE_COUNT, MODE_HAS_CAPTURE };

static inline __attribute__((always_inline)) int gen_impl(const pk_rules *R, const pk_geom *g, const pk_pos *p,
                                                         pk_movelist *out, unsigned flags, int mode)
{
    bool kings = (p->pieces[p->turn] & p->kings) != 0;
    if (flags & PK_GEN_QUIET_ONLY)
        return gen_quiet(R, g, p, mode == MODE_COUNT ? NULL : out);
    if (mode == MODE_HAS_CAPTURE || (mode == MODE_COUNT && !(flags & PK_GEN_CAPTURE_OPTIONAL))) {
        bool cap = men_can_capture(R, g, p) || (kings && gen_captures(R, g, p, out, flags, true));
        if (mode == MODE_HAS_CAPTURE)
            return cap;
        if (!cap)
            return gen_quiet(R, g, p, NULL);
        out->n = 0;
        out->overflow = 0;
        gen_captures(R, g, p, out, flags, false);
        return out->n;
    }
    out->n = 0;
    out->overflow = 0;
    if (flags & PK_GEN_CAPTURE_OPTIONAL) /* house rule: quiet moves stay legal */
        gen_quiet(R, g, p, out);
    else if (!men_can_capture(R, g, p) && !(kings && gen_captures(R, g, p, out, flags, true)))
        return gen_quiet(R, g, p, out), out->n;
    gen_captures(R, g, p, out, flags, false);
    return out->n;
}

#define SPECIALISE(ID)                                                                              \
    static int gen_##ID(const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags, int mode) \
    {                                                                                               \
        return gen_impl(&crows[ID].rules, g, p, out, flags, mode);                                  \
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

typedef int (*gen_fn)(const pk_geom *, const pk_pos *, pk_movelist *, unsigned, int);
static const gen_fn gens[PK_V_COUNT] = {
    gen_PK_V_INTERNATIONAL, gen_PK_V_ENGLISH, gen_PK_V_SPANISH, gen_PK_V_PORTUGUESE, gen_PK_V_RUSSIAN,
    gen_PK_V_BRAZILIAN, gen_PK_V_ITALIAN, gen_PK_V_CZECH, gen_PK_V_POOL, gen_PK_V_FRISIAN,
};
_Static_assert(sizeof crows / sizeof crows[0] == PK_V_COUNT, "one generator per variant row");

int pk_gen_legal(const pk_variant *v, const pk_pos *p, pk_movelist *out, unsigned flags)
{
    return gens[v->index](v->geom, p, out, flags, MODE_LIST);
}

int pk_count_legal(const pk_variant *v, const pk_pos *p, unsigned flags, pk_movelist *scratch)
{
    return gens[v->index](v->geom, p, scratch, flags, MODE_COUNT);
}

bool pk_has_capture(const pk_variant *v, const pk_pos *p)
{
    /* The search stops at the first jump found and never writes to the list. */
    return gens[v->index](v->geom, p, NULL, 0, MODE_HAS_CAPTURE) != 0;
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
