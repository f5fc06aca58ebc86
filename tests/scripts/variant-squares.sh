#!/bin/sh
# Every square of every board through every surface that reads a square (issue 31, "the
# class, not just the cases"; tests/README.md "Variants x tools"). For each row of the
# variant table (tests/scripts/variant-games.c list), squares 1..max and their algebraic
# names (a1..l12 on 12x12, the variant's frame) from the library's geometry:
#   reader   one short game per square s (variant-games square-games: a king leaves s and
#            comes back, a man leaves it in Breakthrough), from a FEN tag, written by pdnconv
#            --numeric and --algebraic: pdncheck reads every game with 0 errors and 0
#            warnings, pdnfen --all gives the generator's positions after every ply;
#   pdngrep  --fen=F finds each of the positions that together put a king on every square
#            (games of a FEN tag only, variant-games chunks), F numeric and algebraic, the
#            tags numeric and algebraic (4 ways); (--opening reads moves from the start
#            position only: tests/scripts/variant-games.sh gives it every random game's line);
#   pdnfen   --numeric and --algebraic write those positions back (the longest FENs);
#   pdnmoves every square game's start position, numeric and algebraic FENs on standard
#            input: the legal moves give the positions the generator gives (s -> every
#            FEN after); --check=(the first move of the game of s) is legal, for the far
#            squares (the last two files or ranks, the last row of numbers: k, l, 11, 12 on
#            12x12), written algebraically and numerically;
#   pdndiagram  a lone king on s (W:WK<s>:B, numeric and algebraic FEN): --ascii draws it
#            on the square labelled s (--numeric) and at file and rank of s's name
#            (--algebraic); -m (the first move of the game of s) is drawn, far squares.
# Python's Position takes every square too: tests/python/test_squares.py.
# Prints one line per variant; a failure names the variant, the tool, the square.
#   sh tests/scripts/variant-squares.sh [VARIANT...]   (default: every row)
BUILD=${BUILD:-build}
top=$(pwd)
bin="$top/$BUILD/bin"
gen="$top/$BUILD/tests/helpers/variant-games"
[ -x "$gen" ] || { echo "FAIL variant-squares: $gen was not built"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
variants=${*:-$("$gen" list)}
[ -n "$variants" ] || { echo "FAIL variant-squares: no variant row"; exit 1; }
tab=$(printf '\t')
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); bad=1; }
firstdiff() { diff "$1" "$2" | grep '^[<>]' | head -n 2 | cut -c1-200 | tr '\n' ' '; }

# pdndiagram --ascii boards on standard input -> the square of the W on each board:
# numeric (the row's labels are its first and last numbers) or algebraic (file letter
# from the footer at the W's column, rank from the row's label)
where_numeric() {
  awk '/to move$/ { print (found ? found : "none"); found = ""; next }
       index($0, "W") { n = split($0, t, " "); k = 0; at = 0
         for (i = 2; i < n; i++) { k++; if (t[i] == "W") at = k }
         first = t[1] + 0; last = t[n] + 0
         found = (k > 1) ? first + (at - 1) * (last - first) / (k - 1) : first }'
}
where_algebraic() {
  awk '/to move$/ { if (!found) print "none"; else { f = substr(foot, col, 1); print f rank }
                    found = 0; next }
       /^ *[a-l]( [a-l])+ *$/ { foot = $0; next }
       index($0, "W") { col = index($0, "W"); split($0, t, " "); rank = t[1]; found = 1 }'
}

