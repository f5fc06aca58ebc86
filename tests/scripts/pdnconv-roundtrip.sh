#!/bin/sh
# pdnconv round trip over every game file of the corpora (tests/corpora, unpacked into $BUILD/corpora) (issue 11, "Done when"),
# under each of --short (the default), --full, --numeric and --algebraic:
#   (a) every game's FEN after every ply of the main line (pdnfen --all --numeric: game,
#       ply, FEN) is the same in the input and in pdnconv's output (a game the replay
#       cannot finish keeps its moves as written from the error: its FENs up to the error);
#   (b) converting the output again gives identical bytes (idempotent);
#   (c) the output is UTF-8 with LF line ends (whatever the input's encoding and line ends);
#   (d) the games, comments, % and ; lines, NAGs, variations, setups and unparsed texts
#       that pdnconv --stats counts are the same in the input and in the output (printed
#       per file);
#   (e) what each game records, as the library's reader reads it (tests/scripts/
#       pdn-records.c, not pdnconv): its tags (but GameType, FEN and SetUp, which (a)
#       covers), the result it states (terminator, else Result tag), the number of its move
#       tokens (variations included), its text after a syntax error: the same in the input
#       and in the output (issue 27: a result rewritten to '*' or a move dropped fails here);
#   (f) the output read by pdncheck --strict --syntax-only gives no diagnostic that the
#       input did not give (game, code and message, quoted texts and numbers aside): the
#       writer causes none (issue 21 item 16).
#   (g) every comment's text ({...} and ;...) and every escape line (% at the start of a
#       line) of the input's own text, read by awk here (not by the library's reader, which
#       (d) and (e) use on both sides and so cannot see the reader's own loss), stands in
#       the output, in the input's order, blanks aside (issue 31: a reader that dropped the
#       comment of "1. 32-28 19-23 2. {resigns} 1-0" passed (a) to (f)). Files that are
#       not UTF-8 (a legacy code page, UTF-16) are left out of (g): the output is UTF-8.
#       tests/scripts/pdnconv-notes.pdn, read with the corpora, holds the cases they lack
#       (its end: a comment, a % line and a ; line after the last game's result, which the
#       reader once left to no game without a word).
# The files that parser-tests/*/fail* hold are not games. Two files at a time (xargs -P2).
#   sh tests/scripts/pdnconv-roundtrip.sh [FILE...]   (default: the whole corpora)
CORPORA=${CORPORA:-build/corpora}
top=$(pwd)
bin="$top/${BUILD:-build}/bin"
helpers="$top/${BUILD:-build}/tests/helpers"
key() { printf '%s' "$1" | cksum | cut -d' ' -f1; }

