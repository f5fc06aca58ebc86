#!/bin/sh
# pdngrep (`make bench`), over the OCA file (22,621 English games): the CPU time of each
# command (perf's task-clock where perf runs, else user + system time), best of 7, the
# runs of each pair taken in turns, output to /dev/null. CPU time, not wall time: on a
# shared machine the wait for a core would swamp the ratios (the speed-up of -j N, which
# is about wall time, is measured by the wall clock and depends on the machine's load).
# Issue 24's targets:
#   - a position, material or opening search at -j 1 within 1.5x pdncheck -j 1 --variant
#     english (with --rules english, the same reading; without it the games' variant is
#     guessed, as pdncheck guesses it, and the ratio is against pdncheck guessing too);
#   - tag criteria skip the replay: within 1.2x the reading alone (pdncheck --syntax-only);
#   - -j every core against -j 1.
BUILD=${BUILD:-build/bench}
CORPORA=${CORPORA:-build/corpora}
G=${BUILD}/bin/pdngrep
C=${BUILD}/bin/pdncheck
[ -x "$G" ] || G=pdngrep
[ -x "$C" ] || C=pdncheck
OCA="$CORPORA/english/oca/OCA_2.0.pdn"
[ -f "$OCA" ] || { echo "bench-pdngrep: $OCA not found" >&2; exit 1; }
n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

now() { date +%s%N; }
# The CPU time of a command, in ns.
if perf stat -e task-clock -x, true 2>&1 >/dev/null | grep -q task-clock; then
  cpu() { perf stat -e task-clock -x, sh -c "$1" 2>&1 >/dev/null | awk -F, '/task-clock/ { printf "%d\n", $1 * 1e6 }'; }
elif [ -x /usr/bin/time ]; then
  cpu() { /usr/bin/time -f "%U %S" sh -c "$1" 2>&1 >/dev/null | awk 'END { printf "%d\n", ($1 + $2) * 1e9 }'; }
else
  cpu() { t0=$(now); sh -c "$1" >/dev/null 2>&1; echo $(($(now) - t0)); }
fi
wall() { t0=$(now); sh -c "$1" >/dev/null 2>&1; echo $(($(now) - t0)); }
# pair A B WHAT [wall]: the best of 7 of each (runs in turns), and A's time over B's
pair() {
  a="" b="" how=${4:-cpu}
  for i in 1 2 3 4 5 6 7; do
    x=$($how "$1"); y=$($how "$2")
    if [ -z "$a" ] || [ "$x" -lt "$a" ]; then a=$x; fi
    if [ -z "$b" ] || [ "$y" -lt "$b" ]; then b=$y; fi
  done
  awk -v a="$a" -v b="$b" -v what="$3" 'BEGIN { printf "%-58s %6.3f s against %6.3f s: %.2fx\n", what, a / 1e9, b / 1e9, a / b }'
}

fen=$("$BUILD/bin/pdnfen" -g 1 --ply 8 --fen-only "$OCA" 2>/dev/null || pdnfen -g 1 --ply 8 --fen-only "$OCA")
base="$C -j 1 --variant english $OCA"
guessed="$C -j 1 $OCA"
echo "pdngrep, OCA 2.0 (22,621 games), -j 1, against pdncheck -j 1 (target 1.5x):"
pair "$G -j 1 --rules english --fen '$fen' $OCA" "$base" "--rules english --fen (after ply 8 of game 1)"
pair "$G -j 1 --rules english --material W:K2:B:K1 $OCA" "$base" "--rules english --material W:K2:B:K1"
pair "$G -j 1 --rules english --opening '11-15 23-19 8-11' $OCA" "$base" "--rules english --opening '11-15 23-19 8-11'"
pair "$G -j 1 --fen '$fen' $OCA" "$base" "--fen, variant guessed, against --variant english"
pair "$G -j 1 --fen '$fen' $OCA" "$guessed" "--fen, variant guessed, against pdncheck guessing"
pair "$G -j 1 -u $OCA" "$base" "-u (a key per game), variant guessed"
echo "pdngrep, OCA 2.0, tags only (no replay), against pdncheck -j 1 --syntax-only (target 1.2x):"
pair "$G -j 1 -t 'White=Wyllie' $OCA" "$C -j 1 --syntax-only $OCA" "-t White=Wyllie (326 games written as read)"
pair "$G -j 1 -c -t 'Event=19[0-9][0-9]' -t 'Black=^[A-M]' $OCA" "$C -j 1 --syntax-only $OCA" "-c -t Event=19.. -t Black=^[A-M]"
pair "$G -j 1 -c --date 1900-1950 --result draw $OCA" "$C -j 1 --syntax-only $OCA" "-c --date 1900-1950 --result draw"
echo "pdngrep, OCA 2.0, -j $n against -j 1 (wall time; the machine's load shows in it):"
pair "$G -j 1 --fen '$fen' $OCA" "$G -j $n --fen '$fen' $OCA" "--fen, wall time of -j 1 against -j $n (the speed-up)" wall
pair "$G -j 1 -u $OCA" "$G -j $n -u $OCA" "-u, wall time of -j 1 against -j $n (the speed-up)" wall
