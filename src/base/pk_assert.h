/*
 * pk_assert.h -- library-internal: the policy for assert() in pdnkit, and the header that
 * brings it in. Not installed.
 *
 * The library never prints, exits or aborts on what it is given (pk_common.h): input (PDN,
 * FEN, move text, files, options) and the arguments of public functions are checked with a
 * status return and a pk_error, never with assert(). An assert() states an invariant that
 * pdnkit's own code keeps and that no caller can break through the public API -- the
 * position a FEN parse or a replay built, the bounds of a move list the generator filled,
 * an arena's chunk sizes, the order the pool hands pieces back in -- so one that fires is
 * a bug in pdnkit. They sit beside the data they check, as SQLite's do.
 *
 * Release builds leave them out: the Makefile's default OPT carries -DNDEBUG (and so do
 * bench, perft-deep and the web page), so `make` and `make check` run the same code as
 * before the asserts were written. Any build that sets its own OPT keeps them on: a debug
 * build (make OPT="-O0 -g"), make check-asan, check-tsan, coverage, and the fuzzers (make
 * fuzz, which builds them with OPT="-O1 -g"), whose whole point is to reach states no test
 * thought of.
 *
 * An assert's condition must have no side effect (NDEBUG drops it) and may cost what it
 * likes: it never runs in a release build.
 */
#ifndef PK_ASSERT_H
#define PK_ASSERT_H

#include <assert.h>

#endif
