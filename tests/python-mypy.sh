#!/bin/sh
# mypy --strict (Debian's python3-mypy) on the Python package and on the Python examples of
# README.md and doc/guide.md, taken from the documents' own text so that they cannot drift
# (issue 33 item 5): each ```python file=NAME block as NAME, each `python3 -c '...'` of a
# console block as a file of its own. The settings are python/pyproject.toml's [tool.mypy].
#   sh tests/python-mypy.sh            the source tree's package (python/pdnkit), make check-mypy
#   sh tests/python-mypy.sh VENV_PY    the package installed for the interpreter VENV_PY, found
#                                      as a user's mypy finds it: through its py.typed
#                                      (tests/install/wheel.sh)
# SKIP (77) without mypy for $PYTHON (make deps-python installs python3-mypy, as root).
set -u
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
target=${1:-}
"$PY" -m mypy --version >/dev/null 2>&1 ||
  { echo "SKIP mypy: no mypy for $PY (make deps-python installs python3-mypy, as root)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-mypy.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/ex"
for doc in README.md doc/guide.md; do
  awk -v dir="$tmp/ex" -v tag="$(echo "$doc" | tr /. __)" '
    /^```python file=/ { name = substr($0, index($0, "=") + 1); f = dir "/" tag "_" name; infile = 1; printf "" > f; next }
    infile && /^```$/ { close(f); infile = 0; next }
    infile { print > f; next }
    /^\$ .*python3 -c '\''/ { n++; s = $0; sub(/^.*python3 -c '\''/, "", s); sub(/'\''[^'\'']*$/, "", s)
                          f = dir "/" tag "_c" n ".py"; print s > f; close(f) }' "$doc"
done
n=$(find "$tmp/ex" -name '*.py' | wc -l)
[ "$n" -gt 0 ] || { echo "FAIL: mypy: no Python example found in README.md or doc/guide.md"; exit 1; }
conf="--config-file $(pwd)/python/pyproject.toml --cache-dir $tmp/cache --no-error-summary"
if [ -n "$target" ]; then
  where="the installed package ($target)"
  # shellcheck disable=SC2086
  set -- $conf --python-executable "$target"
else
  where="python/pdnkit"
  # shellcheck disable=SC2086
  set -- $conf
  MYPYPATH=$(pwd)/python; export MYPYPATH
fi
fail=0
"$PY" -m mypy "$@" -p pdnkit >"$tmp/out" 2>&1 || fail=1
(cd "$tmp/ex" && "$PY" -m mypy "$@" ./*.py) >>"$tmp/out" 2>&1 || fail=1
if [ $fail = 0 ]; then
  echo "mypy --strict: $where and $n examples of README.md and doc/guide.md: no issue"
else
  sed "s|^|mypy: |" "$tmp/out"
  echo "FAIL: mypy --strict on $where or the documents' examples ($n)"
fi
exit $fail
