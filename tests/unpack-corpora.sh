#!/bin/sh
# Unpacks the test corpora (tests/corpora: raw files, and the large ones stored as .zst, see
# tests/corpora/SOURCES.md) into DEST with every .zst decompressed, so that the tests see each
# file under its original name and bytes (MANIFEST.tsv's sizes and SHA-256). Does nothing when
# DEST is newer than every file of tests/corpora.
# Usage: sh tests/unpack-corpora.sh DEST
set -eu
dest=${1:?usage: unpack-corpora.sh DEST}
src=tests/corpora
[ -f "$src/MANIFEST.tsv" ] || { echo "unpack-corpora: $src/MANIFEST.tsv not found (run from the top of the tree)" >&2; exit 2; }
if [ -f "$dest/.stamp" ] && [ -z "$(find "$src" -newer "$dest/.stamp" | head -n 1)" ]; then exit 0; fi
command -v zstd >/dev/null 2>&1 || { echo "unpack-corpora: zstd not found (make deps installs it)" >&2; exit 2; }
rm -rf "$dest"
mkdir -p "$dest"
cp -R "$src/." "$dest/"
find "$dest" -name '*.zst' -exec zstd -d -q --rm {} +
# every file of MANIFEST.tsv is there, with its bytes: a damaged copy fails here, not in a test
tail -n +2 "$dest/MANIFEST.tsv" | cut -f1,3 | while IFS="$(printf '\t')" read -r path sha; do
  printf '%s  %s\n' "$sha" "$dest/$path"
done | sha256sum --quiet -c - || { rm -f "$dest/.stamp"; echo "unpack-corpora: files differ from MANIFEST.tsv" >&2; exit 1; }
touch "$dest/.stamp"
