/*
 * test_check_observer.c -- what check.h promises a tool that watches the replay (pdnfen,
 * pdnconv): each game handed back (in file order) carries the state its own replay
 * filled, begun and ended once for that game, at -j 1 and with workers that finish out
 * of order; the games pk_check_opts.select leaves out are read, not replayed (no begin,
 * no event, no end); a game with a reader's error is replayed as far as it was read (its
 * plies before the error, then a STOP event that says the reading stopped). Without
 * pk_check_format (here) each game is kept until handed back, read on the caller's
 * thread; test_check_format.c has the observer with pieces. With pk_check_format the
 * game's output is the loop's (pk_check_observer.output): what the observer writes while
 * the game is replayed starts the game's text, once, even when the game is replayed a
 * second time (a house rule left out for its variant).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "unit/pktest.h"
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

#define NGAMES 40

typedef struct obs {
    int index;  /* the game begun */
    int events; /* PLY events at depth 0 */
    int begun, ended;
    int end_plies;
    int stop; /* the STOP event's reason */
    const pk_game *game;
    int foreign; /* events of another game */
} obs;

typedef struct seen {
    int n;
    int index[NGAMES + 1];
    bool replayed[NGAMES + 1];
    int bad; /* state not of the game handed back */
    int states_made, states_freed;
} seen;

static void *obs_new(void *ctx)
{
    seen *S = ctx;
    S->states_made++; /* on the caller's thread (pk_checker_new) */
    return calloc(1, sizeof(obs));
}

static seen *freed_into;
static void obs_free(void *state)
{
    freed_into->states_freed++;
    free(state);
}

static void obs_begin(void *state, const pk_game *g)
{
    obs *o = state;
    o->index = g->index;
    o->events = 0;
    o->ended = 0;
    o->game = g;
    o->foreign = 0;
    o->begun++;
}

static void obs_event(void *state, const pk_replay_event *e)
{
    obs *o = state;
    if (e->game != o->game)
        o->foreign++;
    if (e->kind == PK_EV_PLY && !e->depth)
        o->events++;
    if (e->kind == PK_EV_STOP)
        o->stop = e->stop;
}

static void obs_end(void *state, const pk_game *g, const pk_replay_result *res)
{
    obs *o = state;
    o->ended++;
    o->end_plies = res->plies;
    if (g->index != o->index)
        o->index = -1;
}

static bool pick(void *ctx, const pk_game *g)
{
    (void)ctx;
    return g->index % 3 != 0; /* every third game left out */
}

/* The moves of game i: a different length per game, so a state mixed up shows. */
static void write_games(FILE *f)
{
    static const char *moves[] = {"11-15", "24-20", "8-11", "28-24", "9-13", "22-18", "15x22", "25x18"};
    for (int i = 1; i <= NGAMES; i++) {
        fprintf(f, "[GameType \"21\"]\n");
        int n = 1 + i % 8;
        PK_WRITE_MOVES(f, moves, n);
        if (i == 10)
            fputs(") 24-20 ", f); /* a reader's error: replayed up to it */
        fputs("*\n\n", f);
    }
}

static bool on_game(void *ctx, const pk_checked *ck)
{
    seen *S = ctx;
    int i = ck->game->index;
    S->index[S->n++] = i;
    S->replayed[i] = ck->replayed;
    if (!ck->replayed)
        return true;
    const obs *o = ck->state;
    int n = 1 + i % 8;
    if (!o || o->index != i || o->game != ck->game || o->foreign || o->ended != 1 || o->events != n ||
        o->end_plies != n || o->stop != (i == 10 ? PK_STOP_CUT : PK_STOP_END))
        S->bad++;
    return true;
}

static void on_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)ctx, (void)d, (void)written;
}

