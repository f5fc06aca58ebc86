#!/bin/sh
# The result a record states is kept, and every tool states the same one (issue 21 item 2),
# over every game file of the corpora (tests/corpora, unpacked into $BUILD/corpora):
#   (a) pdncheck --json and pdnconv --to json give each game the same result;
#   (b) pdnconv's output, read again, states for each game the result the input stated,
#       with the Result tag's result where the input's tag named one (a tag and a
#       terminator that disagree stay so);
#   (c) pdnconv says (on standard error) every disagreement pdncheck reports.
# Results are compared by what they mean (first-win, second-win, draw, double-forfeit;
# "*", "?", none alike), RULES 4.4: 1-0 and 2-0 are one result, as are 1/2-1/2 and 1-1.
# The files that parser-tests/*/fail* hold are not games.
#   sh tests/scripts/result-kept.sh [FILE...]   (default: the whole corpora)
CORPORA=${CORPORA:-build/corpora}
bin="${BUILD:-build}/bin"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-result.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# What a result token means (RULES 4.4; the tolerated forms too): awk functions.
KIND='function kind(t) {
  if (t == "1-0" || t == "2-0" || t == "1:0" || t == "2:0") return "first-win"
  if (t == "0-1" || t == "0-2" || t == "0:1" || t == "0:2") return "second-win"
  if (t == "1/2-1/2" || t == "1-1" || t == "1/2:1/2" || t == "1:1" || t == "0.5-0.5" || t == "\302\275-\302\275") return "draw"
  if (t == "0-0" || t == "0:0") return "double-forfeit"
  return "unknown"
}'

# game number, result kind, Result tag kind of each game of pdncheck --json (stdin)
check_kinds() {
  grep '^{"type":"game"' |
    sed 's/.*"game":\([0-9]*\),.*"result_kind":"\([a-z-]*\)","result_tag":\("\([^"]*\)"\|null\),"loser".*/\1 \2 \4/' |
    awk "$KIND"' { print $1, $2 == "none" ? "unknown" : $2, kind($3) }'
}

# Under the sanitizers (PK_SANITIZED=1, make check-asan) the files over 2 MB (OCA, two thirds
# of the corpora's bytes) are left out and one file in three of the others is read (the first,
# then every third, in name order): the same code paths on less data, for CI's 30 minutes.
# make check reads them all.
big=; every=1; [ -n "${PK_SANITIZED:-}" ] && big="-size -2000k" && every=3
whole=0
if [ $# -gt 0 ]; then
  for f in "$@"; do printf '%s\n' "$f"; done
else
  whole=1
  (cd "$CORPORA" && find . -name '*.pdn' ! -path './parser-tests/*/fail*' $big | LC_ALL=C sort | sed -n "1~${every}p") |
    sed "s|^\./|$CORPORA/|"
fi > "$tmp/files"
files=0 games=0 bad=0 tagged=0
while IFS= read -r f; do
  [ -r "$f" ] || { echo "FAIL $f: cannot be read"; bad=1; continue; }
  files=$((files + 1))
  "$bin/pdncheck" --json "$f" > "$tmp/check.json" 2>/dev/null
  check_kinds < "$tmp/check.json" > "$tmp/in"
  # (a) pdnconv --to json: the first "game" key is the game's, "result" follows the tags
  "$bin/pdnconv" --to json "$f" 2>/dev/null |
    awk "$KIND"' match($0, /"game":[0-9]+/) { g = substr($0, RSTART + 7, RLENGTH - 7)
      r = match($0, /\},"result":("[^"]*"|null)/) ? substr($0, RSTART + 11, RLENGTH - 11) : ""
      gsub(/"/, "", r); print g, kind(r) }' > "$tmp/conv"
  if ! cut -d' ' -f1,2 "$tmp/in" | cmp -s - "$tmp/conv"; then
    echo "FAIL $f: pdncheck --json and pdnconv --to json state other results (game kind; < pdncheck, > pdnconv):"
    cut -d' ' -f1,2 "$tmp/in" | diff - "$tmp/conv" | head -n 6; bad=1
  fi
  # (b) the output read again
  "$bin/pdnconv" "$f" > "$tmp/out.pdn" 2> "$tmp/err"
  "$bin/pdncheck" --json "$tmp/out.pdn" 2>/dev/null | check_kinds > "$tmp/out"
  # the tag's kind is compared where the input's tag named a result (a "?" is replaced by
  # the terminator's result, as clean PDN has it)
  awk 'NR == FNR { r[$1] = $2; t[$1] = $3; n++; next }
       { m++; if (!($1 in r) || r[$1] != $2 || (t[$1] != "unknown" && t[$1] != $3)) {
           if (shown++ < 5) print "  game " $1 ": input " r[$1] " (tag " t[$1] "), output " $2 " (tag " $3 ")"; bad = 1 } }
       END { if (n != m) { print "  " n " games read, " m " after pdnconv"; bad = 1 } exit bad }' "$tmp/in" "$tmp/out" > "$tmp/diff" ||
    { echo "FAIL $f: a result changed once written by pdnconv:"; cat "$tmp/diff"; bad=1; }
  # (c) the disagreements, said by both
  a=$(grep -c '"code":"result-tag-mismatch"' "$tmp/check.json")
  b=$(grep -c 'the Result tag says' "$tmp/err")
  if [ "$a" != "$b" ]; then
    echo "FAIL $f: pdncheck reports $a Result tags that disagree with the terminator, pdnconv $b"; bad=1
  fi
  tagged=$((tagged + a))
  games=$((games + $(wc -l < "$tmp/in")))
done < "$tmp/files"
echo "result-kept: $files files, $games games, $tagged Result tags that disagree with the terminator (said by both tools)"
# a run that read nothing would compare equal: the corpora hold over 30,000 games (over
# 4,000 in the sanitizers' third of the files without OCA)
min=30000; [ -n "$big" ] && min=4000
if [ $whole -eq 1 ] && [ $games -lt $min ]; then
  echo "result-kept: only $games games read"; bad=1
fi
[ $bad -eq 0 ] && echo "result-kept: 1 passed, 0 failed" || echo "result-kept: 0 passed, 1 failed"
exit $bad
