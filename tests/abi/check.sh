#!/bin/sh
# The ABI check (make check-abi; README "Library and ABI"): libpdnkit.so as built now,
# against the dump of the last release kept in tests/abi/ (pdnkit-VERSION.dump.zst, made by
# make abi-dump).
#   sh tests/abi/check.sh DIR VERSION       check DIR/libpdnkit.so.VERSION (built with -g)
#   sh tests/abi/check.sh --dump DIR VERSION  write tests/abi/pdnkit-VERSION.dump.zst from it
# DIR/include/pdnkit/ holds the public headers (include/pdnkit/*.h of the tree): only the
# types and functions they declare are the ABI (abi-dumper -public-headers).
# The rule: an incompatible change (binary or source, as abi-compliance-checker finds it)
# fails while the soname major (VERSION's first number) is the stored dump's; with the major
# bumped it passes when NEWS's entry for VERSION says the ABI changed (a line naming "ABI"
# and the new soname libpdnkit.so.MAJOR).
set -eu
dump_mode=0
[ "${1:-}" = --dump ] && { dump_mode=1; shift; }
[ $# -eq 2 ] || { echo "usage: sh tests/abi/check.sh [--dump] DIR VERSION" >&2; exit 2; }
dir=$1 version=$2
major=${version%%.*}
so=$dir/libpdnkit.so.$version
[ -f "$so" ] || { echo "check-abi: $so not built" >&2; exit 2; }
[ -d "$dir/include/pdnkit" ] || { echo "check-abi: no public headers in $dir/include/pdnkit" >&2; exit 2; }

# abi-dumper's dump of the library as built: exported symbols and the types they reach,
# restricted to the public headers; sorted, so that two dumps of the same ABI are the same text
abi-dumper "$so" -o "$dir/new.dump" -lver "$version" -public-headers "$dir/include/pdnkit" -sort \
  >"$dir/abi-dumper.log" 2>&1 || { cat "$dir/abi-dumper.log"; echo "check-abi: abi-dumper failed on $so" >&2; exit 2; }

if [ $dump_mode = 1 ]; then
  rm -f tests/abi/pdnkit-*.dump.zst
  zstd -q -19 -f "$dir/new.dump" -o "tests/abi/pdnkit-$version.dump.zst"
  echo "abi-dump: wrote tests/abi/pdnkit-$version.dump.zst (the ABI of libpdnkit.so.$version; commit it)"
  exit 0
fi

set -- tests/abi/pdnkit-*.dump.zst
[ $# -eq 1 ] && [ -f "$1" ] || { echo "check-abi: want exactly one tests/abi/pdnkit-VERSION.dump.zst, found: $*" >&2; exit 2; }
stored=$1
old_version=${stored##*/pdnkit-}
old_version=${old_version%.dump.zst}
old_major=${old_version%%.*}
# abi-compliance-checker reads a plain dump (it hangs on packed ones): unpacked into DIR
zstd -q -d -c "$stored" >"$dir/old.dump"

report=$dir/compat_report.html
st=0
abi-compliance-checker -l pdnkit -old "$dir/old.dump" -new "$dir/new.dump" -report-path "$report" \
  >"$dir/acc.log" 2>&1 || st=$?
if [ $st -gt 1 ]; then
  cat "$dir/acc.log"
  echo "check-abi: abi-compliance-checker failed (exit $st)" >&2
  exit 2
fi
# the same comparison as XML, for the list of what broke
abi-compliance-checker -l pdnkit -old "$dir/old.dump" -new "$dir/new.dump" -report-format xml \
  -report-path "$dir/compat_report.xml" >/dev/null 2>&1 || true
compat=$(grep -E '^(Binary|Source) compatibility:' "$dir/acc.log" | tr '\n' ' ')
if [ $st -eq 0 ]; then
  echo "check-abi: libpdnkit.so.$version is compatible with the stored $old_version ABI: $compat(report $report)"
  exit 0
fi

# incompatible: the types and symbols the report names, one per line
problems() {
  sed -n 's/.*<\(type\|symbol\) name="\([^"]*\)".*/    \2/p' "$dir/compat_report.xml" | sed 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' | sort -u
}
if [ "$major" = "$old_major" ]; then
  echo "check-abi: FAIL: libpdnkit.so.$version breaks the ABI of $old_version (soname major $major unchanged): see $report"
  echo "  $compat"
  echo "  incompatible types and symbols:"
  problems
  echo "  (bump PDNKIT_VERSION_MAJOR in include/pdnkit/pk_common.h and say so in NEWS, or keep the change compatible)"
  exit 1
fi
[ "$major" -gt "$old_major" ] || { echo "check-abi: FAIL: soname major $major is lower than the stored dump's ($old_version)"; exit 1; }
# the major was bumped: NEWS's entry for this version must say the ABI changed
entry=$(awk -v v="Version $version" 'index($0, v) == 1 { on = 1; next } /^Version [0-9]/ { on = 0 } on' NEWS)
[ -n "$entry" ] || { echo "check-abi: FAIL: the ABI changed (soname libpdnkit.so.$major) but NEWS has no entry 'Version $version'"; exit 1; }
if ! printf '%s\n' "$entry" | grep -q 'ABI' || ! printf '%s\n' "$entry" | grep -q "libpdnkit\.so\.$major\b"; then
  echo "check-abi: FAIL: the ABI changed but NEWS's entry for $version does not say so (a line naming ABI and libpdnkit.so.$major)"
  exit 1
fi
echo "check-abi: libpdnkit.so.$version breaks the $old_version ABI, with the soname major bumped ($old_major -> $major) and NEWS saying so: $compat(report $report)"
problems
echo "check-abi: regenerate the stored dump for this release: make abi-dump"