for v in $variants; do
  d="$tmp/$v"; mkdir -p "$d"; bad=0
  "$gen" squares "$v" > "$d/squares"
  if ! "$gen" square-games "$v" "$d/sq.pdn" "$d/sq.exp" "$d/sq.mov" 2> "$d/gen.err"; then
    fail "$v: the generator: $(head -n 2 "$d/gen.err" | tr '\n' ' ')"; continue
  fi
  nsq=$(wc -l < "$d/squares")
  games=$(cut -f1 "$d/sq.exp" | sort -un | wc -l)
  [ "$games" = "$nsq" ] || fail "$v: $games square games for $nsq squares"
  cut -f3 "$d/sq.exp" > "$d/want.fens"
  # --- the reader (pdncheck, pdnfen), numeric and algebraic -----------------------------
  for sq in numeric algebraic; do
    r="$d/$sq.pdn"
    "$bin/pdnconv" --$sq "$d/sq.pdn" > "$r" 2> "$d/conv.err" || { fail "$v --$sq: pdnconv: $(head -n 1 "$d/conv.err")"; continue; }
    sum=$("$bin/pdncheck" -q "$r" 2>&1 | tail -n 1)
    [ "$sum" = "1 files, $nsq games, 0 with errors, 0 warnings" ] ||
      fail "$v --$sq: reader: pdncheck says '$sum' ($nsq games, 0 errors, 0 warnings expected): $("$bin/pdncheck" -q "$r" 2>&1 | head -n 1 | cut -c1-200)"
    "$bin/pdnfen" --all --fen-only --numeric "$r" > "$d/got.fens" 2> "$d/fen.err"
    cmp -s "$d/want.fens" "$d/got.fens" ||
      fail "$v --$sq: pdnfen --all: $(firstdiff "$d/want.fens" "$d/got.fens") $(head -n 1 "$d/fen.err" | cut -c1-160)"
    # the moves of the game of each square, as written (pdnfen's move column)
    "$bin/pdnfen" --all "$r" 2>/dev/null |
      awk -F'\t' '$2 > 0 { m[$1] = m[$1] (m[$1] == "" ? "" : " ") $5 } END { for (g in m) print g "\t" m[g] }' |
      sort -n > "$d/$sq.lines"
  done
  # --- pdngrep --fen: a king on every square, numeric and algebraic, both ways ----------------
  "$gen" chunks "$v" "$d/ch-numeric.pdn" "$d/ch.exp"
  "$bin/pdnconv" --algebraic "$d/ch-numeric.pdn" > "$d/ch-algebraic.pdn" 2>/dev/null
  while IFS="$tab" read -r c num alg; do
    for tags in numeric algebraic; do
      for f in "$num" "$alg"; do
        n=$("$bin/pdngrep" -c --fen="$f" "$d/ch-$tags.pdn" 2>&1)
        [ "$n" = 1 ] || fail "$v: pdngrep --fen='$(echo "$f" | cut -c1-80)...' on $tags FEN tags (chunk $c): '$(echo "$n" | head -n 1 | cut -c1-160)', want 1"
      done
    done
  done < "$d/ch.exp"
  # pdnfen: those positions written back, numeric and algebraic (the longest FENs of a board)
  for sq in numeric algebraic; do
    col=2; [ $sq = algebraic ] && col=3
    cut -f$col "$d/ch.exp" > "$d/want.ch"
    "$bin/pdnfen" --$sq --fen-only "$d/ch-numeric.pdn" > "$d/got.ch" 2>&1
    cmp -s "$d/want.ch" "$d/got.ch" || fail "$v --$sq: pdnfen (a king on every square): $(firstdiff "$d/want.ch" "$d/got.ch")"
  done
  # --- pdnmoves: every square game's start, numeric and algebraic -------------------------
  awk -F'\t' '$2 == 0' "$d/sq.exp" | cut -f3 > "$d/starts.numeric"
  awk -F'\t' '$2 == 0' "$d/sq.exp" | cut -f5 > "$d/starts.algebraic"
  for sq in numeric algebraic; do
    col=2; [ $sq = algebraic ] && col=3
    grep -v '^first' "$d/sq.mov" | cut -f1,$col | LC_ALL=C sort > "$d/want.mov"
    "$bin/pdnmoves" -v "$v" --$sq - < "$d/starts.$sq" 2> "$d/mov.err" |
      awk -F'\t' '!/^#/ && NF >= 5 { print $1 "\t" $NF }' | LC_ALL=C sort > "$d/got.mov"
    cmp -s "$d/want.mov" "$d/got.mov" ||
      fail "$v --$sq: pdnmoves (square <TAB> FEN after): $(firstdiff "$d/want.mov" "$d/got.mov") $(head -n 1 "$d/mov.err" | cut -c1-160)"
  done
  # --- pdndiagram: a lone king on every square -------------------------------------------
  cut -f1 "$d/squares" > "$d/want.num"; cut -f2 "$d/squares" > "$d/want.alg"
  sed 's/^/W:WK/; s/$/:B/' "$d/want.num" | "$bin/pdndiagram" -a --numeric -v "$v" - 2> "$d/dia.err" | where_numeric > "$d/got.num"
  cmp -s "$d/want.num" "$d/got.num" ||
    fail "$v --numeric: pdndiagram (square drawn for W:WK<s>:B): $(firstdiff "$d/want.num" "$d/got.num") $(head -n 1 "$d/dia.err" | cut -c1-160)"
  sed 's/^/W:WK/; s/$/:B/' "$d/want.alg" | "$bin/pdndiagram" -a --algebraic -v "$v" - 2> "$d/dia.err" | where_algebraic > "$d/got.alg"
  cmp -s "$d/want.alg" "$d/got.alg" ||
    fail "$v --algebraic: pdndiagram (square drawn for W:WK<name>:B): $(firstdiff "$d/want.alg" "$d/got.alg") $(head -n 1 "$d/dia.err" | cut -c1-160)"
  # --- the far squares: pdnmoves --check, pdndiagram -m ------------------
  while IFS="$tab" read -r s name far; do
    [ "$far" = 1 ] || continue
    for sq in algebraic numeric; do
      fen=$(sed -n "${s}p" "$d/starts.$sq")
      col=3; [ $sq = algebraic ] && col=4
      first=$(awk -F'\t' -v s="$s" -v c=$col '$1 == "first" && $2 == s { print $c }' "$d/sq.mov")
      out=$("$bin/pdnmoves" -v "$v" --check="$first" "$fen" 2>&1) ||
        fail "$v: pdnmoves --check='$first' '$fen' (square $s, $name): $(echo "$out" | head -n 1 | cut -c1-160)"
      [ $sq = algebraic ] || continue
      out=$("$bin/pdndiagram" -a -v "$v" -m "$first" "$fen" 2>&1) ||
        fail "$v: pdndiagram -m '$first' '$fen' (square $s, $name): $(echo "$out" | head -n 1 | cut -c1-160)"
    done
  done < "$d/squares"
  [ $bad -eq 0 ] && echo "ok $v: $nsq squares ($(cut -f2 "$d/squares" | head -n 1)..$(cut -f2 "$d/squares" | tail -n 1)), $(wc -l < "$d/ch.exp") king setups"
done
[ $fails -eq 0 ] || { echo "variant-squares: $fails failures"; exit 1; }
echo "variant-squares: every square of every variant row: ok"
