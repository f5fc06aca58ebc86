#!/bin/sh
# The recipe for archives beyond one machine (pdncheck(1) EXAMPLES, doc/guide.md), run locally with GNU parallel
# (issue 13): (1) every corpus file as its own job, (2) one big file split with
# --shard K/3. The JSON Lines of the jobs, merged, must equal a single run's: the same
# game objects (as a set) and the same totals. parallel comes from make deps-check; when it
# is missing the test says so and exits 77 (SKIP, which fails CI).
CORPORA=${CORPORA:-build/corpora}
top=$(pwd)
bin="$top/${BUILD:-build}/bin/pdncheck"
if ! command -v parallel >/dev/null 2>&1; then
  echo "SKIP shard-parallel: GNU parallel missing (make deps-check installs it, as root)"
  exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-par.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
# totals NAME: games, with_errors, errors, warnings summed over the summary lines of a file
totals() {
  sed -n 's/.*"type":"summary".*"games":\([0-9]*\),"with_errors":\([0-9]*\),"errors":\([0-9]*\),"warnings":\([0-9]*\).*/\1 \2 \3 \4/p' "$1" |
    awk '{g+=$1; w+=$2; e+=$3; x+=$4} END {print g, w, e, x}'
}
compare() { # label single merged
  grep '"type":"game"' "$2" | LC_ALL=C sort >"$tmp/a"
  grep '"type":"game"' "$3" | LC_ALL=C sort >"$tmp/b"
  if cmp -s "$tmp/a" "$tmp/b" && [ "$(totals "$2")" = "$(totals "$3")" ] && [ -s "$tmp/a" ]; then
    pass=$((pass + 1)); echo "ok   $1: $(wc -l <"$tmp/a") games, totals $(totals "$2")"
  else
    fail=$((fail + 1)); echo "FAIL $1: totals $(totals "$2") vs $(totals "$3")"; diff "$tmp/a" "$tmp/b" | head -n 5
  fi
}
find "$CORPORA" -name '*.pdn' | LC_ALL=C sort >"$tmp/files"
# (1) many files over jobs: parallel -j 2, one pdncheck per file (on many machines add
#     --sshlogin host1,host2 and --transferfile {}, as pdncheck(1) EXAMPLES says)
xargs -d '\n' "$bin" -j 1 --json <"$tmp/files" >"$tmp/single" 2>/dev/null
parallel -j 2 "$bin" -j 1 --json {} <"$tmp/files" >"$tmp/merged" 2>/dev/null
compare "files over parallel -j 2" "$tmp/single" "$tmp/merged"
# (2) one big file over shards
big="$CORPORA/english/oca/OCA_2.0.pdn"
"$bin" -j 1 --json "$big" >"$tmp/single" 2>/dev/null
parallel -j 2 "$bin" -j 1 --json --shard {}/3 "$big" ::: 0 1 2 >"$tmp/merged" 2>/dev/null
compare "one file over --shard K/3" "$tmp/single" "$tmp/merged"
echo "shard-parallel: $pass passed, $fail failed"
[ $fail = 0 ]
