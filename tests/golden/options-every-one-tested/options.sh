#!/bin/sh
# The command-line options of every tool, as its --help lists them ("  -x, --name" or
# "      --name"), against the golden tests and against each other:
#   - every option of every tool appears in some tests/golden/*/cmd, in a command of that
#     tool (its long or its short form; a command is a piece of a cmd line between |, &&
#     and ||: "for o in --a --b; do tool $o; done" is one);
#   - a short option means one thing in every tool (-j is --jobs wherever it exists), but
#     for the letters a tool keeps from the classic it follows (pdngrep: grep's);
#   - every tool that takes --variant has --list-variants and -o/--output.
# Prints one line per tool, then "options: N options in M tools, each tested"; names
# every fault and exits 1 when there is one. Tools on PATH. It lives in the golden case
# that runs it (options-every-one-tested), so it sees the cases as golden.sh lays them out.
#   sh tests/golden/options-every-one-tested/options.sh [GOLDEN_DIR]   (default: the folder
#   holding this case)
golden=${1:-$(dirname "$0")/..}
tools="pdncheck pdnconv pdndiagram pdnfen pdngrep pdnmoves pdnperft"
# The letters a tool keeps from the classic it is modelled on (cli.c's own[]): pdngrep is
# grep's -v and -c, and takes -t for a tag.
own="pdngrep v invert-match
pdngrep c count
pdngrep t tag"
tmp=${TMPDIR:-/tmp}/pk-options.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT
fail=0

# Every command of every golden case, one a line ("CASE<TAB>command").
for d in "$golden"/*/; do
  [ -f "$d/cmd" ] || continue
  sed -e 's/&&/\n/g; s/||/\n/g; s/|/\n/g' "$d/cmd" | sed "s|^|$(basename "$d")	|"
done >"$tmp/commands"

: >"$tmp/shorts"
total=0
for t in $tools; do
  if ! "$t" --help >"$tmp/help.$t" 2>&1; then
    echo "$t: --help failed"; fail=1; continue
  fi
  # "x name" (x is - when there is no short form), from the option lines of --help
  sed -n 's/^  *\(-\([A-Za-z]\), \)\{0,1\}--\([a-z][a-z-]*\).*/\2 \3/p' "$tmp/help.$t" |
    awk '{ if (NF == 1) print "-", $1; else print }' >"$tmp/opts.$t"
  n=0; missing=""
  # the commands of this tool
  grep -E "	(.*[^a-z-])?$t([^a-z-]|\$)" "$tmp/commands" | cut -f2- >"$tmp/cmds.$t"
  while read -r short long; do
    n=$((n + 1))
    [ "$short" = - ] || printf '%s\n' "$own" | grep -qx "$t $short $long" || echo "$short $long $t" >>"$tmp/shorts"
    if grep -qE -- "--$long([^a-z-]|\$)" "$tmp/cmds.$t"; then continue; fi
    if [ "$short" != - ] && grep -qE -- "(^|[ 	])-$short([^a-zA-Z-]|\$)" "$tmp/cmds.$t"; then continue; fi
    missing="$missing --$long"
  done <"$tmp/opts.$t"
  total=$((total + n))
  if [ -n "$missing" ]; then
    echo "$t: $n options; in no golden test:$missing"; fail=1
  else
    echo "$t: $n options, each in a golden test"
  fi
  if grep -q ' variant$' "$tmp/opts.$t"; then
    for need in list-variants output; do
      grep -q " $need\$" "$tmp/opts.$t" || { echo "$t: takes --variant but has no --$need"; fail=1; }
    done
  fi
done

# one meaning per letter
sort "$tmp/shorts" | awk '
  { if (($1 in name) && name[$1] != $2) { print "-" $1 " is --" name[$1] " in " tool[$1] " but --" $2 " in " $3; bad = 1 }
    name[$1] = $2; tool[$1] = $3 }
  END { exit bad }' || fail=1

[ $fail = 0 ] && echo "options: $total options in $(echo $tools | wc -w) tools, each tested; one meaning per short option"
exit $fail
