/*
 * match.c -- matching a written move against the generator (RULES 4.5).
 *
 * A written capture matches a capture path when it has the path's origin and
 * destination and its intermediate squares can be given, in order, to strictly
 * increasing jumps t with the square in B_t: the turning square when jump t+1 turns, or
 * any square between the pieces taken by jumps t and t+1 when the piece goes straight on.
 * That accepts PDN 3.0 canonical paths, old files that list every landing square, and
 * partial paths. Legal captures are the complete paths of maximal rank, path by path
 * (so that the Italian order rule and either path of a loop are accepted).
 */
#include "match_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "pk_bits.h"
#include "pk_nls.h"

pk_match_scratch *pk_match_scratch_new(void)
{
    return malloc(sizeof(pk_match_scratch));
}

void pk_match_scratch_free(pk_match_scratch *s) { free(s); }

/* ---- lines on the board ---------------------------------------------------------- */

static int sgn(int x) { return (x > 0) - (x < 0); }

/* Unit step (df, dr) from a towards b when both stand on one diagonal, or, for
 * Frisian, one orthogonal line (where the next playable square is two files or ranks
 * away), or on a full board (Turkish) one rank or file, the only lines there. Returns
 * false when they do not. */
static bool line_step(const pk_variant *v, int a, int b, int *df, int *dr)
{
    const pk_geom *g = v->geom;
    int fx = g->file_of[b] - g->file_of[a], rx = g->rank_of[b] - g->rank_of[a];
    if (a == b)
        return false;
    if (g->full) {
        *df = sgn(fx);
        *dr = sgn(rx);
        return fx == 0 || rx == 0;
    }
    if (abs(fx) == abs(rx)) {
        *df = sgn(fx);
        *dr = sgn(rx);
        return true;
    }
    if (v->rules.ortho && (fx == 0 || rx == 0) && (fx + rx) % 2 == 0) {
        *df = 2 * sgn(fx);
        *dr = 2 * sgn(rx);
        return true;
    }
    return false;
}

static int next_on_line(const pk_geom *g, int s, int df, int dr)
{
    return pk_geom_bit(g, g->file_of[s] + df, g->rank_of[s] + dr);
}

/* Squares strictly between a and b (on one line), as a set. */
static pk_bb between(const pk_variant *v, int a, int b)
{
    int df, dr;
    pk_bb r = 0;
    if (!line_step(v, a, b, &df, &dr))
        return 0;
    for (int s = next_on_line(v->geom, a, df, dr); s >= 0 && s != b; s = next_on_line(v->geom, s, df, dr))
        r |= PK_BIT(s);
    return r;
}

static int steps_between(const pk_variant *v, int a, int b) { return pk_popcount(between(v, a, b)) + 1; }

/* ---- path matching ---------------------------------------------------------------- */

/* Is sq strictly between a and b, on one line? */
static bool is_between(const pk_variant *v, int a, int b, int sq)
{
    int df, dr;
    if (!line_step(v, a, b, &df, &dr))
        return false;
    for (int s = next_on_line(v->geom, a, df, dr); s >= 0 && s != b; s = next_on_line(v->geom, s, df, dr))
        if (s == sq)
            return true;
    return false;
}

/* Is sq in B_t of RULES 4.5 (where the piece may be written standing after jump t < k-1
 * of capture m)? Asked square by square: no set is built. */
static bool stands_on(const pk_variant *v, const pk_move *m, int t, int sq)
{
    int prev = t == 0 ? m->from : m->path[t - 1];
    int d1f = 0, d1r = 0, d2f = 0, d2r = 0;
    line_step(v, prev, m->caps[t], &d1f, &d1r);
    line_step(v, m->path[t], m->caps[t + 1], &d2f, &d2r);
    if (d1f == d2f && d1r == d2r)
        return is_between(v, m->caps[t], m->caps[t + 1], sq);
    return m->path[t] == sq;
}

/* Can the written intermediates sq[1..nsq-2] be given to jumps < limit? Greedy: each
 * square takes the earliest jump that fits, which is optimal for an ordered match. */
static bool intermediates_fit(const pk_variant *v, const pk_move *m, const pk_written *w, int limit)
{
    int t = 0;
    for (int j = 1; j < w->nsq - 1; j++) {
        while (t < limit && !stands_on(v, m, t, w->sq[j]))
            t++;
        if (t >= limit)
            return false;
        t++;
    }
    return true;
}

static bool matches(const pk_variant *v, const pk_move *m, const pk_written *w)
{
    if (m->from != w->sq[0] || m->to != w->sq[w->nsq - 1])
        return false;
    if (!(m->flags & PK_MV_CAPTURE))
        return w->nsq == 2;
    return w->nsq == 2 || intermediates_fit(v, m, w, m->ncap - 1); /* (none written: any path) */
}

