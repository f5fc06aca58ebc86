#!/bin/sh
# Adding a variant is one row (issue 32 item 3, doc/CONTRIBUTING.md "A variant"): in a
# scratch copy of the tree, a row is appended to src/engine/variant_rows.h (a test
# variant with International's move rules, so its perft series is International's), its
# perft rows to tests/perft-table.txt, and the two lists texts keep are rewritten by
# `tests/install/variant-rows.sh --write`. Fails unless the one source file changed is
# variant_rows.h (besides the perft data and the rewritten lists), the copy builds, and
# the variant is there: `pdncheck --list-variants` lists it, --variant and its Variant tag
# select it, pdnperft counts it, and variant-rows.sh passes in the copy.
# The copy builds with OPT=-O0 (the generator's copies build minutes faster).
set -eu
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
top=$(pwd)
s=$top/$BUILD/variant-add
rm -rf "$s"
mkdir -p "$s"
fail() { echo "FAIL: $*"; exit 1; }
# the tree as it is (tracked and new files, not the build)
# (in a release tarball, which is no git checkout (make distcheck): every file but the build)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -co --exclude-standard -z | grep -zv "^$BUILD/" | xargs -0 tar cf - | (cd "$s" && tar xf -)
else
  tar cf - --exclude="./$BUILD" --exclude=./build . | (cd "$s" && tar xf -)
fi
[ -f "$s/src/engine/variant_rows.h" ] || fail "the scratch copy of the tree is empty"
cd "$s"
git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm base

n=$(grep -c '^\[PK_V_[A-Z_]*\] = {$\|^\[[0-9]*\] = {$' src/engine/variant_rows.h)
cat >>src/engine/variant_rows.h <<ROW
[$n] = {
    .v = {
        .name = "scratchtest", .aliases = "scratch-test", /* a test row (tests/install/variant-add.sh) */
        .title = "Scratch test draughts (International rules), 10x10",
        .gametype = 93, .gametype_full = "93,W,10,10,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W31-50:B1-20", .max_men = 20, /* RULES 1.3 */
        .draw_profile = PK_DRAW_FMJD, /* RULES 3.3 */
        .notes = "a test row",
        .index = $n, .engine = PK_V_INTERNATIONAL, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.2 */
            .width = 10, .height = 10, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Scratch Test",
    .guess = {.nothing = 0}, /* RULES 4.1: not a candidate of the guess by notation */
    .rules_doc = "RULES 2.2",
},
ROW
# its perft rows: International's series (the same move rules from the same position)
grep '^international drop ' tests/perft-table.txt | sed 's/^international/scratchtest/' >>tests/perft-table.txt
# its name in pdnkit-rules(7) would be in its rules section; the test row borrows 2.2's
printf '.\\" scratchtest: a test row\n' >>man/pdnkit-rules.7

pk_makeflags() { printf '%s' "${MAKEFLAGS:-}" | sed 's/--jobserver-[a-z]*=[^ ]*//g'; }
MAKEFLAGS=$(pk_makeflags) "$MAKE" -s --no-print-directory BUILD=build OPT=-O0 build-tools >build.log 2>&1 ||
  { tail -20 build.log; fail "the copy with the new row does not build"; }
BUILD=build sh tests/install/variant-rows.sh --write >/dev/null || true

changed=$(git status --porcelain | awk '{ print $2 }' | grep -v '^build' | sort | tr '\n' ' ')
want="completion/pdnkit.bash man/pdncheck.1 man/pdnkit-rules.7 src/engine/variant_rows.h tests/perft-table.txt "
[ "$changed" = "$want" ] || fail "files changed: $changed (want the row's file, its perft and rules data, the lists rewritten: $want)"

build/bin/pdncheck --list-variants | grep -q "^scratchtest  *scratch-test  *93 " ||
  fail "pdncheck --list-variants does not list the new row: $(build/bin/pdncheck --list-variants | tail -1)"
[ "$(build/bin/pdnperft -v scratchtest 3 | grep -c 658)" -ge 1 ] || fail "pdnperft -v scratchtest 3 does not count 658 (RULES 2.2, doc/PERFT.md)"
printf '[Variant "Scratch Test"]\n[Result "*"]\n1. 32-28 19-23 2. 28x19 14x23 *\n' >g.pdn
build/bin/pdncheck --json g.pdn >g.json 2>&1 || { cat g.json; fail "pdncheck on a game of the new Variant tag"; }
grep -q '"variant":"scratchtest"' g.json || fail "the Variant tag \"Scratch Test\" does not select the row: $(cat g.json)"
BUILD=build sh tests/install/variant-rows.sh >/dev/null || fail "variant-rows.sh fails in the copy"
git diff --stat -- src/engine/variant_rows.h | tail -1
echo "variant-add: one row in src/engine/variant_rows.h (+ perft and rules data, lists rewritten) builds and is listed, selected and counted"
cd "$top" && rm -rf "$s"
