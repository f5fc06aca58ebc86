#!/bin/sh
# The table "Variants x tools" of tests/README.md against the library and the tools (issue
# 31, "the class, not just the cases"): fails when a variant row (pdncheck --list-variants,
# and the helper's pk_variant_count rows) has no line in the table, when a tool
# ($BUILD/bin/pdn*) has no column, when a cell is empty, or when a test a cell names does not
# exist, does not name the tool of its column (Python's column: Position) or neither loops
# over every variant row nor names the variant.
#   PK_MATRIX_README=FILE sh tests/scripts/variant-matrix.sh   (default: tests/README.md)
BUILD=${BUILD:-build}
readme=${PK_MATRIX_README:-tests/README.md}
bin="$BUILD/bin"
gen="$BUILD/tests/helpers/variant-games"
fails=0
fail() { echo "FAIL variant-matrix: $*"; fails=$((fails + 1)); }
[ -f "$readme" ] || { echo "FAIL variant-matrix: no $readme"; exit 1; }
[ -x "$gen" ] && [ -x "$bin/pdncheck" ] || { echo "FAIL variant-matrix: build the tools and helpers first (make build-tests)"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# the table: the lines starting with '|' under the heading, up to the next heading
awk '/^## Variants x tools *$/ { on = 1; next } on && /^#/ { exit } on && /^\|/' "$readme" > "$tmp/table"
[ -s "$tmp/table" ] || { echo "FAIL variant-matrix: no table under '## Variants x tools' in $readme"; exit 1; }
# cells, trimmed: one line per row, fields separated by TAB
sed 's/^| *//; s/ *|$//; s/ *| */\t/g' "$tmp/table" | grep -v '^---' > "$tmp/rows"
head -n 1 "$tmp/rows" | tr '\t' '\n' > "$tmp/columns"
tail -n +2 "$tmp/rows" > "$tmp/body"
ncol=$(wc -l < "$tmp/columns")

# rows: exactly the library's variant rows, both ways of listing them
"$bin/pdncheck" --list-variants | tail -n +2 | awk 'NF { print $1 }' | LC_ALL=C sort > "$tmp/want.rows"
"$gen" list | LC_ALL=C sort > "$tmp/want.rows2"
cmp -s "$tmp/want.rows" "$tmp/want.rows2" || fail "pdncheck --list-variants and pk_variant_count's rows differ"
cut -f1 "$tmp/body" | LC_ALL=C sort > "$tmp/got.rows"
for v in $(LC_ALL=C comm -23 "$tmp/want.rows" "$tmp/got.rows"); do fail "variant row '$v' has no line in the table of $readme"; done
for v in $(LC_ALL=C comm -13 "$tmp/want.rows" "$tmp/got.rows"); do fail "the table of $readme has a line '$v', which is no variant row"; done
# columns: every tool; a pdn* column is a tool
for f in "$bin"/pdn*; do # the programs (not make's .d files)
  case ${f##*/} in *.*) continue ;; esac
  [ -f "$f" ] && [ -x "$f" ] && echo "${f##*/}"
done | LC_ALL=C sort > "$tmp/tools"
[ -s "$tmp/tools" ] || fail "no tool in $bin"
for t in $(cat "$tmp/tools"); do grep -qx "$t" "$tmp/columns" || fail "tool '$t' has no column in the table of $readme"; done
for c in $(grep '^pdn' "$tmp/columns"); do grep -qx "$c" "$tmp/tools" || fail "column '$c' is no tool of $bin"; done

# cells: not empty; every test named exists, names the tool, loops over the rows or names the variant
rowmark='pk_variant_count|"\$gen" list|pdnkit\.variants\(\)|helper\("list"\)'
cells=0
while IFS= read -r line; do
  v=$(printf '%s\n' "$line" | cut -f1)
  i=2
  while [ $i -le "$ncol" ]; do
    col=$(sed -n "${i}p" "$tmp/columns")
    cell=$(printf '%s\n' "$line" | cut -f$i)
    i=$((i + 1))
    cells=$((cells + 1))
    names=$(printf '%s' "$cell" | tr -d '`' | tr ',' ' ')
    [ -n "$(echo $names)" ] || { fail "empty cell ($v, $col)"; continue; }
    for n in $names; do
      case $n in
      scripts/*) f="tests/$n.sh" ;;
      corpus/*) f="tests/scripts/${n#corpus/}.sh" ;; # the old name of tests/scripts/
      unit/*) f="tests/$n.c" ;;
      python/*) f="tests/$n" ;;
      *) fail "cell ($v, $col): '$n' is not scripts/X, unit/X or python/X"; continue ;;
      esac
      [ -f "$f" ] || { fail "cell ($v, $col): $f does not exist"; continue; }
      case $col in
      pdn*) grep -q "$col" "$f" || fail "cell ($v, $col): $f does not run $col" ;;
      Python) grep -q 'Position' "$f" || fail "cell ($v, $col): $f does not use Position" ;;
      esac
      grep -Eq "$rowmark" "$f" || grep -q "\"$v\"" "$f" || fail "cell ($v, $col): $f neither loops over the variant rows nor names $v"
    done
  done
done < "$tmp/body"
[ $fails -eq 0 ] || { echo "variant-matrix: $fails failures"; exit 1; }
echo "variant-matrix: $(wc -l < "$tmp/got.rows") variant rows x $(wc -l < "$tmp/tools") tools (+ $((ncol - 1 - $(wc -l < "$tmp/tools"))) other columns): $cells cells, none empty"
