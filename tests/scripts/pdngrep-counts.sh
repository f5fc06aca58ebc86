#!/bin/sh
# pdngrep's counts against counts computed another way, over every game file of the
# corpora (tests/corpora, unpacked into $BUILD/corpora; the parser suites' fail* files are
# not games):
#   positions  pdnfen --all prints every position of every game (ply 0 and each ply of
#              the main line, setups too): for three FENs of the file (after ply 6 of its
#              first game, ply 10 of its middle one, the final position of its last), the
#              games that print it = pdngrep -c --fen;
#   material   the same positions' men and kings of each side, counted by awk from the
#              FEN: for the five commonest balances with a king, the games that reach
#              one = pdngrep -c --material;
#   opening    the first three moves of the file's first game of three plies or more, as
#              written: the games whose first three moves are those moves = pdngrep -c
#              --opening, a move being told by awk from the positions before and after it
#              (the squares the side to move left and reached, and those its opponent lost:
#              RULES 1.8), whatever the start;
#   copies     the games whose start and positions after every ply are another's
#              earlier in the file = pdngrep -c -D (files where pdnfen replays every
#              game to its end: as many plies as pdncheck --json's moves_recorded); a game
#              without moves also needs the same tag pairs, in any order, and the same
#              result (pdnconv --to json's, its meaning: 2-0 is 1-0), pdngrep(1);
#   tags       the tag lines read by awk: for White, Event and Date, the games whose value
#              holds an 'a' or 'A' = pdngrep -c -t 'NAME=[Aa]' (-i -t 'NAME=a' for White)
#              (files whose tag pairs each start a line and none is split over lines, no
#              game naming one twice);
#   all        pdngrep -c (no criterion) = pdngrep -c -v -t NOTAG=x = the games pdnfen
#              names (with a move or not: pdncheck --json's game objects).
#   sh tests/scripts/pdngrep-counts.sh [FILE...]   (default: the whole corpora)
CORPORA=${CORPORA:-build/corpora}
bin="${BUILD:-build}/bin"
[ -x "$bin/pdngrep" ] || { echo "pdngrep-counts: $bin/pdngrep not built"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-grep.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# Under the sanitizers (PK_SANITIZED=1, make check-asan) the files over 2 MB (OCA, two thirds
# of the corpora's bytes) are left out and one file in three of the others is read (the first,
# then every third, in name order): the same code paths on less data, for CI's 30 minutes.
# make check reads them all.
big=; every=1; [ -n "${PK_SANITIZED:-}" ] && big="-size -2000k" && every=3
if [ $# -gt 0 ]; then
  for f in "$@"; do printf '%s\n' "$f"; done
else
  (cd "$CORPORA" && find . -name '*.pdn' ! -path './parser-tests/*/fail*' $big | LC_ALL=C sort) | sed -n "1~${every}p" | sed "s|^\./|$CORPORA/|"
fi >"$tmp/files"

# Material of a FEN ("W:WK1,8,12:B3,K9"): "W:M2K1:B:M1K1", as --material writes it.
MATERIAL='function material(fen,   n, part, i, c, m, sq, j, wm, wk, bm, bk) {
  n = split(fen, part, ":"); wm = wk = bm = bk = 0
  for (i = 2; i <= n; i++) {
    c = substr(part[i], 1, 1); if (c != "W" && c != "B") continue
    m = split(substr(part[i], 2), sq, ",")
    for (j = 1; j <= m; j++) {
      if (sq[j] == "") continue
      if (substr(sq[j], 1, 1) == "K") { if (c == "W") wk++; else bk++ } else { if (c == "W") wm++; else bm++ }
    }
  }
  return "W:M" wm "K" wk ":B:M" bm "K" bk
}'

# A move told from the positions before and after it (RULES 1.8: origin, destination and
# the pieces taken): "from>to x taken", squares as the FEN writes them, kings or not.
MOVE='function squares(fen, colour, set,   n, part, i, m, sq, j, s) {
  n = split(fen, part, ":"); split("", set)
  for (i = 2; i <= n; i++) if (substr(part[i], 1, 1) == colour) {
    m = split(substr(part[i], 2), sq, ",")
    for (j = 1; j <= m; j++) { s = sq[j]; sub(/^K/, "", s); if (s != "") set[s] = 1 }
  }
}
function minus(a, b,   k, out) { out = ""; for (k in a) if (!(k in b)) out = out "," k; return out }
function move(f0, f1,   me, them, a, b, c, d) {
  me = substr(f0, 1, 1); them = me == "W" ? "B" : "W"
  squares(f0, me, a); squares(f1, me, b); squares(f0, them, c); squares(f1, them, d)
  return minus(a, b) ">" minus(b, a) "x" minus(c, d)
}'

