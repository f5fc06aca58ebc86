#!/bin/sh
# make install into a DESTDIR under the build tree, then use what it installed as a user
# would: tests/install/example.c, copied to a directory outside the source tree, is built
# with `pkg-config --cflags --libs pdnkit` (PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR
# pointed at the DESTDIR) against the static and the shared library, and run; the bash
# completion is loaded and asked for the variant names; make uninstall must leave nothing.
# Environment: BUILD (build tree), MAKE, CC, PK_SANITIZED=1 under make check-asan,
# PK_COVERAGE=1 under make coverage.
set -eu
top=$(pwd)
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}
base=$top/$BUILD/install-test
dest=$base/dest
prefix=/usr/local
rm -rf "$base"
mkdir -p "$base"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Under make check-asan the library is built with the sanitizers: so is the program.
san=""
[ "${PK_SANITIZED:-}" = 1 ] && san="-fsanitize=address,undefined -fno-omit-frame-pointer"
# Under make coverage it is built with gcov instrumentation (the objects already are).
[ "${PK_COVERAGE:-}" = 1 ] && san="--coverage -fprofile-update=atomic"

# --- make install ------------------------------------------------------------------
# A make of its own: not a sub-make of `make check`, whose jobserver it cannot use, but
# with its variables (WERROR=1, ...).
pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
run_make() {
  MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory BUILD="$BUILD" \
    ${san:+CFLAGS="$san"} PREFIX=$prefix DESTDIR="$dest" "$@" >"$base/make-$1.log" 2>&1 ||
    { cat "$base/make-$1.log"; fail "make $1"; }
}
run_make install
p=$dest$prefix
tools=$(for t in src/tools/*.c; do basename "$t" .c; done)

# --- one version everywhere ------------------------------------------------------------
# include/pdnkit/pk_common.h holds it; the tools, the man pages, the shared library's file name and
# NEWS's newest entry must all say the same (pkg-config's is checked below)
version=$(sed -n 's/^#define PDNKIT_VERSION_[A-Z]* *\([0-9]*\)$/\1/p' include/pdnkit/pk_common.h | paste -sd.)
major=${version%%.*} # the soname's number
[ -n "$version" ] || fail "no version in include/pdnkit/pk_common.h"
for t in $tools; do
  [ "$("$p/bin/$t" --version)" = "$t (pdnkit) $version" ] || fail "$t --version does not say $version"
done
for m in "$p"/share/man/man*/*; do
  head -n 3 "$m" | grep -q "^\.TH .*\"pdnkit $version\"" || fail "${m##*/}: title line without version $version"
done
[ -f "$p/lib/libpdnkit.so.$version" ] || fail "lib/libpdnkit.so.$version not installed"
[ "$(grep -m 1 '^Version ' NEWS | cut -d' ' -f2)" = "$version" ] || fail "NEWS's newest entry is not version $version"
echo "version: $version said by every tool, man page, the shared library and NEWS"
for t in $tools; do
  [ -x "$p/bin/$t" ] || fail "bin/$t not installed"
  # Every tool should have a man page (BRIEF); a missing one is reported, not fatal, so
  # that a tool landed before its page does not stop the install test.
  [ -f "$p/share/man/man1/$t.1" ] || echo "WARNING: no man page man/$t.1 for the tool $t"
  [ -L "$p/share/bash-completion/completions/$t" ] || fail "no bash completion for $t"
done
for f in lib/libpdnkit.a lib/libpdnkit.so lib/libpdnkit.so.$major lib/pkgconfig/pdnkit.pc \
         include/pdnkit/pdnkit.h include/pdnkit/pdn.h include/pdnkit/replay.h \
         share/man/man3/libpdnkit.3 share/man/man5/pdn.5 share/man/man7/pdnkit-rules.7 \
         share/bash-completion/completions/pdnkit; do
  [ -e "$p/$f" ] || fail "$f not installed"
done
for f in pdn_lex.h pdn_arena.h variant_rows.h encoding.h; do
  [ ! -e "$p/include/pdnkit/$f" ] || fail "private header $f installed"
done
real=$(readlink "$p/lib/libpdnkit.so.$major")
case $real in "libpdnkit.so.$version") ;; *) fail "libpdnkit.so.$major -> '$real', not libpdnkit.so.$version" ;; esac
[ -f "$p/lib/$real" ] || fail "lib/$real missing"
soname=$(readelf -d "$p/lib/$real" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libpdnkit.so.$major" ] || fail "soname '$soname', not libpdnkit.so.$major"
# The .so exports what the public headers declare, not the internals.
nm -D --defined-only "$p/lib/$real" | awk '{ print $3 }' >"$base/exports"
for f in pk_pdn_open pk_pdn_next pk_replay_game pk_gen_legal pk_match_move pk_fen_parse; do
  grep -qx "$f" "$base/exports" || fail "libpdnkit.so does not export $f"
done
for f in pk_lex_new pk_arena_new pk_src_open pk_encoding_guess; do
  ! grep -qx "$f" "$base/exports" || fail "libpdnkit.so exports the internal $f"
done
grep -v '^pk_' "$base/exports" && fail "libpdnkit.so exports names without the pk_ prefix"
# Both ways, against the installed headers read by the compiler (GCC's -aux-info lists every
# function a translation unit declares, with its file): a symbol exported that no installed header declares (a name a comment
# mentions, an internal one) fails, and so does a function an installed header declares
# (extern, not static inline) that the .so does not define.
inc=$p/include
printf '#include <pdnkit/pdnkit.h>\n' >"$base/decl.c"
$CC -std=c11 -I"$inc" -aux-info "$base/decl.aux" -fsyntax-only "$base/decl.c" || fail "-aux-info of pdnkit.h"
grep "^/\* $inc/pdnkit/[^ ]*:[0-9]*:[A-Z]* \*/ extern " "$base/decl.aux" |
  sed 's/ (.*//; s/.*[ *]//' | LC_ALL=C sort -u >"$base/declared"
[ "$(wc -l <"$base/declared")" -ge 50 ] || fail "only $(wc -l <"$base/declared") functions declared in $inc/pdnkit"
# objects: extern declarations of pk_ names that are not functions
$CC -std=c11 -I"$inc" -E -P "$base/decl.c" | grep -o '\bextern\b[^;(]*\bpk_[a-z0-9_]*[][ ]*;' |
  grep -o 'pk_[a-z0-9_]*' >>"$base/declared" || true
LC_ALL=C sort -u -o "$base/declared" "$base/declared"
LC_ALL=C sort -u -o "$base/exports" "$base/exports"
extra=$(LC_ALL=C comm -23 "$base/exports" "$base/declared")
[ -z "$extra" ] || fail "libpdnkit.so exports what no installed header declares:" $extra
missing=$(LC_ALL=C comm -13 "$base/exports" "$base/declared")
[ -z "$missing" ] || fail "installed headers declare functions libpdnkit.so lacks:" $missing
# PK_API (pk_common.h) is the export list: the library is compiled with -fvisibility=hidden,
# so what it exports is what the installed headers mark PK_API, and nothing else (a symbol
# exported without it: a file compiled without the flag, a visibility attribute of its own).
# The headers preprocessed with PK_API made a visible word, each declaration that carries it
# gives the name before its parameter list.
$CC -std=c11 -I"$inc" -E -P -DPK_API=PK_API_MARK_ "$base/decl.c" | tr '\n' ' ' | tr ';{}' '\n\n\n' |
  grep 'PK_API_MARK_' | sed 's/(.*//; s/[[:space:]]*$//' | grep -o 'pk_[a-z0-9_]*$' | LC_ALL=C sort -u >"$base/marked"
[ "$(wc -l <"$base/marked")" -ge 50 ] || fail "only $(wc -l <"$base/marked") declarations marked PK_API in $inc/pdnkit"
unmarked=$(LC_ALL=C comm -23 "$base/exports" "$base/marked")
[ -z "$unmarked" ] || fail "libpdnkit.so exports symbols no installed header marks PK_API:" $unmarked
unexported=$(LC_ALL=C comm -13 "$base/exports" "$base/marked")
[ -z "$unexported" ] || fail "declared PK_API but not exported by libpdnkit.so:" $unexported
echo "exports: the $(wc -l <"$base/exports") symbols of libpdnkit.so are the functions the installed headers declare, each marked PK_API"
echo "installed: $(cd "$dest" && find . -type f | wc -l) files, $(cd "$dest" && find . -type l | wc -l) links; soname $soname -> $real"

# --- pkg-config, static and shared ----------------------------------------------------
PKG_CONFIG_PATH=$p/lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
pkg-config --exists pdnkit || fail "pkg-config does not find pdnkit"
[ "$(pkg-config --modversion pdnkit)" = "$(sed -n 's/^#define PDNKIT_VERSION_[A-Z]* *\([0-9]*\)$/\1/p' include/pdnkit/pk_common.h | paste -sd.)" ] ||
  fail "pdnkit.pc version"
cflags=$(pkg-config --cflags pdnkit)
libs=$(pkg-config --libs pdnkit)
slibs=$(pkg-config --static --libs pdnkit)
echo "pkg-config --cflags --libs: $cflags $libs"
echo "pkg-config --static --libs: $slibs"
case " $cflags " in *" -I$p/include "*) ;; *) fail "--cflags '$cflags' does not point into the DESTDIR" ;; esac
case " $slibs " in *" -lpcre2-8 "*) ;; *) fail "--static --libs lacks PCRE2: '$slibs'" ;; esac

