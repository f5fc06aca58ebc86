#!/bin/sh
# The library's architecture (src/README.md), checked from what the compiler made of it.
# For each library source src/NAME.c (src/LAYER/NAME.c once src/ is cut into layer
# folders), `nm` of its object $BUILD/obj/NAME.o says which symbols the file defines and
# which it uses; a use of a symbol that another file defines is an arrow from
# the one file to the other. The test fails on
#   (a) a cycle: files that reach each other by arrows (two files calling each other, or a
#       longer ring), named with the symbols that make each arrow;
#   (b) with layer folders (base < engine < pdn < judge < report < batch < cli; src/cli/ is
#       the tools' helper archive, not part of the library; src/tools/ holds the mains, over
#       all of them): an arrow up, a file that uses a file of a higher layer; a library
#       source outside the layer folders; a folder that is not a layer; an object of
#       src/cli/ in libpdnkit.a, or a pk_cli_ function defined there;
#   (c) a source file (src/, .c or .h, the tools' mains too; include/pdnkit/) of more than 800 lines, but
#       for the few named in OVER_OK below, each with its reason;
#   (d) two headers of one name, under src/ or include/pdnkit/ (they are included as "x.h");
#   (e) a source file (include/pdnkit/ too) the map of src/ (src/README.md, "Layers") does
#       not name.
# Arrows inside a layer may go either way, as long as they make no cycle. What nm cannot
# see, the static inline functions of headers, is read from the text: a header whose inline
# function calls (itself or through the header's other inline functions) a symbol that a
# file defines has an arrow to that file, and a file that names such an inline function of
# a header it includes (its .d file) has an arrow to the header. A header NAME.h and a
# file NAME.c are one node (a file's header is part of it); any other header is a node of
# its own, in the layer of its folder (include/pdnkit/: none). So pdn_reader.h's inline
# pk_rd_resolve_dash, which called pdn_tree.c's pk_rd_dash_placeholder, while pdn_tree.c
# named pk_rd_resolve_dash, made the cycle pdn_tree.c -> pdn_reader.h -> pdn_tree.c.
# The cycle finder is first tried on three objects made here, two of which call each
# other, and on a header whose inline function calls the file that includes it: a finder
# that stopped finding either cycle fails the test.
# Environment: BUILD (build tree, with the objects make builds), CC.
set -eu
BUILD=${BUILD:-build}
CC=${CC:-cc}
# cli is the tools' helper archive (libpdnkit-cli.a, never installed): over the library, not in it
LAYERS="base engine pdn judge report batch cli"
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
    BEGIN { while ((getline line < files) > 0) { split(line, f, "\t"); id[f[1]] = ++n
                                                  name[n] = f[1] (f[1] ~ /\.h$/ ? "" : ".c") } }
    { a = id[$1]; b = id[$2]; r[a, b] = 1;
      k = a SUBSEP b; why[k] = why[k] (seen[k]++ ? ", " : "") $3 }
    END {
      for (k = 1; k <= n; k++) for (i = 1; i <= n; i++) if ((i, k) in r)
        for (j = 1; j <= n; j++) if ((k, j) in r) r[i, j] = 1
      for (i = 1; i <= n; i++) {
        if (done[i] || !((i, i) in r)) continue
        ring = name[i]; arrows = ""; m[i] = 1
        for (j = 1; j <= n; j++) if (j != i && ((i, j) in r) && ((j, i) in r)) { done[j] = 1; ring = ring ", " name[j]; m[j] = 1 }
        for (p = 1; p <= n; p++) if (m[p]) for (q = 1; q <= n; q++) if (m[q] && ((p SUBSEP q) in why))
          arrows = arrows "\n      " name[p] " -> " name[q] ": " why[p SUBSEP q]
        print "FAIL: cycle between " ring ":" arrows
        delete m
      }
    }' "$2"
}

# code FILE...: C without its comments (tests/public-functions.sh --code)
top=$(pwd)
code() { sh "$top/tests/public-functions.sh" --code "$@"; }

