#!/bin/sh
# Perft speed from the start position, single thread, bulk counting at the last ply:
# English to depth 11 and international to depth 9 (issue target: 150M nodes/s each).
# The best of three runs is reported, since other jobs on the machine slow single runs.
for spec in "english 11" "international 9"; do
  set -- $spec
  best=0
  for run in 1 2 3; do
    line=$(pdnperft -v "$1" -t "$2" | tail -n 1)
    nps=$(echo "$line" | awk '{printf "%d", $4}')
    [ "$nps" -gt "$best" ] && best=$nps && bestline=$line
  done
  echo "perft $1: depth $bestline" | awk '{printf "%s %s depth %s: %s leaves in %s, %.1f M nodes/s\n", $1, $2, $4, $5, $6, $7/1e6}'
done
