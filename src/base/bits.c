/* bits.c -- the bit counts and scans of a pk_bb as exported functions (pk_common.h): the
 * public face of pk_bits.h's inline helpers, for programs and bindings. */
#include "pk_bits.h"

int pk_bb_popcount(pk_bb b) { return pk_popcount(b); }

int pk_bb_lsb(pk_bb b) { return b ? pk_lsb(b) : -1; }

int pk_bb_msb(pk_bb b) { return b ? pk_msb(b) : -1; }

int pk_bb_bit(pk_bb b, int i) { return i >= 0 && i < PK_MAX_BITS ? pk_bb_test(b, i) : 0; }
