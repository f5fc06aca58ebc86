#!/bin/sh
# Every public function (tests/public-functions.sh: what the installed headers declare) is
# named, outside comments, in a program that make check compiles and runs: the CUnit tests
# (tests/unit/) or the installed-library example (tests/install/example.c). A new public
# function without a test fails here; `make coverage` says whether the tests call it.
set -eu
pub=$(sh tests/public-functions.sh)
n=$(printf '%s\n' "$pub" | wc -l)
[ "$n" -ge 50 ] || { echo "FAIL: only $n public functions found (tests/public-functions.sh)"; exit 1; }
tmp=$(mktemp "${TMPDIR:-/tmp}/pk-api.XXXXXX")
trap 'rm -f "$tmp"' EXIT
# the test programs' identifiers, comments stripped
sh tests/public-functions.sh --code tests/unit/*.c tests/unit/*.h tests/install/example.c |
  grep -o 'pk_[a-z0-9_]*' | LC_ALL=C sort -u >"$tmp"
missing=$(printf '%s\n' "$pub" | LC_ALL=C comm -23 - "$tmp")
if [ -n "$missing" ]; then
  echo "FAIL: public functions named in no unit test (tests/unit/) nor tests/install/example.c:"
  printf '  %s\n' $missing
  echo "api-tested: $(printf '%s\n' $missing | wc -l) of $n untested"
  exit 1
fi
echo "api-tested: all $n public functions named in the tests"
