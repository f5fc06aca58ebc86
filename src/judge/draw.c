/*
 * draw.c -- the draw-rule engine (RULES section 3): see draw.h for the contract.
 *
 * Per ply i (RULES 3.8): update the repetition table, the K(N) streak and the class runs
 * from (before, m, after), then, unless the side to move in P_i has no legal move
 * (RULES 1.9, 3.1 step 1), report every rule whose threshold is reached at P_i and has not
 * been reported in its current run.
 */
#include "draw_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "pk_bits.h"
#include "pk_nls.h"

/* Private class ids (bits of pk_draw_state.classes, index of pk_draw_state.run). */
enum {
    C_F16,  /* RULES 3.3 F16 */
    C_F5,   /* RULES 3.3 F5 */
    C_S13,  /* RULES 3.4 S13 */
    C_R724, /* RULES 3.5 R724 */
    C_R726, /* RULES 3.5 R726 */
    C_R727, /* RULES 3.5 R727 */
    C_R728, /* RULES 3.5 R728 */
    C_P13,  /* RULES 3.7 Pool */
    C_FR7,  /* RULES 3.7 Frisian art. 18 */
    C_FR1,  /* RULES 3.7 Frisian art. 21 */
    C_T11,  /* Turkish: one piece each, pdnkit-rules(7) TURKISH */
    C_COUNT
};
_Static_assert(C_COUNT == PK_DRAW_NCLASS, "draw_int.h's PK_DRAW_NCLASS counts the classes above");

/* U_NOW: FR1's test at each ply; U_AT_ONCE: drawn as soon as the class holds */
enum { U_EACH, U_STRONG, U_NOW, U_AT_ONCE };

static const struct class_desc {
    const char *rule;
    int unit;      /* U_EACH: limit in plies since start; U_STRONG: strong-side moves */
    int limit;     /* 0: computed at run start (R726) */
    bool reset_on_balance; /* restart at any capture or promotion inside the run */
} CLASS[C_COUNT] = {
    [C_F16] = {"F16", U_EACH, 32, false},   [C_F5] = {"F5", U_EACH, 10, false},
    [C_S13] = {"S13", U_STRONG, 13, false}, [C_R724] = {"R724", U_STRONG, 15, false},
    [C_R726] = {"R726", U_EACH, 0, true},   [C_R727] = {"R727", U_STRONG, 5, false},
    [C_R728] = {"R728", U_STRONG, 5, false}, [C_P13] = {"P13", U_STRONG, 13, false},
    [C_FR7] = {"FR7", U_STRONG, 7, false},  [C_FR1] = {"FR1", U_NOW, 0, false},
    [C_T11] = {"T11", U_AT_ONCE, 0, false},
};

/* Every class needs a king on the board but T11 (one man each is a draw too): without
 * a king and without T11 no class can hold, and the runs are skipped. */
static bool classes_apply(const pk_draw_state *s, const pk_pos *p)
{
    return p->kings || (s->classes & (1u << C_T11));
}

static const char *const SIDE[2] = {N_("White"), N_("Black")};
static const char *const NTH[] = {"zeroth", "first", "second", "third", "fourth", "fifth"};

const char *pk_draw_kind_name(int kind)
{
    switch (kind) {
    case PK_DRAW_AUTOMATIC: return "automatic";
    case PK_DRAW_CLAIM: return "claimable";
    default: return "info";
    }
}

/* ---------------------------------------------------------------------------------- */
/* Material                                                                           */

typedef struct mat {
    int men[2], kings[2], total[2];
} mat;

static mat material(const pk_pos *p)
{
    mat m;
    for (int c = 0; c < 2; c++) {
        m.men[c] = pk_popcount(pk_men(p, c));
        m.kings[c] = pk_popcount(pk_kings(p, c));
        m.total[c] = m.men[c] + m.kings[c];
    }
    return m;
}

static bool lone_king(const mat *m, int c) { return m->men[c] == 0 && m->kings[c] == 1; }

/*
 * cls_L(P) of RULES 3.2 for class id; on success *strong is the strong side (the side
 * that is not reduced to the lone king; when both sides are a lone king, -1 = either)
 * and *limit the limit for a run starting here.
 */
