#!/bin/sh
# Runs the libFuzzer targets built by `make fuzz` (the Makefile builds them first).
#   sh tests/fuzz/run.sh [TARGET]...      default: every $BUILD/fuzzers/fuzz_*
# Environment: BUILD (default build/fuzz), CORPORA (the unpacked corpora), FUZZ_SECONDS (per target, default 60),
# FUZZ_JOBS (targets run at the same time, default 1), FUZZ_ARGS (extra libFuzzer flags).
# Each target's corpus grows in $BUILD/corpus-<target> (kept between runs); the seeds are
# rebuilt in $BUILD/seeds-<target> by tests/fuzz/seeds.sh. A crash, leak, timeout or
# out-of-memory input is saved as $BUILD/artifacts/<target>-crash-<sha1> (or -leak-,
# -timeout-, -oom-): the run fails and names it. Turn it into a regression test in
# tests/bad-input/ (see tests/bad-input/README).
# The summary of one log (what run_one prints after "ok"), for tests/scripts/fuzz-summary.sh:
#   sh tests/fuzz/run.sh --summary LOG
# libFuzzer ends with "#N<TAB>DONE   cov: ... ft: ... corp: ..." (a tab after the count).
summary() { # log
  cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$1" | sed 's/^#[0-9]*[[:space:]]*DONE[[:space:]]*//; s/[[:space:]]*lim.*//')
  stats=$(grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$1" | tr '\n' ' ')
  echo "$cov $stats"
}
if [ "$1" = --summary ]; then
  [ -f "$2" ] || { echo "run.sh: --summary: no log '$2'" >&2; exit 2; }
  summary "$2"; exit 0
fi

BUILD=${BUILD:-build/fuzz}
CORPORA=${CORPORA:-build/corpora}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_JOBS=${FUZZ_JOBS:-1}
export BUILD CORPORA
targets=$*
[ -n "$targets" ] || targets=$(cd "$BUILD/fuzzers" && ls fuzz_* | grep -v '\.d$')
sh tests/fuzz/seeds.sh || exit 1
mkdir -p "$BUILD/artifacts" "$BUILD/logs"

run_one() { # target
  t=$1
  mkdir -p "$BUILD/corpus-$t"
  dict=""
  [ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
  # -timeout: one input taking more than 10 s is a hang; -rss_limit_mb: memory blow-up
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
  "$BUILD/fuzzers/$t" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
    -max_len=16384 -print_final_stats=1 -artifact_prefix="$BUILD/artifacts/$t-" $dict $FUZZ_ARGS \
    "$BUILD/corpus-$t" "$BUILD/seeds-$t" >"$BUILD/logs/$t.log" 2>&1
  st=$?
  if [ $st -eq 0 ]; then
    echo "fuzz $t: ok, ${FUZZ_SECONDS}s: $(summary "$BUILD/logs/$t.log")"
  else
    echo "FAIL fuzz $t (exit $st): see $BUILD/logs/$t.log"
    grep -E 'ERROR: |SUMMARY: |Test unit written to|runtime error' "$BUILD/logs/$t.log" | head -n 8
  fi
  return $st
}

fail=0; running=0; pids=""
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
for t in $targets; do
  [ -x "$BUILD/fuzzers/$t" ] || { echo "FAIL fuzz $t: $BUILD/fuzzers/$t not built"; fail=1; continue; }
  ( run_one "$t" >"$tmp/$t.out"; echo $? >"$tmp/$t.st" ) &
  pids="$pids $!"; running=$((running + 1))
  if [ $running -ge "$FUZZ_JOBS" ]; then wait; running=0; fi
done
wait
for t in $targets; do
  [ -f "$tmp/$t.out" ] || continue
  cat "$tmp/$t.out"
  [ "$(cat "$tmp/$t.st")" = 0 ] || fail=1
done
[ $fail -eq 0 ] && echo "fuzz: every target ran ${FUZZ_SECONDS}s without a finding" \
  || echo "fuzz: findings in $BUILD/artifacts/ (reproduce: $BUILD/fuzzers/<target> <file>)"
exit $fail
