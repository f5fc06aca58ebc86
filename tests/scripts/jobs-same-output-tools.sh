#!/bin/sh
# pdnfen, pdnconv and pdngrep at -j 2 write what they write at -j 1, byte for byte, standard output
# and standard error, and exit the same (issue 13): the game files of the corpora (tests/corpora, unpacked into $BUILD/corpora) and
# the bundled pdn/, in one run each (the order of files and games is part of what must not
# change), with a window of 3 games in flight (PK_JOBS_WINDOW) so that the workers finish
# out of order, and with pieces of one game (PK_PIECE_BYTES=1: the workers read too). To keep make check quick the files over 1 MB (OCA: 11 MB, which alone
# makes 200 MB of JSON) are compared in one mode, with the default window; JOBS_ALL=1
# (make check-jobs) compares every file in every mode with both windows.
# Ends with "jobs-tools: N passed, N failed".
CORPORA=${CORPORA:-build/corpora}
top=$(pwd)
bin="$top/${BUILD:-build}/bin"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-jobs-tools.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
find "$CORPORA" pdn -name '*.pdn' | LC_ALL=C sort >"$tmp/all"
[ -s "$tmp/all" ] || { echo "jobs-tools: no game file found under $CORPORA"; exit 1; }
if [ "${JOBS_ALL:-0}" = 1 ]; then cp "$tmp/all" "$tmp/small"; windows="3 default pieces1"
else find "$CORPORA" pdn -name '*.pdn' -size -1000k | LC_ALL=C sort >"$tmp/small"; windows="3 pieces1"; fi

# same FILES WINDOWS TOOL OPTIONS...: -j 1 against -j 2 with each window
same() {
  files=$1; shift
  wins=$1; shift
  tool=$1; shift
  # standard output compared by checksum: the JSON of the whole corpus is large
  { xargs -d '\n' "$bin/$tool" -j 1 "$@" <"$tmp/$files" 2>"$tmp/one.err"; echo $? >"$tmp/one.st"; } |
    cksum >"$tmp/one"
  s1=$(cat "$tmp/one.st")
  for w in $wins; do
    unset PK_JOBS_WINDOW PK_PIECE_BYTES
    case $w in
      default) ;;
      pieces1) export PK_PIECE_BYTES=1 ;; # the workers read pieces of one game each
      *) export PK_JOBS_WINDOW=$w ;;
    esac
    { xargs -d '\n' "$bin/$tool" -j 2 "$@" <"$tmp/$files" 2>"$tmp/many.err"; echo $? >"$tmp/many.st"; } |
      cksum >"$tmp/many"
    s2=$(cat "$tmp/many.st")
    if cmp -s "$tmp/one" "$tmp/many" && cmp -s "$tmp/one.err" "$tmp/many.err" && [ "$s1" = "$s2" ]; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $tool -j 2 $* (window $w) differs from -j 1 (exit $s1 vs $s2):"
      cat "$tmp/one" "$tmp/many"; diff "$tmp/one.err" "$tmp/many.err" | head -n 10
    fi
  done
  unset PK_JOBS_WINDOW PK_PIECE_BYTES
}

same small "$windows" pdnfen --all
same small "$windows" pdnfen --final --json
same small "$windows" pdnfen --move 10b --algebraic
same small "$windows" pdnfen --ply 30 --numeric -g 2-5 -g 40
same small "$windows" pdnconv
same small "$windows" pdnconv --algebraic --full --sep=x
same small "$windows" pdnconv --numeric --to hub
same small "$windows" pdnconv --to json --algebraic
same all default pdnconv
# pdngrep: every game as read (the text of pieces, and of a file read on after a piece that
# did not end clean), the copies, a position search
same small "$windows" pdngrep
same small "$windows" pdngrep -u -l --material W:K1:B:K1
same all default pdngrep -D --json
same all default pdnfen --move 12 --json
# pdnconv --stats: the counts the workers noted per game add up to -j 1's
xargs -d '\n' "$bin/pdnconv" --stats -j 1 <"$tmp/all" 2>&1 >/dev/null | grep comments >"$tmp/one"
PK_PIECE_BYTES=1 xargs -d '\n' "$bin/pdnconv" --stats -j 2 <"$tmp/all" 2>&1 >/dev/null | grep comments >"$tmp/many"
if [ -s "$tmp/one" ] && cmp -s "$tmp/one" "$tmp/many"; then pass=$((pass + 1)); else
  fail=$((fail + 1)); echo "FAIL pdnconv --stats -j 2: $(cat "$tmp/many") against $(cat "$tmp/one")"; fi
echo "jobs-tools: $(wc -l <"$tmp/small") files in every mode, $(wc -l <"$tmp/all") in two"
echo "jobs-tools: $pass passed, $fail failed"
[ $fail = 0 ]
