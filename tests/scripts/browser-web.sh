#!/bin/sh
# The arbiter's page (make web: the library in WebAssembly, one HTML file) driven in
# headless Chromium (tests/browser/web.py): reports of #pdn= links byte for byte those of
# pdncheck --html, #fen= links against pdnmoves, a hostile file, the policy, no network,
# the keyboard, and OCA's speed against pdncheck -j 1. make check builds the page first
# (make web; make deps-web installs Debian's emscripten); without it, or without Chromium,
# the test is a SKIP (exit 77), which CI refuses.
BUILD=${BUILD:-build}
CORPORA=${CORPORA:-$BUILD/corpora}
# The page is compiled by emcc whatever $CC is: a sanitizer's or another compiler's build
# tree (make check-asan, check-musl) checks it against its own tools, with the page make
# check built when it has none of its own. Its speed is then not measured again: it was,
# in make check, against the optimised pdncheck (a sanitizer's pdncheck is no yardstick).
page=${WEB_PAGE:-$BUILD/web/pdnkit.html}
if [ ! -f "$page" ] && [ -f build/web/pdnkit.html ]; then
  page=build/web/pdnkit.html
  WEB_NO_SPEED=1; export WEB_NO_SPEED
fi
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIP browser-web: chromium or python3 missing (make deps-check installs them, as root)"
  exit 77
fi
if [ ! -f "$page" ]; then
  echo "SKIP browser-web: $page was not built (make web; make deps-web installs emscripten, as root)"
  exit 77
fi
exec python3 tests/browser/web.py "$BUILD/bin" "$page" "$BUILD/browser" "$CORPORA"
