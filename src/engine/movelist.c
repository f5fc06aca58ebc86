/*
 * movelist.c -- a pk_movelist for callers outside the library (movegen.h): constructor,
 * destructor and accessors, so that none of them depends on its layout or size
 * (PK_MAX_MOVES may grow). The library's own files read the struct (movelist_int.h).
 */
#include "movelist_int.h"

#include <stdlib.h>

pk_movelist *pk_movelist_new(void) { return calloc(1, sizeof(pk_movelist)); }

void pk_movelist_free(pk_movelist *l) { free(l); }

int pk_movelist_count(const pk_movelist *l) { return l->n; }

bool pk_movelist_overflowed(const pk_movelist *l) { return l->overflow != 0; }

const pk_move *pk_movelist_at(const pk_movelist *l, int i) { return i >= 0 && i < l->n ? &l->m[i] : NULL; }
