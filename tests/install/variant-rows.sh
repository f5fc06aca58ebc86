#!/bin/sh
# The variant table (src/engine/variant_rows.h) is the one place a variant is defined, and
# what is written elsewhere follows it (issue 32 item 3). Fails when:
#  - a row lacks its rules: its .rules_doc names a section that is not there ("RULES 2.2":
#    a "### 2.2 " heading of doc/RULES.md; "pdnkit-rules(7) TITLE": a ".SH TITLE" of
#    man/pdnkit-rules.7), or man/pdnkit-rules.7 does not name the variant;
#  - a row lacks perft rows: no start-position series of its name in tests/perft-table.txt;
#  - a list kept in a text is stale: man/pdncheck.1's table of variants (name, aliases,
#    GameType, first to move) differs from `pdnperft --list-variants`, or the names the
#    completion offers without pdnperft (completion/pdnkit.bash) are not the table's.
# The rows are read from the tools (--list-variants) and, for .rules_doc, from the rows'
# text; the two must name the same variants, so a row the text reading missed fails too.
# With --write it rewrites the two lists from --list-variants instead (after a row is
# added: sh tests/install/variant-rows.sh --write), then checks.
set -eu
BUILD=${BUILD:-build}
TOP=${TOP:-.}
rows=$TOP/src/engine/variant_rows.h
fail=0
bad() { echo "FAIL: $*"; fail=1; }
tmp=${TMPDIR:-/tmp}/variant-rows.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

"$BUILD/bin/pdnperft" --list-variants | awk 'NR > 1' >"$tmp/list"
awk '{ print $1 }' "$tmp/list" >"$tmp/names"
[ -s "$tmp/names" ] || bad "pdnperft --list-variants lists no variant"

# name <TAB> rules_doc, from the rows' text (one .name and one .rules_doc per row)
awk -F'"' '/^[[:space:]]*\.name = "/ { n = $2 } /^[[:space:]]*\.rules_doc = "/ { print n "\t" $2 }' "$rows" >"$tmp/docs"
cut -f1 "$tmp/docs" | cmp -s - "$tmp/names" ||
  bad "$rows: the rows' .name/.rules_doc ($(cut -f1 "$tmp/docs" | tr '\n' ' ')) are not the variants of --list-variants ($(tr '\n' ' ' <"$tmp/names"))"

while IFS="$(printf '\t')" read -r name doc; do
  case $doc in
  "RULES "*)
    sec=${doc#RULES }
    grep -q "^#\{2,4\} $sec " "$TOP/doc/RULES.md" || bad "$name: .rules_doc \"$doc\": doc/RULES.md has no section $sec" ;;
  "pdnkit-rules(7) "*)
    sec=${doc#pdnkit-rules(7) }
    grep -qx "\.SH \"*$sec\"*" "$TOP/man/pdnkit-rules.7" || bad "$name: .rules_doc \"$doc\": man/pdnkit-rules.7 has no .SH $sec" ;;
  *) bad "$name: .rules_doc \"$doc\" is neither \"RULES N.N\" nor \"pdnkit-rules(7) SECTION\"" ;;
  esac
  roff=$(printf '%s' "$name" | sed 's/-/\\\\-/g')
  grep -qi "\(^\|[^a-z]\)$roff\($\|[^a-z]\)" "$TOP/man/pdnkit-rules.7" || bad "$name: man/pdnkit-rules.7 does not name it"
  grep -q "^$name " "$TOP/tests/perft-table.txt" || bad "$name: no perft series in tests/perft-table.txt (doc/PERFT.md)"
done <"$tmp/docs"

if [ "${1:-}" = --write ]; then
  awk '{ a = ""; for (i = 2; i <= NF - 4; i++) a = a (a == "" ? "" : ", ") $i; if (a == "-") a = "";
         f = $NF == "white" ? "White" : "Black"; gsub(/-/, "\\-", a); n = $1; gsub(/-/, "\\-", n);
         print n "\t" a "\t" $(NF - 3) "\t" f }' "$tmp/list" >"$tmp/table"
  awk -v t="$tmp/table" '/^name\taliases\tGameType\tfirst to move$/ { print; while ((getline l < t) > 0) print l; skip = 1; next }
       skip && /^\.TE/ { skip = 0 } !skip' "$TOP/man/pdncheck.1" >"$tmp/pdncheck.1" && cat "$tmp/pdncheck.1" >"$TOP/man/pdncheck.1"
  words=$(tr '\n' ' ' <"$tmp/names" | sed 's/ $//')
  awk -v w="$words" '/^        list="/ { print "        list=\"" w "\""; skip = !/"$/ || /list="$/; next }
       skip { if (/"$/) skip = 0; next } { print }' "$TOP/completion/pdnkit.bash" >"$tmp/completion.bash" &&
    cat "$tmp/completion.bash" >"$TOP/completion/pdnkit.bash"
fi

# man/pdncheck.1's table: name, aliases (comma separated), GameType, first to move
awk '/^name\taliases\tGameType\tfirst to move$/ { on = 1; next } on && /^\.TE/ { exit } on' "$TOP/man/pdncheck.1" |
  sed 's/\\-/-/g' | awk -F'\t' '{ a = $2; gsub(/, /, " ", a); if (a == "") a = "-"; print $1, a, $3, tolower($4) }' |
  sort >"$tmp/man"
awk '{ a = ""; for (i = 2; i <= NF - 4; i++) a = a (a == "" ? "" : " ") $i; print $1, a, $(NF - 3), $NF }' "$tmp/list" |
  sort >"$tmp/want"
cmp -s "$tmp/man" "$tmp/want" ||
  bad "man/pdncheck.1's table of variants is stale (< man, > pdnperft --list-variants): $(diff "$tmp/man" "$tmp/want" | grep '^[<>]' | tr '\n' ';')"

# completion/pdnkit.bash: the built-in list (used when pdnperft is not found)
awk '/^        list="/ { on = 1 } on { print; if (/"$/) exit }' "$TOP/completion/pdnkit.bash" | sed 's/list=//' |
  tr -d '"' | tr -s ' \n' '\n\n' | grep . >"$tmp/completion" || true
cmp -s "$tmp/completion" "$tmp/names" ||
  bad "completion/pdnkit.bash's built-in variant list is stale: $(tr '\n' ' ' <"$tmp/completion") / want $(tr '\n' ' ' <"$tmp/names")"

[ $fail = 0 ] && echo "variant-rows: $(wc -l <"$tmp/names") rows, each with its rules, perft rows, and the lists of man/pdncheck.1 and the completion"
exit $fail
