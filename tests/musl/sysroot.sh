#!/bin/sh
# The include and library folders of `make check-musl`. musl-gcc searches only musl's own
# headers and libraries, so those of the libraries pdnkit builds on (PCRE2, zlib, liblzma,
# libbz2, libzstd, CUnit) are linked into DEST/include and DEST/lib from the system's
# folders: their headers are libc-neutral, and their static archives link against musl
# with tests/musl/fortify.c. Only these archives are linked, so that glibc's own libc.a,
# beside them, is never found.
# Usage: sh tests/musl/sysroot.sh DEST
set -eu
dest=${1:?usage: sysroot.sh DEST}
mkdir -p "$dest/include" "$dest/lib"
ma=$(cc -print-multiarch 2>/dev/null || true)
find_in() { # kind name dirs...
  kind=$1 f=$2; shift 2
  for dir in "$@"; do
    if [ -e "$dir/$f" ]; then ln -sfn "$dir/$f" "$dest/$kind/$f"; return 0; fi
  done
  echo "musl sysroot: $f not found in $* (make deps installs the -dev packages)" >&2; exit 1
}
for h in pcre2.h zlib.h zconf.h lzma.h lzma bzlib.h zstd.h zstd_errors.h CUnit; do
  find_in include "$h" /usr/include ${ma:+/usr/include/$ma} /usr/local/include
done
for a in libpcre2-8.a libz.a liblzma.a libzstd.a libbz2.a libcunit.a; do
  find_in lib "$a" ${ma:+/usr/lib/$ma} /usr/lib /usr/local/lib
done
