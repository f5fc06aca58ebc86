#!/bin/sh
# Runs the test groups and ends with one line "N passed, N failed".
#   unit    every CUnit program build/tests/test_*
#   golden  every tests/golden/*/ case (see tests/golden/README)
#   corpus  every tests/corpus/*.sh script (whole-corpus runs over tests/corpora)
#   install every tests/install/*.sh script (make install into a DESTDIR, public headers)
# With no argument, all four in that order. Environment: BUILD (build tree), CORPORA (the corpora
# unpacked by make: tests/corpora with its .zst files decompressed; default $BUILD/corpora).
BUILD=${BUILD:-build}
top=$(pwd)
CORPORA=${CORPORA:-$BUILD/corpora}
case $CORPORA in /*) ;; *) CORPORA="$top/$CORPORA" ;; esac
export BUILD CORPORA
PATH="$top/$BUILD/bin:$PATH"; export PATH
groups=${1:-"unit golden corpus install"}
pass=0; fail=0; failed=""
log="$BUILD/test-logs"; mkdir -p "$log"

record() { # name status
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $1"; fi
}

for g in $groups; do
  case $g in
  unit)
    for t in "$BUILD"/tests/test_*; do
      [ -x "$t" ] || continue
      n=${t##*/}
      if "$t" >"$log/$n.out" 2>&1; then st=0; else st=$?; fi
      # A CUnit program exits non-zero when an assertion failed (see tests/unit/pktest.h).
      grep -E '^ *(asserts|tests|suites) ' "$log/$n.out" | sed "s|^|$n: |"
      [ $st -eq 0 ] || { echo "FAIL unit $n (exit $st)"; tail -n 40 "$log/$n.out"; }
      record "unit:$n" $st
    done ;;
  golden)
    for d in tests/golden/*/; do
      [ -f "$d/cmd" ] || continue
      if sh tests/golden.sh "$d" >"$log/golden.$(basename "$d").out" 2>&1; then st=0; else st=1; fi
      [ $st -eq 0 ] || { echo "FAIL golden $d"; cat "$log/golden.$(basename "$d").out"; }
      record "golden:$(basename "$d")" $st
    done
    echo "golden: $pass passed so far" ;;
  corpus | install)
    for s in tests/$g/*.sh; do
      [ -f "$s" ] || continue
      n=$(basename "$s" .sh)
      if sh "$s" >"$log/$g.$n.out" 2>&1; then st=0; else st=1; fi
      tail -n 3 "$log/$g.$n.out" | sed "s|^|$g $n: |"
      [ $st -eq 0 ] || { echo "FAIL $g $n"; tail -n 40 "$log/$g.$n.out"; }
      record "$g:$n" $st
    done ;;
  *) echo "run-all.sh: unknown group '$g'" >&2; exit 2 ;;
  esac
done

[ -z "$failed" ] || echo "failed:$failed"
echo "Tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
