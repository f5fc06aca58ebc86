#!/bin/sh
# make check-valgrind: the golden CLI tests (tests/golden/) and the bad-input cases not
# flagged big, with every tool of build/bin (pdncheck, pdnperft, pdndiagram, ...) run under
# valgrind memcheck. A case fails when its output or status differs (as in make check) or
# valgrind reports an invalid access, an uninitialised value or a leak (definite, indirect
# or possible). The golden cases run PK_TEST_JOBS at a time (default: the online cores), each
# with valgrind's logs in a folder of its own. Environment: BUILD, PK_TEST_JOBS, PK_VG_EVERY.
# Ends with "valgrind: N passed, N failed".
BUILD=${BUILD:-build}
top=$(pwd)
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed (make deps-hardening installs it)"; exit 1; }
w=$(mktemp -d "${TMPDIR:-/tmp}/pk-vg.XXXXXX") || exit 1
trap 'rm -rf "$w"' EXIT
mkdir "$w/bin" "$w/g"
cat >"$w/vg" <<WRAP
#!/bin/sh
exec valgrind -q --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect,possible \\
  --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 \\
  --suppressions="$top/tests/fuzz/valgrind.supp" --log-file="\$PK_VG_LOGS/vg.%p.log" "\$@"
WRAP
chmod +x "$w/vg"
for t in $(cd "$top/$BUILD/bin" && ls | grep -v '\.d$'); do # every tool
  # valgrind finds the tool on PATH, so argv[0] stays "pdncheck" (usage messages)
  printf '#!/bin/sh\nPATH="%s:$PATH" exec "%s" %s "$@"\n' "$top/$BUILD/bin" "$w/vg" "$t" >"$w/bin/$t"
  chmod +x "$w/bin/$t"
done
pass=0; fail=0
verdict() { # name status logs-folder output-file
  bad=$(cat "$3"/*.log 2>/dev/null | grep -v '^==[0-9]*== *$' | head -n 20)
  if [ "$2" -eq 0 ] && [ -z "$bad" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL $1"; [ -n "$bad" ] && echo "$bad"; [ -f "$4" ] && head -n 20 "$4"; fi
}
# one golden case: its output, status and valgrind logs under $w/g/NAME
cat >"$w/one" <<ONE
#!/bin/sh
o="$w/g/\$(basename "\$1")"; mkdir -p "\$o/logs"
PK_VG_LOGS="\$o/logs" PATH="$w/bin:\$PATH" sh tests/golden.sh "\$1" >"\$o/out" 2>&1; echo \$? >"\$o/status"
ONE
# PK_VG_EVERY=N (CI: 3) runs one golden case in N (the first, then every Nth, in name
# order; the bad-input cases always): valgrind multiplies a case's time by twenty or more,
# and ASan+UBSan run every case in CI anyway.
every=${PK_VG_EVERY:-1}
for d in tests/golden/*/; do [ -f "$d/cmd" ] && echo "$d"; done | awk -v n="$every" '(NR - 1) % n == 0' >"$w/cases"
xargs -P "${PK_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}" -n 1 sh "$w/one" <"$w/cases"
while IFS= read -r d; do
  o="$w/g/$(basename "$d")"
  verdict "golden:$(basename "$d")" "$(cat "$o/status" 2>/dev/null || echo 1)" "$o/logs" "$o/out"
done <"$w/cases"
mkdir -p "$w/bad/logs"
PK_VG_LOGS="$w/bad/logs" PK_SKIP_BIG=1 PK_WRAP="$w/vg" BUILD=$BUILD sh tests/bad-input/run.sh >"$w/bad/out" 2>&1; st=$?
grep FAIL "$w/bad/out"
verdict "bad-input (not big): $(tail -n 1 "$w/bad/out")" $st "$w/bad/logs" "$w/bad/out"
echo "valgrind: $pass passed, $fail failed"
[ $fail -eq 0 ]
