#!/bin/sh
# make check-valgrind: the golden CLI tests (tests/golden/) and the bad-input cases not
# flagged big, with every tool of build/bin (pdncheck, pdnperft, pdndiagram, ...) run under
# valgrind memcheck. A case fails when its output or status differs (as in make check) or
# valgrind reports an invalid access, an uninitialised value or a leak (definite, indirect
# or possible). Environment: BUILD.
# Ends with "valgrind: N passed, N failed".
BUILD=${BUILD:-build}
top=$(pwd)
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed (make deps-hardening installs it)"; exit 1; }
w=$(mktemp -d "${TMPDIR:-/tmp}/pk-vg.XXXXXX") || exit 1
trap 'rm -rf "$w"' EXIT
mkdir "$w/bin" "$w/logs"
cat >"$w/vg" <<WRAP
#!/bin/sh
exec valgrind -q --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect,possible \\
  --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 \\
  --suppressions="$top/tests/fuzz/valgrind.supp" --log-file="$w/logs/vg.%p.log" "\$@"
WRAP
chmod +x "$w/vg"
for t in $(cd "$top/$BUILD/bin" && ls | grep -v '\.d$'); do # every tool
  # valgrind finds the tool on PATH, so argv[0] stays "pdncheck" (usage messages)
  printf '#!/bin/sh\nPATH="%s:$PATH" exec "%s" %s "$@"\n' "$top/$BUILD/bin" "$w/vg" "$t" >"$w/bin/$t"
  chmod +x "$w/bin/$t"
done
pass=0; fail=0
verdict() { # name status
  bad=$(cat "$w"/logs/*.log 2>/dev/null | grep -v '^==[0-9]*== *$' | head -n 20)
  if [ "$2" -eq 0 ] && [ -z "$bad" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $1"; [ -n "$bad" ] && echo "$bad"; [ -f "$w/out" ] && head -n 20 "$w/out"; fi
  rm -f "$w"/logs/*.log "$w/out"
}
for d in tests/golden/*/; do
  [ -f "$d/cmd" ] || continue
  PATH="$w/bin:$PATH" sh tests/golden.sh "$d" >"$w/out" 2>&1; st=$?
  verdict "golden:$(basename "$d")" $st
done
PK_SKIP_BIG=1 PK_WRAP="$w/vg" BUILD=$BUILD sh tests/bad-input/run.sh >"$w/out" 2>&1; st=$?
grep FAIL "$w/out"
verdict "bad-input (not big): $(tail -n 1 "$w/out")" $st
echo "valgrind: $pass passed, $fail failed"
[ $fail -eq 0 ]