cp tests/install/example.c "$work/"
cd "$work"
std="-std=c99 -D_POSIX_C_SOURCE=200809L -pedantic -Wall -Wextra -Werror"
# Only the installed headers: every header example.c reads is the system's or under the
# DESTDIR's include/pdnkit/, none from the source tree.
# shellcheck disable=SC2086
$CC $std $cflags -M example.c >example.deps || fail "example.c's headers (-M)"
tr ' \\' '\n\n' <example.deps | grep '\.h$' >example.headers
grep -F "$top/src" example.headers && fail "example.c reads headers from the source tree"
grep -q "^$p/include/pdnkit/pdnkit.h$" example.headers || fail "example.c does not read the installed pdnkit.h"
grep -v "^$p/include/pdnkit/" example.headers | grep -v '^/usr/' && fail "example.c reads headers from neither the DESTDIR nor the system"
# static: the archive by name (-l:libpdnkit.a), whatever the linker would prefer
# shellcheck disable=SC2086
$CC $std $san $cflags example.c $(echo "$slibs" | sed 's/-lpdnkit\b/-l:libpdnkit.a/') -o example-static ||
  fail "static build"
# shellcheck disable=SC2086
$CC $std $san $cflags example.c $libs -o example-shared || fail "shared build"
readelf -d example-static | grep -q 'NEEDED.*libpdnkit' && fail "the static build needs libpdnkit.so"
readelf -d example-shared | grep -q "NEEDED.*\[libpdnkit\.so\.$major\]" || fail "the shared build does not need libpdnkit.so.$major"

