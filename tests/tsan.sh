#!/bin/sh
# `make check-tsan`: what runs on several threads, built with -fsanitize=thread in
# build/tsan (TSAN_OPTIONS makes any report fail the run): the pool, the checking loop
# (its unit tests: workers, pieces, the caller helping, an observer), and the -j tools
# at -j 3 with pieces of one game (PK_PIECE_BYTES=1, the most hand-offs) and with a
# small window, compared with -j 1 on corpus files that reach every path (pieces, a
# miscount, a piece that does not end clean, --game, --stats).
# Ends with "tsan: N passed, N failed".
BUILD=${BUILD:-build/tsan}
CORPORA=${CORPORA:-build/corpora}
TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"; export TSAN_OPTIONS
bin="$BUILD/bin"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-tsan.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
for t in test_pool test_check_format test_check_observer; do
  if "$BUILD/tests/$t" >"$tmp/out" 2>&1; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $t under ThreadSanitizer:"; grep -A 12 'ThreadSanitizer\|FAIL' "$tmp/out" | head -n 30; fi
done
C="$CORPORA"
files="$C/international/wiegerw-pdn/40Camp.DamaInternazionaleAssoluto.pdn
$C/russian/games-checkers/World_Championship_1998.pdn
$C/international/brunogui-dames/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn
pdn/errors/demo-errors.pdn"
# run TOOL OPTIONS...: -j 3 (one-game pieces, then a window of 2 without pieces) against -j 1,
# standard output and standard error apart (their interleaving is stdio's buffering)
run() {
  tool=$1; shift
  echo "$files" | xargs -d '\n' "$bin/$tool" -j 1 "$@" >"$tmp/one" 2>"$tmp/one.err"; s1=$?
  for env in PK_PIECE_BYTES=1 "PK_PIECE_BYTES=-1 PK_JOBS_WINDOW=2"; do
    echo "$files" | env $env xargs -d '\n' "$bin/$tool" -j 3 "$@" >"$tmp/many" 2>"$tmp/many.err"; s2=$?
    if [ $s1 = $s2 ] && cmp -s "$tmp/one" "$tmp/many" && cmp -s "$tmp/one.err" "$tmp/many.err"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL $tool $* -j 3 ($env) under ThreadSanitizer (exit $s1 vs $s2):"
      grep -A 12 ThreadSanitizer "$tmp/many.err" | head -n 30; diff "$tmp/one.err" "$tmp/many.err" | head -n 5
    fi
  done
}
run pdncheck
run pdncheck --json
run pdnfen --all
run pdnfen --ply 9 --game 3-40
run pdnconv --to json
run pdngrep -u --opening 32-28 # an opening matched on the threads from a FEN (search.c's lent scratch)
echo "tsan: $pass passed, $fail failed"
[ $fail = 0 ]
