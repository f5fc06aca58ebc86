#!/bin/sh
# The Python module's figures (`make bench`, tests/bench/python.py): OCA replayed with its
# final FENs from Python on one core beside pdncheck -j 1, legal_moves() on 100,000 real
# FENs, two threads against one; then the pydraughts comparison (tests/bench/pydraughts.py),
# which says why it skips where pydraughts cannot be imported.
BUILD=${BUILD:-build/bench}
CORPORA=${CORPORA:-build/corpora}
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
OCA="$CORPORA/english/oca/OCA_2.0.pdn"
if ! PYTHONPATH="$BUILD/python" "$PY" -c 'import pdnkit' 2>/dev/null; then
  echo "bench-python: the module is not built in $BUILD/python (make deps-python, as root, for cffi)"
  exit 0
fi
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$BUILD/python" "$PY" tests/bench/python.py "$OCA" "$BUILD/bin/pdncheck" || exit 1
if [ -f tests/bench/pydraughts.py ]; then
  PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$BUILD/python" "$PY" tests/bench/pydraughts.py "$OCA" || exit 1
fi
