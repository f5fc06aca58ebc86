/*
 * pk_bits.h -- the library's inline bit counts and scans of a pk_bb (private: not installed).
 * They use compiler builtins (__builtin_ctzll, ...), which a public header must not: the
 * public API has the same as plain functions (pk_bb_popcount, pk_bb_lsb, pk_bb_msb,
 * pk_bb_bit in pk_common.h, defined in bits.c over these). The move generator, the
 * position code and the draw rules include this header so that their loops keep the
 * inline code.
 */
#ifndef PK_BITS_H
#define PK_BITS_H

#include <stdint.h>
#include <string.h>

#include "pk_common.h"

/* Bits set in one word. Without a popcount instruction (the default -O2 build for any
 * x86-64) GCC calls libgcc's __popcountdi2; the same sum of bit fields inline costs
 * about half, with no call. */
static inline int pk_popcount64(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Bit counts and scans of a set (pk_lsb, pk_msb: of a non-empty one). The high word is
 * looked at only when the low one says so: on boards of up to 64 bits it is always zero. */
static inline int pk_popcount(pk_bb b)
{
    uint64_t lo = (uint64_t)b, hi = (uint64_t)(b >> 64);
#if defined(__POPCNT__) /* one instruction each: cheaper than a test */
    return __builtin_popcountll(lo) + __builtin_popcountll(hi);
#else
    return pk_popcount64(lo) + (hi ? pk_popcount64(hi) : 0);
#endif
}
static inline int pk_lsb(pk_bb b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
static inline int pk_msb(pk_bb b)
{
    uint64_t hi = (uint64_t)(b >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)b);
}
/* Is bit i (0..PK_MAX_BITS-1) of b set? Cheaper than (b >> i) & 1, a shift of all 128
 * bits: the word holding the bit is picked by index and shifted alone. */
static inline int pk_bb_test(pk_bb b, int i)
{
    uint64_t w[2]; /* w[i >> 6] holds bit i (its word order is the machine's) */
    memcpy(w, &b, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (int)((w[(i >> 6) ^ 1] >> (i & 63)) & 1);
#else
    return (int)((w[i >> 6] >> (i & 63)) & 1);
#endif
}

#endif
