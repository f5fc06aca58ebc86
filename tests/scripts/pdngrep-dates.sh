#!/bin/sh
# pdngrep --date over every Date tag of the corpora (issue 31 item 4: the forms real files
# write). Each distinct value of a Date tag pair in the corpora's game files (read by grep
# and sed, not by pdnkit) becomes a game of its own in one file; pdngrep -l -v --date 0001-
# lists the games it does not take as dated. Of those, awk leaves out the values that say
# no day (only '?', '0', separators and blanks: pdngrep(1)) and the two-digit years
# (03.07.20, not read on purpose: 2003 or 2020); any value left is a form of real files
# pdngrep cannot read, and fails the test. Also: --date and -v --date share out every game,
# and a file holding a date pdngrep cannot read gets one warning, no more.
#   sh tests/scripts/pdngrep-dates.sh
CORPORA=${CORPORA:-build/corpora}
bin="${BUILD:-build}/bin"
[ -x "$bin/pdngrep" ] || { echo "pdngrep-dates: $bin/pdngrep not built"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-dates.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

find "$CORPORA" -name '*.pdn' -type f -exec grep -ah '^[[:space:]]*\[Date[[:space:]]' {} + |
  tr -d '\r' | sed -n 's/^[[:space:]]*\[Date[[:space:]]*"\(.*\)"[[:space:]]*\].*$/\1/p' | LC_ALL=C sort -u >"$tmp/values"
n=$(wc -l <"$tmp/values")
[ "$n" -gt 300 ] || { echo "pdngrep-dates: FAIL: only $n distinct Date values found in $CORPORA"; exit 1; }
while IFS= read -r v; do printf '[Date "%s"]\n*\n\n' "$v"; done <"$tmp/values" >"$tmp/dates.pdn"

fail=0
"$bin/pdngrep" -l -v --date 0001- "$tmp/dates.pdn" >"$tmp/not" 2>"$tmp/err"
cut -f2 "$tmp/not" | awk 'NR == FNR { v[FNR] = $0; next } { print v[$1] }' "$tmp/values" - |
  LC_ALL=C awk '!/^[?0.\/ \t-]*$/ && !/^[0-9][0-9]\.[0-9][0-9]\.[0-9][0-9]$/' >"$tmp/unread"
if [ -s "$tmp/unread" ]; then
  echo "pdngrep-dates: FAIL: $(wc -l <"$tmp/unread") Date values of the corpora not read, as:"
  sed -n '1,10p' "$tmp/unread"
  fail=1
fi
warned=$(grep -c ': warning: ' "$tmp/err")
twodigit=$(grep -c '^[0-9][0-9]\.[0-9][0-9]\.[0-9][0-9]$' "$tmp/values")
if [ "$warned" -ne $((twodigit > 0)) ]; then
  echo "pdngrep-dates: FAIL: $warned warnings for one file with $twodigit values not read"; cat "$tmp/err"; fail=1
fi
yes=$("$bin/pdngrep" -c --date 0001- "$tmp/dates.pdn" 2>/dev/null)
no=$("$bin/pdngrep" -c -v --date 0001- "$tmp/dates.pdn" 2>/dev/null)
[ "$((yes + no))" -eq "$n" ] || { echo "pdngrep-dates: FAIL: --date $yes + -v --date $no games, not $n"; fail=1; }
echo "pdngrep-dates: $n distinct Date values, $yes read as days, $(($(wc -l <"$tmp/not") - twodigit)) saying none, $twodigit two-digit years"
[ $fail -eq 0 ] && echo "pdngrep-dates: 1 passed, 0 failed" || echo "pdngrep-dates: 0 passed, 1 failed"
exit $fail
