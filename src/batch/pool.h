/*
 * pool.h -- an ordered parallel map with a bounded window: the caller hands items one at
 * a time (games, as the reader streams them), worker threads process them, and the caller
 * gets them back in the order it handed them, so a tool's output with -j N is byte for
 * byte its output with -j 1. At most `window` items are in flight, so memory is bounded
 * whatever the input size.
 *
 *     pk_pool *p = pk_pool_new(threads, window, work, wctx, &err);
 *     for each item:
 *         while (pk_pool_full(p))                  // make room: oldest first
 *             emit(pk_pool_take(p, true));
 *         fill item; pk_pool_put(p, item);
 *         while ((done = pk_pool_take(p, false)))  // whatever is ready, in order
 *             emit(done);
 *     while ((done = pk_pool_take(p, true)))
 *         emit(done);
 *     pk_pool_free(p);
 *
 * With threads <= 1 nothing is started: pk_pool_put runs work() at once on the caller's
 * thread (the single-threaded tools pay nothing). work() must touch only its item and its
 * own worker context (wctx[t]); everything the library shares is read-only (pk_common.h,
 * "thread safety").
 */
#ifndef PK_POOL_H
#define PK_POOL_H

#include <stdbool.h>

#include "pk_common.h"

typedef struct pk_pool pk_pool;

/* Processes one item on a worker thread; wctx is that worker's context. */
typedef void (*pk_pool_work)(void *wctx, void *item);

/* threads workers (<= 1: none, work runs in pk_pool_put), each with its own context
 * wctx[i] (wctx[0] alone when threads <= 1); at most window items in flight (>= 1).
 * NULL with err set when threads cannot be started or memory is short. */
pk_pool *pk_pool_new(int threads, int window, pk_pool_work work, void **wctx, pk_error *err);

/* The same, but the caller's thread is one of the threads: threads - 1 workers are
 * started, and pk_pool_take (wait) runs the items no worker has claimed yet on the
 * caller's thread, with wctx[threads - 1], before it sleeps. threads <= 1: pk_pool_new. */
pk_pool *pk_pool_new_with_caller(int threads, int window, pk_pool_work work, void **wctx, pk_error *err);
/* True when window items are in flight: take one before putting another. */
bool pk_pool_full(const pk_pool *p);

/* Hands an item to the workers (the caller must not touch it until it is taken back).
 * The pool must not be full. */
void pk_pool_put(pk_pool *p, void *item);

/* The oldest item handed in, once processed; NULL when none is in flight, or (wait
 * false) when the oldest is not done yet. */
void *pk_pool_take(pk_pool *p, bool wait);

/* Stops the workers (after the items in flight are processed) and frees the pool. */
void pk_pool_free(pk_pool *p);

/* The number of online processors (the default of -j), at least 1. */
int pk_pool_cpus(void);

#endif
