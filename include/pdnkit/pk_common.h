/*
 * pk_common.h -- what every part of the pdnkit library shares: the bitboard type,
 * colours, status codes and the error record that library functions fill in.
 *
 * Conventions (the whole library follows them):
 *   - public names start with pk_ (functions, types) or PK_ (macros, enum constants);
 *   - a function that can fail returns an int status (enum pk_status, PK_OK == 0), what
 *     it computes in out-parameters, and, when given a non-NULL pk_error *, writes a
 *     one-line human message and the line and column of the fault into it; a query that
 *     cannot fail returns its value (libpdnkit(3) ERRORS says the whole convention);
 *   - the library never prints and never exits: the tools in src/tools/ do that; nor does
 *     it abort on what it is given: assert() checks only pdnkit's own invariants, ones no
 *     caller can break through this API, and release builds are built with NDEBUG
 *     (src/base/pk_assert.h, not installed, says the policy).
 *
 * Ownership (every function; a comment says so where one differs):
 *   - what the caller passes stays the caller's and is not kept after the call returns;
 *   - const pointers the library returns (variant rows, geometries, names, messages)
 *     point to static read-only data that lives as long as the process: never free them;
 *   - an object from pk_X_new()/pk_X_open() is released by pk_X_free()/pk_X_close().
 *
 * Threads: functions may run on several threads at once as long as each thread has its
 * own mutable objects (positions, move lists, games, readers, replay and draw states,
 * pk_error records); read-only data (pk_variant, pk_geom) is shared freely. What the
 * library builds on first use (geometries, the variant rows' derived fields and names,
 * the Zobrist keys, the PDN lexer's pattern) is built once behind pthread_once.
 */
#ifndef PK_COMMON_H
#define PK_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* PK_API marks every declaration the library exports, and nothing else does (libgit2's
 * GIT_EXTERN, zstd's ZSTDLIB_API): the library is compiled with -fvisibility=hidden, so a
 * function without it stays inside libpdnkit.so, and its export list is what carries it
 * (tests/install/lib.sh checks both ways). On Windows the DLL is built with PK_BUILD_DLL
 * (dllexport: its export list); a program linking pdnkit.dll defines PK_DLL (dllimport),
 * one linking the static library neither. A program may define PK_API itself before the
 * first include. */
#ifndef PK_API
#if defined(_WIN32) && defined(PK_BUILD_DLL)
#define PK_API __declspec(dllexport)
#elif defined(_WIN32) && defined(PK_DLL)
#define PK_API __declspec(dllimport)
#elif defined(_WIN32)
#define PK_API
#elif defined(__GNUC__) || defined(__clang__)
#define PK_API __attribute__((visibility("default")))
#else
#define PK_API
#endif
#endif

/* The version, written here and nowhere else: the Makefile reads these three lines for the
 * shared library's name, pdnkit.pc and the tarball; the tools print PK_VERSION. A program
 * compares them (compile time) with pk_version() (the library it runs with). */
#define PDNKIT_VERSION_MAJOR 1
#define PDNKIT_VERSION_MINOR 0
#define PDNKIT_VERSION_PATCH 0
#define PK_VERSION_STR_(x) #x
#define PK_VERSION_STR(x) PK_VERSION_STR_(x)
#define PK_VERSION                                                                                 \
    PK_VERSION_STR(PDNKIT_VERSION_MAJOR) "." PK_VERSION_STR(PDNKIT_VERSION_MINOR) "." PK_VERSION_STR(PDNKIT_VERSION_PATCH)
/* One number that orders versions: major * 10000 + minor * 100 + patch. */
#define PDNKIT_VERSION_NUMBER (PDNKIT_VERSION_MAJOR * 10000 + PDNKIT_VERSION_MINOR * 100 + PDNKIT_VERSION_PATCH)

/* The version of the library the program runs with ("1.0.0"), which may be newer than the
 * PK_VERSION of the headers it was compiled with; *number, when not NULL, gets its
 * PDNKIT_VERSION_NUMBER. Static data: never freed. */
PK_API const char *pk_version(int *number);

/* One bit per playable square, in the geometry's bit layout (geom.h). 128 bits: the 12x12
 * boards have 72 playable squares at bits up to 77. The move generator works on 64-bit
 * words for the boards that fit in them (movegen_impl.h), so only the 12x12 rows pay for
 * the width. Aligned to 8 bytes, not 16, so that positions and moves stay small; GCC and
 * clang have the type on 64-bit targets and on WebAssembly. */
#if !defined(__SIZEOF_INT128__)
#error "pdnkit needs a compiler with unsigned __int128 (gcc or clang on a 64-bit target, or emscripten)"
#endif
__extension__ typedef unsigned __int128 pk_bb __attribute__((aligned(8)));
#define PK_MAX_BITS 128 /* bits of a pk_bb: bit indices run 0..PK_MAX_BITS-1 */

enum pk_color { PK_WHITE = 0, PK_BLACK = 1 };
#define PK_OTHER(c) ((c) ^ 1)

enum pk_status {
    PK_OK = 0,
    PK_ERR_SYNTAX,      /* malformed text (FEN, PDN, move) */
    PK_ERR_RANGE,       /* a value outside what the variant allows (square 51 on 10x10) */
    PK_ERR_RULES,       /* well-formed but impossible under the rules (man on its promotion row) */
    PK_ERR_IO,          /* read or write failure */
    PK_ERR_NOMEM,       /* allocation failure */
    PK_ERR_UNSUPPORTED, /* a feature pdnkit does not implement */
    PK_ERR_OVERFLOW,    /* a fixed-size buffer would overflow (move list, path) */
    PK_ERR_USAGE,       /* bad arguments from the caller */
    PK_END              /* not a failure: an input has no more games (pk_pdn_next) */
};

typedef struct pk_error {
    int code;      /* enum pk_status */
    long long line; /* 1-based line, 0 when not applicable (64 bits: a file may have more
                       than 2^31 lines) */
    long long col;  /* 1-based column in characters, 0 when not applicable */
    char msg[256]; /* one line, no trailing newline */
} pk_error;

/* Fills *e (when non-NULL) and returns code, so callers can write
 * `return pk_error_set(err, PK_ERR_SYNTAX, col, "bad square '%s'", s);`
 * Thread-safe; writes only *e (its line set to 0: no line, or one the caller knows). */
PK_API int pk_error_set(pk_error *e, int code, long long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* pk_error_set with a line too: for a fault at a line and column of a text. */
PK_API int pk_error_set_at(pk_error *e, int code, long long line, long long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Resets *e to PK_OK with an empty message. Thread-safe; writes only *e. */
PK_API void pk_error_clear(pk_error *e);

#define PK_BIT(i) ((pk_bb)1 << (i))

/* Bit counts and scans of a set, for a program that reads positions and geometries: the
 * bits set in b; the lowest and the highest bit set (b non-empty: -1 when it is empty); is
 * bit i (0..PK_MAX_BITS-1) of b set (0 or 1). Plain functions, so that a binding (ctypes,
 * cffi, WebAssembly) can call them and the headers use no compiler builtin; the library's
 * own hot paths use inline copies (pk_bits.h, private). Thread-safe, no state. */
PK_API int pk_bb_popcount(pk_bb b);
PK_API int pk_bb_lsb(pk_bb b);
PK_API int pk_bb_msb(pk_bb b);
PK_API int pk_bb_bit(pk_bb b, int i);

#ifdef __cplusplus
}
#endif

#endif
