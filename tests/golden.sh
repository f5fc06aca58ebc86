#!/bin/sh
# One golden CLI test (tests/golden/README says how to write one). A case is a directory:
#   cmd       shell commands, run with sh from a scratch copy of the case directory (the
#             other cases stay reachable as ../NAME, read-only), the tools on PATH
#   expected  the exact standard output
#   stderr    the exact standard error; without this file nothing may be written there
#   status    every tool run's exit status, one line per run: STATUS<TAB>TOOL ARGS..., sorted
#             by command (the tools of a pipeline finish in any order); "*" as STATUS
#             accepts any (a pipeline whose reader may stop first). Each tool of $BUILD/bin
#             is reached through a wrapper that records its status, so a tool that crashes
#             inside a pipeline or before another command fails the case.
# Prints a diff on mismatch and exits 1. With --update, writes stdout, stderr and status
# back into the case instead (only after the output was checked by hand: see README).
update=
[ "$1" = --update ] && { update=1; shift; }
d=${1%/}
top=$(pwd)
BUILD=${BUILD:-build}
case $d in /*) ;; *) d="$top/$d" ;; esac
name=$(basename "$d")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-golden.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
[ -f "$d/cmd" ] || { echo "$d: no cmd file"; exit 1; }
[ -f "$d/expected" ] || [ -n "$update" ] || { echo "$d: no expected file"; exit 1; }
[ -f "$d/status" ] || [ -n "$update" ] || { echo "$d: no status file"; exit 1; }

# the scratch tree: links to the other cases, a copy of this one
mkdir "$tmp/g" "$tmp/wrap"
ln -s "$(dirname "$d")"/* "$tmp/g/"
rm "$tmp/g/$name"
cp -R "$d" "$tmp/g/$name"

# the corpora's absolute path is recorded as $CORPORA (the same status in every checkout)
cpat=${CORPORA:+s|$CORPORA|\$CORPORA|g}
# one wrapper per tool, in front of whatever PATH finds first (the tool, or valgrind's wrapper)
PATH="$PATH:$top/$BUILD/bin"
for t in $(cd "$top/$BUILD/bin" && ls); do
  # the tools only (not make's .d files, nor gcov's .gcno/.gcda under make coverage)
  [ -f "$top/$BUILD/bin/$t" ] && [ -x "$top/$BUILD/bin/$t" ] || continue
  real=$(command -v "$t") || { echo "$d: $t not on PATH"; exit 1; }
  # run by name from its own folder, so that argv[0] (in usage messages) stays the tool's name
  cat >"$tmp/wrap/$t" <<EOF
#!/bin/sh
PATH="$(dirname "$real"):\$PATH"; export PATH
$t "\$@"
st=\$?
printf '%s\t%s\n' "\$st" "\$(printf '%s' "$t \$*" | tr '\n\t' '  ' | sed '$cpat')" >>"$tmp/status.log"
exit \$st
EOF
  chmod +x "$tmp/wrap/$t"
done
: >"$tmp/status.log"
(cd "$tmp/g/$name" && PATH="$tmp/wrap:$PATH" sh ./cmd) >"$tmp/out" 2>"$tmp/err"
LC_ALL=C sort -t "$(printf '\t')" -k2 -k1 "$tmp/status.log" >"$tmp/status"
[ -s "$tmp/status" ] || echo "(no tool ran)" >"$tmp/status"

if [ -n "$update" ]; then
  cp "$tmp/out" "$d/expected"
  cp "$tmp/status" "$d/status"
  if [ -s "$tmp/err" ]; then cp "$tmp/err" "$d/stderr"; else rm -f "$d/stderr"; fi
  echo "$d: updated"
  exit 0
fi

ok=0
if ! cmp -s "$tmp/out" "$d/expected"; then
  echo "$d: stdout differs (- expected, + actual):"; diff -u "$d/expected" "$tmp/out" | sed 1,2d | head -n 60; ok=1
fi
if [ -f "$d/stderr" ]; then want_err="$d/stderr"; else want_err=/dev/null; fi
if ! cmp -s "$tmp/err" "$want_err"; then
  echo "$d: stderr differs (- expected, + actual):"; diff -u "$want_err" "$tmp/err" | sed 1,2d | head -n 30; ok=1
fi
# statuses: the same commands in the same sorted order, each status equal or "*"
if ! awk -F '\t' 'NR == FNR { want[FNR] = $0; n = FNR; next }
  { split(want[FNR], w, "\t"); if (w[2] != $2 || (w[1] != "*" && w[1] != $1)) bad = 1 }
  END { if (FNR != n) bad = 1; exit bad }' "$d/status" "$tmp/status"; then
  echo "$d: exit statuses differ (- expected, + actual):"; diff -u "$d/status" "$tmp/status" | sed 1,2d | head -n 30; ok=1
fi
exit $ok
