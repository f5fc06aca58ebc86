#!/bin/sh
# Every variant row through the tools with random legal games (issue 31, "the class, not
# just the cases"; tests/README.md "Variants x tools"). For each row of the library's
# variant table (tests/scripts/variant-games.c list: pk_variant_count rows, so a new row is
# tested without an edit here), the helper plays N random legal games from the start
# position with the library's own generator (fixed seed; steered so that every square is
# written, kings made and moved, captures of several pieces made; it fails otherwise) and
# two pairs of one-ply games from set-up positions that differ in one king or in one
# high-bit square (one pair in Breakthrough, where a king ends the game). Then:
#   1. pdnconv writes them in each notation: --numeric and --algebraic, each with --short
#      and --full captures; every output, read back, gives
#        pdncheck: every game, 0 errors, 0 warnings, and each game's final_fen (--json)
#                  the generator's own final position;
#        pdnfen --all --numeric: the generator's position after every ply (so the same
#                  moves), the same final FEN;
#        pdngrep: -c every game; --json: the position after every ply; --fen=F (F each
#                  game's final position) selects that game; --opening=the whole main line
#                  of each random game, as written in that notation, selects that game;
#        pdnperft: depth 1 from each game's final position, as the generator counts it
#                  (pdnmoves' count of lines);
#   2. pdngrep -u on the games (distinct: different moves or different starts) keeps them
#      all; the same games written again in another shape (tags in reverse order, comments,
#      the other notation, full captures) are, after the first file, each reported by -D as
#      a copy of its own game (-D -l: file and game it copies), and -u keeps only the first;
#      pdncheck --html lists as many copies in the report ("Copies of one game (N)").
# Prints one line per variant; a failure names the variant, the notation, the tool and the
# first difference. Fast: a few games a variant (make check's budget, issue 31).
#   sh tests/scripts/variant-games.sh [VARIANT...]   (default: every row)
BUILD=${BUILD:-build}
top=$(pwd)
bin="$top/$BUILD/bin"
gen="$top/$BUILD/tests/helpers/variant-games"
N=${PK_VARIANT_GAMES:-4}
[ -x "$gen" ] || { echo "FAIL variant-games: $gen was not built"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
variants=${*:-$("$gen" list)}
[ -n "$variants" ] || { echo "FAIL variant-games: no variant row"; exit 1; }
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); bad=1; }
# first difference of two files, one line each side
firstdiff() { diff "$1" "$2" | grep '^[<>]' | head -n 2 | cut -c1-200 | tr '\n' ' '; }

