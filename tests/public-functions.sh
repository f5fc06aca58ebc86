#!/bin/sh
# Prints the public functions of the library, one per line, sorted: every function that
# the installed headers (PUBLIC_HEADERS in the Makefile) declare or define (static inline
# ones too), read with the comments stripped by the preprocessor (a name in a comment is
# no declaration). Used by tests/install/api-tested.sh and tests/coverage.sh.
set -eu
CC=${CC:-cc}
hdrs=$(sed -n '/^PUBLIC_HEADERS *:=/,/[^\\]$/p' Makefile | sed 's/^PUBLIC_HEADERS *:=//; s/\\$//')
[ -n "$hdrs" ] || { echo "public-functions.sh: no PUBLIC_HEADERS in the Makefile" >&2; exit 2; }
for h in $hdrs; do
  [ -f "src/$h" ] || { echo "public-functions.sh: src/$h (PUBLIC_HEADERS) is missing" >&2; exit 2; }
  "$CC" -fpreprocessed -dD -E -P "src/$h"
done | grep -o 'pk_[a-z0-9_]*[[:space:]]*(' | sed 's/[[:space:]]*($//' | LC_ALL=C sort -u