/* ---- incomplete captures ---------------------------------------------------------- */

/* Where the piece of capture m may stand after jump t: the square behind the piece for
 * a man, a short king or a Thai king (pdnkit-rules(7) D-TH-2), the whole landing range
 * for a flying king (captured pieces and every other piece block; the origin is empty). */
static pk_bb range_after(const pk_variant *v, const pk_pos *p, const pk_move *m, int t)
{
    const pk_geom *g = v->geom;
    bool king = (m->flags & PK_MV_KING) != 0;
    if (!king && v->rules.promo == PK_PROMO_CONTINUE) /* RULES 1.6: crowned on the way */
        for (int u = 0; u < t; u++)
            if (g->promo[p->turn] & PK_BIT(m->path[u]))
                king = true;
    if (!king || !v->rules.flying || v->rules.king_land == PK_LAND_NEXT)
        return PK_BIT(m->path[t]);
    int prev = t == 0 ? m->from : m->path[t - 1], df, dr;
    line_step(v, prev, m->caps[t], &df, &dr);
    pk_bb occ = pk_occupied(p) & ~PK_BIT(m->from), r = 0;
    for (int s = next_on_line(g, m->caps[t], df, dr); s >= 0 && !(occ & PK_BIT(s)); s = next_on_line(g, s, df, dr))
        r |= PK_BIT(s);
    return r;
}

/* Matches w against the proper prefixes of the complete captures (RULES 4.5 case 4). */
static bool match_incomplete(const pk_variant *v, const pk_pos *p, const pk_movelist *all, const pk_written *w,
                             pk_move *out)
{
    int to = w->sq[w->nsq - 1];
    for (int i = 0; i < all->n; i++) {
        const pk_move *m = &all->m[i];
        if (m->from != w->sq[0])
            continue;
        for (int t = 0; t < m->ncap; t++) {
            /* stopping after the last jump is incomplete only off the legal end squares */
            if (t == m->ncap - 1 && to == m->to)
                continue;
            if (!(range_after(v, p, m, t) & PK_BIT(to)) || !intermediates_fit(v, m, w, t))
                continue;
            /* On the last range, a square that is not a legal end (those matched as
             * complete captures before) is one the landing-range rule forbade. */
            *out = *m;
            out->to = (uint8_t)to;
            out->ncap = (uint8_t)(t + 1);
            out->capset = 0;
            out->nkcap = 0;
            for (int u = 0; u <= t; u++) {
                out->capset |= PK_BIT(m->caps[u]);
                out->nkcap += pk_bb_test(p->kings, m->caps[u]);
            }
            out->path[t] = (uint8_t)to;
            bool man = !(m->flags & PK_MV_KING);
            out->flags = (uint8_t)((m->flags & ~PK_MV_PROMOTE) |
                                   (man && (v->geom->promo[p->turn] & PK_BIT(to)) ? PK_MV_PROMOTE : 0));
            return true;
        }
    }
    return false;
}

/* ---- illegal moves: the reason ---------------------------------------------------- */

