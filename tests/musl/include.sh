#!/bin/sh
# The include folder of `make check-musl`: musl-gcc searches only musl's own headers, so the
# headers of the libraries pdnkit builds on (PCRE2, zlib, liblzma, libbz2, libzstd, CUnit) are
# linked into DEST from the system's include folders. Their declarations are libc-neutral.
# Usage: sh tests/musl/include.sh DEST
set -eu
dest=${1:?usage: include.sh DEST}
mkdir -p "$dest"
ma=$(cc -print-multiarch 2>/dev/null || true)
for h in pcre2.h zlib.h zconf.h lzma.h lzma bzlib.h zstd.h zstd_errors.h CUnit; do
  for dir in /usr/include ${ma:+/usr/include/$ma} /usr/local/include; do
    if [ -e "$dir/$h" ]; then ln -sfn "$dir/$h" "$dest/$h"; continue 2; fi
  done
  echo "musl include: $h not found (make deps installs the -dev packages)" >&2; exit 1
done
