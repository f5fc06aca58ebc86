#!/bin/sh
# pdnperft against tests/perft/perft12.py, a second move generator written for this test
# from the rules text (not from pdnkit's code), on the 12x12 start positions:
#   sh tests/perft/cross-check.sh [DEPTH]   depths 1..DEPTH (default 5; make perft-deep: 8)
# Canadian proves the script (its figures are also dctl's, tests/perft-table.txt);
# Malaysian has no published figures, so this comparison is what pdnkit's rest on.
depth=${1:-5}
PATH="$(pwd)/${BUILD:-build}/bin:$PATH"
command -v python3 >/dev/null 2>&1 || { echo "SKIP perft cross-check: python3 missing"; exit 0; }
here=$(dirname "$0")
fail=0
for v in canadian malaysian; do
  want=$(python3 "$here/perft12.py" "$v" "$depth" | awk '{print $2}' | tr '\n' ' ')
  got=$(pdnperft -v "$v" "$depth" | awk '{print $2}' | tr '\n' ' ')
  if [ -n "$got" ] && [ "$got" = "$want" ]; then
    echo "ok   $v d1-$depth: pdnperft and perft12.py agree ($(echo $got | awk '{print $NF}'))"
  else
    echo "FAIL $v d1-$depth: pdnperft [$(echo $got)], perft12.py [$(echo $want)]"; fail=1
  fi
done
exit $fail
