/*
 * test_draw.c -- the draw-rule engine (src/judge/draw.c) against RULES section 3 and the worked
 * examples D1-D9 of section 6. Every game is played with legal moves from pk_gen_legal:
 * either written out ("45-50", matched on from/to) or chosen by walk(), which picks a
 * quiet move of the requested kind that gives the opponent no capture and leads to a
 * position not seen before in the game (so repetitions do not interfere unless wanted).
 */
#include <string.h>

#include "draw_int.h" /* white box: the counters and the repetition table */
#include "pk_bits.h" /* the library's inline bit helpers (private) */
#include "fen.h"
#include "movegen.h"
#include "pktest.h"
#include "movelist_int.h" /* white box: a move list by value, its fields (private) */

#define MAXEV 1024
#define MAXHIST 1200

/* The draw calls as a count of events, or minus their status (PK_ERR_NOMEM): what the
 * tests below compare. */
static int events_or_status(int st, int n)
{
    CU_ASSERT(st == PK_OK || n == 0);
    return st == PK_OK ? n : -st;
}
static int init_n(pk_draw_state *s, const pk_variant *v, const pk_pos *p0, int hm, unsigned options,
                  pk_draw_event *events, int max_events)
{
    int n = -1;
    int st = pk_draw_init(s, v, p0, hm, options, events, max_events, &n);
    return events_or_status(st, n);
}
static int restart_n(pk_draw_state *s, const pk_pos *p, int ply, int hm, pk_draw_event *events, int max_events)
{
    int n = -1;
    int st = pk_draw_restart(s, p, ply, hm, events, max_events, &n);
    return events_or_status(st, n);
}
static int ply_n(pk_draw_state *s, const pk_pos *before, const pk_move *m, const pk_pos *after,
                 pk_draw_event *events, int max_events)
{
    int n = -1;
    int st = pk_draw_ply(s, before, m, after, events, max_events, &n);
    return events_or_status(st, n);
}

static struct {
    const pk_variant *v;
    pk_pos p;
    pk_draw_state ds;
    int ply;
    pk_draw_event ev[MAXEV];
    int nev;
    pk_pos hist[MAXHIST];
    int nhist;
    pk_movelist ml;
} G;

static unsigned KIND_AT[MAXHIST]; /* per ply: kinds a planned move must have (0: default) */

static void add_events(const pk_draw_event *ev, int n)
{
    CU_ASSERT(n >= 0 && n <= PK_DRAW_MAX_EVENTS);
    for (int i = 0; i < n && G.nev < MAXEV; i++)
        G.ev[G.nev++] = ev[i];
}

static void start(const char *variant, const char *fen, unsigned opts)
{
    memset(&G.ev, 0, sizeof G.ev);
    memset(KIND_AT, 0, sizeof KIND_AT);
    G.nev = G.nhist = G.ply = 0;
    G.v = pk_variant_find(variant);
    CU_ASSERT_PTR_NOT_NULL_FATAL(G.v);
    pk_fen_extra x;
    pk_error err;
    int rc = pk_fen_parse(G.v, fen, (size_t)-1, &G.p, &x, &err);
    if (rc != PK_OK)
        fprintf(stderr, "FEN %s: %s\n", fen, err.msg);
    CU_ASSERT_EQUAL_FATAL(rc, PK_OK);
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int n = init_n(&G.ds, G.v, &G.p, x.halfmove, opts, ev, PK_DRAW_MAX_EVENTS);
    add_events(ev, n);
    G.hist[G.nhist++] = G.p;
}

static void apply(const pk_move *m)
{
    pk_pos before = G.p;
    pk_make(G.v, &G.p, m);
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int n = ply_n(&G.ds, &before, m, &G.p, ev, PK_DRAW_MAX_EVENTS);
    G.ply++;
    for (int i = 0; i < n; i++)
        CU_ASSERT_EQUAL(ev[i].ply, G.ply);
    add_events(ev, n);
    if (G.nhist < MAXHIST)
        G.hist[G.nhist++] = G.p;
}

/* Plays one move written "from-to" or "fromxto" (intermediate squares ignored). */
static bool play(const char *tok)
{
    const pk_geom *g = G.v->geom;
    size_t len = strlen(tok), a = strcspn(tok, "-x:");
    size_t b = len;
    while (b > 0 && !strchr("-x:", tok[b - 1]))
        b--;
    int from = PK_SQUARE(g, tok, a, NULL), to = PK_SQUARE(g, tok + b, len - b, NULL);
    pk_gen_legal(G.v, &G.p, &G.ml, 0);
    for (int i = 0; i < G.ml.n; i++)
        if (G.ml.m[i].from == from && G.ml.m[i].to == to) {
            pk_move m = G.ml.m[i];
            apply(&m);
            return true;
        }
    fprintf(stderr, "illegal test move %s at ply %d\n", tok, G.ply + 1);
    CU_FAIL_FATAL("test move is not legal");
    return false;
}

/* Plays a move text: "1. 45-50 6-1 2. 50-45 1-6"; move numbers are skipped. */
static void moves(const char *text)
{
    char tok[32];
    while (*text) {
        while (*text == ' ')
            text++;
        size_t n = strcspn(text, " ");
        if (!n)
            break;
        if (n < sizeof tok && text[n - 1] != '.') {
            memcpy(tok, text, n);
            tok[n] = '\0';
            play(tok);
        }
        text += n;
    }
}

enum { W_KING = 1, W_MAN = 2, W_PROMO = 4, W_QUIET = 7 };
typedef bool (*walk_pred)(const pk_pos *before, const pk_move *m, const pk_pos *after);


static unsigned move_kind(const pk_pos *p, const pk_move *m)
{
    return ((p->kings >> m->from) & 1) ? W_KING : (m->flags & PK_MV_PROMOTE) ? W_PROMO : W_MAN;
}

/*
 * plan() searches n plies depth-first with backtracking (so that no side gets cornered);
 * advance(k) then plays the next k planned plies, so a test can check the events in
 * between; walk() = plan + advance. Each ply is a quiet move of the kinds KIND_AT[ply]
 * (when set) or `kinds`, gives the opponent no capture, leads to a position not seen
 * twice before in the game (so no repetition rule fires by accident), does not step in front of one of the mover's own men (so men can
 * move later), and is accepted by pred, which can read the ply being planned in PLAN_PLY.
 * Two more king plies must be possible after the n (so the game can go on).
 */
#define PLAN_MAX 200
#define PLAN_EXTRA 2
static pk_pos plan_pos[PLAN_MAX + PLAN_EXTRA + 1];
static pk_move plan_mv[PLAN_MAX + PLAN_EXTRA];
static int plan_n, plan_next;
static int PLAN_PLY;
static long plan_budget;
static int plan_seed = 7; /* move order rotation; plan() retries with other seeds */

/* A planned position may have occurred once before (never twice: no REP3 by accident). */
static bool plan_seen(const pk_pos *q, int d)
{
    int c = 0;
    for (int i = 0; i < G.nhist; i++)
        c += pk_pos_equal(&G.hist[i], q);
    for (int i = 1; i <= d; i++)
        c += pk_pos_equal(&plan_pos[i], q);
    return c >= 2;
}

static bool blocks_own_man(const pk_pos *p, const pk_move *m)
{
    const pk_geom *g = G.v->geom;
    int me = p->turn;
    int d1 = me == PK_WHITE ? PK_NE : PK_SE, d2 = me == PK_WHITE ? PK_NW : PK_SW;
    for (pk_bb b = pk_men(p, me); b; b &= b - 1) {
        int sq = pk_lsb(b);
        if (g->next[d1][sq] == m->to || g->next[d2][sq] == m->to)
            return true;
    }
    return false;
}

