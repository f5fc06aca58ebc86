/*
 * pdn_arena.c -- the bump allocator behind pk_game (see pdn_arena.h): a list of chunks
 * that is rewound, not freed, between games, so that steady-state reading allocates
 * nothing. Chunks larger than CHUNK (a huge game's) are dropped at the rewind.
 */
#include "pdn_arena.h"

#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define CHUNK 65536

typedef struct pk_arena_chunk {
    struct pk_arena_chunk *next;
    size_t size, used; /* used: of the current chunk, see a->next instead */
    max_align_t data[];
} chunk;

pk_arena *pk_arena_new(void) { return calloc(1, sizeof(pk_arena)); }

/* Makes c the current chunk: pk_arena_alloc() bumps a->next in it. */
static void set_current(pk_arena *a, chunk *c)
{
    a->cur = c;
    a->next = c ? (char *)c->data + c->used : NULL;
    a->end = c ? (char *)c->data + c->size : NULL;
}

void pk_arena_reset(pk_arena *a)
{
    /* Keep the first chunks for the next game; drop oversized ones a huge game left. */
    chunk **pp = &a->head;
    while (*pp) {
        chunk *c = *pp;
        if (c->size > CHUNK) {
            *pp = c->next;
            free(c);
            continue;
        }
        c->used = 0;
        pp = &c->next;
    }
    set_current(a, a->head);
    a->total = 0;
}

void pk_arena_free(pk_arena *a)
{
    if (!a)
        return;
    for (chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(a);
}

size_t pk_arena_total(const pk_arena *a) { return a->total; }

void *pk_arena_alloc_chunk(pk_arena *a, size_t n)
{
    chunk *c = a->cur;
    assert(n % sizeof(max_align_t) == 0); /* pk_arena_alloc rounded it */
    if (c)
        c->used = (size_t)(a->next - (char *)c->data);
    assert(!c || c->used <= c->size);
    while (c && c->size - c->used < n)
        c = c->next;
    if (!c) {
        size_t size = n > CHUNK ? n : CHUNK;
        c = malloc(sizeof(chunk) + size);
        if (!c)
            return NULL;
        c->size = size;
        c->used = 0;
        c->next = NULL;
        chunk **pp = &a->head;
        while (*pp)
            pp = &(*pp)->next;
        *pp = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += n;
    a->total += n;
    /* the block lies inside its chunk, aligned for any type (pdn_arena.h) */
    assert(c->used <= c->size && (uintptr_t)p % _Alignof(max_align_t) == 0);
    if (n <= CHUNK)
        set_current(a, c); /* chunks before c are (nearly) full: skip them next time */
    return p;
}

char *pk_arena_strndup(pk_arena *a, const char *s, size_t n)
{
    char *p = pk_arena_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}
