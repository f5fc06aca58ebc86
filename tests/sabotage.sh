#!/bin/sh
# `make check-sabotage`: the tests fail when the code is wrong. Each sabotage below is a
# one-line change to the library, applied to a scratch copy of the tree (the tracked files
# as they are in the working tree, copied into $BUILD/sabotage/tree: the real tree is never
# touched); the copy is rebuilt and the tests named for that fault are run: every unit
# program, the golden cases matching a pattern and, where named, tests/scripts/ scripts. The run
# lists, for each sabotage, the tests that went red; a sabotage that turns nothing red (or
# whose line is no longer in the source: the sabotage must be updated) fails the run.
# Environment: BUILD (default build), CORPORA (the unpacked corpora, default
# $BUILD/corpora), MAKE. About ten minutes (twenty on a busy machine).
# Ends with "sabotage: N caught, N missed".
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
top=$(pwd)
CORPORA=${CORPORA:-$BUILD/corpora}
case $CORPORA in /*) ;; *) CORPORA="$top/$CORPORA" ;; esac
export CORPORA
work=$top/$BUILD/sabotage
tree=$work/tree
rm -rf "$work"
mkdir -p "$tree"
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$tree" || { echo "sabotage: cannot copy the tree"; exit 2; }
# A make of its own (not a sub-make of make check-sabotage's jobserver).
pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
build() { (cd "$tree" && MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory BUILD=build build-tests) >"$work/make.log" 2>&1; }
echo "sabotage: building the scratch copy in $tree"
build || { cat "$work/make.log"; echo "sabotage: the unsabotaged copy does not build"; exit 2; }

# run TESTS...: each "unit", "golden:PATTERN" or "scripts:NAME"; prints the red ones
run() {
  red=""
  for t in "$@"; do
    case $t in
    unit)
      for u in "$tree"/tests/unit/test_*.c; do
        n=$(basename "$u" .c)
        # in a shell of its own, which tells of a crash in the log, not here
        sh -c 'cd "$1" && "build/tests/$2"' sh "$tree" "$n" >"$work/$n.out" 2>&1 || red="$red unit:$n"
      done ;;
    golden:*)
      for d in "$tree"/tests/golden/${t#golden:}/; do
        n=$(basename "$d")
        (cd "$tree" && BUILD=build sh tests/golden.sh "tests/golden/$n") >"$work/golden.$n.out" 2>&1 ||
          red="$red golden:$n"
      done ;;
    scripts:* | corpus:*) # corpus: the old name
      n=${t#*:}
      (cd "$tree" && BUILD=build sh "tests/scripts/$n.sh") >"$work/scripts.$n.out" 2>&1
      case $? in 0 | 77) ;; *) red="$red scripts:$n" ;; esac ;;
    esac
  done
  printf '%s' "$red"
}

caught=0; missed=0
# sabotage NAME FILE OLD NEW TESTS...: the first OLD (fixed text) in FILE becomes NEW
sabotage() {
  name=$1 file=$2 old=$3 new=$4
  shift 4
  cp "$tree/$file" "$work/orig"
  if ! OLD=$old NEW=$new awk 'BEGIN { o = ENVIRON["OLD"]; n = ENVIRON["NEW"] }
      { i = index($0, o); if (i && !done) { $0 = substr($0, 1, i - 1) n substr($0, i + length(o)); done = 1 } print }
      END { exit !done }' "$work/orig" >"$tree/$file"; then
    echo "MISSED $name: the line '$old' is not in $file (update tests/sabotage.sh)"
    missed=$((missed + 1)); cp "$work/orig" "$tree/$file"; return
  fi
  if ! build; then
    echo "MISSED $name: the sabotaged copy does not build"; sed -n 1,20p "$work/make.log"
    missed=$((missed + 1))
  else
    red=$(run "$@")
    if [ -n "$red" ]; then
      echo "caught $name ($file: $new):"; printf '  red:%s\n' "$red" | fold -s -w 100
      caught=$((caught + 1))
    else
      echo "MISSED $name ($file: $new): no test went red"; missed=$((missed + 1))
    fi
  fi
  cp "$work/orig" "$tree/$file" # a new mtime: the next build compiles it again
}

# The examples (issue 27, "Done when"), one line each.
sabotage result-written-as-star src/pdn/pdn_write.c \
  'tokenf(&w, result);' 'tokenf(&w, "*");' \
  unit 'golden:conv-*' scripts:result-kept
sabotage move-dropped src/pdn/pdn_write.c \
  'for (int i = 0; i < l->nmoves && !w->rest; i++) {' 'for (int i = 0; i < l->nmoves - 1 && !w->rest; i++) {' \
  unit 'golden:conv-*'
sabotage escape-removed src/base/diag.c \
  'while (*p >= 0x20 && *p != 0x7F && *p != 0xC2)' 'while ((*p >= 0x20 || *p == 0x1b) && *p != 0x7F && *p != 0xC2)' \
  unit 'golden:pdncheck-*'
sabotage choice-rule-off src/judge/match.c \
  'out->nlegal = pk_gen_legal(v, p, &s->legal, (gen_flags & ~(unsigned)PK_GEN_ALL_CAPTURES) | PK_GEN_KEEP_DUPLICATES);' \
  'out->nlegal = pk_gen_legal(v, p, &s->legal, gen_flags | PK_GEN_ALL_CAPTURES | PK_GEN_KEEP_DUPLICATES);' \
  unit 'golden:check-*' 'golden:pdnmoves-*'
sabotage repetition-never-fires src/judge/draw.c \
  'if (e->count >= s->rep_k && !(e->fired & 2)) {' 'if (e->count >= s->rep_k + 1000 && !(e->fired & 2)) {' \
  unit 'golden:check-draw-*' 'golden:check-setup-*'
echo "sabotage: $caught caught, $missed missed"
[ $missed -eq 0 ]
