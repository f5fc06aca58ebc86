#!/bin/sh
# Every PDN file listed in tests/corpora/MANIFEST.tsv is read by pdncheck --syntax-only:
#  1. no file gives an error or an unreadable-file status;
#  2. the number of games equals an independent count: max(tag_blocks, result_terminators)
#     from MANIFEST.tsv, except for the files of the EXPECT table below, where that
#     line-based count is known to be off (each row says why);
#  3. warnings appear exactly in the files listed in DEVIATING (files that really deviate
#     from the PDN 3.0 reading grammar: PARSER-EDGE-CASES.md section 4, legacy encodings,
#     header-only lidraughts records, stray lines in the shashkispark fixtures, the empty
#     generated.pdn: "no game found"); every
#     other file must read with no warning.
# Names each failing file; ends with "N passed, N failed" (one test per file and check).
CORPORA=${CORPORA:-build/corpora}
C="$CORPORA"
[ -f "$C/MANIFEST.tsv" ] || { echo "pdn-games: $C/MANIFEST.tsv not found"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-games.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# path <TAB> expected games <TAB> why MANIFEST's max(tag_blocks, terminators) differs
cat >"$tmp/expect" <<'TAB'
frisian/py-draughts/frisian_lidraughts.pdn	24	30 JSON records: 14 games with a result, 16 header-only; 6 header-only records are followed by a movetext-only record and form one game with it (no separator between them: one game for the PDN grammar); MANIFEST merges consecutive tag blocks
international/py-draughts/standard_lidraughts.pdn	30	30 JSON records: 13 games + 17 header-only records, each a game of its own; MANIFEST merges consecutive tag blocks
russian/py-draughts/russian_lidraughts.pdn	22	30 JSON records: 9 games + 21 header-only, 8 of which run into the next movetext-only record
international/brunogui-dames/48th Polish Team Championship.pdn	82	one game per line: 81 [Event] records (one written [[Event) + a record starting [Empty]; 75 results, 5 '-' results, 2 with none; MANIFEST sees one tag block
international/games-checkers/candidate95.pdn	8	MANIFEST counts the leading {...} file comment as a tag block; it belongs to game 1
international/games-checkers/dutch96h.pdn	194	leading {...} file comment counted as a tag block
international/games-checkers/nk2003-amsterdam.pdn	91	leading {...} file comment counted as a tag block
international/games-checkers/wk2003.pdn	190	leading {...} file comment counted as a tag block
russian/games-checkers/abatsiev.pdn	198	leading {...} file comments counted as a tag block
russian/games-checkers/test.pdn	3	leading {...} comment counted as a tag block
international/wiegerw-pdn/Cat.C1.pdn	46	the stray "36x27 1-0" after the last result is a game of its own (movetext without tags, ended by a result)
parser-tests/wiegerw-pdn/fail/Cat.C1.pdn	46	same file as international/wiegerw-pdn/Cat.C1.pdn
parser-tests/legacy-encodings/ussr1947-cp866.pdn	54	MANIFEST read the file as Latin-1, where 0x85 (cp866 'E') is a line break (NEL), splitting tag blocks: 54 results, 54 games
parser-tests/wiegerw-pdn/succeed/linecomment.pdn	1	the leading % line was counted as a tag block; one game
parser-tests/shashkispark/notation_undo1.pdn	2	stray lines "3" and "1" counted as a block: 2 games ([Ident] 1. g3-h4, then the tagged game)
parser-tests/shashkispark/notation_undo3.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant1.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_nested.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_with_forward_move1.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_with_forward_move2.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_with_one_drive_and_one_move.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_with_one_drive_and_two_move.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_with_one_move.pdn	2	same layout as notation_undo1
parser-tests/shashkispark/notation_variant_with_two_move.pdn	2	same layout as notation_undo1
TAB

cat >"$tmp/deviating" <<'LIST'
czech/wiegerw-pdn/mrdrcd07.pdn
czech/wiegerw-pdn/mrdrcd08.pdn
english/checkerboard/tinsley.pdn
english/games-checkers/British_Computer_Championship_2002.pdn
frisian/py-draughts/frisian_lidraughts.pdn
international/brunogui-dames/48th Polish Team Championship.pdn
international/brunogui-dames/4th African BLITZ Championship OUAGA ZIIRI 2024.pdn
international/brunogui-dames/BrunoVsScan31.pdn
international/brunogui-dames/Championnat de France 2021.pdn
international/brunogui-dames/ChapionnatSurinam2025.pdn
international/brunogui-dames/Mini.pdn
international/brunogui-dames/Partie_avec_FEN1.pdn
international/brunogui-dames/World Title Match Women 2024.pdn
international/brunogui-dames/test.pdn
international/games-checkers/Cannes_Open_Tournament_2002.pdn
international/games-checkers/candidate95.pdn
international/games-checkers/dutch96h.pdn
international/games-checkers/nk2003-amsterdam.pdn
international/games-checkers/prof2.pdn
international/games-checkers/wk2003.pdn
international/py-draughts/standard_lidraughts.pdn
international/wiegerw-pdn/40Camp.DamaInternazionaleAssoluto.pdn
international/wiegerw-pdn/Cat.A1.pdn
international/wiegerw-pdn/Cat.C1.pdn
international/wiegerw-pdn/delfts.pdn
italian/games-checkers/40champ-1996.pdn
italian/games-checkers/ci98-fero.pdn
italian/games-checkers/ci98-perani.pdn
parser-tests/legacy-encodings/40Camp.DamaInternazionaleAssoluto-cp1252.pdn
parser-tests/legacy-encodings/Campionato Assoluto 2005-cp1252.pdn
parser-tests/legacy-encodings/abatsiev-cp1251.pdn
parser-tests/legacy-encodings/nk2003-amsterdam-cp1252.pdn
parser-tests/legacy-encodings/ussr1947-cp866.pdn
parser-tests/shashkispark/generated.pdn
parser-tests/shashkispark/notation_undo1.pdn
parser-tests/shashkispark/notation_undo3.pdn
parser-tests/shashkispark/notation_variant1.pdn
parser-tests/shashkispark/notation_variant_nested.pdn
parser-tests/shashkispark/notation_variant_with_forward_move1.pdn
parser-tests/shashkispark/notation_variant_with_forward_move2.pdn
parser-tests/shashkispark/notation_variant_with_one_drive_and_one_move.pdn
parser-tests/shashkispark/notation_variant_with_one_drive_and_two_move.pdn
parser-tests/shashkispark/notation_variant_with_one_move.pdn
parser-tests/shashkispark/notation_variant_with_two_move.pdn
parser-tests/wiegerw-pdn/fail/40Camp.DamaInternazionaleAssoluto.pdn
parser-tests/wiegerw-pdn/fail/Cat.A1.pdn
parser-tests/wiegerw-pdn/fail/Cat.C1.pdn
parser-tests/wiegerw-pdn/fail/abatsiev.pdn
parser-tests/wiegerw-pdn/fail/delfts.pdn
parser-tests/wiegerw-pdn/fail/mrdrcd07.pdn
parser-tests/wiegerw-pdn/fail/mrdrcd08.pdn
parser-tests/wiegerw-pdn/fail/nested_comment.pdn
russian/games-checkers/First_Computers_Match_Moscow_1998.pdn
russian/games-checkers/World_Championship_1998.pdn
russian/games-checkers/abatsiev.pdn
russian/games-checkers/test.pdn
russian/py-draughts/russian_lidraughts.pdn
russian/wiegerw-pdn/abatsiev.pdn
LIST

pass=0; fail=0
tab=$(printf '\t')
tail -n +2 "$C/MANIFEST.tsv" | while IFS="$tab" read -r path bytes sha enc tb rt rest; do
  [ "$tb" = "-" ] && continue
  exp=$(( tb > rt ? tb : rt ))
  o=$(grep -F "$path$tab" "$tmp/expect" | cut -f2)
  [ -n "$o" ] && exp=$o
  out=$(pdncheck --syntax-only "$C/$path"); st=$?
  sum=$(printf '%s\n' "$out" | tail -n 1)
  games=$(echo "$sum" | cut -d' ' -f3)
  warns=$(echo "$sum" | sed 's/.* with errors, \([0-9]*\) warnings/\1/')
  r=ok
  [ $st -eq 0 ] || { echo "FAIL $path: exit $st: $(printf '%s\n' "$out" | grep -m1 ': error: ')"; r=bad; }
  [ "$games" = "$exp" ] || { echo "FAIL $path: $games games, expected $exp"; r=bad; }
  if grep -qxF "$path" "$tmp/deviating"; then
    [ "$warns" -gt 0 ] || { echo "FAIL $path: deviates from PDN 3.0 but got no warning"; r=bad; }
  else
    [ "$warns" -eq 0 ] || { echo "FAIL $path: $warns unexpected warnings: $(printf '%s\n' "$out" | head -n 1)"; r=bad; }
  fi
  echo "$r"
done >"$tmp/log"
grep -v '^ok$' "$tmp/log" | grep -v '^bad$'
pass=$(grep -cx ok "$tmp/log"); fail=$(grep -cx bad "$tmp/log")
echo "pdn-games: $pass files passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 150 ]