# inlines FILES ARROWS HEADERS...: the arrows nm cannot see, those of the static inline
# functions of HEADERS (see the top), appended to ARROWS (USER DEFINER SYMBOL: a file that
# names an inline function, "fn()", to its header; the header to the file that defines what
# fn calls; a header's node is its path without src/, or the node NAME of its NAME.c) and
# the header nodes to FILES (NAME LAYER -). Reads each file's .d (the headers it includes).
inlines() {
  files=$1 out=$2
  shift 2
  : >"$tmp/inl"
  for h in "$@"; do
    [ -f "$h" ] && grep -q 'static inline' "$h" || continue
    code "$h" | awk -v h="$h" '
      !infn && /static[ \t]+inline[^(]*\(/ {
        pre = substr($0, 1, index($0, "(") - 1); k = split(pre, w, /[^A-Za-z0-9_]+/)
        name = w[k] != "" ? w[k] : w[k - 1]; infn = 1; depth = 0; started = 0 }
      infn {
        t = $0
        while (match(t, /[A-Za-z_][A-Za-z0-9_]*/)) {
          id = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
          if (id != name) print "I", h, name, id }
        line = $0; o = gsub(/\{/, "{", line); c = gsub(/\}/, "}", line); depth += o - c
        if (o) started = 1
        if ((started && depth <= 0) || (!started && $0 ~ /;/)) infn = 0 }'
  done >"$tmp/inl"
  # what each file names (identifiers of its code) and the headers it includes
  while IFS="$tab" read -r name layer o; do
    case $name in *.h) continue ;; esac
    [ -f "${o%.o}.d" ] || continue
    src=$(awk 'NR == 1 { print $2; exit }' "${o%.o}.d")
    code "$src" | grep -o '[A-Za-z_][A-Za-z0-9_]*' | LC_ALL=C sort -u | sed "s|^|N $name |"
    tr ' \\' '\n\n' <"${o%.o}.d" | grep '\.h$' | LC_ALL=C sort -u | sed "s|^|H $name |"
  done <"$files" >>"$tmp/inl"
  # definitions, the nodes and their layers
  while IFS="$tab" read -r name layer o; do
    case $name in *.h) continue ;; esac
    nm "$o" | awk -v f="$name" 'NF == 3 && $2 ~ /^[TDBRCGSVW]$/ { print "D", $3, f }'
    echo "F $name $layer"
  done <"$files" >>"$tmp/inl"
  awk -v files="$files" '
    $1 == "D" { def[$2] = $3; next }
    $1 == "F" { n = split($2, p, "/"); base[p[n]] = $2; next }
    $1 == "I" { k = $2 SUBSEP $3; if (!(k in isinl)) { isinl[k] = 1; inl[$2] = inl[$2] " " $3 }
                ids[k] = ids[k] " " $4; next }
    $1 == "N" { named[$2, $3] = 1; next }
    $1 == "H" { incl[$2] = incl[$2] " " $3; next }
    function node(h,   b, n, p) { n = split(h, p, "/"); b = p[n]; sub(/\.h$/, "", b)
      if (b in base) return base[b]
      return h ~ /^include\// ? h : substr(h, 5) }
    function layer(h,   p) { if (h ~ /^include\//) return "-"; split(h, p, "/"); return p[2] }
    # calls[h, fn]: the symbols fn calls, through the other inline functions of h
    function calls(h, fn,   k, m, x, i, id, out) {
      k = h SUBSEP fn
      if (k in memo) return memo[k]
      memo[k] = ""; out = ""; m = split(ids[k], x, " ")
      for (i = 1; i <= m; i++) { id = x[i]
        if (id in def) out = out " " id
        else if ((h SUBSEP id) in isinl) out = out " " calls(h, id) }
      return memo[k] = out }
    END {
      for (f in incl) { m = split(incl[f], hs, " ")
        for (i = 1; i <= m; i++) { h = hs[i]; if (!(h in inl)) continue
          hn = node(h); q = split(inl[h], fns, " ")
          for (j = 1; j <= q; j++) { fn = fns[j]; if (!((f, fn) in named)) continue
            c = split(calls(h, fn), syms, " ")
            for (s = 1; s <= c; s++) { d = def[syms[s]]
              if (hn == f || hn == d) continue
              print f, hn, fn "()"; print hn, d, syms[s]
              if (hn ~ /\.h$/ && !(hn in seen)) { seen[hn] = 1; printf "%s\t%s\t-\n", hn, layer(h) > (files ".h") } } } } } }' \
    "$tmp/inl" | LC_ALL=C sort -u >>"$out"
  if [ -f "$files.h" ]; then cat "$files.h" >>"$files"; rm -f "$files.h"; fi
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
# ... and through a header: r.h's inline pk_r() calls pk_d(), which d.c defines; d.c names
# pk_r() (the loop of pdn_reader.h and pdn_tree.c); e.c names it too, which is no loop
mkdir -p "$tmp/self/src/x"
printf 'void pk_d(void);\nstatic inline void pk_r(int n) { if (n) pk_d(); }\n' >"$tmp/self/src/x/r.h"
printf '#include "r.h"\nvoid pk_d(void) {}\nvoid pk_d2(int n) { pk_r(n); }\n' >"$tmp/self/src/x/d.c"
printf '#include "r.h"\nvoid pk_e(int n) { pk_r(n); }\n' >"$tmp/self/src/x/e.c"
for f in d e; do
  (cd "$tmp/self" && $CC -O2 -MMD -c src/x/$f.c -o src/x/$f.o)
  printf 'x/%s\tx\tsrc/x/%s.o\n' "$f" "$f"
done >"$tmp/self/files2"
(cd "$tmp/self" && arrows files2 >arrows2 && inlines files2 arrows2 src/x/r.h && cycles files2 arrows2 >cycles2)
printf 'FAIL: cycle between x/d.c, x/r.h:\n      x/d.c -> x/r.h: pk_r()\n      x/r.h -> x/d.c: pk_d\n' |
  cmp -s - "$tmp/self/cycles2" || { echo "FAIL: the cycle finder missed x/d.c <-> x/r.h:"; cat "$tmp/self/cycles2"; exit 1; }

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
inlines "$tmp/files" "$tmp/arrows" src/*/*.h include/pdnkit/*.h
LC_ALL=C sort -u -o "$tmp/arrows" "$tmp/arrows"

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
# the tools' code stays out of the library: no object of src/cli/ in libpdnkit.a, no
# pk_cli_ function defined there (there were 45 before src/cli/ was an archive of its own)
if [ -f "$BUILD/libpdnkit.a" ]; then
  for c in src/cli/*.c; do
    [ -f "$c" ] || continue
    o=$(basename "$c" .c).o
    ! ar t "$BUILD/libpdnkit.a" | grep -qx "$o" || bad "libpdnkit.a holds $o, of src/cli/ (the tools' helper archive)"
  done
  n=$(nm "$BUILD/libpdnkit.a" | grep -c ' T pk_cli' || true)
  [ "$n" = 0 ] || bad "libpdnkit.a defines $n pk_cli_ functions (the tools' code belongs in src/cli/)"
else
  bad "$BUILD/libpdnkit.a not built (make build-tests first)"
fi

# --- (c) file sizes ------------------------------------------------------------------
for f in src/*.[ch] src/*/*.[ch] include/pdnkit/*.h; do
  [ -f "$f" ] || continue
  n=$(wc -l <"$f")
  case " $OVER_OK " in
  *" $f "*) [ "$n" -gt $MAX_LINES ] || bad "$f has $n lines now: take it off OVER_OK in $0" ;;
  *) [ "$n" -le $MAX_LINES ] || bad "$f has $n lines, more than $MAX_LINES: split it along its concerns" ;;
  esac
done
for f in $OVER_OK; do [ -f "$f" ] || bad "$f (OVER_OK in $0) does not exist: take it off the list"; done

# --- (d) one header per name -----------------------------------------------------------
for h in src/*.h src/*/*.h include/pdnkit/*.h; do [ -f "$h" ] && basename "$h"; done | LC_ALL=C sort | uniq -d >"$tmp/dup"
while read -r h; do bad "two headers named $h: $(ls src/$h src/*/$h include/pdnkit/$h 2>/dev/null | tr '\n' ' ')"; done <"$tmp/dup"

# --- (e) src/README.md's map names every source file -------------------------------------
# (its table of folders writes `x.[ch]` for a pair, `x.c` or `x.h` alone)
MAP=src/README.md
[ -f "$MAP" ] || bad "$MAP (the map of src/) is missing"
for f in src/*.[ch] src/*/*.[ch] include/pdnkit/*.h; do
  [ -f "$f" ] || continue
  b=${f##*/}
  grep -qF "\`$b\`" "$MAP" 2>/dev/null || grep -qF "\`${b%.?}.[ch]\`" "$MAP" 2>/dev/null ||
    bad "$f is not in the map of src/ ($MAP, \"Layers\"): add it to its folder's row"
done

nf=$(grep -vc '\.h	' "$tmp/files"); na=$(cut -d' ' -f1,2 "$tmp/arrows" | LC_ALL=C sort -u | wc -l)
echo "layers: $nf library files, $na arrows between them$([ $folders = 1 ] && echo ", layers $(echo $LAYERS | sed 's/ / < /g')")"
[ $fail = 0 ] || exit 1
echo "layers: PASS"
