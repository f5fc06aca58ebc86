#!/bin/sh
# Runs the test groups and ends with one line "Tests: N passed, N failed, N skipped".
#   unit    every CUnit program build/tests/test_*
#   golden  every tests/golden/*/ case (see tests/golden/README)
#   corpus  every tests/corpus/*.sh script (whole-corpus runs over tests/corpora)
#   install every tests/install/*.sh script (make install into a DESTDIR, public headers)
# A test script exits 77 when a tool it needs is missing (SKIP, counted apart); PK_NO_SKIP=1
# (.ci/run) makes any skip fail the run. With no argument, all four groups in that order. Environment: BUILD (build tree), CORPORA (the corpora
# unpacked by make: tests/corpora with its .zst files decompressed; default $BUILD/corpora).
BUILD=${BUILD:-build}
top=$(pwd)
CORPORA=${CORPORA:-$BUILD/corpora}
case $CORPORA in /*) ;; *) CORPORA="$top/$CORPORA" ;; esac
export BUILD CORPORA
PATH="$top/$BUILD/bin:$PATH"; export PATH
groups=${*:-"unit golden corpus install"}
pass=0; fail=0; skip=0; failed=""; skipped=""
log="$BUILD/test-logs"; mkdir -p "$log"
: >"$log/times"
now() { date +%s; }

# record NAME STATUS SECONDS: status 0 passed, 77 skipped (a tool the test needs is missing:
# the script says which on its last line), anything else failed
record() {
  case $2 in
  0) pass=$((pass + 1)) ;;
  77) skip=$((skip + 1)); skipped="$skipped $1" ;;
  *) fail=$((fail + 1)); failed="$failed $1" ;;
  esac
  printf '%s %s\n' "$3" "$1" >>"$log/times"
}
# expected NAME COUNT: the group must run exactly COUNT tests (a test that silently did not
# run is a failure, not a pass)
ran=0; want=0
expect() { want=$((want + $2)); }

for g in $groups; do
  case $g in
  unit)
    # every tests/unit/test_*.c is a program that must exist and run
    expect unit "$(ls tests/unit/test_*.c | wc -l)"
    for c in tests/unit/test_*.c; do
      n=$(basename "$c" .c); t="$BUILD/tests/$n"; t0=$(now); ran=$((ran + 1))
      if [ ! -x "$t" ]; then echo "FAIL unit $n: $t was not built"; record "unit:$n" 1 0; continue; fi
      if "$t" >"$log/$n.out" 2>&1; then st=0; else st=$?; fi
      # A CUnit program exits non-zero when an assertion failed (see tests/unit/pktest.h).
      grep -E '^ *(asserts|tests|suites) ' "$log/$n.out" | sed "s|^|$n: |"
      [ $st -eq 0 ] || { echo "FAIL unit $n (exit $st)"; tail -n 40 "$log/$n.out"; }
      record "unit:$n" $st $(($(now) - t0))
    done ;;
  golden)
    expect golden "$(ls -d tests/golden/*/ | wc -l)"
    for d in tests/golden/*/; do
      n=$(basename "$d"); t0=$(now); ran=$((ran + 1))
      if sh tests/golden.sh "$d" >"$log/golden.$n.out" 2>&1; then st=0; else st=1; fi
      [ $st -eq 0 ] || { echo "FAIL golden $d"; cat "$log/golden.$n.out"; }
      record "golden:$n" $st $(($(now) - t0))
    done
    echo "golden: $pass passed so far" ;;
  corpus | install)
    expect $g "$(ls tests/$g/*.sh | wc -l)"
    for s in tests/$g/*.sh; do
      n=$(basename "$s" .sh); t0=$(now); ran=$((ran + 1))
      if sh "$s" >"$log/$g.$n.out" 2>&1; then st=0; else st=$?; fi
      tail -n 3 "$log/$g.$n.out" | sed "s|^|$g $n: |"
      case $st in
      0) ;;
      77) echo "SKIP $g $n" ;;
      *) st=1; echo "FAIL $g $n"; tail -n 40 "$log/$g.$n.out" ;;
      esac
      record "$g:$n" $st $(($(now) - t0))
    done ;;
  *) echo "run-all.sh: unknown group '$g'" >&2; exit 2 ;;
  esac
done

[ $ran -eq $want ] || { echo "FAIL run-all: $ran tests ran, $want expected"; fail=$((fail + 1)); }
echo "slowest: $(sort -rn "$log/times" | head -n 5 | awk '{ printf "%s%s %ss", sep, $2, $1; sep = ", " }')"
[ -z "$failed" ] || echo "failed:$failed"
[ -z "$skipped" ] || echo "skipped:$skipped"
echo "Tests: $pass passed, $fail failed, $skip skipped"
# a skipped test is a pass only where its tools cannot be installed; CI (PK_NO_SKIP=1) wants all
if [ "${PK_NO_SKIP:-}" = 1 ] && [ $skip -gt 0 ]; then
  echo "run-all: $skip tests skipped, and PK_NO_SKIP=1 (CI) accepts none"; exit 1
fi
[ $fail -eq 0 ]
