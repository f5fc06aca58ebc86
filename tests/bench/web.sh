#!/bin/sh
# make bench: the arbiter's page (make web) checks OCA in headless Chromium; the time its
# worker takes against pdncheck -j 1 --html of this bench build on the same file (issue
# target: within 3x), printed by tests/browser/web.py. WEB_PAGE: the page.
BUILD=${BUILD:-build/bench}
page=${WEB_PAGE:-build/web/pdnkit.html}
if [ ! -f "$page" ] || ! command -v chromium >/dev/null 2>&1; then
  echo "bench-web: skipped: $page not built or chromium missing (make deps-web deps-check, make web)"
  exit 0
fi
WEB_ONLY=speed python3 tests/browser/web.py "$BUILD/bin" "$page" "$BUILD/browser" "${CORPORA:-build/corpora}" | grep -v '^ok '
