/*
 * pool.c -- the ordered parallel map of pool.h: a ring of `window` slots. Slots between
 * `head` (oldest handed in) and `tail` are in flight; `next` is the oldest not yet given
 * to a worker. Workers claim runs of slots from `next`, so items start in order; they may
 * finish out of order, and pk_pool_take hands them back only from `head`, so the caller
 * sees them in order.
 *
 * A game is a few microseconds of work, so the common paths take no lock: the caller
 * publishes `tail` and reads each slot's `done` atomically, and locks (and signals) only
 * when someone sleeps. The mutex guards `next` (workers claiming runs) and the two
 * condition variables; `idle` and `taker_waits` say who sleeps. Every atomic is
 * sequentially consistent: a sleeper announces itself before it looks again, the waker
 * publishes before it looks for sleepers, so no wake-up is lost.
 *
 * With pk_pool_new_with_caller the caller's thread is one of the threads: before it would
 * sleep in pk_pool_take it claims the items no worker has claimed, one at a time, and runs
 * them itself. check.c's pieces (~250 us each) made the caller sleep and wake once a
 * piece, 5,000 switches on OCA x 8 (each waking preempted a worker: three threads on two
 * cores); now about 30, and -j 2 went from 1.8x to 1.9x.
 */
#include "pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include "pk_assert.h"
#include "pk_port.h"

typedef struct slot {
    void *item;
    atomic_bool done;
} slot;

struct pk_pool {
    pk_pool_work work;
    void **wctx;
    int threads, window;
    long run; /* slots a worker claims at once */
    pthread_t *tid;
    pthread_mutex_t mu;
    pthread_cond_t ready; /* work to claim, or the pool stops */
    pthread_cond_t done;  /* the oldest slot may be done */
    slot *ring;
    long head;         /* the caller's alone */
    atomic_long tail;  /* written by the caller */
    atomic_long next;  /* written under mu (workers claiming runs), read by the caller */
    atomic_int idle;   /* workers waiting on ready */
    atomic_bool taker_waits;
    bool stop;         /* under mu */
    void *caller_ctx;  /* pk_pool_new_with_caller: the caller works too, with this context */
};

typedef struct worker_arg {
    pk_pool *p;
    int index;
} worker_arg;

static void *worker(void *arg)
{
    worker_arg *a = arg;
    pk_pool *p = a->p;
    void *wctx = p->wctx[a->index];
    free(a);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        atomic_fetch_add(&p->idle, 1);
        while (!p->stop && atomic_load(&p->next) == atomic_load(&p->tail))
            pthread_cond_wait(&p->ready, &p->mu);
        atomic_fetch_sub(&p->idle, 1);
        long tail = atomic_load(&p->tail);
        long first = atomic_load(&p->next);
        if (first == tail) /* stopping, and nothing left */
            break;
        /* a run, but never more than a fair share of what is there: items may be large
         * (check.c's pieces of 64 games), and one worker must not take them all */
        int hands = p->threads + (p->caller_ctx != NULL);
        long share = (tail - first + hands - 1) / hands;
        long n = share < p->run ? share : p->run;
        atomic_store(&p->next, first + n);
        pthread_mutex_unlock(&p->mu);
        for (long i = 0; i < n; i++) {
            slot *s = &p->ring[(first + i) % p->window];
            p->work(wctx, s->item);
            atomic_store(&s->done, true);
        }
        if (atomic_load(&p->taker_waits)) { /* under the lock: the caller is in its wait */
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->done);
        } else
            pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static void stop_workers(pk_pool *p, int started)
{
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < started; i++)
        pthread_join(p->tid[i], NULL);
}

/* A pool of `started` worker threads (0: work runs in pk_pool_put). */
static pk_pool *pool_new(int started, int threads, int window, pk_pool_work work, void **wctx, pk_error *err)
{
    pk_pool *p = calloc(1, sizeof *p);
    if (!p)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    p->work = work;
    p->wctx = wctx;
    p->threads = started;
    p->window = window > 0 ? window : 1;
    p->run = p->threads ? p->window / (2 * p->threads) : 1;
    if (p->run < 1)
        p->run = 1;
    p->ring = calloc((size_t)p->window, sizeof *p->ring);
    p->tid = calloc((size_t)(p->threads ? p->threads : 1), sizeof *p->tid);
    if (!p->ring || !p->tid) {
        free(p->ring);
        free(p->tid);
        free(p);
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    }
    atomic_init(&p->tail, 0);
    atomic_init(&p->next, 0);
    atomic_init(&p->idle, 0);
    atomic_init(&p->taker_waits, false);
    for (int i = 0; i < p->window; i++)
        atomic_init(&p->ring[i].done, false);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->ready, NULL);
    pthread_cond_init(&p->done, NULL);
    for (int i = 0; i < p->threads; i++) {
        worker_arg *a = malloc(sizeof *a);
        int rc = a ? (a->p = p, a->index = i, pthread_create(&p->tid[i], NULL, worker, a)) : -1;
        if (rc != 0) {
            free(a);
            stop_workers(p, i);
            p->threads = 0;
            pk_pool_free(p);
            return pk_error_set(err, PK_ERR_NOMEM, 0, "cannot start %d threads", threads), NULL;
        }
    }
    return p;
}

