#!/bin/sh
# pdncheck with the replay (`make bench`): throughput on the OCA file (best of 10, by
# --stats: no process start-up; the host's speed varies by up to 1.5x between runs):
# parsing alone, --variant english, and the variant guessed (the file's first games vote,
# resolve.h), with the two ratios issue 21 item 18 sets goals for; then peak memory on 1x
# and 8x the file, which must stay flat.
# Issue target: 100,000 games/s and 50 MB/s single thread.
BUILD=${BUILD:-build/bench}
CORPORA=${CORPORA:-build/corpora}
P=${BUILD}/bin/pdncheck
[ -x "$P" ] || P=pdncheck
OCA="$CORPORA/english/oca/OCA_2.0.pdn"
[ -f "$OCA" ] || { echo "bench-pdncheck: $OCA not found" >&2; exit 1; }

best() { # args: pdncheck options; prints the best --stats line of 10 runs
  b=""
  for i in 1 2 3 4 5 6 7 8 9 10; do
    line=$("$P" --stats "$@" 2>&1 >/dev/null | grep '^pdncheck: .* MB/s')
    gps=$(echo "$line" | sed 's/.* MB\/s, \([0-9]*\) games\/s.*/\1/')
    if [ -z "$b" ] || [ "$gps" -gt "$b" ]; then b=$gps; bl=$line; fi
  done
  echo "$bl" | sed 's/^pdncheck: //'
}
gps_of() { echo "$1" | sed 's/.* MB\/s, \([0-9]*\) games\/s.*/\1/'; }
ratio() { awk "BEGIN {printf \"%.2f\", $1 / $2}"; } # games/s of the faster run / of the slower
ls=$(best -j 1 --syntax-only "$OCA"); le=$(best -j 1 --variant english "$OCA"); lg=$(best -j 1 "$OCA")
echo "pdncheck replay, OCA 2.0, -j 1 --syntax-only:     $ls"
echo "pdncheck replay, OCA 2.0, -j 1 --variant english: $le"
echo "pdncheck replay, OCA 2.0, -j 1 variant guessed:   $lg"
# Issue 21 item 18: the full check within 2x of parsing alone, a guess within 1.25x of a
# named variant (times: the inverse ratio of games/s)
echo "pdncheck ratios, OCA 2.0, -j 1: --variant english / --syntax-only $(ratio "$(gps_of "$ls")" "$(gps_of "$le")")x (goal 2x), guessed / --variant english $(ratio "$(gps_of "$le")" "$(gps_of "$lg")")x (goal 1.25x)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
for i in 1 2 3 4 5 6 7 8; do cat "$OCA"; done > "$tmp/oca8.pdn"
for f in "$OCA" "$tmp/oca8.pdn"; do
  rss=$("$P" --stats -j 1 --variant english "$f" 2>&1 >/dev/null | sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p')
  echo "pdncheck replay, $(wc -c < "$f") bytes: peak RSS $rss KiB"
done
# Every core (issue 13): OCA x 8 at -j 1 and -j $(nproc), best of 5 each, the runs taken
# in turns (the host's speed drifts: runs far apart in time make a speed-up of noise),
# and the speed-up.
n=$(nproc)
gps() { "$P" --stats "$@" "$tmp/oca8.pdn" 2>&1 >/dev/null | sed -n 's/.* MB\/s, \([0-9]*\) games\/s.*/\1/p'; }
g1=0; gn=0
for i in 1 2 3 4 5; do
  g=$(gps -j 1); [ "$g" -gt "$g1" ] && g1=$g
  g=$(gps -j "$n"); [ "$g" -gt "$gn" ] && gn=$g
done
echo "pdncheck replay, OCA x 8: -j 1 $g1 games/s, -j $n $gn games/s: speed-up $(awk "BEGIN {printf \"%.2f\", $gn / $g1}")x"
# The ratios at -j $n (best of 5, in turns)
ns=0; ne=0; ng=0
for i in 1 2 3 4 5; do
  g=$(gps -j "$n" --syntax-only); [ "$g" -gt "$ns" ] && ns=$g
  g=$(gps -j "$n" --variant english); [ "$g" -gt "$ne" ] && ne=$g
  g=$(gps -j "$n"); [ "$g" -gt "$ng" ] && ng=$g
done
echo "pdncheck ratios, OCA x 8, -j $n: --variant english / --syntax-only $(ratio "$ns" "$ne")x (goal 2x), guessed / --variant english $(ratio "$ne" "$ng")x (goal 1.25x)"
rss=$("$P" --stats -j "$n" "$tmp/oca8.pdn" 2>&1 >/dev/null | sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p')
echo "pdncheck replay, OCA x 8, -j $n: peak RSS $rss KiB"
# The arbiter's HTML report of OCA (issue 12): its wall time against the plain check's at
# the same -j, -j 1 and every core (issue 31 item 11: within 1.5x; the report's parts are
# built by the workers). 11 paired runs each (one of each, in turn, so that both see the
# same load); printed: the median of the 11 ratios, the median times, and the machine's
# load average before and after (on a loaded machine the wall clock is mostly the load's).
t() { s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $((e - s)); }
med() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
for j in 1 "$n"; do
  load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
  : >"$tmp/pairs"
  for i in 1 2 3 4 5 6 7 8 9 10 11; do
    tp=$(t "$P" -j "$j" "$OCA"); th=$(t "$P" -j "$j" --html "$tmp/oca.html" "$OCA")
    echo "$tp $th" >>"$tmp/pairs"
  done
  r=$(awk '{print $2 / $1}' "$tmp/pairs" | med)
  tp=$(cut -d' ' -f1 "$tmp/pairs" | med); th=$(cut -d' ' -f2 "$tmp/pairs" | med)
  awk -v j="$j" -v r="$r" -v tp="$tp" -v th="$th" -v l0="$load0" -v l1="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)" \
    -v size="$(wc -c < "$tmp/oca.html")" 'BEGIN {printf "pdncheck --html, OCA 2.0, -j %s: %.2fx the plain check (median of 11 paired runs; %.3f s against %.3f s; goal 1.5x), page %d bytes, load %s-%s\n", j, r, th / 1e9, tp / 1e9, size, l0, l1}'
done
# Issue 37: parsing at 500 MB/s per core on OCA x 8 (best of 5 --stats runs, with the load
# beside it), or its instruction count halved where the wall clock is the load's; the full
# check within 1.5x of parsing alone. Instructions by callgrind on OCA 2.0 at -j 1 (the
# same on a loaded machine); 683,327,360 --syntax-only on 2026-12-07 before issue 37.
load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
bs=""
for i in 1 2 3 4 5; do
  l=$("$P" --stats -j 1 --syntax-only "$tmp/oca8.pdn" 2>&1 >/dev/null | sed -n 's/.* \([0-9.]*\) MB\/s.*/\1/p')
  if [ -z "$bs" ] || awk "BEGIN {exit !($l > $bs)}"; then bs=$l; fi
done
echo "pdncheck --syntax-only -j 1, OCA x 8: $bs MB/s (best of 5; goal 500 MB/s per core), load $load0-$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)"
if command -v valgrind >/dev/null 2>&1; then
  ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$P" -j 1 "$@" "$OCA" 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,; }
  is=$(ir --syntax-only); ie=$(ir --variant english); ig=$(ir)
  awk -v s="$is" -v e="$ie" -v g="$ig" 'BEGIN {printf "pdncheck instructions, OCA 2.0, -j 1: --syntax-only %d (%.2fx of 683,327,360 before issue 37; goal 0.5x), --variant english %d (%.2fx parsing; goal 1.5x), guessed %d (%.2fx parsing)\n", s, s / 683327360, e, e / s, g, g / s}'
else
  echo "pdncheck instructions: not measured (valgrind missing: make deps-check installs it)"
fi