./example-static >static.out || fail "example-static exit $?"
diff -u "$top/tests/install/example.expected" static.out || fail "example-static output"
LD_LIBRARY_PATH=$p/lib ./example-shared >shared.out || fail "example-shared exit $?"
diff -u "$top/tests/install/example.expected" shared.out || fail "example-shared output"
LD_LIBRARY_PATH=$p/lib ldd ./example-shared | grep -q "libpdnkit.so.$major => $p/lib/libpdnkit.so.$major" ||
  fail "example-shared did not load the installed libpdnkit.so.$major"
echo "example: static and shared builds give example.expected"
cd "$top"

# --- bash completion --------------------------------------------------------------------
comp=$p/share/bash-completion/completions
variants=$("$p/bin/pdnperft" --list-variants | awk 'NR > 1 { print $1 }' | tr '\n' ' ')
complete_line() { # PATH completion-file line -> the offered words, one line
  PATH=$1 bash -c '
    . "$0"
    COMP_LINE=$1; COMP_POINT=${#1}
    read -ra COMP_WORDS <<<"$1"
    case $1 in *" ") COMP_WORDS+=("") ;; esac
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    complete -p "${COMP_WORDS[0]##*/}" >/dev/null || { echo "no completion for ${COMP_WORDS[0]}"; exit 1; }
    _pdnkit
    echo "${COMPREPLY[*]}"' "$2" "$3"
}
expect_words() { # what line got want
  [ "$3" = "$4" ] || fail "completion of '$2' ($1): got '$3', want '$4'"
}
P=$p/bin:$PATH
for t in $tools; do
  got=$(complete_line "$P" "$comp/$t" "$t --variant ")
  expect_words "$t" "$t --variant " "$got " "$variants"
  got=$(complete_line "$P" "$comp/$t" "$t --he")
  expect_words "$t" "$t --he" "$got" "--help"
done
expect_words pdncheck "pdncheck -v ru" "$(complete_line "$P" "$comp/pdncheck" "pdncheck -v ru")" russian
expect_words pdncheck "pdncheck --variant=fri" "$(complete_line "$P" "$comp/pdncheck" "pdncheck --variant=fri")" frisian
expect_words pdncheck "pdncheck --results=" "$(complete_line "$P" "$comp/pdncheck" "pdncheck --results=")" "first white"
expect_words pdncheck "pdncheck --var" "$(complete_line "$P" "$comp/pdncheck" "pdncheck --var")" "--variant="
# -j N: the thread counts up to the online processors, for each tool that has it
cpus=$(seq 1 "$(getconf _NPROCESSORS_ONLN)" | tr '\n' ' ')
for t in pdncheck pdnfen pdnconv pdngrep; do
  expect_words $t "$t -j " "$(complete_line "$P" "$comp/$t" "$t -j ") " "$cpus"
  expect_words $t "$t --jobs=" "$(complete_line "$P" "$comp/$t" "$t --jobs=") " "$cpus"
  expect_words $t "$t --jo" "$(complete_line "$P" "$comp/$t" "$t --jo")" "--jobs="
