#!/bin/sh
# tests/windows/check.sh -- make check-windows: the Windows tools (build/win/bin/*.exe, made by
# make windows) run under wine, their outputs against the Linux tools':
#   golden   every tests/golden case (expected = the Linux tools' bytes), JOBS at a time
#   bad      the bad-input suite (tests/bad-input/run.sh), its expected/ the Linux outputs
#   corpus   pdncheck, pdnconv and pdngrep on corpus files, Windows and Linux side by side
#            (tests/windows/corpus.sh)
# What wine cannot run is tests/windows/skip (a case name and the reason, one a line;
# doc/windows.md lists them too). Exit 1 when any part fails.
#   sh tests/windows/check.sh [golden] [bad] [corpus]
# Environment: WIN (build/win), BUILD (the Linux build, build), CORPORA, JOBS, WINE, WINEPREFIX.
set -u
WIN=${WIN:-build/win}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
parts=${*:-golden bad corpus}
export WINEDEBUG=-all
CORPORA=${CORPORA:-$(pwd)/build/corpora}
export CORPORA
sh tests/windows/wine-bin.sh "$WIN/bin" "$WIN/wine" || exit 1
WINE=${WINE:-wine}
. tests/windows/prefix.sh
skipped() { grep -q "^$1[[:space:]]" tests/windows/skip 2>/dev/null; }
# wine's own words in a failed case's log (never the tools'): its server lost ("wine client
# error:0: recvmsg: Connection reset by peer", seen once in CI's bad-input run) or one of its
# processes crashed ("wine: Unhandled page fault ...")
wine_said() { grep -q -e 'wine client error' -e 'wine: Unhandled' -e 'wine: could not' -e 'wineserver' "$1"; }
st=0
for part in $parts; do
  case $part in
  golden)
    out=$(mktemp -d) || exit 1
    for d in tests/golden/*/; do
      n=$(basename "$d")
      skipped "$n" && continue
      echo "$n"
    done | xargs -P "$JOBS" -I{} sh -c 'BUILD="$1" sh tests/golden.sh "tests/golden/$2" >"$3/$2.log" 2>&1 || mv "$3/$2.log" "$3/$2.FAIL"' \
      sh "$WIN/wine" {} "$out"
    # a case whose failure wine itself explains (its own messages in the tool's stderr: the
    # server gone, a crash of one of its services) is run once more, alone: wine's, not the
    # tool's, and said as such; any other difference fails at once
    for f in "$out"/*.FAIL; do
      [ -f "$f" ] && wine_said "$f" || continue
      n=$(basename "$f" .FAIL)
      echo "(golden $n: wine failed: $(grep -m 1 -o 'wine[ :][^@]*' "$f" | cut -c1-120); run again)"
      ${WINESERVER:-wineserver} -p 2>/dev/null
      BUILD="$WIN/wine" sh tests/golden.sh "tests/golden/$n" >"$out/$n.log" 2>&1 && rm "$f"
    done
    pass=$(find "$out" -name '*.log' | wc -l) fail=$(find "$out" -name '*.FAIL' | wc -l)
    # the whole log of a failed case (stdout, stderr and status diffs): a failure seen only in
    # CI must show its standard error, which a shorter cut once left out
    for f in "$out"/*.FAIL; do [ -f "$f" ] && { echo "FAIL golden $(basename "$f" .FAIL)"; head -n 200 "$f"; }; done
    echo "windows golden: $pass passed, $fail failed, $(grep -c "^[^#]" tests/windows/skip) listed in tests/windows/skip"
    rm -rf "$out"
    [ "$fail" -eq 0 ] || st=1 ;;
  bad)
    # (PK_SKIP_BIG: the generated big inputs are left out, CI's time; a failure of a case
    # tests/windows/skip lists is reported and allowed)
    BUILD="$WIN/wine" PK_SKIP_BIG=1 sh tests/bad-input/run.sh >"$WIN/bad-input.log" 2>&1
    cat "$WIN/bad-input.log"
    for n in $(sed -n 's/^FAIL \([^:]*\):.*/\1/p' "$WIN/bad-input.log"); do
      skipped "$n" && { echo "(bad-input $n: listed in tests/windows/skip)"; continue; }
      # wine's own failure (as for golden): the case once more, alone
      if awk -v n="$n" '/^FAIL / { on = ($2 == n ":") } on' "$WIN/bad-input.log" >"$WIN/bad-$n.log" &&
         wine_said "$WIN/bad-$n.log"; then
        echo "(bad-input $n: wine failed: $(grep -m 1 -o 'wine[ :][^@]*' "$WIN/bad-$n.log" | cut -c1-120); run again)"
        ${WINESERVER:-wineserver} -p 2>/dev/null
        BUILD="$WIN/wine" PK_SKIP_BIG=1 sh tests/bad-input/run.sh "$n" >"$WIN/bad-$n.log" 2>&1 && continue
        cat "$WIN/bad-$n.log"
      fi
      echo "FAIL windows bad-input $n"; st=1
    done ;;
  corpus)
    WIN="$WIN" sh tests/windows/corpus.sh || st=1 ;;
  *) echo "tests/windows/check.sh: unknown part $part" >&2; exit 2 ;;
  esac
done
exit $st
