/*
 * test_pool.c -- the ordered parallel map (pool.h): items come back in the order they
 * were handed in whatever order the workers finish them, never more than `window` are in
 * flight, each worker uses only its own context, and -j 1 runs inline; with the caller as
 * one of the threads (pk_pool_new_with_caller) the same, the caller's context doing work.
 */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "pool.h"
#include "unit/pktest.h"

typedef struct item {
    int id;
    long result;
    int worker;
} item;

typedef struct wctx {
    int index;
    long processed;
} wctx;

/* The gate: "each context did work" cannot rest on the scheduler (on a loaded machine a
 * worker may not run before the 2,000 short items are gone: CI's make check saw it), so
 * while gate_want > 0 each context's first item waits until gate_want contexts have each
 * started one. The window then fills, the caller runs an item nobody claimed and opens the
 * gate; a pool whose caller never works keeps it shut, and the wait ends after 10 s with
 * the assertion failing, as it should. */
static pthread_mutex_t gate_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cv = PTHREAD_COND_INITIALIZER;
static int gate_want, gate_started;

static void gate(const wctx *w)
{
    if (w->processed > 0)
        return;
    pthread_mutex_lock(&gate_mu);
    if (gate_want > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 10;
        if (++gate_started >= gate_want)
            pthread_cond_broadcast(&gate_cv);
        while (gate_started < gate_want)
            if (pthread_cond_timedwait(&gate_cv, &gate_mu, &until) != 0)
                break;
    }
    pthread_mutex_unlock(&gate_mu);
}

static void work(void *ctx, void *it)
{
    wctx *w = ctx;
    item *x = it;
    gate(w);
    /* uneven work, so that later items often finish first */
    struct timespec ts = {0, (x->id * 7919 % 13) * 20000};
    nanosleep(&ts, NULL);
    x->result = (long)x->id * x->id;
    x->worker = w->index;
    w->processed++;
}

static void run_pool(int threads, int window, int n, bool with_caller)
{
    wctx ctx[8];
    void *wp[8];
    for (int i = 0; i < 8; i++)
        ctx[i] = (wctx){i, 0}, wp[i] = &ctx[i];
    pk_error e;
    gate_want = with_caller && threads > 1 ? threads : 0, gate_started = 0;
    pk_pool *p = with_caller ? pk_pool_new_with_caller(threads, window, work, wp, &e)
                             : pk_pool_new(threads, window, work, wp, &e);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    item *slots = calloc((size_t)window, sizeof *slots);
    int *free_slot = calloc((size_t)window, sizeof *free_slot);
    int nfree = window, expect = 0, inflight = 0, max_inflight = 0, bad = 0;
    for (int i = 0; i < window; i++)
        free_slot[i] = i;
    item *done;
    for (int id = 0; id < n; id++) {
        while (pk_pool_full(p)) {
            done = pk_pool_take(p, true);
            bad += done->id != expect++ || done->result != (long)done->id * done->id;
            free_slot[nfree++] = (int)(done - slots), inflight--;
        }
        CU_ASSERT_FATAL(nfree > 0);
        item *x = &slots[free_slot[--nfree]];
        *x = (item){id, -1, -1};
        pk_pool_put(p, x);
        if (++inflight > max_inflight)
            max_inflight = inflight;
        while ((done = pk_pool_take(p, false))) {
            bad += done->id != expect++ || done->result != (long)done->id * done->id;
            free_slot[nfree++] = (int)(done - slots), inflight--;
        }
    }
    while ((done = pk_pool_take(p, true)))
        bad += done->id != expect++ || done->result != (long)done->id * done->id;
    pk_pool_free(p);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(expect, n);
    CU_ASSERT(max_inflight <= window);
    long total = 0;
    for (int i = 0; i < 8; i++)
        total += ctx[i].processed;
    CU_ASSERT_EQUAL(total, n);
    if (threads <= 1)
        CU_ASSERT_EQUAL(ctx[0].processed, n);
    for (int i = threads; i < 8; i++) /* no context beyond the threads' */
        CU_ASSERT_EQUAL(ctx[i].processed, 0);
    if (with_caller && threads > 1) /* the caller's context, and the workers', did work */
        for (int i = 0; i < threads; i++)
            CU_ASSERT(ctx[i].processed > 0);
    free(slots);
    free(free_slot);
}

static void run(int threads, int window, int n) { run_pool(threads, window, n, false); }

static void test_inline(void) { run(1, 4, 100); }
static void test_two(void) { run(2, 8, 2000); }
static void test_many(void) { run(8, 3, 2000); }
static void test_window_one(void) { run(4, 1, 300); }

/* the caller is the last of the threads: it runs the items nobody claimed before it
 * sleeps (check.c's pieces); order and window as ever */
static void test_caller_two(void) { run_pool(2, 6, 2000, true); }
static void test_caller_many(void) { run_pool(4, 8, 2000, true); }
static void test_caller_one(void) { run_pool(1, 4, 100, true); }

static void test_cpus(void) { CU_ASSERT(pk_pool_cpus() >= 1); }

static const pk_test tests[] = {{"-j 1 runs inline", test_inline},
                                {"two workers, order kept", test_two},
                                {"more workers than slots", test_many},
                                {"a window of one", test_window_one},
                                {"the caller works too: 1 worker and the caller", test_caller_two},
                                {"the caller works too: 3 workers and the caller", test_caller_many},
                                {"the caller works too: -j 1 runs inline", test_caller_one},
                                {"online processors", test_cpus},
                                {NULL, NULL}};
PK_TEST_MAIN("pool", tests)
