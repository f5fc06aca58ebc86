#!/bin/sh
# With -j N the workers read the text too, in pieces cut at a game that ends with a result
# (src/batch/check.c); a piece that does not end cleanly makes the rest of the file be read the
# old way. Inputs built to hit each case, checked byte for byte against -j 1, in GNU and
# JSON output and with the HTML report (its page too), with the default pieces and with a
# cut at every game (PK_PIECE_BYTES=1):
# a comment left open across games, games without a result over more than a piece's
# bound, results glued to a wrapped tag pair, the rest of a game after a syntax error, a lone CR and a cp1252 byte in a later piece, a UTF-8 BOM, UTF-16, gzip, a
# truncated gzip (read error), stray text at the end, a lone CR after the last game, an
# empty file, games the cutter counts wrong (early in a big file too) and right, a game of 5000 diagnostics,
# standard input. With --html the workers read the pieces too (the report's parts are
# theirs, issue 31 item 11): --stats says so.
# Ends with "pieces: N passed, N failed".
# the HTML report's date (pdncheck(1) THE HTML REPORT): the pages of two runs are compared byte for byte
SOURCE_DATE_EPOCH=0; export SOURCE_DATE_EPOCH
top=$(pwd)
bin="$top/${BUILD:-build}/bin/pdncheck"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-pieces.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
game() { # index, result ('' for none)
  printf '[Event "g%s"]\n[GameType "21"]\n1. 11-15 23-19 2. 8-11 22-17 %s\n\n' "$1" "$2"
}
many() { # count, result
  i=0; while [ $i -lt "$1" ]; do game $i "$2"; i=$((i + 1)); done
}
many 300 '1-0' >"$tmp/clean.pdn"
{ many 100 '1-0'; printf '[Event "open"]\n1. 11-15 {a comment left open 1-0\n\n'; many 100 '0-1'; } >"$tmp/open-comment.pdn"
{ many 200 '1-0'; many 9000 ''; many 200 '1/2-1/2'; } >"$tmp/no-result.pdn"
{ many 200 '1-0'; printf '[Event "cr"]\r1. 11-15 23-19 1-0\n\n'; many 200 '1-0'; } >"$tmp/lone-cr.pdn"
{ many 200 '1-0'; printf '[Event "caf\351"]\n1. 11-15 23-19 1-0\n\n'; many 200 '1-0'; } >"$tmp/cp1252.pdn"
{ printf '\357\273\277'; many 200 '1-0'; } >"$tmp/bom.pdn"
many 200 '1-0' | iconv -f UTF-8 -t UTF-16 >"$tmp/utf16.pdn"
many 3000 '1-0' | gzip -c >"$tmp/big.pdn.gz"
head -c 20000 "$tmp/big.pdn.gz" >"$tmp/truncated.pdn.gz"
{ many 200 '1-0'; printf 'trailing words\n'; } >"$tmp/stray-end.pdn"
{ many 5 '1-0'; printf '\r\n\r\r\n'; } >"$tmp/trailing-cr.pdn" # said after the last game (fuzz finding)
{ many 5 '1-0'; printf '\r\n\r\r\n'; many 5 '0-1'; } >"$tmp/between-cr.pdn" # said in the next game (fuzz)
{ many 5 '1-0'; printf '[Event "w"]\n[White "open\n1. 11-15 *\n\n'; many 5 '0-1'; } >"$tmp/open-value.pdn" # (fuzz)
# results glued to the next game's tag pair, its value wrapped over lines (issue 21 item 4),
# and a game whose rest after a syntax error is kept as text (item 3), among games cut apart
{ many 5 '1-0'; printf '[Event "g"]\n[GameType "21"]\n1. 11-15 0-0[FEN "W:W18,19:\nB14,15"]\n1. 18x11 *  [FEN "B:W18:\n B14"]\n'
  printf '1. 14-17 1-0\n\n[Event "s"]\n1. 11-15 ) 23-19 {x\n1-0\n\n'; many 5 '0-1'; } >"$tmp/glued-wrapped.pdn"
# the cutter counts the games of a piece by its lines; text after a tag pair on its line
# makes it count one game too many: the pieces after it are read again, by one thread
{ many 10 '1-0'; printf '[Event "m"] note\n[GameType "21"]\n1. 11-15 1-0\n\n'; many 300 '0-1'; } >"$tmp/miscount.pdn"
# the same, found while the text the first read handed back is not all read yet (over
# 80 KB): the pieces handed back must go before that rest, not replace it (CI caught
# miscount.pdn losing its last 56 games now and then; this file lost 504 every time)
{ many 10 '1-0'; printf '[Event "m"] note\n[GameType "21"]\n1. 11-15 1-0\n\n'; many 2000 '0-1'; } >"$tmp/miscount-big.pdn"
# games it counts right: a lone '-' as the result, tag pairs and a result on one line, a
# lone '[' between games, a game without a result
{ many 10 '1-0'; printf '[Event "d"]\n[GameType "21"]\n1. 11-15 -\n\n[Event "l"] [GameType "21"] 1. 11-15 *\n[\n'
  many 10 '1-0'; game x ''; many 300 '0-1'; } >"$tmp/counted.pdn"