# the reshaped copy: tags in reverse order, a comment before the first move and one
# before the result, blank lines between games kept
reshape() {
  awk 'function flush() { for (i = nt; i >= 1; i--) print tag[i]; nt = 0 }
       /^\[/ { tag[++nt] = $0; next }
       /^$/ { if (inmoves) print ""; inmoves = 0; next }
       { if (!inmoves) { flush(); print "{a copy, written again}"; inmoves = 1 }
         sub(/ ?(1-0|0-1|1\/2-1\/2|\*)$/, " {the end} &"); print }
       END { flush() }' "$1"
}

k=0
for v in $variants; do
  k=$((k + 1))
  d="$tmp/$v"; mkdir -p "$d"; bad=0
  if ! "$gen" games "$v" "$N" $((3100 + k)) "$d/games.pdn" "$d/exp" 2> "$d/gen.err"; then
    fail "$v: the generator: $(tail -n 2 "$d/gen.err" | tr '\n' ' ')"; continue
  fi
  games=$(cut -f1 "$d/exp" | sort -un | wc -l)
  # expected: FEN after every ply (numeric), final FEN per game (variant's notation)
  cut -f3 "$d/exp" > "$d/want.fens"
  awk -F'\t' 'NR > 1 && $1 != g { print last } { g = $1; last = $4 } END { print last }' "$d/exp" > "$d/want.final"
  awk -F'\t' 'NR > 1 && $1 != g { print last } { g = $1; last = $3 } END { print last }' "$d/exp" > "$d/want.finalnum"
  awk -F'\t' '$2 > 0 { print $4 }' "$d/exp" > "$d/want.plyfens"
  for nota in numeric:short numeric:full algebraic:short algebraic:full; do
    sq=${nota%%:*}; cap=${nota#*:}; c="$d/$sq-$cap.pdn"; cell="$v --$sq --$cap"
    if ! "$bin/pdnconv" --$sq --$cap "$d/games.pdn" > "$c" 2> "$d/conv.err"; then
      fail "$cell: pdnconv: $(head -n 2 "$d/conv.err" | tr '\n' ' ')"; continue
    fi
    # pdncheck: every game, no error, no warning; the final positions
    sum=$("$bin/pdncheck" -q "$c" 2>&1 | tail -n 1)
    [ "$sum" = "1 files, $games games, 0 with errors, 0 warnings" ] ||
      fail "$cell: pdncheck says '$sum' ($games games, 0 errors, 0 warnings expected): $("$bin/pdncheck" -q "$c" 2>&1 | head -n 2 | cut -c1-200 | tr '\n' ' ')"
    "$bin/pdncheck" --json "$c" 2>/dev/null | sed -n 's/^{"type":"game".*"final_fen":"\([^"]*\)".*/\1/p' > "$d/got.final"
    cmp -s "$d/want.final" "$d/got.final" || fail "$cell: pdncheck --json final_fen: $(firstdiff "$d/want.final" "$d/got.final")"
    # pdnfen: the position after every ply
    "$bin/pdnfen" --all --fen-only --numeric "$c" > "$d/got.fens" 2> "$d/fen.err"
    cmp -s "$d/want.fens" "$d/got.fens" ||
      fail "$cell: pdnfen --all: $(firstdiff "$d/want.fens" "$d/got.fens") $(head -n 1 "$d/fen.err" | cut -c1-160)"
    # pdngrep: the games, the position after every ply, each game by its final position and
    # each random game by its whole main line
    n=$("$bin/pdngrep" -c "$c" 2>&1)
    [ "$n" = "$games" ] || fail "$cell: pdngrep -c: $n, want $games"
    "$bin/pdngrep" --json "$c" 2>/dev/null | grep -o '"fen":"[^"]*"' | sed 's/"fen":"//; s/"$//' > "$d/got.plyfens"
    cmp -s "$d/want.plyfens" "$d/got.plyfens" || fail "$cell: pdngrep --json fens: $(firstdiff "$d/want.plyfens" "$d/got.plyfens")"
    "$bin/pdnfen" --all "$c" 2>/dev/null | awk -F'\t' '$2 > 0 { m[$1] = m[$1] (m[$1] == "" ? "" : " ") $5 } END { for (g in m) print g "\t" m[g] }' |
      sort -n > "$d/lines"
    g=0
    while read -r fen; do
      g=$((g + 1))
      n=$("$bin/pdngrep" -c --fen="$fen" "$c" 2>&1)
      # the games where that position occurs, by the generator's positions
      want=$(awk -F'\t' -v f="$fen" '$3 == f { print $1 }' "$d/exp" | sort -u | wc -l)
      [ "$n" = "$want" ] || { fail "$cell: pdngrep --fen='$fen' (game $g's final position): '$(echo "$n" | head -n 1 | cut -c1-160)', want $want"; break; }
    done < "$d/want.finalnum"
    while IFS="$(printf '\t')" read -r g line; do
      [ "$g" -le "$N" ] || continue
      line=$(echo "$line" | cut -d" " -f1-64) # pdngrep(1): at most 64 moves
      n=$("$bin/pdngrep" -c --opening="$line" "$c" 2>&1)
      [ "$n" = 1 ] || { fail "$cell: pdngrep --opening=(game $g's first $(echo "$line" | wc -w) moves): '$(echo "$n" | head -n 1 | cut -c1-200)', want 1"; break; }
    done < "$d/lines"
  done
  # pdnperft at depth 1 from every final position = the legal moves pdnmoves lists there
  # (both the library's; the point: each tool reads every FEN of the board)
  while read -r fen; do
    p=$("$bin/pdnperft" -v "$v" -f "$fen" 1 2>&1 | cut -d' ' -f2)
    m=$("$bin/pdnmoves" -v "$v" "$fen" 2>&1 | grep -vc '^#')
    [ "$p" = "$m" ] || { fail "$v: pdnperft -f '$fen' 1: '$p', pdnmoves lists $m moves"; break; }
  done < "$d/want.final"
  # de-duplication: distinct games stay; another shape of each is a copy of it
  a="$d/numeric-short.pdn"; reshape "$d/algebraic-full.pdn" > "$d/copy.pdn"
  n=$("$bin/pdngrep" -u -c "$a" 2>&1)
  [ "$n" = "$games" ] || fail "$v: pdngrep -u -c on $games distinct games: $n"
  n=$("$bin/pdngrep" -u -c "$a" "$d/copy.pdn" 2>&1)
  [ "$n" = "$games" ] || fail "$v: pdngrep -u -c on the games and their copies: $n, want $games"
  "$bin/pdngrep" -D -l "$a" "$d/copy.pdn" 2>&1 | awk -F'\t' '{ print $1 "\t" $2 "\t" $4 "\t" $5 }' > "$d/got.dups"
  i=0; : > "$d/want.dups"
  while [ $i -lt "$games" ]; do i=$((i + 1)); printf '%s\t%s\t%s\t%s\n' "$d/copy.pdn" $i "$a" $i >> "$d/want.dups"; done
  cmp -s "$d/want.dups" "$d/got.dups" ||
    fail "$v: pdngrep -D -l: $(wc -l < "$d/got.dups") copies, want $games (game k of the copy = game k): $(firstdiff "$d/want.dups" "$d/got.dups" | sed "s|$d/||g")"
  # the arbiter's report lists the same copies: "Copies of one game (N)", one per game
  if "$bin/pdncheck" -q --html="$d/report.html" "$a" "$d/copy.pdn" > /dev/null 2> "$d/html.err"; then
    n=$(grep -o 'Copies of one game ([0-9]*)' "$d/report.html" | head -n 1 | tr -dc 0-9)
    [ "$n" = "$games" ] || fail "$v: pdncheck --html: 'Copies of one game (${n:-none})', want $games"
  else
    fail "$v: pdncheck --html on the games and their copies: $(head -n 1 "$d/html.err" | cut -c1-200)"
  fi
  [ $bad -eq 0 ] && echo "ok $v: $(sed 's/^variant-games: [^:]*: //' "$d/gen.err" | head -n 1)"
done
[ $fails -eq 0 ] || { echo "variant-games: $fails failures"; exit 1; }
echo "variant-games: every variant row, every notation: ok"
