#!/bin/sh
# pdnperft against Moby Dam, the fastest open 10x10 perft we can build (issue 26): the
# international start to depth 9, bulk counting, single thread, both -O3 -march=native
# (Moby Dam also -flto -mpopcnt, as its README builds it). Moby Dam is not part of pdnkit:
# its folder is given on the command line (make bench MOBYDAM=DIR), built in a scratch
# copy, and only run; without MOBYDAM this prints SKIP. Five paired runs (one of each, in
# turn, so that both see the same load); the ratio printed is the median of the five
# Moby Dam time / pdnperft time ratios (above 1: pdnperft is faster).
[ -n "$MOBYDAM" ] || { echo "SKIP mobydam: no MOBYDAM=DIR given"; exit 0; }
[ -d "$MOBYDAM/core" ] && [ -d "$MOBYDAM/test" ] || { echo "bench-mobydam: $MOBYDAM: no core/ and test/ folders" >&2; exit 1; }
depth=${MOBYDAM_DEPTH:-9}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -R "$MOBYDAM/core" "$MOBYDAM/test" "$tmp/" || exit 1
(cd "$tmp/test" && make -s perft CFLAGS="-O3 -march=native -Wall -mpopcnt -flto" >"$tmp/build.log" 2>&1) ||
  { echo "bench-mobydam: building Moby Dam failed (see below)" >&2; cat "$tmp/build.log" >&2; exit 1; }
ratios=
for run in 1 2 3 4 5; do
  # pdnperft -t: 'DEPTH COUNT SECONDS NODES/S' per depth; its last line is depth $depth
  ours=$(pdnperft -v international -t "$depth" | awk -v d="$depth" '$1 == d {print $3 + 0}')
  # Moby Dam: 'perft(D) N nodes, S sec, ...' for every depth up to -c
  theirs=$("$tmp/test/perft" -b -c "$depth" | awk -v d="perft($depth)" '$1 == d {print $4}')
  [ -n "$ours" ] && [ -n "$theirs" ] || { echo "bench-mobydam: no timing read (run $run)" >&2; exit 1; }
  r=$(awk -v a="$theirs" -v b="$ours" 'BEGIN {printf "%.3f", a / b}')
  echo "run $run: pdnperft ${ours}s, Moby Dam ${theirs}s, ratio $r"
  ratios="$ratios $r"
done
echo $ratios | tr ' ' '\n' | sort -n | awk '{v[NR] = $1} END {printf "international perft %d: pdnperft is %.2fx Moby Dam (median of %d paired runs; issue 26 target 1.3x)\n", '"$depth"', v[(NR + 1) / 2], NR}'
