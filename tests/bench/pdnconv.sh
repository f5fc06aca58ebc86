#!/bin/sh
# pdnconv (`make bench`): throughput on the OCA file converted to clean PDN (default: short
# captures, the variant's notation), best of 10 by --stats (no process start-up; the time
# includes writing to /dev/null), with --variant english and with the variant guessed, on
# one thread (-j 1), then on every online core and the speed-up (issue 13).
# Issue 11 target: the whole OCA archive converted at 50 MB/s or more.
BUILD=${BUILD:-build/bench}
CORPORA=${CORPORA:-build/corpora}
P=${BUILD}/bin/pdnconv
[ -x "$P" ] || P=pdnconv
OCA="$CORPORA/english/oca/OCA_2.0.pdn"
[ -f "$OCA" ] || { echo "bench-pdnconv: $OCA not found" >&2; exit 1; }

best() { # args: pdnconv options; prints the best --stats speed line of 10 runs
  b=""
  for i in 1 2 3 4 5 6 7 8 9 10; do
    line=$("$P" --stats "$@" 2>&1 >/dev/null | grep '^pdnconv: [0-9]* bytes')
    mbs=$(echo "$line" | sed 's/.*: \([0-9.]*\) MB\/s.*/\1/')
    if [ -z "$b" ] || awk "BEGIN{exit !($mbs > $b)}"; then b=$mbs; bl=$line; fi
  done
  echo "$bl" | sed 's/^pdnconv: //'
}
echo "pdnconv, OCA 2.0, --variant english: $(best -j 1 --variant english "$OCA") (best of 10; target 50 MB/s)"
echo "pdnconv, OCA 2.0, variant guessed:   $(best -j 1 "$OCA")"
echo "pdnconv, OCA 2.0, --full --algebraic: $(best -j 1 --variant english --full --algebraic "$OCA")"
n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
mbs() { echo "$1" | sed 's/.*: \([0-9.]*\) MB\/s.*/\1/'; }
for o in "" "--to json"; do
  one=$(best -j 1 $o "$OCA"); many=$(best -j "$n" $o "$OCA")
  echo "pdnconv, OCA 2.0, ${o:-to PDN}, -j $n: $many ($(awk "BEGIN { printf \"%.2f\", $(mbs "$many") / $(mbs "$one") }")x -j 1's $(mbs "$one") MB/s)"
done
