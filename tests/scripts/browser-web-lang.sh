#!/bin/sh
# The arbiter's page in its seven languages (issue 36): none of the page's own English words
# left in fr, nl, ru, pt, es or it, and nothing wider than the screen in French and Russian
# at 1280 and 390 px (tests/browser/web_lang.py; screenshots in $BUILD/browser/lang-*.png).
# Without the page (make web) or Chromium the test is a SKIP (exit 77), as browser-web.sh.
BUILD=${BUILD:-build}
page=${WEB_PAGE:-$BUILD/web/pdnkit.html}
[ -f "$page" ] || [ ! -f build/web/pdnkit.html ] || page=build/web/pdnkit.html
if ! command -v chromium >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "SKIP browser-web-lang: chromium or python3 missing (make deps-check installs them, as root)"
  exit 77
fi
if [ ! -f "$page" ]; then
  echo "SKIP browser-web-lang: $page was not built (make web; make deps-web installs emscripten, as root)"
  exit 77
fi
exec python3 tests/browser/web_lang.py "$page" "$BUILD/browser"
