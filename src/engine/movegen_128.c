/*
 * movegen_128.c -- the move generator (movegen_impl.h) on 128-bit words (pk_bb), for the
 * engine rows whose board has bits above 63: the 12x12 boards (PK_MG_ROWS_128 in
 * movegen_int.h).
 */
#include "pk_common.h"

#define MG_WORD pk_bb
#define MG_WIDE 1
#include "movegen_impl.h"
#include "movegen_walk.h"
#include "movegen_spec.h"

PK_MG_ROWS_128(SPECIALISE)
