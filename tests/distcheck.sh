#!/bin/sh
# make distcheck: the release tarball stands alone. Unpacked into an empty temporary folder
# (nothing beside it), it must hold no built file and name no path outside itself, and there
# `make run`, `make check`, `make install DESTDIR=...` and `make uninstall` must pass. Its
# make check runs the unit and install tests: the golden cases and the corpus scripts (and
# the page and Python module they test) read only tracked files, which CI's make check in
# the clone has already run them on (and the golden cases three times more), and would add
# minutes to CI's thirty.
# Usage: sh tests/distcheck.sh pdnkit-VERSION.tar.gz
set -eu
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
name=$(basename "$tarball" .tar.gz)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-distcheck.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "distcheck: FAIL: $*"; exit 1; }
mkdir "$tmp/empty"
cd "$tmp/empty"
tar xzf "$tarball"
[ "$(ls)" = "$name" ] || fail "the tarball does not unpack into one folder $name/"
cd "$name"
# nothing generated: no objects, libraries, binaries or build folder
built=$(find . \( -name build -o -name '*.o' -o -name '*.a' -o -name '*.so*' -o -name '*.tar.gz' \) -print | head -n 5)
[ -z "$built" ] || fail "built files in the tarball: $built"
elf=$(find . -type f -exec sh -c 'for f; do [ "$(head -c 4 "$f")" = "$(printf "\177ELF")" ] && echo "$f"; done; true' sh {} + | head -n 3)
[ -z "$elf" ] || fail "binaries in the tarball: $elf"
# (the pattern in two pieces, so that this file does not match itself)
if grep -rIl -e '\.\.''/shared' . >"$tmp/shared"; then
  fail "files name the team's shared folder beside the checkout: $(head -n 3 "$tmp/shared" | tr '\n' ' ')"
fi
echo "distcheck: $name unpacked alone ($(find . -type f | wc -l) files); make run"
make run >"$tmp/run.log" 2>&1 || { tail -n 30 "$tmp/run.log"; fail "make run"; }
echo "distcheck: make check"
make check CHECK_GROUPS="unit install" >"$tmp/check.log" 2>&1 || { grep -E '^(FAIL|failed|Tests:)' "$tmp/check.log" | head -n 30; fail "make check"; }
grep '^Tests:' "$tmp/check.log"
echo "distcheck: make install, make uninstall"
make install DESTDIR="$tmp/dest" PREFIX=/usr >"$tmp/install.log" 2>&1 || { tail -n 20 "$tmp/install.log"; fail "make install"; }
[ -x "$tmp/dest/usr/bin/pdncheck" ] && [ -f "$tmp/dest/usr/share/doc/pdnkit/RULES.md" ] || fail "make install left out the tools or the docs"
"$tmp/dest/usr/bin/pdncheck" --version | grep -q "${name#pdnkit-}" || fail "pdncheck --version does not say ${name#pdnkit-}"
make uninstall DESTDIR="$tmp/dest" PREFIX=/usr >"$tmp/uninstall.log" 2>&1 || fail "make uninstall"
left=$(find "$tmp/dest" -type f | head -n 3)
[ -z "$left" ] || fail "make uninstall left $left"
echo "distcheck: $name passes make run, make check, install and uninstall"
