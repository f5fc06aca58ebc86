/*
 * movegen_int.h -- what the move generator's entry points (movegen.c) and its instances
 * share: movegen_64.c and movegen_64b.c, the generator on 64-bit words for every board that
 * fits in them (half the rows each), and movegen_128.c, the same generator on 128-bit words
 * for the 12x12 boards.
 * Private: not installed, and its pk_mg_ names are not exported by libpdnkit.so.
 *
 * Each engine row of variant_rows.h gets, in the instance its board fits, one specialised
 * copy of the generator (movegen_impl.h, SPECIALISE), reached through the functions
 * declared here; movegen.c tables them by engine row.
 */
#ifndef PK_MOVEGEN_INT_H
#define PK_MOVEGEN_INT_H

#include "movelist_int.h"
#include "pk_bits.h"
#include "variant_int.h"

/* What a call of the generator is for. */
enum pk_mg_mode {
    PK_MG_LIST,       /* the legal moves into the list */
    PK_MG_COUNT,      /* their number; quiet moves counted, not listed (perft leaves) */
    PK_MG_HAS_CAPTURE /* whether the side to move has a capture; the list is not touched */
};

/* The engine rows of each instance, as X-macro lists: a row goes where its board fits
 * (geom.h: 12x12 boards use bits up to 77). test_movegen checks every row's bits. */
/* PK_MG_INLINE: the generator's templates are always inlined into each row's copy (perft's
 * and the replay's speed). Sanitizer and fuzzing builds define PK_MG_NO_FORCED_INLINE (the
 * Makefile's check-asan, check-tsan and fuzz) and leave inlining to the compiler: the same
 * code, which their instrumentation builds minutes faster. */
#ifdef PK_MG_NO_FORCED_INLINE
#define PK_MG_INLINE static inline
#else
#define PK_MG_INLINE static inline __attribute__((always_inline))
#endif

/* The 64-bit rows in two halves, compiled by movegen_64.c and movegen_64b.c: each row's
 * copy is large (the templates are always inlined), and two files build on two cores at
 * once (one file of twelve rows took gcc -O2 about 90 s). */
#define PK_MG_ROWS_64A(X)                                                                               \
    X(PK_V_INTERNATIONAL) X(PK_V_ENGLISH) X(PK_V_SPANISH) X(PK_V_PORTUGUESE) X(PK_V_RUSSIAN)            \
    X(PK_V_BRAZILIAN)
#define PK_MG_ROWS_64B(X)                                                                               \
    X(PK_V_ITALIAN) X(PK_V_CZECH) X(PK_V_POOL) X(PK_V_FRISIAN) X(PK_V_TURKISH) X(PK_V_THAI)
#define PK_MG_ROWS_64(X) PK_MG_ROWS_64A(X) PK_MG_ROWS_64B(X)
#define PK_MG_ROWS_128(X) X(PK_V_CANADIAN) X(PK_V_SRI_LANKAN) X(PK_V_MALAYSIAN)

/* One engine row's copy: the legal moves (or their count, or whether a capture exists);
 * pk_quiet_move; perft's last two plies (pk_count_children); and the whole perft walk,
 * in the instance's own word size, with one move list per ply in lists[1..depth]. */
#define PK_MG_DECLARE(ID)                                                                               \
    int pk_mg_gen_##ID(const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags, int mode);  \
    int pk_mg_quiet_##ID(const pk_geom *g, const pk_pos *p, int from, int to, pk_move *m);              \
    uint64_t pk_mg_children_##ID(const pk_geom *g, const pk_pos *p, const pk_movelist *l, unsigned flags, \
                                 pk_movelist *scratch, int *overflow);                                 \
    int pk_mg_capfrom_##ID(const pk_geom *g, const pk_pos *p, int from, pk_movelist *out, unsigned flags); \
    uint64_t pk_mg_perft_##ID(const pk_geom *g, const pk_pos *p, int depth, unsigned flags,             \
                              pk_movelist *lists, int *overflow);
PK_MG_ROWS_64(PK_MG_DECLARE)
PK_MG_ROWS_128(PK_MG_DECLARE)

/* The 64-bit rows' perft walk compiled again for processors with POPCNT (movegen_64p.c,
 * whose first test is this one's): GCC on x86-64 (not mingw, whose run-time cpu test
 * is not that of glibc), in a build that does not assume POPCNT already. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(_WIN32) && \
    !defined(PK_MG_NO_FORCED_INLINE) && (!defined(__POPCNT__) || defined(PK_MG_POPCNT_TU))
#define PK_MG_POPCNT_COPY 1
#define PK_MG_DECLARE_POPCNT(ID)                                                                        \
    uint64_t pk_mg_perft_popcnt_##ID(const pk_geom *g, const pk_pos *p, int depth, unsigned flags,      \
                                     pk_movelist *lists, int *overflow);
PK_MG_ROWS_64(PK_MG_DECLARE_POPCNT)
#endif

/* perft.c's walk: pk_mg_perft_ID of v's engine row. */
uint64_t pk_mg_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, pk_movelist *lists,
                     int *overflow);

/* RULES 1.7: the rank under the choice rule; the legal captures have the highest rank.
 * Packed so that one integer comparison applies the rules in order. kmask: bit 31-i set
 * when the i-th piece taken is a king (the Italian order rule). */
PK_MG_INLINE uint64_t pk_mg_rank(const pk_rules *R, int ncap, int nk, int by_king,
                                                                 uint32_t kmask)
{
    switch (R->choice) {
    case PK_CHOICE_MAJ: return (uint64_t)ncap;
    case PK_CHOICE_MAJ_KINGS: return (uint64_t)ncap << 8 | (uint64_t)nk; /* D-ES-4 */
    case PK_CHOICE_ITALIAN:   /* RULES 1.7 ITALIAN, D-IT-2: pieces, king, kings, earliest kings */
        return (uint64_t)ncap << 40 | (uint64_t)by_king << 39 | (uint64_t)nk << 32 | kmask;
    case PK_CHOICE_CZECH: return (uint64_t)by_king; /* RULES 2.7 */
    case PK_CHOICE_FRISIAN: {                       /* RULES 2.11, D-FR-1 */
        uint64_t value = 100u * (unsigned)((ncap - nk) + 2 * nk) - (unsigned)nk;
        return value << 1 | (uint64_t)by_king;
    }
    case PK_CHOICE_MAJ_KING: return (uint64_t)ncap << 1 | (uint64_t)by_king; /* D-MY-3 */
    default: return 0;
    }
}

#endif
