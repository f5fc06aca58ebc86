/*
 * movelist_int.h -- the layout of a pk_movelist, for the library's own files and its
 * tests: the generator writes moves straight into m[] and perft walks it with no call per
 * move (its speed). Private: not installed. Callers outside the library see the type only
 * as declared in movegen.h, and read a list through pk_movelist_count, _overflowed and
 * _at, so that the capacity (and so the size) may grow without an ABI change.
 */
#ifndef PK_MOVELIST_INT_H
#define PK_MOVELIST_INT_H

#include "movegen.h"

#define PK_MAX_MOVES 1024

struct pk_movelist {
    int n;
    int overflow; /* set when more than PK_MAX_MOVES moves existed; the list is cut */
    pk_move m[PK_MAX_MOVES];
};

#endif
