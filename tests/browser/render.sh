#!/bin/sh
# The browser tests: SCRIPT (default render.py: pdndiagram's SVGs of several variants,
# pixels checked at chosen squares; report.py: pdncheck --html driven in the browser) run
# with headless Chromium. Chromium and python3 are installed by `make deps-browser` when
# missing; only when that cannot be done (not root, no apt) the test prints a SKIP line
# and passes.
BUILD=${BUILD:-build}
script=${1:-render.py}
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  if ! make --no-print-directory deps-browser; then
    echo "SKIP browser ($script): chromium or python3 missing and could not be installed (run make deps-browser as root)"
    exit 0
  fi
fi
exec python3 "tests/browser/$script" "$BUILD/bin" "$BUILD/browser"
