/*
 * test_asserts.c -- the checks behind the library's assert()s (src/base/pk_assert.h): the
 * position and move invariants of position_int.h hold for what pdnkit builds and fail on
 * each kind of corruption put in by hand; and, in a build with asserts on (no NDEBUG: a
 * debug, sanitizer or fuzz build), an assert fires -- the process aborts with its message
 * -- when an invariant is broken from inside (a full pool given one more item). In a
 * release build (NDEBUG) the abort test checks that nothing aborts.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "movelist_int.h"
#include "pdnkit.h"
#include "pool.h"
#include "position_int.h"
#include "unit/pktest.h"

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

static void start(const pk_variant *v, pk_pos *p)
{
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, v->start_fen, (size_t)-1, p, NULL, NULL), PK_OK);
}

/* Every variant's start, and a FEN with kings: sound; each corruption of position.h's
 * invariants: not. */
static void test_pos_sound(void)
{
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        pk_pos p;
        start(v, &p);
        CU_ASSERT_TRUE(pk_pos_sound_hashed(v->geom, &p));
    }
    const pk_variant *v = var("international");
    const pk_geom *g = v->geom;
    pk_pos p, q;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:WK46,31:BK5,19", (size_t)-1, &p, NULL, NULL), PK_OK);
    CU_ASSERT_TRUE(pk_pos_sound_hashed(g, &p));
    int w = g->bit_of[31], b = g->bit_of[19];
    q = p; /* a square in both colours' sets */
    q.pieces[PK_BLACK] |= PK_BIT(w);
    CU_ASSERT_FALSE(pk_pos_sound(g, &q));
    q = p; /* a king where no piece stands */
    q.kings |= PK_BIT(g->bit_of[28]);
    CU_ASSERT_FALSE(pk_pos_sound(g, &q));
    q = p; /* a piece on a bit that is no playable square */
    int off = 0;
    while (g->board & PK_BIT(off))
        off++;
    q.pieces[PK_WHITE] |= PK_BIT(off);
    CU_ASSERT_FALSE(pk_pos_sound(g, &q));
    q = p; /* a side to move that is no colour */
    q.turn = 2;
    CU_ASSERT_FALSE(pk_pos_sound(g, &q));
    q = p; /* a piece moved without its hash: sound, but the hash is stale */
    q.pieces[PK_BLACK] = (q.pieces[PK_BLACK] & ~PK_BIT(b)) | PK_BIT(g->bit_of[23]);
    CU_ASSERT_TRUE(pk_pos_sound(g, &q));
    CU_ASSERT_FALSE(pk_pos_sound_hashed(g, &q));
}

/* The generator's moves are whole; each corruption of struct pk_move's invariants is not. */
static void test_move_sound(void)
{
    const pk_variant *v = var("international");
    pk_pos p;
    /* 32x14, taking 28 and 19 (International, RULES 2.2; checked by hand on the board) */
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:W32,K46:B28,19", (size_t)-1, &p, NULL, NULL), PK_OK);
    pk_movelist *l = pk_movelist_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_TRUE(pk_gen_legal(v, &p, l, 0) > 0);
    const pk_move *cap = NULL;
    for (int i = 0; i < l->n; i++) {
        CU_ASSERT_TRUE(pk_move_sound(&l->m[i]));
        if (l->m[i].ncap >= 2)
            cap = &l->m[i];
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(cap);
    pk_move m = *cap; /* the path does not end on the destination */
    m.path[m.ncap - 1] = m.from;
    CU_ASSERT_FALSE(pk_move_sound(&m));
    m = *cap; /* more pieces taken than the capset holds */
    m.ncap++;
    CU_ASSERT_FALSE(pk_move_sound(&m));
    m = *cap; /* more kings taken than pieces */
    m.nkcap = (uint8_t)(m.ncap + 1);
    CU_ASSERT_FALSE(pk_move_sound(&m));
    m = *cap; /* a square past the board's bits */
    m.to = PK_MAX_BITS;
    CU_ASSERT_FALSE(pk_move_sound(&m));
    m = *cap; /* a capture not flagged as one */
    m.flags &= (uint8_t)~PK_MV_CAPTURE;
    CU_ASSERT_FALSE(pk_move_sound(&m));
    pk_movelist_free(l);
}

static void nop(void *ctx, void *item)
{
    (void)ctx;
    (void)item;
}

/* In a child: a pool of one slot, run inline (-j 1), given a second item before the first
 * is taken back: pool.h forbids it, pool.c asserts it. */
static void overfill_pool(void)
{
    void *wctx[1] = {NULL};
    int a, b;
    pk_pool *p = pk_pool_new(1, 1, nop, wctx, NULL);
    if (!p)
        _exit(3);
    pk_pool_put(p, &a);
    pk_pool_put(p, &b); /* the pool is full */
    _exit(0);
}

/* Runs overfill_pool in a child, its stderr into a pipe: with asserts on it dies of
 * SIGABRT and says which assert; with NDEBUG it exits 0. */
static void test_assert_fires(void)
{
    int fd[2];
    CU_ASSERT_EQUAL_FATAL(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    CU_ASSERT_TRUE_FATAL(pid >= 0);
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        overfill_pool();
    }
    close(fd[1]);
    char msg[1024];
    size_t n = 0;
    ssize_t k;
    while (n < sizeof msg - 1 && (k = read(fd[0], msg + n, sizeof msg - 1 - n)) > 0)
        n += (size_t)k;
    msg[n] = 0;
    close(fd[0]);
    int status;
    CU_ASSERT_EQUAL_FATAL(waitpid(pid, &status, 0), pid);
#ifdef NDEBUG
    CU_ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
#else
    CU_ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "pool.c"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "tail - p->head < p->window"));
#endif
}

static const pk_test tests[] = {
    {"position invariants", test_pos_sound},
    {"move invariants", test_move_sound},
    {"an assert fires on a broken invariant (asserts on) or nothing aborts (NDEBUG)", test_assert_fires},
    {NULL, NULL},
};

PK_TEST_MAIN("asserts", tests)