static void run(int jobs, int window)
{
    FILE *f = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    write_games(f);
    rewind(f);
    seen S;
    memset(&S, 0, sizeof S);
    freed_into = &S;
    pk_check_opts o;
    memset(&o, 0, sizeof o);
    o.jobs = jobs;
    o.window = window;
    o.observer = (pk_check_observer){obs_new, obs_free, obs_begin, obs_event, &S, obs_end, NULL};
    o.select = pick;
    pk_error err;
    pk_checker *c = pk_checker_new(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT(S.states_made >= 1);
    CU_ASSERT_EQUAL(pk_checker_run(c, f, "games.pdn", on_game, on_diag, &S, NULL), 1);
    pk_checker_free(c);
    fclose(f);
    CU_ASSERT_EQUAL(S.states_freed, S.states_made);
    CU_ASSERT_EQUAL(S.n, NGAMES);
    CU_ASSERT_EQUAL(S.bad, 0);
    for (int k = 0; k < S.n; k++) {
        int i = k + 1;
        CU_ASSERT_EQUAL(S.index[k], i); /* file order */
        CU_ASSERT_EQUAL(S.replayed[i], i % 3 != 0); /* game 10 too: its moves before the error */
    }
}

static void test_inline(void) { run(1, 0); }
static void test_workers(void) { run(2, 3); }
static void test_workers_default_window(void) { run(3, 0); }

/* ---- the loop's stream of the game (pk_check_observer.output) */

typedef struct liner {
    FILE *out;
    int begun;
} liner;

static void *liner_new(void *ctx) { return (void)ctx, calloc(1, sizeof(liner)); }
static void liner_free(void *state) { free(state); }
static void liner_output(void *state, FILE *out) { ((liner *)state)->out = out; }
static void liner_begin(void *state, const pk_game *g)
{
    liner *l = state;
    l->begun++;
    fprintf(l->out, "game %d\n", g->index);
}
static void liner_event(void *state, const pk_replay_event *ev)
{
    liner *l = state;
    if (ev->kind == PK_EV_PLY && !ev->depth)
        fprintf(l->out, "ply %d\n", ev->ply);
}
static void liner_game(void *ctx, const pk_checked *ck, FILE *out, void *note)
{
    (void)ctx, (void)note;
    fprintf(out, "end %d (begun %d)\n", ck->game->index, ((liner *)ck->state)->begun);
    ((liner *)ck->state)->begun = 0;
}

typedef struct texts {
    char buf[4096];
    size_t len;
} texts;

static bool text_game(void *ctx, const pk_checked *ck)
{
    texts *T = ctx;
    CU_ASSERT_PTR_NULL(ck->game); /* with format: the game is not kept */
    if (T->len + ck->text_len < sizeof T->buf) {
        memcpy(T->buf + T->len, ck->text, ck->text_len);
        T->len += ck->text_len;
    }
    return true;
}

static void loop_output(int jobs)
{
    /* --capture-optional on an international game (no 8x8 variant): replayed again without
     * it (check_games.c, RULES 0.1), so the observer is begun twice for it */
    static const char text[] = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
                               "[GameType \"21\"]\n1. 11-15 23-19 *\n";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    texts T;
    memset(&T, 0, sizeof T);
    pk_check_opts o;
    memset(&o, 0, sizeof o);
    o.jobs = jobs;
    o.replay.gen_flags = PK_GEN_CAPTURE_OPTIONAL;
    o.observer = (pk_check_observer){liner_new, liner_free, liner_begin, liner_event, NULL, NULL, liner_output};
    o.format = (pk_check_format){NULL, liner_game, NULL, 0};
    pk_error err;
    pk_checker *c = pk_checker_new(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(pk_checker_run(c, f, "two.pdn", text_game, on_diag, &T, NULL), 1);
    pk_checker_free(c);
    fclose(f);
    T.buf[T.len] = 0;
    const char *want = "game 1\nply 1\nply 2\nply 3\nply 4\nend 1 (begun 2)\n"
                       "game 2\nply 1\nply 2\nend 2 (begun 1)\n";
    if (strcmp(T.buf, want))
        printf("\n  got:\n%s", T.buf);
    CU_ASSERT_STRING_EQUAL(T.buf, want);
}

static void test_loop_output(void) { loop_output(1); }
static void test_loop_output_workers(void) { loop_output(2); }

static const pk_test tests[] = {{"the loop's stream of the game, a second replay (-j 1)", test_loop_output},
                                {"the loop's stream of the game, a second replay (-j 2)", test_loop_output_workers},
                                {"-j 1: each game's own state, select, reader errors", test_inline},
                                {"-j 2, 3 in flight: the same, out of order", test_workers},
                                {"-j 3, default window", test_workers_default_window},
                                {NULL, NULL}};
PK_TEST_MAIN("check observer", tests)