static bool dfs(int d, int n, unsigned kinds, walk_pred pred)
{
    if (d == n + PLAN_EXTRA)
        return true;
    if (--plan_budget < 0)
        return false;
    int ply = G.ply + d + 1;
    unsigned k = ply < MAXHIST && KIND_AT[ply] ? KIND_AT[ply] : d < n ? kinds : W_KING | W_MAN;
    walk_pred pr = d < n ? pred : NULL;
    const pk_pos *p = &plan_pos[d];
    static pk_movelist ml;
    int nm = pk_gen_legal(G.v, p, &ml, 0);
    pk_move cand[64];
    int nc = 0;
    for (int i = 0; i < nm && nc < 64; i++) {
        const pk_move *m = &ml.m[(i + ply * plan_seed) % nm];
        if ((m->flags & PK_MV_CAPTURE) || !(k & move_kind(p, m)))
            continue;
        if (move_kind(p, m) == W_KING && blocks_own_man(p, m))
            continue;
        pk_pos q = *p;
        pk_make(G.v, &q, m);
        if (pk_has_capture(G.v, &q) || plan_seen(&q, d))
            continue;
        PLAN_PLY = ply;
        if (pr && !pr(p, m, &q))
            continue;
        cand[nc++] = *m;
    }
    for (int i = 0; i < nc; i++) {
        plan_pos[d + 1] = *p;
        pk_make(G.v, &plan_pos[d + 1], &cand[i]);
        plan_mv[d] = cand[i];
        if (dfs(d + 1, n, kinds, pred))
            return true;
    }
    return false;
}

static void plan(int n, unsigned kinds, walk_pred pred)
{
    CU_ASSERT_FATAL(n >= 0 && n <= PLAN_MAX);
    static const int seeds[] = {7, 3, 5, 11, 13, 17, 19, 23, 29, 31, 37, 41};
    plan_pos[0] = G.p;
    plan_n = n;
    plan_next = 0;
    bool ok = false;
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0] && !ok; i++) {
        plan_seed = seeds[i];
        plan_budget = 50000;
        ok = dfs(0, n, kinds, pred);
    }
    plan_seed = 7;
    if (!ok) {
        char fen[200];
        pk_fen_write(G.v, &G.p, false, fen, sizeof fen);
        fprintf(stderr, "plan (%s): no %d plies of kinds %u from ply %d in %s\n", G.v->name, n,
                kinds, G.ply + 1, fen);
        CU_FAIL_FATAL("plan found no sequence");
    }
}

static void advance(int k)
{
    CU_ASSERT_FATAL(plan_next + k <= plan_n);
    for (int i = 0; i < k; i++) {
        pk_move m = plan_mv[plan_next++];
        apply(&m);
    }
}

static void walk(int n, unsigned kinds, walk_pred pred)
{
    if (n <= 0)
        return;
    plan(n, kinds, pred);
    advance(n);
}

/* Walks king moves up to (and including) ply `to`. */
static void walk_to(int to, walk_pred pred) { walk(to - G.ply, W_KING, pred); }

/* Plans king moves up to ply `to` (KIND_AT may ask for other kinds at some plies). */
static void plan_to(int to, walk_pred pred) { plan(to - G.ply, W_KING, pred); }
/* Plays the plan up to ply `to`. */
static void advance_to(int to) { advance(to - G.ply); }

static const pk_draw_event *find_ev(const char *rule)
{
    for (int i = 0; i < G.nev; i++)
        if (!strcmp(G.ev[i].rule, rule))
            return &G.ev[i];
    return NULL;
}
static int ev_count(const char *rule)
{
    int c = 0;
    for (int i = 0; i < G.nev; i++)
        c += !strcmp(G.ev[i].rule, rule);
    return c;
}
static void dump_events(void)
{
    for (int i = 0; i < G.nev; i++)
        fprintf(stderr, "  ply %d %s %s (%s) since %d: %s\n", G.ev[i].ply, G.ev[i].rule,
                G.ev[i].code, pk_draw_kind_name(G.ev[i].kind), G.ev[i].since, G.ev[i].msg);
}
static void expect(const char *rule, int ply, int kind, const char *code)
{
    const pk_draw_event *e = find_ev(rule);
    if (!e || e->ply != ply) {
        fprintf(stderr, "expected %s at ply %d, got %d; events:\n", rule, ply, e ? e->ply : -1);
        dump_events();
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->ply, ply);
    CU_ASSERT_EQUAL(e->kind, kind);
    CU_ASSERT_STRING_EQUAL(e->code, code);
    CU_ASSERT(e->msg[0] != '\0');
}
static void expect_none(const char *rule)
{
    if (find_ev(rule)) {
        fprintf(stderr, "unexpected %s; events:\n", rule);
        dump_events();
    }
    CU_ASSERT_PTR_NULL(find_ev(rule));
}

/* Predicates for walk(). */
/* Russian R727 tests: Black (lone king) stays on the main road, White stays off it */
static bool pred_road(const pk_pos *b, const pk_move *m, const pk_pos *a)
{
    (void)b, (void)m;
    pk_bb road = G.v->geom->main_diag;
    return (a->pieces[PK_BLACK] & road) && !(a->pieces[PK_WHITE] & road);
}
static bool pred_no_road(const pk_pos *b, const pk_move *m, const pk_pos *a)
{
    (void)b, (void)m;
    return !(a->pieces[PK_BLACK] & G.v->geom->main_diag);
}
static int bit(const char *sq) { return PK_SQUARE(G.v->geom, sq, strlen(sq), NULL); }

/* ---------------------------------------------------------------------------------- */
/* RULES 6 worked examples                                                             */

/* D1: FMJD threefold repetition, automatic, at ply 8. */
static void test_d1_fmjd_threefold(void)
{
    start("international", "W:WK45,36:BK6,15", 0);
    moves("1. 45-50 6-1 2. 50-45 1-6 3. 45-50 6-1 4. 50-45");
    CU_ASSERT_EQUAL(G.nev, 0); /* one ply short: the second occurrence only */
    moves("1-6");
    expect("REP3", 8, PK_DRAW_AUTOMATIC, "draw-repetition");
    CU_ASSERT_EQUAL(G.ev[0].since, 0);
    CU_ASSERT_EQUAL(G.nev, 1); /* K50 streak only 8, no endgame class */
    CU_ASSERT_EQUAL(G.ds.streak, 8);
    CU_ASSERT_PTR_NOT_NULL(strstr(G.ev[0].msg, "third"));
    /* fires once per position: the fourth occurrence adds nothing, the next position
     * (after ply 5) reaching its third occurrence at ply 9 is a new event */
    moves("5. 45-50 6-1 6. 50-45 1-6");
    CU_ASSERT_EQUAL(ev_count("REP3"), 4); /* P8 (=P0), P9 (=P1), P10 (=P2), P11 (=P3) */
    CU_ASSERT_EQUAL(G.ev[1].ply, 9);
    CU_ASSERT_EQUAL(G.ev[1].since, 1);
}

/* D2: the LUL game: F16 from ply 0, capture into F5 at ply 26, draw at ply 36 (D-INT-2). */
static const char *D2 = "1. 47-38 3-9 2. 46-23 9-22 3. 38-24 22-17 4. 48-31 17-39 5. 24-38 39-17 "
                        "6. 31-42 17-22 7. 38-15 22-6 8. 42-31 6-1 9. 31-18 1-6 10. 18-13 6-17 "
                        "11. 15-20 17-39 12. 13-18 39-17 13. 20-33 17x39 14. 18-13 39-33 "
                        "15. 13-27 33-17 16. 23-19 17-12 17. 27-22 12-29 18. 19-32";
