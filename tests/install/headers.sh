#!/bin/sh
# The public headers: include/pdnkit/ holds exactly what is installed, no header there
# includes one of src/; as installed (make install-headers into a DESTDIR under the build
# tree), each included alone: C99 with -pedantic -Werror, and C++ (extern "C" guards)
# with g++ -fsyntax-only. Only the installed directory is on the include path, so a
# public header that needs a private one fails here.
set -eu
top=$(pwd)
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}
CXX=${CXX:-g++}
base=$top/$BUILD/headers-test
rm -rf "$base"
mkdir -p "$base"
fail() { echo "FAIL: $*"; exit 1; }
pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory DESTDIR="$base/dest" PREFIX=/usr \
  install-headers >"$base/make.log" 2>&1 || { cat "$base/make.log"; fail "make install-headers"; }
inc=$base/dest/usr/include
# include/pdnkit/ is the installed API and nothing else: the files installed are exactly the
# files there, and no header there includes one that is not beside it (a header of src/,
# which is never installed: its #include "x.h" would find nothing once installed).
(cd include/pdnkit && ls -A) >"$base/tree"
(cd "$inc/pdnkit" && ls -A) >"$base/installed"
cmp -s "$base/tree" "$base/installed" ||
  fail "include/pdnkit/ and the installed headers differ: $(diff "$base/tree" "$base/installed" | grep '^[<>]' | tr '\n' ' ')"
for h in include/pdnkit/*; do
  case $h in *.h) ;; *) fail "$h: include/pdnkit/ holds the installed headers only" ;; esac
  for i in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$h"); do
    [ -f "include/pdnkit/$i" ] || fail "$h includes \"$i\", which is not in include/pdnkit/ (a private header of src/?)"
  done
done
echo "include/pdnkit/: $(wc -l <"$base/tree") headers, the installed ones, none including a private header"
n=0
for h in "$inc"/pdnkit/*.h; do
  name=${h##*/}
  printf '#include <pdnkit/%s>\nint pk_test_unused;\n' "$name" >"$base/c.c"
  $CC -std=c99 -pedantic -Wall -Wextra -Werror -I"$inc" -c "$base/c.c" -o "$base/c.o" ||
    fail "$name does not compile as C99"
  if command -v clang >/dev/null 2>&1; then # the other compiler's pedantry too, when present
    clang -std=c99 -pedantic -Wall -Wextra -Werror -I"$inc" -c "$base/c.c" -o "$base/c.o" ||
      fail "$name does not compile as C99 with clang"
  fi
  printf '#include <pdnkit/%s>\n' "$name" >"$base/cxx.cc"
  $CXX -std=c++11 -pedantic -Wall -Wextra -Werror -I"$inc" -fsyntax-only "$base/cxx.cc" ||
    fail "$name does not compile as C++"
  grep -q 'extern "C"' "$h" || [ "$name" = pdnkit.h ] || fail "$name has no extern \"C\" guard"
  n=$((n + 1))
done
# C++ linkage for real: a function declared in a header and called from C++ keeps its C name.
printf '#include <pdnkit/pdnkit.h>\nint main() { return pk_variant_find("english") == 0; }\n' >"$base/link.cc"
$CXX -std=c++11 -I"$inc" -c "$base/link.cc" -o "$base/link.o" || fail "C++ program"
nm "$base/link.o" | grep -q ' U pk_variant_find$' || fail "pk_variant_find has C++ linkage"
# The umbrella header includes every other public header.
for h in "$inc"/pdnkit/*.h; do
  name=${h##*/}
  [ "$name" = pdnkit.h ] || grep -q "#include \"$name\"" "$inc/pdnkit/pdnkit.h" || fail "pdnkit.h does not include $name"
done
# ... once each (it included match.h twice and written.h three times)
dup=$(grep '^#include "' "$inc/pdnkit/pdnkit.h" | LC_ALL=C sort | uniq -d | tr '\n' ' ')
[ -z "$dup" ] || fail "pdnkit.h includes more than once: $dup"
echo "$n public headers compile alone as C99 (-pedantic -Werror) and as C++"
rm -rf "$base"
echo "PASS"