pk_pool *pk_pool_new(int threads, int window, pk_pool_work work, void **wctx, pk_error *err)
{
    return pool_new(threads > 1 ? threads : 0, threads, window, work, wctx, err);
}

pk_pool *pk_pool_new_with_caller(int threads, int window, pk_pool_work work, void **wctx, pk_error *err)
{
    if (threads <= 1)
        return pk_pool_new(threads, window, work, wctx, err);
    pk_pool *p = pool_new(threads - 1, threads, window, work, wctx, err);
    if (p)
        p->caller_ctx = wctx[threads - 1];
    return p;
}

bool pk_pool_full(const pk_pool *p) { return atomic_load(&p->tail) - p->head >= p->window; }

static void wake_workers(pk_pool *p)
{
    pthread_mutex_lock(&p->mu);
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->mu);
}

void pk_pool_put(pk_pool *p, void *item)
{
    long tail = atomic_load(&p->tail);
    assert(tail - p->head < p->window); /* pool.h: the caller puts only while not pk_pool_full */
    slot *s = &p->ring[tail % p->window];
    s->item = item;
    if (!p->threads) { /* -j 1: at once, on this thread */
        atomic_store(&s->done, true);
        atomic_store(&p->tail, tail + 1);
        p->work(p->wctx[0], item);
        return;
    }
    atomic_store(&s->done, false);
    atomic_store(&p->tail, tail + 1);
    /* sleeping workers are woken for a run of slots, not for each one; pk_pool_take
     * wakes them for fewer before the caller waits */
    if (atomic_load(&p->idle) && tail + 1 - atomic_load(&p->next) >= p->run)
        wake_workers(p);
}

/* The caller, about to wait for slot s: runs the items no worker claimed yet, one at a
 * time, until s is done or none is left (rather than sleep while there is work: with a
 * thread per core, a caller that sleeps and wakes for each item costs a switch each). */
static void wake_workers(pk_pool *p);

static void help(pk_pool *p, slot *s)
{
    if (atomic_load(&p->idle) && atomic_load(&p->next) < atomic_load(&p->tail))
        wake_workers(p); /* a run not claimed yet: a sleeping worker shares it */
    while (!atomic_load(&s->done)) {
        pthread_mutex_lock(&p->mu);
        long first = atomic_load(&p->next);
        bool any = first < atomic_load(&p->tail);
        if (any)
            atomic_store(&p->next, first + 1);
        pthread_mutex_unlock(&p->mu);
        if (!any)
            return;
        slot *t = &p->ring[first % p->window];
        p->work(p->caller_ctx, t->item);
        atomic_store(&t->done, true);
    }
}

void *pk_pool_take(pk_pool *p, bool wait)
{
    if (p->head == atomic_load(&p->tail))
        return NULL;
    /* the slots in flight (above): tail at most window ahead of head, next never past tail */
    assert(p->head < atomic_load(&p->tail) && atomic_load(&p->next) <= atomic_load(&p->tail) &&
           atomic_load(&p->tail) - p->head <= p->window);
    slot *s = &p->ring[p->head % p->window];
    if (!atomic_load(&s->done) && wait && p->caller_ctx)
        help(p, s);
    if (!atomic_load(&s->done)) {
        if (!wait)
            return NULL;
        if (atomic_load(&p->idle))
            wake_workers(p); /* the rest of a run: the caller is about to wait */
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->taker_waits, true);
        while (!atomic_load(&s->done))
            pthread_cond_wait(&p->done, &p->mu);
        atomic_store(&p->taker_waits, false);
        pthread_mutex_unlock(&p->mu);
    }
    p->head++;
    return s->item;
}

void pk_pool_free(pk_pool *p)
{
    if (!p)
        return;
    if (p->threads)
        stop_workers(p, p->threads);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->ready);
    pthread_cond_destroy(&p->done);
    free(p->ring);
    free(p->tid);
    free(p);
}

int pk_pool_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