static int explain(const pk_variant *v, const pk_pos *p, const pk_written *w, int *square)
{
    const pk_geom *g = v->geom;
    int me = p->turn, from = w->sq[0];
    *square = from;
    if (!(pk_occupied(p) & PK_BIT(from)))
        return PK_ILL_NO_PIECE;
    if (!(p->pieces[me] & PK_BIT(from)))
        return PK_ILL_WRONG_SIDE;
    bool king = pk_bb_test(p->kings, from), full = g->full;
    pk_bb occ = pk_occupied(p) & ~PK_BIT(from), ghosts = 0;
    int cur = from, last_df = 0, last_dr = 0;
    for (int j = 1; j < w->nsq; j++) {
        int s = w->sq[j], df, dr;
        *square = s;
        if (s == cur)
            return PK_ILL_SAME_SQUARE;
        if (occ & PK_BIT(s))
            return PK_ILL_OCCUPIED;
        if (!line_step(v, cur, s, &df, &dr))
            return full ? PK_ILL_NOT_ORTHOGONAL : PK_ILL_NOT_DIAGONAL;
        pk_bb mid = between(v, cur, s) & occ;
        int dist = steps_between(v, cur, s);
        /* Turkish men go sideways too (pdnkit-rules(7)): only a step back is backwards */
        bool forward = me == PK_WHITE ? dr > 0 || (full && dr == 0) : dr < 0 || (full && dr == 0);
        if (!mid) { /* a plain step */
            if (!king && !forward) {
                *square = cur;
                return PK_ILL_BACKWARDS;
            }
            if ((!king || !v->rules.flying) && dist > 1)
                return w->capture_sep ? PK_ILL_NOTHING_TO_JUMP
                       : king         ? PK_ILL_KING_ONE_STEP
                       : full         ? PK_ILL_TOO_FAR_ORTHO
                                      : PK_ILL_TOO_FAR;
            if (w->nsq > 2 || ghosts)
                return PK_ILL_NOTHING_TO_JUMP;
            return PK_ILL_OTHER;
        }
        int q = df > 0 || (df == 0 && dr > 0) ? pk_lsb(mid) : pk_msb(mid);
        if (pk_popcount(mid) > 1) {
            *square = q;
            return (ghosts & mid) ? PK_ILL_CAPTURED_TWICE : PK_ILL_BLOCKED;
        }
        *square = q;
        if (ghosts & PK_BIT(q))
            return PK_ILL_CAPTURED_TWICE;
        if (king && v->rules.flying && w->nsq == 2 && w->sep_written && !w->capture_sep && v->capture_sep != '-')
            return PK_ILL_BLOCKED; /* a move written as a slide (not Thai's capture dash): the piece is in the way */
        if (p->pieces[me] & PK_BIT(q))
            return PK_ILL_OWN_PIECE;
        if (!king && !v->rules.men_take_kings && (p->kings & PK_BIT(q)))
            return PK_ILL_KING_BY_MAN; /* RULES 2.10 */
        if ((!king || !v->rules.flying) && dist != 2)
            return king ? PK_ILL_KING_ONE_STEP : full ? PK_ILL_TOO_FAR_ORTHO : PK_ILL_TOO_FAR;
        if (king && v->rules.king_land == PK_LAND_NEXT && next_on_line(g, q, df, dr) != s) {
            *square = s; /* pdnkit-rules(7) D-TH-2 */
            return PK_ILL_LAND_BEHIND;
        }
        if (!king && !v->rules.men_back && !forward && (full || (df != 0 && abs(dr) == 1))) {
            *square = cur;
            return PK_ILL_BACKWARDS;
        }
        if (full && j > 1 && df == -last_df && dr == -last_dr) { /* pdnkit-rules(7) TURKISH */
            *square = cur;
            return PK_ILL_REVERSAL;
        }
        last_df = df, last_dr = dr;
        ghosts |= PK_BIT(q);
        if (v->rules.removal == PK_REMOVE_EACH) /* gone at once: its square is free again */
            occ &= ~PK_BIT(q);
        if (!king && (g->promo[me] & PK_BIT(s)) && v->rules.promo == PK_PROMO_CONTINUE)
            king = true;
        cur = s;
    }
    *square = -1;
    return PK_ILL_OTHER;
}

/* ---- classification --------------------------------------------------------------- */

static void keep_cand(pk_match *out, const pk_move *m)
{
    for (int i = 0; i < out->ncand; i++)
        if (pk_move_same(&out->cand[i], m))
            return;
    if (out->ncand < PK_MATCH_LIST)
        out->cand[out->ncand++] = *m;
    out->ncand_total++;
}

/* The moves of list that w matches, kept as candidates; returns how many. */
static int keep_matches(const pk_variant *v, const pk_movelist *list, const pk_written *w, pk_match *out)
{
    for (int i = 0; i < list->n; i++)
        if (matches(v, &list->m[i], w))
            keep_cand(out, &list->m[i]);
    return out->ncand_total;
}

static void list_legal_captures(pk_match *out, const pk_movelist *legal)
{
    out->ncand = out->ncand_total = 0;
    for (int i = 0; i < legal->n; i++)
        if (legal->m[i].flags & PK_MV_CAPTURE)
            keep_cand(out, &legal->m[i]);
}

/* Why the choice rule prefers best over m (both complete captures of p). */
int pk_choice_why(const pk_variant *v, const pk_move *m, const pk_move *best)
{
    bool mk = (m->flags & PK_MV_KING) != 0, bk = (best->flags & PK_MV_KING) != 0;
    switch (v->rules.choice) {
    case PK_CHOICE_CZECH: return PK_WHY_BY_KING;
    case PK_CHOICE_FRISIAN: return mk != bk && m->ncap == best->ncap && m->nkcap == best->nkcap ? PK_WHY_BY_KING : PK_WHY_VALUE;
    case PK_CHOICE_ITALIAN:
        if (m->ncap != best->ncap)
            return PK_WHY_QUANTITY;
        if (mk != bk)
            return PK_WHY_BY_KING;
        return m->nkcap != best->nkcap ? PK_WHY_QUALITY : PK_WHY_KING_ORDER;
    case PK_CHOICE_MAJ_KING: return m->ncap != best->ncap ? PK_WHY_QUANTITY : PK_WHY_BY_KING; /* D-MY-3 */
    default: return m->ncap != best->ncap ? PK_WHY_QUANTITY : PK_WHY_QUALITY;
    }
}

