#!/bin/sh
# Part of `make run`: pdncheck over the bundled games. The real games in pdn/*.pdn must
# replay without error (this piece fails otherwise); the demo file in pdn/errors/ is
# checked afterwards to show what errors look like, and its exit status is not counted.
echo "pdncheck: replaying the sample games in pdn/*.pdn under their variants (warnings are expected: most files have no GameType tag)"
out=$(pdncheck pdn/*.pdn); status=$?
printf '%s\n' "$out" | sed 's/^/  /'
case $status in
  0) echo "  -> ok: no game has an error (exit status 0)" ;;
  1) echo "  -> FAILED: some sample game has an error (exit status 1)" ;;
  *) echo "  -> FAILED: pdncheck exit status $status" ;;
esac
echo
echo "pdncheck: a demo file with deliberate errors (pdn/errors/demo-errors.pdn); its exit status is shown, not counted"
out=$(pdncheck pdn/errors/demo-errors.pdn); demo=$?
printf '%s\n' "$out" | sed 's/^/  /'
echo "  -> exit status $demo (1 expected: the demo games have errors)"
echo
[ "$status" -eq 0 ]
