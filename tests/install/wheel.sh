#!/bin/sh
# The Python package as pip users get it (issue 33 item 4): `make wheel` into a folder of its
# own, the wheel installed with pip into a fresh venv (--system-site-packages: Debian's cffi
# and pytest; --no-index: nothing fetched), then, from a folder outside the source tree:
#   - pip lists it, at the library's version, with cffi as its dependency (CPython);
#   - importlib.metadata.version("pdnkit") == pdnkit.__version__ == pdnkit.version (pk_version),
#     and the module imported is the venv's copy, with its py.typed;
#   - the Python tests (tests/python) pass against that installed copy, not build/python;
#   - mypy --strict passes on the installed package and the documents' examples, as a user's
#     mypy finds them through py.typed (tests/python-mypy.sh; CPython only);
#   - pip uninstall removes every file it installed.
# make check runs it (install group) for $PYTHON; make check-pypy for pypy3. Not run in a
# sanitizer's or musl's tree (python3 loads neither library: make check runs it). SKIP (77)
# without pip, venv or pytest for $PYTHON (make deps-python installs them, as root).
# Environment: BUILD, CORPORA, MAKE, PYTHON.
set -u
top=$(pwd)
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
fail() { echo "FAIL: wheel: $*"; exit 1; }
if [ "${PK_SANITIZED:-}" = 1 ] || [ "$BUILD" != build ]; then
  echo "wheel: not run in $BUILD (make check runs it on the plain build)"; exit 0
fi
for m in pip venv pytest setuptools wheel; do
  "$PY" -c "import $m" 2>/dev/null ||
    { echo "SKIP wheel: no $m for $PY (make deps-python PYTHON=$PY installs it, as root)"; exit 77; }
done
tag=$("$PY" -c 'import sys; print(sys.implementation.cache_tag)')
impl=$("$PY" -c 'import platform; print(platform.python_implementation())')
base=$top/$BUILD/wheel-test-$tag
bld=$top/$BUILD
corpora=${CORPORA:-$bld/corpora}
case $corpora in /*) ;; *) corpora=$top/$corpora ;; esac
rm -rf "$base"
mkdir -p "$base/dist" "$base/empty"
pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory BUILD="$BUILD" PYTHON="$PY" WHEEL_DIR="$base/dist" wheel \
  >"$base/make.log" 2>&1 || { cat "$base/make.log"; fail "make wheel"; }
version=$(sed -n 's/^#define PDNKIT_VERSION_[A-Z]* *\([0-9]*\)$/\1/p' include/pdnkit/pk_common.h | paste -sd.)
set -- "$base/dist/pdnkit-$version-"*.whl
if [ $# != 1 ] || [ ! -f "$1" ]; then fail "make wheel made no pdnkit-$version-*.whl in $base/dist: $(ls "$base/dist")"; fi
whl=$1
"$PY" -c 'import sys, zipfile; sys.exit("pdnkit/py.typed" not in zipfile.ZipFile(sys.argv[1]).namelist())' "$whl" ||
  fail "$whl holds no pdnkit/py.typed"

"$PY" -m venv --system-site-packages --without-pip "$base/venv" || fail "$PY -m venv"
vpy=$base/venv/bin/python
unset PYTHONPATH
# pip is the system's, seen through --system-site-packages; it installs into the venv
"$vpy" -m pip install -q --no-index "$whl" >"$base/pip.log" 2>&1 || { cat "$base/pip.log"; fail "pip install $whl"; }
cd "$base/empty" || exit 1
"$vpy" -m pip list 2>/dev/null | grep -q "^pdnkit  *$version\$" || fail "pip list shows no pdnkit $version"
requires=$("$vpy" -m pip show pdnkit 2>/dev/null | sed -n 's/^Requires: //p')
if [ "$impl" = CPython ]; then [ "$requires" = cffi ] || fail "pip show pdnkit: Requires '$requires', not cffi"; fi
PYTHONDONTWRITEBYTECODE=1 "$vpy" - "$base/venv" "$version" <<'EOF' || fail "the installed copy"
import importlib.metadata, os, sys
import pdnkit
venv, version = sys.argv[1:]
where = os.path.realpath(pdnkit.__file__)
assert where.startswith(os.path.realpath(venv) + os.sep), "pdnkit imported from %s, not the venv" % where
assert importlib.metadata.version("pdnkit") == pdnkit.__version__ == pdnkit.version == version, \
    (importlib.metadata.version("pdnkit"), pdnkit.__version__, pdnkit.version, version)
files = [str(f) for f in importlib.metadata.files("pdnkit")]
assert "pdnkit/py.typed" in files, files
print("wheel: pdnkit %s installed in a venv (%s), from %s" % (version, sys.implementation.name, os.path.basename(where)))
EOF

# the tests, importing the venv's copy: run from the empty folder (no python/ or build/python
# on sys.path), a plugin of this folder (-p) checking where pdnkit comes from once the tests
# are collected; conftest.py finds the tools and corpora through BUILD and CORPORA
cat >"$base/empty/pk_installed.py" <<EOF
import os, sys
def pytest_collection_finish(session):
    where = os.path.realpath(sys.modules["pdnkit"].__file__)
    assert where.startswith(os.path.realpath("$base/venv") + os.sep), "the tests imported pdnkit from " + where
EOF
PYTHONDONTWRITEBYTECODE=1 BUILD="$bld" CORPORA="$corpora" \
  "$vpy" -m pytest -q -p no:cacheprovider -p pk_installed --rootdir="$top/tests/python" "$top/tests/python" \
  >"$base/pytest.log" 2>&1 || { cat "$base/pytest.log"; fail "pytest against the installed copy"; }
echo "wheel: tests/python against the installed copy: $(tail -n 1 "$base/pytest.log")"
typed=0
if [ "$impl" = CPython ]; then
  (cd "$top" && PYTHON="$PY" sh tests/python-mypy.sh "$vpy") || typed=1
fi

"$vpy" -m pip uninstall -q -y pdnkit >"$base/pip.log" 2>&1 || { cat "$base/pip.log"; fail "pip uninstall"; }
"$vpy" -c 'import pdnkit' 2>/dev/null && fail "pdnkit still imports after pip uninstall"
# by file name: the venv's own path may hold 'pdnkit' (make distcheck's pdnkit-1.0.0/)
left=$(find "$base/venv/lib" -name '*pdnkit*' | head -n 3)
[ -z "$left" ] || fail "pip uninstall left $left"
echo "wheel: pip uninstall removed it"
[ $typed = 0 ] || fail "mypy --strict on the installed package (above)"
rm -rf "$base"