/* A column-only origin ("hg7", tolerated short notation): each piece of the side to move
 * on that file (in the frame of names, RULES 1.2.5) is tried as the origin; the legal
 * readings are the candidates. */
/* A man's single jump from-to where the rules make it the whole answer: men capture
 * forwards only, so a capture ending two squares ahead is one jump and no other path of
 * that man ends there; a man crowned on the way stops (RULES 1.6, PK_PROMO_STOP); every
 * complete capture is legal (free choice, RULES 1.7). English, RULES 2.6 and 5.7. True,
 * with *m the move as the generator gives it, when the jump is there and complete (no
 * further jump from `to`); false sends the move the general way. */
static inline uint64_t one_step(const pk_geom *g, uint64_t b, int d)
{
    b &= (uint64_t)g->src[d];
    return g->shift[d] > 0 ? b << g->shift[d] : b >> -g->shift[d];
}

/* The move of a man's single jump over mb, as the generator gives it. Field by field:
 * a memset of the whole move is a byte loop (rep stosb) on this hot path. */
static inline void jump_move(pk_move *m, int from, int to, uint64_t mb, bool king_taken, bool crowned)
{
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncap = 1;
    m->nkcap = king_taken;
    m->flags = PK_MV_CAPTURE | (crowned ? PK_MV_PROMOTE : 0);
    memset(m->pad, 0, sizeof m->pad);
    m->capset = (pk_bb)mb;
    memset(m->path, 0, sizeof m->path);
    memset(m->caps, 0, sizeof m->caps);
    m->path[0] = (uint8_t)to;
    m->caps[0] = (uint8_t)__builtin_ctzll(mb);
}

/* On 64-bit words: the rows this serves (English, Thai) are 8x8 boards, and the wide
 * word's shifts cost twice as much here. */
static bool man_single_jump(const pk_variant *v, const pk_pos *p, int from, int to, pk_move *m)
{
    const pk_rules *R = &v->rules;
    const pk_geom *g = v->geom; /* (bit shifts: the first lines of the geometry, at hand) */
    int me = p->turn, d0 = me == PK_WHITE ? PK_NE : PK_SE; /* a man's forward directions */
    if (R->choice != PK_CHOICE_FREE || R->men_back || !R->men_take_kings || R->promo != PK_PROMO_STOP ||
        R->ortho || R->full || g->wide || from >= 64 || to >= 64)
        return false;
    uint64_t mine = (uint64_t)p->pieces[me], kings = (uint64_t)p->kings, fb = (uint64_t)1 << from;
    if (!(mine & ~kings & fb))
        return false;
    uint64_t opp = (uint64_t)p->pieces[PK_OTHER(me)];
    uint64_t empty = (uint64_t)g->board & ~((mine | opp) & ~fb), tb = (uint64_t)1 << to;
    for (int d = d0; d < d0 + 2; d++) {
        uint64_t mb = one_step(g, fb, d);
        if (!mb || one_step(g, mb, d) != tb)
            continue;
        if (!(opp & mb) || !(empty & tb))
            return false;
        bool crowned = ((uint64_t)g->promo[me] & tb) != 0;
        for (int e = d0; !crowned && e < d0 + 2; e++) /* (mid, behind it, is out of reach) */
            if (one_step(g, one_step(g, tb, e) & opp, e) & empty)
                return false;
        jump_move(m, from, to, mb, (kings & mb) != 0, crowned);
        return true;
    }
    return false;
}

static int match_file_origin(const pk_variant *v, const pk_pos *p, const pk_written *w, unsigned gen_flags,
                             pk_match_scratch *s, pk_match *out)
{
    pk_written one = *w;
    pk_match try;
    one.file_origin = 0;
    out->kind = PK_MATCH_ILLEGAL;
    out->why = PK_ILL_FILE_ORIGIN;
    out->why_square = -1;
    out->sep_mismatch = false;
    out->ncand = out->ncand_total = 0;
    out->nlegal = pk_gen_legal(v, p, &s->legal, gen_flags & ~(unsigned)PK_GEN_ALL_CAPTURES);
    for (pk_bb b = p->pieces[p->turn]; b; b &= b - 1) {
        int sq = pk_lsb(b);
        if (v->geom->alg_file[sq] != w->file_origin - 1)
            continue;
        one.sq[0] = (uint8_t)sq;
        if (pk_match_move(v, p, &one, gen_flags, s, &try) != PK_MATCH_LEGAL)
            continue;
        if (out->ncand_total == 0) {
            out->move = try.move;
            out->sep_mismatch = try.sep_mismatch;
        }
        keep_cand(out, &try.move);
    }
    if (out->ncand_total == 1)
        out->kind = PK_MATCH_LEGAL;
    else if (out->ncand_total > 1)
        out->kind = PK_MATCH_AMBIGUOUS;
    return out->kind;
}