# a game of 5000 diagnostics (more than a buffer holds: the first batch is sent on early,
# and written by the caller's thread, the rest by the worker)
{ many 10 '1-0'; printf '[Event "v"]\n[GameType "21"]\n1. 11-15 '
  i=0; while [ $i -lt 5000 ]; do printf '(1. 11-14) '; i=$((i + 1)); done; printf '1-0\n\n'; many 300 '1-0'; } >"$tmp/many-diags.pdn"
: >"$tmp/empty.pdn"
for f in "$tmp"/*.pdn "$tmp"/*.gz; do
  for mode in "" "--json" "--strict" "--html" "--html --json --strict"; do
    h1=; h2=; rm -f "$tmp/one.html" "$tmp/many.html"
    case "$mode" in *--html*) mode=${mode#--html}; h1="--html=$tmp/one.html"; h2="--html=$tmp/many.html" ;; esac
    "$bin" -j 1 $mode $h1 "$f" >"$tmp/one" 2>&1; s1=$?
    for piece in 0 1; do
      PK_PIECE_BYTES=$piece "$bin" -j 2 $mode $h2 "$f" >"$tmp/many" 2>&1; s2=$?
      if cmp -s "$tmp/one" "$tmp/many" && [ $s1 = $s2 ] && { [ -z "$h1" ] || cmp -s "$tmp/one.html" "$tmp/many.html"; }; then
        pass=$((pass + 1))
      else
        fail=$((fail + 1)); echo "FAIL pdncheck -j 2 $mode $h2 $(basename "$f") (pieces $piece) differs from -j 1 (exit $s1 vs $s2):"
        diff "$tmp/one" "$tmp/many" | head -n 6
        [ -z "$h1" ] || cmp "$tmp/one.html" "$tmp/many.html" | head -n 2
      fi
    done
  done
done
# standard input, and several files in one run (the game count restarts per file)
"$bin" -j 1 --json - <"$tmp/open-comment.pdn" >"$tmp/one" 2>&1
PK_PIECE_BYTES=1 "$bin" -j 2 --json - <"$tmp/open-comment.pdn" >"$tmp/many" 2>&1
if cmp -s "$tmp/one" "$tmp/many"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL stdin"; fi
"$bin" -j 1 "$tmp"/*.pdn >"$tmp/one" 2>&1
PK_PIECE_BYTES=1 "$bin" -j 3 "$tmp"/*.pdn >"$tmp/many" 2>&1
if cmp -s "$tmp/one" "$tmp/many"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL several files"; fi
# the arbiter's HTML report too
"$bin" -j 1 --html "$tmp/one.html" "$tmp"/*.pdn >/dev/null 2>&1
PK_PIECE_BYTES=1 "$bin" -j 2 --html "$tmp/many.html" "$tmp"/*.pdn >/dev/null 2>&1
if cmp -s "$tmp/one.html" "$tmp/many.html"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL --html"; fi
# the cases above do reach both ways of reading: pieces, and the rest read by one thread
st=$(PK_PIECE_BYTES=1 "$bin" --stats -j 2 "$tmp/clean.pdn" "$tmp/open-comment.pdn" "$tmp/no-result.pdn" 2>&1 >/dev/null | tail -n 1)
case "$st" in
  *"pieces; 2 input(s) read on"*) pass=$((pass + 1)) ;;
  *) fail=$((fail + 1)); echo "FAIL --stats: expected pieces and 2 inputs read on by one thread: $st" ;;
esac
st=$("$bin" --stats -j 2 "$tmp/miscount.pdn" "$tmp/counted.pdn" "$tmp/many-diags.pdn" 2>&1 >/dev/null | tail -n 1)
case "$st" in
  *"pieces; 1 input(s) read on"*) pass=$((pass + 1)) ;;
  *) fail=$((fail + 1)); echo "FAIL --stats: expected 1 input read on by one thread (miscounted): $st" ;;
esac
# the report's parts are built by the workers: they read the text in pieces with --html as
# without it (before issue 31 item 11 the caller's thread read every game and built the
# report alone, and --stats said nothing of pieces)
for j in 2 3; do
  st=$("$bin" --stats -j $j --html "$tmp/page.html" "$tmp/clean.pdn" "$tmp/many-diags.pdn" 2>&1 >/dev/null | tail -n 1)
  case "$st" in
    *"read by the workers in "[1-9]*" pieces; 0 input(s) read on"*) pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); echo "FAIL --stats -j $j --html: expected the inputs read by the workers in pieces: $st" ;;
  esac
done
echo "pieces: $pass passed, $fail failed"
[ $fail = 0 ]