if [ "$1" = --one ]; then # one file (run by xargs below): its report in $PK_RT_TMP/KEY.report
  f=$2
  k=$(key "$f")
  w="$PK_RT_TMP/$k"
  mkdir -p "$w"
  exec > "$PK_RT_TMP/$k.report"
  fens() { "$bin/pdnfen" --all --numeric "$1" 2>/dev/null | cut -f1,2,6; }
  records() { "$helpers/pdn-records" "$1"; }
  diags() { # "game N code: message" of every diagnostic, quoted texts and numbers left out
    # (a warning said once a game quotes its first case, which a move converted changes),
    # sorted: a multiset for comm
    "$bin/pdncheck" -j 1 --strict --syntax-only --json "$1" 2>/dev/null |
      sed -n 's/^{"type":"diagnostic".*"game":\([0-9]*\),.*"code":"\([^"]*\)".*"message":"\(.*\)","hint":.*/\1\t\2: \3/p' |
      sed "s/'[^']*'/''/g" | awk -F'\t' '{ gsub(/[0-9]+/, "N", $2); print "game " $1 " " $2 }' | LC_ALL=C sort
  }
  counts() { grep -v 'bytes,' "$1" | grep '^pdnconv: [0-9]* games,' | sed 's/^pdnconv: //'; }
  notes() { # (g): one line per comment ("{" and its text) or escape line ("%" and its text)
    LC_ALL=C awk '
      function put(kind, t) { gsub(/[ \t\r\n]+/, " ", t); sub(/^ /, "", t); sub(/ $/, "", t); print kind t }
      NR == 1 { sub(/^\357\273\277/, "") }
      {
        sub(/\r$/, ""); s = $0
        if (incomment) {
          i = index(s, "}")
          if (!i) { buf = buf " " s; next }
          put("{", buf " " substr(s, 1, i - 1)); incomment = 0; s = substr(s, i + 1)
        } else if (s ~ /^%/) { put("%", substr(s, 2)); next }
        while (match(s, /[][{;"\\]/)) {
          c = substr(s, RSTART, 1); s = substr(s, RSTART + 1)
          if (instr) { if (c == "\\") s = substr(s, 2); else if (c == "\"") instr = 0; continue }
          if (c == "[") intag = 1
          else if (c == "]") intag = 0
          else if (c == "\"") instr = intag
          else if (intag) continue # a tag name holds no comment: [&#x00c9;v&#x00e9;nement "..."]
          else if (c == ";") { put("{", s); break }
          else if (c == "{") {
            i = index(s, "}")
            if (!i) { incomment = 1; buf = s; break }
            put("{", substr(s, 1, i - 1)); s = substr(s, i + 1)
          }
        }
        if (!instr) intag = 0 # a tag pair stands on one line, but for a wrapped value
      }
      END { if (incomment) put("{", buf) }' "$1"
  }
  in_order() { # the first note of $1 that $2 does not hold in $1's order; nothing when all
    awk -v out="$2" 'BEGIN { while ((getline l < out) > 0) o[++n] = l } # (an empty $2 holds none)
         { while (j < n && o[j + 1] != $0) j++; if (j == n) { print "note " FNR ": " $0; exit } j++ }' "$1"
  }
  utf8=1 # (g) only for a UTF-8 input: no NUL byte (UTF-16/32), valid UTF-8
  if [ "$(tr -d -c '\000' < "$f" | wc -c)" -gt 0 ] || ! iconv -f UTF-8 -t UTF-8 < "$f" > /dev/null 2>&1; then
    utf8=0
  fi
  [ $utf8 = 1 ] && notes "$f" > "$w/in.notes"
  fens "$f" > "$w/in.fen"
  records "$f" > "$w/in.rec" || { echo "FAIL $f: pdn-records cannot read it"; exit 1; }
  diags "$f" > "$w/in.diag"
  bad=0
  for mode in short full numeric algebraic; do
    "$bin/pdnconv" --$mode --stats "$f" > "$w/o1.pdn" 2> "$w/e1"; s1=$?
    "$bin/pdnconv" --$mode --stats "$w/o1.pdn" > "$w/o2.pdn" 2> "$w/e2"; s2=$?
    if [ $s1 -gt 1 ] || [ $s2 -gt 1 ]; then # 1: a game not (fully) replayed; 2: no file, a crash
      echo "FAIL $f --$mode: exit status $s1, then $s2:"; grep -v '^pdnconv: [0-9]' "$w/e1" "$w/e2" | head -n 4; bad=1
    fi
    c1=$(counts "$w/e1"); c2=$(counts "$w/e2")
    [ "$mode" = short ] && echo "$f: $c1, $(wc -l < "$w/in.fen") positions, $([ $utf8 = 1 ] && wc -l < "$w/in.notes" || echo "-") notes in the text"
    if [ "$mode" = short ]; then # UTF-8 and LF line ends, whatever the input
      iconv -f UTF-8 -t UTF-8 < "$w/o1.pdn" > /dev/null 2>&1 || { echo "FAIL $f: output is not UTF-8"; bad=1; }
      [ "$(tr -d -c '\r' < "$w/o1.pdn" | wc -c)" -eq 0 ] || { echo "FAIL $f: carriage returns in the output"; bad=1; }
    fi
    if [ -z "$c1" ] || [ "$c1" != "$c2" ]; then
      echo "FAIL $f --$mode: counts differ: input: $c1; output: $c2"; bad=1
    fi
    if ! cmp -s "$w/o1.pdn" "$w/o2.pdn"; then
      echo "FAIL $f --$mode: not idempotent (converting the output again changes it):"
      diff "$w/o1.pdn" "$w/o2.pdn" | head -n 8; bad=1
    fi
    fens "$w/o1.pdn" > "$w/out.fen"
    if ! cmp -s "$w/in.fen" "$w/out.fen"; then
      echo "FAIL $f --$mode: positions differ (game, ply, FEN; < input, > output):"
      diff "$w/in.fen" "$w/out.fen" | head -n 6; bad=1
    fi
    records "$w/o1.pdn" > "$w/out.rec"
    if ! cmp -s "$w/in.rec" "$w/out.rec"; then
      echo "FAIL $f --$mode: records differ (game, result, move tokens, escaped tags, unparsed, tags; < input, > output):"
      diff "$w/in.rec" "$w/out.rec" | head -n 6; bad=1
    fi
    if [ $utf8 = 1 ]; then
      notes "$w/o1.pdn" > "$w/out.notes"
      lost=$(in_order "$w/in.notes" "$w/out.notes")
      [ -z "$lost" ] || { echo "FAIL $f --$mode: a comment or % line of the input's text is not in the output (in order): $lost" | cut -c1-400; bad=1; }
    fi
    diags "$w/o1.pdn" > "$w/out.diag"
    if [ -n "$(LC_ALL=C comm -13 "$w/in.diag" "$w/out.diag")" ]; then
      echo "FAIL $f --$mode: the output, read back, gives diagnostics the input did not (the writer's):"
      LC_ALL=C comm -13 "$w/in.diag" "$w/out.diag" | head -n 4; bad=1
    fi
  done
  rm -rf "$w"
  exit $bad
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-roundtrip.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
PK_RT_TMP=$tmp; export PK_RT_TMP
# Under the sanitizers (PK_SANITIZED=1, make check-asan) the files over 2 MB (OCA, two thirds
# of the corpora's bytes) are left out and one file in three of the others is read (the first,
# then every third, in name order): the same code paths on less data, for CI's 30 minutes.
# make check reads them all.
big=; every=1; [ -n "${PK_SANITIZED:-}" ] && big="-size -2000k" && every=3
if [ $# -gt 0 ]; then
  for f in "$@"; do printf '%s\0' "$f"; done
else
  (cd "$CORPORA" && find . -name '*.pdn' ! -path './parser-tests/*/fail*' $big -print0 | LC_ALL=C sort -z | sed -z -n "1~${every}p") |
    sed -z "s|^\\./|$CORPORA/|"
  printf '%s\0' "$top/tests/scripts/pdnconv-notes.pdn" # (g)'s cases the corpora lack: a comment after a
  # move number before the result ("2. {resigns} 1-0"), a ; comment there, a % line between games,
  # notes after the last game's result
fi > "$tmp/files"
xargs -0 -n 1 -P 2 sh "$0" --one < "$tmp/files"
st=$?
tr '\0' '\n' < "$tmp/files" | while IFS= read -r f; do
  cat "$tmp/$(key "$f").report"
done > "$tmp/report"
sed "s|^$CORPORA/||; s|^FAIL $CORPORA/|FAIL |" "$tmp/report"
n=$(grep -c ': [0-9]* games,' "$tmp/report")
failed=$(grep -c '^FAIL' "$tmp/report")
pos=$(sed -n 's/.*, \([0-9]*\) positions, .*/\1/p' "$tmp/report" | awk '{n += $1} END {print n + 0}')
notes=$(sed -n 's/.*, \([0-9]*\) notes in the text$/\1/p' "$tmp/report" | awk '{n += $1} END {print n + 0}')
echo "pdnconv-roundtrip: $n files x 4 modes, $pos positions each, $notes notes of the text, $failed failures"
# a pdnfen that printed nothing would compare equal: the corpora hold over a million
# positions (over 100,000 in the sanitizers' third of the files without OCA)
# ... and an awk that found no note would too: the corpora's texts hold over 500 (over 100
# in the sanitizers' third)
min=1000000 minnotes=500; [ -n "$big" ] && min=100000 minnotes=100
if [ $st -eq 0 ] && [ "$failed" -eq 0 ] && [ "$n" -gt 0 ] && { [ $# -gt 0 ] || { [ "$pos" -gt $min ] && [ "$notes" -gt $minnotes ]; }; }; then
  echo "pdnconv-roundtrip: 1 passed, 0 failed"
  exit 0
fi
echo "pdnconv-roundtrip: 0 passed, 1 failed"
exit 1