static void test_d2_lul_16_and_5(void)
{
    start("international", "W:WK46,K47,K48:BK3", 0);
    moves(D2);
    CU_ASSERT_EQUAL(G.ply, 35);
    CU_ASSERT_EQUAL(G.nev, 0); /* no F16 at ply 32: the capture at ply 26 ended that run */
    moves("29-12");
    CU_ASSERT_EQUAL(G.ply, 36);
    expect("F5", 36, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("F5")->since, 26);
    CU_ASSERT_EQUAL(G.nev, 1);
    expect_none("F16");
    CU_ASSERT_EQUAL(G.ds.streak, 10); /* K50 streak restarted by the capture */
}

/* D2 counterfactual: without the capture the F16 run would fire at ply 32. */
static void test_f16_fires_and_just_misses(void)
{
    start("international", "W:WK46,K47,K48:BK3", 0);
    walk(31, W_KING, NULL);
    expect_none("F16"); /* 31 plies: one short */
    walk(1, W_KING, NULL);
    expect("F16", 32, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("F16")->since, 0);
    walk(6, W_KING, NULL);
    CU_ASSERT_EQUAL(ev_count("F16"), 1); /* once per run */
}

/* F16: a promotion inside the class (2K+M -> 3K) does not restart the count (RULES 3.2). */
static void test_f16_promotion_inside_class(void)
{
    start("international", "W:WK46,K47,8:BK44", 0); /* 2K + man e9 v K */
    walk(4, W_KING, NULL);
    walk(1, W_PROMO, NULL); /* ply 5: 8-2 or 8-3 crowns */
    CU_ASSERT_EQUAL(pk_popcount(pk_kings(&G.p, PK_WHITE)), 3);
    walk_to(31, NULL);
    expect_none("F16");
    walk(1, W_KING, NULL);
    expect("F16", 32, PK_DRAW_AUTOMATIC, "draw-endgame");
}

