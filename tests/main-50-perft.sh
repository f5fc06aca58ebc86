#!/bin/sh
# Part of `make run`: perft from every variant's start position (depth 6), checked
# against PERFT.md, so a fresh build proves its move generator in a second.
echo "pdnperft: start position of every variant, depth 6, against doc/PERFT.md"
status=0
while read -r variant conv counts; do
  case $variant in ''|'#'*) continue ;; esac
  [ "$conv" = drop ] || continue
  want=$(echo $counts | cut -d' ' -f6)
  # NAME=FEN: from that position, as tests/perft.sh reads the table
  fen=; case $variant in *=*) fen=${variant#*=} ;; esac
  got=$(pdnperft -v "${variant%%=*}" ${fen:+-f "$fen"} 6 | tail -n 1 | cut -d' ' -f2)
  if [ "$got" = "$want" ]; then mark=ok; else mark=MISMATCH; status=1; fi
  printf '  %-14s perft(6) = %-8s %s\n' "$variant" "$got" "$mark"
done < tests/perft-table.txt
exit $status
