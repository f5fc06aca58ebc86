#!/bin/sh
# `make coverage`, after the tests ran on the instrumented build: line and function coverage
# of the library (the objects of $BUILD/obj: src/*.c and the inline functions of src/*.h,
# not the tools' mains nor the tests), a table per file, the totals, and the public functions (tests/public-functions.sh) that
# no test called. lcov and genhtml (Debian's lcov) read the gcov data; the HTML report goes
# to $BUILD/html. Usage: tests/coverage.sh BUILD (build/coverage).
set -eu
BUILD=${1:-build/coverage}
top=$(pwd)
info=$BUILD/coverage.info
rc="--rc lcov_branch_coverage=0"
# the data of the library's objects only; paths made relative to the tree in the table
lcov -q $rc --capture --directory "$BUILD/obj" --base-directory "$top" --output-file "$info.all" \
  >"$BUILD/lcov.log" 2>&1 || { cat "$BUILD/lcov.log"; exit 1; }
lcov -q $rc --extract "$info.all" "$top/src/*" --output-file "$info" >>"$BUILD/lcov.log" 2>&1 ||
  { cat "$BUILD/lcov.log"; exit 1; }

# per file: lines hit/found, functions hit/found (from the tracefile's LH/LF/FNH/FNF records)
awk -v top="$top/" '
  /^SF:/ { f = substr($0, 4); sub(top, "", f) }
  /^LF:/ { lf = substr($0, 4) } /^LH:/ { lh = substr($0, 4) }
  /^FNF:/ { ff = substr($0, 5) } /^FNH:/ { fh = substr($0, 5) }
  /^end_of_record/ {
    printf "%-24s %6.1f%% %5d/%-5d %6.1f%% %4d/%-4d\n", f, lf ? 100 * lh / lf : 100, lh, lf,
      ff ? 100 * fh / ff : 100, fh, ff
    LH += lh; LF += lf; FH += fh; FF += ff
  }
  BEGIN { printf "%-24s %7s %11s %7s %9s\n", "file", "lines", "", "funcs", "" }
  END {
    printf "%-24s %6.1f%% %5d/%-5d %6.1f%% %4d/%-4d\n", "total (src/)", 100 * LH / LF, LH, LF,
      100 * FH / FF, FH, FF
    printf "coverage: lines %.1f%% (%d of %d), functions %.1f%% (%d of %d)\n",
      100 * LH / LF, LH, LF, 100 * FH / FF, FH, FF
  }' "$info" >"$BUILD/coverage.txt"

# public functions (the installed headers' functions) that no test called: FNDA:0,name
pub=$(sh tests/public-functions.sh)
awk -F '[:,]' '/^FNDA:/ { if ($2 > 0) hit[$3] = 1; seen[$3] = 1 }
  END { for (f in seen) if (!hit[f]) print f }' "$info" | LC_ALL=C sort >"$BUILD/uncalled"
uncalled=$(printf '%s\n' "$pub" | LC_ALL=C comm -12 - "$BUILD/uncalled" | tr '\n' ' ')
npub=$(printf '%s\n' "$pub" | wc -l)
if [ -n "$uncalled" ]; then
  echo "public functions called by no test: $uncalled" >>"$BUILD/coverage.txt"
else
  echo "public functions: all $npub called by the tests (static inline ones where they are used)" >>"$BUILD/coverage.txt"
fi

genhtml -q $rc --prefix "$top" --title "pdnkit library (make check)" --output-directory "$BUILD/html" "$info" \
  >>"$BUILD/lcov.log" 2>&1 || { cat "$BUILD/lcov.log"; exit 1; }
cat "$BUILD/coverage.txt"
echo "coverage: HTML report in $BUILD/html/index.html"
