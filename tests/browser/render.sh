#!/bin/sh
# The browser tests: SCRIPT (default render.py: pdndiagram's SVGs of several variants,
# pixels checked at chosen squares; report.py: pdncheck --html driven in the browser) run
# with headless Chromium. Chromium and python3 are installed by `make deps-check` (run by
# `make check`); when they are missing the test says so and exits 77 (SKIP, which fails CI).
BUILD=${BUILD:-build}
script=${1:-render.py}
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIP browser ($script): chromium or python3 missing (make deps-check installs them, as root)"
  exit 77
fi
exec python3 "tests/browser/$script" "$BUILD/bin" "$BUILD/browser"
