#!/bin/sh
# The official PDN 3.0 test suite (wiegerw/pdn games/succeed and games/fail), one test
# per file:
#   succeed/*  --strict: exit 0, no diagnostic at all (no error, no warning)
#   fail/*     --strict: exit 1, and the first error is on the line PARSER-EDGE-CASES.md
#              section 2 gives; default mode: exit 0 with at least one warning
# Names every failing file and ends with "N passed, N failed".
CORPORA=${CORPORA:-build/corpora}
D="$CORPORA/parser-tests/wiegerw-pdn"
[ -d "$D" ] || { echo "pdn-wiegerw: $D not found"; exit 1; }
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }

for f in "$D"/succeed/*.pdn; do
  out=$(pdncheck --syntax-only --strict "$f"); st=$?
  n=$(printf '%s\n' "$out" | grep -vc ' files, ')
  if [ $st -eq 0 ] && [ "$n" -eq 0 ]; then ok; else bad "succeed/${f##*/}" "exit $st, $n diagnostics: $(printf '%s\n' "$out" | head -n 2)"; fi
done

# file  line of the first error (PARSER-EDGE-CASES.md, section 2)
while read -r name line; do
  f="$D/fail/$name"
  out=$(pdncheck --syntax-only --strict "$f"); st=$?
  first=$(printf '%s\n' "$out" | grep -m1 ': error: ' | sed "s|^.*\.pdn:\([0-9]*\):.*|\1|")
  if [ $st -eq 1 ] && [ "$first" = "$line" ]; then ok; else bad "fail/$name --strict" "exit $st, first error line '$first', want $line"; fi
  out=$(pdncheck --syntax-only "$f"); st=$?
  w=$(printf '%s\n' "$out" | grep -c ': warning: ')
  if [ $st -eq 0 ] && [ "$w" -gt 0 ]; then ok; else bad "fail/$name default" "exit $st, $w warnings"; fi
done <<'EOF'
nested_comment.pdn 1
delfts.pdn 28
Cat.A1.pdn 405
Cat.C1.pdn 579
abatsiev.pdn 595
mrdrcd07.pdn 198
mrdrcd08.pdn 499
40Camp.DamaInternazionaleAssoluto.pdn 228
EOF
echo "pdn-wiegerw: $pass passed, $fail failed"
[ $fail -eq 0 ]
