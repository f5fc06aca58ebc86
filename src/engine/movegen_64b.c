/*
 * movegen_64b.c -- the move generator (movegen_impl.h) on 64-bit words, specialised for
 * the second half of the engine rows whose board fits in them (PK_MG_ROWS_64B in
 * movegen_int.h; movegen_64.c has the first half). Two files so that they compile on
 * two cores at once.
 */
#include <stdint.h>

#define MG_WORD uint64_t
#define MG_WIDE 0
#include "movegen_impl.h"
#include "movegen_walk.h"
#include "movegen_spec.h"

PK_MG_ROWS_64B(SPECIALISE)
