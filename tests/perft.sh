#!/bin/sh
# Checks pdnperft against tests/perft-table.txt (the start-position rows of PERFT.md).
#   sh tests/perft.sh quick   depth 7 on 10x10 (6 for Frisian), 8 on 8x8   (make check)
#   sh tests/perft.sh deep    depth 8 on 10x10, 9 on 8x8, both conventions (make perft-deep)
#   sh tests/perft.sh DEPTH   every row to min(DEPTH, published depths)
# Prints one line per row and ends with "N passed, N failed".
mode=${1:-quick}
pass=0; fail=0
while read -r variant conv counts; do
  case $variant in ''|'#'*) continue ;; esac
  set -- $counts; have=$#
  case $mode in
    quick) case $variant in international) d=7 ;; frisian) d=6 ;; *) d=8 ;; esac ;;
    deep)  case $variant in international|frisian) d=8 ;; *) d=9 ;; esac ;;
    *) d=$mode ;;
  esac
  [ $d -gt $have ] && d=$have
  flag=; [ "$conv" = keep ] && flag=--keep-duplicates
  got=$(pdnperft -v "$variant" $flag "$d" | awk '{print $2}' | tr '\n' ' ')
  want=$(echo $counts | cut -d' ' -f1-$d)
  if [ "$(echo $got)" = "$want" ]; then
    pass=$((pass + 1)); echo "ok   $variant $conv d1-$d ($(echo $got | awk '{print $NF}'))"
  else
    fail=$((fail + 1)); echo "FAIL $variant $conv d1-$d: got [$(echo $got)] want [$want]"
  fi
done < tests/perft-table.txt
echo "perft: $pass passed, $fail failed"
[ $fail -eq 0 ]