static bool class_holds(const pk_draw_state *s, int id, const pk_pos *p, const mat *m, int *strong,
                        int *limit)
{
    *limit = CLASS[id].limit;
    *strong = -1;
    if (id == C_T11) { /* Turkish: one piece each, man or king (pdnkit-rules(7)) */
        if (m->total[0] != 1 || m->total[1] != 1)
            return false;
        return true; /* *strong -1: either side */
    }
    if (id == C_R726) {
        /* RULES 3.5 R726: both sides have a king, 4-7 pieces in all; 4-5 -> EACH(30),
         * 6-7 -> EACH(60) (the total cannot change inside a run: a capture restarts it) */
        int t = m->total[0] + m->total[1];
        if (m->kings[0] < 1 || m->kings[1] < 1 || t < 4 || t > 7)
            return false;
        *limit = t <= 5 ? 60 : 120;
        return true;
    }
    for (int weak = 0; weak < 2; weak++) {
        int o = PK_OTHER(weak);
        if (!lone_king(m, weak))
            continue;
        bool ok = false;
        switch (id) {
        case C_F16: /* RULES 3.3 F16: K v exactly three pieces incl. a king */
            ok = m->total[o] == 3 && m->kings[o] >= 1;
            break;
        case C_F5: /* RULES 3.3 F5: K v one or two pieces incl. a king */
        case C_R728: /* RULES 3.5 R728: K v 2K, K+M or K */
            ok = (m->total[o] == 1 || m->total[o] == 2) && m->kings[o] >= 1;
            break;
        case C_S13: /* RULES 3.4 S13 (material part; the diagonal start is in update) */
        case C_P13: /* RULES 3.7 P13 */
            ok = m->men[o] == 0 && m->kings[o] == 3;
            break;
        case C_R724: /* RULES 3.5 R724: only kings, at least three, v K */
            ok = m->men[o] == 0 && m->kings[o] >= 3;
            break;
        case C_R727: { /* RULES 3.5 R727, D-RU-2: three pieces incl. a king v K alone on the
                          main road; must hold in every position of the run */
            pk_bb road = s->v->geom->main_diag;
            ok = m->total[o] == 3 && m->kings[o] >= 1 && (p->pieces[weak] & road) &&
                 pk_popcount(pk_occupied(p) & road) == 1;
            break;
        }
        case C_FR7: /* RULES 3.7 FR7: 2K v K, no men */
            ok = m->men[o] == 0 && m->kings[o] == 2;
            break;
        case C_FR1: /* RULES 3.7 FR1: K v K */
            ok = lone_king(m, o);
            break;
        default: break;
        }
        if (ok) {
            /* K v K: both sides are lone kings; the strong side is fixed at run start */
            *strong = lone_king(m, o) && lone_king(m, weak) ? -1 : o;
            return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------------------------- */
/* Legal-move checks without a move list                                              */

bool pk_draw_can_move(const pk_variant *v, const pk_pos *p)
{
    /* RULES 1.9. With a capture the side can move; otherwise its legal moves are the quiet
     * moves (RULES 1.4), and a piece has one iff a neighbour in a direction it may move is
     * empty (a flying king cannot pass a piece, so its first step decides). The lines are
     * the diagonals, or the ranks and files of a full board (Turkish: men forward and
     * sideways, pdnkit-rules(7)). */
    if (pk_has_capture(v, p))
        return true;
    const pk_geom *g = v->geom;
    int me = p->turn;
    pk_bb occ = pk_occupied(p);
    int d0 = g->full ? PK_E : PK_NE;
    for (pk_bb b = p->pieces[me]; b; b &= b - 1) {
        int sq = pk_lsb(b);
        bool king = pk_bb_test(p->kings, sq);
        for (int d = d0; d < d0 + 4; d++) {
            bool fwd = g->full ? d != (me == PK_WHITE ? PK_S : PK_N)
                       : me == PK_WHITE ? (d == PK_NE || d == PK_NW) : (d == PK_SE || d == PK_SW);
            if (!king && !fwd)
                continue;
            int t = g->next[d][sq];
            if (t >= 0 && !(occ & PK_BIT(t)))
                return true;
        }
    }
    return false;
}

/*
 * RULES 3.7 FR1, D-FR-2 (Frisian art. 21), for a K v K position: drawn unless the side to
 * move has a capture or every one of its legal moves allows an immediate capture. Without
 * a capture, the legal moves of a lone king are exactly its diagonal slides (RULES 1.4;
 * art. 17 does not apply to a side without men), listed here instead of calling
 * pk_gen_legal so that no 64 KB move list is needed (the unit test cross-checks them).
 */
static bool fr1_drawn(const pk_variant *v, const pk_pos *p)
{
    if (pk_has_capture(v, p))
        return false;
    const pk_geom *g = v->geom;
    int me = p->turn, k = pk_lsb(p->pieces[me]);
    pk_bb occ = pk_occupied(p);
    for (int d = PK_NE; d <= PK_SW; d++)
        for (int t = g->next[d][k]; t >= 0 && !(occ & PK_BIT(t)); t = g->next[d][t]) {
            pk_pos q = *p;
            q.pieces[me] = PK_BIT(t);
            q.kings = (q.kings & ~PK_BIT(k)) | PK_BIT(t);
            q.turn = PK_OTHER(me);
            q.hash = pk_pos_hash(&q);
            if (!pk_has_capture(v, &q))
                return true; /* a safe move exists */
        }
    return false; /* forced: every move loses the king (or no move: a loss, not a draw) */
}

/* ---------------------------------------------------------------------------------- */
/* Events                                                                              */

typedef struct sink {
    pk_draw_event *ev;
    int max, n;
    pk_draw_event spare; /* written when the caller's array is full (event dropped) */
} sink;

static pk_draw_event *emit(sink *k, const char *rule, const char *code, int kind, int ply,
                           int since)
{
    pk_draw_event *e = k->n < k->max ? &k->ev[k->n++] : &k->spare; /* dropped when full */
    e->rule = rule;
    e->code = code;
    e->kind = kind;
    e->ply = ply;
    e->since = since;
    e->msg[0] = '\0';
    return e;
}

/* ---------------------------------------------------------------------------------- */
/* Repetition, RULES 3.2 REP(k)                                                        */

static void rep_clear(pk_draw_state *s) { s->rep_n = 0; }

/* Up to this many positions (the usual few plies between two man moves) are searched
 * one by one; the hash index exists only for longer king walks. */
#define REP_LINEAR 16

/* The index slot of p: the slot holding its entry (*found set), or the free slot where it
 * would go (*found NULL). A slot is in use only if it names an entry below rep_n whose
 * `slot` points back at it, so rep_clear() needs not touch the index (cleared at every
 * man move, it would cost more than the lookups). Entries are never removed between two
 * clears, so linear probing finds every live entry; the index is at most half full. */
static unsigned rep_probe(const pk_draw_state *s, const pk_pos *p, pk_draw_rep_entry **found)
{
    unsigned mask = 2u * (unsigned)s->rep_cap - 1;
    for (unsigned i = (unsigned)p->hash & mask;; i = (i + 1) & mask) {
        unsigned j = s->rep_index[i];
        if (j >= (unsigned)s->rep_n || s->rep[j].slot != i) {
            *found = NULL;
            return i;
        }
        pk_draw_rep_entry *e = &s->rep[j];
        /* the hash selects, the full comparison guards against Zobrist collisions */
        if (e->pos.hash == p->hash && pk_pos_equal(&e->pos, p)) {
            *found = e;
            return i;
        }
    }
}

/* Puts the entries 0..n-1 in the index (after a growth, or when the walk outgrows the
 * linear search); entries below rep_n are indexed at each step. */
static void rep_reindex(pk_draw_state *s, int n)
{
    for (s->rep_n = 0; s->rep_n < n; s->rep_n++) {
        pk_draw_rep_entry *dup;
        unsigned i = rep_probe(s, &s->rep[s->rep_n].pos, &dup);
        s->rep[s->rep_n].slot = i;
        s->rep_index[i] = (unsigned)s->rep_n;
    }
}

/* Doubles the table (first use: 64 entries) and rebuilds the index. On failure the
 * table is unchanged. */
static int rep_grow(pk_draw_state *s)
{
    if (s->rep_cap > INT_MAX / 4 || (s->rep_max && s->rep_cap >= s->rep_max))
        return PK_ERR_NOMEM;
    int cap = s->rep_cap ? 2 * s->rep_cap : 64;
    pk_draw_rep_entry *rep = realloc(s->rep, (size_t)cap * sizeof *rep);
    if (!rep)
        return PK_ERR_NOMEM;
    s->rep = rep; /* still consistent with the old index and rep_cap if the next fails */
    unsigned *index = calloc(2 * (size_t)cap, sizeof *index);
    if (!index)
        return PK_ERR_NOMEM;
    free(s->rep_index);
    s->rep_index = index;
    s->rep_cap = cap;
    if (s->rep_n > REP_LINEAR)
        rep_reindex(s, s->rep_n);
    return PK_OK;
}

/* rep_add() past its common case: a growth, or a table that uses the index. */
static __attribute__((noinline)) int rep_add_slow(pk_draw_state *s, const pk_pos *p, int ply,
                                                  pk_draw_rep_entry **out)
{
    pk_draw_rep_entry *e = NULL;
    int n = s->rep_n;
    if (n <= REP_LINEAR) {
        for (int j = 0; j < n; j++)
            if (s->rep[j].pos.hash == p->hash && pk_pos_equal(&s->rep[j].pos, p)) {
                e = &s->rep[j];
                break;
            }
    } else
        rep_probe(s, p, &e);
    if (e) {
        e->count++;
        *out = e;
        return PK_OK;
    }
    if (n == s->rep_cap && rep_grow(s) != PK_OK)
        return PK_ERR_NOMEM;
    e = &s->rep[n];
    e->pos = *p;
    e->count = 1;
    e->first = ply;
    e->fired = 0;
    if (n + 1 == REP_LINEAR + 1)
        rep_reindex(s, n + 1); /* the walk outgrows the linear search */
    else if (n + 1 > REP_LINEAR + 1) {
        pk_draw_rep_entry *dup;
        unsigned i = rep_probe(s, p, &dup);
        e->slot = i;
        s->rep_index[i] = (unsigned)n;
    }
    s->rep_n = n + 1;
    *out = e;
    return PK_OK;
}

/* Adds one occurrence of p at ply i; *out is its entry. The common case (a few positions
 * since the last man move, room in the table) is a leaf the compiler inlines. */
static inline int rep_add(pk_draw_state *s, const pk_pos *p, int ply, pk_draw_rep_entry **out)
{
    int n = s->rep_n;
    if (n >= REP_LINEAR || n == s->rep_cap)
        return rep_add_slow(s, p, ply, out);
    pk_draw_rep_entry *e = s->rep;
    for (int j = 0; j < n; j++, e++)
        if (e->pos.hash == p->hash && pk_pos_equal(&e->pos, p)) {
            e->count++;
            *out = e;
            return PK_OK;
        }
    e->pos = *p;
    e->count = 1;
    e->first = ply;
    e->fired = 0;
    s->rep_n = n + 1;
    *out = e;
    return PK_OK;
}

pk_draw_state *pk_draw_new(void)
{
    return calloc(1, sizeof(pk_draw_state));
}

void pk_draw_release(pk_draw_state *s)
{
    free(s->rep);
    free(s->rep_index);
    memset(s, 0, sizeof *s);
}

void pk_draw_free(pk_draw_state *s)
{
    if (s) {
        pk_draw_release(s);
        free(s);
    }
}

static void rep_eval(pk_draw_state *s, pk_draw_rep_entry *e, sink *k)
{
    if (!s->rep_k)
        return;
    int i = s->ply;
    /* RULES 3.7 Italian, D-IT-1: the third occurrence is reported as information */
    if (s->rep_info_at && e->count >= s->rep_info_at && !(e->fired & 1)) {
        e->fired |= 1;
        pk_draw_event *ev = emit(k, "REP3-INFO", "draw-repetition", PK_DRAW_INFO, i, e->first);
        snprintf(ev->msg, sizeof ev->msg,
                 PK_T("third occurrence of the position after ply %d (first after ply %d); the "
                      "Italian rule draws at the fourth (low confidence, D-IT-1)"),
                 i, e->first);
    }
    /* RULES 3.2 REP(k): once per position, when its count reaches k; automatic or claim
     * per RULES 2.1 / 3.3-3.7 (D-INT-1: FMJD automatic; English, Czech, Portuguese claim) */
    if (e->count >= s->rep_k && !(e->fired & 2)) {
        e->fired |= 2;
        pk_draw_event *ev = emit(k, s->rep_k == 4 ? "REP4" : "REP3", "draw-repetition",
                                 s->rep_kind, i, e->first);
        bool claim = s->rep_kind == PK_DRAW_CLAIM;
        /* the words whole for the translators (pk_nls.h): threefold and fourfold */
        const char *whole =
            s->rep_k == 3 ? (claim ? PK_T("threefold repetition (claimable): the position after ply %d occurred for "
                                          "the third time (first after ply %d, same side to move)")
                                   : PK_T("threefold repetition: the position after ply %d occurred for the third "
                                          "time (first after ply %d, same side to move)"))
            : s->rep_k == 4 ? (claim ? PK_T("fourfold repetition (claimable): the position after ply %d occurred for "
                                            "the fourth time (first after ply %d, same side to move)")
                                     : PK_T("fourfold repetition: the position after ply %d occurred for the fourth "
                                            "time (first after ply %d, same side to move)"))
                            : NULL;
        if (whole)
            snprintf(ev->msg, sizeof ev->msg, whole, i, e->first);
        else
            snprintf(ev->msg, sizeof ev->msg,
                     "%s repetition%s: the position after ply %d occurred for the %s time (first "
                     "after ply %d, same side to move)",
                     s->rep_k == 4 ? "fourfold" : "threefold", claim ? " (claimable)" : "", i,
                     NTH[s->rep_k < 6 ? s->rep_k : 0], e->first);
    }
}

/* ---------------------------------------------------------------------------------- */
/* K(N) and the site profiles                                                           */

static void k_eval(pk_draw_state *s, sink *k)
{
    int i = s->ply;
    /* RULES 3.2 K(N): fires once per streak when it reaches N plies */
    if (s->k_plies && !s->k_fired && s->streak >= s->k_plies) {
        s->k_fired = true;
        int moves = s->k_plies / 2;
        pk_draw_event *ev = emit(k, s->k_rule, "draw-move-limit", s->k_kind, i,
                                 s->streak_start > s->origin ? s->streak_start : s->origin);
        snprintf(ev->msg, sizeof ev->msg,
                 s->k_kind == PK_DRAW_CLAIM ? PK_T("%d-move rule (claimable): %d plies with only king moves and no capture%s")
                                            : PK_T("%d-move rule: %d plies with only king moves and no capture%s"),
                 moves, s->streak,
                 s->k_seeded && s->streak_start <= s->origin ? PK_T(" (counted from the FEN :H clock)") : "");
    }
    /* RULES 3.4, D-ES-1 site profiles: no capture and no promotion, men may move */
    if (s->site_plies && !s->site_fired && s->site_count >= s->site_plies) {
        s->site_fired = true;
        pk_draw_event *ev = emit(k, s->site_rule, "draw-move-limit", PK_DRAW_AUTOMATIC, i,
                                 s->site_start);
        snprintf(ev->msg, sizeof ev->msg,
                 PK_T("site move limit (D-ES-1 profile): %d plies without capture or promotion"),
                 s->site_count);
    }
}

/* ---------------------------------------------------------------------------------- */
/* Endgame classes, RULES 3.2 (EACH / STRONG, start(i))                                 */

static void class_message(pk_draw_event *ev, int id, const pk_draw_run *r, int ply)
{
    const char *strong = PK_T(r->strong >= 0 ? SIDE[r->strong] : N_("the strong side"));
    switch (id) {
    case C_F16:
    case C_F5: /* EACH(M): limit = 2M plies */
        snprintf(ev->msg, sizeof ev->msg,
                 PK_T("%d-move rule: one king against %s with a king since ply %d, %d moves each played"),
                 r->limit / 2, id == C_F16 ? PK_T("three pieces") : PK_T("one or two pieces"), r->start, r->limit / 2);
        break;
    default: {
        static const char *const what[C_COUNT] = {
            [C_S13] = N_("three kings (one on the main diagonal) v one king"),
            [C_R724] = N_("three or more kings v one king"),
            [C_R727] = N_("three pieces v one king alone on the main road"),
            [C_R728] = N_("one or two pieces with a king v one king"),
            [C_P13] = N_("three kings v one king"),
            [C_FR7] = N_("two kings v one king"),
        };
        snprintf(ev->msg, sizeof ev->msg,
                 /* TRANSLATORS: the %d%s is an ordinal, 13 + "th": translate "st", "nd", "th" as your
                    language writes the ordinal's mark after the number (13e, 13-й, 13º) */
                 PK_T("%s since ply %d: %s's %d%s move (ply %d) did not win"), PK_T(what[id]), r->start, strong,
                 r->limit, r->limit == 1 ? PK_T("st") : r->limit == 2 ? PK_T("nd") : PK_T("th"), ply);
        break;
    }
    }
}

static void class_update(pk_draw_state *s, const pk_pos *p, int mover, bool balance_change)
{
    if (!s->classes) /* the profile has no endgame class (English, Italian, ...) */
        return;
    if (!classes_apply(s, p)) { /* RULES 3.3-3.7: every endgame class has a king on the board */
        for (int id = 0; id < C_COUNT; id++)
            s->run[id].active = false;
        return;
    }
    mat m = material(p);
    int i = s->ply;
    for (int id = 0; id < C_COUNT; id++) {
        if (!(s->classes & (1u << id)))
            continue;
        pk_draw_run *r = &s->run[id];
        int strong, limit;
        if (!class_holds(s, id, p, &m, &strong, &limit)) {
            r->active = false; /* leaving the class ends the run; re-entry restarts */
            continue;
        }
        bool restart = !r->active || (CLASS[id].reset_on_balance && balance_change);
        if (restart) {
            r->active = true;
            r->counting = false;
            r->fired = false;
            r->start = i;
            /* K v K (either side could be "strong"): the side to move at the start, whose
             * M-th move comes first; kept for the whole run (RULES 3.2 STRONG, D-RU-1) */
            r->strong = strong >= 0 ? strong : p->turn;
            r->strong_moves = 0;
            r->limit = limit;
        } else if (r->counting && mover == r->strong) {
            r->strong_moves++; /* #{ j in s+1..i : mover(j) == strong } */
        }
        if (!r->counting) {
            /* RULES 3.4 S13, D-ES-2: the count starts at the first ply of the material run
             * at which one of the three kings stands on the main diagonal (held once) */
            if (id == C_S13 && !(pk_kings(p, r->strong) & s->v->geom->main_diag))
                continue;
            r->counting = true;
            r->start = i;
            r->strong_moves = 0;
        }
    }
}

static void class_eval(pk_draw_state *s, const pk_pos *p, sink *k)
{
    int i = s->ply;
    for (int id = 0; id < C_COUNT; id++) {
        if (!(s->classes & (1u << id)))
            continue;
        pk_draw_run *r = &s->run[id];
        if (!r->active || !r->counting || r->fired)
            continue;
        bool fire;
        switch (CLASS[id].unit) {
        case U_EACH: fire = i - r->start >= r->limit; break;     /* EACH(M): 2M plies */
        case U_STRONG: fire = r->strong_moves >= r->limit; break; /* STRONG(M) */
        case U_AT_ONCE: fire = true; break;                        /* T11 */
        default: fire = fr1_drawn(s->v, p); break;                /* FR1 */
        }
        if (!fire)
            continue;
        r->fired = true;
        pk_draw_event *ev = emit(k, CLASS[id].rule, "draw-endgame", PK_DRAW_AUTOMATIC, i, r->start);
        if (id == C_T11)
            snprintf(ev->msg, sizeof ev->msg, PK_T("one piece each (Turkish draughts): drawn since ply %d"), r->start);
        else if (id == C_FR1)
            snprintf(ev->msg, sizeof ev->msg,
                     PK_T("king v king (Frisian art. 21): %s to move has no capture and a move that "
                          "allows none"),
                     PK_T(SIDE[p->turn]));
        else if (id == C_R726) {
            mat m = material(p);
            snprintf(ev->msg, sizeof ev->msg,
                     PK_T("7.2.6: both sides have kings, %d pieces, no capture or promotion for %d "
                          "moves each since ply %d"),
                     m.total[0] + m.total[1], r->limit / 2, r->start);
        } else
            class_message(ev, id, r, i);
    }
}

/* ---------------------------------------------------------------------------------- */
/* Profiles                                                                            */

static void setup_profile(pk_draw_state *s)
{
    int prof = s->v->draw_profile;
    if (prof == PK_DRAW_BRAZILIAN && (s->options & PK_DRAW_OPT_BRAZILIAN_FMJD64))
        prof = PK_DRAW_RUSSIAN; /* RULES 2.3, 3.7: profile brazilian-fmjd64, D-BR-1 */
    s->rep_k = 3;
    s->rep_kind = PK_DRAW_AUTOMATIC;
    s->k_kind = PK_DRAW_AUTOMATIC;
    switch (prof) {
    case PK_DRAW_FMJD: /* RULES 3.3: REP3 automatic (D-INT-1), K50, F16, F5 */
        s->k_plies = 50, s->k_rule = "K50";
        s->classes = 1u << C_F16 | 1u << C_F5;
        break;
    case PK_DRAW_ENGLISH: /* RULES 3.6: REP3 and K80 are claims (D-EN-1) */
        s->rep_kind = PK_DRAW_CLAIM;
        s->k_plies = 80, s->k_rule = "K80", s->k_kind = PK_DRAW_CLAIM;
        break;
    case PK_DRAW_PORTUGUESE: /* RULES 2.9, 3.4: as Spanish, REP3 by claim [PT 14b] */
        s->rep_kind = PK_DRAW_CLAIM;
        /* fall through */
    case PK_DRAW_SPANISH: /* RULES 3.4: REP3, K40 (D-ES-1), S13 (D-ES-2) */
        s->k_plies = 40, s->k_rule = "K40";
        s->classes = 1u << C_S13;
        if (s->options & PK_DRAW_OPT_SPANISH_SITE40EACH)
            s->k_plies = 0, s->site_plies = 80, s->site_rule = "K80-SITE";
        else if (s->options & PK_DRAW_OPT_SPANISH_SITE20EACH)
            s->k_plies = 0, s->site_plies = 40, s->site_rule = "K40-SITE";
        break;
    case PK_DRAW_RUSSIAN: /* RULES 3.5: REP3, K30, R724, R726, R727, R728 (D-RU-3: all) */
        s->k_plies = 30, s->k_rule = "K30";
        s->classes = 1u << C_R724 | 1u << C_R726 | 1u << C_R727 | 1u << C_R728;
        break;
    case PK_DRAW_BRAZILIAN: /* RULES 2.3, 3.7 default profile: REP3, K40 (D-BR-1) */
        s->k_plies = 40, s->k_rule = "K40";
        break;
    case PK_DRAW_ITALIAN: /* RULES 2.10, 3.7, D-IT-1: REP4 (+ info at 3), K80 */
        s->rep_k = 4, s->rep_info_at = 3;
        s->k_plies = 80, s->k_rule = "K80";
        break;
    case PK_DRAW_CZECH: /* RULES 2.1, 3.7: REP3 claim, K30 (automatic per the tables) */
        s->rep_kind = PK_DRAW_CLAIM;
        s->k_plies = 30, s->k_rule = "K30";
        break;
    case PK_DRAW_POOL: /* RULES 2.5, 3.7: REP3, P13; no move limit (D-POOL-1) */
        s->classes = 1u << C_P13;
        break;
    case PK_DRAW_FRISIAN: /* RULES 2.11, 3.7: FR7, FR1, no repetition rule */
        s->rep_k = 0;
        s->classes = 1u << C_FR7 | 1u << C_FR1;
        break;
    case PK_DRAW_ANTI: /* lidraughts Antidraughts: REP3 as in International (D-INT-1), no
                          move limit, no endgame class (pdnkit-rules(7), D-ANTI-1) */
        break;
    case PK_DRAW_NONE: /* lidraughts Breakthrough: no draw rule (pdnkit-rules(7)) */
        s->rep_k = 0;
        break;
    case PK_DRAW_TURKISH: /* pdnkit-rules(7) TURKISH: REP3; one piece each is a draw (T11) */
        s->classes = 1u << C_T11;
        break;
    default: break;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Entry points                                                                        */

/* True when some rule may fire at this ply: the thresholds the *_eval functions test,
 * without their side effects. Most plies have none, and then the legal-move check
 * below (a capture search) is not needed. */
static inline bool due(const pk_draw_state *s, const pk_pos *p, const pk_draw_rep_entry *e)
{
    if (e && s->rep_k &&
        ((s->rep_info_at && e->count >= s->rep_info_at && !(e->fired & 1)) ||
         (e->count >= s->rep_k && !(e->fired & 2))))
        return true;
    if (s->k_plies && !s->k_fired && s->streak >= s->k_plies)
        return true;
    if (s->site_plies && !s->site_fired && s->site_count >= s->site_plies)
        return true;
    if (s->classes && classes_apply(s, p))
        for (int id = 0; id < C_COUNT; id++) {
            const pk_draw_run *r = &s->run[id];
            if ((s->classes & (1u << id)) && r->active && r->counting && !r->fired)
                return true;
        }
    return false;
}

static int evaluate(pk_draw_state *s, const pk_pos *p, pk_draw_rep_entry *e, pk_draw_event *events,
                    int max_events)
{
    if (!due(s, p, e))
        return 0;
    sink k;
    k.ev = events;
    k.max = max_events > 0 ? max_events : 0;
    k.n = 0;
    /* RULES 1.9, 3.1 step 1: a side to move without a legal move has lost; no draw */
    if (!pk_draw_can_move(s->v, p))
        return 0;
    if (e)
        rep_eval(s, e, &k);
    k_eval(s, &k);
    if (classes_apply(s, p)) /* no king, no class run (class_update), T11 aside */
        class_eval(s, p, &k);
    return k.n;
}

/* pk_draw_init at ply ply0: the counters start there (RULES 3.1). */
static int start(pk_draw_state *s, const pk_variant *v, const pk_pos *p0, int ply0, int halfmove_seed,
                 unsigned options, pk_draw_event *events, int max_events)
{
    /* the repetition table's memory is kept from game to game */
    pk_draw_rep_entry *rep = s->rep;
    unsigned *index = s->rep_index;
    int cap = s->rep_cap, max = s->rep_max;
    memset(s, 0, sizeof *s);
    s->rep = rep, s->rep_index = index, s->rep_cap = cap, s->rep_max = max;
    s->v = v;
    s->options = options;
    s->ply = s->origin = ply0;
    setup_profile(s);
    /* RULES 3.1, 4.2: counters start at 0 at P0; FEN :H seeds K(N) */
    if (halfmove_seed > 0) {
        s->streak = halfmove_seed;
        s->k_seeded = true;
    }
    s->streak_start = ply0 + 1 - s->streak;
    s->site_start = ply0;
    pk_draw_rep_entry *e = NULL;
    if (s->rep_k && rep_add(s, p0, ply0, &e) != PK_OK)
        return -PK_ERR_NOMEM;
    class_update(s, p0, -1, false); /* a class holding in P0 starts at ply 0 */
    return evaluate(s, p0, e, events, max_events);
}

/* The public calls' status from an internal count of events (or -PK_ERR_NOMEM). */
static int events_status(int n, int *nevents)
{
    if (nevents)
        *nevents = n > 0 ? n : 0;
    return n < 0 ? -n : PK_OK;
}

int pk_draw_init(pk_draw_state *s, const pk_variant *v, const pk_pos *p0, int halfmove_seed,
                 unsigned options, pk_draw_event *events, int max_events, int *nevents)
{
    return events_status(start(s, v, p0, 0, halfmove_seed, options, events, max_events), nevents);
}

int pk_draw_restart(pk_draw_state *s, const pk_pos *p, int ply, int halfmove_seed, pk_draw_event *events,
                    int max_events, int *nevents)
{
    return events_status(start(s, s->v, p, ply, halfmove_seed, s->options, events, max_events), nevents);
}

/* pk_draw_ply's work but for its short way: the number of events, or -PK_ERR_NOMEM. Not
 * inlined: the short way, taken on most plies, then saves no registers for it. */
static __attribute__((noinline)) int ply_events(pk_draw_state *s, const pk_pos *before, const pk_move *m,
                                                const pk_pos *after, pk_draw_event *events, int max_events)
{
    int i = ++s->ply;
    int mover = before->turn;
    bool man_move = !pk_bb_test(before->kings, m->from); /* a promotion is a man move */
    int caps = m->ncap ? m->ncap : pk_popcount(m->capset);
    bool promo = (m->flags & PK_MV_PROMOTE) != 0;

    /* RULES 3.2 K(N): streak of quiet king plies, reset by a man move or a capture */
    if (!man_move && caps == 0) {
        if (s->streak++ == 0)
            s->streak_start = i;
    } else {
        s->streak = 0;
        s->k_fired = false;
    }
    /* D-ES-1 site profiles: reset by a capture or a promotion only */
    if (caps == 0 && !promo) {
        if (s->site_count++ == 0)
            s->site_start = i;
    } else {
        s->site_count = 0;
        s->site_fired = false;
    }
    /* RULES 3.2 REP(k) and its exact optimisation: after a man move or a capture no earlier
     * position can recur, so the table restarts with P_i. A P_i without a king is not even
     * stored: only a man can move from it, and the table restarts after that move (P_i
     * follows a man move or a capture, so the table is empty). Most plies are so. */
    pk_draw_rep_entry *e = NULL;
    if (s->rep_k) {
        if (man_move || caps > 0)
            rep_clear(s);
        if (after->kings && rep_add(s, after, i, &e) != PK_OK)
            return -PK_ERR_NOMEM;
    }
    /* RULES 3.2 endgame classes; R726 restarts on any capture or promotion */
    if (s->classes)
        class_update(s, after, mover, caps > 0 || promo);
    return due(s, after, e) ? evaluate(s, after, e, events, max_events) : 0;
}

int pk_draw_ply(pk_draw_state *s, const pk_pos *before, const pk_move *m, const pk_pos *after,
                pk_draw_event *events, int max_events, int *nevents)
{
    /* Most plies: a man moves and no king stands after it (a king would stand on m->to): the
     * streak and the table restart (RULES 3.2 K(N), REP(k)); without endgame classes or a site
     * count nothing can be due. ply_events' result, in a few steps. */
    if (!after->kings && !s->classes && !s->site_plies) {
        int i = ++s->ply;
        s->streak = 0;
        s->k_fired = false;
        if (m->ncap || m->capset) {
            s->site_count = 0;
            s->site_fired = false;
        } else if (s->site_count++ == 0)
            s->site_start = i;
        rep_clear(s);
        return events_status(0, nevents);
    }
    return events_status(ply_events(s, before, m, after, events, max_events), nevents);
}