done
# pdngrep: tag names after -t, its verdicts; its -v (grep's) takes no value
expect_words pdngrep "pdngrep -t Wh" "$(complete_line "$P" "$comp/pdngrep" "pdngrep -t Wh")" "White="
expect_words pdngrep "pdngrep --tag=Da" "$(complete_line "$P" "$comp/pdngrep" "pdngrep --tag=Da")" "Date="
expect_words pdngrep "pdngrep --verdict=draw" "$(complete_line "$P" "$comp/pdngrep" "pdngrep --verdict=draw")" \
  "draw drawn draw-claimable"
expect_words pdngrep "pdngrep -v rus" "$(complete_line "$P" "$comp/pdngrep" "pdngrep -v rus")" ""
# --color[=WHEN] (the shared table's, in pdncheck and pdngrep): its values after '=' only
for t in pdncheck pdngrep; do
  expect_words $t "$t --color=al" "$(complete_line "$P" "$comp/$t" "$t --color=al")" always
  expect_words $t "$t --colo" "$(complete_line "$P" "$comp/$t" "$t --colo")" "--color --color="
done
# Files for a tool whose Usage names FILE.
touch "$work/games-a.pdn" "$work/games-b.pdn"
got=$(complete_line "$P" "$comp/pdncheck" "pdncheck $work/games-" | tr ' ' '\n' | sort | tr '\n' ' ')
expect_words pdncheck "pdncheck $work/games-" "$got" \
  "$work/games-a.pdn $work/games-b.pdn "
# Without pdnperft on PATH the built-in list answers: it must be the table's.
got=$(complete_line /usr/bin:/bin "$comp/pdncheck" "$p/bin/pdncheck --variant ")
expect_words "pdnperft --list-variants beside it" "pdncheck --variant " "$got " "$variants"
got=$(complete_line /usr/bin:/bin "$comp/pdncheck" "pdncheck --variant ")
expect_words "built-in list" "pdncheck --variant " "$got " "$variants"
# bash-completion itself, when installed: it finds completions/<tool> under
# $XDG_DATA_DIRS/bash-completion (2.11) or beside bin/ on PATH (2.12).
if [ -f /usr/share/bash-completion/bash_completion ]; then
  got=$(PATH=$P XDG_DATA_DIRS=$p/share:/usr/local/share:/usr/share bash -c '. /usr/share/bash-completion/bash_completion
        __load_completion pdncheck && complete -p pdncheck' 2>&1) || fail "bash-completion did not load ours: $got"
  echo "bash-completion loads it: $got"
else
  echo "bash-completion package not installed: its lazy loading not tested (the function is)"
fi
echo "completion: variant names, options, option values and files offered"

# --- the Python module ----------------------------------------------------------------------
# make install puts it where Debian's python3 reads PREFIX's packages (when cffi was there
# to build it: make deps-python); imported from the DESTDIR, it runs from there.
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
if "$PY" -c 'import cffi' 2>/dev/null; then
  pyver=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  pysite=$prefix/lib/python$pyver/dist-packages
  [ -f "$dest$pysite/pdnkit/__init__.py" ] || fail "the Python module is not in $pysite"
  "$PY" -c "import sys; sys.exit('$pysite' not in sys.path)" || fail "$PY does not read $pysite"
  if [ "${PK_SANITIZED:-}" = 1 ]; then
    # an ASan-built module cannot be loaded into Debian's python3 (the sanitizer's runtime
    # must come first in the process); make check imports and runs the plain build's
    echo "python: pdnkit installed in $pysite (not imported: an ASan build; make check imports it)"
  else
    got=$(cd "$work" && PYTHONPATH="$dest$pysite" "$PY" -c 'import pdnkit; print(pdnkit.__file__, pdnkit.version, pdnkit.Position().perft(3))')
    case $got in "$dest$pysite/pdnkit/__init__.py $version 658") ;; *) fail "installed module: $got" ;; esac
    echo "python: pdnkit $version installed in $pysite, imported and run from there"
  fi
else
  echo "python: no cffi for $PY: the module is not installed (make deps-python)"
fi

# --- make uninstall -----------------------------------------------------------------------
run_make uninstall
left=$(cd "$dest" && find . \( -type f -o -type l \) | sort)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "uninstall: nothing left"
rm -rf "$base"
echo "PASS"
