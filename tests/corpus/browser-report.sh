#!/bin/sh
# The arbiter's HTML report (pdncheck --html) driven in headless Chromium
# (tests/browser/report.py). Chromium and python3 come from make deps-browser; only when
# they cannot be installed the test prints a SKIP line and passes.
BUILD=${BUILD:-build}
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  if ! make --no-print-directory deps-browser; then
    echo "SKIP browser report: chromium or python3 missing and could not be installed (run make deps-browser as root)"
    exit 0
  fi
fi
exec python3 tests/browser/report.py "$BUILD/bin" "$BUILD/browser"
