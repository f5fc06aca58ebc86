#!/bin/sh
# The SVG browser test: pdndiagram's SVGs of several variants rendered by headless
# Chromium, pixels checked at chosen squares (tests/browser/render.py says which).
# Chromium and python3 are installed by `make deps-browser` when missing; only when that
# cannot be done (not root, no apt) the test prints a SKIP line and passes.
BUILD=${BUILD:-build}
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  if ! make --no-print-directory deps-browser; then
    echo "SKIP browser: chromium or python3 missing and could not be installed (run make deps-browser as root)"
    exit 0
  fi
fi
exec python3 tests/browser/render.py "$BUILD/bin" "$BUILD/browser"
