#!/bin/sh
# -j N gives the same report as -j 1, byte for byte (issue 13): every game file of
# the corpora (tests/corpora, unpacked into $BUILD/corpora) and the bundled pdn/, in GNU and JSON output and with
# the HTML report (the page compared too: its parts are written by the workers), with 3 worker threads
# and a window of 4 games in flight (PK_JOBS_WINDOW) so that workers finish out of order,
# with the default window, and with the workers reading pieces of one game each
# (PK_PIECE_BYTES=1: a cut at every game that ends with a result, see src/batch/check.c). Ends with "jobs: N passed, N failed".
# the HTML report's date (pdncheck(1) THE HTML REPORT): the pages of two runs are compared byte for byte
SOURCE_DATE_EPOCH=0; export SOURCE_DATE_EPOCH
CORPORA=${CORPORA:-build/corpora}
top=$(pwd)
bin="$top/${BUILD:-build}/bin/pdncheck"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-jobs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
find "$CORPORA" pdn -name '*.pdn' | LC_ALL=C sort >"$tmp/files"
[ -s "$tmp/files" ] || { echo "jobs: no game file found under $CORPORA"; exit 1; }
for mode in "" "--json" "--no-variations --json" "--strict --html" "--pick-first --json --html"; do
  h1=; h2=; rm -f "$tmp/one.html" "$tmp/many.html"
  case "$mode" in *--html) mode=${mode%--html}; h1="--html=$tmp/one.html"; h2="--html=$tmp/many.html" ;; esac
  # one run over all files: the order of files and games is part of what must not change
  xargs -d '\n' "$bin" -j 1 $mode $h1 <"$tmp/files" >"$tmp/one" 2>"$tmp/one.err"; s1=$?
  for label in "-j 3" "-j 2" "-j 2 tiny pieces"; do
    run=$label
    unset PK_JOBS_WINDOW PK_PIECE_BYTES
    if [ "$run" = "-j 3" ]; then export PK_JOBS_WINDOW=4; fi
    if [ "$label" = "-j 2 tiny pieces" ]; then export PK_PIECE_BYTES=1; run="-j 2"; fi
    xargs -d '\n' "$bin" $run $mode $h2 <"$tmp/files" >"$tmp/many" 2>"$tmp/many.err"; s2=$?
    if cmp -s "$tmp/one" "$tmp/many" && cmp -s "$tmp/one.err" "$tmp/many.err" && [ $s1 = $s2 ] &&
      { [ -z "$h1" ] || cmp -s "$tmp/one.html" "$tmp/many.html"; }; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL pdncheck $label $mode $h2 differs from -j 1 (exit $s1 vs $s2):"
      diff "$tmp/one" "$tmp/many" | head -n 10
      [ -z "$h1" ] || cmp "$tmp/one.html" "$tmp/many.html" | head -n 2
    fi
  done
done
unset PK_JOBS_WINDOW PK_PIECE_BYTES
echo "jobs: $(wc -l <"$tmp/files") files, $(grep -c '"type":"game"' "$tmp/one") games compared"
echo "jobs: $pass passed, $fail failed"
[ $fail = 0 ]
