#!/bin/sh
# The installed shared library used from Python's ctypes (no header, no compiler, no cffi):
# make install-files into a DESTDIR under the build tree (as lib.sh does), then
# tests/install/ctypes_smoke.py loads DESTDIR/.../lib/libpdnkit.so.MAJOR and calls pk_version,
# pk_variant_find, pk_fen_parse, pk_fen_write, pk_fen_error_text and pk_perft (figures from
# tests/perft-table.txt). SKIP (77) without python3. Environment: BUILD, MAKE, PYTHON,
# PK_SANITIZED=1 under make check-asan (an ASan library cannot be loaded into python3).
set -eu
top=$(pwd)
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
base=$top/$BUILD/ctypes-test
prefix=/usr/local
fail() { echo "FAIL: $*"; exit 1; }
command -v "$PY" >/dev/null 2>&1 || { echo "SKIP: no $PY for the ctypes test"; exit 77; }
if [ "${PK_SANITIZED:-}" = 1 ]; then
  echo "ctypes: not run on an ASan build (python3 cannot load it; make check runs it)"; exit 0
fi
san=""
[ "${PK_COVERAGE:-}" = 1 ] && san="--coverage -fprofile-update=atomic"
rm -rf "$base"
mkdir -p "$base"
pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory BUILD="$BUILD" ${san:+CFLAGS="$san"} \
  PREFIX=$prefix DESTDIR="$base/dest" install-files >"$base/make.log" 2>&1 ||
  { cat "$base/make.log"; fail "make install-files"; }
version=$(sed -n 's/^#define PDNKIT_VERSION_[A-Z]* *\([0-9]*\)$/\1/p' include/pdnkit/pk_common.h | paste -sd.)
# run from an empty folder, the source tree out of reach
cd "$base"
"$PY" "$top/tests/install/ctypes_smoke.py" "$base/dest$prefix/lib" "$version" "$top/tests/perft-table.txt" ||
  fail "ctypes smoke test"
cd "$top"
rm -rf "$base"
echo "PASS"
