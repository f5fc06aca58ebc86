#!/bin/sh
# No game lost: for every corpus file (tests/corpora/MANIFEST.tsv, parser-tests
# included) and every bad-input case (tests/bad-input/cases), the games pdncheck reports
# equal an independent count, in syntax-only mode AND in full replay mode (a replay must
# not drop a game either), counted two ways: the "type":"game" objects of --json and the
# summary's "games". The independent counts: MANIFEST's max(tag_blocks, result_terminators)
# with the EXPECT table of tests/scripts/pdn-games.sh (reused, not copied) where that
# line-based count is known to be off; the "games" column of tests/bad-input/cases.
# Names each failing file; ends with "no-game-lost: N passed, N failed".
CORPORA=${CORPORA:-build/corpora}
top=$(pwd)
bin="$top/${BUILD:-build}/bin/pdncheck"
C="$CORPORA"
[ -f "$C/MANIFEST.tsv" ] || { echo "no-game-lost: $C/MANIFEST.tsv not found"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-lost.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
pass=0; fail=0

# count ARGS...: prints "<game objects> <summary games>" of pdncheck --json ARGS
count() {
  "$bin" --json "$@" >"$tmp/json" 2>/dev/null
  echo "$(grep -c '^{"type":"game"' "$tmp/json") $(grep '^{"type":"summary"' "$tmp/json" | sed 's/.*"games":\([0-9]*\).*/\1/')"
}
check() { # label expected args...
  label=$1 exp=$2; shift 2
  for mode in syntax replay; do
    if [ $mode = syntax ]; then got=$(count --syntax-only "$@"); else got=$(count "$@"); fi
    if [ "$got" = "$exp $exp" ]; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "FAIL $label ($mode): game objects, summary games = $got; expected $exp"; fi
  done
}

# the EXPECT table of pdn-games.sh: path <TAB> count
sed -n "/^cat >\"\$tmp\/expect\" <<'TAB'\$/,/^TAB\$/p" "$top/tests/scripts/pdn-games.sh" | sed '1d;$d' >"$tmp/expect"
[ -s "$tmp/expect" ] || { echo "no-game-lost: cannot read the EXPECT table of tests/scripts/pdn-games.sh"; exit 1; }

tail -n +2 "$C/MANIFEST.tsv" >"$tmp/manifest"
while IFS="$tab" read -r path bytes sha enc tb rt rest; do
  [ "$tb" = "-" ] && continue
  exp=$(( tb > rt ? tb : rt ))
  o=$(grep -F "$path$tab" "$tmp/expect" | cut -f2)
  [ -n "$o" ] && exp=$o
  check "$path" "$exp" "$C/$path"
done <"$tmp/manifest"
ncorpus=$pass

# the bad inputs
mkdir "$tmp/bad"
sh "$top/tests/bad-input/gen.sh" "$tmp/bad" || { echo "FAIL gen.sh"; exit 1; }
cp "$top"/tests/bad-input/*.pdn "$tmp/bad"/ 2>/dev/null
grep -v '^#' "$top/tests/bad-input/cases" | grep -v '^$' >"$tmp/cases"
while IFS="$tab" read -r name games flags args; do
  # shellcheck disable=SC2086
  (cd "$tmp/bad" && check "bad-input/$name" "$games" $args; echo "$pass $fail" >"$tmp/pf")
  read -r pass fail <"$tmp/pf"
done <"$tmp/cases"
echo "no-game-lost: $ncorpus corpus checks and $((pass - ncorpus)) bad-input checks passed"
echo "no-game-lost: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$ncorpus" -gt 300 ]
