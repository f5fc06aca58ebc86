#!/bin/sh
# tests/windows/corpus.sh -- pdncheck, pdnconv and pdngrep on every .pdn file of the corpora
# (build/corpora, make corpora), the Windows tools under wine against the Linux tools: the
# standard output, the standard error and the exit status must be the same bytes. Each tool
# reads all the files in one run (a wine start costs a second; the run's output holds every
# file's), from inside the corpora folder, so that the paths it prints are the same relative
# ones; on a difference the first lines of the diff are shown.
# Environment: WIN (build/win: $WIN/wine/bin made by wine-bin.sh), BUILD (the Linux tools),
# CORPORA, WIN_CORPUS_EVERY=N (one file in N: 1, every file, by default).
set -u
top=$(pwd)
WIN=${WIN:-build/win}
BUILD=${BUILD:-build}
CORPORA=${CORPORA:-$top/build/corpora}
every=${WIN_CORPUS_EVERY:-1}
[ -d "$CORPORA" ] || { echo "windows corpus: no $CORPORA (make corpora)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-wincorpus.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
(cd "$CORPORA" && find . -name '*.pdn' | LC_ALL=C sort | sed 's|^\./||' | awk -v n="$every" 'NR % n == 1 || n == 1') >"$tmp/files"
nfiles=$(wc -l <"$tmp/files")
st=0
# run SIDE BIN NAME ARGS...: one tool on every file, its outputs into $tmp/SIDE.NAME.*
run() {
  side=$1 bin=$2 name=$3; shift 3
  (cd "$CORPORA" && tr '\n' '\0' <"$tmp/files" | xargs -0 sh -c '"$0" "$@"; echo "exit $?" >&2' "$bin" "$@" \
    >"$tmp/$side.$name.out" 2>"$tmp/$side.$name.err")
}
for t in "pdncheck pdncheck" "pdncheck-j2 pdncheck -j 2" "pdnconv pdnconv" "pdngrep pdngrep -t Result=1-0"; do
  set -- $t
  name=$1; shift
  tool=$1; shift
  run linux "$top/$BUILD/bin/$tool" "$name" "$@"
  run win "$top/$WIN/wine/bin/$tool" "$name" "$@"
  for k in out err; do
    if ! cmp -s "$tmp/linux.$name.$k" "$tmp/win.$name.$k"; then
      echo "FAIL windows corpus: $tool $* (std$k differs; - Linux, + Windows)"
      diff -u "$tmp/linux.$name.$k" "$tmp/win.$name.$k" | head -n 20
      st=1
    fi
  done
  echo "windows corpus: $tool $*: $(wc -c <"$tmp/linux.$name.out") bytes out, $(wc -c <"$tmp/linux.$name.err") bytes err on $nfiles files"
done
exit $st
