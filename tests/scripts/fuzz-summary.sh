#!/bin/sh
# tests/fuzz/run.sh shows each target's coverage: its summary of a libFuzzer log (which
# writes "#N<TAB>DONE cov: ...", a tab, not blanks) names cov, ft and corp. Needs no fuzzer.
# Ends with "fuzz-summary: N passed, N failed".
got=$(sh tests/fuzz/run.sh --summary tests/fuzz/testdata/libfuzzer.log 2>&1)
want="cov: 1234 ft: 5678 corp: 321/45Kb stat::number_of_executed_units: 123456 stat::peak_rss_mb:              412 "
if [ "$got" = "$want" ]; then
  echo "fuzz-summary: 1 passed, 0 failed"
else
  echo "fuzz-summary: summary of the log is '$got', expected '$want'"
  echo "fuzz-summary: 0 passed, 1 failed"
  exit 1
fi
