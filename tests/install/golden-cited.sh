#!/bin/sh
# Every golden case says, in a comment at the top of its cmd, what it checks and where its
# expected values come from (tests/golden/README: a RULES section or disagreement id, a
# published figure of doc/PERFT.md, a man page, or a hand check): a cmd whose first line is
# not a '#' comment fails here.
n=0; bad=""
for c in tests/golden/*/cmd; do
  n=$((n + 1))
  case $(head -n 1 "$c") in
  '#'?*) ;;
  *) bad="$bad ${c%/cmd}" ;;
  esac
done
[ $n -gt 0 ] || { echo "FAIL: no golden case found"; exit 1; }
if [ -n "$bad" ]; then
  echo "FAIL: golden cases without a leading comment citing the source of their expected values:"
  printf '  %s\n' $bad
  echo "golden-cited: $(printf '%s\n' $bad | wc -l) of $n without a comment (see tests/golden/README)"
  exit 1
fi
echo "golden-cited: all $n golden cases start with a comment"
