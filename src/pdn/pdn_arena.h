/*
 * pdn_arena.h -- library-internal bump allocator behind pk_game: one game's strings and
 * nodes, rewound (not freed) before the next game so steady-state reading allocates
 * nothing.
 */
#ifndef PK_PDN_ARENA_H
#define PK_PDN_ARENA_H

#include <stddef.h>

#include "pk_assert.h"

struct pk_arena_chunk;

/* Visible for the inline pk_arena_alloc(): the reader allocates a block per move. */
typedef struct pk_arena {
    char *next, *end; /* the free bytes of the current chunk */
    struct pk_arena_chunk *head, *cur;
    size_t total; /* bytes handed out since the last reset */
} pk_arena;

pk_arena *pk_arena_new(void);
void pk_arena_reset(pk_arena *a);
void pk_arena_free(pk_arena *a);
void *pk_arena_alloc_chunk(pk_arena *a, size_t n); /* pk_arena_alloc() past the current chunk */
char *pk_arena_strndup(pk_arena *a, const char *s, size_t n);
size_t pk_arena_total(const pk_arena *a);

/* n bytes aligned for any type; NULL when out of memory. */
static inline void *pk_arena_alloc(pk_arena *a, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
    assert(a->next <= a->end); /* the free bytes of the current chunk: none before the first */
    if (n == 0 || n > (size_t)(a->end - a->next)) /* (no chunk yet: next == end == NULL) */
        return pk_arena_alloc_chunk(a, n);
    void *p = a->next;
    a->next += n;
    a->total += n;
    return p;
}

#endif
