#!/bin/sh
# make check-abi fails when it should (make check-abi-sabotage; CI runs it after
# make check-abi): in a copy of the tree ($BUILD/abi-sabotage), with make check-abi's
# objects copied along (so that each case recompiles only what its edit touches),
#   1. a field added in the middle of a public struct (pk_board_opts)  -> check-abi fails
#   2. a parameter added to a public function (pk_perft)               -> check-abi fails
#   3. a new exported function                                         -> check-abi passes
#   4. case 1 with the soname major bumped (VERSION=NEXT.0.0, NEXT the major after
#      PDNKIT_VERSION_MAJOR), NEWS silent                               -> check-abi fails
#   5. case 4 with a NEWS entry for NEXT.0.0 saying the ABI changed     -> check-abi passes
# Each case's edit is undone before the next. Needs make check-abi's build (build/abi).
# About 45 s of CPU on this 2-core machine (the objects of board.c, html_report.c and
# perft.c rebuilt a few times, five dumps and comparisons).
set -eu
top=$(pwd)
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
work=$top/$BUILD/abi-sabotage
tree=$work/tree
fail() { echo "FAIL: $*"; exit 1; }
[ -f build/abi/libpdnkit.so ] || { echo "abi-sabotage: run make check-abi first (its build/abi is copied)"; exit 2; }
rm -rf "$work"
mkdir -p "$tree"
# the tracked and new files, their times kept (older than the copied objects: nothing rebuilt)
git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - | tar -xf - -C "$tree" ||
  { echo "abi-sabotage: cannot copy the tree"; exit 2; }
mkdir -p "$tree/build" && cp -pR build/abi "$tree/build/abi"
cd "$tree"
rm -f build/abi/compat_report.html
major=$(sed -n 's/^#define PDNKIT_VERSION_MAJOR *\([0-9]*\)$/\1/p' include/pdnkit/pk_common.h)
next=$((major + 1))

pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
# check_abi NAME [make variables]: runs make check-abi in the copy; its output in $work/NAME.log
check_abi() {
  name=$1; shift
  if MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory check-abi "$@" >"$work/$name.log" 2>&1; then
    st=0; else st=$?; fi
  sed -n '/^check-abi:/p' "$work/$name.log" | head -n 1
}
expect_fail() { # NAME PATTERN...: check-abi failed and its output names each PATTERN
  [ "$st" -ne 0 ] || { cat "$work/$1.log"; fail "$1: make check-abi passed"; }
  n=$1; shift
  for pat in "$@"; do
    grep -q -- "$pat" "$work/$n.log" || { cat "$work/$n.log"; fail "$n: the output does not say '$pat'"; }
  done
  sed -n '/^check-abi: FAIL/,$p' "$work/$n.log" | sed 1d | grep -v '^make' | head -n 12 | sed 's/^/    /'
  echo "ok: $n: check-abi fails"
}
expect_pass() {
  [ "$st" -eq 0 ] || { cat "$work/$1.log"; fail "$1: make check-abi failed"; }
  echo "ok: $1: check-abi passes"
}
# edit FILE SED-SCRIPT: applies it, keeping the original in FILE.orig; it must change the file
edit() {
  cp -p "$1" "$1.orig"
  sed "$2" "$1.orig" >"$1"
  ! cmp -s "$1" "$1.orig" || fail "the edit '$2' did not apply to $1 (its text changed? update tests/abi/sabotage.sh)"
}
# undo FILE...: the original back, with a new time so that make rebuilds from it
undo() { for f in "$@"; do mv "$f.orig" "$f"; touch "$f"; done; }

check_abi baseline
expect_pass baseline

# 1. a field in the middle of a public struct: every field after it moves
edit include/pdnkit/board.h '/^typedef struct pk_board_opts {/{n;a\
    int sabotage_;
}'
check_abi struct-field
expect_fail struct-field "breaks the ABI" "pk_board_opts" "compat_report.html"
undo include/pdnkit/board.h

# 2. a parameter added to a public function
edit include/pdnkit/perft.h 's/pk_perft(const pk_variant \*v,/pk_perft(const pk_variant *v, int sabotage_,/'
edit src/engine/perft.c 's/pk_perft(const pk_variant \*v,/pk_perft(const pk_variant *v, int sabotage_,/'
check_abi parameter
expect_fail parameter "breaks the ABI" "pk_perft"
undo include/pdnkit/perft.h src/engine/perft.c

# 3. a new exported function: compatible
edit include/pdnkit/perft.h '/^PK_API int pk_perft(/i\
PK_API int pk_perft_sabotage_added(int x);'
cp -p src/engine/perft.c src/engine/perft.c.orig
printf 'int pk_perft_sabotage_added(int x) { return x + 1; }\n' >>src/engine/perft.c
check_abi new-function
expect_pass new-function
grep -q "compatible with the stored" "$work/new-function.log" || { cat "$work/new-function.log"; fail "new-function: no 'compatible' line"; }
nm -D --defined-only build/abi/libpdnkit.so | grep -q ' pk_perft_sabotage_added$' ||
  fail "new-function: the new function is not exported (the case tests nothing)"
undo include/pdnkit/perft.h src/engine/perft.c

# 4. case 1 with the major bumped (VERSION on the command line: the soname becomes
# libpdnkit.so.NEXT; only the link is redone), NEWS without an entry for NEXT.0.0
edit include/pdnkit/board.h '/^typedef struct pk_board_opts {/{n;a\
    int sabotage_;
}'
check_abi major-no-news VERSION=$next.0.0
expect_fail major-no-news "NEWS has no entry 'Version $next.0.0'"

# 5. the same with NEWS saying so
cp -p NEWS NEWS.orig
{ sed -n '1,/^Version /p' NEWS.orig | sed '$d'
  printf 'Version %s.0.0\n\n* (incompatible) ABI: pk_board_opts has a new field; the soname is libpdnkit.so.%s.\n\n' $next $next
  sed -n '/^Version /,$p' NEWS.orig; } >NEWS
check_abi major-news VERSION=$next.0.0
expect_pass major-news
grep -q "soname major bumped ($major -> $next)" "$work/major-news.log" || { cat "$work/major-news.log"; fail "major-news: no 'bumped' line"; }
undo include/pdnkit/board.h NEWS

cd "$top"
rm -rf "$work"
echo "PASS: check-abi fails on a struct field and a parameter added, passes a new function, and wants NEWS when the major is bumped"
