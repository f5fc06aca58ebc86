#!/bin/sh
# The Python module's tests (tests/python/, pytest) on the module make builds in
# $BUILD/python: reading, replaying, checking (against pdncheck --json on the corpora),
# positions. Prints pytest's own summary line. Without Debian's python3-pytest or the
# module (no cffi: make deps-python installs both, as root) it says so and exits 77 (SKIP,
# which fails CI).
BUILD=${BUILD:-build}
# Debian's interpreter, as the Makefile's PYTHON
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
if ! "$PY" -c 'import pytest' 2>/dev/null; then
  echo "SKIP python: pytest missing for $PY (make deps-python installs python3-pytest, as root)"
  exit 77
fi
# A sanitizer's or musl's build tree (make check-asan, check-musl) has no module of its own
# (Debian's python3 loads neither a sanitized nor a static musl library): the tests then
# take the one make check built, and compare it with this tree's tools ($BUILD/bin).
mod="$BUILD/python"
if ! PYTHONPATH="$mod" "$PY" -c 'import pdnkit' 2>/dev/null && [ "$BUILD" != build ] &&
  PYTHONPATH=build/python "$PY" -c 'import pdnkit' 2>/dev/null; then
  mod=build/python
fi
if ! PYTHONPATH="$mod" "$PY" -c 'import pdnkit' 2>/dev/null; then
  echo "SKIP python: the module was not built in $BUILD/python (make python; cffi: python3-cffi)"
  exit 77
fi
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$mod${PYTHONPATH:+:$PYTHONPATH}" BUILD="$BUILD" \
  exec "$PY" -m pytest -q -p no:cacheprovider tests/python