int pk_match_move(const pk_variant *v, const pk_pos *p, const pk_written *w, unsigned gen_flags,
                  pk_match_scratch *s, pk_match *out)
{
    if (w->file_origin && w->nsq >= 2 && w->nsq <= PK_MAX_WRITTEN)
        return match_file_origin(v, p, w, gen_flags, s, out);
    /* Field by field: the candidate array is filled only as far as ncand says. */
    out->kind = out->why = 0;
    out->why_square = -1;
    out->sep_mismatch = false;
    out->ncand = out->ncand_total = 0;
    out->nlegal = -1;
    if (w->nsq < 2 || w->nsq > PK_MAX_WRITTEN) { /* no origin and destination: nothing matches */
        out->kind = PK_MATCH_ILLEGAL;
        out->why = PK_ILL_OTHER;
        return out->kind;
    }
    /* The most common case first: a from-to move in a position without a capture, where
     * the legal moves are the quiet moves and one from-to pair is one move. Anything else
     * takes the general way below, where a move written as a capture goes at once (the
     * general way finds a quiet one too, and says the same of it). */
    if (w->nsq == 2 && !w->capture_sep && pk_quiet_move(v, p, w->sq[0], w->sq[1], &out->move) > 0) {
        out->kind = PK_MATCH_LEGAL;
        out->ncand = out->ncand_total = 1;
        out->cand[0] = out->move;
        out->sep_mismatch = w->sep_written && w->capture_sep;
        return out->kind;
    }
    if (w->nsq == 2 && w->capture_sep && man_single_jump(v, p, w->sq[0], w->sq[1], &out->move)) {
        out->kind = PK_MATCH_LEGAL; /* the usual capture of an English game */
        out->ncand = out->ncand_total = 1;
        /* written, not copied: a move read whole just after its fields were written byte by
         * byte stalls the processor (store forwarding) */
        jump_move(&out->cand[0], w->sq[0], w->sq[1], (uint64_t)out->move.capset, out->move.nkcap,
                  out->move.flags & PK_MV_PROMOTE);
        return out->kind;
    }
    /* A capture under free choice (RULES 1.7: English, Russian, pool): the legal moves from
     * its origin are that piece's complete captures, generated alone. One match is the
     * move; anything else takes the general way. */
    if (w->capture_sep &&
        pk_gen_captures_from(v, p, w->sq[0], &s->legal, (gen_flags & ~(unsigned)PK_GEN_ALL_CAPTURES) |
                                                           PK_GEN_KEEP_DUPLICATES) > 0) {
        if (keep_matches(v, &s->legal, w, out) == 1) {
            out->kind = PK_MATCH_LEGAL;
            out->move = out->cand[0];
            return out->kind; /* (a capture written as one: no separator to warn about) */
        }
        out->ncand = out->ncand_total = 0;
    }
    /* Case 1 on every path of every legal move (RULES 1.8: a move is legal if any of its
     * paths is; the Italian order rule is per path): the common case costs one call. */
    out->nlegal = pk_gen_legal(v, p, &s->legal, (gen_flags & ~(unsigned)PK_GEN_ALL_CAPTURES) | PK_GEN_KEEP_DUPLICATES);
    if (keep_matches(v, &s->legal, w, out) == 1) {
        out->kind = PK_MATCH_LEGAL;
        out->move = out->cand[0];
        /* PDN writes Thai captures with '-' (GameType 31): no mismatch there */
        bool capture = (out->move.flags & PK_MV_CAPTURE) != 0;
        out->sep_mismatch = w->sep_written && w->capture_sep != capture && !(capture && v->capture_sep == '-');
        return out->kind;
    }
    if (out->ncand_total > 1) { /* distinct moves: distinct resulting positions */
        out->kind = PK_MATCH_AMBIGUOUS;
        return out->kind;
    }
    pk_gen_legal(v, p, &s->all, PK_GEN_ALL_CAPTURES);
    pk_gen_legal(v, p, &s->quiet, PK_GEN_QUIET_ONLY);
    bool captures = s->all.n > 0;
    out->ncand = out->ncand_total = 0;
    for (int i = 0; captures && i < s->quiet.n; i++) /* case 2 */
        if (matches(v, &s->quiet.m[i], w)) {
            out->kind = PK_MATCH_CAPTURE_REQUIRED;
            out->move = s->quiet.m[i];
            list_legal_captures(out, &s->legal);
            return out->kind;
        }
    for (int i = 0; i < s->all.n; i++) /* case 3 */
        if (matches(v, &s->all.m[i], w)) {
            out->kind = PK_MATCH_CHOICE;
            out->move = s->all.m[i];
            list_legal_captures(out, &s->legal);
            out->why = out->ncand ? pk_choice_why(v, &out->move, &out->cand[0]) : PK_WHY_QUANTITY;
            return out->kind;
        }
    if (match_incomplete(v, p, &s->all, w, &out->move)) { /* case 4 */
        out->kind = PK_MATCH_INCOMPLETE;
        list_legal_captures(out, &s->legal);
        return out->kind;
    }
    out->kind = PK_MATCH_ILLEGAL; /* case 5 */
    out->why = explain(v, p, w, &out->why_square);
    if (captures)
        list_legal_captures(out, &s->legal);
    return out->kind;
}

