#!/bin/sh
# The library's architecture (src/README.md), checked from what the compiler made of it.
# For each library source src/NAME.c (src/LAYER/NAME.c once src/ is cut into layer
# folders), `nm` of its object $BUILD/obj/NAME.o says which symbols the file defines and
# which it uses; a use of a symbol that another file defines is an arrow from
# the one file to the other. The test fails on
#   (a) a cycle: files that reach each other by arrows (two files calling each other, or a
#       longer ring), named with the symbols that make each arrow;
#   (b) with layer folders (base < engine < pdn < judge < report < run; src/tools/ holds
#       the mains, over all of them): an arrow up, a file that uses a file of a higher layer;
#       a library source outside the layer folders; a folder that is not a layer;
#   (c) a source file (src/, .c or .h, the tools' mains too) of more than 800 lines, but
#       for the few named in OVER_OK below, each with its reason;
#   (d) two headers of one name (they are included as "x.h" and installed flat in
#       include/pdnkit/);
#   (e) a source file the map of src/ (src/README.md, "Layers") does not name.
# Arrows inside a layer may go either way, as long as they make no cycle. What nm cannot
# see (a static inline function of a header) is not checked here. The cycle finder is
# first tried on three objects made here, two of which call each other: a finder that
# stopped finding cycles fails the test.
# Environment: BUILD (build tree, with the objects make builds), CC.
set -eu
BUILD=${BUILD:-build}
CC=${CC:-cc}
LAYERS="base engine pdn judge report run"
MAX_LINES=800
# Files allowed over MAX_LINES, each for a reason (none today); a file listed here that is
# no longer over the limit fails the test, so the list only shrinks.
OVER_OK=""
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
tab=$(printf '\t')

# arrows FILES: for the objects of FILES (lines NAME<tab>LAYER<tab>OBJECT), one line
# USER DEFINER SYMBOL per symbol a file uses that another file defines.
arrows() {
  while IFS="$tab" read -r name layer o; do
    nm "$o" | awk -v f="$name" '
      NF == 2 && $1 == "U" { print "U", f, $2 }
      NF == 3 && $2 ~ /^[TDBRCGSVW]$/ { print "D", f, $3 }'
  done <"$1" |
    awk '$1 == "D" { def[$3] = $2; next }
         $1 == "U" { use[++n] = $2 " " $3 }
         END { for (i = 1; i <= n; i++) { split(use[i], a, " ");
                 if ((a[2] in def) && def[a[2]] != a[1]) print a[1], def[a[2]], a[2] } }' |
    LC_ALL=C sort -u
}

# cycles FILES ARROWS: a "FAIL: cycle" paragraph per strongly connected part of the graph
# of files (each file that reaches itself, with the files it reaches and that reach it).
cycles() {
  awk -v files="$1" '
    BEGIN { while ((getline line < files) > 0) { split(line, f, "\t"); id[f[1]] = ++n; name[n] = f[1] } }
    { a = id[$1]; b = id[$2]; r[a, b] = 1;
      k = a SUBSEP b; why[k] = why[k] (seen[k]++ ? ", " : "") $3 }
    END {
      for (k = 1; k <= n; k++) for (i = 1; i <= n; i++) if ((i, k) in r)
        for (j = 1; j <= n; j++) if ((k, j) in r) r[i, j] = 1
      for (i = 1; i <= n; i++) {
        if (done[i] || !((i, i) in r)) continue
        ring = name[i] ".c"; arrows = ""; m[i] = 1
        for (j = 1; j <= n; j++) if (j != i && ((i, j) in r) && ((j, i) in r)) { done[j] = 1; ring = ring ", " name[j] ".c"; m[j] = 1 }
        for (p = 1; p <= n; p++) if (m[p]) for (q = 1; q <= n; q++) if (m[q] && ((p SUBSEP q) in why))
          arrows = arrows "\n      " name[p] ".c -> " name[q] ".c: " why[p SUBSEP q]
        print "FAIL: cycle between " ring ":" arrows
        delete m
      }
    }' "$2"
}

# --- the cycle finder tried first: a.c and b.c call each other, c.c calls a.c -----------
mkdir "$tmp/self"
printf 'void pk_b(void);\nvoid pk_a(void) { pk_b(); }\n' >"$tmp/self/a.c"
printf 'void pk_a(void);\nvoid pk_b(void) { pk_a(); }\n' >"$tmp/self/b.c"
printf 'void pk_a(void);\nvoid pk_c(void) { pk_a(); }\n' >"$tmp/self/c.c"
for f in a b c; do
  $CC -c "$tmp/self/$f.c" -o "$tmp/self/$f.o"
  printf '%s\t-\t%s\n' "$f" "$tmp/self/$f.o"
