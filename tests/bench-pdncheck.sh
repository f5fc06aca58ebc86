#!/bin/sh
# pdncheck with the replay (`make bench`): throughput on the OCA file (best of 10, by
# --stats: no process start-up; the host's speed varies by up to 1.5x between runs), with and without --variant (untagged games are guessed
# by a trial replay), then peak memory on 1x and 8x the file, which must stay flat.
# Issue target: 100,000 games/s and 50 MB/s single thread.
BUILD=${BUILD:-build/bench}
SHARED=${SHARED:-../shared}
P=${BUILD}/bin/pdncheck
[ -x "$P" ] || P=pdncheck
OCA="$SHARED/corpora/english/oca/OCA_2.0.pdn"
[ -f "$OCA" ] || { echo "bench-pdncheck: $OCA not found" >&2; exit 1; }

best() { # args: pdncheck options; prints the best --stats line of 10 runs
  b=""
  for i in 1 2 3 4 5 6 7 8 9 10; do
    line=$("$P" --stats "$@" 2>&1 >/dev/null | grep '^pdncheck:')
    gps=$(echo "$line" | sed 's/.* MB\/s, \([0-9]*\) games\/s.*/\1/')
    if [ -z "$b" ] || [ "$gps" -gt "$b" ]; then b=$gps; bl=$line; fi
  done
  echo "$bl" | sed 's/^pdncheck: //'
}
echo "pdncheck replay, OCA 2.0, --variant english: $(best --variant english "$OCA")"
echo "pdncheck replay, OCA 2.0, variant guessed:   $(best "$OCA")"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
for i in 1 2 3 4 5 6 7 8; do cat "$OCA"; done > "$tmp/oca8.pdn"
for f in "$OCA" "$tmp/oca8.pdn"; do
  rss=$("$P" --stats --variant english "$f" 2>&1 >/dev/null | sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p')
  echo "pdncheck replay, $(wc -c < "$f") bytes: peak RSS $rss KiB"
done
