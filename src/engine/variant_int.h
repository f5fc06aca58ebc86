/*
 * variant_int.h -- what the library's own files know of the variant table beyond
 * variant.h: its length as a constant, for arrays indexed by variant id. Private: not
 * installed, so that appending a variant (variant.h: ids are never renumbered) changes no
 * public constant; outside callers ask pk_variant_count().
 */
#ifndef PK_VARIANT_INT_H
#define PK_VARIANT_INT_H

#include "variant.h"

/* The number of rows of variant_rows.h (variant.c checks it): the last id + 1. */
enum { PK_V_COUNT = PK_V_BREAKTHROUGH + 1 };

#endif
