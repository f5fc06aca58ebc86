#!/bin/sh
# Replays every game of the corpora (tests/corpora, unpacked into $BUILD/corpora) with pdncheck (full adjudication) and compares
# every error, and each folder's summary line, with tests/scripts/replay-corpora.expected.
# Each error there is a real fault of the record, explained in the comment above it; a
# change of verdict (a new error or a lost one) shows as a diff.
# To refresh after checking the diff by hand: sh tests/scripts/replay-corpora.sh --update
CORPORA=${CORPORA:-build/corpora}
top=$(pwd)
bin="$top/${BUILD:-build}/bin/pdncheck"
expected="$top/tests/scripts/replay-corpora.expected"
out=${TMPDIR:-/tmp}/pk-replay-corpora.$$
trap 'rm -f "$out" "$out.cmp"' EXIT
cd "$CORPORA" || { echo "no corpora at $CORPORA"; exit 1; }
: > "$out"
for d in english international russian italian czech brazilian frisian pool parser-tests; do
  echo "== $d" >> "$out"
  find "$d" -name '*.pdn' -print0 | LC_ALL=C sort -z | xargs -0 "$bin" > "$out.all" 2>&1
  echo "exit $?" >> "$out"
  grep ': error: ' "$out.all" >> "$out"
  tail -n 1 "$out.all" >> "$out"
done
rm -f "$out.all"
if [ "$1" = --update ]; then
  grep -v '^#' "$out" > "$expected.new"
  echo "wrote $expected.new: merge its lines into $expected by hand, keeping the comments"
  exit 0
fi
grep -v '^#' "$expected" > "$out.cmp"
if cmp -s "$out.cmp" "$out"; then
  echo "replay-corpora: $(grep -c ': error: ' "$out") known record errors, every folder as expected"
  echo "replay-corpora: 1 passed, 0 failed"
  exit 0
fi
echo "replay-corpora: verdicts changed (- expected, + now):"
diff -u "$out.cmp" "$out" | sed 1,2d
echo "replay-corpora: 0 passed, 1 failed"
exit 1
