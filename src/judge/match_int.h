/*
 * match_int.h -- library-internal: the fields of a pk_match_scratch (match.h), for
 * match.c and for the library's files that keep one inside a larger struct (the replay,
 * the HTML report). Not installed: the lists may change without changing the ABI.
 */
#ifndef PK_MATCH_INT_H
#define PK_MATCH_INT_H

#include "match.h"
#include "movelist_int.h"

struct pk_match_scratch {
    pk_movelist legal, all, quiet;
};

#endif
