#!/bin/sh
# The bad-input suite (tests/bad-input/cases): generates the inputs (gen.sh) into a temp
# dir, copies the committed regression inputs (tests/bad-input/*.pdn) beside them, runs
# pdncheck on each case of tests/bad-input/cases, and each shell command of
# tests/bad-input/tools (the other tools), with a 60 s timeout and a 1 MiB stack (no deep recursion), and
# compares the exit status and the output -- all of it when short, else its first 8
# lines and last 2 and the SHA-256 of the whole -- with expected/<name>.out, and standard
# error with expected/<name>.err (empty when there is no such file). Names each failing case; ends with
# "bad-input: N passed, N failed".
#   sh tests/bad-input/run.sh [--update] [NAME]...   --update rewrites expected/*.out
# Environment: BUILD (tools in $BUILD/bin), PK_WRAP (a command prefix, e.g. valgrind),
# PK_SKIP_BIG=1 (leave out the cases flagged big), BAD_DIR (reuse generated inputs).
top=$(pwd)
here="$top/tests/bad-input"
bin="$top/${BUILD:-build}/bin"
update=0
[ "$1" = --update ] && { update=1; shift; }
only=" $* "
if [ -n "$BAD_DIR" ]; then d=$BAD_DIR; else
  d=$(mktemp -d "${TMPDIR:-/tmp}/pk-bad.XXXXXX") || exit 1
  trap 'rm -rf "$d"' EXIT
  sh "$here/gen.sh" "$d" || { echo "bad-input: gen.sh failed"; exit 1; }
fi
cp "$here"/*.pdn "$d"/ 2>/dev/null

clip() { # file: the whole output when short, else its first 8 and last 2 lines (cut at 400
  # columns, to keep the expectation readable) and a line with the size and SHA-256 of all
  # of it, so that no byte of the output goes unchecked
  n=$(wc -l <"$1")
  if [ "$n" -le 12 ] && [ "$(awk 'length > 400' "$1" | wc -l)" -eq 0 ]; then cat "$1"; else
    { head -n 8 "$1"; [ "$n" -gt 10 ] && echo "[... $((n - 10)) lines ...]"; [ "$n" -gt 8 ] && tail -n $(( n - 8 < 2 ? n - 8 : 2 )) "$1"; } | cut -c1-400
    echo "[whole output: $n lines, $(wc -c <"$1") bytes, sha256 $(sha256sum <"$1" | cut -c1-64)]"
  fi
}

# The tools of the cases of tests/bad-input/tools, first on PATH: wrapped by PK_WRAP.
wrapped="$d/.bin"
mkdir -p "$wrapped"
for t in "$bin"/pdn*; do
  [ -x "$t" ] && [ -f "$t" ] || continue
  case $t in *.d) continue ;; esac
  printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$PK_WRAP" "$t" >"$wrapped/${t##*/}"
  chmod +x "$wrapped/${t##*/}"
done

pass=0; fail=0
tab=$(printf '\t')
# Both lists: pdncheck's cases (name games flags args), then the other tools' (name command).
{ sed 's/^/pdncheck\t/' "$here/cases"; sed 's/^/tools\t/' "$here/tools"; } |
while IFS="$tab" read -r kind name games flags args; do
  case $name in ''|'#'*) continue ;; esac
  [ "$only" = "  " ] || case $only in *" $name "*) ;; *) continue ;; esac
  [ "$PK_SKIP_BIG" = 1 ] && [ "$flags" = big ] && continue
  out="$d/.out.$name"
  if [ "$kind" = tools ]; then # the command is the rest of the line, its fields joined again
    cmd=$(printf '%s' "$games${flags:+$tab$flags}${args:+$tab$args}")
    mkdir -p "$d/.case.$name"
    (cd "$d/.case.$name" && ulimit -s 1024 && PATH="$wrapped:$PATH" exec timeout 60 sh -c "$cmd" </dev/null) >"$out" 2>"$out.err"
  else
    # shellcheck disable=SC2086
    (cd "$d" && ulimit -s 1024 && exec timeout 60 $PK_WRAP "$bin/pdncheck" $args) >"$out" 2>"$out.err"
  fi
  st=$?
  { clip "$out"; echo "exit $st"; } >"$out.clip"
  if [ $update = 1 ]; then
    cp "$out.clip" "$here/expected/$name.out"; echo "wrote expected/$name.out"
    if [ -s "$out.err" ]; then cp "$out.err" "$here/expected/$name.err"; else rm -f "$here/expected/$name.err"; fi
    continue
  fi
  why=""
  [ $st = 124 ] && why="timed out (a hang)"
  [ $st -gt 128 ] && [ $st != 124 ] && why="killed by signal $((st - 128)) (a crash)"
  if [ -z "$why" ] && ! cmp -s "$out.clip" "$here/expected/$name.out"; then
    why="output differs (- expected, + actual):
$(diff -u "$here/expected/$name.out" "$out.clip" | sed 1,2d | head -n 30)"
  fi
  if [ -n "$PK_WRAP" ]; then :
  elif [ -f "$here/expected/$name.err" ]; then
    cmp -s "$out.err" "$here/expected/$name.err" || why="$why
standard error differs from expected/$name.err: $(head -n 5 "$out.err")"
  elif [ -s "$out.err" ]; then why="$why
standard error: $(head -n 5 "$out.err")"; fi
  if [ -z "$why" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name: $why"; fi
  echo "$pass $fail" >"$d/.tally"
done
[ $update = 1 ] && exit 0
read -r pass fail <"$d/.tally" || { pass=0; fail=0; }
echo "bad-input: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
