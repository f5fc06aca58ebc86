#!/bin/sh
# Messages in the reader's language (issue 36): the catalogues of po/ and what they change.
#   1. po/pdnkit.pot is what xgettext makes of the sources today (make pot rewrites it)
#   2. every po/LL.po translates every message of the template: no untranslated, no fuzzy,
#      no message missing (msgcmp), and msgfmt --check passes (format specifiers agree)
#   3. pdncheck on pdn/errors/demo-errors.pdn under each language (the locales made here
#      with localedef into a temporary LOCPATH, as tests/unit/test_locale.c makes tr_TR)
#      is tests/scripts/nls/LL.txt, the translated report; LC_ALL=C, and a locale that does
#      not exist, give the English one (tests/scripts/nls/C.txt)
#   4. what a script parses never changes: pdncheck --json's output and every exit status,
#      on each file of pdn/ and pdn/errors/, and pdnmoves --json's verdicts (their
#      "message" and "reason"), are byte for byte the same under every language
#   5. the six other tools: each one's --help and a usage or game error under each language
#      are tests/scripts/nls/tools-LL.txt (tools-C.txt under LC_ALL=C, an unknown locale
#      and LANG=C: the English of before the catalogues); a game's name ("round") and the
#      variant's guess in pdncheck's words; and what their scripts read (pdnconv --to json
#      and PDN, pdnfen --json and its plain lines, pdngrep --json, -c and -l, pdnperft's
#      counts, pdndiagram's SVG and board, the exit statuses) byte for byte the same under
#      every language. NLS_UPDATE=1 rewrites tools-*.txt (read them before committing).
# The expected reports were written from the glossary (doc/glossary.md), whose terms the
# catalogues use; the English one is pdncheck's report as it was before the catalogues.
set -eu
BUILD=${BUILD:-build}
bin=$BUILD/bin
for t in xgettext msgfmt msgcmp localedef; do
  command -v $t >/dev/null 2>&1 || { echo "SKIP: $t missing (make deps: gettext, libc-bin)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-nls.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. the template is current
make --no-print-directory -s BUILD="$BUILD" "$BUILD/pdnkit.pot" >/dev/null
diff -I '^"POT-Creation-Date' po/pdnkit.pot "$BUILD/pdnkit.pot" >"$tmp/pot.diff" ||
  bad "po/pdnkit.pot is stale: run make pot, then msgmerge -U each po/LL.po and translate (first lines of the difference:)
$(head -20 "$tmp/pot.diff")"

# 2. every catalogue complete
langs="fr nl ru pt es it"
for l in $langs; do
  po=po/$l.po
  [ -f "$po" ] || { bad "$po missing"; continue; }
  msgfmt --check --statistics -o /dev/null "$po" 2>"$tmp/stat" || bad "$po: msgfmt --check: $(cat "$tmp/stat")"
  grep -Eq 'untranslated|fuzzy' "$tmp/stat" && bad "$po: $(tail -1 "$tmp/stat")"
  msgcmp "$po" po/pdnkit.pot 2>"$tmp/cmp" || bad "$po lacks messages of po/pdnkit.pot: $(head -5 "$tmp/cmp")"
  grep -q '^#~' "$po" && bad "$po keeps obsolete entries (#~): remove them"
  [ -f "$BUILD/locale/$l/LC_MESSAGES/pdnkit.mo" ] || bad "$BUILD/locale/$l/LC_MESSAGES/pdnkit.mo not built (make)"
done

# 3. the locales, made here
loc=$tmp/locales
mkdir -p "$loc"
set -- fr:fr_FR nl:nl_NL ru:ru_RU pt:pt_BR es:es_ES it:it_IT
for p in "$@"; do
  localedef -i "${p#*:}" -f UTF-8 "$loc/${p#*:}.UTF-8" >/dev/null 2>&1 || true
  [ -d "$loc/${p#*:}.UTF-8" ] || { echo "SKIP: localedef could not make ${p#*:}.UTF-8 (package locales)"; exit 77; }
done
run() { # LANG-value LC_ALL-value command...: the tool under that locale, build tree's catalogues
  lang=$1 all=$2; shift 2
  env -u LANGUAGE -u LC_MESSAGES LOCPATH="$loc" PDNKIT_LOCALEDIR="$BUILD/locale" LANG="$lang" LC_ALL="$all" "$@"
}
demo=pdn/errors/demo-errors.pdn
run C "" "$bin/pdncheck" "$demo" >"$tmp/C.out" 2>&1 && st=0 || st=$?
[ "$st" = 1 ] || bad "pdncheck $demo under C: exit $st, expected 1"
cmp -s "$tmp/C.out" tests/scripts/nls/C.txt || bad "English report differs from tests/scripts/nls/C.txt:
$(diff tests/scripts/nls/C.txt "$tmp/C.out" | head -10)"
for p in "$@"; do
  l=${p%%:*} lc=${p#*:}.UTF-8
  run "$lc" "" "$bin/pdncheck" "$demo" >"$tmp/$l.out" 2>&1 && st=0 || st=$?
  [ "$st" = 1 ] || bad "pdncheck $demo under $lc: exit $st, expected 1"
  cmp -s "$tmp/$l.out" tests/scripts/nls/$l.txt || bad "$lc report differs from tests/scripts/nls/$l.txt:
$(diff tests/scripts/nls/$l.txt "$tmp/$l.out" | head -10)"
  # LC_ALL=C wins over LANG; LC_MESSAGES alone chooses too
  run "$lc" C "$bin/pdncheck" "$demo" >"$tmp/$l.c" 2>&1 || true
  cmp -s "$tmp/$l.c" tests/scripts/nls/C.txt || bad "LANG=$lc LC_ALL=C is not the English report"
  env -u LANGUAGE -u LANG -u LC_ALL LOCPATH="$loc" PDNKIT_LOCALEDIR="$BUILD/locale" LC_MESSAGES="$lc" \
    "$bin/pdncheck" "$demo" >"$tmp/$l.m" 2>&1 || true
  cmp -s "$tmp/$l.m" "$tmp/$l.out" || bad "LC_MESSAGES=$lc does not choose the $l report"
  # gettext's LANGUAGE chooses under C.UTF-8 (not under C): nls.c skips the lookup only
  # where gettext would find nothing
  env -u LC_MESSAGES -u LC_ALL LOCPATH="$loc" PDNKIT_LOCALEDIR="$BUILD/locale" LANG=C.UTF-8 LANGUAGE="$l" \
    "$bin/pdncheck" "$demo" >"$tmp/$l.g" 2>&1 || true
  cmp -s "$tmp/$l.g" "$tmp/$l.out" || bad "LANG=C.UTF-8 LANGUAGE=$l does not choose the $l report"
  env -u LC_MESSAGES LOCPATH="$loc" PDNKIT_LOCALEDIR="$BUILD/locale" LC_ALL=C LANGUAGE="$l" \
    "$bin/pdncheck" "$demo" >"$tmp/$l.gc" 2>&1 || true
  cmp -s "$tmp/$l.gc" tests/scripts/nls/C.txt || bad "LC_ALL=C LANGUAGE=$l is not the English report"
done
run xx_YY.UTF-8 "" "$bin/pdncheck" "$demo" >"$tmp/xx.out" 2>&1 || true
cmp -s "$tmp/xx.out" tests/scripts/nls/C.txt || bad "an unknown locale (xx_YY.UTF-8) is not the English report"

# 4. what scripts read: JSON and exit statuses, byte for byte under every language
for f in pdn/*.pdn pdn/errors/*.pdn; do
  for opt in --json "--json --strict" "--json --syntax-only"; do
    # shellcheck disable=SC2086
    run C "" "$bin/pdncheck" $opt "$f" >"$tmp/json.C" 2>&1 && stc=0 || stc=$?
    for p in "$@"; do
      lc=${p#*:}.UTF-8
      # shellcheck disable=SC2086
      run "$lc" "" "$bin/pdncheck" $opt "$f" >"$tmp/json.l" 2>&1 && stl=0 || stl=$?
      cmp -s "$tmp/json.C" "$tmp/json.l" || bad "pdncheck $opt $f: the JSON differs under $lc"
      [ "$stc" = "$stl" ] || bad "pdncheck $opt $f: exit $stl under $lc, $stc under C"
    done
  done
  # the text report: translated, but the exit status and the "file:line:col: error:" prefixes stay
  run C "" "$bin/pdncheck" "$f" >"$tmp/t.C" 2>&1 && stc=0 || stc=$?
  for p in "$@"; do
    lc=${p#*:}.UTF-8
    run "$lc" "" "$bin/pdncheck" "$f" >"$tmp/t.l" 2>&1 && stl=0 || stl=$?
    [ "$stc" = "$stl" ] || bad "pdncheck $f: exit $stl under $lc, $stc under C"
    grep -Eo '^[^ ]+:[0-9]+:[0-9]+: (error|warning|note): ' "$tmp/t.C" >"$tmp/pre.C" || true
    grep -Eo '^[^ ]+:[0-9]+:[0-9]+: (error|warning|note): ' "$tmp/t.l" >"$tmp/pre.l" || true
    cmp -s "$tmp/pre.C" "$tmp/pre.l" || bad "pdncheck $f under $lc: the file:line:col: severity prefixes differ"
  done
done
# pdnmoves --json words a move's verdict (its "message" and "reason" are the library's)
fen='W:WK46,36:B37,18,31'
for args in "--json --check=36x27 $fen" "--json --check=46-41 $fen" "--json --explain $fen" "--json --check=31x15 W:WK31:B19,20,22,23"; do
  # shellcheck disable=SC2086
  run C "" "$bin/pdnmoves" $args >"$tmp/mv.C" 2>&1 && stc=0 || stc=$?
  for p in "$@"; do
    lc=${p#*:}.UTF-8
    # shellcheck disable=SC2086
    run "$lc" "" "$bin/pdnmoves" $args >"$tmp/mv.l" 2>&1 && stl=0 || stl=$?
    cmp -s "$tmp/mv.C" "$tmp/mv.l" || bad "pdnmoves $args: the JSON differs under $lc"
    [ "$stc" = "$stl" ] || bad "pdnmoves $args: exit $stl under $lc, $stc under C"
  done
done

# 5. the six other tools, in their words and with their data unchanged
tools_run() { # LANG-value: each tool's --help and one error, as "$ command", output, "exit N"
  for c in "pdnconv --help" "pdnconv --to=xml" \
           "pdnfen --help" "pdnfen -g 99 pdn/international.pdn" \
           "pdngrep --help" "pdngrep -u -D" "pdngrep --bogus" \
           "pdnmoves --help" "pdnmoves --explain --check=1-2" "pdnmoves --explain W:WK46,36:B37,18,31" \
           "pdnperft --help" "pdnperft" "pdnperft --fen" \
           "pdndiagram --help" "pdndiagram --size=100 W:W31:B19"; do
    echo "\$ $c"
    # shellcheck disable=SC2086
    run "$1" "" "$bin"/$c 2>&1 && echo "exit 0" || echo "exit $?"
  done
}
for p in C:C "$@"; do
  l=${p%%:*} lc=${p#*:}; [ "$lc" = C ] || lc=$lc.UTF-8
  tools_run "$lc" >"$tmp/tools.$l"
  if [ "${NLS_UPDATE:-}" = 1 ]; then cp "$tmp/tools.$l" "tests/scripts/nls/tools-$l.txt"; continue; fi
  cmp -s "$tmp/tools.$l" "tests/scripts/nls/tools-$l.txt" || bad "the tools' --help and errors under $lc differ from tests/scripts/nls/tools-$l.txt:
$(diff "tests/scripts/nls/tools-$l.txt" "$tmp/tools.$l" | head -10)"
done
tools_run xx_YY.UTF-8 >"$tmp/tools.xx"
cmp -s "$tmp/tools.xx" tests/scripts/nls/tools-C.txt || bad "the tools under an unknown locale (xx_YY.UTF-8) are not English"
# pdncheck: a game's name (its Round) and the variant guessed for each game, in the language
# (their words are looked up once per process: pk_nls_once)
set -- fr:fr_FR:ronde nl:nl_NL:ronde ru:ru_RU:тур pt:pt_BR:rodada es:es_ES:ronda it:it_IT:turno
for p in "$@"; do
  lc=$(echo "$p" | cut -d: -f2).UTF-8 word=${p##*:}
  run "$lc" "" "$bin/pdncheck" pdn/czech.pdn >"$tmp/round" 2>&1 || true
  grep -q "^pdn/czech.pdn:1:1: warning: [^ ]* 1 (Keller,D. - Truhlar,P., $word 1): " "$tmp/round" ||
    bad "pdncheck pdn/czech.pdn under $lc: no '$word 1' in the game's name: $(head -1 "$tmp/round")"
  run "$lc" "" "$bin/pdncheck" pdn/czech.pdn pdn/czech.pdn >"$tmp/round2" 2>&1 || true
  [ "$(grep -c "$word" "$tmp/round2")" = "$(($(grep -c "$word" "$tmp/round") * 2))" ] ||
    bad "pdncheck under $lc: the second file's games are not named as the first's"
done
set -- fr:fr_FR nl:nl_NL ru:ru_RU pt:pt_BR es:es_ES it:it_IT
# what scripts read: stdout and the exit status, byte for byte, under every language
same() { # description, then the command: its standard output and status under C and each language
  what=$1; shift
  run C "" "$@" >"$tmp/same.C" 2>/dev/null && stc=0 || stc=$?
  for p in fr:fr_FR nl:nl_NL ru:ru_RU pt:pt_BR es:es_ES it:it_IT; do
    lc=${p#*:}.UTF-8
    run "$lc" "" "$@" >"$tmp/same.l" 2>/dev/null && stl=0 || stl=$?
    cmp -s "$tmp/same.C" "$tmp/same.l" || bad "$what: the output differs under $lc"
    [ "$stc" = "$stl" ] || bad "$what: exit $stl under $lc, $stc under C"
  done
}
for f in pdn/*.pdn pdn/errors/*.pdn; do
  same "pdnconv --to json $f" "$bin/pdnconv" --to json "$f"
  same "pdnconv $f" "$bin/pdnconv" "$f"
  same "pdnconv --to hub $f" "$bin/pdnconv" --to hub "$f"
  same "pdnfen --json --all $f" "$bin/pdnfen" --json --all "$f"
  same "pdnfen --all $f" "$bin/pdnfen" --all "$f"
  same "pdnfen -g 1-99 $f" "$bin/pdnfen" -g 1-99 "$f"
  same "pdngrep --json $f" "$bin/pdngrep" --json --plies=1 "$f"
  same "pdngrep -l $f" "$bin/pdngrep" -l --verdict=errors "$f"
  same "pdngrep -c $f" "$bin/pdngrep" -c --verdict=ok "$f"
done
same "pdngrep -u -D (usage)" "$bin/pdngrep" -u -D
same "pdnperft -d 3" "$bin/pdnperft" -d 3
same "pdnperft -v english -k 4" "$bin/pdnperft" -v english -k 4
same "pdnperft (no depth)" "$bin/pdnperft"
same "pdndiagram --svg" "$bin/pdndiagram" --svg --move=32-28 W:W31,32:B19
same "pdndiagram --ascii" "$bin/pdndiagram" --ascii W:W31,32:B19
same "pdndiagram --move (illegal)" "$bin/pdndiagram" --move=31-26 W:W31,32:B19
same "pdnmoves (plain, no legal move)" "$bin/pdnmoves" W:W31:B
same "pdnmoves (plain)" "$bin/pdnmoves" 'W:WK46,36:B37,18,31'
same "pdnmoves --check (legal)" "$bin/pdnmoves" --check=46x12 'W:WK46,36:B37,18,31'
[ $fail = 0 ] && echo "nls: po/pdnkit.pot current, $(echo $langs | wc -w) catalogues complete, reports and JSON checked under each"
exit $fail
