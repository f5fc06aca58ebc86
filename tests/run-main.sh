#!/bin/sh
# `make run`: the main job on the bundled games. Every tests/main-*.sh piece runs in turn.
BUILD=${BUILD:-build}
PATH="$(pwd)/$BUILD/bin:$PATH"; export PATH BUILD
st=0
for s in tests/main-*.sh; do
  [ -f "$s" ] || continue
  sh "$s" || st=1
done
exit $st
