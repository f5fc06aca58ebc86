/*
 * movelist.c -- the constructor and destructor of a pk_movelist (movegen.h), so that a
 * caller outside the library never depends on its size (PK_MAX_MOVES may grow).
 */
#include "movegen.h"

#include <stdlib.h>

pk_movelist *pk_movelist_new(void) { return calloc(1, sizeof(pk_movelist)); }

void pk_movelist_free(pk_movelist *l) { free(l); }
