#!/bin/sh
# The per-game diagnostics buffer (src/report/report.c) is bounded and loses nothing: one game
# with 100,000 variations, each an illegal move (a warning), gives 100,000 diagnostics;
# pdncheck writes every one of them (text and JSON), in file order within each batch of
# PK_DIAG_BUFFER_MAX (4096), counts them in the summary, and stays within 256 MiB of
# address space (not under the sanitizers, which reserve far more). Then the same game
# after a game whose diagnostics come out of order (the reader's at line 4, the
# replay's at line 3): file order there.
# pdncheck runs with -j 2: the bound is per thread (a 64-core machine at the default -j
# would need more address space than 256 MiB), and the test must hold on every machine.
# Ends with "diag-buffer: N passed, N failed".
bin="$(pwd)/${BUILD:-build}/bin/pdncheck"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-diagbuf.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

{
  printf '[GameType "20"]\n1. 32-28 '
  i=0; while [ $i -lt 1000 ]; do printf '(1. 32-26) '; i=$((i + 1)); done >"$tmp/hundred"
  j=0; while [ $j -lt 100 ]; do cat "$tmp/hundred"; j=$((j + 1)); done
  printf '*\n'
} >"$tmp/many.pdn"

limit() { if [ -z "$PK_SANITIZED" ]; then ulimit -v 262144; fi; }
(limit; exec "$bin" -j 2 "$tmp/many.pdn") >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] && ok || bad "exit $st: $(head -n 3 "$tmp/err")"
n=$(grep -c ': warning: game 1, move 1 (white): in a variation: illegal move 32-26' "$tmp/out")
[ "$n" = 100000 ] && ok || bad "$n variation warnings written, expected 100000"
tail -n 1 "$tmp/out" | grep -qx '1 files, 1 games, 0 with errors, 100000 warnings' && ok ||
  bad "summary: $(tail -n 1 "$tmp/out")"
# each batch in file order: columns never go down inside a batch of 4096
grep -o '^[^ ]*many.pdn:2:[0-9]*' "$tmp/out" | sed 's/.*://' | awk '
  NR > 1 && (NR - 1) % 4096 != 0 && $1 < prev { bad++ } { prev = $1 } END { exit bad > 0 }' && ok ||
  bad "diagnostics out of order inside a batch"
(limit; exec "$bin" -j 2 --json "$tmp/many.pdn") >"$tmp/json" 2>"$tmp/err"
n=$(grep -c '"type":"diagnostic"' "$tmp/json")
[ "$n" = 100000 ] && ok || bad "$n JSON diagnostics, expected 100000"

printf '[GameType "20"]\n[White "A"]\n1. 32-26 19-23\n2. 34-29 1/2:1/2\n' >"$tmp/order.pdn"
"$bin" "$tmp/order.pdn" | grep -o 'order.pdn:[0-9]*:[0-9]*' | tr '\n' ' ' >"$tmp/order"
[ "$(cat "$tmp/order")" = "order.pdn:3:4 order.pdn:4:10 " ] && ok || bad "order: $(cat "$tmp/order")"
echo "diag-buffer: $pass passed, $fail failed"
[ $fail -eq 0 ]