bad=0 files=0 checks=0 found=0
fail() { echo "FAIL $f: $*"; bad=1; }
same() { # what, expected, got
  checks=$((checks + 1))
  found=$((found + ${2:-0}))
  [ "$2" = "$3" ] || fail "$1: $3 games, $2 computed another way"
}
g1() { "$bin/pdngrep" -j 1 "$@" 2>/dev/null; } # many small files: no threads to start
while IFS= read -r f; do
  files=$((files + 1))
  # one line per position: game, ply, move number, side, the move as written, FEN
  "$bin/pdnfen" -j 2 --all "$f" >"$tmp/pos" 2>/dev/null
  # the games, and the moves each records
  "$bin/pdncheck" -j 1 --syntax-only --json "$f" 2>/dev/null | grep '^{"type":"game"' |
    awk '{ i = index($0, "\"moves_recorded\":"); print substr($0, i + 17) + 0 }' >"$tmp/recorded"
  all=$(wc -l <"$tmp/recorded")
  same "every game" "$all" "$(g1 -c "$f")"
  same "-v on a tag nobody has" "$all" "$(g1 -c -v -t NOTAG=x "$f")"
  [ -s "$tmp/pos" ] || continue
  # positions: three FENs of the file, and the games that print each
  ngames=$(cut -f 1 "$tmp/pos" | uniq | wc -l)
  mid=$(cut -f 1 "$tmp/pos" | uniq | sed -n "$(( (ngames + 1) / 2 ))p")
  awk -F '\t' -v mid="$mid" 'NR == 1 { first = $1 } $1 == first && $2 == 6 { print $6 } $1 == mid && $2 == 10 { print $6 }
    { last = $6 } END { print last }' "$tmp/pos" | sort -u >"$tmp/fens"
  awk -F '\t' 'NR == FNR { want[$0] = 0; next } ($6 in want) && !seen[$6, $1]++ { want[$6]++ }
    END { for (f in want) print want[f] "\t" f }' "$tmp/fens" "$tmp/pos" >"$tmp/fen-counts"
  while IFS="$(printf '\t')" read -r want fen; do
    same "--fen $fen" "$want" "$(g1 -c --fen "$fen" "$f")"
  done <"$tmp/fen-counts"
  # material: the commonest balances with a king
  grep 'K' "$tmp/pos" | awk -F '\t' "$MATERIAL"' { m = material($6); if (!seen[$1, m]++) n[m]++ }
    END { for (m in n) print n[m], m }' | sort -k1,1nr -k2 | head -n 3 >"$tmp/mat"
  while read -r want spec; do
    same "--material $spec" "$want" "$(g1 -c --material "$spec" "$f")"
  done <"$tmp/mat"
  # the opening of the first game of three plies or more, compared in full notation
  g=$(awk -F '\t' '$2 == 3 { print $1; exit }' "$tmp/pos")
  if [ -n "$g" ]; then
    moves=$(awk -F '\t' -v g="$g" '$1 == g && $2 >= 1 && $2 <= 3 { printf "%s ", $5 }' "$tmp/pos")
    want=$(awk -F '\t' -v g="$g" "$MOVE"' $2 == 0 { prev = $6; next } $2 <= 3 { s[$1] = s[$1] " " move(prev, $6); prev = $6 }
      END { for (x in s) if (s[x] == s[g]) n++; print n }' "$tmp/pos")
    same "--opening '$moves'" "$want" "$(g1 -c --opening "$moves" "$f")"
  fi
  # copies: the same start and positions, where every game was replayed to its end
  if awk -F '\t' 'NR == FNR { rec[FNR] = $1; next } { last[$1] = $2 } END { for (g in rec) if (last[g] != rec[g]) exit 1 }' \
       "$tmp/recorded" "$tmp/pos"; then
    # the tag pairs of each game, sorted, and its result's meaning
    "$bin/pdnconv" -j 1 --to json "$f" 2>/dev/null | LC_ALL=C awk '{
        i = index($0, "\"game\":"); g = substr($0, i + 7) + 0
        i = index($0, "\"tags\":{") + 8; j = index($0, "},\"result\":")
        n = j - i > 2 ? split(substr($0, i + 1, j - i - 2), p, "\",\"") : 0 # "a":"1","b":"2" less its outer quotes
        for (a = 2; a <= n; a++) for (b = a; b > 1 && p[b - 1] > p[b]; b--) { t = p[b]; p[b] = p[b - 1]; p[b - 1] = t }
        t = ""; for (a = 1; a <= n; a++) t = t "," p[a]
        r = substr($0, j + 11); r = substr(r, 1, index(r, ",\"moves\":") - 1)
        a = substr(r, 2, 1); b = substr(r, 4, 1)
        if (r ~ /^"[012][-:][012]"$/) r = a > b ? "w" : a < b ? "b" : a == 0 ? "f" : "d"
        else r = r ~ /^"(1\/2[-:]1\/2|0\.5-0\.5|\302\275-\302\275)"$/ ? "d" : "u"
        print g "\t" t "#" r }' >"$tmp/tags"
    want=$(awk -F '\t' 'NR == FNR { tags[$1] = $2; next } { s[$1] = s[$1] "|" $6; n[$1]++ }
      END { for (g in s) if (seen[n[g] == 1 ? s[g] "|" tags[g] : s[g]]++) c++; print c + 0 }' "$tmp/tags" "$tmp/pos")
    same "-D" "$want" "$(g1 -c -D "$f")"
    same "-u" "$((all - want))" "$(g1 -c -u "$f")"
  fi
  # tags, where every tag pair starts a line and no game names one twice
  # (a '[' alone on its line is a tag pair split over lines, which the reader joins)
  if [ "$(LC_ALL=C grep -c '\[[A-Za-z]* *"' "$f")" = "$(LC_ALL=C grep -c '^\[[A-Za-z]* *"' "$f")" ] &&
     ! LC_ALL=C grep -q '\\"' "$f" && ! LC_ALL=C grep -q '^\[[[:space:]]*$' "$f"; then
    for t in White Event Date; do
      LC_ALL=C awk -v t="$t" 'index($0, "[" t) == 1 && $0 ~ ("^\\[" t "[ \t]+\"") { n++; if ($0 ~ /^\[[A-Za-z]+[ \t]+"[^"]*[Aa][^"]*"/) a++ }
        END { print n + 0, a + 0 }' "$f" >"$tmp/tag"
      read -r tags want <"$tmp/tag"
      [ "$tags" -le "$all" ] || continue # a game with the tag twice
      same "-t $t=[Aa]" "$want" "$(g1 -c -t "$t=[Aa]" "$f")"
      [ $t = White ] && same "-i -t $t=a" "$want" "$(g1 -c -i -t "$t=a" "$f")"
    done
  fi
done <"$tmp/files"
echo "pdngrep-counts: $files files, $checks counts compared ($found games found in all)"
[ $bad -eq 0 ] && echo "pdngrep-counts: 1 passed, 0 failed" || echo "pdngrep-counts: 0 passed, 1 failed"
exit $bad