/* F5: K+M v K, EACH(5) = 10 plies; three men v K is in no class. */
static void test_f5_fires_and_just_misses(void)
{
    start("international", "W:WK50,36:BK1", 0);
    walk(9, W_KING, NULL);
    expect_none("F5");
    walk(1, W_KING, NULL);
    expect("F5", 10, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("international", "W:W36,37,38:BK5", 0); /* 3 men v K: no F16 (RULES 3.3 note) */
    walk(12, W_QUIET, NULL);
    CU_ASSERT_EQUAL(G.nev, 0);
}

/* D3: K50, fired once per streak, reset by a man move, re-fired after a new streak. */
static void test_k50(void)
{
    start("international", "W:WK50,36,35:BK1,15,16", 0);
    plan_to(55, NULL);
    advance_to(49);
    expect_none("K50");
    advance_to(50);
    expect("K50", 50, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(find_ev("K50")->since, 1);
    advance_to(55);
    CU_ASSERT_EQUAL(ev_count("K50"), 1);

    /* reset by a man move one ply before the limit, fires again 50 plies later */
    start("international", "W:WK50,36,35:BK1,15,16", 0);
    KIND_AT[50] = W_MAN;
    plan_to(100, NULL);
    advance_to(99);
    expect_none("K50");
    advance_to(100);
    expect("K50", 100, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(find_ev("K50")->since, 51);
}

/* K(N) seeded by the FEN :H clock (RULES 4.2). */
static void test_k_seeded(void)
{
    start("international", "W:WK50,36,35:BK1,15,16:H40", 0);
    walk(9, W_KING, NULL);
    expect_none("K50");
    walk(1, W_KING, NULL);
    expect("K50", 10, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(find_ev("K50")->since, 0);

    start("international", "W:WK50,36,35:BK1,15,16:H50", 0); /* at the limit in P0 */
    expect("K50", 0, PK_DRAW_AUTOMATIC, "draw-move-limit");
    walk(3, W_KING, NULL);
    CU_ASSERT_EQUAL(ev_count("K50"), 1);
}

/* A setup command restarts the counters at its ply (pk_draw_restart): the K(N) streak
 * before it does not carry over, the setup FEN's :H seeds it, plies go on. */
static void restart_here(int halfmove)
{
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int n = restart_n(&G.ds, &G.p, G.ply, halfmove, ev, PK_DRAW_MAX_EVENTS);
    for (int i = 0; i < n; i++)
        CU_ASSERT_EQUAL(ev[i].ply, G.ply);
    add_events(ev, n);
}

static void test_restart(void)
{
    start("international", "W:WK50,36,35:BK1,15,16", 0);
    walk(30, W_KING, NULL);
    restart_here(-1);
    walk(49, W_KING, NULL); /* 79 plies, 49 since the setup */
    expect_none("K50");
    walk(1, W_KING, NULL);
    expect("K50", 80, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(find_ev("K50")->since, 31);

    start("international", "W:WK50,36,35:BK1,15,16", 0);
    walk(30, W_KING, NULL);
    restart_here(40); /* :H40 in the setup FEN */
    walk(9, W_KING, NULL);
    expect_none("K50");
    walk(1, W_KING, NULL);
    expect("K50", 40, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(find_ev("K50")->since, 30);
    CU_ASSERT_PTR_NOT_NULL(strstr(find_ev("K50")->msg, "FEN :H clock"));
}

/* RULES 1.9 / 3.1: a side to move without a legal move has lost; no draw at that ply. */
static void test_no_draw_when_blocked(void)
{
    /* White man a1 blocked by black men b2, c3: White to move cannot move; :H60 */
    start("international", "W:W46:B41,37,K5:H60", 0);
    CU_ASSERT_FALSE(pk_draw_can_move(G.v, &G.p));
    CU_ASSERT_EQUAL(G.nev, 0);
    start("international", "W:W46,K50:B41,37,K5:H60", 0);
    CU_ASSERT_TRUE(pk_draw_can_move(G.v, &G.p));
    expect("K50", 0, PK_DRAW_AUTOMATIC, "draw-move-limit");

    /* ply 1 completes the K50 streak but leaves Black (man a9, blocked by b8 and c7)
     * without a move: the game is lost there, no K50 */
    start("international", "W:WK46,11,17:B6:H49", 0);
    moves("46-41");
    CU_ASSERT_FALSE(pk_draw_can_move(G.v, &G.p));
    CU_ASSERT_EQUAL(G.nev, 0);
    /* same with a free black man: K50 at ply 1 */
    start("international", "W:WK46,11,17:B8:H49", 0);
    moves("46-41");
    expect("K50", 1, PK_DRAW_AUTOMATIC, "draw-move-limit");
}

/* pk_draw_can_move agrees with pk_gen_legal on every position met in a few walks. */
static void test_can_move_matches_generator(void)
{
    static const char *const fens[][2] = {
        {"international", "W:W46:B41,37,K5"}, {"international", "B:W11,17:B6,K50"},
        {"english", "B:W21-32:B1-12"},        {"italian", "W:W29:BK25,26"},
        {"spanish", "W:W1-12:B21-32"},        {"frisian", "W:W31-50:B1-20"},
        {"russian", "W:WK1,K2,K3:BK32"},      {"czech", "W:W21,22:B17,18,13,14"},
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        start(fens[i][0], fens[i][1], 0);
        for (int k = 0; k < 12; k++) {
            int n = pk_gen_legal(G.v, &G.p, &G.ml, 0);
            CU_ASSERT_EQUAL(pk_draw_can_move(G.v, &G.p), n > 0);
            if (!n)
                break;
            pk_move m = G.ml.m[(k * 5) % n];
            apply(&m);
        }
    }
}

/* D4: Spanish 3K v 1K, S13 at ply 25; K40 at ply 40. */
static void test_d4_spanish_s13(void)
{
    start("spanish", "W:WK5,K20,K30:BK9", 0);
    CU_ASSERT(G.ds.run[2].counting); /* Kg2 on the main diagonal: the run starts at ply 0 */
    walk(24, W_KING, NULL);
    expect_none("S13"); /* one ply short */
    walk(1, W_KING, NULL);
    expect("S13", 25, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("S13")->since, 0);
    walk_to(40, NULL);
    expect("K40", 40, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(ev_count("S13"), 1);
}

/* D4 second half: no king on the main diagonal, S13 not active; it starts when one
 * steps onto it at ply 31 (D-ES-2) and need not stay there. */
static bool pred_s13(const pk_pos *b, const pk_move *m, const pk_pos *a)
{
    (void)m;
    pk_bb diag = G.v->geom->main_diag;
    if (b->turn != PK_WHITE)
        return true;
    if (PLAN_PLY == 31)
        return (a->pieces[PK_WHITE] & diag) != 0;
    return PLAN_PLY > 31 || !(a->pieces[PK_WHITE] & diag);
}
static void test_s13_needs_main_diagonal(void)
{
    start("spanish", "W:WK20,K30,K31:BK9", 0);
    CU_ASSERT_FALSE(G.ds.run[2].counting); /* run[2] = S13: material holds, no count */
    plan_to(57, pred_s13);
    advance_to(30);
    expect_none("S13");
    advance_to(31);
    CU_ASSERT(G.p.pieces[PK_WHITE] & G.v->geom->main_diag);
    advance_to(56); /* the kings left the diagonal again: still counted (held once) */
    expect_none("S13"); /* White's 12th move since ply 31 was ply 55 */
    advance_to(57);
    expect("S13", 57, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("S13")->since, 31);
}

/* Portuguese: Spanish rules, REP3 by claim, S13 too. */
static void test_portuguese(void)
{
    start("portuguese", "W:WK1:BK29", 0);
    moves("1-5 29-25 5-1 25-29 1-5 29-25 5-1 25-29");
    expect("REP3", 8, PK_DRAW_CLAIM, "draw-repetition");
    start("portuguese", "W:WK5,K20,K30:BK9", 0);
    walk(25, W_KING, NULL);
    expect("S13", 25, PK_DRAW_AUTOMATIC, "draw-endgame");
}

/* D5: Russian 3K v 1K: R724 at ply 29, K30 at ply 30, no R727 off the main road. */
static void test_d5_russian_r724(void)
{
    start("russian", "W:WK1,K2,K3:BK32", 0);
    walk(28, W_KING, pred_no_road);
    expect_none("R724");
    walk(1, W_KING, pred_no_road);
    expect("R724", 29, PK_DRAW_AUTOMATIC, "draw-endgame");
    expect_none("K30");
    walk(1, W_KING, pred_no_road);
    expect("K30", 30, PK_DRAW_AUTOMATIC, "draw-move-limit");
    expect_none("R727");
    expect_none("R728");
}

/* D5 second half: lone king alone on a1-h8, R727 after White's 5th move (ply 9). */
static void test_d5_russian_r727(void)
{
    start("russian", "W:WK1,K2,K3:BK29", 0);
    walk(8, W_KING, pred_road);
    expect_none("R727");
    walk(1, W_KING, pred_road);
    expect("R727", 9, PK_DRAW_AUTOMATIC, "draw-endgame");
    walk_to(29, NULL);
    expect("R724", 29, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(ev_count("R727"), 1);
}

/* D-RU-2: stepping off the road at ply 8 ends the R727 run; re-entry at ply 10 restarts
 * it (White's 5th move after that is ply 19). White never uses the road. */
static bool pred_r727(const pk_pos *b, const pk_move *m, const pk_pos *a)
{
    (void)b, (void)m;
    pk_bb road = G.v->geom->main_diag;
    bool black_on = (a->pieces[PK_BLACK] & road) != 0;
    if (a->pieces[PK_WHITE] & road)
        return false;
    return (PLAN_PLY == 8 || PLAN_PLY == 9) ? !black_on : black_on;
}
static void test_r727_leaves_road(void)
{
    start("russian", "W:WK1,K2,K3:BK18", 0); /* Kd4 alone on the road */
    walk(9, W_KING, pred_r727);
    expect_none("R727");
    CU_ASSERT_FALSE(G.p.pieces[PK_BLACK] & G.v->geom->main_diag);
    walk(9, W_KING, pred_r727); /* ply 10: back on the road, alone */
    CU_ASSERT_EQUAL(G.ply, 18);
    expect_none("R727");
    walk(1, W_KING, pred_r727);
    expect("R727", 19, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("R727")->since, 10);
}

/* R727 requires the lone king to be alone on the road: a white man stands on a1. */
static bool pred_black_on_road(const pk_pos *b, const pk_move *m, const pk_pos *a)
{
    (void)b, (void)m;
    return (a->pieces[PK_BLACK] & G.v->geom->main_diag) != 0;
}
static void test_r727_not_alone(void)
{
    start("russian", "W:WK3,K2,29:BK15", 0);
    walk(12, W_KING, pred_black_on_road);
    CU_ASSERT_EQUAL(G.nev, 0);
}

/* R728: 2K v K, STRONG(5); K v K: the side to move at the start is counted. */
static void test_r728(void)
{
    start("russian", "W:WK1,K2:BK32", 0);
    walk(8, W_KING, NULL);
    expect_none("R728");
    walk(1, W_KING, NULL);
    expect("R728", 9, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("russian", "B:WK1,5:BK32", 0); /* K+M v K, Black moves first: White's 5th = ply 10 */
    walk(9, W_KING, NULL);
    expect_none("R728");
    walk(1, W_KING, NULL);
    expect("R728", 10, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("russian", "B:WK1:BK32", 0); /* K v K, Black to move: Black's 5th move, ply 9 */
    walk(9, W_KING, NULL);
    expect("R728", 9, PK_DRAW_AUTOMATIC, "draw-endgame");
}

/* D6: R726 with 4 pieces: men move so K30 never fires; R726 at ply 60. In the literal
 * D6 position (Ka1, a3 v Kh8, h6) neither king can move without being taken on a1-h8,
 * so the kings stand on c1 and f8 here; material and counts are those of D6. */
static void test_d6_r726(void)
{
    start("russian", "W:WK30,22:BK3,10", 0);
    KIND_AT[25] = W_MAN; /* White */
    KIND_AT[50] = W_MAN; /* Black */
    plan_to(70, NULL);
    advance_to(59);
    expect_none("R726"); /* one ply short */
    advance_to(60);
    expect("R726", 60, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("R726")->since, 0);
    expect_none("K30");
    advance_to(70);
    CU_ASSERT_EQUAL(ev_count("R726"), 1);
}

/* R726 restarts at a promotion (RULES 3.5: reset on any capture or promotion). */
static bool pred_keep_b8(const pk_pos *b, const pk_move *m, const pk_pos *a)
{
    (void)b, (void)a;
    return PLAN_PLY >= 11 || (m->to != bit("1") && m->to != bit("5"));
}
static void test_r726_reset_by_promotion(void)
{
    start("russian", "W:WK30,5,22:BK3,10", 0); /* 5 pieces: EACH(30) */
    KIND_AT[11] = W_PROMO; /* 5-1 crowns: restart */
    KIND_AT[31] = W_MAN;   /* keep K30 away */
    KIND_AT[56] = W_MAN;
    plan_to(71, pred_keep_b8);
    advance_to(60);
    expect_none("R726"); /* would have fired here without the reset */
    advance_to(70);
    expect_none("R726");
    advance_to(71);
    expect("R726", 71, PK_DRAW_AUTOMATIC, "draw-endgame");
    CU_ASSERT_EQUAL(find_ev("R726")->since, 11);
    expect_none("K30");
}

/* R726 with 6 pieces: EACH(60) = 120 plies; D-RU-3: K30 applies in such endings too. */
static void test_r726_six_pieces_and_k30(void)
{
    start("russian", "W:WK30,22,23:BK3,10,11", 0);
    KIND_AT[25] = KIND_AT[50] = KIND_AT[75] = KIND_AT[100] = W_MAN;
    plan_to(120, NULL);
    advance_to(119);
    expect_none("R726");
    expect_none("K30");
    advance_to(120);
    expect("R726", 120, PK_DRAW_AUTOMATIC, "draw-endgame");

    /* D-RU-3: in a 4-piece king ending K30 fires as well (before R726) */
    start("russian", "W:WK30,22:BK3,10", 0);
    plan_to(30, NULL);
    advance_to(29);
    expect_none("K30");
    advance_to(30);
    expect("K30", 30, PK_DRAW_AUTOMATIC, "draw-move-limit");
}

/* One king move that lets the opponent capture, then the opponent's capture, chosen so
 * that the game can go on with king moves afterwards. */
static void offer_and_capture(void)
{
    static pk_movelist ml, ml2;
    int n = pk_gen_legal(G.v, &G.p, &ml, 0);
    for (int k = 0; k < n; k++) {
        pk_move m = ml.m[k];
        if ((m.flags & PK_MV_CAPTURE) || !((G.p.kings >> m.from) & 1))
            continue;
        pk_pos q = G.p;
        pk_make(G.v, &q, &m);
        if (!pk_has_capture(G.v, &q))
            continue;
        int n2 = pk_gen_legal(G.v, &q, &ml2, 0);
        for (int j = 0; j < n2; j++) {
            pk_pos r = q;
            pk_make(G.v, &r, &ml2.m[j]);
            if (pk_has_capture(G.v, &r) || !pk_kings(&r, PK_WHITE) || !pk_kings(&r, PK_BLACK))
                continue;
            plan_pos[0] = r;
            plan_budget = 20000;
            int save = G.ply;
            G.ply += 2;
            bool ok = dfs(0, 40, W_KING, NULL);
            G.ply = save;
            if (!ok)
                continue;
            pk_move c = ml2.m[j];
            apply(&m);
            apply(&c);
            return;
        }
    }
    CU_FAIL_FATAL("no offer found");
}

/* K(N) reset by a capture one ply before the limit: plies 1..N-1 quiet king moves (the
 * last one offers a piece), ply N a capture; the next K fires at 2N. */
static void test_k_reset_by_capture(void)
{
    static const struct {
        const char *variant, *fen, *rule;
        int n;
    } T[] = {
        {"russian", "W:WK30,K29,21,22:BK3,K4,11,12", "K30", 30},
        {"czech", "W:WK30,K29,21,22:BK3,K4,11,12", "K30", 30},
        {"international", "W:WK50,K49,36,35:BK1,K2,15,16", "K50", 50},
        {"spanish", "W:WK4,K3,9,10:BK29,K30,23,24", "K40", 40},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        start(T[i].variant, T[i].fen, 0);
        walk(T[i].n - 2, W_KING, NULL);
        offer_and_capture(); /* plies N-1 and N */
        CU_ASSERT_EQUAL(G.ply, T[i].n);
        CU_ASSERT_EQUAL(G.ds.streak, 0);
        expect_none(T[i].rule);
        plan_to(2 * T[i].n, NULL);
        advance_to(2 * T[i].n - 1);
        expect_none(T[i].rule);
        advance_to(2 * T[i].n);
        expect(T[i].rule, 2 * T[i].n, PK_DRAW_AUTOMATIC, "draw-move-limit");
        CU_ASSERT_EQUAL(find_ev(T[i].rule)->since, T[i].n + 1);
    }
}

/* Generic K(N) per variant: fires at N, misses when a man move comes at ply N. */
static void test_k_limits_per_variant(void)
{
    static const struct {
        const char *variant, *fen, *rule;
        int n, kind;
    } T[] = {
        {"spanish", "W:WK4,9,10,11:BK29,22,23,24", "K40", 40, PK_DRAW_AUTOMATIC},
        {"portuguese", "W:WK4,9,10,11:BK29,22,23,24", "K40", 40, PK_DRAW_AUTOMATIC},
        {"brazilian", "W:WK30,21,22,23:BK3,10,11,12", "K40", 40, PK_DRAW_AUTOMATIC},
        {"russian", "W:WK30,21,22,23:BK3,10,11,12", "K30", 30, PK_DRAW_AUTOMATIC},
        {"czech", "W:WK30,21,22,23:BK3,10,11,12", "K30", 30, PK_DRAW_AUTOMATIC},
        {"english", "W:WK30,21,22,23:BK3,10,11,12", "K80", 80, PK_DRAW_CLAIM},
        {"italian", "W:WK32,21,22,23:BK1,10,11,12", "K80", 80, PK_DRAW_AUTOMATIC},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        int n = T[i].n;
        start(T[i].variant, T[i].fen, 0);
        plan_to(n, NULL);
        advance_to(n - 1);
        expect_none(T[i].rule);
        advance_to(n);
        expect(T[i].rule, n, T[i].kind, "draw-move-limit");

        start(T[i].variant, T[i].fen, 0);
        KIND_AT[n] = W_MAN; /* ply N: a man move */
        plan_to(2 * n, NULL);
        advance_to(2 * n - 1);
        expect_none(T[i].rule);
        advance_to(2 * n);
        expect(T[i].rule, 2 * n, T[i].kind, "draw-move-limit");
        CU_ASSERT_EQUAL(G.nev, 1);
    }
}

/* D7: English 3K v 2K: the 40-move rule and threefold repetition are claims; replay goes on. */
static void test_d7_english_claims(void)
{
    start("english", "B:WK29,K30,K31:BK1,K2", 0);
    walk(80, W_KING, NULL);
    expect("K80", 80, PK_DRAW_CLAIM, "draw-move-limit");
    CU_ASSERT_PTR_NOT_NULL(strstr(find_ev("K80")->msg, "claimable"));
    walk(10, W_KING, NULL);
    CU_ASSERT_EQUAL(ev_count("K80"), 1);

    start("english", "W:WK29:BK1", 0);
    moves("29-25 1-5 25-29 5-1 29-25 1-5 25-29 5-1");
    expect("REP3", 8, PK_DRAW_CLAIM, "draw-repetition");
}

/* REP3 kinds per variant (RULES 2.1, 3.3-3.7). */
static void test_rep3_kinds(void)
{
    static const struct {
        const char *variant, *fen, *mv;
        int kind;
    } T[] = {
        {"english", "W:WK29:BK1", "29-25 1-5 25-29 5-1 29-25 1-5 25-29 5-1", PK_DRAW_CLAIM},
        {"czech", "W:WK29:BK1", "29-25 1-5 25-29 5-1 29-25 1-5 25-29 5-1", PK_DRAW_CLAIM},
        {"portuguese", "W:WK1:BK29", "1-5 29-25 5-1 25-29 1-5 29-25 5-1 25-29", PK_DRAW_CLAIM},
        {"spanish", "W:WK1:BK29", "1-5 29-25 5-1 25-29 1-5 29-25 5-1 25-29", PK_DRAW_AUTOMATIC},
        {"russian", "W:WK29,21:BK1,12", "29-25 1-5 25-29 5-1 29-25 1-5 25-29 5-1",
         PK_DRAW_AUTOMATIC},
        {"brazilian", "W:WK29:BK1", "29-25 1-5 25-29 5-1 29-25 1-5 25-29 5-1", PK_DRAW_AUTOMATIC},
        {"pool", "W:WK29:BK1", "29-25 1-5 25-29 5-1 29-25 1-5 25-29 5-1", PK_DRAW_AUTOMATIC},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        start(T[i].variant, T[i].fen, 0);
        moves(T[i].mv);
        expect("REP3", 8, T[i].kind, "draw-repetition");
        CU_ASSERT_EQUAL(ev_count("REP3"), 1);
    }
}

/* D8: Italian: third occurrence = information, fourth = draw (REP4). */
static void test_d8_italian_rep4(void)
{
    start("italian", "W:WK32,21:BK4,12", 0);
    moves("32-28 4-8 28-32 8-4 32-28 4-8 28-32");
    CU_ASSERT_EQUAL(G.nev, 0);
    moves("8-4");
    expect("REP3-INFO", 8, PK_DRAW_INFO, "draw-repetition");
    expect_none("REP3");
    expect_none("REP4");
    moves("32-28 4-8 28-32");
    expect_none("REP4");
    moves("8-4");
    expect("REP4", 12, PK_DRAW_AUTOMATIC, "draw-repetition");
    CU_ASSERT_EQUAL(ev_count("REP3-INFO"), 4); /* P8, P9, P10, P11 each had a third time */
}

/* Repetition needs the same side to move: a triangle (3 white moves) against a shuttle
 * (2 black moves) recreates P0's placement with Black to move at ply 5; P0 itself recurs
 * at plies 12 and 24. */
static void test_rep_same_side_to_move(void)
{
    start("international", "W:WK50,36:BK1,15", 0);
    static const char *const w[3] = {"50-44", "44-39", "39-50"};
    static const char *const b[2] = {"1-7", "7-1"};
    for (int k = 0; k < 12; k++) {
        play(w[k % 3]);
        play(b[k % 2]);
        if (G.ply == 12)
            CU_ASSERT_EQUAL(ev_count("REP3"), 0);
    }
    CU_ASSERT(pk_pos_equal(&G.p, &G.hist[0]));
    CU_ASSERT(G.p.pieces[0] == G.hist[5].pieces[0] && G.p.pieces[1] == G.hist[5].pieces[1] &&
              G.p.turn != G.hist[5].turn);
    expect("REP3", 24, PK_DRAW_AUTOMATIC, "draw-repetition");
    CU_ASSERT_EQUAL(find_ev("REP3")->since, 0);
}

/* RULES 3.2 optimisation: a man move or capture clears the table (exactly). */
static void test_rep_cleared_by_man_move(void)
{
    start("international", "W:WK45,36:BK6,15", 0);
    moves("1. 45-50 6-1 2. 50-45 1-6");
    CU_ASSERT_EQUAL(G.ds.rep_n, 4);
    moves("3. 36-31");
    CU_ASSERT_EQUAL(G.ds.rep_n, 1);
    moves("6-1 4. 45-50 1-6 5. 50-45 6-1 6. 45-50 1-6");
    CU_ASSERT_EQUAL(G.ply, 12);
    expect_none("REP3");
    moves("7. 50-45");
    expect("REP3", 13, PK_DRAW_AUTOMATIC, "draw-repetition");
    CU_ASSERT_EQUAL(find_ev("REP3")->since, 5);
}

/* A Zobrist collision (forged hash) must not merge two different positions. */
static void test_rep_hash_collision_guard(void)
{
    start("international", "W:WK45,36:BK6,15", 0);
    pk_pos p0 = G.p, q = G.p;
    q.pieces[PK_WHITE] = (q.pieces[PK_WHITE] & ~PK_BIT(bit("45"))) | PK_BIT(bit("50"));
    q.kings = (q.kings & ~PK_BIT(bit("45"))) | PK_BIT(bit("50"));
    q.turn = PK_BLACK;
    pk_pos q2 = q;
    q2.turn = PK_WHITE;
    q.hash = p0.hash; /* forged collision with P0 */
    q2.hash = p0.hash;
    pk_move m;
    memset(&m, 0, sizeof m);
    m.from = (uint8_t)bit("45");
    m.to = (uint8_t)bit("50");
    m.flags = PK_MV_KING;
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int total = 0;
    total += ply_n(&G.ds, &p0, &m, &q, ev, PK_DRAW_MAX_EVENTS);  /* ply 1: Q */
    total += ply_n(&G.ds, &p0, &m, &q2, ev, PK_DRAW_MAX_EVENTS); /* ply 2: Q2 */
    total += ply_n(&G.ds, &p0, &m, &q, ev, PK_DRAW_MAX_EVENTS);  /* ply 3: Q again */
    CU_ASSERT_EQUAL(total, 0); /* unguarded, P0's count would have reached 3 at ply 2 */
    CU_ASSERT_EQUAL(ply_n(&G.ds, &p0, &m, &q, ev, PK_DRAW_MAX_EVENTS), 1); /* ply 4 */
    CU_ASSERT_STRING_EQUAL(ev[0].rule, "REP3");
    CU_ASSERT_EQUAL(ev[0].ply, 4);
    CU_ASSERT_EQUAL(ev[0].since, 1);
}

/* lidraughts Antidraughts: REP3 (automatic, as in International), no K50, no F16/F5;
 * Breakthrough: no draw rule at all (pdnkit-rules(7), D-ANTI-1). */
static void test_lidraughts_profiles(void)
{
    static const char *const shuffle = "45-50 6-1 50-45 1-6 45-50 6-1 50-45 1-6";
    start("antidraughts", "W:WK45,36:BK6,15", 0);
    moves(shuffle);
    expect("REP3", 8, PK_DRAW_AUTOMATIC, "draw-repetition");
    CU_ASSERT_EQUAL(G.nev, 1);
    start("breakthrough", "W:WK45,36:BK6,15", 0);
    moves(shuffle);
    moves("45-50 6-1 50-45 1-6");
    CU_ASSERT_EQUAL(G.nev, 0);
    static const char *const v[] = {"antidraughts", "breakthrough"};
    for (int i = 0; i < 2; i++) {
        start(v[i], "W:WK46,K47,K48:BK3", 0); /* F16 at ply 32 in international */
        walk(40, W_KING, NULL);
        CU_ASSERT_EQUAL(G.nev, 0);
        start(v[i], "W:WK50,36,35:BK1,15,16", 0); /* K50 at ply 50 in international */
        plan_to(55, NULL);
        advance_to(55);
        CU_ASSERT_EQUAL(G.nev, 0);
    }
}

/* Distinct 2K v 2K Pool positions, none of them P0 of the tests below (W:WK29,K30:BK1,K2). */
static int distinct_positions(pk_pos *out, int want)
{
    const pk_geom *g = G.v->geom;
    int made = 0;
    for (int a = 1; a <= 32 && made < want; a++)
        for (int b = a + 1; b <= 32 && made < want; b++)
            for (int t = 0; t < 2 && made < want; t++) {
                pk_pos q;
                pk_pos_clear(&q, t);
                pk_pos_put(&q, g->bit_of[a], PK_WHITE, true);
                pk_pos_put(&q, g->bit_of[b], PK_WHITE, true);
                int c1 = a == 1 || b == 1 ? (a == 2 || b == 2 ? 3 : 2) : 1;
                int c2 = 32;
                while (c2 == a || c2 == b)
                    c2--;
                if (c1 == a || c1 == b)
                    c1++;
                pk_pos_put(&q, g->bit_of[c1], PK_BLACK, true);
                pk_pos_put(&q, g->bit_of[c2], PK_BLACK, true);
                out[made++] = q;
            }
    return made;
}

/* RULES 3.2: every position since the last man move or capture counts, however many
 * distinct positions came between (the table used to forget the oldest beyond 512).
 * Only the table is exercised here (the positions need not follow from each other). */
static void test_rep_long_walk(void)
{
    enum { N = 900 };
    static pk_pos q[N];
    start("pool", "W:WK29,K30:BK1,K2", 0);
    CU_ASSERT_EQUAL_FATAL(distinct_positions(q, N), N);
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    pk_move m;
    memset(&m, 0, sizeof m);
    m.flags = PK_MV_KING;
    m.from = (uint8_t)bit("29"); /* a king in G.p: every ply is a quiet king move */
    int n = ply_n(&G.ds, &G.p, &m, &q[0], ev, PK_DRAW_MAX_EVENTS); /* ply 1: q[0] */
    n += ply_n(&G.ds, &G.p, &m, &G.p, ev, PK_DRAW_MAX_EVENTS);    /* ply 2: P0 again */
    for (int i = 1; i < N; i++)
        n += ply_n(&G.ds, &G.p, &m, &q[i], ev, PK_DRAW_MAX_EVENTS); /* plies 3..N+1 */
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL(G.ds.rep_n, N + 1);
    /* the oldest positions are still known: P0 (first at ply 0), then q[0] (ply 1) */
    n = ply_n(&G.ds, &G.p, &m, &G.p, ev, PK_DRAW_MAX_EVENTS);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_STRING_EQUAL(ev[0].rule, "REP3");
    CU_ASSERT_EQUAL(ev[0].ply, N + 2);
    CU_ASSERT_EQUAL(ev[0].since, 0);
    n = ply_n(&G.ds, &G.p, &m, &q[0], ev, PK_DRAW_MAX_EVENTS);
    CU_ASSERT_EQUAL(n, 0); /* second occurrence */
    n = ply_n(&G.ds, &G.p, &m, &q[0], ev, PK_DRAW_MAX_EVENTS);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_EQUAL(ev[0].since, 1);
    /* every position of the walk is found again (the index survived the growths) */
    int found = 0;
    for (int i = 1; i < N; i++) {
        n = ply_n(&G.ds, &G.p, &m, &q[i], ev, PK_DRAW_MAX_EVENTS);
        found += n == 0; /* second occurrence: nothing yet */
        n = ply_n(&G.ds, &G.p, &m, &q[i], ev, PK_DRAW_MAX_EVENTS);
        found += n == 1 && ev[0].since == i + 2;
    }
    CU_ASSERT_EQUAL(found, 2 * (N - 1));
    CU_ASSERT_EQUAL(G.ds.rep_n, N + 1);
    /* a man move clears the table; the memory stays for the next games */
    pk_draw_rep_entry *mem = G.ds.rep;
    int cap = G.ds.rep_cap;
    CU_ASSERT(cap >= N + 1);
    pk_move man = m;
    man.flags = 0;
    man.from = (uint8_t)bit("10"); /* no king there in G.p: a man move */
    n = ply_n(&G.ds, &G.p, &man, &q[5], ev, PK_DRAW_MAX_EVENTS);
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL(G.ds.rep_n, 1);
    n = ply_n(&G.ds, &G.p, &m, &q[6], ev, PK_DRAW_MAX_EVENTS);
    n += ply_n(&G.ds, &G.p, &m, &q[6], ev, PK_DRAW_MAX_EVENTS);
    CU_ASSERT_EQUAL(n, 0); /* q[6]'s earlier occurrences were before the man move */
    start("pool", "W:WK29,K30:BK1,K2", 0);
    CU_ASSERT_PTR_EQUAL(G.ds.rep, mem);
    CU_ASSERT_EQUAL(G.ds.rep_cap, cap);
    CU_ASSERT_EQUAL(G.ds.rep_n, 1);
}

/* The table cannot grow: -PK_ERR_NOMEM, never an abort; a new game works again. */
static void test_rep_nomem(void)
{
    enum { N = 200 };
    static pk_pos q[N];
    pk_draw_release(&G.ds);
    CU_ASSERT_PTR_NULL(G.ds.rep);
    G.ds.rep_max = 64; /* growth past 64 entries fails as if malloc had */
    start("pool", "W:WK29,K30:BK1,K2", 0);
    CU_ASSERT_EQUAL_FATAL(distinct_positions(q, N), N);
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    pk_move m;
    memset(&m, 0, sizeof m);
    m.flags = PK_MV_KING;
    m.from = (uint8_t)bit("29");
    int i, n = 0;
    for (i = 0; i < N && n >= 0; i++)
        n = ply_n(&G.ds, &G.p, &m, &q[i], ev, PK_DRAW_MAX_EVENTS);
    CU_ASSERT_EQUAL(n, -PK_ERR_NOMEM);
    CU_ASSERT_EQUAL(i, 64); /* P0 and 63 positions fit, the 64th walk position does not */
    CU_ASSERT_EQUAL(G.ds.rep_cap, 64);
    /* a new game in the same state: the table is usable (and still capped) */
    start("pool", "W:WK29,K30:BK1,K2", 0);
    CU_ASSERT_EQUAL(ply_n(&G.ds, &G.p, &m, &q[0], ev, PK_DRAW_MAX_EVENTS), 0);
    CU_ASSERT_EQUAL(G.ds.rep_n, 2);
    pk_draw_release(&G.ds);
    CU_ASSERT_EQUAL(G.ds.rep_max, 0);
    CU_ASSERT_EQUAL(G.ds.rep_cap, 0);
}

/* RULES 3.8: every rule that fires at a ply is reported. Russian 3K v K with Black to
 * move: after 30 king plies White has made its 15th move (R724) and 30 quiet king
 * plies have been played (K30), both at ply 30, in the same call. */
static void test_two_rules_same_ply(void)
{
    start("russian", "B:WKb8,Kd8,Kf8:BKg1", 0);
    walk(29, W_KING, pred_no_road);
    CU_ASSERT_EQUAL(G.nev, 0);
    int before = G.nev;
    walk(1, W_KING, pred_no_road);
    expect("R724", 30, PK_DRAW_AUTOMATIC, "draw-endgame");
    expect("K30", 30, PK_DRAW_AUTOMATIC, "draw-move-limit");
    CU_ASSERT_EQUAL(G.nev - before, 2);
}

/* Pool P13: 3K v K, STRONG(13). */
static void test_p13(void)
{
    start("pool", "W:WK1,K2,K3:BK32", 0);
    walk(24, W_KING, NULL);
    expect_none("P13");
    walk(1, W_KING, NULL);
    expect("P13", 25, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("pool", "B:WK1,K2,K3:BK32", 0); /* the lone king moves first: ply 26 */
    walk(25, W_KING, NULL);
    expect_none("P13");
    walk(1, W_KING, NULL);
    expect("P13", 26, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("pool", "W:WK1,K2,K3,K4:BK32", 0); /* four kings: not the class */
    walk(30, W_KING, NULL);
    CU_ASSERT_EQUAL(G.nev, 0);
}

/* D9: Frisian 2K v K: FR7 at the strong side's 7th move; no repetition rule. */
static void test_d9_frisian_fr7(void)
{
    start("frisian", "W:WK46,K47:BK3", 0);
    walk(12, W_KING, NULL);
    expect_none("FR7");
    walk(1, W_KING, NULL);
    expect("FR7", 13, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("frisian", "W:WK50,36:BK1,15", 0); /* no repetition rule in Frisian */
    moves("50-44 1-7 44-50 7-1 50-44 1-7 44-50 7-1 50-44 1-7 44-50 7-1");
    CU_ASSERT_EQUAL(G.nev, 0);
}

/* FR1 (art. 21, D-FR-2): K v K drawn unless a capture or a forced loss. */
static void test_fr1(void)
{
    start("frisian", "W:WK46:BK4", 0); /* Ka1 v Kh10: Ka1-b2 is safe */
    expect("FR1", 0, PK_DRAW_AUTOMATIC, "draw-endgame");

    start("frisian", "W:WK46:BK5", 0); /* Ka1 v Kj10: every move on a1-j10 is taken */
    CU_ASSERT_EQUAL(G.nev, 0);
    play("46-41");
    CU_ASSERT_EQUAL(G.nev, 0); /* Black to move has a capture */
    play("5x46");
    CU_ASSERT_EQUAL(G.nev, 0); /* White has no piece: lost, no draw */

    start("frisian", "W:WK46:BK41", 0); /* White can capture */
    CU_ASSERT_EQUAL(G.nev, 0);

    /* the FR7 run ends when the lone king takes a king: K v K, FR1 at that ply, once */
    start("frisian", "W:WK46,K47:BK3", 0);
    walk(4, W_KING, NULL);
    offer_and_capture(); /* plies 5 (White offers) and 6 (Black takes) */
    CU_ASSERT_EQUAL(pk_popcount(G.p.pieces[PK_WHITE]), 1);
    expect("FR1", 6, PK_DRAW_AUTOMATIC, "draw-endgame");
    walk(14, W_KING, NULL);
    CU_ASSERT_EQUAL(ev_count("FR1"), 1);
    expect_none("FR7");
}

/* FR1 agrees with a brute force over pk_gen_legal on every K v K position. */
static void test_fr1_brute_force(void)
{
    const pk_variant *v = pk_variant_find("frisian");
    const pk_geom *g = v->geom;
    pk_draw_state *ds = pk_draw_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ds);
    static pk_movelist ml;
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int checked = 0, drawn = 0, bad = 0;
    for (int a = 1; a <= 50; a++)
        for (int b = 1; b <= 50; b++) {
            if (a == b)
                continue;
            for (int t = 0; t < 2; t++) {
                pk_pos p;
                pk_pos_clear(&p, t);
                pk_pos_put(&p, g->bit_of[a], PK_WHITE, true);
                pk_pos_put(&p, g->bit_of[b], PK_BLACK, true);
                bool expect_draw = false;
                if (!pk_has_capture(v, &p)) {
                    int n = pk_gen_legal(v, &p, &ml, 0);
                    for (int i = 0; i < n; i++) {
                        pk_pos q = p;
                        pk_make(v, &q, &ml.m[i]);
                        if (!pk_has_capture(v, &q))
                            expect_draw = true;
                    }
                }
                int n = init_n(ds, v, &p, -1, 0, ev, PK_DRAW_MAX_EVENTS);
                bool got = n == 1 && !strcmp(ev[0].rule, "FR1");
                bad += got != expect_draw;
                drawn += got;
                checked++;
            }
        }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(checked, 50 * 49 * 2);
    CU_ASSERT(drawn > 0 && drawn < checked);
    pk_draw_free(ds);
}

/* Brazilian: default REP3 + K40 only; profile brazilian-fmjd64 = the Russian set. */
static void test_brazilian_profiles(void)
{
    start("brazilian", "W:WK1,K2:BK32", 0);
    walk(12, W_KING, NULL);
    CU_ASSERT_EQUAL(G.nev, 0);
    start("brazilian", "W:WK1,K2:BK32", PK_DRAW_OPT_BRAZILIAN_FMJD64);
    walk(9, W_KING, NULL);
    expect("R728", 9, PK_DRAW_AUTOMATIC, "draw-endgame");
    start("brazilian", "W:WK32,21,22,23:BK1,10,11,12", PK_DRAW_OPT_BRAZILIAN_FMJD64);
    walk(30, W_KING, NULL);
    expect("K30", 30, PK_DRAW_AUTOMATIC, "draw-move-limit");
}

/* Spanish site profiles (D-ES-1): no capture and no promotion, men may move. */
static void test_spanish_site_profiles(void)
{
    start("spanish", "W:WK4,9,10,11:BK29,22,23,24", PK_DRAW_OPT_SPANISH_SITE20EACH);
    for (int i = 1; i <= 8; i++)
        KIND_AT[i] = W_MAN; /* men may move: only captures and promotions reset */
    plan_to(40, NULL);
    advance_to(39);
    expect_none("K40-SITE");
    advance_to(40);
    expect("K40-SITE", 40, PK_DRAW_AUTOMATIC, "draw-move-limit");
    expect_none("K40");
    start("spanish", "W:WK4,9,10,11:BK29,22,23,24", PK_DRAW_OPT_SPANISH_SITE40EACH);
    plan_to(80, NULL);
    advance_to(79);
    expect_none("K80-SITE");
    advance_to(80);
    expect("K80-SITE", 80, PK_DRAW_AUTOMATIC, "draw-move-limit");
    expect_none("K40");
}

/* Small API checks: kinds, dropped events, NULL arrays. */
static void test_api(void)
{
    CU_ASSERT_STRING_EQUAL(pk_draw_kind_name(PK_DRAW_AUTOMATIC), "automatic");
    CU_ASSERT_STRING_EQUAL(pk_draw_kind_name(PK_DRAW_CLAIM), "claimable");
    CU_ASSERT_STRING_EQUAL(pk_draw_kind_name(PK_DRAW_INFO), "info");
    const pk_variant *v = pk_variant_find("international");
    pk_pos p;
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:WK50,36,35:BK1,15,16", (size_t)-1, &p, NULL, NULL), PK_OK);
    pk_draw_state *ds = pk_draw_new(); /* the handle an outside caller makes */
    CU_ASSERT_PTR_NOT_NULL_FATAL(ds);
    CU_ASSERT_EQUAL(init_n(ds, v, &p, 50, 0, NULL, 0), 0); /* fired but not written */
    pk_draw_event one;
    CU_ASSERT_EQUAL(init_n(ds, v, &p, 50, 0, &one, 1), 1);
    CU_ASSERT_STRING_EQUAL(one.rule, "K50");
    pk_draw_free(ds);
    pk_draw_free(NULL); /* allowed */
}

static const pk_test tests[] = {
    {"D1 FMJD threefold at ply 8", test_d1_fmjd_threefold},
    {"D2 LUL game: F5 at ply 36, no F16", test_d2_lul_16_and_5},
    {"F16 at 32, not at 31", test_f16_fires_and_just_misses},
    {"F16 promotion inside the class", test_f16_promotion_inside_class},
    {"F5 at 10, not at 9; 3 men v K no class", test_f5_fires_and_just_misses},
    {"D3 K50 and its reset", test_k50},
    {"K seeded by FEN :H", test_k_seeded},
    {"pk_draw_restart (setup command)", test_restart},
    {"no draw when the side to move is blocked", test_no_draw_when_blocked},
    {"pk_draw_can_move = generator", test_can_move_matches_generator},
    {"D4 Spanish S13 at 25, K40 at 40", test_d4_spanish_s13},
    {"S13 needs a king on the main diagonal", test_s13_needs_main_diagonal},
    {"Portuguese claims and S13", test_portuguese},
    {"D5 Russian R724 at 29, K30 at 30", test_d5_russian_r724},
    {"D5 Russian R727 at 9", test_d5_russian_r727},
    {"R727 run ends off the road (D-RU-2)", test_r727_leaves_road},
    {"R727 needs the king alone on the road", test_r727_not_alone},
    {"R728", test_r728},
    {"D6 R726 at 60", test_d6_r726},
    {"R726 restarts at a promotion", test_r726_reset_by_promotion},
    {"R726 6 pieces, K30 too (D-RU-3)", test_r726_six_pieces_and_k30},
    {"K limits reset by a capture", test_k_reset_by_capture},
    {"K limits per variant", test_k_limits_per_variant},
    {"D7 English claims", test_d7_english_claims},
    {"REP3 kinds per variant", test_rep3_kinds},
    {"D8 Italian REP4 with info at 3", test_d8_italian_rep4},
    {"repetition needs the same side to move", test_rep_same_side_to_move},
    {"repetition table cleared by a man move", test_rep_cleared_by_man_move},
    {"hash collision guard", test_rep_hash_collision_guard},
    {"repetition over a long king walk", test_rep_long_walk},
    {"repetition table out of memory", test_rep_nomem},
    {"K30 and R724 at the same ply", test_two_rules_same_ply},
    {"lidraughts Antidraughts and Breakthrough draw rules", test_lidraughts_profiles},
    {"Pool P13", test_p13},
    {"D9 Frisian FR7, no repetition", test_d9_frisian_fr7},
    {"Frisian FR1", test_fr1},
    {"FR1 brute force", test_fr1_brute_force},
    {"Brazilian profiles", test_brazilian_profiles},
    {"Spanish site profiles", test_spanish_site_profiles},
    {"API", test_api},
    {NULL, NULL},
};

PK_TEST_MAIN("draw", tests)
