/*
 * test_pool.c -- the ordered parallel map (pool.h): items come back in the order they
 * were handed in whatever order the workers finish them, never more than `window` are in
 * flight, each worker uses only its own context, and -j 1 runs inline.
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

static void work(void *ctx, void *it)
{
    wctx *w = ctx;
    item *x = it;
    /* uneven work, so that later items often finish first */
    struct timespec ts = {0, (x->id * 7919 % 13) * 20000};
    nanosleep(&ts, NULL);
    x->result = (long)x->id * x->id;
    x->worker = w->index;
    w->processed++;
}

static void run(int threads, int window, int n)
{
    wctx ctx[8];
    void *wp[8];
    for (int i = 0; i < 8; i++)
        ctx[i] = (wctx){i, 0}, wp[i] = &ctx[i];
    pk_error e;
    pk_pool *p = pk_pool_new(threads, window, work, wp, &e);
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
    free(slots);
    free(free_slot);
}

static void test_inline(void) { run(1, 4, 100); }
static void test_two(void) { run(2, 8, 2000); }
static void test_many(void) { run(8, 3, 2000); }
static void test_window_one(void) { run(4, 1, 300); }

static void test_cpus(void) { CU_ASSERT(pk_pool_cpus() >= 1); }

static const pk_test tests[] = {{"-j 1 runs inline", test_inline},
                                {"two workers, order kept", test_two},
                                {"more workers than slots", test_many},
                                {"a window of one", test_window_one},
                                {"online processors", test_cpus},
                                {NULL, NULL}};
PK_TEST_MAIN("pool", tests)
