#!/bin/sh
# pdnperft against Moby Dam, the fastest open 10x10 perft we can build (issue 26): the
# international start to depth 10 (MOBYDAM_DEPTH; depth 9 takes 0.2 s of CPU, too few for
# the 10 ms steps of /usr/bin/time), bulk counting, single thread, both -O3 -march=native
# (Moby Dam also -flto -mpopcnt, as its README builds it). Moby Dam is not part of pdnkit:
# its folder is given on the command line (make bench MOBYDAM=DIR), built in a scratch
# copy, and only run; without MOBYDAM this prints SKIP. Seven paired runs (one of each, in
# turn, so that both see the same load); the ratio printed is the median of the seven
# Moby Dam time / pdnperft time ratios (above 1: pdnperft is faster).
[ -n "$MOBYDAM" ] || { echo "SKIP mobydam: no MOBYDAM=DIR given"; exit 0; }
[ -d "$MOBYDAM/core" ] && [ -d "$MOBYDAM/test" ] || { echo "bench-mobydam: $MOBYDAM: no core/ and test/ folders" >&2; exit 1; }
depth=${MOBYDAM_DEPTH:-10}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -R "$MOBYDAM/core" "$MOBYDAM/test" "$tmp/" || exit 1
(cd "$tmp/test" && make -s perft CFLAGS="-O3 -march=native -Wall -mpopcnt -flto" >"$tmp/build.log" 2>&1) ||
  { echo "bench-mobydam: building Moby Dam failed (see below)" >&2; cat "$tmp/build.log" >&2; exit 1; }
# The CPU time of each whole run (user seconds, /usr/bin/time), both counting depths 1 to
# $depth from the start (pdnperft prints each depth, Moby Dam's -c does the same): on a
# shared machine, CPU time moves less with the load than the wall clock either program
# prints. Without /usr/bin/time, the programs' own wall-clock times of depth $depth.
cpu() { /usr/bin/time -f %U -o "$tmp/t" "$@" >/dev/null && cat "$tmp/t"; }
ratios=
for run in 1 2 3 4 5 6 7; do
  if [ -x /usr/bin/time ]; then
    ours=$(cpu pdnperft -v international "$depth")
    theirs=$(cpu "$tmp/test/perft" -b -c "$depth")
  else # pdnperft -t: 'DEPTH COUNT SECONDS NODES/S'; Moby Dam: 'perft(D) N nodes, S sec, ...'
    ours=$(pdnperft -v international -t "$depth" | awk -v d="$depth" '$1 == d {print $3 + 0}')
    theirs=$("$tmp/test/perft" -b -c "$depth" | awk -v d="perft($depth)" '$1 == d {print $4}')
  fi
  [ -n "$ours" ] && [ -n "$theirs" ] || { echo "bench-mobydam: no timing read (run $run)" >&2; exit 1; }
  r=$(awk -v a="$theirs" -v b="$ours" 'BEGIN {printf "%.3f", a / b}')
  echo "run $run: pdnperft ${ours}s, Moby Dam ${theirs}s, ratio $r"
  ratios="$ratios $r"
done
echo $ratios | tr ' ' '\n' | sort -n | awk '{v[NR] = $1} END {printf "international perft %d: pdnperft is %.2fx Moby Dam (median of %d paired runs; issue 26 target 1.3x)\n", '"$depth"', v[(NR + 1) / 2], NR}'
