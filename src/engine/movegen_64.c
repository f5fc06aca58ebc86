/*
 * movegen_64.c -- the move generator (movegen_impl.h) on 64-bit words, specialised for
 * the first half of the engine rows whose board fits in them (PK_MG_ROWS_64A in
 * movegen_int.h; movegen_64b.c has the other half: the 8x8 and 10x10 boards and
 * Turkish's 64 squares in all).
 */
#include <stdint.h>

#define MG_WORD uint64_t
#define MG_WIDE 0
#include "movegen_impl.h"
#include "movegen_walk.h"
#include "movegen_spec.h"

PK_MG_ROWS_64A(SPECIALISE)
