#!/bin/sh
# web/deps.sh DIR -- what `make web` needs, installed or fetched once (make deps-web):
#   - Debian's emscripten (emcc, with clang, lld, binaryen and node), and dpkg-dev, which
#     unpacks source packages;
#   - the C sources of the libraries the library links natively, for the WebAssembly build:
#     pcre2 (the PDN lexer), zlib, bzip2, xz-utils (liblzma) and libzstd, as Debian's own
#     source packages (apt-get source: the upstream tarball with Debian's patches, checked
#     against the archive's signed index), unpacked into DIR/NAME.
# Nothing else is fetched: emscripten's "ports" download from the network, so they are not
# used. The source indices come from the machine's own apt sources (the same archive as
# its binary packages, read as deb-src) into DIR/apt, not into the system's lists.
# Without root or apt-get it says what is missing and exits 1.
set -u
dir=${1:-build/web/deps}
PKGS="pcre2 zlib bzip2 xz-utils libzstd"
mkdir -p "$dir"

missing=""
# (PK_SOURCES_ONLY=1: the sources alone, for the Windows build: mk/deps.sh windows)
[ -n "${PK_SOURCES_ONLY:-}" ] || command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
command -v dpkg-source >/dev/null 2>&1 || missing="$missing dpkg-dev"
need_src=""
for p in $PKGS; do [ -f "$dir/$p/.unpacked" ] || need_src="$need_src $p"; done
[ -z "$missing$need_src" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
  [ -n "$missing" ] && echo "deps-web: missing$missing (Debian/Ubuntu: apt-get install$missing)"
  [ -n "$need_src" ] && echo "deps-web: missing the Debian source packages$need_src (as root on Debian, make deps-web fetches them with apt-get source)"
  exit 1
fi
if [ -n "$missing" ]; then
  echo "deps-web: installing$missing"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$missing >/dev/null || exit 1
fi
[ -z "$need_src" ] && exit 0

# The machine's apt sources, as deb-src (deb822 .sources files and one-line .list files)
apt="$(cd "$dir" && pwd)/apt"
rm -rf "$apt"; mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/parts"
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sed 's/^Types:.*/Types: deb-src/' "$f" >"$apt/parts/$(basename "$f")"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" >>"$apt/parts/system.list"
done
A="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$apt/parts -o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache -o APT::Sandbox::User=root -qq"
echo "deps-web: reading the source index of the machine's apt sources"
# shellcheck disable=SC2086
apt-get $A update >"$apt/update.log" 2>&1 || { cat "$apt/update.log"; exit 1; }
for p in $need_src; do
  rm -rf "$dir/$p" "$dir/$p.tmp"; mkdir -p "$dir/$p.tmp"
  # the newest version first; an archive that lacks it (a security update not mirrored)
  # falls back to the next one it lists
  # shellcheck disable=SC2086
  versions=$(apt-cache $A showsrc "$p" | sed -n 's/^Version: //p' | sort -ruV)
  ok=""
  for v in $versions; do
    echo "deps-web: apt-get source $p=$v"
    # shellcheck disable=SC2086
    if (cd "$dir/$p.tmp" && apt-get $A source "$p=$v" >log 2>&1); then ok=$v; break; fi
    sed 's/^/    /' "$dir/$p.tmp/log" | tail -n 3
    rm -rf "$dir/$p.tmp"; mkdir -p "$dir/$p.tmp"
  done
  [ -n "$ok" ] || { echo "deps-web: no version of the source package $p could be fetched"; exit 1; }
  src=$(find "$dir/$p.tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  mv "$src" "$dir/$p" && echo "$p $ok" >"$dir/$p/.unpacked" && rm -rf "$dir/$p.tmp" || exit 1
done
