#!/bin/sh
# The examples of README.md and doc/guide.md, run and compared with the output the documents
# show (issue 32: a README whose examples drift fails make check).
#
# What a document shows is marked by the info string of its fenced blocks:
#   ```console       a session: a line "$ CMD" is a command, "> MORE" continues it (a
#                    loop, a here-document), every other line up to the next command is
#                    what the command prints, standard output and standard error together,
#                    in order; an empty expected output means the command prints nothing.
#   ```python file=NAME  (or ```c file=NAME, ```pdn file=NAME) a file the sessions below
#                    it use: written into the scratch folder before the next command runs.
#   ```sh            build commands only (every line `make ...` or a comment): the
#                    Makefile's targets, run by make check, make distcheck and CI, never
#                    here (make check would run itself).
# Any other fenced block, and a command shown as an indented code block, fails the test:
# every command a reader may copy is one this test runs.
#
# Each document runs as one sh session, commands in order (a variable or a file one command
# makes is there for the next), in a scratch folder with a copy of pdn/ and links to
# the tree's tests/, build/ and python/, with the tools of $BUILD/bin first on PATH,
# python3 the Debian interpreter the module is built for ($PYTHON) and PYTHONPATH its
# module. The test fails on any difference, printed as a diff of the document's session
# (expected) and the run.
# Environment: BUILD, PYTHON, DOC_EXAMPLES_OUT (below). Exits 77 (SKIP) without GNU parallel or
# xz, or without the Python module (make python).
set -u
BUILD=${BUILD:-build}
top=$(pwd)
case $BUILD in /*) bld=$BUILD ;; *) bld=$top/$BUILD ;; esac
DOCS=${DOC_EXAMPLES_DOCS:-"README.md doc/guide.md"}
PY=${PYTHON:-$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}
mod=$bld/python
if ! PYTHONPATH="$mod" "$PY" -c 'import pdnkit' 2>/dev/null; then
  # a sanitizer's or musl's build tree has no module of its own (tests/scripts/python.sh)
  if PYTHONPATH="$top/build/python" "$PY" -c 'import pdnkit' 2>/dev/null; then mod=$top/build/python
  else echo "SKIP doc-examples: the Python module was not built in $BUILD/python (make python)"; exit 77; fi
fi
for t in parallel xz; do
  command -v $t >/dev/null 2>&1 || { echo "SKIP doc-examples: $t missing (make deps-check, make deps installs it)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-docex.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$(command -v "$PY")" "$tmp/bin/python3"
fail=0
total=0

for doc in $DOCS; do
  [ -f "$doc" ] || { echo "FAIL: $doc: no such file"; fail=1; continue; }
  d=$tmp/$(echo "$doc" | tr / _)
  mkdir -p "$d/run" "$d/files"
  cp -R "$top/pdn" "$d/run/pdn"     # a copy: find(1) does not descend into a link
  for l in tests python; do ln -s "$top/$l" "$d/run/$l"; done
  if [ "$mod" = "$bld/python" ]; then ln -s "$bld" "$d/run/build"
  else # a sanitizer's or musl's tree: its tools, and the module make check built
    mkdir "$d/run/build"
    for l in "$bld"/*; do ln -s "$l" "$d/run/build/${l##*/}"; done
    rm -f "$d/run/build/python"; ln -s "$mod" "$d/run/build/python"
  fi
  # The document cut into: $d/expected (the sessions as shown), $d/cmd.N (the N-th
  # command), $d/files/K.NAME (a file to write before command K+1), $d/script (the run),
  # and complaints on $d/bad.
  awk -v dir="$d" -v doc="$doc" '
    function flush_cmd() { if (cmd != "") { n++; f = dir "/cmd." n; printf "%s\n", cmd > f; close(f);
                             printf "show %d\n. \"%s\" 2>&1 </dev/null\n", n, f >> (dir "/script") }
                           cmd = "" }
    BEGIN { n = 0; infence = 0; printf "" > (dir "/script"); printf "" > (dir "/bad"); printf "" > (dir "/expected") }
    !infence && /^```/ {
      info = substr($0, 4); infence = 1; kind = ""; fname = ""
      if (info == "console") kind = "console"
      else if (info == "sh") kind = "sh"
      else if (info ~ /^(python|c|pdn) file=[A-Za-z0-9_.-]+$/) { kind = "file"; fname = substr(info, index(info, "=") + 1); fk++
        fpath = dir "/files/" fk; printf "" > fpath
        printf "cp \"%s\" \"%s\"\n", fpath, fname >> (dir "/script") }
      else print doc ":" NR ": a fenced block marked \"" info "\": mark it console, sh (make only) or LANG file=NAME" >> (dir "/bad")
      next }
    infence && /^```$/ { if (kind == "console") flush_cmd(); if (kind == "file") close(fpath); infence = 0; next }
    infence && kind == "file" { print >> fpath; next }
    infence && kind == "sh" { if ($0 !~ /^(make( .*)?|#.*|)$/) print doc ":" NR ": an sh block holds \"" $0 "\": only make targets go there; show other commands in a console block" >> (dir "/bad"); next }
    infence && kind == "console" {
      print >> (dir "/expected")
      if (substr($0, 1, 2) == "$ ") { flush_cmd(); cmd = substr($0, 3); shown[n + 1] = $0 }
      else if (substr($0, 1, 2) == "> " && cmd != "") cmd = cmd "\n" substr($0, 3)
      next }
    infence { next }
    /^    (\$ |make |build\/bin\/|pdn[a-z]+ )/ { print doc ":" NR ": a command in an indented block: put it in a console block, so that it is run" >> (dir "/bad") }
    END { if (infence) print doc ": a fenced block is not closed" >> (dir "/bad")
          print n > (dir "/count") }' "$doc"
  if [ -s "$d/bad" ]; then sed 's/^/FAIL: /' "$d/bad"; fail=1; fi
  ncmd=$(cat "$d/count")
  total=$((total + ncmd))
  [ "$ncmd" -gt 0 ] || { echo "FAIL: $doc shows no console session"; fail=1; continue; }
  # show N: the command as the document writes it, "$ " then "> " for its further lines
  cat >"$d/head" <<'EOF'
show() { sed '1s/^/$ /; 2,$s/^/> /' "$CMDS/cmd.$1"; }
EOF
  ( cd "$d/run" &&
    CMDS=$d PATH="$tmp/bin:$bld/bin:$PATH" PYTHONPATH="$mod" PYTHONDONTWRITEBYTECODE=1 \
      NO_COLOR=1 LC_ALL=C.UTF-8 TZ=UTC HOME="$d/run" sh -c ". \"$d/head\"; . \"$d/script\"" ) >"$d/actual" 2>&1
  # DOC_EXAMPLES_OUT=DIR keeps what ran (DIR/README.md, DIR/doc_guide.md), to write a new
  # example's output into the document after checking it by hand
  [ -z "${DOC_EXAMPLES_OUT:-}" ] || cp "$d/actual" "$DOC_EXAMPLES_OUT/$(echo "$doc" | tr / _)"
  if cmp -s "$d/expected" "$d/actual"; then
    echo "ok: $doc: $ncmd commands print what the document shows"
  else
    echo "FAIL: $doc: the output of its examples drifted from the document (- shown, + printed):"
    diff -u "$d/expected" "$d/actual" | sed '1,2d'
    fail=1
  fi
done
echo "$total commands run"
exit $fail