const char *pk_illegal_why_text(int why)
{
    switch (why) {
    case PK_ILL_NO_PIECE: return N_("there is no piece on the origin square");
    case PK_ILL_WRONG_SIDE: return N_("the piece on the origin square belongs to the side not to move");
    case PK_ILL_OCCUPIED: return N_("the destination square is occupied");
    case PK_ILL_BACKWARDS: return N_("a man cannot move backwards");
    case PK_ILL_NOT_DIAGONAL: return N_("the squares are not on one diagonal");
    case PK_ILL_TOO_FAR: return N_("a man moves one square diagonally forward, or jumps over an adjacent piece");
    case PK_ILL_KING_ONE_STEP: return N_("in this variant a king moves one square, or jumps over an adjacent piece");
    case PK_ILL_BLOCKED: return N_("the way is blocked");
    case PK_ILL_OWN_PIECE: return N_("a piece cannot jump its own side's piece");
    case PK_ILL_NOTHING_TO_JUMP: return N_("there is no piece to jump");
    case PK_ILL_KING_BY_MAN: return N_("a man cannot capture a king in this variant");
    case PK_ILL_CAPTURED_TWICE:
        return N_("captured pieces stay on the board until the move ends and cannot be passed or taken again");
    case PK_ILL_SAME_SQUARE: return N_("origin and destination are the same square");
    case PK_ILL_FILE_ORIGIN: return N_("no legal move starts on that file");
    case PK_ILL_NOT_ORTHOGONAL: return N_("the squares are not on one rank or file");
    case PK_ILL_TOO_FAR_ORTHO: return N_("a man moves one square forward or sideways, or jumps over an adjacent piece");
    case PK_ILL_REVERSAL: return N_("a capture may not turn back by 180 degrees");
    case PK_ILL_LAND_BEHIND: return N_("a king lands on the square right behind the piece it takes");
    default: return N_("not a legal move in this position");
    }
}

const char *pk_choice_why_text(int why)
{
    switch (why) {
    case PK_WHY_QUANTITY: return N_("the capture taking the most pieces is mandatory");
    case PK_WHY_QUALITY: return N_("among captures of as many pieces, the one taking the most kings is mandatory");
    case PK_WHY_BY_KING: return N_("a capture with the king is mandatory");
    case PK_WHY_KING_ORDER: return N_("the capture meeting the kings earliest is mandatory");
    default: return N_("the capture of the highest value is mandatory");
    }
}

/* ---- the words of a classification ------------------------------------------------ */

const char *pk_match_code(int kind)
{
    switch (kind) {
    case PK_MATCH_LEGAL: return "legal";
    case PK_MATCH_AMBIGUOUS: return "ambiguous-move";
    case PK_MATCH_CAPTURE_REQUIRED: return "capture-required";
    case PK_MATCH_CHOICE: return "missed-capture";
    case PK_MATCH_INCOMPLETE: return "incomplete-capture";
    default: return "illegal-move";
    }
}

const char *pk_choice_rule_name(const pk_variant *v, int why)
{
    switch (why) {
    case PK_WHY_QUANTITY: return N_("majority rule");
    case PK_WHY_QUALITY:
        return v->rules.choice == PK_CHOICE_ITALIAN ? N_("Italian rule 3 (most kings)") : N_("quality rule (most kings)");
    case PK_WHY_BY_KING:
        return v->rules.choice == PK_CHOICE_CZECH     ? N_("Czech king priority")
               : v->rules.choice == PK_CHOICE_ITALIAN ? N_("Italian rule 2 (capture with the king)")
                                                      : N_("king priority");
    case PK_WHY_KING_ORDER: return N_("Italian rule 4 (kings met first)");
    default: return N_("Frisian value rule");
    }
}

