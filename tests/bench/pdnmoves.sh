#!/bin/sh
# pdnmoves over many positions (`make bench`): the FEN before every ply of the games of
# tests/corpora/international (replayed by tests/bench/game-fens.c, built here against
# the benchmark library), the first 100,000 of them, through `pdnmoves -` (every legal
# move with its full path, captured squares and FEN after). Best of 5 wall-clock runs,
# process start included. Issue 10 target: 100,000 positions/s.
BUILD=${BUILD:-build/bench}
CORPORA=${CORPORA:-build/corpora}
CC=${CC:-cc}
# the library's link line (make bench passes the Makefile's LIBS)
LIBS=${LIBS:-"$(pkg-config --libs libpcre2-8 zlib libzstd liblzma 2>/dev/null) -lbz2 -lm"}
P=${BUILD}/bin/pdnmoves
[ -x "$P" ] || { echo "bench-pdnmoves: $P not built" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-bench-moves.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
# the library's headers: include/pdnkit/, one folder per layer (the Makefile's SRC_INC)
inc=$(for d in include/pdnkit src src/*/; do printf ' -I%s' "${d%/}"; done)
$CC -O2 -std=c11 -D_POSIX_C_SOURCE=200809L $inc tests/bench/game-fens.c "$BUILD/libpdnkit.a" \
  $LIBS -o "$tmp/game-fens" || exit 1
find "$CORPORA/international" -name '*.pdn' -print0 | LC_ALL=C sort -z |
  xargs -0 "$tmp/game-fens" international > "$tmp/all.txt"
head -n 100000 "$tmp/all.txt" > "$tmp/fens.txt"
n=$(wc -l < "$tmp/fens.txt")
[ "$n" -eq 100000 ] || { echo "bench-pdnmoves: only $n positions" >&2; exit 1; }
best=""
for i in 1 2 3 4 5; do
  t0=$(date +%s%N)
  "$P" - < "$tmp/fens.txt" > "$tmp/out.txt" || exit 1
  t1=$(date +%s%N)
  ns=$((t1 - t0))
  if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
done
lines=$(wc -l < "$tmp/out.txt")
echo "pdnmoves -: $n international positions from real games, $lines moves listed:" \
  "$(awk -v ns="$best" -v n="$n" 'BEGIN { printf "%.3f s, %d positions/s", ns / 1e9, n / (ns / 1e9) }')"
"$P" -c 32-28 - < "$tmp/fens.txt" > /dev/null
t0=$(date +%s%N)
"$P" -c 32-28 - < "$tmp/fens.txt" > /dev/null
t1=$(date +%s%N)
echo "pdnmoves --check 32-28 -: $(awk -v ns="$((t1 - t0))" -v n="$n" 'BEGIN { printf "%.3f s, %d positions/s", ns / 1e9, n / (ns / 1e9) }')"
