#!/bin/sh
# Checks pdnperft against tests/perft-table.txt (the start-position rows of PERFT.md).
#   sh tests/perft.sh quick   depth 8 on 10x10 (7 Frisian), 9 on 8x8: keep and drop differ there (make check)
#   sh tests/perft.sh deep    depth 11 (or the deepest published), both conventions (make perft-deep)
#   sh tests/perft.sh DEPTH   every row to min(DEPTH, published depths)
# A row's NAME may be NAME=FEN: perft from that position instead of the start.
# Prints one line per row and ends with "N passed, N failed".
PATH="$(pwd)/${BUILD:-build}/bin:$PATH" # the tools of the build tree (make perft-deep: build/bench)
mode=${1:-quick}
pass=0; fail=0
while read -r variant conv counts; do
  case $variant in ''|'#'*) continue ;; esac
  set -- $counts; have=$#
  fen=; case $variant in *=*) fen=${variant#*=}; variant=${variant%%=*} ;; esac
  case $mode in
    quick) case $variant in
             international|antidraughts|breakthrough|canadian|sri-lankan|malaysian) d=8 ;;
             frisian) d=7 ;; *) d=9 ;; esac ;;
    deep)  d=13 ;;
    *) d=$mode ;;
  esac
  [ $d -gt $have ] && d=$have
  flag=; [ "$conv" = keep ] && flag=--keep-duplicates
  got=$(pdnperft -v "$variant" ${fen:+-f "$fen"} $flag "$d" | awk '{print $2}' | tr '\n' ' ')
  want=$(echo $counts | cut -d' ' -f1-$d)
  if [ "$(echo $got)" = "$want" ]; then
    pass=$((pass + 1)); echo "ok   $variant${fen:+ from $fen} $conv d1-$d ($(echo $got | awk '{print $NF}'))"
  else
    fail=$((fail + 1)); echo "FAIL $variant${fen:+ from $fen} $conv d1-$d: got [$(echo $got)] want [$want]"
  fi
done < tests/perft-table.txt
echo "perft: $pass passed, $fail failed"
[ $fail -eq 0 ]