/* Appends to a snprintf-style buffer. */
typedef struct {
    char *buf;
    size_t size, len;
} words;

static void say(words *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(words *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL, o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static unsigned notation_of(bool algebraic) { return algebraic ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC; }

/* The candidates of m: full paths (an ambiguity), or PDN short form with RULES 4.3's
 * disambiguation among the legal moves; with the pieces taken when counts is set. */
static void say_list(words *o, const pk_variant *v, const pk_pos *p, const pk_match *m, bool full, bool counts,
                     unsigned gen_flags, bool algebraic, pk_match_scratch *s)
{
    if (!full)
        pk_gen_legal(v, p, &s->legal, gen_flags & ~(unsigned)(PK_GEN_ALL_CAPTURES | PK_GEN_KEEP_DUPLICATES));
    for (int i = 0; i < m->ncand; i++) {
        char t[160];
        if (full)
            pk_move_write(v, &m->cand[i], PK_NOT_FULL | notation_of(algebraic), t, sizeof t);
        else
            pk_move_write_pdn(v, &s->legal, &m->cand[i], notation_of(algebraic), t, sizeof t);
        say(o, "%s%s", i ? ", " : "", t);
        if (counts) {
            int n = m->cand[i].ncap, k = m->cand[i].nkcap;
            say(o, " (");
            say(o, PK_TN("%d piece", "%d pieces", n), n);
            if (k) {
                say(o, ", ");
                say(o, PK_TN("%d king", "%d kings", k), k);
            }
            say(o, ")");
        }
    }
    if (m->ncand_total > m->ncand)
        say(o, PK_T(" and %d more"), m->ncand_total - m->ncand);
}

/* pk_choice_why_text under the house rule: a capture is not mandatory, but a capture
 * that is made follows the choice rule. */
static const char *choice_why_optional(int why)
{
    switch (why) {
    case PK_WHY_QUANTITY: return N_("a capture must take the most pieces");
    case PK_WHY_QUALITY: return N_("a capture must take as many pieces and the most kings");
    case PK_WHY_BY_KING: return N_("a capture must be made with the king");
    case PK_WHY_KING_ORDER: return N_("a capture must meet the kings earliest");
    default: return N_("a capture must have the highest value");
    }
}

static const char *side_word(int c) { return c == PK_WHITE ? PK_T("white") : PK_T("black"); }

int pk_match_describe(const pk_variant *v, const pk_pos *p, const char *text, const pk_match *m,
                      unsigned gen_flags, bool algebraic, pk_match_scratch *s, char *buf, size_t size)
{
    words o = {buf, size, 0};
    if (size)
        buf[0] = 0;
    int n = m->move.ncap;
    switch (m->kind) {
    case PK_MATCH_LEGAL: break;
    case PK_MATCH_AMBIGUOUS:
        say(&o, PK_TN("%s is ambiguous: it matches %d legal move: ", "%s is ambiguous: it matches %d legal moves: ", m->ncand_total), text,
            m->ncand_total);
        say_list(&o, v, p, m, true, false, gen_flags, algebraic, s);
        break;
    case PK_MATCH_CAPTURE_REQUIRED: /* never under the house rule: the quiet move is legal */
        say(&o, PK_T("%s: a capture is mandatory (%d available: "), text, m->ncand_total);
        say_list(&o, v, p, m, false, false, gen_flags, algebraic, s);
        say(&o, ")");
        break;
    case PK_MATCH_CHOICE:
        say(&o, PK_TN("%s takes %d piece", "%s takes %d pieces", n), text, n);
        if (m->move.nkcap)
            say(&o, "%s", m->move.nkcap == 1 ? PK_T(", 1 king") : PK_T(", kings"));
        say(&o, PK_T("; %s (%s) requires "), PK_T(pk_choice_rule_name(v, m->why)),
            PK_T(gen_flags & PK_GEN_CAPTURE_OPTIONAL ? choice_why_optional(m->why) : pk_choice_why_text(m->why)));
        say_list(&o, v, p, m, false, true, gen_flags, algebraic, s);
        break;
    case PK_MATCH_INCOMPLETE:
        say(&o, PK_TN("%s stops after taking %d piece while the capture must go on: ",
                      "%s stops after taking %d pieces while the capture must go on: ", n), text, n);
        say_list(&o, v, p, m, false, true, gen_flags, algebraic, s);
        break;
    default:
        if (m->nlegal == 0) { /* RULES 1.9: the game was over before this move */
            say(&o, v->goal == PK_GOAL_BLOCKED_WINS /* Antidraughts */
                        ? PK_T("%s was played after the end of the game: %s has no legal move and has won")
                        : PK_T("%s was played after the end of the game: %s has no legal move and has lost"),
                text, side_word(p->turn));
            break;
        }
        if (m->why == PK_ILL_FILE_ORIGIN) {
            say(&o, PK_T("illegal move %s: no legal move of %s starts on the %c file"), text, side_word(p->turn),
                text[0] >= 'A' && text[0] <= 'Z' ? text[0] + 32 : text[0]);
            break;
        }
        say(&o, PK_T("illegal move %s: %s"), text, PK_T(pk_illegal_why_text(m->why)));
        if (m->why_square >= 0) {
            char sq[4];
            say(&o, " (%s)", pk_square_name(v->geom, m->why_square, algebraic, sq));
        }
        /* under the house rule a capture is not mandatory: the captures are no reason */
        if (m->ncand && !(gen_flags & PK_GEN_CAPTURE_OPTIONAL)) {
            say(&o, "%s", PK_T("; a capture is mandatory: "));
            say_list(&o, v, p, m, false, false, gen_flags, algebraic, s);
        }
    }
    return (int)o.len;
}

const char *pk_match_advice(const pk_match *m)
{
    if (m->kind != PK_MATCH_AMBIGUOUS)
        return NULL;
    for (int i = 1; i < m->ncand; i++)
        if (m->cand[i].from != m->cand[0].from)
            return N_("write the origin square");
    return N_("write the full capture path");
}

int pk_match_forbidden_reason(const pk_variant *v, const pk_pos *p, const pk_move *c, const pk_move *best,
                              unsigned gen_flags, bool algebraic, pk_match_scratch *s, char *buf, size_t size)
{
    words o = {buf, size, 0};
    char t[160];
    int why = pk_choice_why(v, c, best);
    pk_gen_legal(v, p, &s->legal, gen_flags & ~(unsigned)(PK_GEN_ALL_CAPTURES | PK_GEN_KEEP_DUPLICATES));
    pk_move_write_pdn(v, &s->legal, best, notation_of(algebraic), t, sizeof t);
    if (size)
        buf[0] = 0;
    switch (why) {
    case PK_WHY_QUANTITY:
        say(&o, PK_T("%s: takes %d, %d required by %s"), PK_T(pk_choice_rule_name(v, why)), c->ncap, best->ncap, t);
        break;
    case PK_WHY_QUALITY:
        say(&o, PK_TN("%s: takes %d king, %d required by %s", "%s: takes %d kings, %d required by %s", c->nkcap),
            PK_T(pk_choice_rule_name(v, why)), c->nkcap, best->nkcap, t);
        break;
    case PK_WHY_BY_KING:
        say(&o, PK_T("%s: a capture by a king has priority (%s)"), PK_T(pk_choice_rule_name(v, why)), t);
        break;
    case PK_WHY_KING_ORDER:
        say(&o, PK_T("%s: %s meets the kings earlier"), PK_T(pk_choice_rule_name(v, why)), t);
        break;
    default: {
        int cv = 100 * (c->ncap + c->nkcap) - c->nkcap, bv = 100 * (best->ncap + best->nkcap) - best->nkcap;
        say(&o, PK_T("%s: value %d, %d required by %s"), PK_T(pk_choice_rule_name(v, why)), cv, bv, t);
    }
    }
    return (int)o.len;
}

int pk_match_forbidden(const pk_variant *v, const pk_pos *p, unsigned gen_flags, pk_match_scratch *s,
                       pk_movelist *out)
{
    out->n = out->overflow = 0;
    pk_gen_legal(v, p, &s->all, PK_GEN_ALL_CAPTURES);
    pk_gen_legal(v, p, &s->legal, gen_flags & ~(unsigned)(PK_GEN_ALL_CAPTURES | PK_GEN_KEEP_DUPLICATES));
    for (int i = 0; i < s->all.n; i++) {
        const pk_move *m = &s->all.m[i];
        bool known = false;
        for (int j = 0; j < s->legal.n && !known; j++)
            known = pk_move_same(&s->legal.m[j], m);
        for (int j = 0; j < out->n && !known; j++)
            known = pk_move_same(&out->m[j], m);
        if (!known && out->n < PK_MAX_MOVES)
            out->m[out->n++] = *m;
    }
    return out->n;
}

int pk_match_judge(const pk_variant *v, const pk_pos *p, const pk_written *w, const char *text, unsigned gen_flags,
                   pk_match_scratch *s, pk_match *out, char *buf, size_t size)
{
    if (size)
        buf[0] = 0;
    if (pk_match_move(v, p, w, gen_flags, s, out) != PK_MATCH_LEGAL)
        pk_match_describe(v, p, text, out, gen_flags, w->algebraic, s, buf, size);
    return out->kind;
}
