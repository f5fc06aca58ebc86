/*
 * pdn_arena.h -- library-internal bump allocator behind pk_game: one game's strings and
 * nodes, rewound (not freed) before the next game so steady-state reading allocates
 * nothing.
 */
#ifndef PK_PDN_ARENA_H
#define PK_PDN_ARENA_H

#include <stddef.h>

typedef struct pk_arena pk_arena;

pk_arena *pk_arena_new(void);
void pk_arena_reset(pk_arena *a);
void pk_arena_free(pk_arena *a);
void *pk_arena_alloc(pk_arena *a, size_t n); /* NULL when out of memory */
char *pk_arena_strndup(pk_arena *a, const char *s, size_t n);
size_t pk_arena_total(const pk_arena *a);

#endif
