#!/bin/sh
# pdncheck --html in the reader's language (issue 36): the report's words through the
# catalogues of po/, chosen by --lang or by the locale.
#   1. pdncheck --html --lang LL on pdn/errors/demo-errors.pdn: the report's human words
#      (<html lang>, title, figures, filter menu, columns, findings' headings, labels,
#      captions, the warnings' table) are tests/scripts/nls_html/LL.txt, written from
#      doc/glossary.md's words (en.txt: the English report as it was before the catalogues)
#      and the terminal's messages of that run are tests/scripts/nls/LL.txt (one language
#      per run: --lang words both, under LC_ALL=C)
#   2. the machine parts are the same in every language: every tag with its attributes
#      (data-verdict, data-n, ids, classes, hrefs), the codes, the policy and the script,
#      with the text between the tags left out
#   3. the locale chooses when --lang is not given (LANG=fr_FR.UTF-8: the --lang fr page),
#      --lang wins over it (LANG=ru_RU.UTF-8 --lang it: the --lang it page), --lang en is
#      the English page under any locale; --json stays English under --lang
#   4. an unknown --lang is a usage error that lists the languages (exit 2)
set -eu
BUILD=${BUILD:-build}
bin=$BUILD/bin
for t in localedef; do
  command -v $t >/dev/null 2>&1 || { echo "SKIP: $t missing (libc-bin)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-nlshtml.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
demo=pdn/errors/demo-errors.pdn
export PDNKIT_LOCALEDIR="$BUILD/locale" SOURCE_DATE_EPOCH=0
unset LANGUAGE LC_ALL LC_MESSAGES || true

# the human words of a page: the text of the headings, labels, captions, cells of the
# header and warnings' table, the menu's options, and the lang and data-shown attributes
words() {
  grep -o '<html lang="[^"]*"\|<title>[^<]*\|<h[123]>[^<]*\|<dt>[^<]*\|<span class="why">[^<]*\|<span class="label">[^<]*\|<label [^>]*>[^<]*\|<option [^>]*>[^<]*\|data-shown="[^"]*"\|<button type="button">[^<]*\|<figcaption>[^<]*\|<p class="conventions">.*\|<p class="meta">.*\|<p class="legal">.*\|<p class="detail">.*\|<p>[^<]*\|, [0-9]* bytes*, \|, [0-9]* octets*, \|, [0-9]* байт[а]*, ' "$1"
}
# the machine parts: the page with the text between tags (and in data-shown) removed, then
# what is text but not words: the codes, the severities, the rules cited, the marked move,
# and the script
machine() {
  sed -e 's/>[^<]*</></g' -e 's/data-shown="[^"]*"/data-shown=""/; s/<html lang="[a-z]*"/<html lang=""/' "$1"
  grep -o '<code>[^<]*</code>\|<span class="sev">[^<]*\|<span class="rules">[^<]*\|<mark>[^<]*' "$1"
  awk '/^<script>$/{on=1} /^<\/script>$/{on=0} on' "$1"
}

# 1. each language's words
LC_ALL=C "$bin/pdncheck" -q --html "$tmp/C.html" "$demo" >/dev/null 2>&1 || true
words "$tmp/C.html" >"$tmp/C.words"
cmp -s "$tmp/C.words" tests/scripts/nls_html/en.txt || bad "the English report's words differ from tests/scripts/nls_html/en.txt:
$(diff tests/scripts/nls_html/en.txt "$tmp/C.words" | head -10)"
machine "$tmp/C.html" >"$tmp/C.machine"
for l in en fr nl ru pt es it; do
  LC_ALL=C "$bin/pdncheck" -q --lang "$l" --html "$tmp/$l.html" "$demo" >/dev/null 2>&1 && st=0 || st=$?
  [ "$st" = 1 ] || bad "pdncheck --lang $l --html $demo: exit $st, expected 1"
  # one language per run (doc/languages.md): --lang words the terminal's messages too, under
  # LC_ALL=C, as the locale would (tests/scripts/nls/LL.txt, nls.sh's expected reports)
  t=$l; [ "$l" = en ] && t=C
  LC_ALL=C "$bin/pdncheck" --lang "$l" --html "$tmp/$l.t.html" "$demo" >"$tmp/$l.term" 2>&1 || true
  cmp -s "$tmp/$l.term" tests/scripts/nls/$t.txt || bad "LC_ALL=C --lang $l --html: the terminal's messages are not tests/scripts/nls/$t.txt:
$(diff tests/scripts/nls/$t.txt "$tmp/$l.term" | head -6)"
  words "$tmp/$l.html" >"$tmp/$l.words"
  cmp -s "$tmp/$l.words" tests/scripts/nls_html/$l.txt || bad "--lang $l: the report's words differ from tests/scripts/nls_html/$l.txt:
$(diff tests/scripts/nls_html/$l.txt "$tmp/$l.words" | head -10)"
  grep -q "<html lang=\"$l\">" "$tmp/$l.html" || bad "--lang $l: the page is not <html lang=\"$l\">"
  # 2. the machine parts
  machine "$tmp/$l.html" >"$tmp/$l.machine"
  cmp -s "$tmp/C.machine" "$tmp/$l.machine" || bad "--lang $l: the page's tags, attributes or script differ from the English page's:
$(diff "$tmp/C.machine" "$tmp/$l.machine" | head -6)"
done
cmp -s "$tmp/C.html" "$tmp/en.html" || bad "--lang en is not the English page"

# 3. the locale, and --lang over it (the locales made here, as tests/scripts/nls.sh does)
loc=$tmp/locales
mkdir -p "$loc"
for lc in fr_FR ru_RU; do
  localedef -i "$lc" -f UTF-8 "$loc/$lc.UTF-8" >/dev/null 2>&1 || true
  [ -d "$loc/$lc.UTF-8" ] || { echo "SKIP: localedef could not make $lc.UTF-8 (package locales)"; exit 77; }
done
LOCPATH="$loc" LANG=fr_FR.UTF-8 "$bin/pdncheck" -q --html "$tmp/lang-fr.html" "$demo" >/dev/null 2>&1 || true
cmp -s "$tmp/lang-fr.html" "$tmp/fr.html" || bad "LANG=fr_FR.UTF-8 without --lang is not the --lang fr page:
$(diff "$tmp/fr.html" "$tmp/lang-fr.html" | head -6)"
LOCPATH="$loc" LANG=ru_RU.UTF-8 "$bin/pdncheck" -q --lang it --html "$tmp/ru-it.html" "$demo" >"$tmp/ru-it.out" 2>&1 || true
cmp -s "$tmp/ru-it.html" "$tmp/it.html" || bad "LANG=ru_RU.UTF-8 --lang it is not the --lang it page"
grep -q 'partita 1' "$tmp/ru-it.out" || bad "LANG=ru_RU.UTF-8 --lang it: the terminal's messages are not Italian: $(head -2 "$tmp/ru-it.out")"
LOCPATH="$loc" LANG=fr_FR.UTF-8 "$bin/pdncheck" -q --lang en --html "$tmp/fr-en.html" "$demo" >/dev/null 2>&1 || true
cmp -s "$tmp/fr-en.html" "$tmp/C.html" || bad "LANG=fr_FR.UTF-8 --lang en is not the English page"
LC_ALL=C "$bin/pdncheck" --json "$demo" >"$tmp/json.C" 2>&1 || true
for l in fr ru; do
  LOCPATH="$loc" LANG=fr_FR.UTF-8 "$bin/pdncheck" --json --lang "$l" --html "$tmp/j.html" "$demo" >"$tmp/json.l" 2>&1 || true
  cmp -s "$tmp/json.C" "$tmp/json.l" || bad "pdncheck --json --lang $l: the JSON is not the English one"
  grep -q "<html lang=\"$l\">" "$tmp/j.html" || bad "pdncheck --json --lang $l --html: the page is not in $l"
done

# 4. an unknown language
LC_ALL=C "$bin/pdncheck" --lang xx "$demo" >"$tmp/xx.out" 2>"$tmp/xx.err" && st=0 || st=$?
[ "$st" = 2 ] || bad "--lang xx: exit $st, expected 2"
grep -qx "pdncheck: error: --lang takes one of en, es, fr, it, nl, pt, ru, not 'xx'" "$tmp/xx.err" ||
  bad "--lang xx: $(cat "$tmp/xx.err")"
[ -s "$tmp/xx.out" ] && bad "--lang xx wrote on standard output"
# 5. the copies of one game (issue 34 item 12) in each language: the file's three games twice,
# the sentences as each catalogue words them (the glossary's "copy" row)
cat pdn/english.pdn pdn/english.pdn >"$tmp/dup.pdn"
while IFS='|' read -r l head line; do
  LC_ALL=C "$bin/pdncheck" -q --lang "$l" --html "$tmp/dup-$l.html" "$tmp/dup.pdn" >/dev/null 2>&1 || true
  grep -qF "<h2>$head</h2>" "$tmp/dup-$l.html" && grep -qF "<li>$line</li>" "$tmp/dup-$l.html" ||
    bad "--lang $l: the copies are not worded '$head' / '$line': $(grep -A4 'class="copies"' "$tmp/dup-$l.html" | head -5)"
done <<'EOF2'
en|Copies of one game (3)|Game 4 is a copy of game 1.
fr|Copies d'une même partie (3)|Partie 4 est une copie de la partie 1.
nl|Kopieën van één partij (3)|Partij 4 is een kopie van partij 1.
ru|Копии одной партии (3)|Партия 4 — копия (оригинал: партия 1).
pt|Cópias de uma mesma partida (3)|Partida 4 é uma cópia da partida 1.
es|Copias de una misma partida (3)|Partida 4 es una copia de la partida 1.
it|Copie di una stessa partita (3)|Partita 4 è una copia della partita 1.
EOF2
[ $fail = 0 ] && echo "nls_html: the report in en fr nl ru pt es it, the same tags and script in each, LANG and --lang, the copies"
exit $fail
