#!/bin/sh
# The arbiter's page against issue 34 (tests/browser/web_arbiter.py): the report's links
# clicked in the page and in the saved report, the sandboxed frame, empty input, #fen=
# variants, #pdn= checksums, hostile inputs bounded, the phone width, first contact,
# sharing. Needs the page (make web) and Chromium; without them a SKIP (exit 77), which CI
# refuses.
BUILD=${BUILD:-build}
CORPORA=${CORPORA:-$BUILD/corpora}
page=${WEB_PAGE:-$BUILD/web/pdnkit.html}
[ -f "$page" ] || page=build/web/pdnkit.html
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1 || ! command -v zstd >/dev/null 2>&1; then
  echo "SKIP browser-web-arbiter: chromium, python3 or zstd missing (make deps-check installs them, as root)"
  exit 77
fi
if [ ! -f "$page" ]; then
  echo "SKIP browser-web-arbiter: $page was not built (make web; make deps-web installs emscripten, as root)"
  exit 77
fi
exec python3 tests/browser/web_arbiter.py "$BUILD/bin" "$page" "$BUILD/browser" "$CORPORA"
