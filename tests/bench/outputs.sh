#!/bin/sh
# Every output at every -j (issue 37): pdncheck --json, pdncheck --html and pdnconv (clean
# PDN, and --to json) against the plain check at the same -j, on OCA x 4 (46 MB), at -j 1
# and -j $(nproc); then each one's speed-up from -j 1 to -j $(nproc). Goals: each within
# 1.5x of the plain check, and -j 2 at least 1.7x -j 1 (the outputs are formatted by the
# workers, in file order, not after them).
# Five paired runs of each (the plain check, then the output, in turn, so both see the
# same load); printed: the median of the five ratios of CPU time (user + sys, steadier than
# the wall clock on a shared machine) and of wall time, with the load average before and
# after (on a loaded machine the wall clock, and so the speed-up, is mostly the load's).
# pdnconv --to json writes about 19 bytes for each byte read (a FEN per ply): its ratio
# is printed for the record, beside the others, without a goal.
BUILD=${BUILD:-build/bench}
CORPORA=${CORPORA:-build/corpora}
B=${BUILD}/bin
[ -x "$B/pdncheck" ] || B=$(dirname "$(command -v pdncheck)")
OCA="$CORPORA/english/oca/OCA_2.0.pdn"
[ -f "$OCA" ] || { echo "bench-outputs: $OCA not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "SKIP outputs: /usr/bin/time missing"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-outputs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
for i in 1 2 3 4; do cat "$OCA"; done >"$tmp/oca4.pdn"
n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
[ "$n" -ge 2 ] || n=2

# One run: "CPU WALL" in seconds (the command's output thrown away)
one() { /usr/bin/time -f '%U %S %e' -o "$tmp/t" "$@" >/dev/null 2>&1; awk '{printf "%.3f %.3f\n", $1 + $2, $3}' "$tmp/t"; }
med() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
cmd() { # output j: the command line
  case $1 in
  plain) echo "$B/pdncheck -j $2" ;;
  json) echo "$B/pdncheck -j $2 --json" ;;
  html) echo "$B/pdncheck -j $2 --html $tmp/o.html" ;;
  pdnconv) echo "$B/pdnconv -j $2" ;;
  convjson) echo "$B/pdnconv -j $2 --to json" ;;
  esac
}
for o in json html pdnconv convjson; do
  for j in 1 "$n"; do
    l0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
    : >"$tmp/pairs"
    for i in 1 2 3 4 5; do
      # shellcheck disable=SC2046
      p=$(one $(cmd plain "$j") "$tmp/oca4.pdn"); q=$(one $(cmd "$o" "$j") "$tmp/oca4.pdn")
      echo "$p $q" >>"$tmp/pairs"
    done
    rc=$(awk '$1 > 0 {print $3 / $1}' "$tmp/pairs" | med); rw=$(awk '$2 > 0 {print $4 / $2}' "$tmp/pairs" | med)
    wq=$(cut -d' ' -f4 "$tmp/pairs" | med)
    echo "$o $j $wq" >>"$tmp/walls"
    goal="goal 1.5x"; [ "$o" = convjson ] && goal="no goal: 19x the bytes out"
    awk -v o="$o" -v j="$j" -v rc="$rc" -v rw="$rw" -v l0="$l0" -v l1="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)" -v g="$goal" \
      'BEGIN {printf "outputs, OCA x 4, %-8s -j %s: %.2fx the plain check in CPU, %.2fx in wall time (medians of 5 paired runs; %s), load %s-%s\n", o, j, rc, rw, g, l0, l1}'
  done
done
# The speed-up of each from -j 1 to -j $n: the median wall times above
for o in json html pdnconv convjson; do
  awk -v o="$o" -v n="$n" '$1 == o && $2 == 1 {a = $3} $1 == o && $2 == n {b = $3}
    END {printf "outputs, OCA x 4, %-8s -j %s is %.2fx -j 1 in wall time (goal 1.7x at -j 2)\n", o, n, a / b}' "$tmp/walls"
done
