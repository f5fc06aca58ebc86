#!/bin/sh
# tests/windows/dist.sh ZIP -- the Windows zip as an arbiter gets it (make dist-windows): unpacked
# into an empty folder, its tools run under wine from there, none of the build tree on the
# way. A folder with a non-ASCII name, a wildcard the tool expands (no shell does: the pattern
# reaches it quoted, as from cmd.exe), a backslash path printed as written, -r on the folder,
# -o onto an input refused, and the DLL loaded by a program linked with its import library.
set -u
zip=$1
WINE=${WINE:-wine}
export WINEDEBUG=-all LC_ALL=C.UTF-8
top=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-windist.XXXXXX") || exit 1
. tests/windows/prefix.sh
trap 'rm -rf "$tmp"; ${WINESERVER:-wineserver} -k 2>/dev/null' EXIT
fail=0
check() { # NAME EXPECTED-FILE ACTUAL-FILE
  if cmp -s "$2" "$3"; then echo "ok   $1"; else echo "FAIL $1"; diff -u "$2" "$3" | head -n 20; fail=1; fi
}
(cd "$tmp" && unzip -q "$top/$zip") || { echo "FAIL unzip $zip"; exit 1; }
d=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)
for f in bin/pdncheck.exe bin/pdnconv.exe bin/pdnfen.exe bin/pdngrep.exe bin/pdnmoves.exe bin/pdnperft.exe \
         bin/pdndiagram.exe bin/libpdnkit-1.dll include/pdnkit/pdnkit.h lib/libpdnkit.a lib/libpdnkit.dll.a \
         lib/pkgconfig/pdnkit.pc doc/pdncheck.1.html README.txt licenses/pcre2.txt; do
  [ -s "$d/$f" ] || { echo "FAIL the zip has no $f"; fail=1; }
done
cd "$d" || exit 1
mkdir "Résultats"
cp "$top/tests/golden/check-ambiguous-capture/input.pdn" "Résultats/ronde-1.pdn"
cp "$top/tests/golden/check-ambiguous-capture/input.pdn" "Résultats/ronde-2.pdn"
# the Linux tool's output on the same files, named as the Windows user writes them
(cd "$d" && "$top/${BUILD:-build}/bin/pdncheck" Résultats/ronde-1.pdn Résultats/ronde-2.pdn) 2>&1 | sed 's|Résultats/|Résultats\\|' >"$tmp/want"
$WINE bin/pdncheck.exe 'Résultats\*.pdn' >"$tmp/got" 2>&1
check 'pdncheck Résultats\*.pdn (wildcard, non-ASCII folder, backslash kept)' "$tmp/want" "$tmp/got"
(cd "$d" && "$top/${BUILD:-build}/bin/pdncheck" -r Résultats) >"$tmp/want" 2>&1
$WINE bin/pdncheck.exe -r Résultats >"$tmp/got" 2>&1
check 'pdncheck -r Résultats' "$tmp/want" "$tmp/got"
printf "pdnconv: error: output file 'Résultats\\\\ronde-1.pdn' is also an input\nexit 2\n" >"$tmp/want"
{ $WINE bin/pdnconv.exe 'Résultats\ronde-1.pdn' -o 'Résultats\ronde-1.pdn'; echo "exit $?"; } >"$tmp/got" 2>&1
check 'pdnconv -o onto its input (by file id)' "$tmp/want" "$tmp/got"
# a program of the arbiter's own against the DLL (PK_DLL: dllimport) and its import library
if command -v "${WIN_CC:-x86_64-w64-mingw32-gcc-posix}" >/dev/null 2>&1; then
  printf '#define PK_DLL\n#include <pdnkit/pdnkit.h>\n#include <stdio.h>\nint main(void) { printf("%%s\\n", pk_version(NULL)); return 0; }\n' >"$tmp/v.c"
  "${WIN_CC:-x86_64-w64-mingw32-gcc-posix}" -Iinclude "$tmp/v.c" -Llib -lpdnkit.dll -o bin/v.exe &&
    $WINE bin/v.exe | tr -d '\r' >"$tmp/got" 2>&1
  "$top/${BUILD:-build}/bin/pdncheck" --version | sed -n 's/.* \([0-9][0-9.]*\)$/\1/p' | head -n 1 >"$tmp/want"
  check 'a program linked with libpdnkit.dll.a runs on the DLL' "$tmp/want" "$tmp/got"
  rm -f bin/v.exe
fi
[ $fail -eq 0 ] && echo "dist-windows: the zip's tools run from an empty folder"
exit $fail
