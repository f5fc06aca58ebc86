#!/bin/sh
# `make bench`: runs every tests/bench-*.sh (built with -O3 -march=native in build/bench).
BUILD=${BUILD:-build/bench}
PATH="$(pwd)/$BUILD/bin:$PATH"; export PATH BUILD
for s in tests/bench-*.sh; do
  [ -f "$s" ] || continue
  echo "== ${s#tests/}"
  sh "$s" || exit 1
done
