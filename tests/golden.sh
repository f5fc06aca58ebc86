#!/bin/sh
# One golden CLI test. A case is a directory holding:
#   cmd       one shell command, run from the case directory with the tools on PATH
#   expected  the exact standard output
#   status    the exact exit status (one number)
#   stderr    optional: the exact standard error
# Prints a diff on mismatch and exits 1.
d=${1%/}
tmp=${TMPDIR:-/tmp}/pk-golden.$$
mkdir -p "$tmp"; trap 'rm -rf "$tmp"' EXIT
want_status=$(cat "$d/status" 2>/dev/null || echo 0)
(cd "$d" && sh ./cmd) >"$tmp/out" 2>"$tmp/err"; got=$?
ok=0
if ! cmp -s "$tmp/out" "$d/expected"; then
  echo "$d: stdout differs (- expected, + actual):"; diff -u "$d/expected" "$tmp/out" | sed 1,2d | head -n 60; ok=1
fi
if [ -f "$d/stderr" ] && ! cmp -s "$tmp/err" "$d/stderr"; then
  echo "$d: stderr differs:"; diff -u "$d/stderr" "$tmp/err" | sed 1,2d | head -n 30; ok=1
fi
if [ "$got" != "$want_status" ]; then
  echo "$d: exit status $got, expected $want_status"; head -n 5 "$tmp/err"; ok=1
fi
exit $ok
