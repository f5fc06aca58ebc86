#!/bin/sh
# `make bench`: runs every other tests/bench/*.sh, in name order (built with -O3
# -march=native in build/bench). The .c and .py files beside them are what those scripts
# build and run.
BUILD=${BUILD:-build/bench}
PATH="$(pwd)/$BUILD/bin:$PATH"; export PATH BUILD
for s in tests/bench/*.sh; do
  [ -f "$s" ] && [ "$s" != tests/bench/run.sh ] || continue
  echo "== ${s#tests/}"
  sh "$s" || exit 1
done
