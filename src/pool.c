/*
 * pool.c -- the ordered parallel map of pool.h: a ring of `window` slots under one mutex.
 * Slots between `head` (oldest handed in) and `tail` are in flight; `next` is the oldest
 * not yet given to a worker. Workers take from `next`, so items start in order; they may
 * finish out of order, and pk_pool_take hands them back only from `head`, so the caller
 * sees them in order.
 */
#include "pool.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct slot {
    void *item;
    bool done;
} slot;

struct pk_pool {
    pk_pool_work work;
    void **wctx;
    int threads, window;
    pthread_t *tid;
    pthread_mutex_t mu;
    pthread_cond_t ready; /* a slot waits for a worker, or the pool stops */
    pthread_cond_t done;  /* a slot was processed */
    slot *ring;
    long head, next, tail; /* counters; the slot of counter c is ring[c % window] */
    bool stop;
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
        while (!p->stop && p->next == p->tail)
            pthread_cond_wait(&p->ready, &p->mu);
        if (p->next == p->tail) /* stopping, and nothing left */
            break;
        slot *s = &p->ring[p->next++ % p->window];
        pthread_mutex_unlock(&p->mu);
        p->work(wctx, s->item);
        pthread_mutex_lock(&p->mu);
        s->done = true;
        pthread_cond_broadcast(&p->done);
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

pk_pool *pk_pool_new(int threads, int window, pk_pool_work work, void **wctx, pk_error *err)
{
    pk_pool *p = calloc(1, sizeof *p);
    if (!p)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    p->work = work;
    p->wctx = wctx;
    p->threads = threads > 1 ? threads : 0;
    p->window = window > 0 ? window : 1;
    p->ring = calloc((size_t)p->window, sizeof *p->ring);
    p->tid = calloc((size_t)(p->threads ? p->threads : 1), sizeof *p->tid);
    if (!p->ring || !p->tid) {
        free(p->ring);
        free(p->tid);
        free(p);
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    }
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

bool pk_pool_full(const pk_pool *p) { return p->tail - p->head >= p->window; }

void pk_pool_put(pk_pool *p, void *item)
{
    if (!p->threads) { /* -j 1: at once, on this thread */
        p->ring[p->tail % p->window] = (slot){item, true};
        p->tail++;
        p->work(p->wctx[0], item);
        return;
    }
    pthread_mutex_lock(&p->mu);
    p->ring[p->tail % p->window] = (slot){item, false};
    p->tail++;
    pthread_cond_signal(&p->ready);
    pthread_mutex_unlock(&p->mu);
}

void *pk_pool_take(pk_pool *p, bool wait)
{
    if (!p->threads) {
        if (p->head == p->tail)
            return NULL;
        return p->ring[p->head++ % p->window].item;
    }
    void *item = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->head != p->tail) {
        slot *s = &p->ring[p->head % p->window];
        while (wait && !s->done)
            pthread_cond_wait(&p->done, &p->mu);
        if (s->done) {
            item = s->item;
            p->head++;
        }
    }
    pthread_mutex_unlock(&p->mu);
    return item;
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