done >"$tmp/self/files"
arrows "$tmp/self/files" >"$tmp/self/arrows"
cycles "$tmp/self/files" "$tmp/self/arrows" >"$tmp/self/cycles"
printf 'FAIL: cycle between a.c, b.c:\n      a.c -> b.c: pk_b\n      b.c -> a.c: pk_a\n' |
  cmp -s - "$tmp/self/cycles" || { echo "FAIL: the cycle finder missed a.c <-> b.c:"; cat "$tmp/self/cycles"; exit 1; }

# --- the library's files and their layers ------------------------------------------
# NAME LAYER OBJECT (LAYER "-" for a source directly in src/: allowed only while src/ has
# no layer folder at all, so that this test ran before the tree was cut into folders)
: >"$tmp/files"
folders=0
for d in src/*/; do
  d=${d%/}; d=${d#src/}
  [ "$d" = tools ] && continue
  case " $LAYERS " in
  *" $d "*) folders=1 ;;
  *) bad "src/$d/ is not a layer folder (the layers: $LAYERS; src/tools/ for the mains)" ;;
  esac
done
for c in src/*.c src/*/*.c; do
  [ -f "$c" ] || continue
  case $c in src/tools/*) continue ;; esac
  rel=${c#src/}
  case $rel in */*) layer=${rel%%/*} ;; *) layer=- ;; esac
  if [ "$layer" = - ] && [ $folders = 1 ]; then
    bad "$c is in no layer folder: move it to the folder of its layer (src/{$(echo $LAYERS | tr ' ' ,)}/)"
  fi
  o=$BUILD/obj/${rel%.c}.o
  [ -f "$o" ] || { bad "$o not built (make build-tests first)"; continue; }
  printf '%s\t%s\t%s\n' "${rel%.c}" "$layer" "$o" >>"$tmp/files"
done
[ -s "$tmp/files" ] || { echo "FAIL: no library source found under src/"; exit 1; }
arrows "$tmp/files" >"$tmp/arrows"

# --- (a) cycles -------------------------------------------------------------------------
cycles "$tmp/files" "$tmp/arrows" >"$tmp/cycles"
if [ -s "$tmp/cycles" ]; then cat "$tmp/cycles"; fail=1; fi

# --- (b) arrows up ------------------------------------------------------------------
awk -v files="$tmp/files" -v layers="$LAYERS" '
  BEGIN { nl = split(layers, L, " "); for (i = 1; i <= nl; i++) rank[L[i]] = i
          while ((getline line < files) > 0) { split(line, f, "\t"); layer[f[1]] = f[2] } }
  layer[$1] != "-" && layer[$2] != "-" && rank[layer[$1]] < rank[layer[$2]] {
    k = $1 " -> " $2; why[k] = why[k] (seen[k]++ ? ", " : "") $3 }
  END { for (k in why) print "FAIL: arrow up (" k "): " why[k] }' "$tmp/arrows" | LC_ALL=C sort >"$tmp/up"
if [ -s "$tmp/up" ]; then cat "$tmp/up"; fail=1; fi

# --- (c) file sizes ------------------------------------------------------------------
for f in src/*.[ch] src/*/*.[ch]; do
  [ -f "$f" ] || continue
  n=$(wc -l <"$f")
  case " $OVER_OK " in
  *" $f "*) [ "$n" -gt $MAX_LINES ] || bad "$f has $n lines now: take it off OVER_OK in $0" ;;
  *) [ "$n" -le $MAX_LINES ] || bad "$f has $n lines, more than $MAX_LINES: split it along its concerns" ;;
  esac
done
for f in $OVER_OK; do [ -f "$f" ] || bad "$f (OVER_OK in $0) does not exist: take it off the list"; done

# --- (d) one header per name -----------------------------------------------------------
for h in src/*.h src/*/*.h; do [ -f "$h" ] && basename "$h"; done | LC_ALL=C sort | uniq -d >"$tmp/dup"
while read -r h; do bad "two headers named $h: $(ls src/$h src/*/$h 2>/dev/null | tr '\n' ' ')"; done <"$tmp/dup"

# --- (e) src/README.md's map names every source file -------------------------------------
# (its table of folders writes `x.[ch]` for a pair, `x.c` or `x.h` alone)
MAP=src/README.md
[ -f "$MAP" ] || bad "$MAP (the map of src/) is missing"
for f in src/*.[ch] src/*/*.[ch]; do
  [ -f "$f" ] || continue
  b=${f##*/}
  grep -qF "\`$b\`" "$MAP" 2>/dev/null || grep -qF "\`${b%.?}.[ch]\`" "$MAP" 2>/dev/null ||
    bad "$f is not in the map of src/ ($MAP, \"Layers\"): add it to its folder's row"
done

nf=$(wc -l <"$tmp/files"); na=$(cut -d' ' -f1,2 "$tmp/arrows" | LC_ALL=C sort -u | wc -l)
echo "layers: $nf library files, $na arrows between them$([ $folders = 1 ] && echo ", layers $(echo $LAYERS | sed 's/ / < /g')")"
[ $fail = 0 ] || exit 1
echo "layers: PASS"
