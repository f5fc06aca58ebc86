/*
 * movegen_64p.c -- perft's walk (movegen_walk.h) for the 64-bit engine rows compiled a
 * second time for processors with the POPCNT instruction; movegen.c takes it when the
 * processor says it has one (cpuid, pk_mg_perft). Why: the default build targets every
 * x86-64, where a bit count is a dozen instructions (pk_bits.h), and perft's leaves count
 * the moves by counting bits (a fifth of the -O2 build's instructions in international
 * perft). A build that already assumes POPCNT (-march=native, make bench), a compiler
 * without GCC's target pragma, or another processor compiles nothing here.
 */
#include <stdint.h>

/* the test of movegen_int.h's PK_MG_POPCNT_COPY, made before anything is included */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(_WIN32) && \
    !defined(PK_MG_NO_FORCED_INLINE) && !defined(__POPCNT__)
#define PK_MG_POPCNT_TU 1 /* movegen_int.h: this is the copy */
#pragma GCC target("popcnt")
#define MG_WORD uint64_t
#define MG_WIDE 0
#include "movegen_impl.h"
#include "movegen_walk.h"
#include "movegen_spec.h"

PK_MG_ROWS_64(SPECIALISE_POPCNT)
#else
typedef int pk_movegen_64p_unused; /* ISO C: a translation unit declares something */
#endif
